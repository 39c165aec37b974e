// Allocating the iterations of a loop to IUs by the data they exchange: rules (1)-(4) of
// section 3.3 of Yokota, Chiba and Itano, "A New Optimization Technique for the
// Inspector-Executor Method" (2002). For each iteration (in key order) and each IU, the words
// the iteration would exchange over the network if it ran on that IU (every word it reads or
// writes that another IU owns); then, iteration by iteration:
//   (1) the one IU that exchanges the fewest words gets it;
//   (2) among several such best IUs, the IU of the previous iteration, if it is one of them;
//   (3) otherwise (or for the first iteration) the best IU that has been given the fewest
//       iterations so far;
//   (4) and if several best IUs have that fewest number, IU 0 if it is one of them, else the
//       lowest-numbered of them (the paper says "node 0", which need not be among the best).
// All iterations may end up on one IU: the paper accepts that (running them one after the
// other costs less than the communication of spreading them), and so do we.
#pragma once

#include <cstdint>
#include <vector>

namespace fleng::analyzer {

/// Why an iteration went where it went.
enum class AllocationRule : std::uint8_t {
  FewestWords = 1,    ///< (1) a single best IU
  PreviousIu = 2,     ///< (2) tie, the previous iteration's IU is among the best
  FewestSoFar = 3,    ///< (3) tie, the best IU with the fewest iterations so far
  LowestNumber = 4,   ///< (4) tie in (3) too: IU 0 or the lowest-numbered
};

struct IterationChoice {
  unsigned iu = 0;
  AllocationRule rule = AllocationRule::FewestWords;
  std::uint64_t exchanged = 0;  ///< the words it exchanges on that IU
};

/// `words[i][q]`: the words iteration i reads or writes that IU q owns (every row as long as
/// the IU count, iterations in key order). Returns one choice per iteration.
std::vector<IterationChoice> allocate_iterations(const std::vector<std::vector<std::uint64_t>>& words);

}  // namespace fleng::analyzer
