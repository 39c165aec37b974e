// On the simulated machine the term and text builtins charge `unired.builtin_work` cycles per
// unit of their work, the units docs/builtins.md names: the cycles of a query with
// builtin_work = 1000 exceed those with builtin_work = 0 by exactly 1000 per unit.
#include <gtest/gtest.h>

#include "../kernel/session_support.hpp"

namespace fleng::kernel {
namespace {

class BuiltinWork : public test::SessionTest {
 protected:
  /// The UNIRED cycles of a query on one simulated IU with `cycles` per unit of work.
  std::uint64_t cycles(const std::string& goal, std::uint32_t cycles_per_unit) {
    auto& engine = session().engine();
    engine.simulated = true;
    engine.machine.ius = 1;
    engine.machine.builtin_work = cycles_per_unit;
    const auto r = query(goal);
    EXPECT_EQ(r.exit_code, kExitSuccess) << goal << "\n" << r.report;
    return r.sim_statistics["unired_run_cycles"].get<std::uint64_t>();
  }

  /// Units of work charged by a query.
  std::uint64_t units(const std::string& goal) {
    const std::uint64_t base = cycles(goal, 0);
    const std::uint64_t charged = cycles(goal, 1000);
    EXPECT_EQ((charged - base) % 1000, 0U) << goal;
    return (charged - base) / 1000;
  }
};

TEST_F(BuiltinWork, TermBuiltinsChargePerArgumentOrNode) {
  EXPECT_EQ(units("functor(T, f, 5)"), 5U);
  EXPECT_EQ(units("f(a, b, c) =.. L"), 3U);           // the arguments
  EXPECT_EQ(units("T =.. [f, a, b, c]"), 3U);         // the arguments
  EXPECT_EQ(units("copy_term(f(X, g(Y), X), C)"), 4U);  // 2 compound nodes, 2 variables
  EXPECT_EQ(units("call(add(1), 2, X)"), 0U);
}

TEST_F(BuiltinWork, TextBuiltinsChargePerCharacter) {
  EXPECT_EQ(units("atom_codes(abcdefghij, L)"), 10U);
  EXPECT_EQ(units("atom_codes(A, \"abcdefghij\")"), 10U);
  EXPECT_EQ(units("number_codes(N, \"12345\")"), 5U);
  EXPECT_EQ(units("atom_concat(abc, de, A)"), 5U);
  EXPECT_EQ(units("atom_number('1234', N)"), 4U);
  EXPECT_EQ(units("split_string(\"a,b,c\", \",\", \"\", P)"), 8U);  // 5 characters, 3 parts
  // The work grows with the input.
  EXPECT_EQ(units("numlist(1, 300, L), atom_codes(A, L)") -
                units("numlist(1, 100, L), atom_codes(A, L)"),
            200U);
}

}  // namespace
}  // namespace fleng::kernel
