// term_to_atom/2 both ways: a bound atom gives the term parsed from its text with the project's
// parser (frontend/read_terms.hpp), its variables fresh, unified with T; an unbound atom and a
// bound term give the atom of the term's text (quoted as write/1 writes it).
#include "frontend/read_terms.hpp"
#include "vm/builtins/support.hpp"
#include "vm/term_builder.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_term_to_atom(Iu& iu, Cell* args, Cell*) {
  const Cell term = deref(args[0]);
  const Cell atom = deref(args[1]);
  if (is_unbound(atom)) {
    if (is_unbound(term)) {
      iu.block_on(term);
      iu.block_on(atom);
      return Outcome::Suspend;
    }
    std::string text;
    const VariableNames names = iu.variable_names();
    write_term(text, term, iu.atoms, true, &names, WriteLimits{.stop = &iu.interrupt_flag()});
    iu.charge_work(text.size());
    if (!iu.unify(atom, iu.atoms.atom(text))) return iu.fail("output unification failed");
    return Outcome::Done;
  }
  // A bound: its text is parsed, whether T is bound yet or not (the answer does not depend on
  // which of the two was bound first).
  if (!is_atom(atom)) return type_error(iu, "an atom", atom);
  const std::string text = iu.atoms.name(atom_index(atom));
  const auto read = frontend::read_one_term("<atom>", text);
  if (!read.error.empty()) return iu.fail("term_to_atom/2: syntax error: " + read.error);
  const std::size_t cells = term_cells(*read.terms.front());
  Cell* p = iu.allocate(cells);
  if (p == nullptr && cells > 0) return Outcome::NeedHeap;
  TermBuilder builder(iu.atoms, iu.index(), p);
  const Cell built = builder.build(*read.terms.front());
  iu.charge_work(text.size());
  if (!iu.unify(term, built)) return iu.fail("term_to_atom/2: the term does not match the text");
  return Outcome::Done;
}

}  // namespace fleng::vm
