// Text helpers shared by the builtins that convert between atoms, numbers and lists of
// character codes (atoms.cpp, text_conversions.cpp, split_string.cpp): code lists from text,
// numbers from text, and the wait for a code list that is still being built.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vm/builtins/support.hpp"

namespace fleng::vm::builtins {

/// The code points of UTF-8 text; a byte that is not well-formed UTF-8 stands for itself.
std::u32string decode_text(std::string_view text);

/// The list of `codes` ending in `tail`, or 0 when the heap is full.
Cell make_code_list(Iu& iu, std::u32string_view codes, Cell tail = kNil);

/// Delivers the code list of `text` to *out, charging one unit of work per character.
Outcome deliver_codes(Iu& iu, std::string_view text, Cell* out);

/// The number a text denotes: an integer (an optional `-` and decimal digits) or a float (the
/// same with a `.`, and an optional exponent).
struct ParsedNumber {
  enum class Kind { Integer, Float, NotANumber, IntegerOverflow, FloatOverflow } kind;
  std::int64_t i = 0;
  double d = 0.0;
};
ParsedNumber parse_number(std::string_view text);

/// The number of `text` delivered to *out; a text that is not a number, or one out of range,
/// is a located error naming `who` (e.g. "list_to_number/2").
Outcome deliver_number_of_text(Iu& iu, const std::string& text, std::string_view who, Cell* out);

/// What a code list still waits for before it can be converted: its unbound tail or its first
/// unbound element; 0 when it is complete, or when it is not a list at all (cyclic, improper:
/// the conversion then reports the type error).
Cell code_list_blocker(Cell list);

/// The number of characters (code points) of UTF-8 text: the units of work of a conversion.
std::size_t character_count(std::string_view text);

/// The text of an atom or of a number (as the writer prints it); nullopt for other terms.
std::optional<std::string> atomic_text(Iu& iu, Cell c);

}  // namespace fleng::vm::builtins
