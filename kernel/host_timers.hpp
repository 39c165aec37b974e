// The timers of timer/2 on the threads engine: one thread that sleeps until the earliest
// deadline and then calls back with the IU whose timer it was, so that an IU waiting only for
// a timer holds no worker (the IU keeps the goal itself, vm::Iu::start_timer; this only wakes
// it). Started with the first timer; when `hurry` says so (the run is stopping), every pending
// timer fires at once, so that the machine's count of work in flight can reach zero.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace fleng::kernel {

class HostTimers {
 public:
  using Clock = std::chrono::steady_clock;
  HostTimers(std::function<void(unsigned)> fire, std::function<bool()> hurry);
  ~HostTimers();
  HostTimers(const HostTimers&) = delete;
  HostTimers& operator=(const HostTimers&) = delete;

  /// Calls fire(iu) at `deadline` (or sooner, when hurried), from the timer thread.
  void arm(Clock::time_point deadline, unsigned iu);

 private:
  struct Timer {
    Clock::time_point deadline;
    std::uint64_t sequence;  // ties fire in the order armed
    unsigned iu;
    bool operator>(const Timer& other) const {
      return deadline != other.deadline ? deadline > other.deadline : sequence > other.sequence;
    }
  };
  void loop();

  std::function<void(unsigned)> fire_;
  std::function<bool()> hurry_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<Timer> timers_;  // a min-heap by deadline
  std::uint64_t sequence_ = 0;
  bool quit_ = false;
  std::thread thread_;
};

}  // namespace fleng::kernel
