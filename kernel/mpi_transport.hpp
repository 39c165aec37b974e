// The MPI world of one `fleng` process (Open MPI): whether this process is one rank of a job
// started by mpirun, its rank and the job's size, and non-blocking messages of 64-bit words
// between ranks. The `mpi` engine (kernel/mpi_machine.hpp) and sweeps across ranks
// (app/sweep_command.cpp) are its users. A process not started by mpirun is a world of one rank
// and never calls MPI (so `fleng run --engine mpi` works without mpirun, as one rank).
//
// Errors: MPI_COMM_WORLD returns error codes (MPI_ERRORS_RETURN) instead of aborting the job;
// every call is checked and a failure throws MpiError with MPI's own text and the call's name.
// A rank that dies is reported by mpirun itself, which then stops the job's other processes.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fleng::kernel {

struct MpiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One message received: its sender, its tag and its words.
struct MpiMessage {
  int from = 0;
  int tag = 0;
  std::vector<std::uint64_t> words;
};

class MpiTransport {
 public:
  /// The world of this process: the MPI job it belongs to (MPI is initialised on the first
  /// call when the process was started by mpirun), else a world of one rank without MPI.
  static MpiTransport& world();
  /// True when this process was started by mpirun (Open MPI's environment says so), without
  /// initialising anything.
  static bool launched_by_mpirun();

  MpiTransport(const MpiTransport&) = delete;
  MpiTransport& operator=(const MpiTransport&) = delete;
  ~MpiTransport();

  [[nodiscard]] int rank() const { return rank_; }
  [[nodiscard]] int size() const { return size_; }
  /// The ranks of the job on this process's host (this one included; 1 without MPI).
  [[nodiscard]] int ranks_on_host() const { return ranks_on_host_; }
  /// True when MPI is initialised (started by mpirun); false in a world of one rank.
  [[nodiscard]] bool active() const { return active_; }

  /// Sends `words` to rank `to` with `tag`, without waiting (the buffer is kept until MPI is
  /// done with it; progress() releases it). Messages between two ranks arrive in the order sent.
  void send(int to, int tag, std::vector<std::uint64_t> words);
  /// Sends `words` to rank `to` and returns once `to` has begun to receive them (MPI_Ssend):
  /// whatever this rank sends afterwards, and whatever that causes elsewhere, comes later.
  void send_synchronous(int to, int tag, const std::vector<std::uint64_t>& words);
  /// A message that has arrived, if any (never waits).
  std::optional<MpiMessage> poll();
  /// Waits for a message (any sender, any tag).
  MpiMessage wait();
  /// Releases the buffers of completed sends; true when no send is still in progress.
  bool progress();
  /// Waits until every send has completed.
  void drain();
  /// Every rank reaches this point before any goes on.
  void barrier();
  /// Stops the whole job with `code` (after an error that leaves the ranks out of step).
  [[noreturn]] void abort(int code);

  // Text in word messages (sweeps across ranks, the mpi engine's output and reports): a string is its byte count, then its
  // bytes packed eight to a word (little-endian, the last word padded with zeros). Any bytes,
  // NUL included; no MPI call.
  /// Appends `text` to `words`.
  static void append_text(std::vector<std::uint64_t>& words, std::string_view text);
  /// The text that starts at `words[at]`; moves `at` past it. Throws MpiError when the words
  /// end before the text does.
  static std::string read_text(const std::vector<std::uint64_t>& words, std::size_t& at);

 private:
  MpiTransport();
  struct Pending;
  bool active_ = false;
  int rank_ = 0;
  int size_ = 1;
  int ranks_on_host_ = 1;
  std::deque<std::unique_ptr<Pending>> pending_;
};

}  // namespace fleng::kernel
