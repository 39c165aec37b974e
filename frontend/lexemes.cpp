// Spelling rules shared by the scanner and the printer (docs/language.md).
#include "frontend/lexemes.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace fleng::frontend::lexemes {

std::optional<char> decode_escape(char c) {
  switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'e': return '\x1b';
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    default: return std::nullopt;
  }
}

Decoded decode_quoted(std::string_view lexeme) {
  Decoded result;
  const char quote_char = lexeme.front();
  const std::string_view body = lexeme.substr(1, lexeme.size() - 2);
  result.text.reserve(body.size());
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (c == '\\' && i + 1 < body.size()) {
      const char next = body[++i];
      if (next == 'x') {
        // `\xHEX\`: any character by its code (how the writer quotes control characters).
        std::size_t end = i + 1;
        unsigned long code = 0;
        while (end < body.size() && std::isxdigit(static_cast<unsigned char>(body[end])) != 0 &&
               code <= 0xFF) {
          const char h = body[end];
          code = code * 16 + static_cast<unsigned long>(
                                 h <= '9' ? h - '0' : (std::tolower(static_cast<unsigned char>(h)) - 'a' + 10));
          ++end;
        }
        if (end == i + 1 || end >= body.size() || body[end] != '\\' || code > 0xFF) {
          if (!result.error) {
            result.error = "bad escape sequence '\\x': write \\xHH\\ with one or two hex digits";
          }
          continue;
        }
        result.text.push_back(static_cast<char>(code));
        i = end;
      } else if (auto decoded = decode_escape(next)) {
        result.text.push_back(*decoded);
      } else if (!result.error) {
        result.error = std::string("unknown escape sequence '\\") + next +
                       "' (known: \\n \\t \\r \\e \\\\ \\' \\\" \\xHH\\)";
      }
    } else if (c == quote_char && i + 1 < body.size() && body[i + 1] == quote_char) {
      result.text.push_back(quote_char);
      ++i;
    } else if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
      if (!result.error) {
        result.error = "control character in quoted text; write it as an escape (\\n, \\r, \\e)";
      }
    } else {
      result.text.push_back(c);
    }
  }
  return result;
}

std::string quote(std::string_view text, char quote_char) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back(quote_char);
  for (const char c : text) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\x1b': out += "\\e"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c == quote_char) {
          out.push_back('\\');
        } else if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') {
          // Other control characters (NUL too) as `\xHH\`, so that the text reads back.
          constexpr std::string_view kHex = "0123456789abcdef";
          const auto code = static_cast<unsigned char>(c);
          out += "\\x";
          out.push_back(kHex[code >> 4U]);
          out.push_back(kHex[code & 0xFU]);
          out.push_back('\\');
          continue;
        }
        out.push_back(c);
    }
  }
  out.push_back(quote_char);
  return out;
}

bool is_name_atom(std::string_view text) {
  if (text.empty() || text.front() < 'a' || text.front() > 'z') return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool is_symbol_atom(std::string_view text) {
  constexpr std::string_view kSymbolChars = "+-*/\\^<>=~:.?@#&$";
  return !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
    return kSymbolChars.find(c) != std::string_view::npos;
  });
}

std::optional<InfixOperator> infix_operator(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, InfixOperator>, 29> kTable{{
      {":-", {1200, Fixity::Xfx}}, {",", {1000, Fixity::Xfy}},   {"@", {800, Fixity::Xfx}},
      {"=", {700, Fixity::Xfx}},   {"==", {700, Fixity::Xfx}},   {"\\==", {700, Fixity::Xfx}},
      {"<", {700, Fixity::Xfx}},   {">", {700, Fixity::Xfx}},    {"=<", {700, Fixity::Xfx}},
      {">=", {700, Fixity::Xfx}},  {"=:=", {700, Fixity::Xfx}},  {"=\\=", {700, Fixity::Xfx}},
      {"+", {500, Fixity::Yfx}},   {"-", {500, Fixity::Yfx}},    {"/\\", {500, Fixity::Yfx}},
      {"\\/", {500, Fixity::Yfx}}, {"xor", {500, Fixity::Yfx}},  {"*", {400, Fixity::Yfx}},
      {"/", {400, Fixity::Yfx}},   {"//", {400, Fixity::Yfx}},   {"mod", {400, Fixity::Yfx}},
      {"<<", {400, Fixity::Yfx}},  {">>", {400, Fixity::Yfx}},   {"^", {200, Fixity::Xfy}},
      {":", {200, Fixity::Xfy}},   {"is", {700, Fixity::Xfx}},   {"rem", {400, Fixity::Yfx}},
      {"**", {200, Fixity::Xfx}},  {"=..", {700, Fixity::Xfx}},
  }};
  for (const auto& [op, info] : kTable) {
    if (op == name) return info;
  }
  return std::nullopt;
}

bool is_prefix_operator(std::string_view name) { return name == "-" || name == "\\"; }

bool is_operator_atom(std::string_view text) {
  return (text != "," && infix_operator(text).has_value()) || is_prefix_operator(text);
}

std::string atom_text(std::string_view name) {
  if (is_name_atom(name) || name == "[]" || name == "{}" || name == "!" || name == ";") {
    return std::string(name);
  }
  if (is_symbol_atom(name) && name.back() != '.' && name.find("/*") == std::string_view::npos) {
    return std::string(name);
  }
  return quote(name, '\'');
}

}  // namespace fleng::frontend::lexemes
