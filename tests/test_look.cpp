// The look, measured from the pixels (issue 15; reference Rule 9 "ask for measurements, not
// impressions" and "Drawing with discs"). Each case measures in frames the programs draw what
// the issue measured -- value planes, separation, ladders, hue, boots, overlaps, composition,
// identity, firing, steps -- prints the figure and asserts the fix. L* comes from the probe's
// own sRGB -> CIE L*a*b* (tests/look_probe.hpp), not the palette's. SOLDIER_TEST_PNG_DIR=DIR
// writes the measured frames there to look at.
#include "anim/character.hpp"
#include "game/core/critique_presets.hpp"
#include "game/core/framing.hpp"
#include "game/core/play_frame.hpp"
#include "game/core/play_level.hpp"
#include "game/core/play_session.hpp"
#include "game/core/world.hpp"
#include "render/coverage_layer.hpp"
#include "render/figure.hpp"
#include "render/figure_tiles.hpp"
#include "render/palette.hpp"
#include "render/parallax.hpp"
#include "render/png_io.hpp"
#include "render/scene.hpp"
#include "render/sheet.hpp"
#include "render/sheet_course.hpp"
#include "render/sheet_cycle.hpp"
#include "render/sky.hpp"
#include "render/soldiers.hpp"
#include "tests/look_probe.hpp"
#include "tests/test_poses.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <string>

using look_probe::IdMap;
using look_probe::IdPixel;
using look_probe::lstar;

namespace {

// Material indices of the ID render (render::Material order).
constexpr int kHelmet = 0, kSkin = 1, kFabric = 2, kGear = 3, kBoots = 4, kRifle = 5, kAccent = 6;

render::Ladder id_ladder(const render::Ladder& real, int soldier, int material) {
  render::Ladder l = real;
  for (std::size_t i = 0; i < l.steps.size(); ++i) l.steps[i] = look_probe::id_colour(soldier, material, static_cast<int>(i));
  return l;
}

render::Palette id_palette(const render::Palette& p, int soldier) {
  render::Palette q = p;
  q.helmet = id_ladder(p.helmet, soldier, kHelmet);
  q.skin = id_ladder(p.skin, soldier, kSkin);
  q.fabric = id_ladder(p.fabric, soldier, kFabric);
  q.gear = id_ladder(p.gear, soldier, kGear);
  q.boots = id_ladder(p.boots, soldier, kBoots);
  q.rifle = id_ladder(p.rifle, soldier, kRifle);
  for (render::Ladder& a : q.accent) a = id_ladder(a, soldier, kAccent);
  return q;
}

const render::Ladder& ladder_of(const render::Palette& p, int m) {
  const render::Ladder* all[] = {&p.helmet, &p.skin, &p.fabric, &p.gear, &p.boots, &p.rifle, &p.accent[0]};
  return *all[m];
}

// One frame, measured: as drawn, the same scene without the soldiers (what is behind them),
// and the soldiers' runs painted in ID colours in the order the scene draws them.
struct Shot {
  render::Camera cam;
  anim::Terrain terrain;
  std::vector<anim::CharacterFrame> frames;
  int selected = -1;
  render::Canvas full{1, 1}, behind{1, 1}, ids{1, 1};
  IdMap map{render::Canvas{1, 1}};

