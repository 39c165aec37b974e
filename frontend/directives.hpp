// The directives a program may contain (docs/language.md, directives): `:- mode p(?, ^).`
// (read by the mode analysis) and `:- include('file.fl').` (read by program_files.hpp). Any
// other directive is an error with its location; Prolog's usual ones get a hint saying what
// to do in Fleng instead. `fleng fmt` does not run this check: it formats any directive.
#pragma once

#include <optional>
#include <string>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace fleng::frontend {

/// Reports every directive of `program` that is neither `mode/1` nor `include/1`.
void check_directives(const Program& program, DiagnosticSink& diagnostics);

/// The file an `include/1` directive names, as written plus `.fl` when it has no extension;
/// nullopt when the directive is not an include. An include whose argument is not an atom or
/// a string gives an empty string (check_directives reports it).
std::optional<std::string> included_file(const Directive& directive);

}  // namespace fleng::frontend
