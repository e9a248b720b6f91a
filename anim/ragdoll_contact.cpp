#include "anim/ragdoll_contact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace anim {

namespace {

constexpr double kTiny = 1e-18;    // m^2
constexpr double kApron = 1.0;     // m: how far the flat continuation reaches past the range
// m: a disc's bottom this far above the terrain's top (NearbyTerrain::top) is taken as touching
// nothing without asking each piece. Far above the rounding of a height (~1e-16 m at a few
// metres), so a disc this skips is one no piece would have pushed: the same bits.
constexpr double kClearlyAbove = 1e-9;

vec2 perp(vec2 v) { return {-v.y, v.x}; }  // a quarter turn counter-clockwise

void add_piece(NearbyTerrain& out, vec2 a, vec2 b) {
  if (!(b.x > a.x)) return;
  GroundPiece g;
  g.a = a;
  g.b = b;
  const vec2 d = b - a;
  g.length = glm::length(d);
  g.along = d / g.length;
  g.normal = perp(g.along);  // a -> b runs left to right, so its left side is up
  out.ground.push_back(g);
}

bool valid_box(const Box& b) {
  return std::isfinite(b.x) && std::isfinite(b.width) && std::isfinite(b.height) && b.width > 0.0 && b.height > 0.0;
}

// The interval of t in which x0 + t dx lies inside [lo, hi] (for dx == 0: all or nothing).
void slab(double x0, double dx, double lo, double hi, double& t_in, double& t_out) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (dx == 0.0) {
    if (x0 < lo || x0 > hi) t_in = kInf;
    return;
  }
  double a = (lo - x0) / dx, b = (hi - x0) / dx;
  if (a > b) std::swap(a, b);
  t_in = std::max(t_in, a);
  t_out = std::min(t_out, b);
}

}  // namespace

void gather_terrain(NearbyTerrain& out, const Terrain& terrain, double x_min, double x_max) {
  out.ground.clear();
  out.boxes.clear();
  const std::vector<vec2>& g = terrain.ground;
  if (g.empty()) {
    add_piece(out, {x_min - kApron, 0.0}, {x_max + kApron, 0.0});
  } else {
    if (x_min < g.front().x) add_piece(out, {x_min - kApron, g.front().y}, g.front());
    // The first polyline point at or right of x_min; the piece before it reaches into range.
    auto first = std::lower_bound(g.begin(), g.end(), x_min, [](const vec2& p, double x) { return p.x < x; });
    std::size_t i = first == g.begin() ? 0 : static_cast<std::size_t>(first - g.begin()) - 1;
    for (; i + 1 < g.size() && g[i].x <= x_max; ++i) add_piece(out, g[i], g[i + 1]);
    if (x_max > g.back().x) add_piece(out, g.back(), {x_max + kApron, g.back().y});
  }
  for (const Box& b : terrain.boxes) {
    if (!valid_box(b) || b.x + b.width < x_min || b.x > x_max) continue;
    out.boxes.push_back({b.x, b.x + b.width, terrain.ground_at(b.x) + b.height});  // as Terrain::height_at
  }
  out.top = -std::numeric_limits<double>::infinity();
  for (const GroundPiece& g : out.ground) out.top = std::max({out.top, g.a.y, g.b.y});
  for (const SolidBox& b : out.boxes) out.top = std::max(out.top, b.top);
}

bool inside_terrain(const NearbyTerrain& near, vec2 p) {
  for (const GroundPiece& g : near.ground) {
    if (p.x < g.a.x || p.x > g.b.x) continue;
    if (cross(g.b - g.a, p - g.a) < 0.0) return true;  // clockwise of the piece: below it
    break;
  }
  for (const SolidBox& b : near.boxes)
    if (p.x > b.left && p.x < b.right && p.y < b.top) return true;
  return false;
}

