// Configurations on oneTBB threads, started and collected by one owner (configuration_pool.hpp).
#include "sweep/configuration_pool.hpp"

#include <thread>

namespace fleng::sweep {

ConfigurationPool::ConfigurationPool(unsigned threads, Run run)
    : threads_(threads == 0 ? 1 : threads),
      run_(std::move(run)),
      workers_(oneapi::tbb::global_control::max_allowed_parallelism, threads_ + 1),
      // No slot is kept for the owner: every one of the `threads` slots is a worker's.
      arena_(static_cast<int>(threads_), 0) {}

ConfigurationPool::~ConfigurationPool() {
  // A task's last step is to count itself out; the arena outlives none of them.
  while (in_flight_.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void ConfigurationPool::start(std::size_t index) {
  ++running_;
  in_flight_.fetch_add(1);
  arena_.enqueue([this, index] {
    auto result = run_(index);
    {
      const std::lock_guard lock(mutex_);
      finished_.emplace_back(index, std::move(result));
    }
    finished_cv_.notify_one();
    in_flight_.fetch_sub(1);
  });
}

std::vector<std::pair<std::size_t, ConfigurationResult>> ConfigurationPool::take_finished(
    std::chrono::milliseconds patience) {
  std::unique_lock lock(mutex_);
  if (finished_.empty()) {
    finished_cv_.wait_for(lock, patience, [&] { return !finished_.empty(); });
  }
  std::vector<std::pair<std::size_t, ConfigurationResult>> taken;
  while (!finished_.empty()) {
    taken.push_back(std::move(finished_.front()));
    finished_.pop_front();
  }
  running_ -= taken.size();
  return taken;
}

}  // namespace fleng::sweep
