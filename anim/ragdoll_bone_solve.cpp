#include "anim/ragdoll_bone_solve.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace anim {

namespace {

using Mask = std::uint32_t;  // a set of rows (kBoneRows <= 32)
static_assert(kBoneRows <= 32);

constexpr double kTiny = 1e-18;
// Each row is made this share of its unheld stiffness softer (a compliance): a bone whose two
// ends are both held along a normal that leaves it no way to change length (a vertical bone
// between a floor and a ceiling) then moves its ends at most ~1 / (2 sqrt(0.01)) = 5 times its
// error, instead of without bound. Everywhere else it leaves 1% of the error to the next step.
constexpr double kRowSoftness = 0.01;
// sin of the angle inside its end within which a joint range's brace still holds: 0.06 deg, a
// hundredth of what a limb at its limit moves in a sub-step under its own weight, so nothing
// is held that is leaving its end, only what sits on it (range_error). Measured on the 96
// falls of test_ragdoll: without it 1 in 50 bodies chatters at a spine or neck limit for
// ever; 0.003 and up the limits stick and prop twice as many bodies up kneeling.
constexpr double kBraceHold = 0.001;

std::size_t hold_row(std::size_t hold, std::size_t axis) { return kRagdollBones + 2 * hold + axis; }
std::size_t brace_row(std::size_t range) { return kRagdollBones + 4 + range; }

// How far a joint is past the nearer end of its range, and the gradients of its angle (for
// the particles q, p1, p0a, p0b: d angle / d position is perp(w) / |w|^2 for each bone w). The
// error stands in for the angle without an atan2: its sine up to a quarter turn past the end,
// then 2 - |sine|, continuous and monotone. False inside the range.
bool range_error(const RagdollRange& g, const std::array<vec2, kRagdollPoints>& p, double& error, vec2* grad) {
  const vec2 p0 = p[g.p0a] + g.t0 * (p[g.p0b] - p[g.p0a]);
  const vec2 u = p[g.p1] - p0;
  const vec2 v = p[g.q] - (p0 + g.s * u);
  const double d = glm::dot(u, v), c = cross(u, v);
  const double x = d * g.cos_mid + c * g.sin_mid, y = c * g.cos_mid - d * g.sin_mid;
  const double rr = x * x + y * y;
  const double edge2 = rr * g.cos_half * g.cos_half;
  const bool inside = g.cos_half >= 0.0 ? (x >= 0.0 && x * x >= edge2) : (x >= 0.0 || x * x <= edge2);
  const double u2 = glm::dot(u, u), v2 = glm::dot(v, v);
  if (rr < kTiny || u2 < kTiny || v2 < kTiny) return false;
  const bool past_hi = y > 0.0;
  const double cb = past_hi ? g.cos_hi : g.cos_lo, sb = past_hi ? g.sin_hi : g.sin_lo;
  const double ce = d * cb + c * sb, se = c * cb - d * sb;
  // Inside, the brace holds a joint that is within kBraceHold of its end at the end: a limp
  // joint resting at its limit under its load stays there, instead of the brace letting go
  // as it reaches the end and catching it again past it the next sub-step (a chatter that
  // never comes to rest). (|sine| < kBraceHold, without the square root.)
  if (inside && !(ce > 0.0 && se * se < kBraceHold * kBraceHold * rr)) return false;
  const double sine = se / std::sqrt(rr);
  error = ce >= 0.0 ? sine : (sine >= 0.0 ? 2.0 - sine : -2.0 - sine);
  if (grad) {
    const vec2 gu = vec2{-u.y, u.x} / u2, gv = vec2{-v.y, v.x} / v2;
    const vec2 g0 = gu - (1.0 - g.s) * gv;
    grad[0] = gv;
    grad[1] = -gu - g.s * gv;
    grad[2] = (1.0 - g.t0) * g0;
    grad[3] = g.t0 * g0;
  }
  return true;
}

}  // namespace

