// `fleng repl [FILE...]` (and `fleng` alone): the interactive top level.
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

/// Runs the REPL; returns the exit status (halt/1's code, or in a script the last failure).
/// `program_args`: the words after `--` (argv/1); `seed`: of the random builtins (--seed;
/// :seed changes it).
int run_repl(const std::vector<std::string>& files,
             const std::vector<std::string>& program_args = {}, std::uint64_t seed = 0);

}  // namespace fleng::app
