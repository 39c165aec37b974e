// Checking a sweep's output files before it runs (see output_paths.hpp).
#include "sweep/output_paths.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace fleng::sweep {

namespace {

namespace fs = std::filesystem;

/// The file a path names, for comparing two paths (`./a.csv` and `a.csv` are one file).
fs::path identity(const std::string& path) {
  std::error_code ignored;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(path), ignored);
  return canonical.empty() ? fs::absolute(path).lexically_normal() : canonical;
}

}  // namespace

bool can_write(const std::string& path) {
  std::error_code ignored;
  if (fs::is_directory(path, ignored)) return false;
  const bool existed = fs::exists(path, ignored);
  const bool ok = static_cast<bool>(std::ofstream(path, std::ios::app));
  if (ok && !existed) fs::remove(path, ignored);
  return ok;
}

void check_output_paths(const OutputPaths& paths) {
  // Every file written, with the option that writes it.
  std::vector<std::pair<std::string, std::string>> files = {{"-o", paths.csv}};
  if (!paths.json.empty()) files.emplace_back("--json", paths.json);
  if (!paths.plot.empty()) {
    if (!paths.plot.ends_with(".svg")) {
      throw std::invalid_argument(fmt::format(
          "--plot {}: wants a file name ending in .svg (the PNG files are written next to it)",
          paths.plot));
    }
    const std::string stem = paths.plot.substr(0, paths.plot.size() - 4);
    files.emplace_back("--plot", paths.plot);
    files.emplace_back("--plot (its PNG)", stem + ".png");
    files.emplace_back("--plot (its gnuplot script)", stem + ".gp");
  }
  if (!paths.report.empty()) {
    if (!paths.report.ends_with(".html") && !paths.report.ends_with(".htm")) {
      throw std::invalid_argument(fmt::format(
          "--report {}: wants a file name ending in .html (the report is one HTML page)", paths.report));
    }
    files.emplace_back("--report", paths.report);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (identity(files[i].second) == identity(files[j].second)) {
        throw std::invalid_argument(fmt::format("{} {} and {} {} are the same file: give each output "
                                                "a file of its own",
                                                files[j].first, files[j].second, files[i].first,
                                                files[i].second));
      }
    }
  }
  for (const auto& [option, path] : files) {
    if (!can_write(path)) {
      throw std::invalid_argument(fmt::format("{} {}: cannot write this file", option, path));
    }
  }
}

}  // namespace fleng::sweep
