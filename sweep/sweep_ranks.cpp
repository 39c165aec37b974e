// Rank 0 hands out configurations and collects results; the other ranks run them
// (see sweep_ranks.hpp).
#include "sweep/sweep_ranks.hpp"

#include <deque>
#include <map>
#include <ostream>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "sweep/rank_messages.hpp"

namespace fleng::sweep {

namespace {

using kernel::MpiError;
using kernel::MpiMessage;

/// How long a rank's main thread waits for its own threads before it looks for messages again.
constexpr auto kPatience = std::chrono::milliseconds(1);

int tag(RankTag t) { return static_cast<int>(t); }

/// The next message, waiting in short sleeps (MPI's blocking receive would spin on a core that
/// the simulations need).
MpiMessage next_message(kernel::MpiTransport& world) {
  for (;;) {
    if (auto message = world.poll()) return std::move(*message);
    std::this_thread::sleep_for(kPatience);
  }
}

[[noreturn]] void unexpected(const MpiMessage& message, const char* while_doing) {
  throw MpiError(fmt::format("sweep: unexpected message (tag {}) from rank {} while {}",
                             message.tag, message.from, while_doing));
}

}  // namespace

SweepRanks::SweepRanks(kernel::MpiTransport& world) : world_(world) {}

bool SweepRanks::start(std::ostream& log, const std::string& own_error, unsigned threads) {
  if (started_) throw MpiError("sweep: the ranks are started twice");
  started_ = true;
  if (rank() != 0) {
    world_.send(0, tag(RankTag::kReady), encode(ReadyMessage{own_error, threads}));
    const auto message = next_message(world_);
    if (message.tag != tag(RankTag::kStart) || message.from != 0) {
      unexpected(message, "waiting for the start");
    }
    return decode_start(message.words).go;
  }
  threads_in_all_ = threads;
  bool go = own_error.empty();
  std::map<int, std::string> other_errors;
  std::set<int> ready;
  while (static_cast<int>(ready.size()) < size() - 1) {
    const auto message = next_message(world_);
    if (message.tag != tag(RankTag::kReady) || !ready.insert(message.from).second) {
      unexpected(message, "waiting for every rank to be ready");
    }
    const auto answer = decode_ready(message.words);
    threads_in_all_ += static_cast<unsigned>(answer.threads);
    if (!answer.error.empty()) {
      go = false;
      if (answer.error != own_error) other_errors[message.from] = answer.error;
    }
  }
  for (const auto& [from, error] : other_errors) {
    log << fmt::format("fleng: rank {} cannot start:\n{}", from, error);
    if (error.back() != '\n') log << '\n';
  }
  for (int to = 1; to < size(); ++to) world_.send(to, tag(RankTag::kStart), encode(StartMessage{go}));
  world_.drain();
  return go;
}

SweepRanks::Outcome SweepRanks::lead(const std::vector<std::size_t>& order, unsigned threads,
                                     const ConfigurationPool::Run& run, const Finished& finished,
                                     const std::atomic<bool>& interrupted) {
  Outcome outcome;
  ConfigurationPool pool(threads, run);
  std::deque<std::size_t> queue(order.begin(), order.end());
  std::vector<std::set<std::size_t>> handed_out(static_cast<std::size_t>(size()));
  int following = size() - 1;  // ranks that have not said they finished
  auto handing_out = [&] { return !queue.empty() && !interrupted.load(); };
  auto next = [&] {
    const auto index = queue.front();
    queue.pop_front();
    return index;
  };
  for (;;) {
    while (pool.idle() > 0 && handing_out()) pool.start(next());
    for (auto& [index, result] : pool.take_finished(kPatience)) finished(index, std::move(result), 0);
    while (auto message = world_.poll()) {
      auto& given = handed_out[static_cast<std::size_t>(message->from)];
      if (message->tag == tag(RankTag::kRequest)) {
        const auto request = decode_request(message->words);
        if (request.count == 0) {
          // It has finished; what it was given and did not send back was not run.
          --following;
          outcome.not_run += given.size();
          given.clear();
          continue;
        }
        AssignmentMessage assignment;
        while (assignment.indices.size() < request.count && handing_out()) {
          assignment.indices.push_back(next());
          given.insert(assignment.indices.back());
        }
        assignment.last = !handing_out();
        world_.send(message->from, tag(RankTag::kAssignment), encode(assignment));
      } else if (message->tag == tag(RankTag::kResult)) {
        auto answer = decode_result(message->words);
        if (given.erase(answer.index) == 0) {
          throw MpiError(fmt::format("sweep: rank {} sent a result of configuration {}, which "
                                     "it was not given",
                                     message->from, answer.index));
        }
        finished(answer.index, std::move(answer.result), message->from);
      } else {
        unexpected(*message, "handing out configurations");
      }
    }
    world_.progress();
    if (following == 0 && pool.running() == 0 && !handing_out()) break;
  }
  outcome.not_run += queue.size();
  world_.drain();
  return outcome;
}

void SweepRanks::follow(unsigned threads, const ConfigurationPool::Run& run,
                        const std::atomic<bool>& interrupted) {
  ConfigurationPool pool(threads, run);
  world_.send(0, tag(RankTag::kRequest), encode(RequestMessage{pool.threads()}));
  std::size_t unanswered = 1;  // requests sent, no assignment back yet
  bool last = false;           // rank 0 has no more to give
  for (;;) {
    for (auto& [index, result] : pool.take_finished(kPatience)) {
      world_.send(0, tag(RankTag::kResult), encode(ResultMessage{index, std::move(result)}));
      if (!last && !interrupted.load()) {
        world_.send(0, tag(RankTag::kRequest), encode(RequestMessage{1}));
        ++unanswered;
      }
    }
    while (auto message = world_.poll()) {
      if (message->tag != tag(RankTag::kAssignment) || message->from != 0) {
        unexpected(*message, "running configurations");
      }
      const auto assignment = decode_assignment(message->words);
      --unanswered;
      last = last || assignment.last;
      // Once interrupted, what is given is not started (rank 0 counts it as not run).
      if (!interrupted.load()) {
        for (const auto index : assignment.indices) pool.start(index);
      }
    }
    world_.progress();
    if ((last || interrupted.load()) && unanswered == 0 && pool.running() == 0) break;
  }
  world_.send(0, tag(RankTag::kRequest), encode(RequestMessage{0}));
  world_.drain();
}

}  // namespace fleng::sweep
