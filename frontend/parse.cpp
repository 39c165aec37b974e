// parse_source / parse_file: reject what is not text, run the parser, run the semantic checks.
#include "frontend/parse.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "frontend/parse_driver.hpp"
#include "frontend/semantic_checks.hpp"
#include "frontend/utf8.hpp"

namespace fleng::frontend {

namespace {

SourcePosition position_of(std::string_view text, std::size_t offset) {
  SourcePosition position;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++position.line;
      position.column = 1;
    } else if (!utf8::is_continuation(static_cast<unsigned char>(text[i]))) {
      ++position.column;
    }
  }
  return position;
}

/// A source must be UTF-8 text without NUL bytes; a binary file gets one clear error.
bool check_text(const std::string& source, DiagnosticSink& diagnostics) {
  if (source.size() > kMaxSourceBytes) {
    diagnostics.error(kWholeFile, fmt::format("file is too large ({} bytes; the limit is {} bytes)",
                                      source.size(), kMaxSourceBytes));
    return false;
  }
  if (const auto nul = source.find('\0'); nul != std::string::npos) {
    const auto at = position_of(source, nul);
    diagnostics.error({at, at}, "not a text file: it contains a NUL byte");
    return false;
  }
  if (const auto bad = utf8::first_invalid(source)) {
    const auto at = position_of(source, *bad);
    diagnostics.error({at, at}, fmt::format("not a UTF-8 text file: invalid byte 0x{:02X}",
                                            static_cast<unsigned char>(source[*bad])));
    return false;
  }
  return true;
}

/// Reads the text into `result` (its source set); false when it is not text at all, so that
/// nothing was parsed.
bool parse_text(ParseResult& result) {
  if (!check_text(result.source, result.diagnostics)) return false;
  ParseDriver driver(result.source, result.diagnostics, result.program);
  driver.parse();
  return true;
}

}  // namespace

ParseResult parse_source(std::string file_name, std::string source) {
  ParseResult result{std::move(source), Program{}, DiagnosticSink(file_name)};
  result.program.file_name = std::move(file_name);
  if (parse_text(result)) check_program(result.program, result.diagnostics);
  return result;
}

ParseResult parse_syntax(std::string file_name, std::string source) {
  ParseResult result{std::move(source), Program{}, DiagnosticSink(file_name)};
  result.program.file_name = std::move(file_name);
  parse_text(result);
  return result;
}

ParseResult parse_file(const std::string& path) {
  const auto unreadable = [&path](const std::string& why) {
    ParseResult result{{}, Program{}, DiagnosticSink(path)};
    result.program.file_name = path;
    result.diagnostics.error(kWholeFile, why);
    return result;
  };
  std::error_code ec;
  // A directory opens as a stream on Linux and reads as nothing: say what it is instead.
  if (std::filesystem::is_directory(path, ec)) {
    return unreadable("cannot read the program: it is a directory, not a file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return unreadable(fmt::format("cannot open file: {}", std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return unreadable(fmt::format("cannot read file: {}", std::strerror(errno)));
  return parse_source(path, std::move(text).str());
}

}  // namespace fleng::frontend
