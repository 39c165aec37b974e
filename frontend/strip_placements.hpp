// A program without its placement annotations (`@ any(L)`, `@ to(L)`, `@ on(L)`, `@ local`),
// for the naive partitioning (`--static off`): every annotation is dropped, so the plain
// program runs (a builtin written `add(X, 1, Y) @ to(1)` is computed in place again instead of
// being sent as a goal) and every new goal goes to the least-loaded IU. `@ node(N)` is kept (its
// goal still waits for N; the machine then ignores the number, frontend/node_placements.hpp).
// Also the host-threads
// variant that keeps the goal placements only.
#pragma once

#include "frontend/ast.hpp"

namespace fleng::frontend {

/// A copy of `program` with every placement but `node(N)` removed (comments and spans kept).
Program strip_placements(const Program& program);

/// A copy of `program` with the placements that matter on host threads only (the threads
/// engine, kernel/threads_machine.hpp): there every datum is made on the IU that makes it, so
/// data placements (`Ys @ to(1)`, `[X|Xs] @ to(1)`) mean nothing. Kept: every goal placement
/// (`@ to(L)`, `@ any(L)`, `@ local`) and the annotations that define a label some goal
/// placement of the same clause uses (`Ys @ any(1)` before `sift(Ys, Ps) @ to(1)`, a head's
/// `Ys @ on(1)` before `p(Ys) @ to(1)`); every other annotation is dropped.
Program keep_goal_placements(const Program& program);

}  // namespace fleng::frontend
