// `fleng fmt`.
#include "app/fmt_command.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"

namespace fleng::app {

namespace {

frontend::ParseResult parse_input(const std::string& path) {
  if (path == "-") {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    return frontend::parse_source("<stdin>", std::move(text));
  }
  return frontend::parse_file(path);
}

/// Prints the diagnostics of a parse to stderr; true if it has no errors.
bool report(const frontend::ParseResult& result) {
  result.diagnostics.print(std::cerr, result.source);
  return result.ok();
}

}  // namespace

int run_fmt(const FmtOptions& options) {
  int status = 0;
  for (const auto& path : options.files) {
    const auto result = parse_input(path);
    if (!report(result)) {
      status = 1;
      continue;
    }
    const std::string formatted = frontend::print_program(result.program);
    if (options.check) {
      if (formatted != result.source) {
        std::cerr << fmt::format("{}: not in canonical layout (run `fleng fmt -i {}`)\n", path,
                                 path);
        status = 1;
      }
    } else if (options.in_place && path != "-") {
      if (formatted != result.source) {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << formatted;
        if (!out) {
          std::cerr << fmt::format("{}: error: cannot write the file\n", path);
          status = 1;
        }
      }
    } else {
      std::cout << formatted;
    }
  }
  return status;
}

}  // namespace fleng::app
