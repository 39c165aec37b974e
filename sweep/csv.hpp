// Comma-separated values as RFC 4180 has them: fields with a comma, a quote or a line break are
// quoted, quotes doubled. The sweep writes its results with these and reads them back to
// resume and to plot, so the two directions must agree exactly.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace fleng::sweep {

using CsvRow = std::vector<std::string>;

struct CsvTable {
  CsvRow header;
  std::vector<CsvRow> rows;

  /// The index of a column, or -1.
  [[nodiscard]] int column(const std::string& name) const;
};

/// One field, quoted when it must be.
std::string csv_field(const std::string& value);
/// One record: the fields separated by commas, ended by a newline.
std::string csv_line(const CsvRow& fields);

/// Reads a whole table (the first record is the header). Every record must have as many fields
/// as the header. Throws std::runtime_error naming the line on malformed input.
CsvTable read_csv(std::istream& in, const std::string& origin);
/// Reads a file; an absent file is an error.
CsvTable read_csv_file(const std::string& path);

}  // namespace fleng::sweep
