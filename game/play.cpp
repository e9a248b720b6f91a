// `soldier play`: the window (issue 4). The loop has visible Init / Update / Draw /
// Shutdown parts (STYLE.md 10); update never draws. Everything testable without a window
// lives in game/core (PlaySession, the input table, squad, camera, overlay, tuning file);
// this file only wires SDL, ImGui and the clock to it.
#include "game/play.hpp"

#include "game/core/headless.hpp"
#include "game/core/output_file.hpp"
#include "game/core/play_frame.hpp"
#include "game/core/play_level.hpp"
#include "game/core/play_session.hpp"
#include "game/core/thread_pool.hpp"
#include "game/core/tuning_file.hpp"
#include "game/sdl_input.hpp"
#include "game/sdl_window.hpp"
#include "game/tuning_panel.hpp"
#include "render/palette.hpp"
#include "render/png_io.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <variant>

namespace game {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kWindowWidth = 1280;   // points (issue 4)
constexpr int kWindowHeight = 720;
constexpr double kMinFrame = 1.0 / 240.0;  // s: without vsync (Xvfb) do not spin the CPU

// The level and where Save/Load of the panel point, or an error line.
struct Setup {
  Scenario level;
  anim::Tuning tuning;
  std::string tuning_path;   // where the F3 panel saves and loads (never a shipped file)
  std::string note;  // shown on screen at start (a missing default level)
  std::string level_name = "the built-in flat level";  // for a recording's first comment
};

std::optional<Setup> load_setup(const PlayOptions& o) {
  Setup s;
  const std::vector<std::string> roots = asset_roots();
  std::string level_path = o.level;
  if (level_path.empty()) {
    level_path = find_asset("levels/sandbox.toml", roots);
    if (level_path.empty()) s.note = "assets/levels/sandbox.toml not found: flat ground";
  }
  if (!level_path.empty()) {
    auto r = load_play_level(level_path);
    if (auto* e = std::get_if<ScenarioError>(&r)) {
      report_error(e->message);
      return std::nullopt;
    }
    s.level = std::get<Scenario>(std::move(r));
    s.level_name = level_path;
  }
  if (!o.tuning.empty()) {
    TuningResult r = load_tuning_file(o.tuning);
    if (auto* e = std::get_if<TuningError>(&r)) {
      report_error(e->message);
      return std::nullopt;
    }
    s.tuning = std::get<anim::Tuning>(r);
  } else if (s.level.tuning) {
    // As the headless commands do (load_tuning): --tuning FILE, else the level's own [tuning]
    // (a recording played as a level keeps the tuning it was made with), else the defaults.
    s.tuning = *s.level.tuning;
  }
  s.tuning_path = tuning_save_path(o.tuning, roots);
  return s;
}

// The one line printed when there is no display to open the window on; it points at what
// works without one.
std::string no_display_message(const std::string& why) {
  return "no display to open the window on (" + why +
         "); without one use the headless commands (soldier render, trace, critique, export: see soldier --help) "
         "or a virtual display: xvfb-run -a soldier play ...";
}

// Empty when a display is there to try (X11 or Wayland), or SDL_VIDEODRIVER names a driver
// on purpose (the tests use "dummy"); else why not. Checked before SDL starts, so a machine
// without a display gets one line at once instead of SDL's own warnings and an invisible
// window that never ends (issue 16).
std::string env_or_empty(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? v : "";
}

// A local X display (":N", "unix:N", with or without ".screen") listens on the socket
// /tmp/.X11-unix/XN: without it there is no server to talk to, and SDL need not try.
bool local_x_server_missing(const std::string& display) {
  std::string rest = display;
  if (rest.rfind("unix:", 0) == 0) rest = rest.substr(4);
  if (rest.empty() || rest[0] != ':') return false;  // a remote display: only SDL can tell
  const std::string number = rest.substr(1, rest.find('.') == std::string::npos ? std::string::npos : rest.find('.') - 1);
  if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos) return false;
  std::error_code ec;
  return !fs::exists("/tmp/.X11-unix/X" + number, ec);
}

std::string missing_display() {
  if (!env_or_empty("SDL_VIDEODRIVER").empty() || !env_or_empty("WAYLAND_DISPLAY").empty()) return {};
  const std::string x11 = env_or_empty("DISPLAY");
  if (x11.empty()) return no_display_message("DISPLAY is not set");
  if (local_x_server_missing(x11)) return no_display_message("no X server at DISPLAY=" + x11);
  return {};
}

