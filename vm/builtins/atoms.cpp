// Atoms, numbers and character lists: atom_to_list/2, list_to_atom/2, number_to_list/2,
// list_to_number/2, atom_length/2.
#include "frontend/utf8.hpp"
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
  iu.charge_work(text->size());
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
  iu.charge_work(text->size());
  return deliver_number_of_text(iu, *text, "list_to_number/2", out);
}

Outcome builtin_atom_length(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  const std::string name = iu.atoms.name(atom_index(args[0]));
  std::int64_t n = 0;
  for (const char c : name) n += frontend::utf8::is_continuation(static_cast<unsigned char>(c)) ? 0 : 1;
  iu.charge_work(name.size());
  return deliver(out, make_small_int(n));
}

}  // namespace fleng::vm
