// is/2 and the expression comparisons =:=/3, =\=/3, </3, >/3, =</3, >=/3 (vm/builtins/
// expressions.cpp, evaluate.cpp) through Session queries: the values of every operator,
// function and constant, waiting until the expression is ground, and every error.
#include <gtest/gtest.h>

#include <string>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using Expressions = test::SessionTest;

TEST_F(Expressions, IntegerOperators) {
  EXPECT_EQ(value("X is 1 + 2 * 3"), "7");
  EXPECT_EQ(value("X is (1 + 2) * 3"), "9");
  EXPECT_EQ(value("X is 10 - 4 - 3"), "3");
  EXPECT_EQ(value("X is 7 // 2"), "3");
  EXPECT_EQ(value("X is -7 // 2"), "-3");  // truncates toward zero
  EXPECT_EQ(value("X is 7 // -2"), "-3");
  EXPECT_EQ(value("X is 7 mod 2"), "1");
  EXPECT_EQ(value("X is -7 mod 2"), "1");  // the sign of the divisor
  EXPECT_EQ(value("X is 7 mod -2"), "-1");
  EXPECT_EQ(value("X is -7 rem 2"), "-1");  // the sign of the dividend
  EXPECT_EQ(value("X is 7 rem -2"), "1");
  EXPECT_EQ(value("X is -9223372036854775808 mod -1"), "0");
  EXPECT_EQ(value("X is -9223372036854775808 rem -1"), "0");
  EXPECT_EQ(value("X is -(3)"), "-3");
  EXPECT_EQ(value("X is -(-(3))"), "3");
  EXPECT_EQ(value("X is +(3)"), "3");
  EXPECT_EQ(value("X is abs(-3)"), "3");
  EXPECT_EQ(value("X is sign(-3)"), "-1");
  EXPECT_EQ(value("X is sign(0)"), "0");
  EXPECT_EQ(value("X is min(2, 1)"), "1");
  EXPECT_EQ(value("X is max(2, 1)"), "2");
  EXPECT_EQ(value("X is 9223372036854775806 + 1"), "9223372036854775807");
  EXPECT_EQ(value("X is 1152921504606846975 + 1"), "1152921504606846976");  // past 61 bits
}

TEST_F(Expressions, Division) {
  EXPECT_EQ(value("X is 6 / 3"), "2");    // exact: an integer
  EXPECT_EQ(value("X is -6 / 3"), "-2");
  EXPECT_EQ(value("X is 7 / 2"), "3.5");  // otherwise a float
  EXPECT_EQ(value("X is -6 / 4"), "-1.5");
  EXPECT_EQ(value("X is 6.0 / 3"), "2.0");
  EXPECT_EQ(value("X is 1 / 4.0"), "0.25");
}

TEST_F(Expressions, Powers) {
  EXPECT_EQ(value("X is 2 ^ 10"), "1024");
  EXPECT_EQ(value("X is 2 ^ 62"), "4611686018427387904");
  EXPECT_EQ(value("X is -2 ^ 63"), "-9223372036854775808");
  EXPECT_EQ(value("X is 0 ^ 0"), "1");
  EXPECT_EQ(value("X is 1 ^ -5"), "1");
  EXPECT_EQ(value("X is -1 ^ -3"), "-1");
  EXPECT_EQ(value("X is -1 ^ -4"), "1");
  EXPECT_EQ(value("X is 2 ^ 0.5"), "1.4142135623730951");
  EXPECT_EQ(value("X is 2.0 ^ 3"), "8.0");
  EXPECT_EQ(value("X is 2 ** 3"), "8");  // both integers: an integer
  EXPECT_EQ(value("X is 2 ** -1"), "0.5");
  EXPECT_EQ(value("X is -1 ** -1"), "-1");
  EXPECT_EQ(value("X is 2 ** 3.0"), "8.0");
  EXPECT_EQ(value("X is 4 ** 0.5"), "2.0");
  EXPECT_EQ(value("X is 2 ^ 3 ^ 2"), "512");  // ^ is right-associative
}

