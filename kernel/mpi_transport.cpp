// The MPI world of one process (kernel/mpi_transport.hpp): initialised once, finalised at exit.
#include "kernel/mpi_transport.hpp"

#include <cstdlib>
#include <mpi.h>

#include <fmt/format.h>

namespace fleng::kernel {

namespace {

/// Throws MpiError naming `call` when `code` is not MPI_SUCCESS.
void check(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw MpiError(fmt::format("MPI error in {}: {}", call, std::string(text, static_cast<std::size_t>(length))));
}

}  // namespace

struct MpiTransport::Pending {
  std::vector<std::uint64_t> words;
  MPI_Request request = MPI_REQUEST_NULL;
};

bool MpiTransport::launched_by_mpirun() {
  // Open MPI's launcher sets these in every process it starts (mpirun, and direct launch).
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
}

MpiTransport& MpiTransport::world() {
  static MpiTransport world;
  return world;
}

MpiTransport::MpiTransport() {
  if (!launched_by_mpirun()) return;
  int provided = 0;
  // One thread of each process calls MPI (the rank's loop); oneTBB workers never do.
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  active_ = true;
  check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
  MPI_Comm host = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &host),
        "MPI_Comm_split_type");
  check(MPI_Comm_size(host, &ranks_on_host_), "MPI_Comm_size");
  check(MPI_Comm_free(&host), "MPI_Comm_free");
}

MpiTransport::~MpiTransport() {
  if (!active_) return;
  for (auto& p : pending_) {
    if (p->request != MPI_REQUEST_NULL) MPI_Cancel(&p->request);
  }
  MPI_Finalize();
}

void MpiTransport::send(int to, int tag, std::vector<std::uint64_t> words) {
  if (!active_) throw MpiError("MPI send without an MPI job (not started by mpirun)");
  auto pending = std::make_unique<Pending>();
  pending->words = std::move(words);
  check(MPI_Isend(pending->words.data(), static_cast<int>(pending->words.size()), MPI_UINT64_T,
                  to, tag, MPI_COMM_WORLD, &pending->request),
        "MPI_Isend");
  pending_.push_back(std::move(pending));
  progress();
}

void MpiTransport::send_synchronous(int to, int tag, const std::vector<std::uint64_t>& words) {
  if (!active_) throw MpiError("MPI send without an MPI job (not started by mpirun)");
  check(MPI_Ssend(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, to, tag,
                  MPI_COMM_WORLD),
        "MPI_Ssend");
}

bool MpiTransport::progress() {
  while (!pending_.empty()) {
    int done = 0;
    check(MPI_Test(&pending_.front()->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done == 0) break;
    pending_.pop_front();
  }
  // A later send may complete before an earlier one: look at the rest too, now and then.
  if (pending_.size() > 64) {
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      check(MPI_Test(&(*it)->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      it = done != 0 ? pending_.erase(it) : it + 1;
    }
  }
  return pending_.empty();
}

void MpiTransport::drain() {
  while (!pending_.empty()) {
    check(MPI_Wait(&pending_.front()->request, MPI_STATUS_IGNORE), "MPI_Wait");
    pending_.pop_front();
  }
}

namespace {

/// Receives the message `status` describes (found by MPI_Probe or MPI_Iprobe).
MpiMessage receive_probed(const MPI_Status& status) {
  int count = 0;
  check(MPI_Get_count(&status, MPI_UINT64_T, &count), "MPI_Get_count");
  MpiMessage message;
  message.from = status.MPI_SOURCE;
  message.tag = status.MPI_TAG;
  message.words.resize(static_cast<std::size_t>(count));
  check(MPI_Recv(message.words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "MPI_Recv");
  return message;
}

}  // namespace

std::optional<MpiMessage> MpiTransport::poll() {
  if (!active_) return std::nullopt;
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
  if (arrived == 0) return std::nullopt;
  return receive_probed(status);
}

MpiMessage MpiTransport::wait() {
  if (!active_) throw MpiError("MPI receive without an MPI job (not started by mpirun)");
  MPI_Status status;
  check(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "MPI_Probe");
  return receive_probed(status);
}

void MpiTransport::barrier() {
  if (active_) check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
}

void MpiTransport::abort(int code) {
  if (active_) MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

void MpiTransport::append_text(std::vector<std::uint64_t>& words, std::string_view text) {
  words.push_back(text.size());
  for (std::size_t at = 0; at < text.size(); at += 8) {
    std::uint64_t word = 0;
    for (std::size_t b = 0; b < 8 && at + b < text.size(); ++b) {
      word |= std::uint64_t{static_cast<unsigned char>(text[at + b])} << (8 * b);
    }
    words.push_back(word);
  }
}

std::string MpiTransport::read_text(const std::vector<std::uint64_t>& words, std::size_t& at) {
  if (at >= words.size()) throw MpiError("a message ends before its text");
  const std::uint64_t length = words[at];
  const std::uint64_t word_count = length / 8 + (length % 8 != 0 ? 1 : 0);
  if (word_count > words.size() - at - 1) {
    throw MpiError(fmt::format("a message ends inside a text of {} bytes", length));
  }
  ++at;
  std::string text;
  text.reserve(static_cast<std::size_t>(length));
  for (std::uint64_t b = 0; b < length; ++b) {
    text += static_cast<char>((words[at + b / 8] >> (8 * (b % 8))) & 0xff);
  }
  at += static_cast<std::size_t>(word_count);
  return text;
}

}  // namespace fleng::kernel
