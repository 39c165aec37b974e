// `fleng sweep --report out.html`: one self-contained HTML page a person can open offline and
// read from the top: the paper's conclusions checked against the results (paper_checks.hpp),
// the figures inline as SVG (gnuplot, as --plot draws them), every configuration's row as a
// table sortable by any column (a few lines of inline JavaScript), and how the sweep was made
// (the command line, the simulated machine, the host). Nothing is loaded from elsewhere: no
// external scripts, styles, fonts or images.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/csv.hpp"
#include "sweep/paper_checks.hpp"
#include "sweep/sweep_plot.hpp"

namespace fleng::sweep {

struct ReportInput {
  std::string title;         ///< program and goal, e.g. "primes_annotated.fl run(3000)"
  std::string command_line;  ///< as typed, for rerunning
  std::string made;          ///< date and time, UTC
  std::string host;          ///< host_description()
  nlohmann::json machine;    ///< the simulated machine before the swept keys (MachineDescription::to_json)
  std::vector<std::string> swept;  ///< the swept parameters with their values, e.g. "ius=4,16"
  CsvTable table;
  std::size_t parameter_count = 0;
  std::vector<SvgFigure> figures;
  std::vector<PaperCheck> checks;
};

/// The page. Figures keep gnuplot's drawing; their element ids get a prefix of their own so
/// that several figures on one page do not share ids.
std::string report_html(const ReportInput& input);

/// Writes the page (to PATH.tmp, then renamed). Throws std::runtime_error naming the path.
void write_report(const std::string& path, const ReportInput& input);

/// The host the sweep ran on: CPU model and count, memory, operating system.
std::string host_description();

/// Now, as "2026-11-25 12:34 UTC".
std::string utc_now();

/// `argv` as one shell command line, quoting the words that need it.
std::string shell_command_line(int argc, const char* const* argv);

}  // namespace fleng::sweep
