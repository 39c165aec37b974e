// The `fleng` command line. Thin: it parses options with CLI11 and calls the libraries.
// Subcommands: run, sweep (many simulations), analyze, repl (the default; `fleng FILE...` too),
// fmt (canonical layout), check (syntax and placement checks, the linter).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <thread>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/analyze_command.hpp"
#include "app/build_command.hpp"
#include "app/command_options.hpp"
#include "app/profile_command.hpp"
#include "app/check_command.hpp"
#include "app/fmt_command.hpp"
#include "app/repl_command.hpp"
#include "app/run_command.hpp"
#include "app/sweep_command.hpp"
#include "kernel/machine_description.hpp"
#include "sweep/sweep_report.hpp"

namespace {

bool is_subcommand(std::string_view word) {
  return word == "run" || word == "build" || word == "repl" || word == "sweep" || word == "analyze" ||
         word == "fmt" || word == "check" || word == "profile";
}

/// `fleng FILE...` is `fleng repl FILE...` (the `swipl file.pl` habit): the first word names a
/// file that exists or ends in .fl, and no subcommand.
bool starts_with_file(std::string_view word) {
  if (word.empty() || word.front() == '-' || is_subcommand(word)) return false;
  std::error_code ignored;
  return word.ends_with(".fl") || std::filesystem::is_regular_file(word, ignored);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  if (args.size() > 1 && starts_with_file(args[1])) args.insert(args.begin() + 1, "repl");
  // For run and repl, the words after `--` are the program's (argv/1), not options or files:
  // CLI11 sees only what comes before. (Elsewhere `--` keeps its CLI11 meaning.)
  std::vector<std::string> program_args;
  const bool takes_program_args =
      args.size() > 1 && (args[1] == "run" || args[1] == "repl" || args[1] == "profile");
  for (std::size_t i = 1; takes_program_args && i < args.size(); ++i) {
    if (args[i] == "--") {
      program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      args.resize(i);
      break;
    }
  }
  if (args.size() > 1 && args[1] == "run") fleng::app::default_stats_value(args);
  CLI::App app{"fleng: the Fleng committed-choice language and the PIE64 inference machine"};
  app.set_version_flag("--version", "fleng 0.1.0");
  app.require_subcommand(0, 1);
  app.footer("fleng alone starts the REPL; fleng FILE... starts it with the files loaded (as fleng "
             "repl FILE...). Each command's --help shows its options and their defaults.");

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
  fleng::app::add_run_options(run, run_options);
  run->add_flag("--compiled", run_options.compiled,
                "Run the program as native code on the local engine: compiled as fleng build "
                "does on the first run (seconds), kept in the cache of compiled programs "
                "(FLENG_NATIVE_CACHE, else ~/.cache/fleng/native) for the next");

  fleng::app::BuildOptions build_options;
  auto* build = app.add_subcommand(
      "build", "Compile a program to native code: an executable that takes run's options");
  build->add_option("files", build_options.files, "Fleng source files")->required();
  build->add_option("-o,--output", build_options.output, "The executable to write")->required();
  build->add_option("--keep-cpp", build_options.cpp_folder,
                    "Write the generated C++ (native.cpp, main.cpp) in this folder and keep it");
  build->add_flag("--werror", build_options.werror,
                  "The linter's warnings are errors, as fleng check --werror");

  fleng::app::AnalyzeOptions analyze_options;
  auto* analyze = app.add_subcommand(
      "analyze", "Print the program with the static partitioning's placement annotations");
  analyze->add_option("files", analyze_options.files,
                      "Fleng source files, analysed as one program")
      ->required();
  analyze->add_flag("--explain", analyze_options.explain,
                    "Say per clause which walks were found and why each annotation (stderr)");
  analyze->add_option("--dot", analyze_options.dot_file, "Write the data-flow graphs (Graphviz)");
  analyze->add_flag("--modes", analyze_options.modes, "Print the modes found, as comments");

  analyze->add_option("--profile", analyze_options.profile_file,
                      "Place the profiled loop iterations by this profile (fleng profile)");

  fleng::app::ProfileOptions profile_options;
  auto* profile = app.add_subcommand(
      "profile", "The inspector: run on the simulated machine and record, per goal site and "
                 "iteration, the IUs whose data it read and wrote");
  profile->add_option("files", profile_options.run.files, "Fleng source files")->required();
  profile->add_option("-g,--goal", profile_options.run.goal, "The goal to run")->capture_default_str();
  profile->add_option("-o,--output", profile_options.output, "The profile to write (JSON)")->required();
  profile->add_option("--runs", profile_options.runs, "Runs of the inspector (seeds SEED..SEED+K-1), added up")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  profile->add_option("--key", profile_options.keys,
                      "NAME/ARITY:ARG: key that predicate's goals on argument ARG (default: the "
                      "first integer argument; repeatable)")
      ->allow_extra_args(false);
  fleng::app::add_engine_options(profile, profile_options.run);
  profile->add_option("--seed", profile_options.run.seed, "Seed of the random builtins (first run)")
      ->check(fleng::app::seed_check())
      ->capture_default_str();

  fleng::app::SweepCommandOptions sweep_options;
  auto* sweep = app.add_subcommand(
      "sweep", "Run a program on the simulated PIE64 for every combination of option values");
  sweep->add_option("files", sweep_options.files, "Fleng source files")->required();
  sweep->add_option("-g,--goal", sweep_options.goal, "The goal to run")->capture_default_str();
  const fleng::kernel::MachineDescription machine_defaults;
  sweep->add_option("--ius", sweep_options.ius,
                    fmt::format("IU counts to sweep, e.g. 4,16,64 (default: {}, the machine's)",
                                machine_defaults.ius));
  sweep->add_option("--static", sweep_options.statics,
                    fmt::format("Static partitioning values: off,on (default: {})",
                                machine_defaults.static_partitioning ? "on" : "off"));
  sweep->add_option("--thresholds,--threshold", sweep_options.thresholds,
                    fmt::format("Dynamic-partitioning thresholds, e.g. 1,2,3,4,6,8,10,12,16,32,"
                                "64,128 (default: {})",
                                machine_defaults.threshold));
  sweep->add_option("--sweep", sweep_options.sweeps,
                    "Another swept option: NAME=V1,V2,... with NAME ius, static, threshold or "
                    "set.KEY (a machine key; repeatable)")
      ->allow_extra_args(false);
  sweep->add_option("--set", sweep_options.settings,
                    "Override a machine key for every configuration: key=value (repeatable)")
      ->allow_extra_args(false);
  sweep->add_option("--machine", sweep_options.machine_file, "Machine description (JSON)");
  sweep->add_option("--heap", sweep_options.heap_mib,
                    "Heap per IU and semispace, in MiB (default: 16, the machine key heap_cells)")
      ->check(CLI::Range(1, 1 << 20));
  sweep->add_option("-o,--output", sweep_options.csv_path, "Results: one CSV row per configuration")
      ->required();
  sweep->add_option("--json", sweep_options.json_path,
                    "Also write the results as JSON (with the per-IU statistics)");
  sweep->add_option("--plot", sweep_options.plot_path,
                    "Draw the figures with gnuplot: FILE.svg (makespan) and FILE-<N>ius.svg "
                    "(the paper's four panels per IU count), each also as PNG");
  sweep->add_option("--report", sweep_options.report_path,
                    "Write one self-contained HTML page: the paper's conclusions checked, the "
                    "figures, the results as a sortable table, the command and the machine");
  sweep->add_flag("--resume", sweep_options.resume,
                  "Keep the rows already in the CSV file and run only the missing configurations");
  sweep->add_option("--seed", sweep_options.seed,
                    "Seed of the random builtins, the same for every configuration")
      ->check(fleng::app::seed_check())
      ->capture_default_str();
  sweep->add_option("-j,--jobs", sweep_options.jobs, "Host threads (default: one per core)")
      ->check(CLI::Range(1, 1024));

  fleng::app::RunOptions repl_options;
  auto* repl = app.add_subcommand(
      "repl", "Interactive top level (also: fleng with no arguments, and fleng FILE...)");
  repl->add_option("files", repl_options.files, "Fleng source files to load");
  fleng::app::add_engine_options(repl, repl_options);
  repl->add_flag("--compiled", repl_options.compiled,
                 "Goals on the local engine run the program as native code (as fleng run "
                 "--compiled), compiled again when :load, :reload or :add change it");
  repl->add_option("--seed", repl_options.seed, "Seed of the random builtins (:seed changes it)")
      ->check(fleng::app::seed_check())
      ->capture_default_str();
  repl->footer("Program arguments: fleng repl FILE... -- ARG...  argv(L) gives the words after "
               "--.  The engine options are those of run; the REPL's :engine, :ius, :workers, "
               ":static, :threshold, :set and :trace change them later.");

  if (const auto stop = fleng::app::parse_arguments(app, args, "fleng")) return *stop;
  if (repl->parsed() || app.get_subcommands().empty()) {
    repl_options.program_args = program_args;
    return fleng::app::run_repl(repl_options);
  }
  if (analyze->parsed()) return fleng::app::run_analyze(analyze_options);
  if (profile->parsed()) {
    profile_options.run.program_args = program_args;
    return fleng::app::run_profile(profile_options);
  }
  if (sweep->parsed()) {
    sweep_options.command_line = fleng::sweep::shell_command_line(argc, argv);
    return fleng::app::run_sweep_command(sweep_options);
  }
  if (run->parsed()) {
    if (run->count("--stats") > 0 && run_options.stats.empty()) run_options.stats = "text";
    run_options.program_args = program_args;
    return fleng::app::run_program(run_options);
  }

  if (build->parsed()) return fleng::app::run_build(build_options);
  if (fmt->parsed()) return fleng::app::run_fmt(fmt_options);
  if (check->parsed()) return fleng::app::run_check(check_options);
  return 0;
}