  glm::vec2 px(anim::Joint j, std::size_t soldier) const { return cam.to_canvas(frames[soldier].joints[anim::index(j)]); }
};

void finish(Shot& s, const render::Palette& palette) {
  s.behind = render::Canvas(s.cam.width, s.cam.height);
  render::draw_scene(s.behind, s.cam, s.terrain, {}, palette);
  s.ids = render::Canvas(s.cam.width, s.cam.height);
  render::FigureTiles scratch;
  for (std::size_t i : render::draw_order(s.frames.size(), s.selected))
    render::paint_figure_runs(s.ids, render::figure_runs(s.cam, s.frames[i]), id_palette(palette, static_cast<int>(i)), scratch);
  s.map = IdMap(s.ids);
}

void save(const render::Canvas& c, const std::string& name) {
  if (const char* dir = std::getenv("SOLDIER_TEST_PNG_DIR")) {
    std::string error;
    CHECK_MESSAGE(render::write_png(c, std::string(dir) + "/" + name, error), error);
  }
}

// The sandbox as `soldier` opens it: one second of no input, 1280x720.
const Shot& opening() {
  static const Shot shot = [] {
    auto r = game::load_play_level(std::string(SOLDIER_SOURCE_DIR) + "/assets/levels/sandbox.toml");
    REQUIRE(std::holds_alternative<game::Scenario>(r));
    game::PlaySession session(std::get<game::Scenario>(r), 5, anim::Tuning{});
    const game::ViewSize view{1280, 720, 1.0};
    for (int i = 0; i < 60; ++i) session.update(game::PlayInput{}, 1.0 / 60.0, i / 60.0, view);
    Shot s;
    s.cam = session.camera(view);
    s.terrain = session.world().terrain();
    s.frames = session.drawn_frames();
    s.selected = static_cast<int>(session.selected());
    s.full = render::Canvas(view.width, view.height);
    game::draw_world_layer(s.full, session, view, render::default_palette(), game::FrameStats{});
    finish(s, render::default_palette());
    save(s.full, "look_opening.png");
    return s;
  }();
  return shot;
}

// A scenario's frame at time t framed as `soldier render` and `critique` frame it (960x720).
Shot scenario_shot(const game::Scenario& sc, double t, const std::string& name) {
  Shot s;
  const std::int64_t want = std::llround(t / sc.dt);
  game::simulate(sc, [&](const game::SimStep& st, std::span<const anim::CharacterFrame> f) {
    if (st.index == want) s.frames.assign(f.begin(), f.end());
    return st.index < want;
  });
  const game::Bounds b = game::bounds_of(s.frames);
  s.cam = game::camera_on(b, game::fit_scale(b, 960, 720), 960, 720);
  s.terrain = sc.terrain;
  s.full = render::Canvas(960, 720);
  render::draw_scene(s.full, s.cam, s.terrain, s.frames, render::default_palette());
  finish(s, render::default_palette());
  save(s.full, name);
  return s;
}

game::Scenario parse(std::string_view text, const std::string& name) {
  auto r = game::parse_scenario_text(text, name);
  if (auto* e = std::get_if<game::ScenarioError>(&r)) FAIL(e->message);
  return std::get<game::Scenario>(std::move(r));
}

const Shot& squad() {
  static const Shot shot = [] {
    auto r = game::parse_scenario_file(std::string(SOLDIER_SOURCE_DIR) + "/assets/scenarios/squad.toml");
    REQUIRE(std::holds_alternative<game::Scenario>(r));
    return scenario_shot(std::get<game::Scenario>(r), 5.05, "look_squad.png");
  }();
  return shot;
}

// Two men in file 0.45 m apart: most of one is behind the other.
const Shot& pair() {
  static const Shot shot = scenario_shot(parse(R"(duration = 3.0
seed = 3
[[soldier]]
id = "a"
x = 0.0
  [[soldier.input]]
  t = 0.0
  vx = 1.4
  aim = [30.0, 1.4]
[[soldier]]
id = "b"
x = -0.45
  [[soldier.input]]
  t = 0.0
  vx = 1.4
  aim = [30.0, 1.3]
)", "pair.toml"), 2.0, "look_pair.png");
  return shot;
}

const Shot& firing_line() {
  static const Shot shot = [] {
    const game::CritiquePreset* p = game::find_critique_preset("firing-line");
    REQUIRE(p != nullptr);
    return scenario_shot(parse(p->scenario, "firing-line"), p->at, "look_firing.png");
  }();
  return shot;
}

// Per-pixel |L*(frame) - L*(behind)| of interior figure pixels of material m (or any: -1) at
// ladder index `index` (any: -1).
std::vector<double> separation_of(const Shot& s, int m, int index = -1) {
  return look_probe::separation(s.full, s.behind, s.map, [&](const IdPixel& p, int, int) {
    return (m < 0 || p.material == m) && (index < 0 || p.index == index);
  });
}

double share_below(const std::vector<double>& v, double limit) {
  std::size_t n = 0;
  for (double d : v) n += d < limit;
  return v.empty() ? 0.0 : static_cast<double>(n) / static_cast<double>(v.size());
}

// Distance from p to the segment a-b, px.
float to_segment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
  const glm::vec2 ab = b - a;
  const float t = std::clamp(glm::dot(p - a, ab) / std::max(1e-6f, glm::dot(ab, ab)), 0.0f, 1.0f);
  return glm::length(p - (a + t * ab));
}

std::string name_of(const Shot& s) { return &s == &opening() ? "opening" : (&s == &squad() ? "squad" : "firing line"); }

}  // namespace

