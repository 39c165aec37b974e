// `fleng profile FILE... -g GOAL --ius N [--runs K] -o prog.profile`: the inspector of
// profile-guided placement (analyzer/placement_profile.hpp). Runs the program on the simulated
// machine K times and writes what each goal site's iterations read and wrote, by IU, for
// `fleng run --profile` and `fleng analyze --profile` (the executor).
#pragma once

#include <string>
#include <vector>

#include "app/run_command.hpp"

namespace fleng::app {

struct ProfileOptions {
  RunOptions run;  ///< files, goal, machine options (the engine is the simulated machine)
  unsigned runs = 1;
  std::string output;
  /// --key NAME/ARITY:ARG (repeatable): the argument that keys that predicate's goals.
  std::vector<std::string> keys;
};

/// Exit status: 0 when the profile was written; 1 on a bad option or a load error; a run that
/// did not succeed gives its own status (1 error, 2 deadlock, halt/1's code), its report
/// printed and no profile written.
int run_profile(const ProfileOptions& options);

}  // namespace fleng::app
