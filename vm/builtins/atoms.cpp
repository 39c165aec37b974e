// Atoms, numbers and character lists: atom_to_list/2, list_to_atom/2, number_to_list/2,
// list_to_number/2, atom_length/2.
#include <charconv>

#include "frontend/utf8.hpp"
#include "vm/builtins/support.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

Outcome codes_of(Iu& iu, const std::string& text, Cell* out) {
  std::vector<Cell> codes;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto cp = frontend::utf8::decode(text, pos);
    if (!cp) {
      codes.push_back(make_small_int(static_cast<unsigned char>(text[pos])));
      ++pos;
      continue;
    }
    codes.push_back(make_small_int(static_cast<std::int64_t>(*cp)));
  }
  const Cell list = make_list(iu, codes);
  if (list == 0) return Outcome::NeedHeap;
  return deliver(out, list);
}

}  // namespace

Outcome builtin_atom_to_list(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  return codes_of(iu, iu.atoms.name(atom_index(args[0])), out);
}

Outcome builtin_list_to_atom(Iu& iu, Cell* args, Cell* out) {
  const auto text = text_of_codes(args[0]);
  if (!text) return type_error(iu, "a list of character codes", args[0]);
  return deliver(out, iu.atoms.atom(*text));
}

Outcome builtin_number_to_list(Iu& iu, Cell* args, Cell* out) {
  const auto n = number_of(args[0]);
  if (!n) return type_error(iu, "a number", args[0]);
  return codes_of(iu, n->is_float ? float_text(n->d) : std::to_string(n->i), out);
}

Outcome builtin_list_to_number(Iu& iu, Cell* args, Cell* out) {
  const auto text = text_of_codes(args[0]);
  if (!text) return type_error(iu, "a list of character codes", args[0]);
  std::int64_t i = 0;
  const char* begin = text->data();
  const char* end = begin + text->size();
  if (auto [p, ec] = std::from_chars(begin, end, i); p == end && p != begin) {
    if (ec == std::errc()) return deliver_int(iu, out, i);
    if (ec == std::errc::result_out_of_range) {
      return iu.fail(fmt::format(
          "integer overflow in list_to_number/2: \"{}\" is outside -2^63..2^63-1", *text));
    }
  }
  double d = 0;
  if (auto [p, ec] = std::from_chars(begin, end, d);
      p == end && p != begin && text->find('.') != std::string::npos) {
    if (ec == std::errc()) return deliver_float(iu, out, d);
    if (ec == std::errc::result_out_of_range) {
      return iu.fail(fmt::format(
          "float overflow in list_to_number/2: \"{}\" is outside the 64-bit float range",
          *text));
    }
  }
  return iu.fail(fmt::format("list_to_number/2: \"{}\" is not a number", *text));
}

Outcome builtin_atom_length(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an atom", args[0]);
  const std::string name = iu.atoms.name(atom_index(args[0]));
  std::int64_t n = 0;
  for (const char c : name) n += frontend::utf8::is_continuation(static_cast<unsigned char>(c)) ? 0 : 1;
  return deliver(out, make_small_int(n));
}

}  // namespace fleng::vm
