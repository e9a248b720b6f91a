// `soldier critique (--scenario FILE --at T | --preset NAME [--at T]) --out DIR [--reference PNG]
// [--size WxH] [--tuning FILE]` (INTERFACES.md): the packet for a vision-model review
// (reference Rule 9).
#include "game/core/critique_checks.hpp"
#include "game/core/critique_presets.hpp"
#include "game/core/critique_prompts.hpp"
#include "game/core/frame_sheet.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "game/core/world.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"
#include "render/sheet.hpp"
#include "render/sheet_cycle.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

namespace game {
namespace {

namespace fs = std::filesystem;

bool write_text(const std::string& path, const std::string& text, std::string& error) {
  const std::unique_ptr<OutputFile> file = OutputFile::open(path, error);
  if (!file) return false;
  std::fwrite(text.data(), 1, text.size(), file->stream());
  return file->commit(error);
}

// The frame on the left, the reference on the right, top-aligned, on a neutral grey.
render::Canvas side_by_side(const render::Canvas& frame, const render::Canvas& reference) {
  render::Canvas both(frame.width() + reference.width(), std::max(frame.height(), reference.height()));
  both.clear(render::Rgba{128, 128, 128, 255});
  both.blit(frame, 0, 0);
  both.blit(reference, frame.width(), 0);
  return both;
}

// The scene: a preset's text or a scenario file, and the time to show.
struct Scene {
  Scenario scenario;
  double at = 0.0;
};

std::optional<Scene> load_scene(const CritiqueOptions& o) {
  if (o.preset.empty() == o.scenario.empty()) {
    report_error("expected --scenario FILE or --preset " + critique_preset_names() + " (one of them)");
    return std::nullopt;
  }
  Scene s;
  if (!o.preset.empty()) {
    const CritiquePreset* preset = find_critique_preset(o.preset);
    if (!preset) {
      report_error("--preset " + o.preset + ": expected one of " + critique_preset_names());
      return std::nullopt;
    }
    ScenarioResult r = parse_scenario_text(preset->scenario, "preset " + std::string(preset->name));
    if (auto* e = std::get_if<ScenarioError>(&r)) {
      report_error(e->message);  // a built-in scene that does not parse is a bug, said as one line
      return std::nullopt;
    }
    s.scenario = std::get<Scenario>(std::move(r));
    s.at = o.at.value_or(preset->at);
    return s;
  }
  if (!o.at) {
    report_error("--at T is required with --scenario");
    return std::nullopt;
  }
  std::optional<Scenario> scenario = load_scenario(o.scenario);
  if (!scenario) return std::nullopt;
  s.scenario = std::move(*scenario);
  s.at = *o.at;
  return s;
}

// The frames of every soldier at the step `frame_sheet` shows for time t.
std::vector<anim::CharacterFrame> frames_at(const Scenario& scenario, double t, const anim::Tuning& tuning) {
  std::vector<anim::CharacterFrame> out;
  const std::int64_t want = std::max<std::int64_t>(1, std::llround(t / scenario.dt));
  simulate(scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> frames) {
    if (step.index == want) out.assign(frames.begin(), frames.end());
    return step.index < want;
  }, tuning);
  return out;
}

// The animator's sheet: a walk and a run, one full cycle each.
std::optional<render::Canvas> contact_sheet(const anim::Tuning& tuning, std::string& error) {
  std::vector<render::CycleSample> rows;
  for (double speed : {1.4, 3.5}) {
    render::CycleRequest request;
    request.speed = speed;
    request.stills = 10;
    rows.push_back(render::sample_cycle(request, tuning));
    if (rows.back().frames.empty()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "no steady gait cycle at %.1f m/s for the contact sheet", speed);
      error = buf;
      return std::nullopt;
    }
  }
  return render::draw_contact_sheet(rows, render::SheetOptions{}, render::sheet_palette());
}

}  // namespace

std::string check_packet_folder(const std::string& out) {
  const fs::path p(out);
  std::error_code ec;
  if (fs::exists(p, ec) && !fs::is_directory(p, ec))
    return "--out " + out + ": is a file; --out names a folder for the packet";
  // A name like x.png reads as a file: a folder of that name would surprise (issue 16).
  std::string ext = p.filename().extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* file_ext : {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".txt", ".csv", ".toml", ".json", ".mp4", ".bvh"}) {
    if (ext == file_ext)
      return "--out " + out + ": names a file; --out names a folder for the packet (frame.png, the prompts ... go "
             "inside it), e.g. --out review/";
  }
  return {};
}

int run_critique(const CritiqueOptions& options) {
  // Everything that can fail on the user's input is checked before anything is written.
  if (const std::string bad = check_packet_folder(options.out); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  const std::optional<Scene> scene = load_scene(options);
  if (!scene) return 2;
  const double times[] = {scene->at};
  if (const std::string bad = check_times(scene->scenario, times); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning, scene->scenario);
  if (!tuning) return 1;
  std::string error;
  std::optional<render::Canvas> reference;
  if (!options.reference.empty()) {
    reference = render::read_png(options.reference, error);
    if (!reference) {
      report_error(error);
      return 1;
    }
  }
  const render::Canvas frame = draw_frames_at(scene->scenario, times, options.width, options.height, *tuning);
  const std::optional<render::Canvas> sheet = contact_sheet(*tuning, error);
  if (!sheet) {
    report_error(error);
    return 1;
  }

  std::error_code ec;
  fs::create_directories(options.out, ec);
  if (ec || !fs::is_directory(options.out)) {
    report_error(options.out + ": cannot create the folder" + (ec ? " (" + ec.message() + ")" : ""));
    return 1;
  }
  const fs::path dir(options.out);
  std::vector<std::string> wrote;
  auto png = [&](const render::Canvas& c, const char* name) {
    const std::string path = (dir / name).string();
    if (!render::write_png(c, path, error)) return false;
    wrote.push_back(path);
    return true;
  };
  auto text = [&](const std::string& t, const char* name) {
    const std::string path = (dir / name).string();
    if (!write_text(path, t, error)) return false;
    wrote.push_back(path);
    return true;
  };
  const bool with_reference = reference.has_value();
  const bool ok = png(frame, "frame.png") && png(*sheet, "contact_sheet.png") &&
                  (!with_reference || png(side_by_side(frame, *reference), "side_by_side.png")) &&
                  text(art_director_prompt(with_reference), "art_director.txt") &&
                  text(animator_prompt(with_reference), "animator.txt");
  if (!ok) {
    report_error(error);
    return 1;
  }
  for (const std::string& path : wrote) std::printf("%s\n", path.c_str());
  for (const std::string& note : unshown_requests(scene->scenario, scene->at, frames_at(scene->scenario, scene->at, *tuning)))
    std::printf("note: %s\n", note.c_str());
  return 0;
}

}  // namespace game