TEST_CASE("1. the scene is planes of distinct value: sky with a sun, far and near ridges, a textured ground") {
  const Shot& s = opening();
  const render::Palette palette = render::default_palette();
  const int w = s.cam.width, h = s.cam.height;
  // The planes one at a time: sky, + far ridge, + near ridge.
  render::Canvas sky(w, h);
  render::draw_sky(sky, s.cam, s.terrain, palette);
  render::Canvas sky_far = sky, sky_far_near = sky;
  render::ParallaxStyle far_only;
  far_only.near.height = 0.0;
  render::draw_parallax(sky_far, s.cam, s.terrain, palette, far_only);
  render::draw_parallax(sky_far_near, s.cam, s.terrain, palette);
  std::vector<double> far_minus_sky, near_minus_far;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const bool far = !(sky_far.pixel(x, y) == sky.pixel(x, y)), near = !(sky_far_near.pixel(x, y) == sky_far.pixel(x, y));
      if (far && !near) far_minus_sky.push_back(lstar(sky_far.pixel(x, y)) - lstar(sky.pixel(x, y)));
      if (near && far) near_minus_far.push_back(lstar(sky_far_near.pixel(x, y)) - lstar(sky_far.pixel(x, y)));
    }
  const double band = look_probe::share_in_band(s.full, 20.0, 40.0);
  MESSAGE("frame pixels with 20 <= L* <= 40: " << 100.0 * band << "% (before issue 15: 97%)");
  MESSAGE("far ridge - sky: " << look_probe::median(far_minus_sky) << " L*; near - far ridge: "
                              << look_probe::median(near_minus_far) << " L* (before: +0.8 and -1.6)");
  CHECK(band < 0.5);
  CHECK(look_probe::median(far_minus_sky) <= -8.0);
  CHECK(look_probe::median(near_minus_far) <= -8.0);

  // The ground: pixels 3 px or more under the surface, and how many change when the view
  // moves 0.37 m (its texture and props are fixed in the world).
  auto surface_y = [&](int x, const render::Camera& c) {
    const double wx = c.to_world({x + 0.5f, 0.0f}).x;
    return c.to_canvas({wx, s.terrain.ground_at(wx)}).y;
  };
  render::Camera moved = s.cam;
  moved.center_world.x += 0.37;
  render::Canvas shifted(w, h);
  render::draw_scene(shifted, moved, s.terrain, {}, palette);
  std::vector<double> ground;
  std::size_t both = 0, changed = 0;
  for (int x = 0; x < w; ++x)
    for (int y = 0; y < h; ++y) {
      if (y < surface_y(x, s.cam) + 3.0f) continue;
      ground.push_back(lstar(s.behind.pixel(x, y)));
      if (y < surface_y(x, moved) + 3.0f) continue;
      ++both;
      changed += !(s.behind.pixel(x, y) == shifted.pixel(x, y));
    }
  std::set<long> values;
  for (double l : ground) values.insert(std::lround(l));
  const double scroll = static_cast<double>(changed) / std::max<std::size_t>(1, both);
  MESSAGE("ground: " << 100.0 * ground.size() / (double(w) * h) << "% of the frame, median L* " << look_probe::median(ground)
                     << ", sd " << look_probe::stddev(ground) << ", " << values.size()
                     << " distinct L*; moving the view 0.37 m changes " << 100.0 * scroll
                     << "% of it (before: L* 28 flat, sd 0, 1 value, 0%)");
  CHECK(values.size() >= 8);
  CHECK(look_probe::stddev(ground) > 1.5);
  // Nothing in the ground is lighter than its lightest part (the lit edge; a stone): no seam
  // of sky shows between its strata.
  CHECK(look_probe::quantile(ground, 1.0) <= std::max(lstar(palette.ground.at(1)), lstar(palette.stone)) + 1.0);
  CHECK(scroll > 0.02);

  // The light source: the sun's disc in the sky, and the figures' highlights facing it.
  double sx = 0.0, sy = 0.0, n = 0.0, brightest = 0.0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double l = lstar(sky.pixel(x, y));
      brightest = std::max(brightest, l);
      if (l > 98.0) sx += x, sy += y, n += 1.0;
    }
  REQUIRE(n > 20.0);
  const glm::vec2 sun{static_cast<float>(sx / n), static_cast<float>(sy / n)};
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    // The lit side, from the pixels: summed over every place where a highlight meets the
    // tone it lights, the step from the tone to its highlight points to the light.
    glm::vec2 toward{0.0f, 0.0f};
    const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const IdPixel& p = s.map.at(x, y);
        if (p.soldier != static_cast<int>(i) || p.material < 0 || p.material == kAccent) continue;
        if (p.index != static_cast<int>(ladder_of(palette, p.material).base)) continue;
        for (const auto& k : d) {
          const IdPixel& q = s.map.at(x + k[0], y + k[1]);
          if (q.soldier == p.soldier && q.material == p.material && q.index == p.index + 1) toward += glm::vec2(k[0], k[1]);
        }
      }
    REQUIRE(glm::length(toward) > 10.0f);
    // The sun is as far as the light is: its direction is the one from the frame's middle.
    const glm::vec2 side = glm::normalize(toward), to_sun = glm::normalize(sun - glm::vec2(0.5f * w, 0.5f * h));
    const double angle = std::acos(std::clamp(glm::dot(side, to_sun), -1.0f, 1.0f)) * 180.0 / 3.14159265;
    CAPTURE(i);
    CHECK(angle < 30.0);
    if (i == 0) MESSAGE("sun L* " << brightest << " at " << sun.x << "," << sun.y << "; soldier 0's lit side is " << angle
                                  << " deg from the sun's direction (before: no light source, sky L* at most 38)");
  }
  CHECK(brightest > 95.0);
}

TEST_CASE("2. the soldiers are graded into the scene's light and grounded by contact shadows") {
  const Shot& s = opening();
  // The same cloth under the contact sheets' studio light comes out in other colours.
  render::CycleRequest rq;
  rq.speed = 1.4;
  rq.stills = 4;
  const render::CycleSample row = render::sample_cycle(rq);
  const render::Canvas sheet = render::draw_contact_sheet(std::span(&row, 1), render::SheetOptions{}, render::sheet_palette());
  std::set<std::uint32_t> sheet_colours;
  for (int y = 0; y < sheet.height(); ++y)
    for (int x = 0; x < sheet.width(); ++x) {
      const render::Rgba p = sheet.pixel(x, y);
      sheet_colours.insert(p.r | p.g << 8 | p.b << 16);
    }
  std::map<std::uint32_t, int> count;
  int interior = 0;
  for (int y = 0; y < s.map.height(); ++y)
    for (int x = 0; x < s.map.width(); ++x)
      if (s.map.interior(x, y)) {
        const render::Rgba p = s.full.pixel(x, y);
        ++count[p.r | p.g << 8 | p.b << 16];
        ++interior;
      }
  int tones = 0, shared = 0;
  for (const auto& [c, k] : count)
    if (k >= 0.005 * interior) ++tones, shared += sheet_colours.count(c) > 0;
  MESSAGE("figure tones (>= 0.5% of its pixels) of the game frame also on a contact sheet: " << shared << " of " << tones
                                                                                            << " (before: 16 of 16)");
  CHECK(shared <= tones / 4);

  // Under each planted boot the ground is darker than the same pixels without the soldiers.
  std::vector<double> under;
  for (const anim::CharacterFrame& f : s.frames)
    for (std::size_t side = 0; side < 2; ++side) {
      if (!f.contact[side]) continue;
      const anim::vec2 toe = f.plant_world[side];
      const glm::vec2 c = s.cam.to_canvas({toe.x, s.terrain.ground_at(toe.x)});
      for (int dx = -10; dx <= 4; ++dx)
        for (int dy = 1; dy <= 4; ++dy) {
          const int x = static_cast<int>(c.x) + dx * f.body.sign(), y = static_cast<int>(c.y) + dy;
          under.push_back(lstar(s.full.pixel(x, y)) - lstar(s.behind.pixel(x, y)));
        }
    }
  REQUIRE(!under.empty());
  MESSAGE("ground under planted boots: " << look_probe::mean(under) << " L* against no soldiers (before: 0)");
  CHECK(look_probe::mean(under) < -6.0);
}

