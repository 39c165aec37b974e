// `fleng build FILE... -o PROGRAM`: compiles a program (with the standard library) to native
// code: C++ from its UNIRED code (native/cpp_emitter.hpp), built with the system compiler
// against this build's runtime (native/native_build.hpp) into an executable that takes the
// options of `fleng run` (app/compiled_main.hpp).
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

struct BuildOptions {
  std::vector<std::string> files;
  std::string output;       ///< the executable
  std::string cpp_folder;   ///< --keep-cpp: write the generated C++ here and keep it
  bool werror = false;      ///< the linter's warnings are errors (as fleng check --werror)
};

/// Exit status: 0 built, 1 an error (the program's located errors, or the compiler's).
int run_build(const BuildOptions& options);

}  // namespace fleng::app
