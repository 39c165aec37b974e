// The simulation threads' fiber scheduling: ready actors in FIFO order, the dispatcher last.

// Installing the algorithm inlines Boost.Fiber's reference count release, which uses
// std::atomic_thread_fence; GCC warns that ThreadSanitizer does not model fences, and the TSan
// build (scripts/sanitize.sh tsan) makes warnings errors. The simulator's fibers run on one
// thread each and the simulator's tests are not run under sanitizers (their fiber stacks), so
// the warning says nothing here. (Before the includes: the warning's location is in <atomic>.)
#if defined(__GNUC__) && !defined(__clang__) && defined(__SANITIZE_THREAD__)
#pragma GCC diagnostic ignored "-Wtsan"
#endif

#include "netsim/simulation_scheduler.hpp"

#include <boost/fiber/operations.hpp>

namespace fleng::netsim {

void SimulationScheduler::install_on_this_thread() {
  thread_local bool installed = false;
  if (installed) return;
  installed = true;
  boost::fibers::use_scheduling_algorithm<SimulationScheduler>();
}

void SimulationScheduler::awakened(boost::fibers::context* ctx) noexcept {
  if (ctx->is_context(boost::fibers::type::dispatcher_context)) {
    dispatcher_ = ctx;
    return;
  }
  ctx->ready_link(ready_);
}

boost::fibers::context* SimulationScheduler::pick_next() noexcept {
  if (!ready_.empty()) {
    boost::fibers::context* next = &ready_.front();
    ready_.pop_front();
    return next;
  }
  boost::fibers::context* next = dispatcher_;
  dispatcher_ = nullptr;
  return next;
}

bool SimulationScheduler::has_ready_fibers() const noexcept {
  return !ready_.empty() || dispatcher_ != nullptr;
}

// Nothing is ready: the thread waits for another thread's notify() or the deadline. (The
// engine itself never gets here during a run; Boost calls it when a thread's fibers all wait.)
void SimulationScheduler::suspend_until(
    std::chrono::steady_clock::time_point const& until) noexcept {
  std::unique_lock lock(mutex_);
  if (until == (std::chrono::steady_clock::time_point::max)()) {
    woken_.wait(lock, [this] { return notified_; });
  } else {
    woken_.wait_until(lock, until, [this] { return notified_; });
  }
  notified_ = false;
}

void SimulationScheduler::notify() noexcept {
  {
    std::lock_guard lock(mutex_);
    notified_ = true;
  }
  woken_.notify_all();
}

}  // namespace fleng::netsim
