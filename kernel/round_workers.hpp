// Fork and join on host cores for the `mpi` engine's rank (kernel/mpi_machine.hpp): K workers,
// the thread that calls run() and K-1 oneTBB worker threads, run the pieces of a round (one
// batch of each IU of the rank that has work) side by side, and run() returns when every piece
// is done. Between rounds the calling thread alone does what is not safe to share (MPI calls,
// applying messages, collecting garbage).
//
// The K-1 threads are loops enqueued on a oneTBB task arena when the pool is made, living until
// it is destroyed (as the threads engine's workers: kernel/threads_machine.cpp, "start_workers",
// says why a task per piece would wait for oneTBB to bring a worker in). A loop with nothing to
// do looks for a new round for `spin` microseconds, then sleeps on a condition variable.
// Pieces are handed out and counted under one mutex: a round has a few pieces (the rank's
// IUs), each a batch of thousands of reductions, so the lock is not where time goes, and
// everything a piece reads that the caller wrote before run() is ordered by it (also for
// ThreadSanitizer, which does not see into the uninstrumented libtbb).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

namespace fleng::kernel {

class RoundWorkers {
 public:
  /// `workers` >= 1 threads in all (the caller of run() is one of them).
  RoundWorkers(unsigned workers, std::chrono::microseconds spin);
  RoundWorkers(const RoundWorkers&) = delete;
  RoundWorkers& operator=(const RoundWorkers&) = delete;
  ~RoundWorkers();

  [[nodiscard]] unsigned workers() const { return workers_; }
  /// Calls piece(i) for every i in [0, pieces), spread over the workers, and returns when all
  /// have returned. `piece` must not throw.
  void run(std::size_t pieces, const std::function<void(std::size_t)>& piece);
  /// The loop of a oneTBB worker thread (public for the task that starts it).
  void loop();

 private:
  /// Takes and runs pieces of the current round while there are some; `lock` held on entry
  /// and on return.
  void take_pieces(std::unique_lock<std::mutex>& lock);

  unsigned workers_;
  std::chrono::microseconds spin_;
  std::mutex mutex_;
  std::condition_variable wake_;                // a round began, or shutdown
  std::condition_variable done_;                // the round's last piece returned
  const std::function<void(std::size_t)>* piece_ = nullptr;  // guarded
  std::size_t pieces_ = 0;                      // guarded
  std::size_t next_ = 0;                        // the next piece to take; guarded
  std::size_t finished_ = 0;                    // pieces returned; guarded
  std::uint64_t round_ = 0;                     // rounds begun; guarded
  std::atomic<std::uint64_t> spin_round_{0};    // round_, for the loops that look unlocked
  std::atomic<std::size_t> spin_finished_{0};   // finished_, for run() that looks unlocked
  std::atomic<unsigned> handover_{0};           // see the task that starts a loop
  unsigned sleeping_ = 0;                       // loops waiting on wake_; guarded
  unsigned exited_ = 0;                         // loops that returned; guarded
  bool shutdown_ = false;                       // guarded
  struct Runtime;
  std::unique_ptr<Runtime> runtime_;
};

}  // namespace fleng::kernel
