// The `fleng` command line. Thin: it parses options with CLI11 and calls the libraries.
// Subcommands: fmt (canonical layout), check (syntax and placement checks).
#include <iostream>

#include <CLI/CLI.hpp>

#include "app/fmt_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"fleng: the Fleng committed-choice language and the PIE64 inference machine"};
  app.set_version_flag("--version", "fleng 0.1.0");
  app.require_subcommand(1);

  fleng::app::FmtOptions fmt_options;
  auto* fmt = app.add_subcommand("fmt", "Print Fleng files in the canonical layout");
  fmt->add_option("files", fmt_options.files, "Fleng source files ('-' reads standard input)")
      ->required();
  fmt->add_flag("-i,--in-place", fmt_options.in_place, "Rewrite the files instead of printing");
  fmt->add_flag("--check", fmt_options.check,
                "Print nothing; exit 1 if a file is not in canonical layout");

  std::vector<std::string> check_files;
  auto* check = app.add_subcommand("check", "Parse Fleng files and report every error");
  check->add_option("files", check_files, "Fleng source files ('-' reads standard input)")
      ->required();

  CLI11_PARSE(app, argc, argv);

  if (fmt->parsed()) return fleng::app::run_fmt(fmt_options);
  if (check->parsed()) return fleng::app::run_check(check_files);
  return 0;
}
