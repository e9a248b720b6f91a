#pragma once
// A small pool of worker threads for the frame's two wide loops (issue 14): the soldiers'
// steps (game/core/world.cpp) and the bands of the canvas (render/soldiers_banded.hpp).
// Work is handed out as indices 0..count-1; which thread runs an index never changes what
// it computes, because every index writes only its own outputs: the same inputs give the
// same bytes for any thread count (STYLE.md 7). The caller owns the pool (STYLE.md: no
// globals); a pool of 1 runs everything on the calling thread, with no worker at all.
#include "render/parallel.hpp"

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace game {

// The largest --threads the programs take: more than any machine the sandbox runs on has
// cores, and few enough that a typo (--threads 1000000) is an error, not a stall.
inline constexpr int kMaxThreads = 256;

// The machine's core count (std::thread::hardware_concurrency), at least 1: the programs'
// default --threads.
int default_thread_count();

class ThreadPool {
 public:
  // `threads` in 1..kMaxThreads (clamped): the caller's thread plus threads - 1 workers.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs job(i) for every i in [0, count) on the pool and the calling thread, and returns
  // when all are done. An exception thrown by a job is rethrown here (the first one; the
  // other indices still run). Not reentrant: a job must not call for_each.
  void for_each(std::size_t count, const std::function<void(std::size_t)>& job);

  // The same, as render's parallel loop (render/parallel.hpp) bound to this pool.
  render::ForEach runner();

 private:
  void work();     // a worker's loop
  void drain();    // takes indices of the current batch until none is left

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;   // a new batch, or shutting down
  std::condition_variable done_;   // the batch's last index finished
  const std::function<void(std::size_t)>* job_ = nullptr;
  std::size_t count_ = 0;
  std::size_t next_ = 0;           // the next index to hand out (under mutex_)
  std::size_t finished_ = 0;       // indices finished (under mutex_)
  std::size_t generation_ = 0;     // batches started, so a worker sees each one once
  std::exception_ptr error_;
  bool stop_ = false;
};

}  // namespace game
