// A program of several files: the files given, and depth first the files they include with
// `:- include('other.fl').` (docs/language.md, programs of several files). Each file keeps its
// own ParseResult, so that its diagnostics name it; errors about an include (missing file,
// cycle) are reported at the directive, in the including file. A file is read once however
// often it is given or included. The directives are checked (directives.hpp).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "frontend/parse.hpp"

namespace fleng::frontend {

struct ProgramFiles {
  /// The files in the order read: each file followed by the files it includes.
  std::vector<std::unique_ptr<ParseResult>> files;

  [[nodiscard]] bool ok() const;
  /// Prints the diagnostics of every file, file by file.
  void print(std::ostream& out) const;
};

/// Reads `paths` (in order) and the files they include.
ProgramFiles read_program(const std::vector<std::string>& paths);

/// Adds the file at `path` and the files it includes (nothing if it was read already).
void add_file(ProgramFiles& program, const std::string& path);

/// Adds a text already parsed (standard input, a session's text); its includes are read
/// relative to `base_directory`.
void add_parsed(ProgramFiles& program, std::unique_ptr<ParseResult> parsed,
                const std::string& base_directory);

/// The program made of these texts (name, contents), in this order, as read_program read them
/// once: each file's include directives are checked but not followed (the files they include
/// are among the texts). A compiled program's embedded sources (`fleng build`).
ProgramFiles program_from_texts(const std::vector<std::pair<std::string, std::string>>& texts);

}  // namespace fleng::frontend
