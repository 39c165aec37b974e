// `fleng analyze`.
#include "app/analyze_command.hpp"

#include <fstream>
#include <iostream>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "analyzer/modes.hpp"
#include "analyzer/partition.hpp"
#include "analyzer/placement_profile.hpp"
#include "analyzer/profile_placement.hpp"
#include "frontend/ast_printer.hpp"
#include "frontend/directives.hpp"
#include "frontend/parse.hpp"
#include "frontend/program_files.hpp"

namespace fleng::app {

namespace {

/// The files and the files they include as one program (in the order read: the first file's
/// clauses first, the include directives left out), which the analysis reads and prints.
frontend::Program merged(const frontend::ProgramFiles& files) {
  frontend::Program out;
  out.file_name = files.files.front()->program.file_name;
  out.trailing_comments = files.files.front()->program.trailing_comments;
  const auto copy = [](const frontend::Term& term) { return frontend::clone(term); };
  for (const auto& file : files.files) {
    for (const auto& item : file->program.items) {
      if (const auto* clause = std::get_if<frontend::Clause>(&item)) {
        out.items.emplace_back(frontend::copy_clause(*clause, copy, true));
      } else {
        const auto& directive = std::get<frontend::Directive>(item);
        if (frontend::included_file(directive)) continue;  // the included clauses are here
        out.items.emplace_back(frontend::Directive{frontend::clone(*directive.term), directive.span,
                                                   directive.leading_comments,
                                                   directive.trailing_comment});
      }
    }
  }
  return out;
}

}  // namespace

int run_analyze(const AnalyzeOptions& options) {
  auto files = frontend::read_program(options.files);
  if (!files.ok()) {
    files.print(std::cerr);
    return 1;
  }
  auto& parsed = *files.files.front();
  // The profile, checked against the files as read (a message names a clause's own file).
  std::optional<analyzer::PlacementProfile> profile;
  if (!options.profile_file.empty()) {
    auto read = analyzer::read_profile(options.profile_file);
    if (!read.profile) {
      std::cerr << read.error << '\n';
      return 1;
    }
    std::vector<const frontend::Program*> parts;
    for (const auto& file : files.files) parts.push_back(&file->program);
    const std::string error =
        analyzer::profile_mismatch(*read.profile, parts, read.profile->ius, options.profile_file);
    if (!error.empty()) {
      std::cerr << error << '\n';
      return 1;
    }
    profile = std::move(read.profile);
  }
  if (files.files.size() > 1) parsed.program = merged(files);
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
  auto annotated = analyzer::annotate(parsed.program, modes, options.explain ? &explanation : nullptr);
  if (profile) {
    annotated = analyzer::place_by_profile(annotated, *profile, options.explain ? &explanation : nullptr,
                                           &parsed.program);
  }
  if (options.explain) std::cerr << explanation;
  std::cout << frontend::print_program(annotated);
  return 0;
}

}  // namespace fleng::app
