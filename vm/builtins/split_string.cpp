// split_string/4 on code lists, as SWI-Prolog defines it on strings: the text is cut at every
// separator character, and pad characters are stripped from both ends of each part. Pad
// characters are skipped at the start of a part before its end is looked for, so when the
// separators are also pad characters a run of them acts as one separator.
#include "vm/builtins/text_support.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

/// The characters of an atom or of a code list (`[]` is the empty text).
std::optional<std::u32string> characters_of(Iu& iu, Cell c) {
  c = deref(c);
  if (c == kNil) return std::u32string();
  if (is_atom(c)) return decode_text(iu.atoms.name(atom_index(c)));
  const auto elements = list_elements(c);
  if (!elements) return std::nullopt;
  std::u32string codes;
  codes.reserve(elements->size());
  for (Cell e : *elements) {
    e = deref(e);
    if (!is_int(e)) return std::nullopt;
    const std::int64_t code = small_int_value(e);
    if (code < 0 || code > 0x10FFFF) return std::nullopt;
    codes.push_back(static_cast<char32_t>(code));
  }
  return codes;
}

/// The parts of `text` as [begin, end) offsets.
std::vector<std::pair<std::size_t, std::size_t>> split(const std::u32string& text,
                                                       const std::u32string& separators,
                                                       const std::u32string& pad) {
  const auto is_sep = [&](char32_t c) { return separators.find(c) != std::u32string::npos; };
  const auto is_pad = [&](char32_t c) { return pad.find(c) != std::u32string::npos; };
  std::size_t start = 0;
  std::size_t end = text.size();
  while (start < end && is_pad(text[start])) ++start;
  while (end > start && is_pad(text[end - 1])) --end;
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  for (;;) {
    while (start < end && is_pad(text[start])) ++start;
    std::size_t stop = start;
    while (stop < end && !is_sep(text[stop])) ++stop;
    std::size_t last = stop;
    while (last > start && is_pad(text[last - 1])) --last;
    parts.emplace_back(start, last);
    if (stop >= end) break;
    start = stop + 1;
  }
  return parts;
}

}  // namespace

Outcome builtin_split_string(Iu& iu, Cell* args, Cell* out) {
  std::u32string texts[3];
  for (std::size_t i = 0; i < 3; ++i) {
    auto t = characters_of(iu, args[i]);
    if (!t) return type_error(iu, "an atom or a list of character codes", args[i]);
    texts[i] = std::move(*t);
  }
  const auto parts = split(texts[0], texts[1], texts[2]);
  // One allocation (a full heap is found before anything is written): the parts' cells, then
  // the list of the parts.
  std::size_t characters = 0;
  for (const auto& [begin, end] : parts) characters += end - begin;
  Cell* p = iu.allocate(2 * (characters + parts.size()));
  if (p == nullptr) return Outcome::NeedHeap;
  Cell* spine = p + 2 * characters;
  Cell list = kNil;
  for (std::size_t k = parts.size(); k-- > 0;) {
    const auto [begin, end] = parts[k];
    Cell part = kNil;
    for (std::size_t i = end; i-- > begin;) {
      p[0] = make_small_int(static_cast<std::int64_t>(texts[0][i]));
      p[1] = part;
      part = make_pointer(Tag::Cons, p, iu.index());
      p += 2;
    }
    spine[2 * k] = part;
    spine[2 * k + 1] = list;
    list = make_pointer(Tag::Cons, spine + 2 * k, iu.index());
  }
  iu.charge_work(texts[0].size() + parts.size());
  return deliver(out, list);
}

}  // namespace fleng::vm
