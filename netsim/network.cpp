// The network models.
#include "netsim/network.hpp"

#include <algorithm>
#include <stdexcept>

namespace fleng::netsim {

SimTime ConstantLatency::transfer(std::uint32_t, std::uint32_t, std::uint32_t words,
                                  SimTime ready) {
  ++stats_.messages;
  stats_.words += words;
  return ready + params_.constant_latency + params_.latency +
         static_cast<SimTime>(words) * params_.bytes_per_word * params_.cycles_per_byte;
}

Multistage::Multistage(std::uint32_t ports, const NetworkParams& params) : params_(params) {
  if (ports == 0) throw std::invalid_argument("a network needs at least one port");
  if (params.copies == 0) throw std::invalid_argument("a network needs at least one copy");
  stages_ = 0;
  width_ = 1;
  while (width_ < ports) {
    width_ <<= 1U;
    ++stages_;
  }
  if (stages_ == 0) stages_ = 1;  // one port still goes through a switch
  held_.assign(std::size_t{params_.copies} * stages_ * width_, Holds{});
  free_from_.assign(held_.size(), 0);
  min_duration_ = stages_ * params_.setup_per_stage +
                  static_cast<SimTime>(params_.bytes_per_word) * params_.cycles_per_byte;
}

SimTime Multistage::first_gap(std::size_t copy, const std::uint32_t* links, SimTime ready,
                              SimTime duration) const {
  SimTime start = ready;
  // Most often every link of the path is free from `ready` on: one test of the latest end of
  // the links' last holds, taken without a branch per link (which the processor could not
  // predict).
  SimTime busy_until = 0;
  for (std::uint32_t stage = 0; stage < stages_; ++stage) {
    busy_until = std::max(busy_until, free_from_[link_index(copy, stage, links[stage])]);
  }
  if (busy_until <= start) return start;
  // Move past every hold that overlaps [start, start + duration) until none does on any link
  // of the path. Each move goes forward, so this ends; it has ended when every link, counted
  // around the path from the last move, was free.
  std::uint32_t stage = 0;
  std::uint32_t free_links = 0;  // consecutive links seen free at `start`
  while (free_links < stages_) {
    const std::size_t index = link_index(copy, stage, links[stage]);
    bool moved = false;
    if (free_from_[index] > start) {
      // Holds do not overlap, so their ends grow with their starts: skip those that end by
      // `start`, then move past each that begins before the message would end. A link has few
      // holds (two on average, cancer on 64 IUs), so a scan from the front.
      for (const Hold& hold : held_[index]) {
        if (hold.second <= start) continue;
        if (hold.first >= start + duration) break;
        start = hold.second;
        moved = true;
      }
    }
    free_links = moved ? 1 : free_links + 1;  // after its moves, this link is free at `start`
    stage = stage + 1 == stages_ ? 0 : stage + 1;
  }
  return start;
}

void Multistage::prune(Holds& holds) const {
  // Holds do not overlap, so their ends grow with their starts.
  std::size_t gone = 0;
  while (gone < holds.size() && holds[gone].second <= floor_) ++gone;
  if (gone > 0) holds.erase(holds.begin(), holds.begin() + static_cast<long>(gone));
}

void Multistage::forget_before(SimTime time) { floor_ = std::max(floor_, time); }

std::vector<std::uint32_t> Multistage::path(std::uint32_t source, std::uint32_t destination) const {
  std::vector<std::uint32_t> links;
  for (std::uint32_t stage = 0; stage < stages_; ++stage) {
    links.push_back(link_at(source, destination, stage));
  }
  return links;
}

SimTime Multistage::transfer(std::uint32_t source, std::uint32_t destination, std::uint32_t words,
                             SimTime ready) {
  // The path's links, as path() without allocating (this runs for every message).
  std::uint32_t links[32];
  for (std::uint32_t stage = 0; stage < stages_; ++stage) {
    links[stage] = link_at(source, destination, stage);
  }
  words = std::max<std::uint32_t>(words, 1);  // a message carries at least its command word
  const SimTime duration = stages_ * params_.setup_per_stage +
                           static_cast<SimTime>(words) * params_.bytes_per_word *
                               params_.cycles_per_byte;
  // The copy whose path is free first (the lower copy on a tie).
  std::size_t best_copy = 0;
  SimTime best_start = 0;
  for (std::size_t copy = 0; copy < params_.copies; ++copy) {
    const SimTime start = first_gap(copy, links, ready, duration);
    if (copy == 0 || start < best_start) {
      best_copy = copy;
      best_start = start;
    }
    if (best_start == ready) break;  // free at once: no later copy can do better (ties: lower)
  }
  const SimTime end = best_start + duration;
  if (duration > 0) {
    for (std::uint32_t stage = 0; stage < stages_; ++stage) {
      const std::size_t index = link_index(best_copy, stage, links[stage]);
      Holds& holds = held_[index];
      if (free_from_[index] <= floor_) {
        // Every hold of the link ended before floor_ (the last one did): pruning would drop
        // them all, so the new hold is the only one, without reading the old ones.
        holds.clear();
        holds.push_back(Hold{best_start, end});
        free_from_[index] = end;
        continue;
      }
      prune(holds);
      auto at = std::upper_bound(holds.begin(), holds.end(), best_start,
                                 [](SimTime t, const Hold& h) { return t < h.first; });
      // Joined to a neighbour when the gap between them is shorter than any message.
      const bool joins_before = at != holds.begin() && std::prev(at)->second + min_duration_ > best_start;
      const bool joins_after = at != holds.end() && end + min_duration_ > at->first;
      if (joins_before && joins_after) {
        std::prev(at)->second = at->second;
        holds.erase(at);
      } else if (joins_before) {
        std::prev(at)->second = end;
      } else if (joins_after) {
        at->first = best_start;
      } else {
        holds.insert(at, Hold{best_start, end});
      }
      free_from_[index] = holds.back().second;
    }
  }
  ++stats_.messages;
  stats_.words += words;
  stats_.wait_cycles += best_start - ready;
  return end + params_.latency;
}

std::unique_ptr<NetworkModel> make_network(std::uint32_t ports, const NetworkParams& params) {
  if (params.model == "constant") return std::make_unique<ConstantLatency>(params);
  if (params.model == "multistage") return std::make_unique<Multistage>(ports, params);
  throw std::invalid_argument("unknown network model '" + params.model +
                              "' (multistage or constant)");
}

}  // namespace fleng::netsim
