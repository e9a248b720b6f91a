#pragma once
// The SDL window, renderer and the streaming texture the canvas is shown through. The
// window shows the renderer's canvas pixels unchanged (ARCHITECTURE.md: one renderer).
#include "game/core/play_session.hpp"
#include "render/canvas.hpp"

#include <SDL.h>

#include <memory>
#include <string>

namespace game {

class GameWindow {
 public:
  // A resizable, high-DPI aware window of width x height points; null and `error` set
  // (one line) when SDL cannot make one.
  static std::unique_ptr<GameWindow> open(const char* title, int width, int height, std::string& error);
  ~GameWindow();
  GameWindow(const GameWindow&) = delete;
  GameWindow& operator=(const GameWindow&) = delete;

  SDL_Window* window() const { return window_; }
  SDL_Renderer* renderer() const { return renderer_; }

  // The canvas the frame should be drawn at: the renderer's output in px, and px per point.
  ViewSize view() const;

  // Uploads `canvas` (RGBA8 bytes: SDL_PIXELFORMAT_ABGR8888 on little-endian) and copies it
  // over the whole output. Call between clear and present; ImGui draws after it.
  void show_canvas(const render::Canvas& canvas);
  void present();

 private:
  GameWindow(SDL_Window* w, SDL_Renderer* r) : window_(w), renderer_(r) {}
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  SDL_Texture* texture_ = nullptr;
  int texture_w_ = 0, texture_h_ = 0;
};

}  // namespace game
