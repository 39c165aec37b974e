// app/compiled_main.hpp: the options of a compiled program are run's (app/command_options.hpp),
// and the run is run's (app/run_command.hpp) with the embedded sources and native code.
#include "app/compiled_main.hpp"

#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "app/command_options.hpp"
#include "app/run_command.hpp"

namespace fleng::app {

int compiled_program_main(int argc, char** argv, const CompiledProgram& program) {
  std::vector<std::string> args(argv, argv + argc);
  // The words after `--` are the program's (argv/1).
  std::vector<std::string> program_args;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--") {
      program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      args.resize(i);
      break;
    }
  }
  default_stats_value(args);
  CLI::App app{fmt::format("{} compiled by fleng build: its predicates run as native code on the "
                           "local engine (other engines and --trace-goals interpret them)",
                           program.name)};
  app.set_version_flag("--version", "fleng 0.1.0");
  app.footer("Program arguments: PROGRAM [OPTIONS] -- ARG...  The words after -- go to the "
             "program: argv(L) gives them as a list.");
  RunOptions options;
  add_run_options(&app, options);
  if (const auto stop = parse_arguments(app, args, args.empty() ? std::string("program") : args[0])) {
    return *stop;
  }
  if (app.count("--stats") > 0 && options.stats.empty()) options.stats = "text";
  options.program_args = program_args;
  options.embedded_sources = program.sources;
  options.native = &program.native;
  return run_program(options);
}

}  // namespace fleng::app