BoneSolvePlan make_bone_solve_plan(const RagdollRig& rig) {
  BoneSolvePlan plan;
  for (std::size_t k = 0; k < kRagdollBones; ++k) {
    const RagdollBone& b = rig.bones[k];
    plan.point[k] = {b.b, b.a0, b.a1, b.a1};
    plan.points[k] = b.a1 != b.a0 ? 3 : 2;
  }
  for (std::size_t h = 0; h < 2; ++h)
    for (std::size_t axis = 0; axis < 2; ++axis) {
      const std::size_t r = hold_row(h, axis);
      plan.point[r] = {rig.holds[h].hand, pt(RagdollPoint::rifle_butt), pt(RagdollPoint::rifle_muzzle), 0};
      plan.points[r] = 3;
    }

  for (std::size_t g = 0; g < kRagdollRanges; ++g) {
    const RagdollRange& range = rig.ranges[g];
    const std::size_t r = brace_row(g);
    plan.point[r] = {range.q, range.p1, range.p0a, range.p0b};
    plan.points[r] = range.p0b != range.p0a ? 4 : 3;
  }

  // Rows that share a particle are neighbours.
  std::array<Mask, kBoneRows> adjacent{};
  for (std::size_t r = 0; r < kBoneRows; ++r)
    for (std::size_t s = 0; s < kBoneRows; ++s) {
      if (r == s) continue;
      for (std::size_t a = 0; a < plan.points[r]; ++a)
        for (std::size_t b = 0; b < plan.points[s]; ++b)
          if (plan.point[r][a] == plan.point[s][b]) adjacent[r] |= Mask{1} << s;
    }

  // Minimum-degree elimination (ties to the lower row, so it is the same every time): each
  // eliminated row joins its remaining neighbours into a clique (the fill-in).
  Mask remaining = (Mask{1} << kBoneRows) - 1;
  std::array<Mask, kBoneRows> at_elimination{};
  for (std::size_t k = 0; k < kBoneRows; ++k) {
    std::size_t best = kBoneRows;
    int best_degree = 1 << 30;
    for (std::size_t r = 0; r < kBoneRows; ++r) {
      if (!(remaining >> r & 1)) continue;
      const int degree = __builtin_popcount(adjacent[r] & remaining);
      if (degree < best_degree) {
        best_degree = degree;
        best = r;
      }
    }
    plan.order[k] = static_cast<std::uint8_t>(best);
    const Mask nb = adjacent[best] & remaining & ~(Mask{1} << best);
    at_elimination[best] = nb;
    for (std::size_t r = 0; r < kBoneRows; ++r)
      if (nb >> r & 1) adjacent[r] |= nb & ~(Mask{1} << r);
    remaining &= ~(Mask{1} << best);
  }
  std::array<std::uint8_t, kBoneRows>& position = plan.position;
  for (std::size_t k = 0; k < kBoneRows; ++k) position[plan.order[k]] = static_cast<std::uint8_t>(k);
  for (std::size_t k = 0; k < kBoneRows; ++k) {
    const Mask nb = at_elimination[plan.order[k]];
    std::uint8_t n = 0;
    for (std::size_t i = k + 1; i < kBoneRows; ++i)
      if (nb >> plan.order[i] & 1) plan.below[k][n++] = static_cast<std::uint8_t>(i);
    plan.below_count[k] = n;
    if (k + 1 < kBoneRows) plan.below_first[k + 1] = static_cast<std::uint16_t>(plan.below_first[k] + n);
  }

  // The entries of J W J^T: one per pair of rows and particle they share; those between rows
  // that are always there first, then each brace's (an entry of two braces is the later one's).
  for (std::size_t r = kRagdollBones + 4; r < kBoneRows; ++r) plan.brace_steps |= Mask{1} << position[r];
  auto add_entries = [&plan, &position](bool fixed_pass, int owner) {
    for (std::size_t r = 0; r < kBoneRows; ++r)
      for (std::size_t s = r; s < kBoneRows; ++s) {
        const bool fixed = r < kRagdollBones + 4 && s < kRagdollBones + 4;
        if (fixed != fixed_pass) continue;
        for (std::uint8_t a = 0; a < plan.points[r]; ++a)
          for (std::uint8_t b = 0; b < plan.points[s]; ++b) {
            if (plan.point[r][a] != plan.point[s][b] || (r == s && a != b)) continue;
            const std::uint8_t pr = position[r], ps = position[s];
            BoneSolvePlan::Entry e;
            if (pr >= ps) e = {pr, ps, a, b, plan.point[r][a]};
            else e = {ps, pr, b, a, plan.point[r][a]};
            const int entry_owner = (plan.brace_steps >> e.i & 1) ? e.i : e.j;
            if (!fixed_pass && entry_owner != owner) continue;
            if (plan.entry_count < plan.entries.size()) plan.entries[plan.entry_count++] = e;
          }
      }
  };
  add_entries(true, -1);
  plan.fixed_entries = plan.entry_count;
  for (std::size_t k = 0; k < kBoneRows; ++k) {
    if (!(plan.brace_steps >> k & 1)) continue;
    plan.brace_first[k] = plan.entry_count;
    add_entries(false, static_cast<int>(k));
    plan.brace_count[k] = static_cast<std::uint16_t>(plan.entry_count - plan.brace_first[k]);
  }
  if (plan.below_first[kBoneRows - 1] + plan.below_count[kBoneRows - 1] > kFactorEntries) std::abort();  // kFactorEntries too small
  std::uint16_t j = 0;
  for (std::size_t i = 0; i < kBoneRows; ++i) {
    plan.row_first[i] = j;
    for (std::size_t k = 0; k < i; ++k)
      for (std::uint8_t x = 0; x < plan.below_count[k]; ++x)
        if (plan.below[k][x] == i) {
          plan.row_column[j] = static_cast<std::uint8_t>(k);
          plan.row_slot[plan.below_first[k] + x] = j++;
        }
    plan.row_count[i] = static_cast<std::uint8_t>(j - plan.row_first[i]);
  }
  return plan;
}

