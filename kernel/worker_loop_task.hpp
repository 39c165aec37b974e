// Loops that live on oneTBB worker threads (the threads engine's workers, the mpi engine's
// workers in a rank): the arena they run on, the function object enqueued on it, and the pause
// of a worker that spins while it looks for work.
//
// libtbb (Debian's) is not built with ThreadSanitizer, so its hand-over of the task object
// between threads is invisible to TSan. The object's one field is read in one function of its
// own, `start_handed_over` (scripts/tsan.supp names it, and nothing else of ours); the owner
// increments an atomic counter (a release) before it enqueues the task, and the loop's first
// act is to load that counter (an acquire), so everything after is ordered for TSan too.
#pragma once

#include <cstddef>
#include <latch>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

namespace fleng::kernel {

/// K workers' oneTBB side: at most K threads in the process, an arena of K slots, one of them
/// kept for the thread that owns the workers (worker 0, which serves outside the arena), and
/// a latch the K-1 loops count down as they enter.
struct WorkerArena {
  explicit WorkerArena(unsigned workers)
      : control(tbb::global_control::max_allowed_parallelism, workers),
        arena(static_cast<int>(workers), 1),
        joined(static_cast<std::ptrdiff_t>(workers - 1)) {}
  tbb::global_control control;
  tbb::task_arena arena;
  std::latch joined;
};

/// Runs (owner->*Loop)() on the thread oneTBB gives it.
template <class Owner, void (Owner::*Loop)()>
class WorkerLoopTask {
 public:
  explicit WorkerLoopTask(Owner* owner) : owner_(owner) {}
  void operator()() const { start_handed_over(); }

 private:
  [[gnu::noipa]] void start_handed_over() const { (owner_->*Loop)(); }
  Owner* owner_;
};

/// A spinning worker's pause between two looks at what it waits for.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace fleng::kernel
