// Least-loaded selection with delayed visibility, over a segment tree of minima.
#include "netsim/load_board.hpp"

#include <algorithm>
#include <limits>

namespace fleng::netsim {

namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
}

LoadBoard::LoadBoard(std::uint32_t ius, SimTime delay) : delay_(delay), ius_(ius), leaves_(1) {
  while (leaves_ < ius_) leaves_ <<= 1U;
  tree_.assign(2 * std::size_t{leaves_}, kNone);
  for (std::uint32_t iu = 0; iu < ius_; ++iu) set(iu, 0);
}

void LoadBoard::set(std::uint32_t iu, std::uint32_t load) {
  std::size_t node = leaves_ + iu;
  tree_[node] = load;
  for (node >>= 1U; node > 0; node >>= 1U) {
    tree_[node] = std::min(tree_[2 * node], tree_[2 * node + 1]);
  }
}

void LoadBoard::declare(std::uint32_t iu, std::uint32_t load, SimTime now) {
  pending_.emplace(now + delay_, order_++, iu, load);
  if (delay_ == 0) catch_up(now);
}

void LoadBoard::catch_up(SimTime now) {
  // Declarations become visible in time order (and in declaration order at equal times).
  while (!pending_.empty() && std::get<0>(pending_.top()) <= now) {
    const auto [at, order, iu, load] = pending_.top();
    pending_.pop();
    set(iu, load);
  }
}

std::uint32_t LoadBoard::visible_load(std::uint32_t iu, SimTime now) {
  catch_up(now);
  return tree_[leaves_ + iu];
}

std::uint32_t LoadBoard::first_at_most(std::uint32_t from, std::uint32_t limit) const {
  // Leftmost leaf index >= from whose value <= limit: walk up until a right sibling qualifies,
  // then down to its leftmost qualifying leaf.
  if (from >= ius_) return ius_;
  std::size_t node = leaves_ + from;
  if (tree_[node] <= limit) return from;
  for (;;) {
    if (node == 1) return ius_;
    if ((node & 1U) == 0 && tree_[node + 1] <= limit) {
      node = node + 1;
      break;
    }
    node >>= 1U;
  }
  while (node < leaves_) node = tree_[2 * node] <= limit ? 2 * node : 2 * node + 1;
  const auto iu = static_cast<std::uint32_t>(node - leaves_);
  return iu < ius_ ? iu : ius_;
}

std::uint32_t LoadBoard::least_loaded(std::uint32_t from, SimTime now) {
  catch_up(now);
  const std::uint32_t least = tree_[1];
  // Ring order starting after the sender: from+1 .. ius-1, then 0 .. from.
  const std::uint32_t after = first_at_most(from + 1, least);
  if (after < ius_) return after;
  return first_at_most(0, least);
}

std::uint32_t LoadBoard::global_least(SimTime now) {
  catch_up(now);
  return tree_[1];
}

}  // namespace fleng::netsim
