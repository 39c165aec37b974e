// Iu::ground_wait (see ground_wait.hpp).
#include "vm/ground_wait.hpp"

#include "vm/iu.hpp"
#include "vm/matching.hpp"

namespace fleng::vm {

Cell Iu::ground_wait(Cell term, Cell goal) {
  std::vector<Cell>& walk = ground_walk_;
  walk.clear();
  const auto resumed = goal != 0 ? ground_resume_.find(goal) : ground_resume_.end();
  if (resumed != ground_resume_.end()) {
    walk.swap(resumed->second);  // the variable it stopped at on top, then what comes after
  } else {
    walk.push_back(term);
  }
  const Cell unbound = next_unbound(walk);
  if (unbound == 0) {
    if (resumed != ground_resume_.end()) ground_resume_.erase(resumed);
    return 0;
  }
  if (goal != 0) {
    walk.push_back(unbound);
    if (resumed != ground_resume_.end()) {
      resumed->second.swap(walk);
    } else {
      ground_resume_.emplace(goal, walk);
    }
  }
  return unbound;
}

}  // namespace fleng::vm