TEST_CASE("3. every figure tone stays clear of what lies behind it: rifle, far limbs, the whole figure") {
  const render::Palette palette = render::default_palette();
  for (const Shot* s : {&opening(), &squad(), &firing_line()}) {
    const auto all = separation_of(*s, -1);
    const auto rifle = separation_of(*s, kRifle);
    const auto far_limbs = separation_of(*s, kFabric, static_cast<int>(palette.fabric.base) - 1);
    CAPTURE(name_of(*s));
    MESSAGE(name_of(*s) << ": figure pixels within 5 L* of what is behind: " << 100.0 * share_below(all, 5.0)
                        << "% (before: 13 / 10.5 / 10.5%); rifle: 10th pct " << look_probe::quantile(rifle, 0.1)
                        << " L* (before: 2.0 / 1.2 / 1.0); far limbs: 10th pct " << look_probe::quantile(far_limbs, 0.1)
                        << " L* (before: 1.7 / 2.2 / 0.4)");
    REQUIRE(all.size() > 1000);
    CHECK(share_below(all, 5.0) < 0.005);
    CHECK(look_probe::quantile(rifle, 0.1) > 15.0);
    CHECK(look_probe::quantile(far_limbs, 0.1) > 15.0);
  }
}

TEST_CASE("4. the near sleeve stands apart from the vest it crosses") {
  const render::Palette palette = render::default_palette();
  const render::FigureSizes sizes;
  std::vector<double> contrast;
  for (const Shot* s : {&opening(), &firing_line()}) {
    for (std::size_t i = 0; i < s->frames.size(); ++i) {
      const float arm_r = static_cast<float>(s->cam.to_px(sizes.upper_arm)) + 0.5f;
      const glm::vec2 sh = s->px(anim::Joint::shoulder_near, i), el = s->px(anim::Joint::elbow_near, i),
                      ha = s->px(anim::Joint::hand_near, i);
      auto on_arm = [&](int x, int y) {
        const glm::vec2 p{x + 0.5f, y + 0.5f};
        return std::min(to_segment(p, sh, el), to_segment(p, el, ha)) < arm_r;
      };
      // The sleeve's own tone (its base) against the carrier it lies on, across their edge.
      const auto c = look_probe::boundary_contrast(
          s->full, s->map,
          [&](const IdPixel& p, int x, int y) {
            return p.soldier == int(i) && p.material == kFabric && p.index == int(palette.fabric.base) && on_arm(x, y);
          },
          [&](const IdPixel& p, int x, int y) { return p.soldier == int(i) && p.material == kGear && !on_arm(x, y); }, 2);
      contrast.insert(contrast.end(), c.begin(), c.end());
    }
  }
  MESSAGE("opening and firing line: near sleeve vs vest across their edge: median " << look_probe::median(contrast)
          << " L*, 10th pct " << look_probe::quantile(contrast, 0.1) << " (before: median 8.9, 10th pct 5.5)");
  REQUIRE(contrast.size() > 20);
  CHECK(look_probe::median(contrast) >= 10.0);
}

TEST_CASE("5. boots are darker than the face, not the brightest part of the figure") {
  for (const Shot* s : {&opening(), &squad()}) {
    std::vector<double> boots, face, figure;
    for (int y = 0; y < s->map.height(); ++y)
      for (int x = 0; x < s->map.width(); ++x) {
        if (!s->map.interior(x, y)) continue;
        const IdPixel& p = s->map.at(x, y);
        const double l = lstar(s->full.pixel(x, y));
        figure.push_back(l);
        if (p.material == kBoots) boots.push_back(l);
        if (p.material == kSkin && y < s->px(anim::Joint::neck, static_cast<std::size_t>(p.soldier)).y) face.push_back(l);
      }
    CAPTURE(name_of(*s));
    MESSAGE(name_of(*s) << ": boots L* " << look_probe::quantile(boots, 0.05) << "-" << look_probe::quantile(boots, 0.95)
                        << ", face median " << look_probe::median(face) << ", brightest figure 1% "
                        << look_probe::quantile(figure, 0.99) << " (before: boots 42-78, face 67, brightest 81)");
    CHECK(look_probe::median(boots) < look_probe::median(face) - 10.0);
    CHECK(look_probe::quantile(boots, 0.95) < look_probe::quantile(figure, 0.99) - 5.0);
  }
}

