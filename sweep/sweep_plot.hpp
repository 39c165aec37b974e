// Figures of a sweep, drawn by gnuplot in the layout of the PIE64 paper's Figures 10-12: for
// each IU count one figure, static partitioning off on the left and on on the right, and four
// panels down: UNIRED running time, UNIRED stall time, NIP running time (cycles, against the
// dynamic-partitioning threshold on a log axis) and the suspension rate. Plus what the paper
// could not show: the makespan of every configuration.
//
// For `--plot out/results.svg` the files are
//   out/results-<N>ius.svg and .png   one per IU count (Figures 10, 11, 12 for 4, 16, 64)
//   out/results.svg and .png          makespan against threshold, every IU count
//   out/results.gp                    the gnuplot script with its data (to restyle by hand)
// Swept parameters other than ius, static and threshold become separate lines, labelled.
// Failed configurations (non-zero exit_code) are left out of the figures.
#pragma once

#include <string>
#include <vector>

#include "sweep/configuration_run.hpp"
#include "sweep/csv.hpp"

namespace fleng::sweep {

/// The gnuplot script for `table`, writing the figures named after `svg_path` (SVG, and PNG
/// when `with_png`).
std::string plot_script(const CsvTable& table, std::size_t parameter_count,
                        const std::string& svg_path, const std::string& title, bool with_png = true);

/// Writes the script next to `svg_path`, runs gnuplot on it and returns the files written.
/// Throws std::runtime_error when a column is missing or gnuplot fails or is not installed.
std::vector<std::string> plot_sweep(const CsvTable& table, std::size_t parameter_count,
                                    const std::string& svg_path, const std::string& title);

struct SvgFigure {
  std::string caption;
  std::string svg;  ///< the file gnuplot wrote, as it is
};

/// The same figures as SVG text, for the HTML report: one per IU count with a successful
/// configuration, then the makespan. gnuplot runs in a temporary directory, removed after.
/// Throws std::runtime_error as plot_sweep does.
std::vector<SvgFigure> svg_figures(const CsvTable& table, std::size_t parameter_count,
                                   const std::string& title);

/// `primes_annotated.fl run(3000)`: the program and goal, for figure titles.
std::string plot_title(const Program& program);

}  // namespace fleng::sweep
