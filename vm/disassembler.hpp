// Listing of UNIRED code (`fleng run --dump=code`): per predicate, its index and, per clause,
// each instruction with its operands, decoded from the operand kinds of instructions.def.
#pragma once

#include <string>

#include "vm/atom_table.hpp"
#include "vm/code.hpp"

namespace fleng::vm {

/// The listing of every defined, non-builtin predicate (library ones when `library`).
std::string disassemble(const CodeImage& image, const AtomTable& atoms, bool library = false);

}  // namespace fleng::vm
