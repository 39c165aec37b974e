// `fleng check`: reads the files as one program (with the files they include), reports the
// errors of parsing and of the checks and, when there are none, the linter's warnings
// (analyzer/lint.hpp).
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

struct CheckOptions {
  std::vector<std::string> files;  ///< "-" reads standard input
  bool werror = false;             ///< warnings make the exit status 1
};

/// Exit status: 0 no errors (and, with --werror, no warnings), else 1.
int run_check(const CheckOptions& options);

}  // namespace fleng::app
