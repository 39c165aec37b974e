// The main() of an executable `fleng build` makes: the program's sources are inside it, its
// predicates are native code (vm/native_code.hpp), and it takes the options of `fleng run`
// (without files): `./prog -g 'run(25)' --stats json -- ARG...`. The local engine runs the
// native code; any other engine (and --trace-goals) interprets the same program.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "vm/native_code.hpp"

namespace fleng::app {

struct CompiledProgram {
  std::string name;  ///< what it was built from, for --help
  /// The program's files (name, text) in the order `fleng build` read them.
  std::vector<std::pair<std::string, std::string>> sources;
  const vm::NativeProgram& native;
};

/// Parses run's options and runs the program: the exit status of `fleng run`.
int compiled_program_main(int argc, char** argv, const CompiledProgram& program);

}  // namespace fleng::app