namespace {

// The particles held along their normal (locked 1) and held both ways (locked 2).
struct Holds {
  std::uint16_t along = 0, both = 0;
};

Holds holds_of(const std::array<PointMobility, kRagdollPoints>& m) {
  Holds h;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    if (m[i].locked == 1) h.along |= static_cast<std::uint16_t>(1u << i);
    else if (m[i].locked >= 2) h.both |= static_cast<std::uint16_t>(1u << i);
  }
  return h;
}

// The factor `f` was made for these holds and rows (the matrix depends on nothing else but the
// positions; `pressed` and `demand`, outputs, do not change it).
bool same_key(const BoneFactor& f, const std::array<PointMobility, kRagdollPoints>& m, Mask active, Holds holds) {
  if (!f.valid || f.active != active || f.held_along != holds.along || f.held_both != holds.both) return false;
  for (unsigned along = holds.along; along != 0; along &= along - 1) {
    const auto i = static_cast<std::size_t>(__builtin_ctz(along));
    if (f.normal[i] != m[i].normal) return false;
  }
  return true;
}

// No particle has moved `travel` m or more since `f` was factored.
bool near_factor(const BoneFactor& f, const std::array<vec2, kRagdollPoints>& p, double travel) {
  const double t2 = travel * travel;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const vec2 d = p[i] - f.at[i];
    if (glm::dot(d, d) >= t2) return false;
  }
  return true;
}

}  // namespace

const BoneSolvePlan& shared_bone_solve_plan() {
  static const BoneSolvePlan plan = make_bone_solve_plan(make_ragdoll_rig(proportions_for_height(1.78), 1, RagdollTuning{}, RifleSpec{}));
  return plan;
}

void begin_bone_substep(BoneSolveCache& cache) {
  for (BoneFactor& f : cache.slot) f.fresh = false;
}