vec2 first_entry(const NearbyTerrain& near, vec2 from, vec2 to) {
  const vec2 r = to - from;
  double t_best = 1.0;
  for (const GroundPiece& g : near.ground) {
    if (std::max(from.x, to.x) < g.a.x || std::min(from.x, to.x) > g.b.x) continue;
    if (glm::dot(r, g.normal) >= 0.0) continue;  // moving out of or along this piece
    const vec2 s = g.b - g.a;
    const double denom = cross(r, s);
    if (std::abs(denom) < kTiny) continue;
    const vec2 w = g.a - from;
    const double t = cross(w, s) / denom, u = cross(w, r) / denom;
    if (t >= 0.0 && t < t_best && u >= 0.0 && u <= 1.0) t_best = t;
  }
  for (const SolidBox& b : near.boxes) {
    double t_in = 0.0, t_out = t_best;
    slab(from.x, r.x, b.left, b.right, t_in, t_out);
    slab(from.y, r.y, -std::numeric_limits<double>::infinity(), b.top, t_in, t_out);
    if (t_in < t_out && t_in < t_best) t_best = t_in;
  }
  return from + t_best * r;
}

double terrain_clearance(const NearbyTerrain& near, vec2 p) {
  if (inside_terrain(near, p)) return 0.0;
  double best2 = std::numeric_limits<double>::infinity();
  for (const GroundPiece& g : near.ground) {
    const double along = std::clamp(glm::dot(p - g.a, g.along), 0.0, g.length);
    const vec2 d = p - (g.a + along * g.along);
    best2 = std::min(best2, glm::dot(d, d));
  }
  for (const SolidBox& b : near.boxes) {
    const vec2 d = p - vec2{std::clamp(p.x, b.left, b.right), std::min(p.y, b.top)};
    best2 = std::min(best2, glm::dot(d, d));
  }
  return std::sqrt(best2);
}

bool apply_friction(const RagdollContact& c, std::array<vec2, kRagdollPoints>& p,
                    const std::array<vec2, kRagdollPoints>& start, const ContactTouch& touch, const Friction& friction) {
  if (!(touch.depth > 0.0)) return false;
  const vec2 n = touch.normal;
  const vec2 slid = p[c.i] - start[c.i];
  const vec2 tangential = slid - n * glm::dot(slid, n);
  const double t2 = glm::dot(tangential, tangential);
  const double stick = friction.stick * touch.depth;
  if (t2 <= stick * stick) {
    p[c.i] -= tangential;
    return true;
  }
  p[c.i] -= tangential * (friction.slide * touch.depth / std::sqrt(t2));
  return false;
}

namespace {

// Every push that takes a disc of radius r at `at` out of the solid, in turn: respond(n, depth)
// moves it (or only looks) and returns where it now is.
template <class Respond>
void each_push(vec2 at, double r, vec2 from, const NearbyTerrain& near, Respond&& respond) {
  for (const GroundPiece& g : near.ground) {
    if (g.b.x < at.x - r) continue;
    if (g.a.x > at.x + r) break;
    const vec2 rel = at - g.a;
    const double h = glm::dot(rel, g.normal);  // height over the piece's line
    if (h >= r) continue;
    if (h < 0.0) {  // below the line: this piece's to answer only if the point is under it
      if (at.x >= g.a.x && at.x <= g.b.x) at = respond(g.normal, r - h);
      continue;
    }
    const double along = glm::dot(rel, g.along);
    if (along >= 0.0 && along <= g.length) {
      at = respond(g.normal, r - h);
      continue;
    }
    const vec2 d = at - (along < 0.0 ? g.a : g.b);  // beside an end: round the corner
    const double d2 = glm::dot(d, d);
    if (d2 < r * r && d2 > kTiny) {
      const double dist = std::sqrt(d2);
      at = respond(d / dist, r - dist);
    }
  }
  for (const SolidBox& bx : near.boxes) {
    if (at.x < bx.left - r || at.x > bx.right + r || at.y > bx.top + r) continue;
    if (at.x > bx.left && at.x < bx.right && at.y < bx.top) {
      // Inside: out by the face it came in through, else (it started inside) the nearest.
      const double up = bx.top - at.y, left = at.x - bx.left, right = bx.right - at.x;
      const bool by_top = from.y >= bx.top || (from.x > bx.left && from.x < bx.right && up <= left && up <= right);
      const bool by_left = !by_top && (from.x <= bx.left || (from.x < bx.right && left <= right));
      if (by_top) at = respond({0.0, 1.0}, up + r);
      else if (by_left) at = respond({-1.0, 0.0}, left + r);
      else at = respond({1.0, 0.0}, right + r);
      continue;
    }
    const vec2 d = at - vec2{std::clamp(at.x, bx.left, bx.right), std::min(at.y, bx.top)};
    const double d2 = glm::dot(d, d);
    if (d2 >= r * r) continue;
    if (d2 > kTiny) {
      const double dist = std::sqrt(d2);
      at = respond(d / dist, r - dist);
    } else {  // on the surface itself
      at = respond(at.y >= bx.top ? vec2{0.0, 1.0} : (at.x <= bx.left ? vec2{-1.0, 0.0} : vec2{1.0, 0.0}), r);
    }
  }
}

}  // namespace

