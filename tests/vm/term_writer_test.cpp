// The term writer (vm/term_writer.hpp): numbers, atoms quoted only when needed, lists, operators,
// variables, vectors, and the limits that keep huge or cyclic terms printable.
#include "vm/term_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

class Writer : public ::testing::Test {
 protected:
  std::string w(Cell t, bool quoted = true) { return write_term(t, m.atoms, quoted); }
  // Room for the large terms below without collecting.
  Machine m{"", test::small_options(std::size_t{1} << 20, std::size_t{1} << 20)};
};

TEST_F(Writer, Numbers) {
  EXPECT_EQ(w(Machine::integer(0)), "0");
  EXPECT_EQ(w(Machine::integer(-42)), "-42");
  EXPECT_EQ(w(Machine::integer(kSmallIntMax)), "1152921504606846975");
  EXPECT_EQ(w(m.number(kSmallIntMax + 1)), "1152921504606846976");
  EXPECT_EQ(w(m.number(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(w(m.real(1.0)), "1.0");
  EXPECT_EQ(w(m.real(-2.5)), "-2.5");
  EXPECT_EQ(w(m.real(0.1)), "0.1");
  EXPECT_EQ(w(m.real(1.5e20)), "1.5e+20");
  EXPECT_EQ(w(m.real(1e-10)), "1.0e-10");
}

TEST_F(Writer, FloatTextAlwaysHasADot) {
  EXPECT_EQ(float_text(3.0), "3.0");
  EXPECT_EQ(float_text(-0.0), "-0.0");
  EXPECT_EQ(float_text(2.5), "2.5");
  EXPECT_EQ(float_text(1e300), "1.0e+300");
  EXPECT_EQ(float_text(123456789.0), "123456789.0");
}

TEST_F(Writer, AtomsAreQuotedOnlyWhenNeeded) {
  EXPECT_EQ(w(m.atom("abc")), "abc");
  EXPECT_EQ(w(m.atom("aBc_1")), "aBc_1");
  EXPECT_EQ(w(kNil), "[]");
  EXPECT_EQ(w(m.atom("{}")), "{}");
  EXPECT_EQ(w(m.atom("+")), "+");
  EXPECT_EQ(w(m.atom("=<")), "=<");
  EXPECT_EQ(w(m.atom("hello world")), "'hello world'");
  EXPECT_EQ(w(m.atom("Abc")), "'Abc'");
  EXPECT_EQ(w(m.atom("_x")), "'_x'");
  EXPECT_EQ(w(m.atom("")), "''");
  EXPECT_EQ(w(m.atom("it's")), "'it\\'s'");
  EXPECT_EQ(w(m.atom("a\nb")), "'a\\nb'");
  // Unquoted mode prints names as they are.
  EXPECT_EQ(w(m.atom("hello world"), false), "hello world");
  EXPECT_EQ(w(m.compound("f", {m.atom("A b")}), false), "f(A b)");
}

TEST_F(Writer, Lists) {
  EXPECT_EQ(w(m.list({Machine::integer(1), Machine::integer(2), Machine::integer(3)})), "[1,2,3]");
  EXPECT_EQ(w(m.list({m.atom("a")}, m.atom("b"))), "[a|b]");
  EXPECT_EQ(w(m.list({m.list({}), m.list({m.atom("x")})})), "[[],[x]]");
  // Strings are the code lists they are.
  EXPECT_EQ(w(m.list({Machine::integer(104), Machine::integer(105)})), "[104,105]");
}

TEST_F(Writer, StructuresAndOperators) {
  EXPECT_EQ(w(m.compound("f", {m.atom("a"), Machine::integer(1)})), "f(a,1)");
  EXPECT_EQ(w(m.compound("Foo", {m.atom("a")})), "'Foo'(a)");
  EXPECT_EQ(w(m.compound("{}", {m.atom("a"), m.atom("b")})), "{a,b}");
  const Cell a = m.atom("a");
  const Cell b = m.atom("b");
  const Cell c = m.atom("c");
  EXPECT_EQ(w(m.compound("+", {a, m.compound("*", {b, c})})), "a+b*c");
  EXPECT_EQ(w(m.compound("*", {m.compound("+", {a, b}), c})), "(a+b)*c");
  EXPECT_EQ(w(m.compound("-", {m.compound("-", {a, b}), c})), "a-b-c");
  EXPECT_EQ(w(m.compound("-", {a, m.compound("-", {b, c})})), "a-(b-c)");
  EXPECT_EQ(w(m.compound("mod", {a, b})), "a mod b");
  EXPECT_EQ(w(m.compound("=", {a, b})), "a=b");
  EXPECT_EQ(w(m.compound("-", {a, Machine::integer(-1)})), "a- -1");
  EXPECT_EQ(w(m.compound("-", {a})), "-a");
  EXPECT_EQ(w(m.compound("-", {Machine::integer(1)})), "-(1)");
  EXPECT_EQ(w(m.compound("-", {m.compound("-", {a})})), "- -a");
  EXPECT_EQ(w(m.compound("f", {m.compound(",", {a, b})})), "f((a,b))");
  EXPECT_EQ(w(m.compound("@", {m.atom("g"), m.compound("to", {Machine::integer(1)})})), "g @ to(1)");
}

TEST_F(Writer, Vectors) {
  EXPECT_EQ(w(m.vector({})), "{vector:}");
  EXPECT_EQ(w(m.vector({m.atom("x"), m.list({Machine::integer(1)})})), "{vector:x,[1]}");
}

TEST_F(Writer, VariablesAreNumberedByTheirHeapOffset) {
  const VariableNames names = m.iu->variable_names();
  const VariableNames* base = &names;
  const Cell x = m.var();
  const Cell y = m.var();
  EXPECT_EQ(write_term(x, m.atoms, true, base), "_G0");
  EXPECT_EQ(write_term(m.compound("f", {x, y, x}), m.atoms, true, base), "f(_G0,_G1,_G0)");
  EXPECT_EQ(m.text(y), "_G1");
  // A bound variable prints as its value.
  ASSERT_TRUE(m.iu->unify(x, m.atom("v")));
  EXPECT_EQ(write_term(m.compound("f", {x, y}), m.atoms, true, base), "f(v,_G1)");
  // A variable of another IU names that IU.
  VariableNames two;
  two.own_iu = 1;
  two.bases = {m.iu->heap.space_begin(), nullptr};
  EXPECT_EQ(write_term(y, m.atoms, true, &two), "_G0_1");
}

TEST_F(Writer, DeepNestingIsCutOff) {
  Cell t = m.atom("z");
  for (int i = 0; i < 20000; ++i) t = m.compound("f", {t});
  const std::string text = w(t);
  EXPECT_NE(text.find("..."), std::string::npos);
  EXPECT_EQ(text.rfind("f(f(f(", 0), 0U);
  EXPECT_LT(text.size(), 100000U);
}

TEST_F(Writer, LongListsAreWrittenIteratively) {
  Cell t = kNil;
  for (int i = 0; i < 200000; ++i) t = m.cons(Machine::integer(1), t);
  const std::string text = w(t);
  EXPECT_EQ(text.size(), 2U * 200000U + 1U);
}

TEST_F(Writer, CyclicStructureTerminates) {
  // No occurs check: `X = f(X)` is a rational tree, printed in SWI-Prolog's finite form.
  const Cell x = m.var();
  ASSERT_TRUE(m.iu->unify(x, m.compound("f", {x})));
  EXPECT_EQ(w(x), "@(_S1,[_S1=f(_S1)])");
}

TEST_F(Writer, CyclicListTerminates) {
  // `X = [a|X]` makes a cyclic spine: named where it returns.
  const Cell x = m.var();
  ASSERT_TRUE(m.iu->unify(x, m.cons(m.atom("a"), x)));
  EXPECT_EQ(w(x), "@(_S1,[_S1=[a|_S1]])");
  const Cell y = m.var();
  ASSERT_TRUE(m.iu->unify(y, m.cons(m.atom("b"), m.cons(m.atom("c"), y))));
  EXPECT_EQ(w(y), "@(_S1,[_S1=[b,c|_S1]])");
}

}  // namespace
}  // namespace fleng::vm
