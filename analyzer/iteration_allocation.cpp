// Rules (1)-(4) of the inspector-executor paper (iteration_allocation.hpp).
#include "analyzer/iteration_allocation.hpp"

#include <algorithm>
#include <limits>
#include <optional>

namespace fleng::analyzer {

std::vector<IterationChoice> allocate_iterations(const std::vector<std::vector<std::uint64_t>>& words) {
  std::vector<IterationChoice> choices;
  choices.reserve(words.size());
  std::vector<std::uint64_t> given;  // iterations given to each IU so far
  std::optional<unsigned> previous;
  std::vector<unsigned> best;
  for (const auto& row : words) {
    const auto ius = static_cast<unsigned>(row.size());
    if (given.size() < ius) given.resize(ius, 0);
    // Exchanged on IU p: everything that another IU owns.
    std::uint64_t total = 0;
    for (const auto w : row) total += w;
    std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max();
    best.clear();
    for (unsigned p = 0; p < ius; ++p) {
      const std::uint64_t exchanged = total - row[p];
      if (exchanged < fewest) {
        fewest = exchanged;
        best.assign(1, p);
      } else if (exchanged == fewest) {
        best.push_back(p);
      }
    }
    IterationChoice choice;
    choice.exchanged = fewest;
    if (best.size() == 1) {
      choice.iu = best.front();
      choice.rule = AllocationRule::FewestWords;
    } else if (previous && std::find(best.begin(), best.end(), *previous) != best.end()) {
      choice.iu = *previous;
      choice.rule = AllocationRule::PreviousIu;
    } else {
      std::uint64_t least = std::numeric_limits<std::uint64_t>::max();
      std::vector<unsigned> candidates;
      for (const unsigned p : best) {
        if (given[p] < least) {
          least = given[p];
          candidates.assign(1, p);
        } else if (given[p] == least) {
          candidates.push_back(p);
        }
      }
      // best is in IU order, so candidates are too: the first is IU 0 if it is there.
      choice.iu = candidates.front();
      choice.rule = candidates.size() == 1 ? AllocationRule::FewestSoFar : AllocationRule::LowestNumber;
    }
    if (ius > 0) {
      ++given[choice.iu];
      previous = choice.iu;
    }
    choices.push_back(choice);
  }
  return choices;
}

}  // namespace fleng::analyzer