TEST_CASE("6. shade and light shift the hue: lit steps warmer, shade steps cooler, in the pixels") {
  const Shot& s = opening();
  const render::Palette palette = render::default_palette();
  // Warmth: a*b* along the low sun's yellow (hue 80 deg); the sky's zenith is well below it.
  auto warmth = [](const look_probe::Lab& l) { return l.a * 0.173648 + l.b * 0.984808; };
  for (int m : {kHelmet, kSkin, kFabric, kGear, kBoots, kRifle}) {
    const int base = static_cast<int>(ladder_of(palette, m).base);
    std::map<int, std::vector<double>> by_step;
    std::map<int, std::vector<double>> hue;
    for (int y = 0; y < s.map.height(); ++y)
      for (int x = 0; x < s.map.width(); ++x) {
        const IdPixel& p = s.map.at(x, y);
        // The front rank: one palette (the back rank's is the same, hazed).
        if (!s.map.interior(x, y) || p.material != m || render::rank_of(static_cast<std::size_t>(p.soldier), s.selected) != 0)
          continue;
        const look_probe::Lab l = look_probe::lab(s.full.pixel(x, y));
        by_step[p.index - base].push_back(warmth(l));
        hue[p.index - base].push_back(l.hue_deg());
      }
    CAPTURE(m);
    REQUIRE(by_step.count(-1));
    REQUIRE(by_step.count(0));
    REQUIRE(by_step.count(1));
    const double shade = look_probe::median(by_step[-1]), mid = look_probe::median(by_step[0]), lit = look_probe::median(by_step[1]);
    MESSAGE("material " << m << ": hue shade/base/lit " << look_probe::median(hue[-1]) << "/" << look_probe::median(hue[0])
                        << "/" << look_probe::median(hue[1]) << " deg, warmth " << shade << "/" << mid << "/" << lit
                        << " (before: one hue within 2 deg, warmth within 0.5)");
    CHECK(lit - mid > 1.5);
    CHECK(mid - shade > 1.5);
  }
}

TEST_CASE("7. a soldier in front of another is separated from him") {
  const Shot& s = pair();
  std::vector<double> pairs;
  const int dx[2] = {2, 0}, dy[2] = {0, 2};  // two apart: the pixel between is the front man's edge
  for (int y = 0; y < s.map.height(); ++y)
    for (int x = 0; x < s.map.width(); ++x)
      for (int k = 0; k < 2; ++k) {
        const IdPixel &p = s.map.at(x, y), &q = s.map.at(x + dx[k], y + dy[k]);
        if (p.soldier >= 0 && q.soldier >= 0 && p.soldier != q.soldier)
          pairs.push_back(std::abs(lstar(s.full.pixel(x, y)) - lstar(s.full.pixel(x + dx[k], y + dy[k]))));
      }
  MESSAGE("across the edge between two soldiers: " << pairs.size() << " pixel pairs, median " << look_probe::median(pairs)
                                                   << " L*, " << 100.0 * share_below(pairs, 3.0)
                                                   << "% under 3 L* (before: 15.3 and 10%)");
  REQUIRE(pairs.size() > 100);
  CHECK(look_probe::median(pairs) > 15.0);
  CHECK(share_below(pairs, 3.0) < 0.05);
}

TEST_CASE("8. the sandbox opens on a composed frame: varied poses and gaps, the action framed") {
  const Shot& s = opening();
  std::vector<double> xs;
  for (const anim::CharacterFrame& f : s.frames) xs.push_back(f.x);
  std::sort(xs.begin(), xs.end());
  std::vector<double> gaps;
  for (std::size_t i = 1; i < xs.size(); ++i) gaps.push_back(xs[i] - xs[i - 1]);
  int distinct = 0;
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    bool same = false;
    for (std::size_t j = 0; j < i; ++j) {
      double sum = 0.0;
      for (std::size_t k = 0; k < anim::kJointCount; ++k) {
        const anim::vec2 a = s.frames[i].joints[k] - s.frames[i].joints[0], b = s.frames[j].joints[k] - s.frames[j].joints[0];
        sum += glm::dot(a - b, a - b);
      }
      const anim::vec2 ra = s.frames[i].rifle.muzzle - s.frames[i].joints[0], rb = s.frames[j].rifle.muzzle - s.frames[j].joints[0];
      same = same || (std::sqrt(sum / anim::kJointCount) < 0.03 && glm::length(ra - rb) < 0.1);
    }
    distinct += !same;
  }
  int y0 = 1 << 30, y1 = -1;
  for (int y = 0; y < s.map.height(); ++y)
    for (int x = 0; x < s.map.width(); ++x)
      if (s.map.any(x, y)) y0 = std::min(y0, y), y1 = std::max(y1, y);
  render::Canvas bare(s.cam.width, s.cam.height);
  render::SkyStyle gradient_only;
  gradient_only.features = false;
  render::draw_sky(bare, s.cam, s.terrain, render::default_palette(), gradient_only);
  std::size_t empty = 0;
  for (int y = 0; y < bare.height(); ++y)
    for (int x = 0; x < bare.width(); ++x) empty += bare.pixel(x, y) == s.full.pixel(x, y);
  const double empty_share = empty / (double(bare.width()) * bare.height()), span = (y1 - y0) / double(s.cam.height);
  const auto [gap_lo, gap_hi] = std::minmax_element(gaps.begin(), gaps.end());
  MESSAGE("opening: " << distinct << " distinct poses of " << s.frames.size() << ", gaps " << *gap_lo << ".." << *gap_hi
                      << " m; the figures span " << 100.0 * span << "% of the height; " << 100.0 * empty_share
                      << "% of the frame is bare sky gradient (before: 1 pose, gaps all 1.60 m, 20%, 60%)");
  CHECK(distinct >= 4);
  CHECK(*gap_hi - *gap_lo > 0.4);
  CHECK(span > 0.24);
  CHECK(empty_share < 0.45);
  // The view takes in the whole squad, with room before the leader.
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    const glm::vec2 p = s.px(anim::Joint::pelvis, i);
    CHECK(p.x > 0.04f * s.cam.width);
    CHECK(p.x < 0.85f * s.cam.width);
  }
}

