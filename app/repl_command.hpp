// `fleng repl [FILE...]` (and `fleng` alone): the interactive top level.
#pragma once

#include <string>
#include <vector>

#include "app/run_command.hpp"

namespace fleng::app {

/// Runs the REPL; returns the exit status (halt/1's code, or in a script the last failure), 1
/// when the engine options contradict each other. Of `options`: the files to load, the words
/// after `--` (argv/1), the seed of the random builtins (:seed changes it) and the engine
/// options of `fleng run` (engine_choice.hpp; :engine, :ius, ... change them).
int run_repl(const RunOptions& options);

}  // namespace fleng::app
