// Passive comparisons shared by head matching and builtins: identity of two terms that never
// binds (repeated head variables, equal/3) and the groundness test of `g` mode inputs.
#pragma once

#include <cstddef>
#include <vector>

#include "vm/cell.hpp"

namespace fleng::vm {

enum class Identity { Identical, Different, Blocked };

/// Identical, Different (in a bound part: this dominates), or Blocked on an unbound variable
/// (stored in `blocking`) that the answer depends on (docs/engine.md).
Identity passive_identity(Cell a, Cell b, Cell& blocking);

/// The first unbound variable inside a term (depth first, left to right), or 0 if the term is
/// ground.
Cell first_unbound(Cell term);
/// The same walk over the sub-terms in `pending` (the next to visit at the back), which can
/// stop and go on: it returns the first unbound variable and leaves in `pending` what comes
/// after it, or returns 0 with `pending` empty when all of it is ground. Adds the sub-terms it
/// looked at to `visited`.
Cell next_unbound(std::vector<Cell>& pending, std::size_t& visited);

}  // namespace fleng::vm