TEST_F(Expressions, Bitwise) {
  EXPECT_EQ(value("X is 1 << 3"), "8");
  EXPECT_EQ(value("X is -1 << 63"), "-9223372036854775808");
  EXPECT_EQ(value("X is 0 << 100"), "0");
  EXPECT_EQ(value("X is -16 >> 2"), "-4");
  EXPECT_EQ(value("X is 5 >> 64"), "0");
  EXPECT_EQ(value("X is -5 >> 64"), "-1");
  EXPECT_EQ(value("X is 5 /\\ 3"), "1");
  EXPECT_EQ(value("X is 5 \\/ 3"), "7");
  EXPECT_EQ(value("X is 5 xor 3"), "6");
  EXPECT_EQ(value("X is \\ 5"), "-6");
}

TEST_F(Expressions, FloatsAndFunctions) {
  EXPECT_EQ(value("X is 1.5 + 1"), "2.5");
  EXPECT_EQ(value("X is 2 * 1.5"), "3.0");
  EXPECT_EQ(value("X is 1 - 0.5"), "0.5");
  EXPECT_EQ(value("X is -(2.5)"), "-2.5");
  EXPECT_EQ(value("X is abs(-2.5)"), "2.5");
  EXPECT_EQ(value("X is sign(-2.5)"), "-1.0");
  EXPECT_EQ(value("X is sign(0.0)"), "0.0");
  EXPECT_EQ(value("X is min(1, 2.0)"), "1");
  EXPECT_EQ(value("X is max(1, 2.0)"), "2.0");
  EXPECT_EQ(value("X is max(1, nan)"), "nan");
  EXPECT_EQ(value("X is sqrt(16)"), "4.0");
  EXPECT_EQ(value("X is exp(0)"), "1.0");
  EXPECT_EQ(value("X is log(1)"), "0.0");
  EXPECT_EQ(value("X is log(e)"), "1.0");
  EXPECT_EQ(value("X is log2(8)"), "3.0");
  EXPECT_EQ(value("X is sin(0)"), "0.0");
  EXPECT_EQ(value("X is cos(0)"), "1.0");
  EXPECT_EQ(value("X is tan(0)"), "0.0");
  EXPECT_EQ(value("X is asin(1)"), "1.5707963267948966");
  EXPECT_EQ(value("X is acos(1)"), "0.0");
  EXPECT_EQ(value("X is atan(1)"), "0.7853981633974483");
  EXPECT_EQ(value("X is atan2(1, 1)"), "0.7853981633974483");
  EXPECT_EQ(value("X is atan(1, -1)"), "2.356194490192345");
  EXPECT_EQ(value("X is sinh(0)"), "0.0");
  EXPECT_EQ(value("X is cosh(0)"), "1.0");
  EXPECT_EQ(value("X is tanh(0)"), "0.0");
  EXPECT_EQ(value("X is pi"), "3.141592653589793");
  EXPECT_EQ(value("X is e"), "2.718281828459045");
  EXPECT_EQ(value("X is inf"), "inf");
  EXPECT_EQ(value("X is -inf"), "-inf");
  EXPECT_EQ(value("X is nan"), "nan");
  EXPECT_EQ(value("X is inf + 1"), "inf");  // inf and nan propagate
  EXPECT_EQ(value("X is nan * 0"), "nan");
  EXPECT_EQ(value("X is exp(inf)"), "inf");
}

TEST_F(Expressions, Conversions) {
  EXPECT_EQ(value("X is floor(-2.5)"), "-3");
  EXPECT_EQ(value("X is ceiling(2.1)"), "3");
  EXPECT_EQ(value("X is round(2.5)"), "3");  // half away from zero
  EXPECT_EQ(value("X is round(-2.5)"), "-3");
  EXPECT_EQ(value("X is truncate(-2.7)"), "-2");
  EXPECT_EQ(value("X is integer(2.5)"), "3");
  EXPECT_EQ(value("X is integer(7)"), "7");
  EXPECT_EQ(value("X is floor(7)"), "7");
  EXPECT_EQ(value("X is floor(1.0e18)"), "1000000000000000000");
  EXPECT_EQ(value("X is float(2)"), "2.0");
  EXPECT_EQ(value("X is float_integer_part(-2.5)"), "-2.0");
  EXPECT_EQ(value("X is float_fractional_part(2.75)"), "0.75");
  EXPECT_EQ(value("X is float_fractional_part(3)"), "0.0");
}

