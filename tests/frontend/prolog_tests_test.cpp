// The Prolog tests written as body goals (frontend/prolog_tests.hpp): `X > Y`, `X == Y`, ...
// are errors before the program runs, each with the Fleng form to use instead.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/frontend/test_support.hpp"

namespace fleng::frontend {
namespace {

using test::messages;
using test::parse;
using Messages = std::vector<std::string>;

Messages errors_of(const std::string& source) { return messages(parse(source).diagnostics); }

TEST(PrologTests, EachTestHasItsHint) {
  EXPECT_EQ(errors_of("p(X, Y) :- X > Y.\n"),
            Messages{"1:12: 'X > Y' is a Prolog test; Fleng has no guards or failure: compute "
                     "'>'(X, Y, R) (or greater(X, Y, R)) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X < 1.\n"),
            Messages{"1:9: 'X < 1' is a Prolog test; Fleng has no guards or failure: compute "
                     "'<'(X, 1, R) (or less(X, 1, R)) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X =< 1.\n"),
            Messages{"1:9: 'X =< 1' is a Prolog test; Fleng has no guards or failure: compute "
                     "'=<'(X, 1, R) (or less_eq(X, 1, R)) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X >= 1.\n"),
            Messages{"1:9: 'X >= 1' is a Prolog test; Fleng has no guards or failure: compute "
                     "'>='(X, 1, R) (or greater_eq(X, 1, R)) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X =:= 1 + 1.\n"),
            Messages{"1:9: 'X =:= 1 + 1' is a Prolog test; Fleng has no guards or failure: "
                     "compute '=:='(X, 1 + 1, R) (or num_equal(X, 1 + 1, R)) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X =\\= 1.\n"),
            Messages{"1:9: 'X =\\= 1' is a Prolog test; Fleng has no guards or failure: "
                     "compute =\\=(X, 1, R) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X == a.\n"),
            Messages{"1:9: 'X == a' is a Prolog test; Fleng has no guards or failure: compute "
                     "equal(X, a, R) and dispatch on R"});
  EXPECT_EQ(errors_of("p(X) :- X \\== a.\n"),
            Messages{"1:9: 'X \\== a' is a Prolog test; Fleng has no guards or failure: "
                     "compute equal(X, a, R) and dispatch on R"});
}

TEST(PrologTests, TheResultVariableIsFresh) {
  EXPECT_EQ(errors_of("p(R, R1) :- R < R1.\n"),
            Messages{"1:13: 'R < R1' is a Prolog test; Fleng has no guards or failure: compute "
                     "'<'(R, R1, R2) (or less(R, R1, R2)) and dispatch on R2"});
}

TEST(PrologTests, EveryGoalOfEveryClause) {
  EXPECT_EQ(errors_of("p(X) :- q(X), X > 1, r.\np(X) :-\n    X == 2.\n").size(), 2U);
  // Also in the body of a clause with a guard (the guard is reported too).
  EXPECT_EQ(errors_of("p(X) :- X > 1 | q.\n").size(), 2U);
}

TEST(PrologTests, WhatIsNotAPrologTest) {
  // The Fleng forms, other arities, the operators as data, and heads.
  EXPECT_EQ(errors_of("p(X, R) :- '>'(X, 1, R), greater(X, 1, S), q(X > 1), Y = (X == 1), "
                      "Z is X + 1, r(S, Y, Z).\n"),
            Messages{});
  EXPECT_EQ(errors_of("X > Y :- true.\n'=='(a).\n"), Messages{});
  // A program that defines the predicate calls its own.
  EXPECT_EQ(errors_of("X > Y :- greater(X, Y, true).\np :- 2 > 1.\n"), Messages{});
}

}  // namespace
}  // namespace fleng::frontend
