// `soldier render --scenario FILE (--at T [--at T ...] --out PNG | --from T0 --to T1 --fps N
// --out DIR/|FILE.mp4|FILE.gif) [--size WxH] [--follow ID] [--zoom PX_PER_M] [--center X,Y]
// [--overlay]` (INTERFACES.md).
#include "game/core/frame_sequence.hpp"
#include "game/core/frame_sheet.hpp"
#include "game/core/headless.hpp"
#include "game/core/interrupt.hpp"
#include "game/core/sequence_output.hpp"
#include "game/core/thread_pool.hpp"
#include "render/png_io.hpp"

namespace game {
namespace {

// --at or --from/--to/--fps, not both, and each with its kind of --out.
std::string check_mode(const RenderOptions& o) {
  const bool sequence = o.from || o.to || o.fps;
  if (sequence && !o.at.empty()) return "give --at, or --from/--to/--fps for a sequence, not both";
  if (!sequence && o.at.empty()) return "give --at T (one or more), or --from T0 --to T1 --fps N for a sequence";
  if (sequence && !(o.from && o.to && o.fps)) return "a sequence needs all of --from T0, --to T1 and --fps N";
  if (!sequence && names_sequence_target(o.out))
    return "--out " + o.out + ": --at writes one PNG; a folder or a video takes --from/--to/--fps";
  return {};
}

int render_sequence(const RenderOptions& o, const FrameView& view, const Scenario& scenario, const anim::Tuning& tuning) {
  const SequenceRequest request{*o.from, *o.to, *o.fps};
  if (const std::string bad = check_sequence(scenario, request); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  std::string error;
  const std::optional<SequenceTarget> target = sequence_target(o.out, error);
  if (!target) {
    report_error(error);
    return 2;
  }
  const InterruptGuard interrupt;
  const std::unique_ptr<SequenceWriter> writer = SequenceWriter::open(o.out, *target, request.fps, error);
  if (!writer) {
    report_error(error);
    return 1;
  }
  const bool drawn = draw_sequence(scenario, request, view, o.width, o.height, tuning,
                                   [&](std::size_t index, const render::Canvas& frame) {
                                     if (InterruptGuard::requested()) return false;
                                     return writer->add(index, frame, error);
                                   });
  if (InterruptGuard::requested()) {
    report_error("interrupted: nothing written");
    return kInterruptedStatus;
  }
  if (!drawn || !writer->finish(error)) {
    report_error(InterruptGuard::requested() ? "interrupted: nothing written" : error);
    return InterruptGuard::requested() ? kInterruptedStatus : 1;
  }
  return 0;
}

}  // namespace

int run_render(const RenderOptions& options) {
  if (const std::string bad = check_mode(options); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  if (const std::string bad = check_sheet_size(options.at.size(), options.width, options.height); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  const std::optional<Scenario> scenario = load_scenario(options.scenario, options.seed);
  if (!scenario) return 1;
  const std::optional<anim::Tuning> tuning = load_tuning(options.tuning, *scenario);
  if (!tuning) return 1;
  if (const std::string bad = check_view(*scenario, options.view); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  if (!options.at.empty() || !options.from) {
    if (const std::string bad = check_times(*scenario, options.at); !bad.empty()) {
      report_error(bad);
      return 2;
    }
  }
  ThreadPool pool(options.threads > 0 ? options.threads : default_thread_count());
  FrameView view = options.view;
  view.pool = &pool;
  if (options.from) return render_sequence(options, view, *scenario, *tuning);

  const render::Canvas sheet = draw_frames_at(*scenario, options.at, options.width, options.height, *tuning, view);
  std::string error;
  if (!render::write_png(sheet, options.out, error)) {
    report_error(error);
    return 1;
  }
  return 0;
}

}  // namespace game
