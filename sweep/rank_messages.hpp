// The messages between the ranks of a sweep across an MPI job (sweep_ranks.hpp), as the words
// that kernel::MpiTransport sends. Rank 0 hands out configurations on demand and collects the
// results; every other rank asks for work, runs it and sends each result back as it finishes.
//
//   Ready       rank r -> 0   its set-up went well ("") or the error it met; its host threads
//   Start       0 -> rank r   go (true) or stop (false: some rank could not start)
//   Request     rank r -> 0   `count` more configurations, please; 0: it has finished (sent
//                             after its last result, so rank 0 has everything from it)
//   Assignment  0 -> rank r   configuration indices (perhaps fewer than asked); `last` when
//                             rank 0 has no more to give (then no more are asked for)
//   Result      rank r -> 0   one finished configuration: its index and everything it produced
//
// Encoding and decoding are pure (no MPI call), so the unit tests check them directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sweep/configuration_run.hpp"

namespace fleng::sweep {

/// The MPI tags of the sweep's messages.
enum class RankTag : int { kReady = 101, kStart, kRequest, kAssignment, kResult };

struct ReadyMessage {
  std::string error;  ///< "" when the rank is ready
  std::uint64_t threads = 0;  ///< configurations it runs at a time
};

struct StartMessage {
  bool go = false;
};

struct RequestMessage {
  std::uint64_t count = 0;
};

struct AssignmentMessage {
  std::vector<std::size_t> indices;
  bool last = false;
};

struct ResultMessage {
  std::size_t index = 0;
  ConfigurationResult result;
};

using Words = std::vector<std::uint64_t>;

Words encode(const ReadyMessage& message);
Words encode(const StartMessage& message);
Words encode(const RequestMessage& message);
Words encode(const AssignmentMessage& message);
Words encode(const ResultMessage& message);

/// Each throws kernel::MpiError (naming the message) on words that do not make one.
ReadyMessage decode_ready(const Words& words);
StartMessage decode_start(const Words& words);
RequestMessage decode_request(const Words& words);
AssignmentMessage decode_assignment(const Words& words);
ResultMessage decode_result(const Words& words);

}  // namespace fleng::sweep
