// The spelling rules of Fleng lexemes, shared by the scanner (decoding) and the printer
// (encoding): escapes in quoted atoms and strings, which atoms print bare, which are operators.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fleng::frontend::lexemes {

/// Result of decoding a quoted lexeme: the contents, or the first error.
struct Decoded {
  std::string text;
  std::optional<std::string> error;
};

/// Decodes the body of `'...'` or `"..."` (quotes included in `lexeme`): the escapes
/// \n \t \r \e \\ \' \" and a doubled quote; raw control characters other than tab are errors.
Decoded decode_quoted(std::string_view lexeme);

/// Decodes one escape sequence body (the character after the backslash); nullopt if unknown.
std::optional<char> decode_escape(char c);

/// Writes `text` between `quote` characters with the escapes above.
std::string quote(std::string_view text, char quote_char);

/// True for a name atom: a lowercase letter, then letters, digits and `_`.
bool is_name_atom(std::string_view text);

/// True for a symbol atom: a run of `+-*/\^<>=~:.?@#&$`.
bool is_symbol_atom(std::string_view text);

/// Operators of the fixed table (docs/language.md), as infix or prefix.
enum class Fixity { Xfx, Xfy, Yfx };
struct InfixOperator {
  int priority;
  Fixity fixity;
};
std::optional<InfixOperator> infix_operator(std::string_view name);
/// Prefix operators (`-` and `\`, priority 200, fy).
bool is_prefix_operator(std::string_view name);

/// True if `text` scans as an operator token (so it needs quotes where an operand is printed).
bool is_operator_atom(std::string_view text);

/// How the printer writes an atom where it stands alone: bare when it scans back as the same
/// atom, quoted otherwise.
std::string atom_text(std::string_view name);

}  // namespace fleng::frontend::lexemes
