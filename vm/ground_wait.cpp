// scan_for_ground and Iu::ground_wait (see ground_wait.hpp).
#include "vm/ground_wait.hpp"

#include "vm/iu.hpp"
#include "vm/matching.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

GroundScan scan_for_ground(Cell term) {
  Cell t = deref(term);
  if (is_ref(t)) return {t, true};
  if (!is_cons(t)) return {first_unbound(t), false};
  Cell slow = t;  // Floyd: a cyclic spine is left to the general walk
  bool advance_slow = false;
  for (;;) {
    const Cell head = deref(car(t));
    if (is_ref(head)) return {head, false};
    if (is_cons(head) || is_struct(head) || is_box(head)) {
      if (const Cell v = first_unbound(head); v != 0) return {v, false};
    }
    const Cell tail = deref(cdr(t));
    if (is_ref(tail)) return {tail, true};
    if (!is_cons(tail)) return {first_unbound(tail), false};
    t = tail;
    if (advance_slow) slow = deref(cdr(slow));
    advance_slow = !advance_slow;
    if (t == slow) return {first_unbound(term), false};
  }
}

Cell Iu::ground_wait(Cell term, Cell goal) {
  if (goal != 0) {
    if (const auto it = ground_resume_.find(goal); it != ground_resume_.end()) {
      // Everything before the remembered tail was ground, and bound terms stay bound.
      const GroundScan scan = scan_for_ground(it->second);
      if (scan.unbound != 0 && scan.only_tail) {
        it->second = scan.unbound;
      } else {
        ground_resume_.erase(it);
      }
      return scan.unbound;
    }
  }
  const GroundScan scan = scan_for_ground(term);
  if (goal != 0 && scan.unbound != 0 && scan.only_tail) ground_resume_.emplace(goal, scan.unbound);
  return scan.unbound;
}

}  // namespace fleng::vm
