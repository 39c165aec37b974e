// Text helpers shared by the conversions between atoms, numbers and character code lists.
#include "vm/builtins/text_support.hpp"

#include <algorithm>
#include <charconv>

#include "frontend/utf8.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm::builtins {

std::u32string decode_text(std::string_view text) {
  std::u32string codes;
  codes.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto cp = frontend::utf8::decode(text, pos);
    if (!cp) {
      codes.push_back(static_cast<unsigned char>(text[pos]));
      ++pos;
      continue;
    }
    codes.push_back(*cp);
  }
  return codes;
}

Cell make_code_list(Iu& iu, std::u32string_view codes, Cell tail) {
  Cell* p = iu.allocate(2 * codes.size());
  if (p == nullptr && !codes.empty()) return 0;
  Cell list = tail;
  for (std::size_t i = codes.size(); i-- > 0;) {
    p[2 * i] = make_small_int(static_cast<std::int64_t>(codes[i]));
    p[2 * i + 1] = list;
    list = make_pointer(Tag::Cons, p + 2 * i, iu.index());
  }
  return list;
}

Outcome deliver_codes(Iu& iu, std::string_view text, Cell* out) {
  const std::u32string codes = decode_text(text);
  const Cell list = make_code_list(iu, codes);
  if (list == 0) return Outcome::NeedHeap;
  iu.charge_work(codes.size());
  return deliver(out, list);
}

ParsedNumber parse_number(std::string_view text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  std::int64_t i = 0;
  if (auto [p, ec] = std::from_chars(begin, end, i); p == end && p != begin) {
    if (ec == std::errc()) return {ParsedNumber::Kind::Integer, i, 0.0};
    if (ec == std::errc::result_out_of_range) return {ParsedNumber::Kind::IntegerOverflow};
  }
  double d = 0;
  if (auto [p, ec] = std::from_chars(begin, end, d);
      p == end && p != begin && text.find('.') != std::string_view::npos) {
    if (ec == std::errc()) return {ParsedNumber::Kind::Float, 0, d};
    if (ec == std::errc::result_out_of_range) return {ParsedNumber::Kind::FloatOverflow};
  }
  return {ParsedNumber::Kind::NotANumber};
}

Outcome deliver_number_of_text(Iu& iu, const std::string& text, std::string_view who, Cell* out) {
  const ParsedNumber n = parse_number(text);
  switch (n.kind) {
    case ParsedNumber::Kind::Integer: return deliver_int(iu, out, n.i);
    case ParsedNumber::Kind::Float: return deliver_float(iu, out, n.d);
    case ParsedNumber::Kind::IntegerOverflow:
      return iu.fail(fmt::format("integer overflow in {}: \"{}\" is outside -2^63..2^63-1", who,
                                 text));
    case ParsedNumber::Kind::FloatOverflow:
      return iu.fail(fmt::format(
          "float overflow in {}: \"{}\" is outside the 64-bit float range", who, text));
    case ParsedNumber::Kind::NotANumber: break;
  }
  return iu.fail(fmt::format("{}: \"{}\" is not a number", who, text));
}

Cell code_list_blocker(Cell list) {
  const Cell end = spine_end(list);
  if (end != 0 && is_unbound(end)) return end;
  if (end != kNil) return 0;
  for (list = deref(list); is_cons(list); list = deref(cdr(list))) {
    const Cell e = deref(car(list));
    if (is_unbound(e)) return e;
  }
  return 0;
}

std::size_t character_count(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return !frontend::utf8::is_continuation(static_cast<unsigned char>(c));
  }));
}

std::optional<std::string> atomic_text(Iu& iu, Cell c) {
  c = deref(c);
  if (is_atom(c)) return iu.atoms.name(atom_index(c));
  if (const auto n = number_of(c)) return n->is_float ? float_text(n->d) : std::to_string(n->i);
  return std::nullopt;
}

}  // namespace fleng::vm::builtins
