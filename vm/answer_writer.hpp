// The REPL's answer to a query, in SWI-Prolog's layout: one `Name = Value` per query variable,
// the values with a space after each comma (`X = f(1, _A)`, `L = [1, 2]`). An unbound variable
// prints as the name of the first query variable whose value it is, any other unbound variable
// as `_A`, `_B`, ... in the order they appear, so the same variable has one name in the whole
// answer. A query variable left unbound and not met elsewhere has no line; two query variables
// that are the same unbound variable print as `X = Y`. Kept apart from the term writer because
// the naming spans the bindings of one answer, not one term.
#pragma once

#include <string>
#include <vector>

#include "vm/atom_table.hpp"
#include "vm/cell.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

/// The lines of the answer (`X = f(1, _A)`, without the `,` or `.` that ends each): `names[i]`
/// is the query variable whose value is `values[i]`. Empty when there is nothing to show (the
/// REPL then says `true.`).
std::vector<std::string> answer_lines(const std::vector<std::string>& names,
                                      const std::vector<Cell>& values, const AtomTable& atoms,
                                      WriteLimits limits = {});

/// `_A`, `_B`, ..., `_Z`, `_A1`, ..., `_Z1`, `_A2`, ...: the name of the n-th (from 0) unnamed
/// variable of an answer.
std::string fresh_variable_name(std::size_t n);

}  // namespace fleng::vm
