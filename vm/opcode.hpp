// Opcodes and their static description, generated from vm/instructions.def.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace fleng::vm {

enum class Op : std::uint8_t {
#define FLENG_INSTRUCTION(name, operands, cycles, meaning) name,
#include "vm/instructions.def"
#undef FLENG_INSTRUCTION
};

struct OpInfo {
  std::string_view name;
  std::string_view operands;
  std::uint32_t cycles;
  std::string_view meaning;
};

inline constexpr std::array kOpInfo = {
#define FLENG_INSTRUCTION(name, operands, cycles, meaning) OpInfo{#name, operands, cycles, meaning},
#include "vm/instructions.def"
#undef FLENG_INSTRUCTION
};

inline constexpr std::size_t kOpCount = kOpInfo.size();
static_assert(kOpCount == static_cast<std::size_t>(Op::proceed) + 1);

constexpr const OpInfo& info(Op op) { return kOpInfo[static_cast<std::size_t>(op)]; }

/// A placement operand: kind in the high half (0 local, 1 any, 2 on, 3 to, 4 node), label in
/// the low (for node: the IU number, taken modulo the IU count).
inline constexpr std::uint32_t kNodePlacement = 4;
constexpr std::uint64_t make_placement_operand(std::uint32_t kind, std::uint32_t label) {
  return (static_cast<std::uint64_t>(kind) << 32) | label;
}

}  // namespace fleng::vm
