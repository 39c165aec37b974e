// CSV records as RFC 4180 reads them (read_csv/2): fields separated by `,`, a field in double
// quotes may hold `,`, line breaks and `""` (one quote); a line end is LF or CRLF; empty lines
// are skipped. And the number a field reads as, if any.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fleng::vm::csv {

struct Field {
  std::string text;
  bool quoted = false;  ///< written in double quotes (then never a number)
};
using Row = std::vector<Field>;

enum class Status { Record, End, Error };

/// Reads the next record of `in`. `line` counts the lines read so far (the record's lines are
/// added); on Error `error` says what is wrong (an unterminated quoted field at end of input).
Status read_record(std::istream& in, std::size_t& line, Row& row, std::string& error);

/// The number an unquoted field reads as: an integer or a float, with an optional sign,
/// spaces around it ignored; nullopt for anything else (an integer too large for 64 bits reads
/// as a float).
std::optional<std::variant<std::int64_t, double>> number(std::string_view text);

}  // namespace fleng::vm::csv
