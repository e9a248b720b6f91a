#include "game/core/thread_pool.hpp"

#include <algorithm>
#include <utility>

namespace game {

namespace {
// Indices are handed out in runs of this many per thread and batch share (a fine grain
// balances soldiers of unequal cost; a coarse one keeps the lock quiet): 8 runs a thread.
constexpr std::size_t kRunsPerThread = 8;
}  // namespace

int default_thread_count() {
  const unsigned n = std::thread::hardware_concurrency();
  return std::clamp(static_cast<int>(n), 1, kMaxThreads);
}

ThreadPool::ThreadPool(int threads) {
  const int n = std::clamp(threads, 1, kMaxThreads);
  workers_.reserve(static_cast<std::size_t>(n - 1));
  for (int i = 1; i < n; ++i) workers_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::for_each(std::size_t count, const std::function<void(std::size_t)>& job) {
  if (count == 0) return;
  if (workers_.empty()) {
    for (std::size_t i = 0; i < count; ++i) job(i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &job;
    count_ = count;
    next_ = 0;
    finished_ = 0;
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  drain();
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return finished_ == count_; });
  job_ = nullptr;
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

render::ForEach ThreadPool::runner() {
  return [this](std::size_t count, const std::function<void(std::size_t)>& job) { for_each(count, job); };
}

void ThreadPool::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (job_ != nullptr && next_ < count_) {
    const std::size_t grain = std::max<std::size_t>(1, count_ / (static_cast<std::size_t>(size()) * kRunsPerThread));
    const std::size_t begin = next_, end = std::min(count_, next_ + grain);
    next_ = end;
    const std::function<void(std::size_t)>& job = *job_;
    lock.unlock();
    std::exception_ptr error;
    for (std::size_t i = begin; i < end; ++i) {
      try {
        job(i);
      } catch (...) {
        if (!error) error = std::current_exception();
      }
    }
    lock.lock();
    if (error && !error_) error_ = error;
    finished_ += end - begin;
    if (finished_ == count_) done_.notify_all();
  }
}

void ThreadPool::work() {
  std::size_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    drain();
  }
}

}  // namespace game
