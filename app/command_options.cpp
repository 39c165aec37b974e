// The options of `fleng run` and of the commands that share them (app/command_options.hpp).
#include "app/command_options.hpp"

#include <charconv>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "kernel/machine_description.hpp"

namespace fleng::app {

// (CLI11 alone would take -1 or 2^64 and wrap them silently.)
CLI::Validator seed_check() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || text.front() == '-' || text.front() == '+' || ec != std::errc{} ||
            stop != end) {
          return "'" + text + "' is not an integer from 0 to 18446744073709551615";
        }
        return {};
      },
      "SEED");
}

void add_engine_options(CLI::App* command, RunOptions& options) {
  const kernel::MachineDescription machine;
  command
      ->add_option("--engine", options.engine,
                   "local: one IU at host speed (the default); sim: the simulated PIE64; "
                   "threads: the machine's IUs on host worker threads; mpi: over the ranks of "
                   "an MPI job (mpirun -np R fleng run ... --engine mpi). Without --engine, an "
                   "option only some engines understand chooses: --ius, --static, --threshold, "
                   "--machine, --set, --trace select sim, --workers threads")
      ->check(CLI::IsMember({"local", "sim", "threads", "mpi"}));
  command
      ->add_option("--ius", options.ius,
                   fmt::format("Inference Units (1..1024) of the simulated machine (default: {}) "
                               "or the threads engine (default: as many as workers)",
                               machine.ius))
      ->check(CLI::Range(1, 1024));
  command
      ->add_option("--workers", options.workers,
                   fmt::format("Threads engine: host worker threads (default: one per core, {} "
                               "here); mpi engine: per rank (default: the rank's cores, at most "
                               "its IUs)",
                               std::max(1U, std::thread::hardware_concurrency())))
      ->check(CLI::Range(1, 256));
  command
      ->add_option("--static", options.static_partitioning,
                   fmt::format("on: the program's placements; off: naive partitioning (every goal "
                               "to the least-loaded IU) (default: {})",
                               machine.static_partitioning ? "on" : "off"))
      ->check(CLI::IsMember({"on", "off"}));
  command->add_option("--threshold", options.threshold,
                      fmt::format("Dynamic partitioning: stay local when the least load level is "
                                  ">= T (default: {})",
                                  machine.threshold));
  command->add_option("--machine", options.machine_file,
                      "Machine description (JSON; default: the PIE64 of docs/machine.md)");
  command
      ->add_option("--set", options.settings, "Override a machine key: key=value (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--trace", options.trace_file,
                      "Write a Chrome trace-event timeline (Perfetto): sim, each IU's processors; "
                      "threads, each worker's turns (default: none)");
}

void add_run_options(CLI::App* command, RunOptions& options) {
  command->add_option("-g,--goal", options.goal, "The goal to run")->capture_default_str();
  command->add_option("--stats", options.stats,
                  "Print statistics: text (stderr; the default when --stats has no value) or "
                  "json (stdout); none without --stats")
      ->expected(0, 1)
      ->check(CLI::IsMember({"text", "json"}));
  command->add_option("--dump", options.dump,
                  "code: print the compiled code instead of running (default: run)")
      ->check(CLI::IsMember({"code"}));
  command->add_option("--heap", options.heap_mib,
                  "Heap limit per semispace, in MiB (default: 1024 on local and threads, less "
                  "when the IUs together would outgrow the host's memory; 16 per IU on sim, "
                  "the machine key heap_cells)")
      ->check(CLI::Range(1, 1 << 20));
  command->add_option("--heap-min", options.heap_min_mib,
                  "Least usable heap per semispace on local, threads and mpi, in MiB (default: "
                  "2): after a collection a heap keeps 4 times its live data free or this much, "
                  "so a program that keeps much data live is collected less often for the "
                  "memory")
      ->check(CLI::Range(1, 1 << 20));
  command->add_flag("--gc-stress", options.gc_stress,
                "Collect garbage at every allocation point (local engine)");
  command->add_flag("--trace-goals", options.trace_goals,
                "Print each reduction (goal, clause), suspension and wake-up on stderr (local "
                "engine; selects it)");
  command->add_option("--time-slice", options.time_slice,
                  "Direct reductions of a goal before it goes to the back of the queue (local "
                  "engine; selects it; default: 1000000, so that a producer usually finishes "
                  "before its consumers run; 1000, as on the simulated PIE64, interleaves them)")
      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{1000000000}));
  command->add_option("--trace-limit", options.trace_limit,
                  "Lines of --trace-goals before it stops (the run goes on)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  add_engine_options(command, options);
  command->add_option("--profile", options.profile_file,
                  "Place the profiled loop iterations by this profile (fleng profile; selects "
                  "sim): constant destinations chosen by the inspector-executor rules");
  command->add_option("--profile-form", options.profile_form,
                  "With --profile: constants (destinations in code, the default) or lookup (a "
                  "table looked up per iteration at run time, for comparison)")
      ->check(CLI::IsMember({"constants", "lookup"}))
      ->capture_default_str();
  command->add_flag("--explain", options.explain,
                "With --profile: print each placement decision and the data it rests on (stderr)");
  command->add_option("--seed", options.seed,
                  "Seed of random/1, random_int/2, random_normal/3: the same seed "
                  "draws the same numbers on every engine")
      ->check(seed_check())
      ->capture_default_str();

}

void default_stats_value(std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--stats") continue;
    if (i + 1 < args.size() && (args[i + 1] == "text" || args[i + 1] == "json")) continue;
    args[i] = "--stats=text";
  }
}

std::optional<int> parse_arguments(CLI::App& app, const std::vector<std::string>& args,
                                   const std::string& name) {
  try {
    std::vector<const char*> words;
    for (const auto& word : args) words.push_back(word.c_str());
    app.parse(static_cast<int>(words.size()), words.data());
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << name << ": " << e.what() << "\nRun with --help for more information.\n";
    return 1;
  }
  return std::nullopt;
}

}  // namespace fleng::app
