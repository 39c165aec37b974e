// One configuration of a sweep: the program loaded into a fresh session and the goal run on
// the simulated machine with the configuration's description. Everything a run prints goes to
// the result, not to the terminal, so that runs can go on side by side on host threads (a
// session shares nothing with another one).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/machine_description.hpp"

namespace fleng::sweep {

/// What every configuration of a sweep shares.
struct Program {
  std::vector<std::string> files;
  std::string goal = "main";
  std::uint64_t seed = 0;  ///< of the random builtins (--seed)
};

struct ConfigurationResult {
  int exit_code = 0;
  std::string error;           ///< the error or deadlock report's first line ("" on success)
  nlohmann::json statistics;   ///< `fleng run --stats=json`'s object (null if the run failed early)
  std::string output;          ///< what the program wrote on its standard output
  double host_seconds = 0;
};

/// Loads and runs; never throws (a failure is in the result).
ConfigurationResult run_configuration(const Program& program,
                                      const kernel::MachineDescription& machine);

/// FNV-1a (64 bits) of `text`, in hex: the output column of a sweep, to compare answers.
std::string output_digest(const std::string& text);

}  // namespace fleng::sweep
