// split_goals: the goals of a typed text, cut at the scanner's end-of-clause tokens.
#include "frontend/goal_text.hpp"

#include "frontend/diagnostics.hpp"
#include "frontend/tokens.hpp"
#include "frontend/utf8.hpp"

namespace fleng::frontend {

namespace {

/// The byte offset of a (line, column) position of `text` (columns count code points).
std::size_t offset_of(std::string_view text, const std::vector<std::size_t>& line_starts,
                      SourcePosition at) {
  if (at.line == 0 || at.line > line_starts.size()) return text.size();
  std::size_t offset = line_starts[at.line - 1];
  for (std::uint32_t column = 1; column < at.column && offset < text.size();) {
    ++offset;
    while (offset < text.size() && utf8::is_continuation(static_cast<unsigned char>(text[offset]))) {
      ++offset;
    }
    ++column;
  }
  return offset;
}

bool blank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos;
}

}  // namespace

GoalTexts split_goals(std::string_view text) {
  GoalTexts result;
  DiagnosticSink diagnostics("<goal>");
  const std::vector<TokenInfo> tokens = tokenize(text, diagnostics);
  if (diagnostics.has_errors()) {
    result.scan_error = true;
    if (!blank(text)) result.goals.emplace_back(text);
    return result;
  }
  std::vector<std::size_t> line_starts{0};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') line_starts.push_back(i + 1);
  }
  std::size_t start = 0;
  bool tokens_since_end = false;
  for (const TokenInfo& token : tokens) {
    if (token.kind == "end of file") break;
    if (token.kind != "end of clause ('.')") {
      tokens_since_end = true;
      continue;
    }
    const std::size_t end = offset_of(text, line_starts, token.span.end);
    result.goals.emplace_back(text.substr(start, end - start));
    start = end;
    tokens_since_end = false;
  }
  if (tokens_since_end) result.rest = std::string(text.substr(start));
  return result;
}

}  // namespace fleng::frontend
