// halt/1 after the output written before it. The goals of a body run concurrently, so in
// `main :- p(X), writeln(X), halt(0).` the halt/1 (ready at once) would end the run before the
// writeln/1 (waiting for X) had written anything: the output a reader of the clause expects is
// lost. The rewrite makes such a halt/1 wait: every write/1, writeln/1, nl/0 and format/2 before
// it in the same body takes the Done form (write(X, D1)), and halt(N) becomes '$halt_after'([D1, ...], N)
// (lib/control.fl), which halts once all of them have written. A body without output before its
// halt/1 is left as it is. Output of other goals (other clauses) is not waited for.
#pragma once

#include <vector>

#include "frontend/ast.hpp"

namespace fleng::frontend {

/// Rewrites one body in place (see above).
void halt_after_output(std::vector<Goal>& body);

/// A copy of `program` with every clause body rewritten (comments and spans kept).
Program halt_after_output(const Program& program);

}  // namespace fleng::frontend
