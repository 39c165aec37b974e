// Checks that need no program analysis, run right after parsing (docs/language.md, placements): heads and
// goals must be callable, a variable is no body goal, placements stand where they may
// (`on(L)` only in heads; body placements only on a variable's first occurrence or on a
// structure), every `to(L)` has exactly one `any(L)` or `on(L)` in its clause, and no body goal
// is a Prolog test such as `X > Y` (frontend/prolog_tests.hpp).
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace fleng::frontend {

/// Reports every violation to `diagnostics`; the program itself is left as it is.
void check_program(const Program& program, DiagnosticSink& diagnostics);

}  // namespace fleng::frontend
