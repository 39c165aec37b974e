// `fleng check`: errors, then the linter's warnings, each as `file:line:column: ...`.
#include "app/check_command.hpp"

#include <iostream>
#include <iterator>
#include <memory>

#include "analyzer/lint.hpp"
#include "frontend/program_files.hpp"
#include "kernel/session.hpp"

namespace fleng::app {

int run_check(const CheckOptions& options) {
  frontend::ProgramFiles program;
  for (const auto& path : options.files) {
    if (path == "-") {
      std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
      frontend::add_parsed(
          program, std::make_unique<frontend::ParseResult>(frontend::parse_source("<stdin>", std::move(text))),
          ".");
    } else {
      frontend::add_file(program, path);
    }
  }
  std::size_t warnings = 0;
  if (program.ok()) {
    // The library as the session embeds it, so that its predicates are known.
    std::vector<std::unique_ptr<frontend::ParseResult>> library;
    analyzer::LintInput input;
    for (const auto& [name, text] : kernel::embedded_files()) {
      library.push_back(std::make_unique<frontend::ParseResult>(
          frontend::parse_source("lib/" + std::string(name), std::string(text))));
      input.library.push_back(library.back().get());
    }
    for (const auto& file : program.files) input.files.push_back(file.get());
    for (auto& finding : analyzer::lint(input)) {
      program.files[finding.file]->diagnostics.warning(finding.diagnostic.span,
                                                       std::move(finding.diagnostic.message));
      ++warnings;
    }
  }
  program.print(std::cerr);
  if (!program.ok()) return 1;
  return options.werror && warnings > 0 ? 1 : 0;
}

}  // namespace fleng::app
