// The `fleng` command line. Thin: it parses options with CLI11 and calls the libraries.
// Subcommands: run, sweep (many simulations), analyze, repl (the default), fmt (canonical
// layout), check (syntax and placement checks, the linter).
#include <charconv>
#include <iostream>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/analyze_command.hpp"
#include "app/check_command.hpp"
#include "app/fmt_command.hpp"
#include "app/repl_command.hpp"
#include "app/run_command.hpp"
#include "app/sweep_command.hpp"

namespace {

/// --seed: an integer from 0 to 2^64-1, written in decimal digits only (CLI11 would take -1 or
/// 2^64 and wrap them silently).
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

}  // namespace

int main(int argc, char** argv) {
  // For run and repl, the words after `--` are the program's (argv/1), not options or files:
  // CLI11 sees only what comes before. (Elsewhere `--` keeps its CLI11 meaning.)
  std::vector<std::string> program_args;
  const bool takes_program_args =
      argc > 1 && (std::string_view(argv[1]) == "run" || std::string_view(argv[1]) == "repl");
  for (int i = 1; takes_program_args && i < argc; ++i) {
    if (std::string_view(argv[i]) == "--") {
      for (int k = i + 1; k < argc; ++k) program_args.emplace_back(argv[k]);
      argc = i;
      break;
    }
  }
  CLI::App app{"fleng: the Fleng committed-choice language and the PIE64 inference machine"};
  app.set_version_flag("--version", "fleng 0.1.0");
  app.require_subcommand(0, 1);

  fleng::app::FmtOptions fmt_options;
  auto* fmt = app.add_subcommand("fmt", "Print Fleng files in the canonical layout");
  fmt->add_option("files", fmt_options.files, "Fleng source files ('-' reads standard input)")
      ->required();
  fmt->add_flag("-i,--in-place", fmt_options.in_place, "Rewrite the files instead of printing");
  fmt->add_flag("--check", fmt_options.check,
                "Print nothing; exit 1 if a file is not in canonical layout");

  fleng::app::CheckOptions check_options;
  auto* check = app.add_subcommand(
      "check", "Check Fleng files as one program: report every error and the linter's warnings");
  check->add_option("files", check_options.files, "Fleng source files ('-' reads standard input)")
      ->required();
  check->add_flag("--werror", check_options.werror, "Warnings are errors (exit status 1)");

  fleng::app::RunOptions run_options;
  auto* run = app.add_subcommand("run", "Run a Fleng program: load the files, reduce the goal");
  run->add_option("files", run_options.files, "Fleng source files")->required();
  run->footer("Program arguments: fleng run FILE... [OPTIONS] -- ARG...  The words after -- go to "
              "the program: argv(L) gives them as a list (numbers as numbers, other words as "
              "atoms); argv([]) without --.");
  run->add_option("-g,--goal", run_options.goal, "The goal to run (default: main)");
  run->add_option("--stats", run_options.stats, "Print statistics: text (stderr) or json (stdout)")
      ->expected(0, 1)
      ->default_str("text")
      ->check(CLI::IsMember({"text", "json"}));
  run->add_option("--dump", run_options.dump, "Print the compiled code instead of running")
      ->check(CLI::IsMember({"code"}));
  run->add_option("--heap", run_options.heap_mib, "Heap limit per semispace, in MiB")
      ->check(CLI::Range(1, 1 << 20));
  run->add_flag("--gc-stress", run_options.gc_stress, "Collect garbage at every allocation point");
  run->add_flag("--trace-goals", run_options.trace_goals,
                "Local engine: print each reduction (goal, clause), suspension and wake-up on "
                "stderr");
  run->add_option("--trace-limit", run_options.trace_limit,
                  "Lines of --trace-goals before it stops (the run goes on)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  run->add_option("--engine", run_options.engine,
                  "sim: the simulated PIE64 (default); local: one IU at host speed; threads: "
                  "the machine's IUs on host worker threads")
      ->check(CLI::IsMember({"local", "sim", "threads"}));
  run->add_option("--ius", run_options.ius,
                  "Inference Units (1..1024) of the simulated machine or the threads engine")
      ->check(CLI::Range(1, 1024));
  run->add_option("--workers", run_options.workers,
                  "Threads engine: host worker threads (default: one per core)")
      ->check(CLI::Range(1, 256));
  run->add_option("--static", run_options.static_partitioning,
                  "on: the program's placements; off: naive partitioning (every goal to the "
                  "least-loaded IU)")
      ->check(CLI::IsMember({"on", "off"}));
  run->add_option("--threshold", run_options.threshold,
                  "Dynamic partitioning: stay local when the least load level is >= T");
  run->add_option("--machine", run_options.machine_file, "Machine description (JSON)");
  run->add_option("--set", run_options.settings, "Override a machine key: key=value (repeatable)")
      ->allow_extra_args(false);
  run->add_option("--seed", run_options.seed,
                  "Seed of random/1, random_int/2, random_normal/3 (default 0): the same seed "
                  "draws the same numbers on every engine")
      ->check(seed_check())
      ->capture_default_str();
  run->add_option("--trace", run_options.trace_file,
                  "Write a Chrome trace-event timeline of the run (Perfetto): sim, each IU's processors; "
                  "threads, each worker's turns");

  fleng::app::AnalyzeOptions analyze_options;
  auto* analyze = app.add_subcommand(
      "analyze", "Print the program with the static partitioning's placement annotations");
  analyze->add_option("file", analyze_options.file, "Fleng source file")->required();
  analyze->add_flag("--explain", analyze_options.explain,
                    "Say per clause which walks were found and why each annotation (stderr)");
  analyze->add_option("--dot", analyze_options.dot_file, "Write the data-flow graphs (Graphviz)");
  analyze->add_flag("--modes", analyze_options.modes, "Print the modes found, as comments");

  fleng::app::SweepCommandOptions sweep_options;
  auto* sweep = app.add_subcommand(
      "sweep", "Run a program on the simulated PIE64 for every combination of option values");
  sweep->add_option("files", sweep_options.files, "Fleng source files")->required();
  sweep->add_option("-g,--goal", sweep_options.goal, "The goal to run (default: main)");
  sweep->add_option("--ius", sweep_options.ius, "IU counts to sweep, e.g. 4,16,64");
  sweep->add_option("--static", sweep_options.statics, "Static partitioning values: off,on");
  sweep->add_option("--thresholds,--threshold", sweep_options.thresholds,
                    "Dynamic-partitioning thresholds, e.g. 1,2,3,4,6,8,10,12,16,32,64,128");
  sweep->add_option("--sweep", sweep_options.sweeps,
                    "Another swept option: NAME=V1,V2,... with NAME ius, static, threshold or "
                    "set.KEY (a machine key; repeatable)")
      ->allow_extra_args(false);
  sweep->add_option("--set", sweep_options.settings,
                    "Override a machine key for every configuration: key=value (repeatable)")
      ->allow_extra_args(false);
  sweep->add_option("--machine", sweep_options.machine_file, "Machine description (JSON)");
  sweep->add_option("--heap", sweep_options.heap_mib, "Heap per IU and semispace, in MiB")
      ->check(CLI::Range(1, 1 << 20));
  sweep->add_option("-o,--output", sweep_options.csv_path, "Results: one CSV row per configuration")
      ->required();
  sweep->add_option("--json", sweep_options.json_path,
                    "Also write the results as JSON (with the per-IU statistics)");
  sweep->add_option("--plot", sweep_options.plot_path,
                    "Draw the figures with gnuplot: FILE.svg (makespan) and FILE-<N>ius.svg "
                    "(the paper's four panels per IU count), each also as PNG");
  sweep->add_flag("--resume", sweep_options.resume,
                  "Keep the rows already in the CSV file and run only the missing configurations");
  sweep->add_option("--seed", sweep_options.seed,
                    "Seed of the random builtins, the same for every configuration (default 0)")
      ->check(seed_check())
      ->capture_default_str();
  sweep->add_option("-j,--jobs", sweep_options.jobs, "Host threads (default: one per core)")
      ->check(CLI::Range(1, 1024));

  std::vector<std::string> repl_files;
  auto* repl = app.add_subcommand("repl", "Interactive top level (also: fleng with no arguments)");
  repl->add_option("files", repl_files, "Fleng source files to load");
  std::uint64_t repl_seed = 0;
  repl->add_option("--seed", repl_seed, "Seed of the random builtins (default 0; :seed changes it)")
      ->check(seed_check())
      ->capture_default_str();
  repl->footer("Program arguments: fleng repl FILE... -- ARG...  argv(L) gives the words after --.");

  // An option CLI11 refuses (a value out of its range, a word where a number belongs) is an
  // error like any other: `fleng: ...`, exit status 1; --help and --version exit 0.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "fleng: " << e.what() << "\nRun with --help for more information.\n";
    return 1;
  }
  if (repl->parsed() || app.get_subcommands().empty()) {
    return fleng::app::run_repl(repl_files, program_args, repl_seed);
  }
  if (analyze->parsed()) return fleng::app::run_analyze(analyze_options);
  if (sweep->parsed()) return fleng::app::run_sweep_command(sweep_options);
  if (run->parsed()) {
    if (run->count("--stats") > 0 && run_options.stats.empty()) run_options.stats = "text";
    run_options.program_args = program_args;
    return fleng::app::run_program(run_options);
  }

  if (fmt->parsed()) return fleng::app::run_fmt(fmt_options);
  if (check->parsed()) return fleng::app::run_check(check_options);
  return 0;
}
