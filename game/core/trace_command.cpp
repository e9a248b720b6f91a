// `soldier trace --scenario FILE --out CSV [--summary] [--every N] [--seed S] [--tuning FILE]`, and
// `soldier trace --compare A.csv B.csv` (INTERFACES.md).
#include "game/core/gait_summary.hpp"
#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "game/core/progress.hpp"
#include "game/core/trace_compare.hpp"
#include "game/core/trace_writer.hpp"
#include "game/core/world.hpp"

namespace game {

namespace {

// --compare stands alone; without it --scenario and --out are required.
std::string check_flags(const TraceOptions& o) {
  if (!o.compare.empty()) {
    if (!o.scenario.empty() || !o.out.empty() || o.summary || !o.tuning.empty() || o.every != 1 || o.seed)
      return "--compare A.csv B.csv compares two traces and takes no other option";
    return {};
  }
  if (o.scenario.empty()) return "--scenario is required (or --compare A.csv B.csv)";
  if (o.out.empty()) return "--out is required (a CSV, or - for stdout)";
  if (o.summary && o.out == "-") return "--summary prints to stdout, so --out must be a file, not -";
  return {};
}

}  // namespace

int run_trace(const TraceOptions& options) {
  if (const std::string bad = check_flags(options); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  if (!options.compare.empty()) {
    std::string error;
    const int status = compare_traces(options.compare[0], options.compare[1], stdout, error);
    if (status == 2) report_error(error);
    return status;
  }
  const std::optional<Scenario> scenario = load_scenario(options.scenario, options.seed);
  if (!scenario) return 1;
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning, *scenario);
  if (!tuning) return 1;

  std::string error;
  const std::unique_ptr<OutputFile> file = OutputFile::open(options.out, error);
  if (!file) {
    report_error(error);
    return 1;
  }
  std::vector<std::string> ids;
  for (const SoldierScript& s : scenario->soldiers) ids.push_back(s.spec.id);

  ThreadPool pool(options.threads > 0 ? options.threads : default_thread_count());
  TraceWriter writer(file->stream(), ids);
  GaitSummary summary(ids, scenario->terrain);
  Progress progress("trace", step_count(*scenario));
  writer.header();
  simulate(*scenario, [&](const SimStep& step, std::span<const anim::CharacterFrame> frames) {
    if (step.index % options.every == 0) writer.rows(step.t, frames);
    if (options.summary) summary.add(frames, scenario->dt);
    progress.update(step.index);
    return true;
  }, *tuning, &pool);
  if (!file->commit(error)) {
    report_error(error);
    return 1;
  }
  if (options.summary) summary.print(stdout);
  return 0;
}

}  // namespace game
