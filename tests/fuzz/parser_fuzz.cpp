// libFuzzer target for the frontend: any bytes must give a parse or diagnostics, never a crash,
// a hang or a sanitizer report. When the input parses cleanly, the canonical printer must
// round-trip it: printing, re-parsing and printing again gives the same text and an equal AST.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string source(reinterpret_cast<const char*>(data), size);
  const auto first = fleng::frontend::parse_source("fuzz.fl", std::move(source));
  if (!first.ok()) return 0;
  const std::string printed = fleng::frontend::print_program(first.program);
  const auto second = fleng::frontend::parse_source("printed.fl", printed);
  if (!second.ok()) {
    std::fprintf(stderr, "printed program does not parse:\n%s\n", printed.c_str());
    second.diagnostics.print(std::cerr, second.source);
    std::abort();
  }
  if (!fleng::frontend::same_program(first.program, second.program)) {
    std::fprintf(stderr, "re-parsed AST differs:\n%s\n", printed.c_str());
    std::abort();
  }
  const std::string reprinted = fleng::frontend::print_program(second.program);
  if (reprinted != printed) {
    std::fprintf(stderr, "printing is not a fixed point:\n--- first\n%s\n--- second\n%s\n",
                 printed.c_str(), reprinted.c_str());
    std::abort();
  }
  return 0;
}
