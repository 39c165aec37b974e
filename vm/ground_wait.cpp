// Iu::ground_wait (see ground_wait.hpp).
#include "vm/ground_wait.hpp"

#include "vm/iu.hpp"
#include "vm/matching.hpp"

namespace fleng::vm {

namespace {
/// A walk that stopped this early is not remembered: walking it again costs less than keeping
/// it (an is/2 waiting for an operand, the usual case, looks at a handful of sub-terms).
constexpr std::size_t kRememberAfter = 32;
}  // namespace

Cell Iu::ground_wait(Cell term, Cell goal) {
  std::vector<Cell>& walk = ground_walk_;
  walk.clear();
  const auto resumed = goal != 0 ? ground_resume_.find(goal) : ground_resume_.end();
  if (resumed != ground_resume_.end()) {
    walk.swap(resumed->second);  // the variable it stopped at on top, then what comes after
  } else {
    walk.push_back(term);
  }
  std::size_t visited = 0;
  const Cell unbound = next_unbound(walk, visited);
  if (unbound == 0) {
    if (resumed != ground_resume_.end()) ground_resume_.erase(resumed);
    return 0;
  }
  if (resumed != ground_resume_.end()) {
    walk.push_back(unbound);
    resumed->second.swap(walk);
  } else if (goal != 0 && visited >= kRememberAfter) {
    walk.push_back(unbound);
    ground_resume_.emplace(goal, walk);
  }
  return unbound;
}

}  // namespace fleng::vm
