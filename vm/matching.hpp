// Passive comparisons shared by head matching and builtins: identity of two terms that never
// binds (repeated head variables, equal/3) and the groundness test of `g` mode inputs.
#pragma once

#include "vm/cell.hpp"

namespace fleng::vm {

enum class Identity { Identical, Different, Blocked };

/// Identical, Different (in a bound part: this dominates), or Blocked on an unbound variable
/// (stored in `blocking`) that the answer depends on (docs/engine.md).
Identity passive_identity(Cell a, Cell b, Cell& blocking);

/// The first unbound variable inside a term, or 0 if the term is ground.
Cell first_unbound(Cell term);

}  // namespace fleng::vm
