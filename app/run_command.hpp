// `fleng run FILE... [-g GOAL]`: load, run one query to quiescence, report, exit status.
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

struct RunOptions {
  std::vector<std::string> files;
  std::string goal = "main";
  std::string stats;           ///< "" none, "text" or "json"
  std::string dump;            ///< "" or "code"
  std::size_t heap_mib = 1024;  ///< per semispace
  bool gc_stress = false;
};

/// Exit status: 0 success, 1 error, 2 deadlock, or halt/1's code.
int run_program(const RunOptions& options);

}  // namespace fleng::app
