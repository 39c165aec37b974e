// Every builtin of vm/builtins.def through Session queries (docs/engine.md, builtins): results,
// suspension on unbound inputs, and error cases with their messages.
#include <gtest/gtest.h>

#include <set>

#include "session_support.hpp"
#include "vm/builtins.hpp"

namespace fleng::kernel {
namespace {

using Builtins = test::SessionTest;

// --- unification and comparison --------------------------------------------------------------------

TEST_F(Builtins, Unify) {
  EXPECT_EQ(value("X = f(Y, [Z]), Y = 1, Z = a"), "f(1,[a])");
  EXPECT_EQ(value("f(X, b) = f(a, Y)"), "a");
  EXPECT_EQ(value("X = Y, Y = 3"), "3");
  EXPECT_EQ(error_report("X = 1, X = 2"), "<goal>:1:8: error: unification failed\n  goal: 1 = 2\n");
  EXPECT_EQ(error_goal("f(X, b) = f(a, c)"), "f(a,b) = f(a,c)");
  EXPECT_EQ(error_message("X = 1, X = 1.0"), "error: unification failed");
  EXPECT_EQ(error_message("[a|T] = [a,b], T = [c]"), "error: unification failed");
}

TEST_F(Builtins, UnifyAsAGoalThroughCall) {
  EXPECT_EQ(value("call(X = found)"), "found");
  EXPECT_EQ(error_message("G = (a = b), call(G)"), "error: unification failed");
}

TEST_F(Builtins, Equal) {
  EXPECT_EQ(value("equal(f(a, [1]), f(a, [1]), X)"), "true");
  EXPECT_EQ(value("equal(a, b, X)"), "false");
  EXPECT_EQ(value("equal(1, 1.0, X)"), "false");
  EXPECT_EQ(value("equal(2.5, 2.5, X)"), "true");
  EXPECT_EQ(value("equal(Y, Y, X)"), "true");
  EXPECT_EQ(value("equal(f(Y, a), f(Z, b), X)"), "false");  // a definite difference decides
  EXPECT_EQ(value("equal(1152921504606846976, 1152921504606846976, X)"), "true");
  EXPECT_EQ(value("new_vector(2, a, V), new_vector(2, a, W), equal(V, W, X)"), "true");
}

TEST_F(Builtins, EqualSuspendsUntilDecidable) {
  const auto r = query("equal(f(A), f(B), X)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  equal(f(A), f(B), X)  waiting on A\n");
  EXPECT_EQ(value("equal(f(A), f(B), X), A = 1, B = 1"), "true");
  EXPECT_EQ(value("equal(f(A), f(B), X), A = 1, B = 2"), "false");
  // Waits on one variable after the other.
  EXPECT_EQ(value("equal([A, B], [1, 2], X), A = 1, B = 2"), "true");
  EXPECT_EQ(query("equal([A, B], [1, 2], X), A = 1").exit_code, kExitDeadlock);
}

TEST_F(Builtins, NumericComparisons) {
  const auto r = query("less(1, 2, A), less(2, 1, B), less_eq(2, 2, C), greater(3, 2.5, D), "
                       "greater_eq(1, 1.0, E), num_equal(1, 1.0, F), num_equal(1, 2, G), "
                       "less(1152921504606846976, 1152921504606846977, H), less(-0.5, -1, I)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "A"), "true");
  EXPECT_EQ(binding(r, "B"), "false");
  EXPECT_EQ(binding(r, "C"), "true");
  EXPECT_EQ(binding(r, "D"), "true");
  EXPECT_EQ(binding(r, "E"), "true");
  EXPECT_EQ(binding(r, "F"), "true");
  EXPECT_EQ(binding(r, "G"), "false");
  EXPECT_EQ(binding(r, "H"), "true");
  EXPECT_EQ(binding(r, "I"), "false");
}

TEST_F(Builtins, NumericComparisonErrorsAndSuspension) {
  EXPECT_EQ(error_report("less(a, 1, X)"),
            "<goal>:1:1: error: type error: expected a number, found a\n  goal: less(a, 1, _G0)\n");
  EXPECT_EQ(error_message("less_eq(1, f(x), X)"), "error: type error: expected a number, found f(x)");
  EXPECT_EQ(error_message("greater([], 1, X)"), "error: type error: expected a number, found []");
  EXPECT_EQ(error_message("greater_eq(1, \"a\", X)"),
            "error: type error: expected a number, found [97]");
  EXPECT_EQ(error_message("num_equal(x, 1, X)"), "error: type error: expected a number, found x");
  const auto r = query("less(A, 1, X)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  less(A, 1, X)  waiting on A\n");
  EXPECT_EQ(value("less(A, 1, X), A = 0"), "true");
}

TEST_F(Builtins, CompareStandardOrder) {
  // Numbers < atoms < lists < structures < vectors.
  EXPECT_EQ(value("compare(1, a, X)"), "<");
  EXPECT_EQ(value("compare(a, [1], X)"), "<");
  EXPECT_EQ(value("compare([1], f(a), X)"), "<");
  EXPECT_EQ(value("compare(f(a), [1], X)"), ">");
  EXPECT_EQ(value("new_vector(1, 0, V), compare(V, f(a), X)"), ">");
  EXPECT_EQ(value("compare(z, 99, X)"), ">");
  // Within a class.
  EXPECT_EQ(value("compare(1, 2, X)"), "<");
  EXPECT_EQ(value("compare(2, 2, X)"), "=");
  EXPECT_EQ(value("compare(2.5, 2, X)"), ">");
  EXPECT_EQ(value("compare(1.0, 1, X)"), "<");  // equal value: the float first
  EXPECT_EQ(value("compare(b, a, X)"), ">");
  EXPECT_EQ(value("compare(abc, abd, X)"), "<");
  EXPECT_EQ(value("compare(g(a), f(a, b), X)"), "<");  // arity first
  EXPECT_EQ(value("compare(g(a), f(a), X)"), ">");     // then the name
  EXPECT_EQ(value("compare(f(a, b), f(a, c), X)"), "<");  // then the arguments
  EXPECT_EQ(value("compare([1, 2], [1, 3], X)"), "<");
  EXPECT_EQ(value("compare([1, 2], [1], X)"), ">");
  EXPECT_EQ(value("compare(f(Y), f(Y), X)"), "=");
  EXPECT_EQ(value("compare(1152921504606846977, 1152921504606846976, X)"), ">");
}

TEST_F(Builtins, CompareSuspendsOnUnboundVariables) {
  EXPECT_EQ(query("compare(A, a, X)").exit_code, kExitDeadlock);
  EXPECT_EQ(query("compare(f(A), f(B), X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("compare(f(A), f(B), X), A = 1, B = 2"), "<");
  // Decided before the unbound part is reached.
  EXPECT_EQ(value("compare(f(a, A), f(b, B), X)"), "<");
}

// --- arithmetic ------------------------------------------------------------------------------------

TEST_F(Builtins, IntegerArithmetic) {
  EXPECT_EQ(value("add(2, 3, X)"), "5");
  EXPECT_EQ(value("sub(2, 3, X)"), "-1");
  EXPECT_EQ(value("mul(-4, 3, X)"), "-12");
  EXPECT_EQ(value("div(7, 2, X)"), "3");
  EXPECT_EQ(value("div(-7, 2, X)"), "-3");  // truncates toward zero
  EXPECT_EQ(value("mod(7, 3, X)"), "1");
  EXPECT_EQ(value("mod(-7, 2, X)"), "-1");  // the sign of X
  EXPECT_EQ(value("mod(7, -2, X)"), "1");
  EXPECT_EQ(value("neg(5, X)"), "-5");
  EXPECT_EQ(value("abs(-3, X)"), "3");
  EXPECT_EQ(value("min(3, 4, X)"), "3");
  EXPECT_EQ(value("max(3, 4, X)"), "4");
}

TEST_F(Builtins, FloatArithmetic) {
  EXPECT_EQ(value("add(1, 2.5, X)"), "3.5");
  EXPECT_EQ(value("sub(1.5, 2, X)"), "-0.5");
  EXPECT_EQ(value("mul(1.5, 2, X)"), "3.0");
  EXPECT_EQ(value("div(7.0, 2, X)"), "3.5");
  EXPECT_EQ(value("div(1, 4.0, X)"), "0.25");
  EXPECT_EQ(value("neg(2.5, X)"), "-2.5");
  EXPECT_EQ(value("abs(-2.5, X)"), "2.5");
  EXPECT_EQ(value("min(1, 2.0, X)"), "1");
  EXPECT_EQ(value("max(1, 2.0, X)"), "2.0");
  EXPECT_EQ(value("add(0.1, 0.2, X)"), "0.30000000000000004");
  EXPECT_EQ(value("X = 1.0e-10"), "1.0e-10");
  EXPECT_EQ(value("X = 1.5e20"), "1.5e+20");
  EXPECT_EQ(value("X = 2.0"), "2.0");
}

TEST_F(Builtins, SixtyOneBitBoundary) {
  // 2^60 - 1 is the largest immediate integer; one more is boxed, and arithmetic crosses over.
  EXPECT_EQ(value("add(1152921504606846975, 1, X)"), "1152921504606846976");
  EXPECT_EQ(value("X = 1152921504606846976"), "1152921504606846976");
  EXPECT_EQ(value("sub(1152921504606846976, 1, X)"), "1152921504606846975");
  EXPECT_EQ(value("sub(-1152921504606846976, 1, X)"), "-1152921504606846977");
  EXPECT_EQ(value("X = -1152921504606846977"), "-1152921504606846977");
  EXPECT_EQ(value("mul(1152921504606846975, 2, X)"), "2305843009213693950");
  EXPECT_EQ(value("add(1152921504606846975, 1, Y), integer(Y, X)"), "true");
  EXPECT_EQ(value("add(1152921504606846975, 1, Y), equal(Y, 1152921504606846976, X)"), "true");
  EXPECT_EQ(value("add(1152921504606846975, 1, Y), sub(Y, 1, Z), equal(Z, 1152921504606846975, X)"),
            "true");
  EXPECT_EQ(value("X = 9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(value("add(-9223372036854775807, -1, X)"), "-9223372036854775808");
}

TEST_F(Builtins, BoxedIntegersInHeadsAndIndexes) {
  ASSERT_TRUE(load("big(1152921504606846976, R) :- R = two_to_60.\n"
                   "big(-1152921504606846977, R) :- R = below_min.\n"
                   "big(1152921504606846975, R) :- R = max_small.\n"
                   "big(_, R) :- R = other.\n"));
  EXPECT_EQ(value("add(1152921504606846975, 1, N), big(N, X)"), "two_to_60");
  EXPECT_EQ(value("sub(-1152921504606846976, 1, N), big(N, X)"), "below_min");
  EXPECT_EQ(value("big(1152921504606846975, X)"), "max_small");
  EXPECT_EQ(value("big(1152921504606846977, X)"), "other");
  EXPECT_EQ(value("big(1.0, X)"), "other");
}

TEST_F(Builtins, IntegerOverflowIsAnError) {
  EXPECT_EQ(error_report("add(9223372036854775807, 1, X)"),
            "<goal>:1:1: error: integer overflow in add/3\n  goal: add(9223372036854775807, 1, _G0)\n");
  EXPECT_EQ(error_message("sub(-9223372036854775807, 2, X)"), "error: integer overflow in sub/3");
  EXPECT_EQ(error_message("mul(4611686018427387904, 2, X)"), "error: integer overflow in mul/3");
  EXPECT_EQ(error_message("neg(-9223372036854775808, X)"), "error: integer overflow in neg/2");
  EXPECT_EQ(error_message("abs(-9223372036854775808, X)"), "error: integer overflow in abs/2");
  EXPECT_EQ(error_message("div(-9223372036854775808, -1, X)"), "error: integer overflow in div/3");
  EXPECT_EQ(value("mod(-9223372036854775808, -1, X)"), "0");
}

TEST_F(Builtins, DivisionByZero) {
  EXPECT_EQ(error_report("div(1, 0, X)"),
            "<goal>:1:1: error: division by zero in div/3\n  goal: div(1, 0, _G0)\n");
  EXPECT_EQ(error_message("mod(1, 0, X)"), "error: division by zero in mod/3");
  EXPECT_EQ(error_message("div(1.0, 0.0, X)"), "error: division by zero in div/3");
  EXPECT_EQ(error_message("div(1.5, 0, X)"), "error: division by zero in div/3");
  EXPECT_EQ(error_message("compute(/, 1, 0, X)"), "error: division by zero in div/3");
}

TEST_F(Builtins, ArithmeticTypeErrors) {
  EXPECT_EQ(error_message("add(a, 1, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_message("sub(1, [1], X)"), "error: type error: expected a number, found [1]");
  EXPECT_EQ(error_message("mul(f(1), 1, X)"), "error: type error: expected a number, found f(1)");
  EXPECT_EQ(error_message("div(1, x, X)"), "error: type error: expected a number, found x");
  EXPECT_EQ(error_message("mod(1.5, 2, X)"), "error: type error: expected an integer, found 1.5");
  EXPECT_EQ(error_message("mod(3, 2.0, X)"), "error: type error: expected an integer, found 2.0");
  EXPECT_EQ(error_message("neg(a, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_message("abs('A', X)"), "error: type error: expected a number, found 'A'");
  EXPECT_EQ(error_message("min(a, 1, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_message("max(1, b, X)"), "error: type error: expected a number, found b");
}

TEST_F(Builtins, ArithmeticWaitsForItsInputs) {
  const auto r = query("add(A, 1, X)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  add(A, 1, X)  waiting on A\n");
  EXPECT_EQ(value("add(A, B, X), A = 1, B = 2"), "3");
  EXPECT_EQ(value("mul(A, A, X), A = 1.5"), "2.25");
  // A bound output is a check.
  EXPECT_EQ(query("add(1, 2, 3)").exit_code, kExitSuccess);
  const std::string report = error_report("add(1, 2, 3), add(1, 2, 4)");
  EXPECT_EQ(report.rfind("<goal>:1:15: error: output unification failed\n  goal: add(1, 2", 0), 0U)
      << report;
}

TEST_F(Builtins, Bitwise) {
  EXPECT_EQ(value("and(6, 3, X)"), "2");
  EXPECT_EQ(value("or(6, 3, X)"), "7");
  EXPECT_EQ(value("xor(6, 3, X)"), "5");
  EXPECT_EQ(value("not(0, X)"), "-1");
  EXPECT_EQ(value("not(-1, X)"), "0");
  EXPECT_EQ(value("shl(1, 4, X)"), "16");
  EXPECT_EQ(value("shl(1, 62, X)"), "4611686018427387904");
  EXPECT_EQ(value("shr(16, 2, X)"), "4");
  EXPECT_EQ(value("shr(-16, 2, X)"), "-4");  // arithmetic shift
  EXPECT_EQ(value("shl(1, 0, X)"), "1");
  EXPECT_EQ(value("and(1152921504606846976, 1152921504606846977, X)"), "1152921504606846976");
}

TEST_F(Builtins, BitwiseErrors) {
  EXPECT_EQ(error_message("and(1.0, 1, X)"), "error: type error: expected an integer, found 1.0");
  EXPECT_EQ(error_message("or(1, a, X)"), "error: type error: expected an integer, found a");
  EXPECT_EQ(error_message("xor(f, 1, X)"), "error: type error: expected an integer, found f");
  EXPECT_EQ(error_message("not(a, X)"), "error: type error: expected an integer, found a");
  EXPECT_EQ(error_message("shl(1, 64, X)"), "error: shift count 64 out of range 0..63");
  EXPECT_EQ(error_message("shr(1, -1, X)"), "error: shift count -1 out of range 0..63");
  EXPECT_EQ(error_message("shr(2.0, 1, X)"), "error: type error: expected an integer, found 2.0");
}

TEST_F(Builtins, SqrtAndConversions) {
  EXPECT_EQ(value("sqrt(16, X)"), "4.0");
  EXPECT_EQ(value("sqrt(2, X)"), "1.4142135623730951");
  EXPECT_EQ(value("sqrt(0.25, X)"), "0.5");
  EXPECT_EQ(error_message("sqrt(-1, X)"), "error: sqrt/2 of a negative number");
  EXPECT_EQ(error_message("sqrt(a, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(value("to_float(3, X)"), "3.0");
  EXPECT_EQ(value("to_float(2.5, X)"), "2.5");
  EXPECT_EQ(value("to_int(-3.7, X)"), "-3");  // truncates
  EXPECT_EQ(value("to_int(3.7, X)"), "3");
  EXPECT_EQ(value("to_int(5, X)"), "5");
  EXPECT_EQ(value("to_int(1.0e18, X)"), "1000000000000000000");
  EXPECT_EQ(error_message("to_int(1.0e30, X)"), "error: to_int/2: 1e+30 does not fit in 64 bits");
  EXPECT_EQ(error_message("to_float(x, X)"), "error: type error: expected a number, found x");
  EXPECT_EQ(error_message("to_int([], X)"), "error: type error: expected a number, found []");
}

TEST_F(Builtins, Compute) {
  const auto r = query("compute(+, 1, 2, A), compute(-, 1, 2, B), compute(*, 3, 4, C), "
                       "compute(/, 7, 2, D), compute(mod, 7, 2, E), compute(and, 6, 3, F), "
                       "compute(or, 6, 3, G), compute(xor, 6, 3, H), compute(<<, 1, 4, I), "
                       "compute(>>, 16, 2, J), compute(min, 3, 4, K), compute(max, 3, 4, L), "
                       "compute(<, 1, 2, M), compute(=, 1, 1.0, N), compute(>, 1, 2, O), "
                       "compute(/, 7.0, 2, P)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"A", "3"},  {"B", "-1"}, {"C", "12"},   {"D", "3"},     {"E", "1"},    {"F", "2"},
      {"G", "7"},  {"H", "5"},  {"I", "16"},   {"J", "4"},     {"K", "3"},    {"L", "4"},
      {"M", "true"}, {"N", "true"}, {"O", "false"}, {"P", "3.5"}};
  for (const auto& [name, v] : expected) EXPECT_EQ(binding(r, name), v) << name;
}

TEST_F(Builtins, ComputeErrors) {
  EXPECT_EQ(error_report("compute(foo, 1, 2, X)"),
            "<goal>:1:1: error: compute/4: unknown operator foo\n  goal: compute(foo, 1, 2, _G0)\n");
  EXPECT_EQ(error_message("compute(1, 1, 2, X)"), "error: type error: expected an operator atom, found 1");
  EXPECT_EQ(error_message("compute(+, a, 2, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(query("compute(Op, 1, 2, X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("compute(Op, 1, 2, X), Op = max"), "2");
}

// --- type tests ------------------------------------------------------------------------------------

TEST_F(Builtins, TypeTests) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"integer(1, X)", "true"},       {"integer(1152921504606846976, X)", "true"},
      {"integer(1.0, X)", "false"},    {"integer(a, X)", "false"},
      {"float(1.0, X)", "true"},       {"float(1, X)", "false"},
      {"number(2.5, X)", "true"},      {"number(-3, X)", "true"},
      {"number(a, X)", "false"},       {"number(\"1\", X)", "false"},
      {"atom(a, X)", "true"},          {"atom([], X)", "true"},
      {"atom('hello world', X)", "true"}, {"atom(1, X)", "false"},
      {"atom(f(a), X)", "false"},      {"list([1], X)", "true"},
      {"list([], X)", "false"},        {"list(\"ab\", X)", "true"},
      {"list(f(a), X)", "false"},      {"tuple(f(a), X)", "true"},
      {"tuple({a, b}, X)", "true"},    {"tuple(a, X)", "false"},
      {"tuple([a], X)", "false"},      {"new_vector(1, x, V), vector(V, X)", "true"},
      {"vector(f, X)", "false"},       {"vector({a}, X)", "false"},
      {"is_unbound(Y, X)", "true"},    {"is_unbound(a, X)", "false"},
      {"Y = Z, is_unbound(Y, X)", "true"}, {"Y = 1, is_unbound(Y, X)", "false"},
  };
  for (const auto& [q, expected] : cases) EXPECT_EQ(value(q), expected) << q;
}

TEST_F(Builtins, TypeTestsWaitForTheirArgument) {
  for (const char* q : {"integer(Y, X)", "float(Y, X)", "number(Y, X)", "atom(Y, X)", "list(Y, X)",
                        "tuple(Y, X)", "vector(Y, X)"}) {
    const auto r = query(q);
    EXPECT_EQ(r.exit_code, kExitDeadlock) << q;
    EXPECT_NE(r.report.find("waiting on Y"), std::string::npos) << q << "\n" << r.report;
  }
  EXPECT_EQ(value("atom(Y, X), Y = a"), "true");
}

// --- structures, tuples, vectors -------------------------------------------------------------------

TEST_F(Builtins, Functor) {
  const auto r = query("functor(f(a, b), F, N), functor(abc, G, M), functor([1, 2], H, K), "
                       "functor(7, I, J), functor({a, b, c}, T, U), functor(2.5, V, W)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "F"), "f");
  EXPECT_EQ(binding(r, "N"), "2");
  EXPECT_EQ(binding(r, "G"), "abc");
  EXPECT_EQ(binding(r, "M"), "0");
  EXPECT_EQ(binding(r, "H"), "'.'");
  EXPECT_EQ(binding(r, "K"), "2");
  EXPECT_EQ(binding(r, "I"), "7");
  EXPECT_EQ(binding(r, "J"), "0");
  EXPECT_EQ(binding(r, "T"), "{}");
  EXPECT_EQ(binding(r, "U"), "3");
  EXPECT_EQ(binding(r, "V"), "2.5");
  EXPECT_EQ(binding(r, "W"), "0");
  EXPECT_EQ(query("functor(f(a), f, 1)").exit_code, kExitSuccess);
  EXPECT_EQ(error_message("functor(f(a), g, N)"), "error: output unification failed");
  EXPECT_EQ(query("functor(Y, F, N)").exit_code, kExitDeadlock);
}

TEST_F(Builtins, Arg) {
  EXPECT_EQ(value("arg(2, f(a, b, c), X)"), "b");
  EXPECT_EQ(value("arg(1, [h|t], X)"), "h");
  EXPECT_EQ(value("arg(2, [h|t], X)"), "t");
  EXPECT_EQ(value("arg(1, {x}, X)"), "x");
  EXPECT_EQ(value("arg(1, f(Y), X), Y = late"), "late");
  EXPECT_EQ(error_report("arg(4, f(a, b, c), X)"),
            "<goal>:1:1: error: arg/3: index 4 out of range\n  goal: arg(4, f(a,b,c), _G0)\n");
  EXPECT_EQ(error_message("arg(0, f(a), X)"), "error: arg/3: index 0 out of range");
  EXPECT_EQ(error_message("arg(3, [a], X)"), "error: arg/3: index 3 out of range");
  EXPECT_EQ(error_message("arg(a, f(a), X)"), "error: type error: expected an integer index, found a");
  EXPECT_EQ(error_message("arg(1, abc, X)"), "error: type error: expected a structure, found abc");
  EXPECT_EQ(query("arg(N, f(a), X)").exit_code, kExitDeadlock);
}

TEST_F(Builtins, Tuples) {
  EXPECT_EQ(value("make_tuple(0, X)"), "{}");
  const auto r = query("make_tuple(3, T), arg(1, T, A), A = first, tuple(T, X)");
  EXPECT_EQ(binding(r, "X"), "true");
  EXPECT_TRUE(binding(r, "T").starts_with("{first,_G")) << binding(r, "T");
  EXPECT_EQ(value("make_tuple(2, T), T = {a, b}, X = T"), "{a,b}");
  EXPECT_EQ(error_message("make_tuple(-1, X)"), "error: make_tuple/2: size -1 is out of range (0..16777215)");
  EXPECT_EQ(error_message("make_tuple(a, X)"), "error: type error: expected an integer, found a");

  EXPECT_EQ(value("tuple_to_list({a, b, c}, X)"), "[a,b,c]");
  EXPECT_EQ(value("tuple_to_list(f(x), X)"), "[x]");
  EXPECT_EQ(value("tuple_to_list({}, X)"), "[]");
  EXPECT_EQ(error_message("tuple_to_list(abc, X)"), "error: type error: expected a tuple, found abc");

  EXPECT_EQ(value("list_to_tuple([a, b], X)"), "{a,b}");
  EXPECT_EQ(value("list_to_tuple([], X)"), "{}");
  EXPECT_EQ(error_message("list_to_tuple([a|b], X)"), "error: type error: expected a list, found [a|b]");
  EXPECT_EQ(error_message("list_to_tuple(f(a), X)"), "error: type error: expected a list, found f(a)");
  // Waits for the whole spine, not for the elements.
  EXPECT_EQ(query("list_to_tuple([a|T], X)").exit_code, kExitDeadlock);
  const auto spine = query("list_to_tuple([a|T], X), T = [Y]");
  EXPECT_EQ(spine.exit_code, kExitSuccess);
  EXPECT_TRUE(binding(spine, "X").starts_with("{a,_G")) << binding(spine, "X");
}

TEST_F(Builtins, Vectors) {
  EXPECT_EQ(value("new_vector(3, z, X)"), "{vector:z,z,z}");
  EXPECT_EQ(value("new_vector(0, z, X)"), "{vector:}");
  EXPECT_EQ(value("new_vector(3, z, V), vector_size(V, X)"), "3");
  EXPECT_EQ(value("new_vector(3, z, V), set_vector_element(V, 1, q, X)"), "{vector:z,q,z}");
  // Functional update: the old vector is unchanged.
  EXPECT_EQ(value("new_vector(2, z, X), set_vector_element(X, 0, q, _)"), "{vector:z,z}");
  EXPECT_EQ(value("new_vector(3, z, V), set_vector_element(V, 2, q, W), vector_element(W, 2, X)"), "q");
  EXPECT_EQ(value("new_vector(2, f(Y), V), vector_element(V, 0, X), Y = 1"), "f(1)");
  // The initial value is passed through untouched (not waited for).
  EXPECT_EQ(query("new_vector(2, Y, V)").exit_code, kExitSuccess);
}

TEST_F(Builtins, VectorErrors) {
  EXPECT_EQ(error_report("new_vector(2, 0, V), vector_element(V, 2, E)"),
            "<goal>:1:22: error: vector_element/3: index 2 out of range\n"
            "  goal: vector_element({vector:0,0}, 2, _G1)\n");
  EXPECT_EQ(error_message("new_vector(2, 0, V), vector_element(V, -1, E)"),
            "error: vector_element/3: index -1 out of range");
  EXPECT_EQ(error_message("new_vector(2, 0, V), set_vector_element(V, 5, x, W)"),
            "error: set_vector_element/4: index 5 out of range");
  EXPECT_EQ(error_message("new_vector(2, 0, V), vector_element(V, a, E)"),
            "error: type error: expected an integer index, found a");
  EXPECT_EQ(error_message("vector_element(f(a), 0, E)"), "error: type error: expected a vector, found f(a)");
  EXPECT_EQ(error_message("set_vector_element([], 0, x, E)"), "error: type error: expected a vector, found []");
  EXPECT_EQ(error_message("vector_size(f(a), N)"), "error: type error: expected a vector, found f(a)");
  EXPECT_EQ(error_message("new_vector(-1, 0, V)"), "error: new_vector/3: size -1 is out of range (0..16777215)");
  EXPECT_EQ(error_message("new_vector(a, 0, V)"), "error: type error: expected an integer, found a");
}

// --- atoms and character lists ---------------------------------------------------------------------

TEST_F(Builtins, AtomsAndCharacterLists) {
  EXPECT_EQ(value("atom_to_list(abc, X)"), "[97,98,99]");
  EXPECT_EQ(value("atom_to_list('', X)"), "[]");
  EXPECT_EQ(value("atom_to_list('\xC3\xA9', X)"), "[233]");  // UTF-8 in, code points out
  EXPECT_EQ(value("list_to_atom([104, 105], X)"), "hi");
  EXPECT_EQ(value("list_to_atom(\"hello world\", X)"), "'hello world'");
  EXPECT_EQ(value("list_to_atom([233], A), atom_to_list(A, X)"), "[233]");
  EXPECT_EQ(value("list_to_atom([], X)"), "''");
  EXPECT_EQ(value("atom_length(hello, X)"), "5");
  EXPECT_EQ(value("atom_length('h\xC3\xA9llo', X)"), "5");  // characters, not bytes
  EXPECT_EQ(value("atom_length([], X)"), "2");
  EXPECT_EQ(value("number_to_list(42, X)"), "[52,50]");
  EXPECT_EQ(value("number_to_list(-7, X)"), "[45,55]");
  EXPECT_EQ(value("number_to_list(2.5, X)"), "[50,46,53]");
  EXPECT_EQ(value("number_to_list(1152921504606846976, L), list_to_number(L, X)"),
            "1152921504606846976");
  EXPECT_EQ(value("list_to_number(\"123\", X)"), "123");
  EXPECT_EQ(value("list_to_number(\"-7\", X)"), "-7");
  EXPECT_EQ(value("list_to_number(\"1.5\", X)"), "1.5");
  EXPECT_EQ(value("list_to_number(\"1.5\", Y), float(Y, X)"), "true");
}

TEST_F(Builtins, AtomAndCharacterListErrors) {
  EXPECT_EQ(error_message("atom_to_list(1, L)"), "error: type error: expected an atom, found 1");
  EXPECT_EQ(error_message("atom_to_list(f(a), L)"), "error: type error: expected an atom, found f(a)");
  EXPECT_EQ(error_message("list_to_atom([a], A)"),
            "error: type error: expected a list of character codes, found [a]");
  EXPECT_EQ(error_message("list_to_atom([-1], A)"),
            "error: type error: expected a list of character codes, found [-1]");
  EXPECT_EQ(error_message("list_to_atom(abc, A)"),
            "error: type error: expected a list of character codes, found abc");
  EXPECT_EQ(error_message("atom_length(f(x), N)"), "error: type error: expected an atom, found f(x)");
  EXPECT_EQ(error_message("number_to_list(a, L)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_report("list_to_number(\"abc\", X)"),
            "<goal>:1:1: error: list_to_number/2: \"abc\" is not a number\n"
            "  goal: list_to_number([97,98,99], _G0)\n");
  EXPECT_EQ(error_message("list_to_number(\"1e5\", X)"), "error: list_to_number/2: \"1e5\" is not a number");
  EXPECT_EQ(error_message("list_to_number(\"\", X)"), "error: list_to_number/2: \"\" is not a number");
  EXPECT_EQ(error_message("list_to_number([x], X)"),
            "error: type error: expected a list of character codes, found [x]");
}

TEST_F(Builtins, ListConversionsWaitForGroundLists) {
  EXPECT_EQ(query("list_to_atom([97|T], A)").exit_code, kExitDeadlock);
  EXPECT_EQ(query("list_to_atom([97, C], A)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("list_to_atom([97, C], X), C = 98"), "ab");
  EXPECT_EQ(value("list_to_number([49|T], X), T = [50]"), "12");
  EXPECT_EQ(query("atom_to_list(A, L)").exit_code, kExitDeadlock);
}

// --- control ---------------------------------------------------------------------------------------

TEST_F(Builtins, True) {
  const auto r = query("true");
  EXPECT_EQ(r.exit_code, kExitSuccess);
  EXPECT_EQ(r.counters.reductions, 1U);
  EXPECT_EQ(value("true, X = 1, true"), "1");
}

TEST_F(Builtins, Call) {
  ASSERT_TRUE(load("p(X) :- X = from_p.\n"));
  EXPECT_EQ(value("call(p(X))"), "from_p");
  EXPECT_EQ(value("G = p(X), call(G)"), "from_p");
  EXPECT_EQ(value("call(add(1, 2, X))"), "3");
  EXPECT_EQ(value("call(true), X = ok"), "ok");
  EXPECT_EQ(value("call(G), G = p(X)"), "from_p");  // waits for the goal
  EXPECT_EQ(query("call(G)").exit_code, kExitDeadlock);
  EXPECT_EQ(error_report("call(1)"),
            "<goal>:1:1: error: type error: expected a callable term, found 1\n  goal: call(1)\n");
  EXPECT_EQ(error_message("call(nosuch(1))"), "error: undefined predicate nosuch/1");
  EXPECT_EQ(error_message("call(p(a, b))"), "error: undefined predicate p/2");
}

TEST_F(Builtins, Halt) {
  EXPECT_EQ(query("halt(0)").exit_code, 0);
  EXPECT_EQ(query("halt(42)").exit_code, 42);
  EXPECT_EQ(query("halt(255)").exit_code, 255);
  // A process status has 8 bits: anything else would exit with another code (256 with 0).
  EXPECT_EQ(error_message("halt(-1)"), "error: halt/1: exit code -1 is out of range (0..255)");
  EXPECT_EQ(error_message("halt(256)"), "error: halt/1: exit code 256 is out of range (0..255)");
  EXPECT_EQ(query("halt(H), H = 9").exit_code, 9);
  EXPECT_EQ(error_message("halt(a)"), "error: type error: expected an integer exit code, found a");
}

TEST_F(Builtins, Error) {
  EXPECT_EQ(error_report("error(boom)"), "<goal>:1:1: error: boom\n  goal: error(boom)\n");
  EXPECT_EQ(error_report("error('multi word')"),
            "<goal>:1:1: error: multi word\n  goal: error('multi word')\n");
  EXPECT_EQ(error_message("error(f(a, \"b\"))"), "error: f(a,[98])");
  // The message must be ground.
  EXPECT_EQ(query("error(f(M))").exit_code, kExitDeadlock);
  EXPECT_EQ(error_message("error(M), M = late"), "error: late");
}

TEST_F(Builtins, Wait) {
  EXPECT_EQ(value("wait(a, X)"), "[]");
  EXPECT_EQ(value("wait(f(Y), X)"), "[]");  // bound at the top is enough
  EXPECT_EQ(value("wait(Y, X), Y = 1"), "[]");
  const auto r = query("wait(Y, X)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  wait(Y, X)  waiting on Y\n");
}

TEST_F(Builtins, Deref) {
  EXPECT_EQ(value("deref(f(a, [b]), X)"), "[]");
  EXPECT_EQ(query("deref(f(Y), X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("deref(f(Y, Z), X), Y = 1, Z = [W], W = 2"), "[]");
  EXPECT_EQ(query("deref(f(Y, Z), X), Y = 1, Z = [W]").exit_code, kExitDeadlock);
}

// --- input/output ----------------------------------------------------------------------------------

TEST_F(Builtins, WriteAndWriteln) {
  EXPECT_EQ(query("write(a)").exit_code, kExitSuccess);
  EXPECT_EQ(out.str(), "a");
  query("writeln(f(x, [1, 2 | T])), T = []");
  EXPECT_EQ(out.str(), "f(x,[1,2])\n");
  query("nl");
  EXPECT_EQ(out.str(), "\n");
}

TEST_F(Builtins, OutputText) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"writeln(a + b * c)", "a+b*c\n"},
      {"writeln((a + b) * c)", "(a+b)*c\n"},
      {"writeln(a - (b - c))", "a-(b-c)\n"},
      {"writeln((a - b) - c)", "a-b-c\n"},
      {"writeln(-(1))", "-(1)\n"},
      {"writeln(-(a))", "-a\n"},
      {"writeln(- (- a))", "- -a\n"},
      {"writeln(1 - (-1))", "1- -1\n"},
      {"writeln(f(-1))", "f(-1)\n"},
      {"writeln(a = b)", "a=b\n"},
      {"writeln(x mod y)", "x mod y\n"},
      {"writeln((a :- b, c))", "a :- b,c\n"},
      {"writeln('hello world')", "'hello world'\n"},
      {"writeln('A')", "'A'\n"},
      {"writeln([])", "[]\n"},
      {"writeln('[]')", "[]\n"},
      {"writeln({})", "{}\n"},
      {"writeln({a, b})", "{a,b}\n"},
      {"writeln(\"abc\")", "[97,98,99]\n"},
      {"writeln(f(x, 'Y', \"\"))", "f(x,'Y',[])\n"},
      {"writeln([a | b])", "[a|b]\n"},
      {"writeln('it''s')", "'it\\'s'\n"},
      {"writeln(1.0)", "1.0\n"},
      {"writeln(-2.5)", "-2.5\n"},
      {"writeln(1.5e20)", "1.5e+20\n"},
      {"writeln(1152921504606846976)", "1152921504606846976\n"},
      {"new_vector(2, x, V), writeln(V)", "{vector:x,x}\n"},
  };
  for (const auto& [q, expected] : cases) {
    const auto r = query(q);
    EXPECT_EQ(r.exit_code, kExitSuccess) << q << "\n" << r.report;
    EXPECT_EQ(out.str(), expected) << q;
  }
}

TEST_F(Builtins, OutputWaitsForAGroundTerm) {
  const auto r = query("write(f(X))");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  write(f(X))  waiting on X\n");
  EXPECT_EQ(out.str(), "");
  query("writeln([X, Y]), X = 1, Y = 2");
  EXPECT_EQ(out.str(), "[1,2]\n");
}

TEST_F(Builtins, PutChar) {
  query("put_char(104), put_char(0'i), nl");
  // Inline builtins of one body run in textual order.
  EXPECT_EQ(out.str(), "hi\n");
  query("put_char(233)");
  EXPECT_EQ(out.str(), "\xC3\xA9");
  EXPECT_EQ(error_message("put_char(a)"), "error: type error: expected a character code, found a");
  EXPECT_EQ(error_message("put_char(-1)"), "error: put_char/1: bad code -1");
  EXPECT_EQ(error_message("put_char(1114112)"), "error: put_char/1: bad code 1114112");
  EXPECT_EQ(error_message("put_char(1.0)"), "error: type error: expected a character code, found 1.0");
  EXPECT_EQ(query("put_char(C)").exit_code, kExitDeadlock);
}

TEST_F(Builtins, DoneVariantsSequenceOutput) {
  ASSERT_TRUE(load(R"(
print_all([], Done) :- Done = [].
print_all([X|Xs], Done) :- write(X, D1), next(D1, Xs, Done).
next([], Xs, Done) :- print_all(Xs, Done).
lines(N, Done) :- less(N, 1, C), lines1(C, N, Done).
lines1(true, _, Done) :- Done = [].
lines1(false, N, Done) :- writeln(N, D), lines2(D, N, Done).
lines2([], N, Done) :- sub(N, 1, N1), lines(N1, Done).
after([], Text) :- writeln(Text).
)"));
  auto r = query("print_all([a, b, c], D), after(D, end)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(out.str(), "abcend\n");
  EXPECT_EQ(binding(r, "D"), "[]");

  r = query("lines(5, D), after(D, done)");
  EXPECT_EQ(out.str(), "5\n4\n3\n2\n1\ndone\n");

  // The second line waits for the first one's Done.
  r = query("after(D, second), writeln(first, D)");
  EXPECT_EQ(out.str(), "first\nsecond\n");
  EXPECT_EQ(value("write(x, X)"), "[]");
  EXPECT_EQ(value("nl(X)"), "[]");
  EXPECT_EQ(query("writeln(f(Y), D)").exit_code, kExitDeadlock);
}

// --- machine ---------------------------------------------------------------------------------------

TEST_F(Builtins, Machine) {
  EXPECT_EQ(value("current_node(X)"), "0");
  EXPECT_EQ(value("num_nodes(X)"), "1");
  EXPECT_EQ(value("reductions(X)"), "1");  // the query itself
  ASSERT_TRUE(load("count(0, R) :- reductions(R).\ncount(N, R) :- greater(N, 0, C), count1(C, N, R).\n"
                   "count1(true, N, R) :- sub(N, 1, M), count(M, R).\n"));
  EXPECT_EQ(value("count(10, X)"), "22");  // the query, 11 count/2 and 10 count1/3
}

// --- coverage of the table -------------------------------------------------------------------------

TEST(BuiltinTable, EveryBuiltinIsCoveredByThisFile) {
  // The tests above (and those of the files named below) name each builtin; this guards
  // against a builtin added to builtins.def without a test.
  const std::set<std::string> tested = {
      "=/2", "equal/3", "less/3", "less_eq/3", "greater/3", "greater_eq/3", "num_equal/3",
      "compare/3", "add/3", "sub/3", "mul/3", "div/3", "mod/3", "neg/2", "abs/2", "min/3",
      "max/3", "and/3", "or/3", "xor/3", "not/2", "shl/3", "shr/3", "sqrt/2", "to_float/2",
      "to_int/2", "compute/4", "integer/2", "float/2", "number/2", "atom/2", "list/2",
      "tuple/2", "vector/2", "is_unbound/2", "functor/3", "arg/3", "make_tuple/2",
      "tuple_to_list/2", "list_to_tuple/2", "new_vector/3", "vector_element/3",
      "set_vector_element/4", "vector_size/2", "atom_to_list/2", "list_to_atom/2",
      "number_to_list/2", "list_to_number/2", "atom_length/2", "true/0", "call/1", "halt/1",
      "error/1", "wait/2", "deref/2", "write/1", "writeln/1", "nl/0", "put_char/1", "write/2",
      "writeln/2", "nl/1", "current_node/1", "num_nodes/1", "reductions/1",
      // tests/kernel/random_test.cpp
      "random/1", "random_int/2", "random_normal/3", "now/1",
      // tests/kernel_sim/time_builtins_test.cpp
      "work/1", "work/2", "timer/2",
      // expressions_test.cpp
      "is/2", "=:=/3", "=\\=/3", "</3", ">/3", "=</3", ">=/3",
      // builtins_terms_test.cpp, builtins_text_test.cpp
      "=../2", "copy_term/2", "call/2", "call/3", "call/4", "call/5", "call/6", "call/7",
      "call/8", "atom_concat/3", "atom_number/2", "number_codes/2", "atom_codes/2",
      "string_to_atom/2", "split_string/4",
      // files, format, arguments: tests/kernel/io_builtins_test.cpp
      "read_lines/2", "read_csv/2", "read_file_terms/2", "$read_chunk/2", "write_file/2",
      "append_file/2", "format/2", "format/3", "term_to_atom/2", "argv/1",
      // node(N) placement: tests/golden/sim/node_placement.cmd, tests/golden/run/node_*
      "$on_node/2",
      // profile-guided placement, the look-up form: tests/app/profile_command_test.cpp
      "$placement_of/3"};
  std::set<std::string> table;
  for (const auto& info : vm::kBuiltins) table.insert(std::string(info.name) + "/" + std::to_string(info.arity));
  EXPECT_EQ(table, tested);
}

TEST(BuiltinTable, ModesMatchArities) {
  for (const auto& info : vm::kBuiltins) {
    EXPECT_EQ(info.modes.size(), info.arity) << info.name;
    EXPECT_EQ(vm::find_builtin(info.name, info.arity).has_value(), true) << info.name;
    if (info.kind == vm::BuiltinKind::Function) {
      EXPECT_EQ(info.modes.back(), '^') << info.name;
    }
  }
  EXPECT_FALSE(vm::find_builtin("add", 2).has_value());
}

}  // namespace
}  // namespace fleng::kernel
