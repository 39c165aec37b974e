// The native-code back end: a loaded program's UNIRED code (vm::CodeImage) translated into C++,
// one function per predicate, that the system compiler turns into machine code (`fleng build`,
// native/native_build.hpp). The translation follows the code instruction by instruction, so the
// compiled program selects clauses, suspends, allocates, spawns and reports exactly as the
// interpreter does (vm/reducer_loop.hpp); what goes is the interpretation: the dispatch, the
// operand decoding (operands become constants and register numbers C++ variables), the clause
// lists walked at run time (each index list becomes straight-line code), and the loop around
// direct reductions (a body's last goal is a C++ tail call, which the compiler makes a jump).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "vm/atom_table.hpp"
#include "vm/code.hpp"

namespace fleng::native {

/// The text of the source a clause came from (for the comments above its code), or empty.
using ClauseText = std::function<std::string(const vm::SourceRef&)>;

/// The ClauseText of a program's sources (file name, text; kernel::Session::source_texts): the
/// lines a clause's span covers.
ClauseText clause_text_of(const std::vector<std::pair<std::string, std::string>>& sources);

/// C++ for the native code of `image` (the program as loaded, before any query): a function per
/// predicate with clauses, and `fleng_native_program()`, the vm::NativeProgram that lists them
/// with the image's fingerprint. Deterministic: the same image gives the same text.
std::string emit_cpp(const vm::CodeImage& image, const vm::AtomTable& atoms,
                     const ClauseText& clause_text);

}  // namespace fleng::native
