// The options of `fleng run` (and of the commands that share them: repl, profile, and the
// executables `fleng build` makes, which take run's options), declared once for CLI11.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/run_command.hpp"

namespace fleng::app {

/// --seed: an integer from 0 to 2^64-1, written in decimal digits only.
CLI::Validator seed_check();

/// The engine and machine options of `run` and `repl` (which engine an option selects:
/// app/engine_choice.hpp), each with its default.
void add_engine_options(CLI::App* command, RunOptions& options);

/// Every option of `run` but its files: the goal, statistics, heap, tracing, the engine options,
/// the profile, the seed.
void add_run_options(CLI::App* command, RunOptions& options);

/// Parses `args` (argv, the program's name first) with `app`. Nothing when it parsed; else the
/// exit status: 0 after --help or --version, 1 after a refused option (a value out of its
/// range, a word where a number belongs), reported on stderr as `NAME: ...` like any error.
std::optional<int> parse_arguments(CLI::App& app, const std::vector<std::string>& args,
                                   const std::string& name);

/// `--stats` takes an optional value: `--stats json`, `--stats text`, or `--stats` alone (text),
/// wherever it stands, so that `fleng run --stats FILE` runs FILE.
void default_stats_value(std::vector<std::string>& args);

}  // namespace fleng::app
