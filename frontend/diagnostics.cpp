// Collecting and printing diagnostics in the `file:line:column: error: message` format, with
// the offending source line and a caret under the column (long lines are cut around it).
#include "frontend/diagnostics.hpp"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "frontend/utf8.hpp"

namespace fleng::frontend {

DiagnosticSink::DiagnosticSink(std::string file_name, std::size_t max_errors)
    : file_name_(std::move(file_name)), max_errors_(max_errors) {}

void DiagnosticSink::add(Severity severity, const SourceSpan& span, std::string message) {
  if (severity == Severity::Error) {
    if (errors_ > max_errors_) return;
    if (errors_ == max_errors_) {
      ++errors_;
      diagnostics_.push_back(
          {Severity::Error, span, fmt::format("too many errors ({}); stopping", max_errors_)});
      return;
    }
    ++errors_;
  }
  diagnostics_.push_back({severity, span, std::move(message)});
}

void DiagnosticSink::error(const SourceSpan& span, std::string message) {
  add(Severity::Error, span, std::move(message));
}
void DiagnosticSink::warning(const SourceSpan& span, std::string message) {
  add(Severity::Warning, span, std::move(message));
}
void DiagnosticSink::note(const SourceSpan& span, std::string message) {
  add(Severity::Note, span, std::move(message));
}

namespace {

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

/// The text of 1-based line `line`, or empty.
std::string_view line_of(std::string_view source, std::uint32_t line) {
  std::size_t start = 0;
  for (std::uint32_t current = 1; current < line; ++current) {
    start = source.find('\n', start);
    if (start == std::string_view::npos) return {};
    ++start;
  }
  const std::size_t end = source.find('\n', start);
  return source.substr(start, end == std::string_view::npos ? source.size() - start : end - start);
}

}  // namespace

std::string format_diagnostic(const std::string& file_name, const Diagnostic& diagnostic,
                              std::string_view source) {
  const auto& begin = diagnostic.span.begin;
  if (begin.line == 0) {
    return fmt::format("{}: {}: {}\n", file_name, severity_name(diagnostic.severity),
                       diagnostic.message);
  }
  std::string out = fmt::format("{}:{}:{}: {}: {}\n", file_name, begin.line, begin.column,
                                severity_name(diagnostic.severity), diagnostic.message);
  const std::string_view line = line_of(source, begin.line);
  if (line.empty()) return out;

  // Show at most kWindow characters of the line, around the column, with a caret under it.
  constexpr std::uint32_t kWindow = 100;
  const std::uint32_t first_column = begin.column > kWindow / 2 ? begin.column - kWindow / 2 : 1;
  std::string shown;
  std::string caret;
  std::uint32_t column = 1;
  std::size_t pos = 0;
  while (pos < line.size() && column < first_column + kWindow) {
    const std::size_t start = pos;
    const auto decoded = utf8::decode(line, pos);
    if (!decoded) ++pos;
    const char32_t code = decoded.value_or(U'?');
    if (column >= first_column) {
      if (!decoded) {
        shown += '?';
      } else if (code < 0x20 || code == 0x7F) {
        shown += ' ';  // tabs and other control characters would move the caret
      } else {
        shown.append(line.substr(start, pos - start));
      }
      if (column < begin.column) caret += ' ';
    }
    ++column;
  }
  caret += '^';
  out += fmt::format("{}{}{}\n", first_column > 1 ? "..." : "", shown,
                     pos < line.size() ? "..." : "");
  out += fmt::format("{}{}\n", first_column > 1 ? "   " : "", caret);
  return out;
}

void DiagnosticSink::print(std::ostream& out, std::string_view source) const {
  // In source order: syntax errors and later checks interleave as the reader meets them.
  std::vector<Diagnostic> sorted = diagnostics_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.span.begin < b.span.begin;
  });
  for (const auto& diagnostic : sorted) {
    out << format_diagnostic(file_name_, diagnostic, source);
  }
}

}  // namespace fleng::frontend
