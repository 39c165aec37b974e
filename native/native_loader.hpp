// `fleng run --compiled`: the native code of a program loaded into this process. The program's
// C++ (native/cpp_emitter.hpp) is compiled into a shared object that calls the runtime of the
// fleng binary that runs it (which exports its symbols), cached by the program's fingerprint and
// that binary, and loaded with dlopen; the local engine then runs it as it runs the native code
// of an executable made by `fleng build`. The first run of a program pays the compile (seconds);
// the next ones find it in the cache.
#pragma once

#include <filesystem>
#include <iosfwd>

#include "native/cpp_emitter.hpp"
#include "vm/atom_table.hpp"
#include "vm/code.hpp"
#include "vm/native_code.hpp"

namespace fleng::native {

/// Where compiled programs are kept: FLENG_NATIVE_CACHE, else $XDG_CACHE_HOME/fleng/native, else
/// $HOME/.cache/fleng/native, else a folder in the temporary directory.
std::filesystem::path native_cache_folder();

/// The native code of the program `image` holds (as loaded, before any query): from the cache,
/// else compiled into it first (the compiler's messages on `err`; a line on `progress`, if
/// given, before the compile, which takes seconds). Null, with the reason on `err`, when there
/// is no compiler, the compile fails, or the object does not load.
const vm::NativeProgram* load_native_code(const vm::CodeImage& image, const vm::AtomTable& atoms,
                                          const ClauseText& clause_text, std::ostream& err,
                                          std::ostream* progress = nullptr);

}  // namespace fleng::native
