// The REPL's answers (vm/answer_writer.hpp): SWI-Prolog's spacing, unbound variables named by
// the query variable that holds them or _A, _B, ... in order of appearance (one name per
// variable in the whole answer), no line for an untouched variable, aliases as `X = Y`.
#include "vm/answer_writer.hpp"

#include <gtest/gtest.h>

#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

class Answer : public ::testing::Test {
 protected:
  std::vector<std::string> answer(const std::vector<std::string>& names,
                                  const std::vector<Cell>& values) {
    return answer_lines(names, values, m.atoms);
  }
  Machine m;
};

TEST_F(Answer, ArgumentsAndElementsAreSpacedAsInSwiProlog) {
  const Cell one = Machine::integer(1);
  const Cell two = Machine::integer(2);
  EXPECT_EQ(answer({"L"}, {m.list({one, two})}), (std::vector<std::string>{"L = [1, 2]"}));
  EXPECT_EQ(answer({"T"}, {m.compound("f", {one, m.list({m.atom("a")}, m.atom("b"))})}),
            (std::vector<std::string>{"T = f(1, [a|b])"}));
  // A `,` term, and an operator term of priority over 699, in parentheses after `=`.
  EXPECT_EQ(answer({"C"}, {m.compound(",", {m.atom("a"), m.atom("b")})}),
            (std::vector<std::string>{"C = (a, b)"}));
  EXPECT_EQ(answer({"R"}, {m.compound(":-", {m.atom("a"), m.atom("b")})}),
            (std::vector<std::string>{"R = (a :- b)"}));
  EXPECT_EQ(answer({"S"}, {m.compound("+", {one, m.compound("*", {two, one})})}),
            (std::vector<std::string>{"S = 1+2*1"}));
  EXPECT_EQ(answer({"Q"}, {m.atom("hello world")}), (std::vector<std::string>{"Q = 'hello world'"}));
  EXPECT_EQ(answer({"V"}, {m.vector({one, two})}), (std::vector<std::string>{"V = {vector:1, 2}"}));
  // write/1's text is unchanged: no spaces.
  EXPECT_EQ(m.plain(m.list({one, two})), "[1,2]");
}

TEST_F(Answer, FreshVariablesAreLetteredInOrderAcrossTheAnswer) {
  const Cell a = m.var();
  const Cell b = m.var();
  // X = f(1, A), Y = A: the issue's example.
  EXPECT_EQ(answer({"X", "Y"}, {m.compound("f", {Machine::integer(1), a}), m.compound("g", {a})}),
            (std::vector<std::string>{"X = f(1, _A)", "Y = g(_A)"}));
  EXPECT_EQ(answer({"X", "Y"}, {m.compound("f", {b, a, b}), m.list({a}, b)}),
            (std::vector<std::string>{"X = f(_A, _B, _A)", "Y = [_B|_A]"}));
  EXPECT_EQ(fresh_variable_name(0), "_A");
  EXPECT_EQ(fresh_variable_name(25), "_Z");
  EXPECT_EQ(fresh_variable_name(26), "_A1");
  EXPECT_EQ(fresh_variable_name(53), "_B2");
}

TEST_F(Answer, QueryVariablesNameTheirUnboundValues) {
  const Cell x = m.var();
  const Cell y = m.var();
  // X = f(1, Y): Y is unbound, so it prints by its name and has no line of its own.
  EXPECT_EQ(answer({"X", "Y"}, {m.compound("f", {Machine::integer(1), y}), y}),
            (std::vector<std::string>{"X = f(1, Y)"}));
  // Nothing bound: no lines (the REPL says true.).
  EXPECT_TRUE(answer({"X"}, {x}).empty());
  // X = Y, Z = W: aliases.
  EXPECT_EQ(answer({"X", "Y", "Z"}, {x, x, m.compound("f", {x})}),
            (std::vector<std::string>{"X = Y", "Z = f(X)"}));
}

TEST_F(Answer, BoundVariablesPrintAsTheirValues) {
  const Cell x = m.var();
  ASSERT_TRUE(m.iu->unify(x, m.atom("v")));
  EXPECT_EQ(answer({"X", "Y"}, {x, m.compound("f", {x})}),
            (std::vector<std::string>{"X = v", "Y = f(v)"}));
}

}  // namespace
}  // namespace fleng::vm
