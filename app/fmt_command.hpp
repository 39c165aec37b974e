// `fleng fmt`: parse files, report diagnostics, print canonical layout (included files are
// not read: each file is formatted as written).
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

struct FmtOptions {
  std::vector<std::string> files;  ///< "-" reads standard input
  bool in_place = false;           ///< rewrite each file instead of printing it
  bool check = false;              ///< print nothing; exit 1 if a file is not in canonical layout
};

/// Exit status: 0 success, 1 a file had errors (or, with --check, is not canonical).
int run_fmt(const FmtOptions& options);

}  // namespace fleng::app
