// Source positions and spans: where every token, AST node and diagnostic comes from.
// Lines and columns are 1-based; a column counts Unicode characters (UTF-8 code points), tabs
// count as one. The span type is also Bison's location type (it needs `begin` and `end`).
#pragma once

#include <cstdint>
#include <string>

namespace fleng::frontend {

/// A point in a source text.
struct SourcePosition {
  std::uint32_t line = 1;
  std::uint32_t column = 1;

  friend bool operator==(const SourcePosition&, const SourcePosition&) = default;
  friend auto operator<=>(const SourcePosition&, const SourcePosition&) = default;
};

/// A half-open range [begin, end) of a source text.
struct SourceSpan {
  SourcePosition begin;
  SourcePosition end;

  friend bool operator==(const SourceSpan&, const SourceSpan&) = default;
};

/// The span of a diagnostic about a whole file (it prints without line and column).
inline constexpr SourceSpan kWholeFile{{0, 0}, {0, 0}};

/// "line:column" of the start of a span.
std::string to_string(const SourcePosition& position);

}  // namespace fleng::frontend
