// Interconnection network models: how long a message of some words takes from one port to
// another, with contention. `Multistage` is a circuit-switched multistage (omega) network, one
// or more copies (PIE64 has two): the circuit is set up stage by stage, then the words stream
// at one byte per cycle, and every link of the path is held for the whole transfer; a message
// waits until its whole path is free on one of the copies. Messages are not booked in time
// order (a reduction runs as one step and stamps its sends with the cycle they leave at, ahead
// of the processors that run later in the same instant), so each link keeps the intervals it
// is held for, and a message takes the first gap long enough on every link of its path: an
// earlier message is never delayed by one booked for later. `ConstantLatency` is the baseline:
// a fixed latency plus a cost per word, no contention. Ports are numbered 0..ports-1; any
// count is allowed (the network is built for the next power of two).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "netsim/engine.hpp"

namespace fleng::netsim {

struct NetworkParams {
  std::string model = "multistage";  ///< "multistage" or "constant"
  std::uint32_t copies = 2;          ///< independent networks (PIE64: 2)
  SimTime setup_per_stage = 1;       ///< circuit set-up, cycles per stage
  SimTime cycles_per_byte = 1;       ///< link transfer rate
  std::uint32_t bytes_per_word = 5;  ///< a tagged word on the wire (32-bit datum + tag byte)
  SimTime constant_latency = 20;     ///< the constant model's latency
  /// Cycles every message spends in flight on top of the model (wire delay; the links are not
  /// held for it). 0 by default; sweep it to see how latency-bound a program is.
  SimTime latency = 0;
};

struct NetworkStats {
  std::uint64_t messages = 0;
  std::uint64_t words = 0;
  SimTime wait_cycles = 0;  ///< time messages waited for a free path
};

class NetworkModel {
 public:
  virtual ~NetworkModel() = default;
  /// Sends `words` words from `source` to `destination`, ready at `ready`; returns the arrival
  /// time of the last word. Reserves the links used, so later messages see the contention.
  virtual SimTime transfer(std::uint32_t source, std::uint32_t destination, std::uint32_t words,
                           SimTime ready) = 0;
  /// No message will be ready before `time` any more: what is held only before it can go.
  virtual void forget_before(SimTime /*time*/) {}
  [[nodiscard]] const NetworkStats& stats() const { return stats_; }

 protected:
  NetworkStats stats_;
};

class ConstantLatency final : public NetworkModel {
 public:
  explicit ConstantLatency(const NetworkParams& params) : params_(params) {}
  SimTime transfer(std::uint32_t source, std::uint32_t destination, std::uint32_t words,
                   SimTime ready) override;

 private:
  NetworkParams params_;
};

class Multistage final : public NetworkModel {
 public:
  Multistage(std::uint32_t ports, const NetworkParams& params);
  SimTime transfer(std::uint32_t source, std::uint32_t destination, std::uint32_t words,
                   SimTime ready) override;
  void forget_before(SimTime time) override;
  [[nodiscard]] std::uint32_t stages() const { return stages_; }
  /// The output link used at each stage from `source` to `destination` (omega routing).
  [[nodiscard]] std::vector<std::uint32_t> path(std::uint32_t source,
                                                std::uint32_t destination) const;
  /// The output link at one stage. Omega network: a perfect shuffle before each stage, then the
  /// switch picks the output by the destination's bit for that stage (most significant first).
  /// So after stage s the position is the source shifted left by s + 1 with the destination's
  /// s + 1 leading bits below it, and each stage's link is computed on its own.
  [[nodiscard]] std::uint32_t link_at(std::uint32_t source, std::uint32_t destination,
                                      std::uint32_t stage) const {
    return ((source << (stage + 1U)) | (destination >> (stages_ - 1U - stage))) & (width_ - 1U);
  }

 private:
  NetworkParams params_;
  std::uint32_t stages_;
  std::uint32_t width_;  // ports rounded up to a power of two
  /// The intervals [start, end) a link is held for, by start; they never overlap. Few are
  /// live at a time (messages are booked close to the present), so a sorted vector. Holds
  /// closer than the shortest message (min_duration_) are one hold: no message could use the
  /// gap between them, and a saturated link (a program that floods the network) stays a few
  /// holds long instead of one per message, which first_gap would walk one by one.
  /// A link's holds are kept in the link's own slot up to four (96% of the looks, cancer on 64
  /// IUs), so that reading them is not a second cache miss.
  using Hold = std::pair<SimTime, SimTime>;
  using Holds = boost::container::small_vector<Hold, 4>;
  /// Drops the holds of one link that ended before floor_.
  void prune(Holds& holds) const;
  /// The first start >= `ready` at which every link of the path is free for `duration`.
  SimTime first_gap(std::size_t copy, const std::uint32_t* links, SimTime ready,
                    SimTime duration) const;
  /// The index of a link in held_ and free_from_: copy, then stage, then link.
  [[nodiscard]] std::size_t link_index(std::size_t copy, std::uint32_t stage,
                                       std::uint32_t link) const {
    return (copy * stages_ + stage) * width_ + link;
  }
  std::vector<Holds> held_;
  /// The end of each link's last hold (0 when it has none): the link is free from then on.
  /// Most links of a path are (about three in four looks, cancer on 64 IUs), and this flat
  /// array answers that without touching the link's vector of holds.
  std::vector<SimTime> free_from_;
  SimTime floor_ = 0;  // no message is ready before this any more
  SimTime min_duration_ = 0;  // of a message of one word, the least any message carries
};

std::unique_ptr<NetworkModel> make_network(std::uint32_t ports, const NetworkParams& params);

}  // namespace fleng::netsim
