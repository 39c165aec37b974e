// The Boost.Fiber scheduling algorithm of the simulation engine's threads. Boost's default
// (round_robin) queues the scheduler's dispatcher fiber with the others, so every hand-over
// from one actor to the next passed through the dispatcher, which reads the steady clock to
// wake timed sleepers: two fiber switches and a clock read per simulated event. The engine
// never sleeps on the clock and wakes exactly one actor before blocking, so this algorithm
// runs ready actors first and the dispatcher only when no actor is ready (at the end of a run,
// to release finished fibers): one switch per event, no clock.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

#include <boost/fiber/algo/algorithm.hpp>
#include <boost/fiber/context.hpp>
#include <boost/fiber/scheduler.hpp>

namespace fleng::netsim {

class SimulationScheduler final : public boost::fibers::algo::algorithm {
 public:
  /// Makes this algorithm the current thread's (once per thread; before its first fiber).
  static void install_on_this_thread();

  void awakened(boost::fibers::context* ctx) noexcept override;
  boost::fibers::context* pick_next() noexcept override;
  [[nodiscard]] bool has_ready_fibers() const noexcept override;
  void suspend_until(std::chrono::steady_clock::time_point const& until) noexcept override;
  void notify() noexcept override;

 private:
  boost::fibers::scheduler::ready_queue_type ready_;
  boost::fibers::context* dispatcher_ = nullptr;  // ready, run only when no actor is
  std::mutex mutex_;
  std::condition_variable woken_;
  bool notified_ = false;
};

}  // namespace fleng::netsim