// Empty when --record names a .toml file in an existing, writable folder (or is not given).
std::string check_record_path(const std::string& path) {
  if (path.empty()) return {};
  const fs::path p(path);
  if (p.extension() != ".toml") return "--record " + path + ": expected a scenario file name ending in .toml";
  std::error_code ec;
  if (fs::is_directory(p, ec)) return "--record " + path + ": is a folder, expected a .toml file";
  const fs::path folder = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(folder, ec)) return "--record " + path + ": folder " + folder.string() + " does not exist";
  if (::access(folder.c_str(), W_OK) != 0) return "--record " + path + ": folder " + folder.string() + " is not writable";
  return {};
}

class PlayApp {
 public:
  PlayApp(const PlayOptions& options, Setup setup)
      : options_(options),
        session_(setup.level, options.soldiers, setup.tuning),
        panel_(make_tuning_panel_state(setup.tuning_path)),
        start_note_(std::move(setup.note)),
        pool_(options.threads > 0 ? options.threads : default_thread_count()) {
    session_.set_level_name(setup.level_name);
    session_.set_pool(&pool_);
  }

  // ---- Init: SDL, the window, ImGui. False (and one line on stderr) when any fails.
  bool init() {
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");  // the canvas is shown 1:1, never smoothed
    // Only the display the environment names is tried, so an unreachable one is one line of
    // ours, not the other backend's warnings.
    const std::string x11 = env_or_empty("DISPLAY"), wayland = env_or_empty("WAYLAND_DISPLAY");
    if (env_or_empty("SDL_VIDEODRIVER").empty() && x11.empty() != wayland.empty())
      SDL_SetHint(SDL_HINT_VIDEODRIVER, x11.empty() ? "wayland" : "x11");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
      const std::string named = !x11.empty() ? "DISPLAY=" + x11 : "WAYLAND_DISPLAY=" + wayland;
      report_error(no_display_message("cannot open " + named + ": " + SDL_GetError()));
      return false;
    }
    sdl_started_ = true;
    // A display that cannot be reached makes SDL fall back to a driver that shows nothing;
    // that is only wanted when asked for by name.
    const std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
    if ((driver == "offscreen" || driver == "dummy" || driver.empty()) && env_or_empty("SDL_VIDEODRIVER").empty()) {
      report_error(no_display_message("SDL found none, only its \"" + driver + "\" driver"));
      return false;
    }
    std::string error;
    window_ = GameWindow::open("soldier", kWindowWidth, kWindowHeight, error);
    if (!window_) {
      report_error(error);
      return false;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini littered into the working directory
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window_->window());
    ImGui_ImplSDLRenderer_Init(window_->renderer());
    imgui_started_ = true;
    started_ = last_ = Clock::now();
    if (!start_note_.empty()) session_.add_note(start_note_, 0.0);
    session_.add_note("F1: controls", 0.0);
    session_.toggles().overlay = options_.overlay;
    if (!options_.record.empty()) {
      session_.start_recording();
      session_.add_note("recording into " + options_.record + " (F5 stops)", 0.0);
    }
    return true;
  }

  // ---- Update: events -> input -> the session's fixed steps; the panel's widgets. Draws
  // nothing. Returns false when the program should end.
  bool update() {
    const Clock::time_point now = Clock::now();
    const double wall_dt = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();

    const ImGuiIO& io = ImGui::GetIO();
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
      ImGui_ImplSDL2_ProcessEvent(&e);
      const bool panel_open = session_.toggles().panel;
      input_.handle(e, !(panel_open && io.WantCaptureKeyboard), !(panel_open && io.WantCaptureMouse));
    }
    view_ = window_->view();
    const PlayInput in = input_.take(view_.dpi_scale);
    session_.update(in, wall_dt, elapsed, view_);

    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    if (session_.toggles().panel) tuning_panel(session_.tuning(), panel_, &session_.toggles().panel);
    ImGui::Render();

    write_recording(elapsed);
    const bool timed_out = options_.quit_after > 0.0 && elapsed >= options_.quit_after;
    return !(input_.quit_requested() || session_.quit_requested() || timed_out);
  }

  // ---- Draw: the canvas by the one renderer, the screenshot, the HUD, then the window.
  void draw() {
    const Clock::time_point t0 = last_;
    if (canvas_.width() != view_.width || canvas_.height() != view_.height) canvas_ = render::Canvas(view_.width, view_.height);
    draw_world_layer(canvas_, session_, view_, palette_, stats_);
    if (session_.take_screenshot_request()) write_f12_screenshot();
    if (!options_.screenshot.empty()) last_world_ = canvas_;  // --screenshot: the last frame shown
    draw_hud_layer(canvas_, session_, view_, stats_);
    window_->show_canvas(canvas_);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    window_->present();
    const double spent = std::chrono::duration<double>(Clock::now() - t0).count();
    stats_.frame_ms = 1000.0 * spent;
    if (spent < kMinFrame) SDL_Delay(static_cast<Uint32>(1000.0 * (kMinFrame - spent)));
  }

  // ---- Shutdown: the --screenshot file, then ImGui, the window and SDL, in reverse order.
  int shutdown() {
    int status = 0;
    // A recording still running ends with the session and is written like any other.
    session_.stop_recording();
    if (!write_recording(0.0) && !options_.record.empty()) status = 1;
    if (!options_.screenshot.empty() && last_world_.width() > 0) {
      std::string error;
      if (!render::write_png(last_world_, options_.screenshot, error)) {
        report_error(error);
        status = 1;
      }
    }
    if (imgui_started_) {
      ImGui_ImplSDLRenderer_Shutdown();
      ImGui_ImplSDL2_Shutdown();
      ImGui::DestroyContext();
    }
    input_.close();
    window_.reset();
    if (sdl_started_) SDL_Quit();
    return status;
  }

 private:
  // Writes a finished recording, if there is one: to --record's file, else to
  // recordings/recording_N.toml in the working directory (as F12 writes screenshots/).
  // False when one could not be written (the error is on screen and on stderr).
  bool write_recording(double now) {
    const std::optional<std::string> text = session_.take_recording();
    if (!text) return true;
    std::string path = options_.record;
    if (path.empty()) {
      std::error_code ec;
      fs::create_directories("recordings", ec);
      do path = "recordings/recording_" + std::to_string(++recordings_) + ".toml";
      while (fs::exists(path, ec));
    }
    std::string error;
    const std::unique_ptr<OutputFile> file = OutputFile::open(path, error);
    bool ok = file != nullptr;
    if (ok) {
      std::fwrite(text->data(), 1, text->size(), file->stream());
      ok = file->commit(error);
    }
    session_.add_note(ok ? "recorded: " + path + " (soldier trace --scenario " + path + " replays it)" : error, now);
    if (!ok) report_error(error);
    return ok;
  }

  void write_f12_screenshot() {
    std::error_code ec;
    fs::create_directories("screenshots", ec);
    const std::string path = "screenshots/soldier_" + std::to_string(session_.steps()) + "_" +
                             std::to_string(++shots_) + ".png";
    std::string error;
    const double now = std::chrono::duration<double>(Clock::now() - started_).count();
    session_.add_note(render::write_png(canvas_, path, error) ? "screenshot: " + path : error, now);
  }

  PlayOptions options_;
  PlaySession session_;
  TuningPanelState panel_;
  std::string start_note_;
  ThreadPool pool_;  // after session_: destroyed first, while nothing runs on it
  std::unique_ptr<GameWindow> window_;
  SdlInput input_;
  render::Palette palette_ = render::default_palette();
  render::Canvas canvas_{0, 0};
  render::Canvas last_world_{0, 0};
  ViewSize view_;
  FrameStats stats_;
  Clock::time_point started_, last_;
  int shots_ = 0;
  int recordings_ = 0;
  bool sdl_started_ = false;
  bool imgui_started_ = false;
};

}  // namespace

int run_play(const PlayOptions& options) {
  if (const std::string why = missing_display(); !why.empty()) {
    report_error(why);
    return 1;
  }
  if (const std::string bad = check_record_path(options.record); !bad.empty()) {
    report_error(bad);
    return 2;
  }
  std::optional<Setup> setup = load_setup(options);
  if (!setup) return 1;
  PlayApp app(options, std::move(*setup));
  if (!app.init()) {
    app.shutdown();
    return 1;
  }
  // The last frame is drawn too, so --screenshot holds what the window showed at the end.
  for (bool running = true; running;) {
    running = app.update();
    app.draw();
  }
  return app.shutdown();
}

}  // namespace game
