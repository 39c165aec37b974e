// CSV reading and writing (see csv.hpp).
#include "sweep/csv.hpp"

#include <fstream>
#include <istream>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace fleng::sweep {

int CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return static_cast<int>(i);
  }
  return -1;
}

std::string csv_field(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string quoted = "\"";
  for (const char c : value) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

std::string csv_line(const CsvRow& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += csv_field(fields[i]);
  }
  line += '\n';
  return line;
}

CsvTable read_csv(std::istream& in, const std::string& origin) {
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<CsvRow> records;
  CsvRow record;
  std::string field;
  std::size_t line = 1;
  bool quoted = false;
  bool field_started = false;  // something was read for the current field (even "")
  auto end_field = [&] {
    record.push_back(std::move(field));
    field.clear();
    field_started = false;
  };
  auto end_record = [&] {
    end_field();
    records.push_back(std::move(record));
    record.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          quoted = false;
          if (i + 1 < text.size() && text[i + 1] != ',' && text[i + 1] != '\n' &&
              text[i + 1] != '\r') {
            throw std::runtime_error(
                fmt::format("{}:{}: a closing quote must end the field", origin, line));
          }
        }
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    switch (c) {
      case '"':
        if (field_started || !field.empty()) {
          throw std::runtime_error(fmt::format("{}:{}: a quote inside an unquoted field", origin, line));
        }
        quoted = true;
        field_started = true;
        break;
      case ',': end_field(); break;
      case '\r': break;  // CRLF line ends are accepted
      case '\n':
        end_record();
        ++line;
        break;
      default: field += c; field_started = true; break;
    }
  }
  if (quoted) throw std::runtime_error(fmt::format("{}:{}: unterminated quoted field", origin, line));
  if (field_started || !field.empty() || !record.empty()) end_record();

  CsvTable table;
  if (records.empty()) throw std::runtime_error(fmt::format("{}: empty file, no header", origin));
  table.header = std::move(records.front());
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != table.header.size()) {
      throw std::runtime_error(fmt::format("{}: record {} has {} fields, the header has {}", origin,
                                           r + 1, records[r].size(), table.header.size()));
    }
    table.rows.push_back(std::move(records[r]));
  }
  return table;
}

CsvTable read_csv_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open", path));
  return read_csv(in, path);
}

}  // namespace fleng::sweep
