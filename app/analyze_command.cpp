// `fleng analyze`.
#include "app/analyze_command.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "analyzer/modes.hpp"
#include "analyzer/partition.hpp"
#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"

namespace fleng::app {

int run_analyze(const AnalyzeOptions& options) {
  auto parsed = frontend::parse_file(options.file);
  const analyzer::ModeTable modes = analyzer::analyze_modes(parsed.program, parsed.diagnostics);
  parsed.diagnostics.print(std::cerr, parsed.source);
  if (!parsed.ok()) return 1;
  if (!options.dot_file.empty()) {
    std::ofstream out(options.dot_file);
    out << analyzer::dataflow_dot(parsed.program, modes);
    if (!out) {
      std::cerr << fmt::format("fleng: cannot write {}\n", options.dot_file);
      return 1;
    }
  }
  if (options.modes) {
    for (const auto& [key, m] : modes.user) {
      std::string text;
      for (const auto mode : m) text += (text.empty() ? "" : ", ") + std::string(1, analyzer::mode_char(mode));
      std::cout << fmt::format("% mode {}({})\n", key.name, text);
    }
  }
  std::string explanation;
  const auto annotated = analyzer::annotate(parsed.program, modes,
                                            options.explain ? &explanation : nullptr);
  if (options.explain) std::cerr << explanation;
  std::cout << frontend::print_program(annotated);
  return 0;
}

}  // namespace fleng::app
