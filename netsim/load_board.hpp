// The network's load-balancing facility (PIE64 paper, section 3): every IU declares its load
// level; the network picks the least-loaded IU as the destination of a message sent without one,
// and feeds the least load level back to every IU. Both see declarations `delay` cycles late.
// Ties go to the first IU after the sender, in ring order, so that equal loads spread out.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "netsim/engine.hpp"

namespace fleng::netsim {

class LoadBoard {
 public:
  LoadBoard(std::uint32_t ius, SimTime delay);

  /// IU `iu` declares `load` at `now` (visible from now + delay).
  void declare(std::uint32_t iu, std::uint32_t load, SimTime now);
  /// The load of `iu` as the network sees it at `now`.
  std::uint32_t visible_load(std::uint32_t iu, SimTime now);
  /// The least-loaded IU at `now` for a message from `from`.
  std::uint32_t least_loaded(std::uint32_t from, SimTime now);
  /// The least load level over the machine at `now` (the feedback to every IU).
  std::uint32_t global_least(SimTime now);

 private:
  SimTime delay_;
  // Per IU: declarations not yet visible (time visible, load), and the visible load.
  std::vector<std::deque<std::pair<SimTime, std::uint32_t>>> pending_;
  std::vector<std::uint32_t> visible_;
};

}  // namespace fleng::netsim
