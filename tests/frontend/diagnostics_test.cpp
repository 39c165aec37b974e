// Diagnostics: the `file:line:column: severity: message` format, the quoted source line with a
// caret, long lines, whole-file messages, the error cap and the order of printing.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "frontend/diagnostics.hpp"
#include "frontend/parse.hpp"

namespace fleng::frontend {
namespace {

SourceSpan at(std::uint32_t line, std::uint32_t column) {
  return SourceSpan{{line, column}, {line, column + 1}};
}

std::string format_error(std::uint32_t line, std::uint32_t column, std::string_view source,
                         const std::string& message = "bad") {
  return format_diagnostic("f.fl", Diagnostic{Severity::Error, at(line, column), message}, source);
}

std::string printed(const DiagnosticSink& sink, std::string_view source) {
  std::ostringstream out;
  sink.print(out, source);
  return out.str();
}

TEST(Diagnostics, FormatWithSourceLineAndCaret) {
  EXPECT_EQ(format_error(2, 5, "p.\np :- q r.\n", "unexpected atom 'r'"),
            "f.fl:2:5: error: unexpected atom 'r'\n"
            "p :- q r.\n"
            "    ^\n");
  EXPECT_EQ(format_error(1, 1, "abc"), "f.fl:1:1: error: bad\nabc\n^\n");
}

TEST(Diagnostics, SeverityNames) {
  EXPECT_EQ(format_diagnostic("f.fl", Diagnostic{Severity::Warning, at(1, 2), "w"}, "ab\n"),
            "f.fl:1:2: warning: w\nab\n ^\n");
  EXPECT_EQ(format_diagnostic("f.fl", Diagnostic{Severity::Note, at(1, 1), "n"}, ""),
            "f.fl:1:1: note: n\n");
}

TEST(Diagnostics, NoSourceLineWhenThereIsNone) {
  EXPECT_EQ(format_error(1, 1, ""), "f.fl:1:1: error: bad\n");
  EXPECT_EQ(format_error(3, 1, "a\nb\n"), "f.fl:3:1: error: bad\n");  // empty last line
  EXPECT_EQ(format_error(9, 1, "a\nb\n"), "f.fl:9:1: error: bad\n");  // past the end
}

TEST(Diagnostics, CaretAfterATab) {
  // A tab counts one column and is shown as one space, so the caret stays under the column.
  EXPECT_EQ(format_error(1, 3, "\tp q"), "f.fl:1:3: error: bad\n p q\n  ^\n");
  EXPECT_EQ(format_error(1, 4, "\t\tp(\x01)"), "f.fl:1:4: error: bad\n  p( )\n   ^\n");
}

TEST(Diagnostics, CaretAfterUtf8Characters) {
  EXPECT_EQ(format_error(1, 4, "\xc3\xa9\xc3\xa9 x"),
            "f.fl:1:4: error: bad\n\xc3\xa9\xc3\xa9 x\n   ^\n");
  EXPECT_EQ(format_error(1, 3, "\xe2\x82\xac\xf0\x9f\x98\x80\xc2\xa7"),
            "f.fl:1:3: error: bad\n\xe2\x82\xac\xf0\x9f\x98\x80\xc2\xa7\n  ^\n");
}

TEST(Diagnostics, InvalidBytesInTheQuotedLine) {
  EXPECT_EQ(format_error(1, 3, "a\xff" "b"), "f.fl:1:3: error: bad\na?b\n  ^\n");
}

TEST(Diagnostics, LongLinesAreCutAroundTheColumn) {
  std::string line;
  for (int i = 0; i < 300; ++i) line += static_cast<char>('a' + i % 26);
  // Near the start: the first 100 characters, then `...`.
  EXPECT_EQ(format_error(1, 10, line),
            "f.fl:1:10: error: bad\n" + line.substr(0, 100) + "...\n" + std::string(9, ' ') +
                "^\n");
  // In the middle: 50 characters before the column, `...` on both sides.
  EXPECT_EQ(format_error(1, 200, line),
            "f.fl:1:200: error: bad\n..." + line.substr(149, 100) + "...\n" +
                std::string(53, ' ') + "^\n");
  // Near the end: no `...` after the last character.
  EXPECT_EQ(format_error(1, 290, line),
            "f.fl:1:290: error: bad\n..." + line.substr(239) + "\n" + std::string(53, ' ') +
                "^\n");
  // Exactly 100 characters: not cut.
  EXPECT_EQ(format_error(1, 1, line.substr(0, 100)),
            "f.fl:1:1: error: bad\n" + line.substr(0, 100) + "\n^\n");
}

TEST(Diagnostics, LongUtf8LinesAreCutAtCharacters) {
  std::string line;
  for (int i = 0; i < 200; ++i) line += "\xc3\xa9";  // 200 characters, 400 bytes
  const std::string out = format_error(1, 120, line);
  EXPECT_EQ(out, "f.fl:1:120: error: bad\n..." + line.substr(69 * 2, 100 * 2) + "...\n" +
                     std::string(53, ' ') + "^\n");
}

TEST(Diagnostics, WholeFileDiagnosticsHaveNoPosition) {
  EXPECT_EQ(format_diagnostic("f.fl", Diagnostic{Severity::Error, kWholeFile, "cannot open file"},
                              "p.\n"),
            "f.fl: error: cannot open file\n");
  const auto result = parse_file("/nonexistent/dir/missing.fl");
  ASSERT_EQ(result.diagnostics.diagnostics().size(), 1U);
  EXPECT_EQ(printed(result.diagnostics, result.source),
            "/nonexistent/dir/missing.fl: error: cannot open file: No such file or directory\n");
}

TEST(Diagnostics, ErrorCap) {
  DiagnosticSink sink("f.fl", 3);
  for (std::uint32_t i = 1; i <= 6; ++i) sink.error(at(i, 1), "e" + std::to_string(i));
  EXPECT_TRUE(sink.too_many_errors());
  EXPECT_TRUE(sink.has_errors());
  ASSERT_EQ(sink.diagnostics().size(), 4U);
  EXPECT_EQ(sink.diagnostics()[2].message, "e3");
  EXPECT_EQ(sink.diagnostics()[3].message, "too many errors (3); stopping");
  EXPECT_EQ(sink.diagnostics()[3].severity, Severity::Error);
}

TEST(Diagnostics, NoCapMessageAtExactlyTheCap) {
  DiagnosticSink sink("f.fl", 3);
  for (std::uint32_t i = 1; i <= 3; ++i) sink.error(at(i, 1), "e");
  EXPECT_TRUE(sink.too_many_errors());
  EXPECT_EQ(sink.diagnostics().size(), 3U);
  EXPECT_EQ(sink.error_count(), 3U);
}

TEST(Diagnostics, DefaultCapIsFifty) {
  DiagnosticSink sink("f.fl");
  for (std::uint32_t i = 1; i <= 100; ++i) sink.error(at(i, 1), "e");
  ASSERT_EQ(sink.diagnostics().size(), 51U);
  EXPECT_EQ(sink.diagnostics().back().message, "too many errors (50); stopping");
}

TEST(Diagnostics, WarningsAndNotesAreNotErrors) {
  DiagnosticSink sink("f.fl");
  sink.warning(at(1, 1), "w");
  sink.note(at(1, 1), "n");
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(sink.error_count(), 0U);
  EXPECT_EQ(sink.diagnostics().size(), 2U);
  EXPECT_EQ(sink.file_name(), "f.fl");
}

TEST(Diagnostics, PrintSortsByPosition) {
  DiagnosticSink sink("f.fl");
  sink.error(at(2, 3), "second line");
  sink.error(at(1, 5), "first line, later column");
  sink.warning(at(1, 1), "first line, first column");
  sink.error(at(2, 3), "second line again");  // same position: kept in report order
  sink.error(kWholeFile, "whole file");       // no position: first
  EXPECT_EQ(printed(sink, "abcdef\nghijkl\n"),
            "f.fl: error: whole file\n"
            "f.fl:1:1: warning: first line, first column\n"
            "abcdef\n"
            "^\n"
            "f.fl:1:5: error: first line, later column\n"
            "abcdef\n"
            "    ^\n"
            "f.fl:2:3: error: second line\n"
            "ghijkl\n"
            "  ^\n"
            "f.fl:2:3: error: second line again\n"
            "ghijkl\n"
            "  ^\n");
  // Printing does not reorder what was collected.
  EXPECT_EQ(sink.diagnostics().front().message, "second line");
}

TEST(Diagnostics, SyntaxAndSemanticErrorsInterleaveInSourceOrder) {
  // The semantic checks run after the parse, yet their errors print where they belong.
  const std::string source = "p :- X.\nq :- r s.\nt :- 42.\n";
  const auto result = parse_source("g.fl", source);
  std::ostringstream out;
  result.diagnostics.print(out, result.source);
  EXPECT_EQ(out.str(),
            "g.fl:1:6: error: a variable (X) cannot be a body goal; use call(X)\n"
            "p :- X.\n"
            "     ^\n"
            "g.fl:2:8: error: unexpected atom 's', expected end of clause ('.'), ',' or an "
            "operator\n"
            "q :- r s.\n"
            "       ^\n"
            "g.fl:3:6: error: a body goal must be an atom or a compound term, not integer 42\n"
            "t :- 42.\n"
            "     ^\n");
}

TEST(Diagnostics, PositionToString) {
  EXPECT_EQ(to_string(SourcePosition{12, 34}), "12:34");
  EXPECT_LT((SourcePosition{1, 9}), (SourcePosition{2, 1}));
  EXPECT_LT((SourcePosition{2, 1}), (SourcePosition{2, 2}));
}

}  // namespace
}  // namespace fleng::frontend
