// A sweep across the ranks of an MPI job (`mpirun -np R fleng sweep ...`): rank 0 hands out
// the configurations on demand, longest first, to every rank's free host threads (its own
// included), and receives every result as soon as it is finished; it alone writes the CSV, the
// JSON, the figures, the report and the progress. The other ranks print nothing but errors.
// The messages are those of rank_messages.hpp; each rank runs its configurations on a
// ConfigurationPool, while its main thread (the only one that calls MPI) passes messages.
//
// The ranks' steps: every rank calls start() once with the outcome of its own set-up (the
// options, the program, every configuration's machine), so that a rank that cannot start stops
// them all instead of leaving them waiting; then rank 0 calls lead() and the others follow().
// A rank that dies is reported by mpirun, which ends the job: the CSV keeps every row rank 0
// received, and `--resume` runs the rest.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "kernel/mpi_transport.hpp"
#include "sweep/configuration_pool.hpp"

namespace fleng::sweep {

class SweepRanks {
 public:
  explicit SweepRanks(kernel::MpiTransport& world);

  [[nodiscard]] int rank() const { return world_.rank(); }
  [[nodiscard]] int size() const { return world_.size(); }
  [[nodiscard]] bool started() const { return started_; }

  /// Every rank says whether its set-up went well (`own_error` empty) and how many host threads
  /// it has; true when every rank is ready. Rank 0 writes to `log` the errors of the ranks that
  /// failed with another message than its own (`fleng: rank 2 cannot start: ...`). Call once.
  bool start(std::ostream& log, const std::string& own_error, unsigned threads);

  /// Host threads of every rank together (known on rank 0 after start()).
  [[nodiscard]] unsigned threads_in_all() const { return threads_in_all_; }

  /// What lead() did.
  struct Outcome {
    std::size_t not_run = 0;  ///< configurations not run (the sweep was interrupted)
  };
  /// A finished configuration, on rank 0: its index, its result, the rank that ran it.
  using Finished = std::function<void(std::size_t, ConfigurationResult, int)>;

  /// Rank 0 after a successful start(): hands out `order` (indices, in that order) to its own
  /// `threads` and to the other ranks, calls `finished` for each result as it arrives, and
  /// returns when every rank has finished. Once `interrupted`, nothing more is handed out.
  /// With an empty `order` it only lets the other ranks go (after an error on rank 0).
  Outcome lead(const std::vector<std::size_t>& order, unsigned threads,
               const ConfigurationPool::Run& run, const Finished& finished,
               const std::atomic<bool>& interrupted);

  /// Every other rank after a successful start(): asks rank 0 for configurations, runs them
  /// on `threads` and sends each result back, until rank 0 has no more to give (or this rank
  /// is `interrupted`).
  void follow(unsigned threads, const ConfigurationPool::Run& run,
              const std::atomic<bool>& interrupted);

 private:
  kernel::MpiTransport& world_;
  bool started_ = false;
  unsigned threads_in_all_ = 0;
};

}  // namespace fleng::sweep