TEST_CASE("9. identity: an eye, a helmet with a brim, each role's gear, a team accent, the selected soldier marked") {
  const Shot& s = opening();
  const render::Palette palette = render::default_palette();
  int antennas = 0, radiomen = 0;
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    const anim::CharacterFrame& f = s.frames[i];
    const glm::vec2 neck = s.px(anim::Joint::neck, i);
    const int sign = f.body.sign();
    int eye = 0, accent = 0, antenna = 0;
    float helmet_front = -1e9f, face_front = -1e9f;
    // The face's forward: square to the skull's axis, on the gaze's side (render/figure_runs.cpp);
    // a welded head is pitched down over the stock, and the brim juts along the face's forward.
    glm::vec2 face_px(static_cast<float>(f.skull.y), static_cast<float>(f.skull.x));  // canvas px, y down
    if (face_px.x * f.gaze.x - face_px.y * f.gaze.y < 0.0) face_px = -face_px;
    for (int y = 0; y < s.map.height(); ++y)
      for (int x = 0; x < s.map.width(); ++x) {
        const IdPixel& p = s.map.at(x, y);
        if (p.soldier != static_cast<int>(i)) continue;
        const float ahead = sign * (x + 0.5f - neck.x);
        const bool in_head = glm::length(glm::vec2(x + 0.5f, y + 0.5f) - s.px(anim::Joint::head, i)) < s.cam.to_px(0.22);
        const glm::vec2 at(x + 0.5f, y + 0.5f);
        const float before_face = glm::dot(at - s.px(anim::Joint::head, i), face_px);
        // Aimed, the firing hand on the grip is just below the welded face: its skin is not the face's.
        const bool hand = std::min(glm::length(at - s.px(anim::Joint::hand_near, i)), glm::length(at - s.px(anim::Joint::hand_far, i))) <
                          s.cam.to_px(0.07);
        if (in_head && p.material == kHelmet) helmet_front = std::max(helmet_front, before_face);
        if (in_head && !hand && p.material == kSkin) face_front = std::max(face_front, before_face);
        eye += p.material == kSkin && p.index == static_cast<int>(palette.skin.base) + render::kEyeStep;
        accent += p.material == kAccent;
        // The whip: the rifle's material above the neck and well behind it.
        antenna += p.material == kRifle && y < neck.y && ahead < -s.cam.to_px(0.12);
      }
    CAPTURE(i);
    MESSAGE("soldier " << i << " (" << anim::role_name(f.role) << "): eye " << eye << " px, brim " << helmet_front - face_front
                       << " px past the face, accent " << accent << " px, antenna " << antenna
                       << " px (before: no eye, brim 0 px, no accent, the antenna on all five)");
    CHECK(eye >= 1);
    CHECK(helmet_front - face_front >= 2.0f);
    CHECK(accent >= 2);
    antennas += antenna > 3;
    radiomen += f.role == anim::Role::radioman;
    if (f.role == anim::Role::radioman) CHECK(antenna > 3);
  }
  std::set<anim::Role> roles;
  for (const anim::CharacterFrame& f : s.frames) roles.insert(f.role);
  CHECK(roles.size() == 3);
  CHECK(antennas == radiomen);  // was: the antenna on everyone
  CHECK(radiomen == 1);
  // The mark: above the selected soldier's helmet, and above no one else's.
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    const glm::vec2 head = s.px(anim::Joint::head, i);
    int marked = 0;
    for (int y = static_cast<int>(head.y - s.cam.to_px(0.5)); y < static_cast<int>(head.y - s.cam.to_px(0.22)); ++y)
      for (int x = static_cast<int>(head.x - s.cam.to_px(0.1)); x < static_cast<int>(head.x + s.cam.to_px(0.1)); ++x)
        marked += !s.map.any(x, y) && !(s.full.pixel(x, y) == s.behind.pixel(x, y));
    CAPTURE(i);
    if (static_cast<int>(i) == s.selected) CHECK(marked > 10);
    else CHECK(marked == 0);
  }
}

