// Building a compiled program's executable: the generated C++ handed to the system compiler
// with the flags and libraries of the fleng build that generated it (build/native/: the
// compiler, compile.rsp and link.rsp, written by native/CMakeLists.txt next to the fleng
// binary). Errors are messages for the user: no compiler (what to install), no toolchain files,
// or the compiler's own output when it fails.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace fleng::native {

struct Toolchain {
  std::string compiler;     ///< the C++ compiler (CXX in the environment overrides it)
  std::string compile_rsp;  ///< its flags (a response file)
  std::string link_rsp;     ///< the libraries (a response file)
};

/// The toolchain of the fleng binary that runs: the files in `native/` beside it
/// (FLENG_NATIVE_DIR in the environment names another folder). Throws std::runtime_error with
/// the message for the user when something is missing.
Toolchain find_toolchain();

/// Writes generated C++ `text` to `path`; false when it could not be written.
bool write_source(const std::string& path, const std::string& text);

/// Compiles and links `sources` (C++ files) into the executable `output`, with the compiler's
/// messages on `err`. False when the compiler fails (its output says why).
bool compile_executable(const Toolchain& toolchain, const std::vector<std::string>& sources,
                        const std::string& output, std::ostream& err);

/// Compiles `sources` into the shared object `output` (position-independent, with the same
/// flags), to be loaded into the fleng binary that runs, which defines the runtime it calls
/// (`fleng run --compiled`, native/native_loader.hpp): nothing is linked in.
bool compile_shared_object(const Toolchain& toolchain, const std::vector<std::string>& sources,
                           const std::string& output, std::ostream& err);

}  // namespace fleng::native
