// Shared builtin helpers, and the lookup of builtins by name and arity.
#include "vm/builtins/support.hpp"

#include "frontend/utf8.hpp"

namespace fleng::vm {

std::optional<BuiltinId> find_builtin(std::string_view name, std::uint32_t arity) {
  for (BuiltinId id = 0; id < kBuiltins.size(); ++id) {
    if (kBuiltins[id].name == name && kBuiltins[id].arity == arity) return id;
  }
  return std::nullopt;
}

namespace builtins {

Cell spine_end(Cell list) {
  list = deref(list);
  Cell slow = list;  // Floyd: advanced every second step; meets `list` on a cyclic spine
  bool advance_slow = false;
  while (is_cons(list)) {
    list = deref(cdr(list));
    if (advance_slow) slow = deref(cdr(slow));
    advance_slow = !advance_slow;
    if (list == slow && is_cons(list)) return 0;
  }
  return list;
}

std::optional<std::vector<Cell>> list_elements(Cell list) {
  if (spine_end(list) != kNil) return std::nullopt;  // also a cyclic spine: not a proper list
  std::vector<Cell> elements;
  for (list = deref(list); is_cons(list); list = deref(cdr(list))) elements.push_back(car(list));
  return elements;
}

Cell make_list(Iu& iu, const std::vector<Cell>& elements, Cell tail) {
  Cell* p = iu.allocate(2 * elements.size());
  if (p == nullptr && !elements.empty()) return 0;
  Cell list = tail;
  for (std::size_t i = elements.size(); i-- > 0;) {
    p[2 * i] = elements[i];
    p[2 * i + 1] = list;
    list = make_pointer(Tag::Cons, p + 2 * i, iu.index());
  }
  return list;
}

std::optional<std::string> text_of_codes(Cell list) {
  auto elements = list_elements(list);
  if (!elements) return std::nullopt;
  std::string text;
  for (Cell e : *elements) {
    e = deref(e);
    if (!is_int(e)) return std::nullopt;
    const std::int64_t code = small_int_value(e);
    if (code < 0 || code > 0x10FFFF) return std::nullopt;
    frontend::utf8::append(text, static_cast<char32_t>(code));
  }
  return text;
}

std::optional<std::string> path_text(Iu& iu, Cell path) {
  path = deref(path);
  if (is_atom(path) && path != kNil) return iu.atoms.name(atom_index(path));
  if (!is_cons(path)) return std::nullopt;
  return text_of_codes(path);
}

}  // namespace builtins
}  // namespace fleng::vm
