// `soldier export --scenario FILE --id ID --out FILE.bvh` (INTERFACES.md): one soldier's
// motion as BVH, for Blender and other animation tools.
#include "game/core/bvh_writer.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "game/core/progress.hpp"
#include "game/core/world.hpp"

#include <cctype>
#include <filesystem>
#include <vector>

namespace game {
namespace {

// The index of the soldier `id` names (the only one when empty), or an error line.
std::optional<std::size_t> pick_soldier(const Scenario& scenario, const std::string& id, std::string& error) {
  std::string ids;
  for (std::size_t i = 0; i < scenario.soldiers.size(); ++i) {
    if (scenario.soldiers[i].spec.id == id) return i;
    ids += (ids.empty() ? "" : ", ") + scenario.soldiers[i].spec.id;
  }
  if (id.empty() && scenario.soldiers.size() == 1) return 0;
  error = id.empty() ? "--id is required: the scenario has " + std::to_string(scenario.soldiers.size()) +
                           " soldiers (" + ids + ")"
                     : "--id " + id + ": no soldier of that id in the scenario (its ids: " + ids + ")";
  return std::nullopt;
}

}  // namespace

int run_export(const ExportOptions& options) {
  std::string ext = std::filesystem::path(options.out).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".bvh") {
    report_error("--out " + options.out + ": expected a .bvh file");
    return 2;
  }
  const std::optional<Scenario> scenario = load_scenario(options.scenario, options.seed);
  if (!scenario) return 1;
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning, *scenario);
  if (!tuning) return 1;
  std::string error;
  const std::optional<std::size_t> soldier = pick_soldier(*scenario, options.id, error);
  if (!soldier) {
    report_error(error);
    return 2;
  }
  const std::unique_ptr<OutputFile> file = OutputFile::open(options.out, error);
  if (!file) {
    report_error(error);
    return 1;
  }
  std::vector<anim::CharacterFrame> frames;
  frames.reserve(static_cast<std::size_t>(step_count(*scenario)));
  Progress progress("export", step_count(*scenario));
  simulate(*scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> all) {
    frames.push_back(all[*soldier]);
    progress.update(step.index);
    return true;
  }, *tuning);
  write_bvh(file->stream(), frames, scenario->dt);
  if (!file->commit(error)) {
    report_error(error);
    return 1;
  }
  return 0;
}

}  // namespace game