bool project_contacts(const std::array<RagdollContact, kRagdollContacts>& contacts, std::array<vec2, kRagdollPoints>& p,
                      const NearbyTerrain& near, std::array<ContactTouch, kRagdollPoints>& touch,
                      const std::array<vec2, kRagdollPoints>& from, std::array<PointMobility, kRagdollPoints>* mobility,
                      const std::array<bool, kRagdollPoints>& stuck) {
  bool changed = false;
  for (const RagdollContact& c : contacts) {
    vec2& at = p[c.i];  // the terrain does not move: the particle takes all of every push
    if (at.y - c.radius_now > near.top + kClearlyAbove) continue;  // above everything: no push
    ContactTouch& t = touch[c.i];
    bool touched = false;
    vec2 normal{0.0, 1.0};
    each_push(at, c.radius_now, from[c.i], near, [&](vec2 n, double depth) {
      touched = true;
      normal = n;
      at += n * depth;
      t.normal = n;
      t.depth += depth;
      return at;
    });
    if (touched && mobility) changed = hold_contact((*mobility)[c.i], normal, stuck[c.i]) || changed;
  }
  return changed;
}

bool hold_contact(PointMobility& m, vec2 normal, bool stuck) {
  if (m.locked == 0) {
    m.normal = normal;
    m.locked = stuck ? 2 : 1;
    m.stuck = stuck;
    return true;
  }
  if (!m.corner && glm::dot(m.normal, normal) < 0.98) {
    m.locked = 2;  // two surfaces (a corner): held both ways
    m.corner = true;
    return true;
  }
  return false;
}

namespace {

bool rehold_contact(PointMobility& m, double load, const ContactHoldRule& rule) {
  if (m.locked == 0 || m.corner) return false;
  const double into = -glm::dot(m.demand, m.normal);  // m: + pressed into the surface
  if (into < -rule.release) {  // pulled off: a contact does not pull
    m.locked = 0;
    m.stuck = false;
    return true;
  }
  if (!m.stuck) return false;
  const vec2 along = m.demand + m.normal * into;
  if (glm::length(along) > rule.stick * (std::max(0.0, into) + load) + rule.slip) {  // out of Coulomb's cone
    m.locked = 1;
    m.stuck = false;
    return true;
  }
  return false;
}

}  // namespace

bool rehold_contacts(std::array<PointMobility, kRagdollPoints>& mobility, const std::array<ContactTouch, kRagdollPoints>& touch,
                     const ContactHoldRule& rule) {
  bool changed = false;
  for (std::size_t i = 0; i < kRagdollPoints; ++i) changed = rehold_contact(mobility[i], touch[i].depth, rule) || changed;
  return changed;
}

}  // namespace anim
