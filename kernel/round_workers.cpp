// The fork-and-join pool of the mpi engine's rank (kernel/round_workers.hpp).
#include "kernel/round_workers.hpp"

#include "kernel/worker_loop_task.hpp"

namespace fleng::kernel {

struct RoundWorkers::Runtime {
  explicit Runtime(unsigned count) : workers(count) {}
  WorkerArena workers;
};

RoundWorkers::RoundWorkers(unsigned workers, std::chrono::microseconds spin)
    : workers_(workers < 1 ? 1 : workers), spin_(spin) {
  if (workers_ == 1) return;  // the caller alone: no thread, no arena
  runtime_ = std::make_unique<Runtime>(workers_);
  for (unsigned k = 1; k < workers_; ++k) {
    handover_.fetch_add(1, std::memory_order_release);
    runtime_->workers.arena.enqueue(WorkerLoopTask<RoundWorkers, &RoundWorkers::loop>(this));
  }
  runtime_->workers.joined.wait();
}

RoundWorkers::~RoundWorkers() {
  if (!runtime_) return;
  std::unique_lock lock(mutex_);
  shutdown_ = true;
  wake_.notify_all();
  done_.wait(lock, [&] { return exited_ == workers_ - 1; });
}

void RoundWorkers::loop() {
  static_cast<void>(handover_.load(std::memory_order_acquire));  // before any other access
  runtime_->workers.joined.count_down();
  std::unique_lock lock(mutex_);
  while (!shutdown_) {
    if (next_ < pieces_) {
      take_pieces(lock);
      continue;
    }
    // Nothing to take: look for the next round for a while, then sleep until one begins.
    const std::uint64_t seen = round_;
    lock.unlock();
    const auto until = std::chrono::steady_clock::now() + spin_;
    while (spin_round_.load(std::memory_order_relaxed) == seen &&
           std::chrono::steady_clock::now() < until) {
      for (int k = 0; k < 64; ++k) spin_pause();
    }
    lock.lock();
    if (shutdown_ || next_ < pieces_ || round_ != seen) continue;
    ++sleeping_;
    wake_.wait(lock, [&] { return shutdown_ || next_ < pieces_; });
    --sleeping_;
  }
  ++exited_;
  done_.notify_all();
}

void RoundWorkers::take_pieces(std::unique_lock<std::mutex>& lock) {
  while (next_ < pieces_) {
    const std::size_t i = next_++;
    const auto* piece = piece_;
    lock.unlock();
    (*piece)(i);
    lock.lock();
    ++finished_;
    spin_finished_.store(finished_, std::memory_order_relaxed);
    if (finished_ == pieces_) done_.notify_all();
  }
}

void RoundWorkers::run(std::size_t pieces, const std::function<void(std::size_t)>& piece) {
  if (workers_ == 1 || pieces == 1) {
    for (std::size_t i = 0; i < pieces; ++i) piece(i);
    return;
  }
  if (pieces == 0) return;
  std::unique_lock lock(mutex_);
  piece_ = &piece;
  pieces_ = pieces;
  next_ = 0;
  finished_ = 0;
  spin_finished_.store(0, std::memory_order_relaxed);
  ++round_;
  spin_round_.store(round_, std::memory_order_relaxed);
  if (sleeping_ > 0) wake_.notify_all();
  take_pieces(lock);
  if (finished_ != pieces_) {
    // The others' pieces are running: look for their end for a while before sleeping.
    lock.unlock();
    const auto until = std::chrono::steady_clock::now() + spin_;
    while (spin_finished_.load(std::memory_order_relaxed) != pieces &&
           std::chrono::steady_clock::now() < until) {
      for (int k = 0; k < 64; ++k) spin_pause();
    }
    lock.lock();
    done_.wait(lock, [&] { return finished_ == pieces_; });
  }
  piece_ = nullptr;
  pieces_ = 0;
  next_ = 0;
}

}  // namespace fleng::kernel
