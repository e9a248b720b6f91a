#pragma once
// How render/ runs a loop in parallel without owning a thread (ARCHITECTURE.md: render is
// pure pixels): the caller passes a ForEach, which calls job(i) for every i in [0, count)
// -- in any order, on any threads -- and returns when all are done. Every job writes only
// its own outputs, so the pixels never depend on which thread ran what (STYLE.md 7).
#include <cstddef>
#include <functional>

namespace render {

using ForEach = std::function<void(std::size_t count, const std::function<void(std::size_t)>& job)>;

// The loop on the calling thread, in index order: what a null ForEach means.
inline void run_each(const ForEach& parallel, std::size_t count, const std::function<void(std::size_t)>& job) {
  if (parallel) {
    parallel(count, job);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) job(i);
}

}  // namespace render
