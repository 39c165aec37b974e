// `fleng run FILE... [-g GOAL]`: load, run one query to quiescence, report, exit status.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_choice.hpp"
#include "vm/native_code.hpp"

namespace fleng::kernel {
class Session;
}

namespace fleng::app {

struct RunOptions {
  std::vector<std::string> files;
  std::string goal = "main";
  std::string stats;           ///< "" none, "text" or "json"
  std::string dump;            ///< "" or "code"
  std::optional<std::size_t> heap_mib;  ///< per semispace (local) or per IU (sim)
  /// --heap-min: the least usable heap per semispace on the host engines (local, threads, mpi)
  std::optional<std::size_t> heap_min_mib;
  bool gc_stress = false;
  bool trace_goals = false;           ///< --trace-goals (local engine, vm/goal_trace.cpp)
  std::uint64_t trace_limit = 10000;  ///< its lines at most
  /// --time-slice: direct reductions before a goal goes to the back (local engine; default
  /// vm::kHostTimeSlice)
  std::optional<std::uint32_t> time_slice;
  std::uint64_t seed = 0;  ///< of the random builtins (--seed)
  // The engine: --engine as given ("local", "sim", "threads"), or none; the engine that runs is
  // chosen from it and the options given (engine_choice.hpp: --ius selects sim, --workers
  // threads, and so on).
  std::optional<std::string> engine;
  std::optional<std::uint32_t> ius;
  std::optional<unsigned> workers;  ///< threads engine: host worker threads
  std::optional<std::string> static_partitioning;  ///< "on" / "off"
  std::optional<std::uint32_t> threshold;
  std::string machine_file;
  std::vector<std::string> settings;  ///< --set key=value
  std::string trace_file;
  /// The program's arguments: the words after `--` (argv/1).
  std::vector<std::string> program_args;
  /// --profile: the placement profile that guides the run (the profile-guided executor).
  std::string profile_file;
  /// --explain (with --profile): the executor's decisions on stderr before the run.
  bool explain = false;
  /// --profile-form: "constants" (the default) or "lookup" (a table looked up at run time).
  std::string profile_form = "constants";
  /// A compiled program (app/compiled_main.hpp): its sources (name, text), loaded instead of
  /// `files`, and its native code, which the local engine runs.
  std::vector<std::pair<std::string, std::string>> embedded_sources;
  const vm::NativeProgram* native = nullptr;
  /// --compiled: the program compiled to native code in this process (from the cache of
  /// compiled programs, native/native_loader.hpp) and run so on the local engine.
  bool compiled = false;
};

/// Exit status: 0 success, 1 error, 2 deadlock, or halt/1's code.
int run_program(const RunOptions& options);

/// --profile FILE: reads the profile and makes it guide `session`'s placements (its
/// decisions on `explain` if given). False, with the located error printed on stderr, when the
/// file is missing, truncated or foreign, or does not match the loaded program or IU count.
bool use_profile_file(kernel::Session& session, const std::string& path, std::ostream* explain);

/// The options of `options` that only some engines understand, as the user wrote them
/// (engine_choice.hpp), and the engine they select with --engine: throws std::invalid_argument
/// when they contradict each other or --engine.
Engine chosen_engine(const RunOptions& options);

/// Sets up the session's engine (`engine`, from chosen_engine) from the machine options of
/// `options` (--ius, --workers, --static, --threshold, --machine, --set, --trace, --heap), as
/// `fleng run` and `fleng repl` do; throws std::invalid_argument with the message for the user.
void configure_engine(kernel::Session& session, Engine engine, const RunOptions& options);

}  // namespace fleng::app