void solve_bones(const RagdollRig& rig, const BoneSolvePlan& plan, std::array<vec2, kRagdollPoints>& p,
                 std::array<PointMobility, kRagdollPoints>& mobility, BoneSolveCache& cache, BoneSolveScratch& scratch,
                 double reuse_travel) {
  // Each row's error and gradients, in elimination order. A row takes part only when it is
  // active (a bone with a direction, a hold, a joint past its range); the others are not read,
  // so they need no clearing.
  double error[kBoneRows];
  vec2 now_grad[kBoneRows][kRowPoints];
  vec2 (*grad)[kRowPoints] = now_grad;
  Mask active = 0;
  for (std::size_t r = 0; r < kRagdollBones; ++r) {
    const RagdollBone& b = rig.bones[r];
    const std::size_t k = plan.position[r];
    const vec2 d = p[b.b] - (p[b.a0] + b.t * (p[b.a1] - p[b.a0]));
    const double len2 = glm::dot(d, d);
    if (len2 < kTiny) continue;  // no direction: the row stays out of this step
    const double len = std::sqrt(len2);
    const vec2 n = d / len;
    error[k] = len - b.rest;
    grad[k][0] = n;
    grad[k][1] = b.a1 != b.a0 ? -(1.0 - b.t) * n : -n;
    grad[k][2] = -b.t * n;
    active |= Mask{1} << k;
  }
  for (std::size_t g = 0; g < kRagdollRanges; ++g) {
    const std::size_t k = plan.position[brace_row(g)];
    if (range_error(rig.ranges[g], p, error[k], grad[k])) active |= Mask{1} << k;
  }
  const vec2 butt = p[pt(RagdollPoint::rifle_butt)], muzzle = p[pt(RagdollPoint::rifle_muzzle)];
  for (std::size_t h = 0; h < (rig.rifle_held ? 2u : 0u); ++h) {
    const RagdollHold& hold = rig.holds[h];
    const vec2 off = p[hold.hand] - carried_point(butt, muzzle, hold.at.x, hold.at.y);
    for (std::size_t axis = 0; axis < 2; ++axis) {
      const std::size_t k = plan.position[hold_row(h, axis)];
      error[k] = axis == 0 ? off.x : off.y;
      active |= Mask{1} << k;
      const vec2 e = axis == 0 ? vec2{1.0, 0.0} : vec2{0.0, 1.0};
      const vec2 je{-e.y, e.x};
      grad[k][0] = e;
      grad[k][1] = -((1.0 - hold.at.x) * e + hold.at.y * je);  // -M1^T e (carried_point)
      grad[k][2] = -(hold.at.x * e - hold.at.y * je);          // -M2^T e
    }
  }
  auto on = [&active](std::size_t k) { return (active >> k & 1) != 0; };

  // W, each particle's mobility as a symmetric 2x2: w (I - n n^T) held along n, 0 held both
  // ways. The matrix and the step both use it.
  struct Sym {
    double xx, xy, yy;
    vec2 operator*(vec2 g) const { return {xx * g.x + xy * g.y, xy * g.x + yy * g.y}; }
  };
  Sym m[kRagdollPoints];
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    const PointMobility& q = mobility[i];
    if (q.locked >= 2) m[i] = {0.0, 0.0, 0.0};
    else if (q.locked == 1) m[i] = {q.w * (1.0 - q.normal.x * q.normal.x), -q.w * q.normal.x * q.normal.y, q.w * (1.0 - q.normal.y * q.normal.y)};
    else m[i] = {q.w, 0.0, q.w};
  }

  // A chord step (the matrix of an earlier step, the errors and directions of now) when a kept
  // factor has the same holds and rows, and was made this sub-step or before the body moved
  // reuse_travel: a body at rest is not factored again every sub-step, for a matrix that has
  // not changed (BoneSolveCache).
  BoneFactor* f = nullptr;
  const Holds holds = holds_of(mobility);
  for (BoneFactor& c : cache.slot)
    if (same_key(c, mobility, active, holds) && (c.fresh || near_factor(c, p, reuse_travel))) f = &c;
  if (f && f->fresh) grad = scratch.grad[f - cache.slot.data()];  // within its sub-step: along the directions it was made with
  if (!f) {
    cache.newest = static_cast<std::uint8_t>((cache.newest + 1u) % kKeptFactors);
    f = &cache.slot[cache.newest];  // the oldest one goes
    // W g for every gradient of every active row: the matrix's entries are g_i . W g_j.
    vec2 wg[kBoneRows][kRowPoints];
    for (std::size_t k = 0; k < kBoneRows; ++k) {
      if (!on(k)) continue;
      const std::size_t r = plan.order[k];
      for (std::size_t s = 0; s < plan.points[r]; ++s) wg[k][s] = m[plan.point[r][s]] * grad[k][s];
    }
    // J W J^T in elimination order, into the factor's pattern; the softness on the diagonal.
    double a[kBoneRows][kBoneRows];
    for (std::size_t k = 0; k < kBoneRows; ++k) {
      if (!on(k)) continue;
      const std::size_t r = plan.order[k];
      double free = 0.0;
      for (std::size_t s = 0; s < plan.points[r]; ++s) free += mobility[plan.point[r][s]].w * glm::dot(grad[k][s], grad[k][s]);
      a[k][k] = kRowSoftness * free + kTiny;
      for (std::uint8_t n = 0; n < plan.below_count[k]; ++n) a[plan.below[k][n]][k] = 0.0;
    }
    const Mask all_fixed = ~plan.brace_steps & ((Mask{1} << kBoneRows) - 1);
    const bool every_fixed = (active & all_fixed) == all_fixed;
    for (std::uint16_t e = 0; e < plan.fixed_entries; ++e) {
      const BoneSolvePlan::Entry& en = plan.entries[e];
      if (!every_fixed && (!on(en.i) || !on(en.j))) continue;  // a bone of no length
      a[en.i][en.j] += glm::dot(grad[en.i][en.slot_i], wg[en.j][en.slot_j]);
    }
    // A brace's entries only while it is past its range (most steps none or one is).
    for (Mask braces = active & plan.brace_steps; braces != 0; braces &= braces - 1) {
      const std::size_t k = static_cast<std::size_t>(__builtin_ctz(braces));
      for (std::uint16_t e = plan.brace_first[k]; e < plan.brace_first[k] + plan.brace_count[k]; ++e) {
        const BoneSolvePlan::Entry& en = plan.entries[e];
        if (!on(en.i) || !on(en.j)) continue;
        a[en.i][en.j] += glm::dot(grad[en.i][en.slot_i], wg[en.j][en.slot_j]);
      }
    }
    // LDL^T, right-looking over the fixed pattern and the active rows; L kept compact, by rows.
    const std::uint16_t* slot = plan.row_slot.data();
    for (std::size_t k = 0; k < kBoneRows; ++k) {
      if (!on(k)) {
        f->inv_diag[k] = 1.0f;
        for (std::uint8_t x = 0; x < plan.below_count[k]; ++x) f->lower[slot[plan.below_first[k] + x]] = 0.0f;
        continue;
      }
      std::uint8_t rows[kBoneRows];
      std::uint8_t n = 0;
      for (std::uint8_t x = 0; x < plan.below_count[k]; ++x)
        if (on(plan.below[k][x])) rows[n++] = plan.below[k][x];
      const double d = a[k][k];
      f->inv_diag[k] = static_cast<float>(1.0 / d);
      const double inv = 1.0 / d;
      for (std::uint8_t x = 0; x < n; ++x) {
        const std::size_t i = rows[x];
        const double lik = a[i][k] * inv;
        for (std::uint8_t y = 0; y <= x; ++y) a[i][rows[y]] -= lik * a[rows[y]][k];
      }
      // (A row below that does not take part has 0 here, and is never read by the solves.)
      for (std::uint8_t x = 0; x < plan.below_count[k]; ++x)
        f->lower[slot[plan.below_first[k] + x]] = static_cast<float>(a[plan.below[k][x]][k] * inv);
    }
    f->valid = true;
    f->fresh = true;
    ++cache.factored;
    f->active = active;
    f->held_along = holds.along;
    f->held_both = holds.both;
    for (std::size_t i = 0; i < kRagdollPoints; ++i) f->normal[i] = mobility[i].normal;
    f->at = p;
    std::copy(&now_grad[0][0], &now_grad[0][0] + kBoneRows * kRowPoints, &scratch.grad[cache.newest][0][0]);
  }

  // L D L^T lambda = -error, over the rows that take part only: a row that does not has 0 in
  // L (and 1 in D), so its multiplier is 0 and it changes no other. Both solves walk L by rows.
  double y[kBoneRows], lambda[kBoneRows];
  // L y = -error, each row a sum of the rows before it, in two halves (even and odd terms): a
  // row's terms then run two at a time, and the chain of dependent sums down the elimination
  // tree takes half the latency. Then D: lambda = D^-1 y, row by row as each is made.
  for (std::size_t i = 0; i < kBoneRows; ++i) {
    if (!on(i)) {
      y[i] = lambda[i] = 0.0;
      continue;
    }
    double even = -error[i], odd = 0.0;
    const std::uint16_t first = plan.row_first[i], last = static_cast<std::uint16_t>(first + plan.row_count[i]);
    std::uint16_t j = first;
    for (; j + 1 < last; j += 2) {
      even -= f->lower[j] * y[plan.row_column[j]];
      odd -= f->lower[j + 1] * y[plan.row_column[j + 1]];
    }
    if (j < last) even -= f->lower[j] * y[plan.row_column[j]];
    y[i] = even + odd;
    lambda[i] = y[i] * f->inv_diag[i];
  }
  // L^T lambda = D^-1 y, from the last row up: each row, once its multiplier is final, takes its
  // share out of the rows its L row names. Walking the rows, not the columns, reads only the
  // rows that take part (a column holds entries of rows that do not; a row that does not take
  // part has its multiplier changed here, but it is not read again).
  for (std::size_t i = kBoneRows; i-- > 0;) {
    if (!on(i)) continue;
    const double li = lambda[i];
    const std::uint16_t first = plan.row_first[i], last = static_cast<std::uint16_t>(first + plan.row_count[i]);
    for (std::uint16_t j = first; j < last; ++j) lambda[plan.row_column[j]] -= f->lower[j] * li;
  }

  // Every particle by W J^T lambda (J^T lambda gathered per particle first, then W once); a
  // held particle keeps count of what its surface took.
  vec2 unheld[kRagdollPoints] = {};
  for (std::size_t k = 0; k < kBoneRows; ++k) {
    if (!on(k)) continue;
    const std::size_t r = plan.order[k];
    for (std::size_t s = 0; s < plan.points[r]; ++s) unheld[plan.point[r][s]] += lambda[k] * grad[k][s];
  }
  for (std::size_t i = 0; i < kRagdollPoints; ++i) {
    p[i] += m[i] * unheld[i];
    PointMobility& q = mobility[i];
    if (q.locked == 0) continue;
    q.pressed += std::max(0.0, -q.w * glm::dot(unheld[i], q.normal));
    q.demand = q.w * unheld[i];
  }
}

}  // namespace anim
