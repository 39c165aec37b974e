// The CSV record reader and field numbers (see csv.hpp).
#include "vm/csv.hpp"

#include <charconv>

#include <fmt/format.h>

namespace fleng::vm::csv {

namespace {

bool next_line(std::istream& in, std::size_t& line, std::string& text) {
  if (!std::getline(in, text)) return false;
  ++line;
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return true;
}

}  // namespace

Status read_record(std::istream& in, std::size_t& line, Row& row, std::string& error) {
  row.clear();
  std::string text;
  do {
    if (!next_line(in, line, text)) return Status::End;
  } while (text.empty());
  const std::size_t first_line = line;
  Field field;
  std::size_t i = 0;
  for (;;) {
    if (i == 0 || text[i - 1] == ',') {
      // At the start of a field.
      if (i < text.size() && text[i] == '"') {
        field.quoted = true;
        ++i;
        for (;;) {
          if (i >= text.size()) {
            field.text += '\n';  // a line break inside the quotes
            if (!next_line(in, line, text)) {
              error = fmt::format("unterminated quoted field (opened on line {})", first_line);
              return Status::Error;
            }
            i = 0;
            continue;
          }
          if (text[i] == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              field.text += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          field.text += text[i++];
        }
      }
    }
    // Unquoted text (or what follows a closing quote, kept as it is).
    while (i < text.size() && text[i] != ',') field.text += text[i++];
    row.push_back(std::move(field));
    field = Field{};
    if (i >= text.size()) return Status::Record;
    ++i;  // the comma
    if (i >= text.size()) {  // a final comma: one more, empty field
      row.emplace_back();
      return Status::Record;
    }
  }
}

std::optional<std::variant<std::int64_t, double>> number(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  std::string_view body = text;
  const bool plus = body.front() == '+';
  if (plus) body.remove_prefix(1);
  std::size_t digits = 0;
  for (const char c : body) {
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-') {
      return std::nullopt;  // also inf, nan, hex
    }
  }
  if (digits == 0) return std::nullopt;
  const char* begin = body.data();
  const char* end = body.data() + body.size();
  if (plus && (*begin == '-' || *begin == '+')) return std::nullopt;
  std::int64_t i = 0;
  if (auto [p, ec] = std::from_chars(begin, end, i); p == end && ec == std::errc()) return i;
  double d = 0;
  if (auto [p, ec] = std::from_chars(begin, end, d); p == end && ec == std::errc()) return d;
  return std::nullopt;
}

}  // namespace fleng::vm::csv
