// Helpers shared by the builtin implementations: delivering results, type errors, numbers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/iu.hpp"
#include "vm/terms.hpp"

namespace fleng::vm::builtins {

inline Outcome deliver(Cell* out, Cell value) {
  *out = value;
  return Outcome::Done;
}

inline Outcome deliver_int(Iu& iu, Cell* out, std::int64_t v) {
  const auto cell = make_integer(iu.heap, v);
  if (!cell) return Outcome::NeedHeap;
  *out = *cell;
  return Outcome::Done;
}

inline Outcome deliver_float(Iu& iu, Cell* out, double v) {
  const auto cell = make_float(iu.heap, v);
  if (!cell) return Outcome::NeedHeap;
  *out = *cell;
  return Outcome::Done;
}

inline Outcome deliver_bool(Cell* out, bool v) { return deliver(out, v ? kTrue : kFalse); }

inline Outcome type_error(Iu& iu, std::string_view expected, Cell found) {
  return iu.fail(fmt::format("type error: expected {}, found {}", expected, iu.format(found)));
}

/// A number argument as int or double.
struct Number {
  bool is_float;
  std::int64_t i;
  double d;
  [[nodiscard]] double as_double() const { return is_float ? d : static_cast<double>(i); }
};

inline std::optional<Number> number_of(Cell c) {
  if (is_integer(c)) return Number{false, integer_value(c), 0.0};
  if (is_float(c)) return Number{true, 0, float_value(c)};
  return std::nullopt;
}

/// The end of a list's spine, dereferenced: [] for a proper list, an unbound variable for a
/// partial one, another term for an improper one, or 0 for a cyclic spine (L = [a|L]).
Cell spine_end(Cell list);

/// A list (the whole spine bound) as a vector of its elements; nullopt if not a proper list
/// (a cyclic spine is not one).
std::optional<std::vector<Cell>> list_elements(Cell list);

/// Builds a list from cells; 0 if the heap is full.
Cell make_list(Iu& iu, const std::vector<Cell>& elements, Cell tail = kNil);

/// The text of an atom or the characters of a code list.
std::optional<std::string> text_of_codes(Cell list);

/// The path of a file builtin: an atom (not []) or a string; nullopt for anything else.
std::optional<std::string> path_text(Iu& iu, Cell path);

}  // namespace fleng::vm::builtins
