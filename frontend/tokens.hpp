// A token stream view of the scanner, for tests and debugging (`tokenize`). The parser itself
// pulls tokens one by one through the driver.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/source_location.hpp"

namespace fleng::frontend {

struct TokenInfo {
  std::string kind;  ///< the token's name in the grammar: "atom", "variable", "integer", "'('", ...
  std::string text;  ///< atom name, variable name, string contents, operator
  std::int64_t integer = 0;
  double real = 0.0;
  SourceSpan span;
};

/// Scans the whole text; lexical errors go to `diagnostics` and appear as "error" tokens.
std::vector<TokenInfo> tokenize(std::string_view source, DiagnosticSink& diagnostics);

}  // namespace fleng::frontend
