// Which engine a command means: the one table of the options that only some engines understand,
// used by `fleng run`, `fleng repl` and the REPL's commands (`:ius`, `:workers`, ...).
//
//   option              engines that understand it
//   --ius, --static,    sim, threads, mpi   (alone they select sim; with --workers, threads)
//   --threshold,
//   --machine, --set,
//   --profile
//   --trace             sim, threads
//   --workers           threads, mpi (per rank)
//   --gc-stress,        local
//   --trace-goals,
//   --time-slice
//   everything else     every engine  (-g, --stats, --heap, --seed, --dump)
//
// The rule: `--engine E` is obeyed, and an option E does not understand is an error that says
// why; without `--engine`, the engine is the first of local, sim, threads that understands every
// option given (local when none is given; mpi only by name), and options no engine understands together are an
// error. The REPL applies the same table to its current engine: a setting the current engine
// does not understand moves to the first engine that does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleng::app {

enum class Engine { Local, Sim, Threads, Mpi };

/// "local", "sim", "threads" or "mpi".
std::string_view engine_name(Engine engine);
/// The engine named `name`; std::nullopt for any other word.
std::optional<Engine> engine_named(std::string_view name);

/// A set of engines, one bit each.
struct Engines {
  bool local = false;
  bool sim = false;
  bool threads = false;
  bool mpi = false;
  bool has(Engine e) const;
  bool empty() const { return !local && !sim && !threads && !mpi; }
  /// "sim and threads", "threads", ...
  std::string describe() const;
};

/// The engines that understand `option` (a long option name without dashes: "ius", "workers";
/// the REPL's commands use the same names). Every engine for an option not in the table.
Engines understood_by(std::string_view option);

/// An option as given on the command line: its name in the table ("ius") and how the user
/// wrote it ("--ius 4"), for the messages.
struct GivenOption {
  std::string name;
  std::string text;
};

/// The engine of a command line (the rule above). Throws std::invalid_argument with a message
/// naming the options when `engine` does not understand one of `options`, or when no engine
/// understands them all.
Engine choose_engine(std::optional<Engine> engine, const std::vector<GivenOption>& options);

/// The REPL: the engine after setting `option` while `current` is the engine: `current` if it
/// understands the option, else the first of local, sim, threads that does.
Engine engine_for_setting(Engine current, std::string_view option);

}  // namespace fleng::app
