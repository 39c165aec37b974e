// The rows of a sweep's results: the swept parameters as columns named like their options,
// then every statistic of `fleng run --stats=json` under the same name (nested objects
// flattened with dots; the per-IU array is left to the JSON file), then the outcome of the run:
// `exit_code`, `error` (first line of the error or deadlock report), `output_bytes` and
// `output_fnv1a` (a digest of what the program printed, to compare answers across rows).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/configuration_run.hpp"
#include "sweep/csv.hpp"

namespace fleng::sweep {

inline const std::vector<std::string>& outcome_columns() {
  static const std::vector<std::string> columns = {"exit_code", "error", "output_bytes",
                                                   "output_fnv1a"};
  return columns;
}

/// The scalar statistics of a `--stats=json` object, by (dotted) name, as CSV text.
std::map<std::string, std::string> flatten_statistics(const nlohmann::json& statistics);

/// The header for results whose statistics look like `statistics`: the parameter columns, the
/// statistics (those not already a parameter column), the outcome columns.
CsvRow results_header(const std::vector<std::string>& parameter_columns,
                      const nlohmann::json& statistics);

/// A row under `header` (whose first columns are the parameters, given in `parameters`).
CsvRow results_row(const CsvRow& header, const std::vector<std::string>& parameters,
                   const ConfigurationResult& result);

/// A row as a JSON object, numbers as numbers: {"parameters": {...}, "exit_code": ...,
/// "error": ..., "statistics": {...}}. `parameter_count` first columns are the parameters.
nlohmann::json row_to_json(const CsvRow& header, const CsvRow& row, std::size_t parameter_count);

}  // namespace fleng::sweep
