// The registers live at each instruction of a clause body in UNIRED code: those a later
// instruction of the body reads before any writes them again.
//
// Why: compiled code keeps registers in C++ variables and writes them to the IU's registers
// (the collector's roots) around a step that may collect, then reads them back. Writing every
// register the predicate uses made each of them hold a valid cell at all times, which cost a
// store of [] into each register that was not an argument wherever a predicate was entered by
// a jump (another member's last call, a goal taken in place): 7 stores for each of tak's 127k
// reductions. Saving only the live registers, a register that holds what another predicate or
// an earlier goal left (which a collection since may have moved) is never saved nor read
// back, so nothing needs setting on entry.
//
// A body's jumps go forward only (an inlined dispatch's next test) and it ends at proceed or
// execute, so one backward pass in code order is exact.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "vm/code.hpp"

namespace fleng::native {

/// The registers (below vm::kConstantRegisterBase: the constant registers are not variables)
/// a body instruction reads and those it writes. A register both read and written (an
/// output unified with, not made) is a read.
struct RegisterUse {
  std::vector<std::uint64_t> reads;
  std::vector<std::uint64_t> writes;
};
/// The use of the body instruction at `pc`; throws std::logic_error for an instruction that
/// is not one of a body's.
RegisterUse body_register_use(const vm::CodeImage& image, std::uint64_t pc);

/// Liveness over the bodies of one code image, computed as it is asked for.
class BodyLiveness {
 public:
  explicit BodyLiveness(const vm::CodeImage& image) : image_(image) {}
  /// The registers live before the body instruction at `pc`.
  const std::set<std::uint64_t>& live_in(std::uint64_t pc);
  /// The registers live after it: those live before its next instructions.
  std::set<std::uint64_t> live_out(std::uint64_t pc);

 private:
  /// The body instructions that may come right after the one at `pc`.
  [[nodiscard]] std::vector<std::uint64_t> successors(std::uint64_t pc) const;

  const vm::CodeImage& image_;
  std::map<std::uint64_t, std::set<std::uint64_t>> live_in_;
};

}  // namespace fleng::native
