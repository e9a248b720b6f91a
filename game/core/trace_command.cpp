// `soldier trace --scenario FILE --out CSV [--summary]` (INTERFACES.md).
#include "game/core/gait_summary.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "game/core/progress.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/world.hpp"

namespace game {

int run_trace(const TraceOptions& options) {
  if (options.summary && options.out == "-") {
    report_error("--summary prints to stdout, so --out must be a file, not -");
    return 1;
  }
  const std::optional<Scenario> scenario = load_scenario(options.scenario);
  if (!scenario) return 1;
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning);
  if (!tuning) return 1;

  std::string error;
  const std::unique_ptr<OutputFile> file = OutputFile::open(options.out, error);
  if (!file) {
    report_error(error);
    return 1;
  }
  std::vector<std::string> ids;
  for (const SoldierScript& s : scenario->soldiers) ids.push_back(s.spec.id);

  TraceWriter writer(file->stream(), ids);
  GaitSummary summary(ids, scenario->terrain);
  Progress progress("trace", step_count(*scenario));
  writer.header();
  simulate(*scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> frames) {
    writer.rows(step.t, frames);
    if (options.summary) summary.add(frames, scenario->dt);
    progress.update(step.index);
    return true;
  }, *tuning);
  if (!file->commit(error)) {
    report_error(error);
    return 1;
  }
  if (options.summary) summary.print(stdout);
  return 0;
}

}  // namespace game
