// Configurations run on this host's cores (a oneTBB arena of its own) while the thread that
// owns the pool stays free: it starts configurations and takes the finished ones, and in
// between it can talk to the other ranks of an MPI job (MPI is called by that thread only, the
// world's threading level). A sweep across ranks (sweep_ranks.hpp) has one pool on every rank;
// a sweep in one process runs its configurations with parallel_for_each instead (sweep.cpp).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include "sweep/configuration_run.hpp"

namespace fleng::sweep {

class ConfigurationPool {
 public:
  /// Runs `run(index)` for every index started, at most `threads` at a time, on threads of
  /// oneTBB (the owner's thread never runs one).
  using Run = std::function<ConfigurationResult(std::size_t index)>;
  ConfigurationPool(unsigned threads, Run run);
  /// Waits for the configurations still running (their results are dropped).
  ~ConfigurationPool();
  ConfigurationPool(const ConfigurationPool&) = delete;
  ConfigurationPool& operator=(const ConfigurationPool&) = delete;

  [[nodiscard]] unsigned threads() const { return threads_; }
  /// Started and not yet taken.
  [[nodiscard]] std::size_t running() const { return running_; }
  /// Free threads: how many more to start so that every thread has one.
  [[nodiscard]] std::size_t idle() const { return running_ < threads_ ? threads_ - running_ : 0; }

  void start(std::size_t index);
  /// The configurations finished since the last call, in the order they finished; when none
  /// has, waits up to `patience` for one (a short sleep when none is running).
  std::vector<std::pair<std::size_t, ConfigurationResult>> take_finished(
      std::chrono::milliseconds patience);

 private:
  unsigned threads_;
  Run run_;
  std::size_t running_ = 0;  // the owner's count: started, not taken
  std::atomic<std::size_t> in_flight_{0};  // tasks that have not returned yet
  std::mutex mutex_;
  std::condition_variable finished_cv_;
  std::deque<std::pair<std::size_t, ConfigurationResult>> finished_;
  // oneTBB starts one worker fewer than the cores by default (the caller is meant to join);
  // here the owner does not, so the pool asks for `threads` workers.
  oneapi::tbb::global_control workers_;
  oneapi::tbb::task_arena arena_;
};

}  // namespace fleng::sweep