TEST_CASE("firing reads: a muzzle flash, and a kick the frame shows") {
  const Shot& s = firing_line();
  const render::Palette palette = render::default_palette();
  int flashes = 0;
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    const glm::vec2 muzzle = s.cam.to_canvas(s.frames[i].rifle.muzzle);
    int bright = 0;
    for (int y = static_cast<int>(muzzle.y) - 20; y < static_cast<int>(muzzle.y) + 20; ++y)
      for (int x = static_cast<int>(muzzle.x) - 20; x < static_cast<int>(muzzle.x) + 40; ++x)
        bright += !(s.full.pixel(x, y) == s.behind.pixel(x, y)) && !s.map.any(x, y) &&
                  look_probe::lab(s.full.pixel(x, y)).chroma() > 40.0;
    const bool shot = s.frames[i].since_shot >= 0.0 && s.frames[i].since_shot < 0.05;
    CAPTURE(i);
    if (shot) CHECK(bright > 20);
    flashes += bright > 20;
  }
  MESSAGE("firing line: " << flashes << " muzzle flashes in the frame (before: none)");
  CHECK(flashes >= 2);

  // The kick, from the pixels: the farthest rifle pixel along the bore before the shot and at
  // the top of the kick, at the sandbox's 100 px/m.
  const anim::Terrain flat;
  anim::Character ch(anim::CharacterSpec{}, anim::Tuning{}, flat);
  anim::Intent aim;
  aim.has_aim = true;
  aim.aim_world = {20.0, 1.5};
  for (int k = 0; k < 240; ++k) ch.step(aim, 1.0 / 120.0, flat);
  auto muzzle_px = [&](const anim::CharacterFrame& f) {
    render::Camera cam;
    cam.px_per_m = 100.0;
    cam.width = 400;
    cam.height = 300;
    cam.center_world = {0.5, 1.2};
    render::Canvas c(cam.width, cam.height);
    render::FigureTiles scratch;
    render::paint_figure_runs(c, render::figure_runs(cam, f), id_palette(palette, 0), scratch);
    const IdMap map(c);
    glm::vec2 tip{-1e9f, 0.0f};
    for (int y = 0; y < cam.height; ++y)
      for (int x = 0; x < cam.width; ++x)
        if (map.at(x, y).material == kRifle && x > tip.x) tip = {static_cast<float>(x), static_cast<float>(y)};
    return tip;
  };
  const glm::vec2 rest = muzzle_px(ch.frame());
  anim::Intent shot = aim;
  shot.fire = true;
  ch.step(shot, 1.0 / 120.0, flat);
  float kick = 0.0f;
  for (int k = 0; k < 24; ++k) {
    ch.step(aim, 1.0 / 120.0, flat);
    kick = std::max(kick, glm::length(muzzle_px(ch.frame()) - rest));
  }
  MESSAGE("a shot moves the muzzle " << kick << " px at 100 px/m (before: 5.4 px)");
  CHECK(kick > 10.0f);
}

TEST_CASE("10. risers are darker than treads on the 0.3 m steps") {
  render::Camera cam;
  cam.px_per_m = 160.0;
  cam.width = 960;
  cam.height = 540;
  const render::CourseShape shape;
  const anim::Terrain course = render::sheet_course(shape);
  cam.center_world = {shape.slope_start + shape.slope_run + shape.plateau + 1.4, 0.9};
  for (const render::Palette& palette : {render::default_palette(), render::sheet_palette()}) {
    render::Canvas c(cam.width, cam.height);
    render::GroundStyle style;
    style.props = true;
    render::draw_terrain(c, cam, course, palette, style);
    std::vector<double> tread, riser;
    for (int y = 0; y < cam.height; ++y)
      for (int x = 0; x < cam.width; ++x) {
        const glm::vec2 p{x + 0.5f, y + 0.5f};
        const anim::vec2 w = cam.to_world(p);
        if (w.y > course.ground_at(w.x)) continue;  // above the ground
        double best = 1e9;
        bool steep = false;
        for (std::size_t i = 0; i + 1 < course.ground.size(); ++i) {
          const glm::vec2 a = cam.to_canvas(course.ground[i]), b = cam.to_canvas(course.ground[i + 1]);
          const float d = to_segment(p, a, b);
          if (d < best) best = d, steep = std::abs(b.y - a.y) > 2.0f * std::abs(b.x - a.x);
        }
        if (best > 1.0 && best < 6.0) (steep ? riser : tread).push_back(lstar(c.pixel(x, y)));
      }
    MESSAGE("steps: the band along a tread L* " << look_probe::median(tread) << ", along a riser "
                                               << look_probe::median(riser) << " (before: both 28.1)");
    CHECK(look_probe::median(tread) - look_probe::median(riser) > 8.0);
  }
}

