// Least-loaded selection with delayed visibility.
#include "netsim/load_board.hpp"

namespace fleng::netsim {

LoadBoard::LoadBoard(std::uint32_t ius, SimTime delay)
    : delay_(delay), pending_(ius), visible_(ius, 0) {}

void LoadBoard::declare(std::uint32_t iu, std::uint32_t load, SimTime now) {
  auto& queue = pending_[iu];
  const SimTime at = now + delay_;
  if (!queue.empty() && queue.back().first == at) {
    queue.back().second = load;  // the last declaration of a cycle counts
  } else {
    queue.emplace_back(at, load);
  }
  if (delay_ == 0) static_cast<void>(visible_load(iu, now));
}

std::uint32_t LoadBoard::visible_load(std::uint32_t iu, SimTime now) {
  auto& queue = pending_[iu];
  while (!queue.empty() && queue.front().first <= now) {
    visible_[iu] = queue.front().second;
    queue.pop_front();
  }
  return visible_[iu];
}

std::uint32_t LoadBoard::least_loaded(std::uint32_t from, SimTime now) {
  const auto n = static_cast<std::uint32_t>(visible_.size());
  std::uint32_t best = from;
  std::uint32_t best_load = UINT32_MAX;
  for (std::uint32_t k = 1; k <= n; ++k) {
    const std::uint32_t iu = (from + k) % n;
    const std::uint32_t load = visible_load(iu, now);
    if (load < best_load) {
      best = iu;
      best_load = load;
    }
  }
  return best;
}

std::uint32_t LoadBoard::global_least(SimTime now) {
  std::uint32_t least = UINT32_MAX;
  for (std::uint32_t iu = 0; iu < visible_.size(); ++iu) {
    least = std::min(least, visible_load(iu, now));
  }
  return least;
}

}  // namespace fleng::netsim
