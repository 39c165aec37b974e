// The timer thread of host_timers.hpp.
#include "kernel/host_timers.hpp"

#include <algorithm>

namespace fleng::kernel {

HostTimers::HostTimers(std::function<void(unsigned)> fire, std::function<bool()> hurry)
    : fire_(std::move(fire)), hurry_(std::move(hurry)) {}

HostTimers::~HostTimers() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void HostTimers::arm(Clock::time_point deadline, unsigned iu) {
  {
    const std::lock_guard lock(mutex_);
    timers_.push_back(Timer{deadline, sequence_++, iu});
    std::push_heap(timers_.begin(), timers_.end(), std::greater<>{});
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
  }
  cv_.notify_all();
}

void HostTimers::loop() {
  std::unique_lock lock(mutex_);
  while (!quit_) {
    if (timers_.empty()) {
      cv_.wait(lock);
      continue;
    }
    const Timer first = timers_.front();
    const auto now = Clock::now();
    if (now < first.deadline && !hurry_()) {
      // A little at a time: a stopping run is seen within 20 ms.
      cv_.wait_until(lock, std::min(first.deadline, now + std::chrono::milliseconds(20)));
      continue;
    }
    std::pop_heap(timers_.begin(), timers_.end(), std::greater<>{});
    timers_.pop_back();
    lock.unlock();
    fire_(first.iu);
    lock.lock();
  }
}

}  // namespace fleng::kernel