TEST_CASE("the ladders in the pixels: even steps, none above 18, highlights below the cloth and the background") {
  const render::Palette palette = render::default_palette();
  const Shot& s = opening();
  std::map<std::pair<int, int>, std::vector<double>> tone;  // (material, ladder index) -> L*
  for (int y = 0; y < s.map.height(); ++y)
    for (int x = 0; x < s.map.width(); ++x)
      if (s.map.interior(x, y) && s.map.at(x, y).material != kAccent) {
        const IdPixel& p = s.map.at(x, y);
        // The front rank only: one palette (the back rank's is the same ladder, hazed).
        if (render::rank_of(static_cast<std::size_t>(p.soldier), s.selected) != 0) continue;
        tone[{p.material, p.index}].push_back(lstar(s.full.pixel(x, y)));
      }
  double brightest_cloth = 0.0;
  for (int m : {kFabric, kGear})
    if (tone.count({m, static_cast<int>(ladder_of(palette, m).base) + 1}))
      brightest_cloth = std::max(brightest_cloth, look_probe::median(tone[{m, static_cast<int>(ladder_of(palette, m).base) + 1}]));
  for (int m : {kHelmet, kSkin, kFabric, kGear, kBoots, kRifle}) {
    std::vector<double> steps;
    const int base = static_cast<int>(ladder_of(palette, m).base);
    for (int k = base - 1; k <= base + 1; ++k) {
      REQUIRE(tone.count({m, k}));
      steps.push_back(look_probe::median(tone[{m, k}]));
    }
    CAPTURE(m);
    CHECK(steps[1] - steps[0] <= render::kMaxLadderStep);
    CHECK(steps[2] - steps[1] <= render::kMaxLadderStep);
    CHECK(std::abs((steps[2] - steps[1]) - (steps[1] - steps[0])) < 2.0);
    CHECK(steps[2] <= brightest_cloth + 0.5);  // no highlight above the brightest cloth
  }
  // Every highlight pixel is darker than what is behind it.
  const auto lit = look_probe::separation(s.full, s.behind, s.map, [&](const IdPixel& p, int x, int y) {
    return p.material != kAccent && p.index == static_cast<int>(ladder_of(palette, p.material).base) + 1 &&
           lstar(s.full.pixel(x, y)) < lstar(s.behind.pixel(x, y));
  });
  const auto all_lit = look_probe::separation(s.full, s.behind, s.map, [&](const IdPixel& p, int, int) {
    return p.material != kAccent && p.index == static_cast<int>(ladder_of(palette, p.material).base) + 1;
  });
  CHECK(lit.size() == all_lit.size());
  CHECK(look_probe::quantile(all_lit, 0.01) > 6.0);
}

TEST_CASE("one outline per silhouette: nothing drawn round a soldier, no dark ring inside him") {
  const Shot& s = opening();
  const render::Palette palette = render::default_palette();
  double darkest = 100.0;
  for (const render::Palette& p : {palette, render::hazed(palette, render::RankStyle{}.back_haze)})
    for (int m : {kHelmet, kSkin, kFabric, kGear, kBoots, kRifle})
      for (const render::Rgba c : ladder_of(p, m).steps) darkest = std::min(darkest, lstar(c));
  int ring = 0, inside = 0, outside = 0;
  for (int y = 2; y < s.map.height() - 2; ++y)
    for (int x = 2; x < s.map.width() - 2; ++x) {
      // Inside: no pixel darker than the darkest tone of any ladder (a drawn outline would be).
      if (s.map.interior(x, y)) {
        ++inside;
        ring += lstar(s.full.pixel(x, y)) < darkest - 1.0;
        continue;
      }
      // Outside: a pixel no soldier covers, next to one: it is the scene, unchanged -- above
      // the ground (the contact shadow is below it) and away from the selection mark.
      if (s.ids.pixel(x, y).a != 0) continue;
      bool next_to = false;
      for (int d = -2; d <= 2; ++d) next_to = next_to || s.map.any(x + d, y) || s.map.any(x, y + d);
      if (!next_to || s.cam.to_world({x + 0.5f, y + 0.5f}).y < s.terrain.ground_at(s.cam.to_world({x + 0.5f, 0.0f}).x) + 0.03)
        continue;
      outside += !(s.full.pixel(x, y) == s.behind.pixel(x, y));
    }
  MESSAGE(inside << " interior figure pixels, " << ring << " darker than the darkest ladder tone; " << outside
                 << " pixels just outside a silhouette changed");
  CHECK(ring == 0);
  CHECK(outside == 0);
}

TEST_CASE("the same pose renders identically") {
  const render::Palette palette = render::default_palette();
  render::Camera cam;
  cam.px_per_m = 120.0;
  cam.width = 640;
  cam.height = 360;
  cam.center_world = {1.0, 1.0};
  const anim::CharacterFrame f = test_poses::make_test_frame({0.0, 0.0}, 1);
  anim::CharacterFrame g = f;  // the same pose 2 m to the right: 240 px exactly
  for (anim::vec2& j : g.joints) j.x += 2.0;
  g.rifle = {f.rifle.butt + anim::vec2{2.0, 0.0}, f.rifle.grip + anim::vec2{2.0, 0.0}, f.rifle.fore + anim::vec2{2.0, 0.0},
             f.rifle.muzzle + anim::vec2{2.0, 0.0}};
  g.body.origin_world.x += 2.0;
  g.eye.x += 2.0;
  render::Canvas a(cam.width, cam.height), b(cam.width, cam.height), c(cam.width, cam.height);
  for (render::Canvas* k : {&a, &b, &c}) k->clear({200, 205, 210, 255});
  render::draw_soldier(a, cam, f, palette);
  render::draw_soldier(b, cam, f, palette);
  render::draw_soldier(c, cam, g, palette);
  int differ = 0, shifted_off = 0, painted = 0;
  for (int y = 0; y < cam.height; ++y)
    for (int x = 0; x + 240 < cam.width; ++x) {
      differ += !(a.pixel(x, y) == b.pixel(x, y));
      const render::Rgba p = a.pixel(x, y), q = c.pixel(x + 240, y);
      painted += !(p == render::Rgba{200, 205, 210, 255});
      shifted_off += std::max({std::abs(p.r - q.r), std::abs(p.g - q.g), std::abs(p.b - q.b)}) > 1;
    }
  REQUIRE(painted > 2000);
  CHECK(differ == 0);
  CHECK(shifted_off == 0);
}
