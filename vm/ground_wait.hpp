// Waiting for a ground input (mode `g`: output builtins wait until the whole term is bound)
// without rescanning it at every wake-up. A builtin goal that waits on the unbound tail of a
// list whose elements are all ground (a stream still being produced) remembers that tail;
// when it is bound, the scan goes on from there instead of from the start of the list, so
// printing a stream of n elements costs O(n), not O(n^2).
#pragma once

#include "vm/cell.hpp"

namespace fleng::vm {

struct GroundScan {
  Cell unbound = 0;        ///< the first unbound variable, or 0 if the term is ground
  bool only_tail = false;  ///< it is the last tail of the term's list spine, all else ground
};

/// The first unbound variable of `term` (as first_unbound), and whether it is the list's tail.
GroundScan scan_for_ground(Cell term);

}  // namespace fleng::vm
