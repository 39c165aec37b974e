// Conversions between atoms, numbers and character code lists that the runtime's older,
// one-way builtins (atoms.cpp) do not cover: atom_concat/3, atom_number/2, and the two-way
// number_codes/2, atom_codes/2, string_to_atom/2. A two-way builtin works from whichever side
// is bound: the atom or number if it is there, else it waits for a complete code list.
#include "vm/builtins/text_support.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

Outcome unify_output(Iu& iu, Cell target, Cell value) {
  if (!iu.unify(target, value)) return iu.fail("output unification failed");
  return Outcome::Done;
}

/// `text` as a code list unified with `codes`.
Outcome text_to_codes(Iu& iu, const std::string& text, Cell codes) {
  Cell list = 0;
  const Outcome o = deliver_codes(iu, text, &list);
  if (o != Outcome::Done) return o;
  return unify_output(iu, codes, list);
}

/// The text of the complete code list `codes`, or the wait for it (blocking on `other` too,
/// the side that would decide the other way round): nullopt with `outcome` set otherwise.
std::optional<std::string> complete_codes(Iu& iu, Cell codes, Cell other, Outcome& outcome) {
  const Cell blocker = code_list_blocker(codes);
  if (blocker != 0) {
    iu.block_on(blocker);
    if (is_unbound(deref(other))) iu.block_on(deref(other));
    outcome = Outcome::Suspend;
    return std::nullopt;
  }
  auto text = text_of_codes(codes);
  if (!text) {
    outcome = type_error(iu, "a list of character codes", codes);
    return std::nullopt;
  }
  iu.charge_work(character_count(*text));
  return text;
}

/// atom_codes/2 and string_to_atom/2: the atom (or number) `atomic` and the code list `codes`.
Outcome atom_and_codes(Iu& iu, Cell atomic, Cell codes) {
  atomic = deref(atomic);
  if (!is_unbound(atomic)) {
    const auto text = atomic_text(iu, atomic);
    if (!text) return type_error(iu, "an atom or a number", atomic);
    return text_to_codes(iu, *text, codes);
  }
  Outcome outcome = Outcome::Done;
  const auto text = complete_codes(iu, codes, atomic, outcome);
  if (!text) return outcome;
  return unify_output(iu, atomic, iu.atoms.atom(*text));
}

}  // namespace

Outcome builtin_atom_concat(Iu& iu, Cell* args, Cell* out) {
  const auto a = atomic_text(iu, args[0]);
  if (!a) return type_error(iu, "an atom or a number", args[0]);
  const auto b = atomic_text(iu, args[1]);
  if (!b) return type_error(iu, "an atom or a number", args[1]);
  iu.charge_work(character_count(*a) + character_count(*b));
  return deliver(out, iu.atoms.atom(*a + *b));
}

Outcome builtin_atom_number(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  const std::string text = iu.atoms.name(atom_index(args[0]));
  iu.charge_work(character_count(text));
  if (parse_number(text).kind == ParsedNumber::Kind::NotANumber) {
    return deliver(out, iu.atoms.atom("not_a_number"));
  }
  return deliver_number_of_text(iu, text, "atom_number/2", out);
}

Outcome builtin_number_codes(Iu& iu, Cell* args, Cell*) {
  const Cell n = deref(args[0]);
  if (!is_unbound(n)) {
    const auto number = number_of(n);
    if (!number) return type_error(iu, "a number", n);
    return text_to_codes(iu, *atomic_text(iu, n), args[1]);
  }
  Outcome outcome = Outcome::Done;
  const auto text = complete_codes(iu, args[1], n, outcome);
  if (!text) return outcome;
  Cell value = 0;
  outcome = deliver_number_of_text(iu, *text, "number_codes/2", &value);
  if (outcome != Outcome::Done) return outcome;
  return unify_output(iu, n, value);
}

Outcome builtin_atom_codes(Iu& iu, Cell* args, Cell*) { return atom_and_codes(iu, args[0], args[1]); }

Outcome builtin_string_to_atom(Iu& iu, Cell* args, Cell*) {
  return atom_and_codes(iu, args[1], args[0]);
}

}  // namespace fleng::vm
