// Liveness of registers in clause bodies (native/body_liveness.hpp) on programs loaded by a
// session: what a spill of compiled code saves.
#include <cstdint>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "kernel/session.hpp"
#include "native/body_liveness.hpp"
#include "native/predicate_clusters.hpp"
#include "vm/opcode.hpp"

namespace {

using fleng::native::BodyLiveness;
using fleng::vm::Op;

struct Loaded {
  std::ostringstream out;
  std::ostringstream err;
  fleng::kernel::Session session{out, err};
};

/// The code address of the first clause of `name`/`arity`'s first body instruction with
/// opcode `op` (after its commit), or 0.
std::uint64_t body_instruction(const fleng::vm::CodeImage& image, const std::string& name, std::uint32_t arity,
                               Op op, std::size_t clause = 0) {
  for (const fleng::vm::Predicate& p : image.predicates) {
    if (p.name != name || p.arity != arity || p.clauses.size() <= clause) continue;
    std::uint64_t pc = p.clauses[clause].head_pc;
    bool body = false;
    for (;;) {
      const auto at = static_cast<Op>(image.code[pc]);
      if (body && at == op) return pc;
      if (at == Op::commit) body = true;
      if (body && (at == Op::proceed || at == Op::execute)) return 0;
      pc += fleng::native::instruction_size(image.code, pc);
    }
  }
  return 0;
}

std::set<std::uint64_t> arguments(const fleng::vm::CodeImage& image, const std::string& name, std::uint32_t arity,
                                  std::initializer_list<std::uint32_t> which) {
  for (const fleng::vm::Predicate& p : image.predicates) {
    if (p.name != name || p.arity != arity) continue;
    std::set<std::uint64_t> registers;
    for (const std::uint32_t i : which) registers.insert(p.arg_registers.empty() ? i : p.arg_registers[i]);
    return registers;
  }
  return {};
}

// Before the builtin: what it reads and what the body reads after it; an argument nothing
// reads is dead from the start.
TEST(BodyLiveness, ABuiltinsInputsAndWhatTheBodyReadsLaterAreLive) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("p.fl", R"(
p(X, Y, Z) :- add(X, 1, A), q(A, Z).
q(A, Z) :- Z = A.
)")) << loaded.err.str();
  const fleng::vm::CodeImage& image = loaded.session.image();
  const std::uint64_t add = body_instruction(image, "p", 3, Op::fn_add);
  ASSERT_NE(add, 0U);
  BodyLiveness liveness(image);
  const std::set<std::uint64_t>& live = liveness.live_in(add);
  const std::set<std::uint64_t> xz = arguments(image, "p", 3, {0, 2});
  const std::set<std::uint64_t> y = arguments(image, "p", 3, {1});
  for (const std::uint64_t r : xz) EXPECT_EQ(live.count(r), 1U) << r;
  for (const std::uint64_t r : y) EXPECT_EQ(live.count(r), 0U) << r;
  // After it: its output and Z, not X.
  const std::set<std::uint64_t> after = liveness.live_out(add);
  EXPECT_EQ(after.size(), 2U);
  EXPECT_EQ(after.count(*arguments(image, "p", 3, {2}).begin()), 1U);
  EXPECT_EQ(after.count(*arguments(image, "p", 3, {0}).begin()), 0U);
  // The end of a body reads nothing.
  const std::uint64_t proceed = body_instruction(image, "q", 2, Op::proceed);
  ASSERT_NE(proceed, 0U);
  EXPECT_TRUE(liveness.live_in(proceed).empty());
}

// A last call that swaps its arguments moves them through a temporary, which the moves write
// before they read it: not live before the call.
TEST(BodyLiveness, ALastCallReadsTheRegistersItsArgumentsComeFrom) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("swap.fl", R"(
swap(N, A, B) :- sub(N, 1, M), swap(M, B, A).
)")) << loaded.err.str();
  const fleng::vm::CodeImage& image = loaded.session.image();
  const std::uint64_t execute = body_instruction(image, "swap", 3, Op::execute);
  ASSERT_NE(execute, 0U);
  BodyLiveness liveness(image);
  const std::set<std::uint64_t>& live = liveness.live_in(execute);
  const std::set<std::uint64_t> ab = arguments(image, "swap", 3, {1, 2});
  for (const std::uint64_t r : ab) EXPECT_EQ(live.count(r), 1U) << r;
  EXPECT_EQ(live.size(), 3U);  // A, B and M
  EXPECT_EQ(live.count(*arguments(image, "swap", 3, {0}).begin()), 0U);  // N: M replaces it
  EXPECT_TRUE(liveness.live_out(execute).empty());
}

// An inlined dispatch's test reads its register on both ways; what either way reads is live
// before it.
TEST(BodyLiveness, BothWaysOfAnInlinedTestCount) {
  Loaded loaded;
  ASSERT_TRUE(loaded.session.load_text("d.fl", R"(
d(N, A, B, R) :- less(N, 2, C), e(C, A, B, R).
e(true, A, _, R) :- R = A.
e(false, _, B, R) :- R = B.
)")) << loaded.err.str();
  const fleng::vm::CodeImage& image = loaded.session.image();
  const std::uint64_t test = body_instruction(image, "d", 4, Op::if_not_const);
  if (test == 0) GTEST_SKIP() << "e/4 is not inlined into d/4 here";
  BodyLiveness liveness(image);
  const std::set<std::uint64_t>& live = liveness.live_in(test);
  for (const std::uint64_t r : arguments(image, "d", 4, {1, 2, 3})) EXPECT_EQ(live.count(r), 1U) << r;
  EXPECT_EQ(live.count(*arguments(image, "d", 4, {0}).begin()), 0U);
}

}  // namespace
