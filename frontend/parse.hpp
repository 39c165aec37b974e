// The frontend's entry points: Fleng source text in, AST and diagnostics out.
#pragma once

#include <string>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace fleng::frontend {

/// Everything one parse produces. `program` holds the clauses that parsed; `diagnostics` the
/// syntax errors (the parser recovers at the next clause) and the checks of semantic_checks.hpp.
struct ParseResult {
  std::string source;
  Program program;
  DiagnosticSink diagnostics;

  [[nodiscard]] bool ok() const { return !diagnostics.has_errors(); }
};

/// Parses a text; `file_name` is used in diagnostics. Runs the semantic checks too.
ParseResult parse_source(std::string file_name, std::string source);

/// Parses a text without the semantic checks: the syntax only (data files read as terms,
/// frontend/read_terms.hpp).
ParseResult parse_syntax(std::string file_name, std::string source);

/// Reads and parses a file; an unreadable file is a diagnostic, not an exception.
ParseResult parse_file(const std::string& path);

/// Largest source file accepted (bytes).
inline constexpr std::size_t kMaxSourceBytes = std::size_t{64} << 20U;

}  // namespace fleng::frontend
