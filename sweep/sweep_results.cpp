// Result rows of a sweep (see sweep_results.hpp).
#include "sweep/sweep_results.hpp"

#include <algorithm>
#include <charconv>

namespace fleng::sweep {

namespace {

void flatten(const nlohmann::json& value, const std::string& name,
             std::map<std::string, std::string>& out) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      flatten(item, name.empty() ? key : name + "." + key, out);
    }
  } else if (value.is_array() || value.is_null()) {
    // Arrays (per_iu) do not fit a row; they are in the JSON results.
  } else if (value.is_string()) {
    out[name] = value.get<std::string>();
  } else {
    out[name] = value.dump();
  }
}

bool is_outcome(const std::string& column) {
  const auto& columns = outcome_columns();
  return std::find(columns.begin(), columns.end(), column) != columns.end();
}

/// A CSV field as JSON: integers and reals as numbers, the rest as strings.
nlohmann::json typed(const std::string& text) {
  if (text.empty()) return nullptr;
  std::int64_t integer = 0;
  const char* end = text.data() + text.size();
  if (auto [p, ec] = std::from_chars(text.data(), end, integer); ec == std::errc() && p == end) {
    return integer;
  }
  double real = 0;
  if (auto [p, ec] = std::from_chars(text.data(), end, real); ec == std::errc() && p == end) {
    return real;
  }
  return text;
}

}  // namespace

std::map<std::string, std::string> flatten_statistics(const nlohmann::json& statistics) {
  std::map<std::string, std::string> out;
  flatten(statistics, "", out);
  return out;
}

CsvRow results_header(const std::vector<std::string>& parameter_columns,
                      const nlohmann::json& statistics) {
  CsvRow header = parameter_columns;
  for (const auto& [name, value] : flatten_statistics(statistics)) {
    if (std::find(parameter_columns.begin(), parameter_columns.end(), name) ==
            parameter_columns.end() &&
        !is_outcome(name)) {
      header.push_back(name);
    }
  }
  for (const auto& column : outcome_columns()) header.push_back(column);
  return header;
}

CsvRow results_row(const CsvRow& header, const std::vector<std::string>& parameters,
                   const ConfigurationResult& result) {
  const auto statistics = flatten_statistics(result.statistics);
  CsvRow row = parameters;
  for (std::size_t c = parameters.size(); c < header.size(); ++c) {
    const std::string& column = header[c];
    if (column == "exit_code") {
      row.push_back(std::to_string(result.exit_code));
    } else if (column == "error") {
      row.push_back(result.error);
    } else if (column == "output_bytes") {
      row.push_back(std::to_string(result.output.size()));
    } else if (column == "output_fnv1a") {
      row.push_back(output_digest(result.output));
    } else {
      const auto it = statistics.find(column);
      row.push_back(it == statistics.end() ? "" : it->second);
    }
  }
  return row;
}

nlohmann::json row_to_json(const CsvRow& header, const CsvRow& row, std::size_t parameter_count) {
  nlohmann::json object;
  object["parameters"] = nlohmann::json::object();
  object["statistics"] = nlohmann::json::object();
  for (std::size_t c = 0; c < header.size() && c < row.size(); ++c) {
    if (c < parameter_count) {
      object["parameters"][header[c]] = typed(row[c]);
    } else if (header[c] == "error" || header[c] == "output_fnv1a") {
      object[header[c]] = row[c];
    } else if (is_outcome(header[c])) {
      object[header[c]] = typed(row[c]);
    } else {
      object["statistics"][header[c]] = typed(row[c]);
    }
  }
  return object;
}

}  // namespace fleng::sweep
