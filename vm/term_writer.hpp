// Printing heap terms as text (write/1, writeln/1, error messages, REPL bindings): integers in
// decimal, floats with a `.`, lists as [a,b|T], strings as the code lists they are, operators
// infix, atoms quoted only when needed, unbound variables as _N.
#pragma once

#include <string>

#include "vm/atom_table.hpp"
#include "vm/cell.hpp"

namespace fleng::vm {

/// The text of a term. `quoted`: atoms that need quotes get them (writeq style). Unbound
/// variables print as _N, N their cell's offset from `variable_base` (the IU's heap), so the
/// same variable prints the same way in one report.
std::string write_term(Cell term, const AtomTable& atoms, bool quoted = true,
                       const Cell* variable_base = nullptr);

/// Appends the text of a term.
void write_term(std::string& out, Cell term, const AtomTable& atoms, bool quoted = true,
                const Cell* variable_base = nullptr);

/// Float text that reads back as a float: always with a `.` (1.0, 1.5e+20).
std::string float_text(double value);

}  // namespace fleng::vm
