#include "game/sdl_window.hpp"

#include <algorithm>

namespace game {

std::unique_ptr<GameWindow> GameWindow::open(const char* title, int width, int height, std::string& error) {
  SDL_Window* w = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                   SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!w) {
    error = std::string("cannot open the window: ") + SDL_GetError();
    return nullptr;
  }
  // Vsync where there is a display that has one; the software renderer where no GPU is
  // (Xvfb, SDL's dummy driver in tests).
  SDL_Renderer* r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!r) r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
  if (!r) {
    error = std::string("cannot create a renderer: ") + SDL_GetError();
    SDL_DestroyWindow(w);
    return nullptr;
  }
  return std::unique_ptr<GameWindow>(new GameWindow(w, r));
}

GameWindow::~GameWindow() {
  if (texture_) SDL_DestroyTexture(texture_);
  SDL_DestroyRenderer(renderer_);
  SDL_DestroyWindow(window_);
}

ViewSize GameWindow::view() const {
  int pw = 0, ph = 0, ww = 0, wh = 0;
  SDL_GetRendererOutputSize(renderer_, &pw, &ph);
  SDL_GetWindowSize(window_, &ww, &wh);
  ViewSize v;
  v.width = std::max(pw, 16);
  v.height = std::max(ph, 16);
  v.dpi_scale = ww > 0 ? static_cast<double>(pw) / ww : 1.0;
  return v;
}

void GameWindow::show_canvas(const render::Canvas& canvas) {
  if (!texture_ || texture_w_ != canvas.width() || texture_h_ != canvas.height()) {
    if (texture_) SDL_DestroyTexture(texture_);
    // ABGR8888 is a packed 32-bit format: on a little-endian machine its bytes in memory
    // are R, G, B, A, exactly the canvas's RGBA8 layout.
    texture_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STREAMING, canvas.width(),
                                 canvas.height());
    texture_w_ = canvas.width();
    texture_h_ = canvas.height();
  }
  if (!texture_) return;
  SDL_UpdateTexture(texture_, nullptr, canvas.data(), canvas.width() * 4);
  SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
  SDL_RenderClear(renderer_);
  SDL_RenderCopy(renderer_, texture_, nullptr, nullptr);
}

void GameWindow::present() { SDL_RenderPresent(renderer_); }

}  // namespace game
