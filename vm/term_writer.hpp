// Printing heap terms as text (write/1, writeln/1, error messages, REPL bindings): integers in
// decimal, floats with a `.`, lists as [a,b|T], strings as the code lists they are, operators
// infix, atoms quoted only when needed, unbound variables as _N.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/atom_table.hpp"
#include "vm/cell.hpp"

namespace fleng::vm {

/// How unbound variables are named: _G<n>, n the cell's offset in the heap of its IU (the heap
/// bases by IU number), _G<iu>_<n> for variables of an IU other than `own_iu`; the same
/// variable prints the same way within one report, and the same in every run.
/// `source` names variables by their cells first (a deadlock report names the variables of
/// the clause that made a goal: `X` rather than `_G12`, vm/goal_sites.hpp).
struct VariableNames {
  unsigned own_iu = 0;
  std::vector<const Cell*> bases;
  std::unordered_map<const Cell*, std::string> source;
};

/// When the writer stops early (the rest of the term prints as `...`): once `stop` becomes true
/// (an interrupt: Ctrl-C stops the printing of a huge term), or once the text has more than
/// `max_chars` characters (0: no limit; messages use one, so that a report of a goal whose
/// argument is a heavily shared term ends). Both are looked at every few thousand terms.
struct WriteLimits {
  const std::atomic<bool>* stop = nullptr;
  std::size_t max_chars = 0;
};

/// How the REPL's answers print (SWI-Prolog's top level, vm/answer_writer.hpp): a space after
/// the comma between arguments, list elements and the goals of a `,` term (`f(1, _A)`,
/// `[1, 2]`), and unbound variables by the name `variable_name` gives each (called once per
/// occurrence, in the order they print).
struct AnswerStyle {
  std::function<std::string(Cell variable)> variable_name;
};

/// The text of a term. `quoted`: atoms that need quotes get them (writeq style). A cyclic term
/// prints as @(Term, [_S1=Def, ...]), Term and the definitions naming the nodes its cycles
/// return to.
std::string write_term(Cell term, const AtomTable& atoms, bool quoted = true,
                       const VariableNames* names = nullptr, WriteLimits limits = {});

/// Appends the text of a term.
void write_term(std::string& out, Cell term, const AtomTable& atoms, bool quoted = true,
                const VariableNames* names = nullptr, WriteLimits limits = {});

/// The text of a term in the style of the REPL's answers (quoted, as write_term).
std::string write_answer_term(Cell term, const AtomTable& atoms, const AnswerStyle& style,
                              WriteLimits limits = {});

/// Float text that reads back as a float: always with a `.` (1.0, 1.5e+20).
std::string float_text(double value);

/// The text of an atom named `name` standing alone, as write_term quotes it: bare when it
/// reads back as the same atom, quoted otherwise (a goal's name in a message).
std::string atom_name_text(std::string_view name);

}  // namespace fleng::vm
