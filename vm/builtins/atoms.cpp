// Atoms, numbers and character lists: atom_to_list/2, list_to_atom/2, number_to_list/2,
// list_to_number/2, atom_length/2.
#include "vm/builtins/text_support.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_atom_to_list(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  return deliver_codes(iu, iu.atoms.name(atom_index(args[0])), out);
}

Outcome builtin_list_to_atom(Iu& iu, Cell* args, Cell* out) {
  const auto text = text_of_codes(args[0]);
  if (!text) return type_error(iu, "a list of character codes", args[0]);
  iu.charge_work(character_count(*text));
  return deliver(out, iu.atoms.atom(*text));
}

Outcome builtin_number_to_list(Iu& iu, Cell* args, Cell* out) {
  const auto n = number_of(args[0]);
  if (!n) return type_error(iu, "a number", args[0]);
  return deliver_codes(iu, n->is_float ? float_text(n->d) : std::to_string(n->i), out);
}

Outcome builtin_list_to_number(Iu& iu, Cell* args, Cell* out) {
  const auto text = text_of_codes(args[0]);
  if (!text) return type_error(iu, "a list of character codes", args[0]);
  iu.charge_work(character_count(*text));
  return deliver_number_of_text(iu, *text, "list_to_number/2", out);
}

Outcome builtin_atom_length(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  const std::size_t n = character_count(iu.atoms.name(atom_index(args[0])));
  iu.charge_work(n);
  return deliver(out, make_small_int(static_cast<std::int64_t>(n)));
}

}  // namespace fleng::vm