TEST_F(Expressions, NumbersEvaluateToThemselves) {
  EXPECT_EQ(value("X is 3"), "3");
  EXPECT_EQ(value("X is -2.5"), "-2.5");
  EXPECT_EQ(value("X is 9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(value("3 is 1 + 2, X = ok"), "ok");  // the output may be bound already
}

TEST_F(Expressions, WaitsUntilTheExpressionIsGround) {
  EXPECT_EQ(value("X is A + B * 2, A = 1, B = 3"), "7");
  EXPECT_EQ(value("X is max(A, 1.5), A = 2"), "2");
  const auto r = query("X is A + 1");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  is(X, A+1)  waiting on A\n");
  // Ground means ground: the type error of f/1 waits for A too.
  const auto s = query("X is f(A) + 1");
  EXPECT_EQ(s.exit_code, kExitDeadlock);
  EXPECT_EQ(value("'<'(A + 1, B, X), B = 3, A = 1"), "true");
  EXPECT_EQ(query("'=:='(1, B, X)").exit_code, kExitDeadlock);
}

TEST_F(Expressions, Comparisons) {
  EXPECT_EQ(value("'<'(1 + 1, 3, X)"), "true");
  EXPECT_EQ(value("'<'(3, 1 + 1, X)"), "false");
  EXPECT_EQ(value("'<'(2, 2, X)"), "false");
  EXPECT_EQ(value("'>'(2 * 3, 5, X)"), "true");
  EXPECT_EQ(value("'>'(2, 2, X)"), "false");
  EXPECT_EQ(value("'=<'(2, 2.0, X)"), "true");
  EXPECT_EQ(value("'=<'(3, 2, X)"), "false");
  EXPECT_EQ(value("'>='(2.0, 2, X)"), "true");
  EXPECT_EQ(value("'>='(1, 2, X)"), "false");
  EXPECT_EQ(value("'=:='(1, 1.0, X)"), "true");
  EXPECT_EQ(value("'=:='(6 / 4, 1.5, X)"), "true");
  EXPECT_EQ(value("'=:='(1, 2, X)"), "false");
  EXPECT_EQ(value("'=\\\\='(1, 1.0, X)"), "false");
  EXPECT_EQ(value("'=\\\\='(1, 2, X)"), "true");
  // Mixed integers and floats compare by value, the integer never rounded to a double:
  // 2^53 + 1 is greater than the float 2^53.
  EXPECT_EQ(value("'>'(9007199254740993, 9007199254740992.0, X)"), "true");
  EXPECT_EQ(value("'=:='(9007199254740993, 9007199254740992.0, X)"), "false");
  EXPECT_EQ(value("'<'(9223372036854775807, 9223372036854775808.0, X)"), "true");
  EXPECT_EQ(value("'>'(-9223372036854775808, -1.0e19, X)"), "true");
  EXPECT_EQ(value("'<'(-3, -2.5, X)"), "true");
  EXPECT_EQ(value("'<'(2, inf, X)"), "true");
  // NaN is unordered: every comparison is false but =\=.
  EXPECT_EQ(value("'=:='(nan, nan, X)"), "false");
  EXPECT_EQ(value("'=\\\\='(nan, nan, X)"), "true");
  EXPECT_EQ(value("'<'(1, nan, X)"), "false");
  EXPECT_EQ(value("'>='(nan, 1, X)"), "false");
}

TEST_F(Expressions, TypeErrorsNameTheSubTerm) {
  EXPECT_EQ(error_message("X is foo + 1"),
            "error: type error: expected an arithmetic expression, found foo");
  EXPECT_EQ(error_message("X is exp(a)"),
            "error: type error: expected an arithmetic expression, found a");
  EXPECT_EQ(error_message("X is [1]"),
            "error: type error: expected an arithmetic expression, found [1]");
  EXPECT_EQ(error_message("X is \"a\" + 1"),
            "error: type error: expected an arithmetic expression, found [97]");
  EXPECT_EQ(error_message("X is 1 + foo(2)"),
            "error: type error: expected an arithmetic expression, found foo(2) (foo/1 is not "
            "an arithmetic function)");
  EXPECT_EQ(error_message("X is 1 + 2 + 3 + atan(1, 2, 3)"),
            "error: type error: expected an arithmetic expression, found atan(1,2,3) (atan/3 "
            "is not an arithmetic function)");
  EXPECT_EQ(error_message("X is 5.0 mod 2"),
            "error: type error: expected an integer, found 5.0 in 5.0 mod 2");
  EXPECT_EQ(error_message("X is (1 / 2) >> 1"),
            "error: type error: expected an integer, found 0.5 (the value of 1/2) in 1/2>>1");
  EXPECT_EQ(error_message("X is 2.5 // 1"), "error: type error: expected an integer, found 2.5 in 2.5//1");
  EXPECT_EQ(error_message("X is \\ 1.0"), "error: type error: expected an integer, found 1.0 in \\(1.0)");
  EXPECT_EQ(error_message("'<'(a, 1, X)"),
            "error: type error: expected an arithmetic expression, found a");
  EXPECT_EQ(error_message("'=:='(1, f(x), X)"),
            "error: type error: expected an arithmetic expression, found f(x) (f/1 is not an "
            "arithmetic function)");
  // The report names the goal and where it is.
  EXPECT_EQ(error_report("X is foo + 1"),
            "<goal>:1:1: error: type error: expected an arithmetic expression, found foo\n"
            "  goal: is(X, foo+1)\n");
}

TEST_F(Expressions, IntegerErrors) {
  EXPECT_EQ(error_message("X is 9223372036854775807 + 1"),
            "error: integer overflow in 9223372036854775807+1");
  EXPECT_EQ(error_message("X is -9223372036854775808 - 1"),
            "error: integer overflow in -9223372036854775808-1");
  EXPECT_EQ(error_message("X is 4294967296 * 4294967296"),
            "error: integer overflow in 4294967296*4294967296");
  EXPECT_EQ(error_message("X is -(-9223372036854775808)"),
            "error: integer overflow in -(-9223372036854775808)");
  EXPECT_EQ(error_message("X is abs(-9223372036854775808)"),
            "error: integer overflow in abs(-9223372036854775808)");
  EXPECT_EQ(error_message("X is -9223372036854775808 // -1"),
            "error: integer overflow in -9223372036854775808// -1");
  EXPECT_EQ(error_message("X is -9223372036854775808 / -1"),
            "error: integer overflow in -9223372036854775808/ -1");
  EXPECT_EQ(error_message("X is 2 ^ 63"), "error: integer overflow in 2^63");
  EXPECT_EQ(error_message("X is 3 ** 40"), "error: integer overflow in 3**40");
  EXPECT_EQ(error_message("X is 1 << 63"), "error: integer overflow in 1<<63");
  EXPECT_EQ(error_message("X is 3 << 62"), "error: integer overflow in 3<<62");
  EXPECT_EQ(error_message("X is 1 << 64"), "error: integer overflow in 1<<64");
  EXPECT_EQ(error_message("X is 1 >> -1"),
            "error: domain error in 1>> -1: the shift count must be >= 0, found -1");
  EXPECT_EQ(error_message("X is 2 ^ -1"),
            "error: domain error in 2^ -1: a negative integer exponent needs a base of 1 or -1 "
            "(for a fraction use ** or a float)");
  EXPECT_EQ(error_message("X is floor(1.0e19)"),
            "error: integer overflow in floor(1.0e+19): 1.0e+19 does not fit in 64 bits");
  EXPECT_EQ(error_message("X is round(inf)"), "error: domain error in round(inf): inf has no integer value");
  EXPECT_EQ(error_message("X is truncate(nan)"),
            "error: domain error in truncate(nan): nan has no integer value");
}

TEST_F(Expressions, DivisionByZero) {
  EXPECT_EQ(error_message("X is 1 / 0"), "error: division by zero in 1/0");
  EXPECT_EQ(error_message("X is 1 / 0.0"), "error: division by zero in 1/0.0");
  EXPECT_EQ(error_message("X is 0.0 / 0"), "error: division by zero in 0.0/0");
  EXPECT_EQ(error_message("X is 1 // 0"), "error: division by zero in 1//0");
  EXPECT_EQ(error_message("X is 1 mod 0"), "error: division by zero in 1 mod 0");
  EXPECT_EQ(error_message("X is 1 rem 0"), "error: division by zero in 1 rem 0");
  EXPECT_EQ(error_message("X is 0 ^ -1"), "error: division by zero in 0^ -1");
  EXPECT_EQ(error_message("X is 0.0 ** -1"), "error: division by zero in 0.0** -1");
  EXPECT_EQ(error_message("'<'(1 / 0, 1, X)"), "error: division by zero in 1/0");
}

TEST_F(Expressions, FloatDomainErrorsAreNotNan) {
  EXPECT_EQ(error_message("X is log(0)"),
            "error: domain error in log(0): the logarithm needs a number > 0, found 0");
  EXPECT_EQ(error_message("X is log(-1.5)"),
            "error: domain error in log(-1.5): the logarithm needs a number > 0, found -1.5");
  EXPECT_EQ(error_message("X is log2(0.0)"),
            "error: domain error in log2(0.0): the logarithm needs a number > 0, found 0.0");
  EXPECT_EQ(error_message("X is sqrt(-1)"),
            "error: domain error in sqrt(-1): the square root needs a number >= 0, found -1");
  EXPECT_EQ(error_message("X is asin(2)"),
            "error: domain error in asin(2): needs a number in -1..1, found 2");
  EXPECT_EQ(error_message("X is acos(-1.5)"),
            "error: domain error in acos(-1.5): needs a number in -1..1, found -1.5");
  EXPECT_EQ(error_message("X is exp(1000)"), "error: float overflow in exp(1000)");
  EXPECT_EQ(error_message("X is 1.0e308 * 10"), "error: float overflow in 1.0e+308*10");
  EXPECT_EQ(error_message("X is cosh(1000)"), "error: float overflow in cosh(1000)");
  EXPECT_EQ(error_message("X is 10.0 ** 400"), "error: float overflow in 10.0**400");
  EXPECT_EQ(error_message("X is inf - inf"), "error: undefined result (not a number) in inf-inf");
  EXPECT_EQ(error_message("X is sin(inf)"), "error: undefined result (not a number) in sin(inf)");
  EXPECT_EQ(error_message("X is -8.0 ** (1 / 3)"),
            "error: undefined result (not a number) in -8.0**(1/3)");
}

TEST_F(Expressions, OutputAlreadyBound) {
  EXPECT_EQ(error_message("X = 3, X is 1 + 1"),
            "error: output unification failed: the value 2 does not unify with 3");
  EXPECT_EQ(error_message("X is 1 + 1, X = 3"), "error: unification failed");
}

TEST_F(Expressions, LongCyclicAndSharedExpressions) {
  ASSERT_TRUE(load(
      // sum(N, E): E = ((0+1)+1)+... with N additions.
      "sum(N, E) :- sum(N, 0, E).\n"
      "sum(0, E0, E) :- E = E0.\n"
      "sum(N, E0, E) :- greater(N, 0, C), sum1(C, N, E0, E).\n"
      "sum1(true, N, E0, E) :- sub(N, 1, N1), sum(N1, E0 + 1, E).\n"
      // shared(N, E): E = min(E1, E1) with E1 = min(E2, E2), ...: a DAG of N nodes whose tree
      // has 2^N leaves.
      "shared(0, E) :- E = 1.\n"
      "shared(N, E) :- greater(N, 0, C), shared1(C, N, E).\n"
      "shared1(true, N, E) :- sub(N, 1, N1), shared(N1, E1), E = min(E1, E1).\n"));
  EXPECT_EQ(value("sum(200000, E), X is E"), "200000");  // no recursion: no stack to overflow
  EXPECT_EQ(value("sum(200000, E), '=:='(E, 200000, X)"), "true");
  EXPECT_EQ(value("shared(100, E), X is E"), "1");  // the evaluated sub-terms are remembered
  EXPECT_EQ(error_message("E = E + 1, X is E"),
            "error: type error: expected an arithmetic expression, found a cyclic term (a term "
            "that contains itself): @(_S1,[_S1=_S1+1])");
}

}  // namespace
}  // namespace fleng::kernel
