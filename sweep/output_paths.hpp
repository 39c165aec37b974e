// The files a sweep writes, checked before any configuration runs: the CSV (`-o`), the JSON
// (`--json`), the figures (`--plot F.svg`: F.svg, F.png, F.gp) and the report (`--report F.html`)
// must be different files, and
// each must be writable. Nothing is left behind by the check: a file that did not exist is
// removed again.
#pragma once

#include <string>

namespace fleng::sweep {

struct OutputPaths {
  std::string csv;
  std::string json;  ///< "" for none
  std::string plot;  ///< "" for none; must end in .svg
  std::string report;  ///< "" for none; must end in .html or .htm
};

/// Throws std::invalid_argument naming the option and the path: two outputs to one file, a
/// --plot name that does not end in .svg, a --report name that does not end in .html, or a file
/// that cannot be written.
void check_output_paths(const OutputPaths& paths);

/// Whether `path` can be written; leaves no file behind that was not there.
bool can_write(const std::string& path);

}  // namespace fleng::sweep
