// A program without its placement annotations (`@ any(L)`, `@ to(L)`, `@ on(L)`, `@ local`),
// for the naive partitioning (`--static off`): every annotation is dropped, so the plain
// program runs (a builtin written `add(X, 1, Y) @ to(1)` is computed in place again instead of
// being sent as a goal) and every new goal goes to the least-loaded IU.
#pragma once

#include "frontend/ast.hpp"

namespace fleng::frontend {

/// A copy of `program` with every placement removed (comments and spans kept).
Program strip_placements(const Program& program);

}  // namespace fleng::frontend
