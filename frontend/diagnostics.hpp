// Diagnostics: errors and warnings with a source location, collected by the driver and printed
// as `file:line:column: error: message`, followed by the source line and a caret.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/source_location.hpp"

namespace fleng::frontend {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceSpan span;
  std::string message;
};

/// Collects the diagnostics of one source file. Stops accepting errors after `max_errors`
/// (a binary or badly broken file would otherwise print without end) and says so once.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(std::string file_name, std::size_t max_errors = 50);

  void error(const SourceSpan& span, std::string message);
  void warning(const SourceSpan& span, std::string message);
  void note(const SourceSpan& span, std::string message);

  [[nodiscard]] std::size_t error_count() const { return errors_; }
  [[nodiscard]] bool has_errors() const { return errors_ > 0; }
  [[nodiscard]] bool too_many_errors() const { return errors_ >= max_errors_; }
  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  [[nodiscard]] const std::string& file_name() const { return file_name_; }

  /// Prints every diagnostic; `source` (the file's text) supplies the quoted line under each.
  void print(std::ostream& out, std::string_view source) const;

 private:
  void add(Severity severity, const SourceSpan& span, std::string message);

  std::string file_name_;
  std::size_t max_errors_;
  std::size_t errors_ = 0;
  std::vector<Diagnostic> diagnostics_;
};

/// Formats one diagnostic, with the quoted source line and a caret when `source` is not empty.
std::string format_diagnostic(const std::string& file_name, const Diagnostic& diagnostic,
                              std::string_view source);

}  // namespace fleng::frontend
