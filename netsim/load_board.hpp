// The network's load-balancing facility (PIE64 paper, section 3): every IU declares its load
// level; the network picks the least-loaded IU as the destination of a message sent without one,
// and feeds the least load level back to every IU. Both see declarations `delay` cycles late.
// Ties go to the first IU after the sender, in ring order, so that equal loads spread out.
// Declarations wait in a queue until visible; the visible loads are kept in a segment tree of
// minima, so that a choice costs O(log N) even on 1024 IUs.
#pragma once

#include <cstdint>
#include <queue>
#include <tuple>
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
  void catch_up(SimTime now);
  void set(std::uint32_t iu, std::uint32_t load);
  /// The first IU in [from, ius) with load <= `limit`, or ius if none.
  std::uint32_t first_at_most(std::uint32_t from, std::uint32_t limit) const;

  SimTime delay_;
  std::uint32_t ius_;
  std::uint32_t leaves_;  // a power of two >= ius
  std::vector<std::uint32_t> tree_;  // tree_[1] is the root; leaves at leaves_ + iu
  // (visible time, order of declaration, iu, load)
  using Pending = std::tuple<SimTime, std::uint64_t, std::uint32_t, std::uint32_t>;
  std::priority_queue<Pending, std::vector<Pending>, std::greater<>> pending_;
  std::uint64_t order_ = 0;
};

}  // namespace fleng::netsim
