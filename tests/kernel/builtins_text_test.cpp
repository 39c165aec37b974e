// The text conversion builtins through Session queries (docs/builtins.md, atoms): atom_concat/3,
// atom_number/2, number_codes/2, atom_codes/2 and string_to_atom/2 both ways, split_string/4;
// suspension on incomplete code lists, located errors.
#include <gtest/gtest.h>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using TextBuiltins = test::SessionTest;

TEST_F(TextBuiltins, AtomConcat) {
  EXPECT_EQ(value("atom_concat(ab, cd, X)"), "abcd");
  EXPECT_EQ(value("atom_concat(x, 12, X)"), "x12");
  EXPECT_EQ(value("atom_concat(1, 2.5, X)"), "'12.5'");
  EXPECT_EQ(value("atom_concat('', '', X)"), "''");
  EXPECT_EQ(value("atom_concat('h\xC3\xA9', llo, A), atom_length(A, X)"), "5");
  EXPECT_EQ(value("atom_concat(A, b, X), A = a"), "ab");
  EXPECT_EQ(query("atom_concat(A, b, X)").exit_code, kExitDeadlock);
  EXPECT_EQ(error_report("atom_concat(f(x), b, X)"),
            "<goal>:1:1: error: type error: expected an atom or a number, found f(x)\n"
            "  goal: atom_concat(f(x), b, _G0)\n");
  EXPECT_EQ(error_message("atom_concat(a, \"b\", X)"),
            "error: type error: expected an atom or a number, found [98]");
}

TEST_F(TextBuiltins, AtomNumber) {
  EXPECT_EQ(value("atom_number('12', X)"), "12");
  EXPECT_EQ(value("atom_number('-7', X)"), "-7");
  EXPECT_EQ(value("atom_number('2.5', X)"), "2.5");
  EXPECT_EQ(value("atom_number('-2.5e3', X)"), "-2500.0");
  EXPECT_EQ(value("atom_number('1152921504606846976', X)"), "1152921504606846976");
  // Not a number: the atom not_a_number, for a program to dispatch on.
  EXPECT_EQ(value("atom_number(abc, X)"), "not_a_number");
  EXPECT_EQ(value("atom_number('', X)"), "not_a_number");
  EXPECT_EQ(value("atom_number('1e5', X)"), "not_a_number");
  EXPECT_EQ(value("atom_number('12 ', X)"), "not_a_number");
  EXPECT_EQ(value("atom_number([], X)"), "not_a_number");
  EXPECT_EQ(error_message("atom_number('99999999999999999999', X)"),
            "error: integer overflow in atom_number/2: \"99999999999999999999\" is outside "
            "-2^63..2^63-1");
  EXPECT_EQ(error_message("atom_number(12, X)"), "error: type error: expected an atom, found 12");
  EXPECT_EQ(query("atom_number(A, X)").exit_code, kExitDeadlock);
}

TEST_F(TextBuiltins, NumberCodesBothWays) {
  EXPECT_EQ(value("number_codes(42, X)"), "[52,50]");
  EXPECT_EQ(value("number_codes(-2.5, X)"), "[45,50,46,53]");
  EXPECT_EQ(value("number_codes(X, \"42\")"), "42");
  EXPECT_EQ(value("number_codes(X, \"-0.5\")"), "-0.5");
  EXPECT_EQ(value("number_codes(12, \"12\"), X = ok"), "ok");
  // Waits for a complete list, then converts.
  EXPECT_EQ(query("number_codes(X, L)").exit_code, kExitDeadlock);
  EXPECT_EQ(query("number_codes(X, [0'1|T])").exit_code, kExitDeadlock);
  EXPECT_EQ(query("number_codes(X, [0'1, C])").exit_code, kExitDeadlock);
  EXPECT_EQ(value("number_codes(X, [0'1|T]), T = [C], C = 0'7"), "17");
  EXPECT_EQ(value("number_codes(N, L), N = 5, X = L"), "[53]");
}

TEST_F(TextBuiltins, NumberCodesErrors) {
  EXPECT_EQ(error_report("number_codes(X, \"abc\")"),
            "<goal>:1:1: error: number_codes/2: \"abc\" is not a number\n"
            "  goal: number_codes(X, [97,98,99])\n");
  EXPECT_EQ(error_message("number_codes(X, [])"), "error: number_codes/2: \"\" is not a number");
  EXPECT_EQ(error_message("number_codes(X, [a])"),
            "error: type error: expected a list of character codes, found [a]");
  EXPECT_EQ(error_message("number_codes(X, foo)"),
            "error: type error: expected a list of character codes, found foo");
  EXPECT_EQ(error_message("number_codes(X, \"99999999999999999999\")"),
            "error: integer overflow in number_codes/2: \"99999999999999999999\" is outside "
            "-2^63..2^63-1");
  EXPECT_EQ(error_message("number_codes(abc, X)"), "error: type error: expected a number, found abc");
  EXPECT_EQ(error_message("number_codes(12, \"13\")"), "error: output unification failed");
  EXPECT_EQ(error_message("L = [0'1|L], number_codes(X, L)"),
            "error: type error: expected a list of character codes, found @(_S1,[_S1=[49|_S1]])");
}

TEST_F(TextBuiltins, AtomCodesBothWays) {
  EXPECT_EQ(value("atom_codes(hello, X)"), "[104,101,108,108,111]");
  EXPECT_EQ(value("atom_codes('h\xC3\xA9', X)"), "[104,233]");
  EXPECT_EQ(value("atom_codes(12, X)"), "[49,50]");
  EXPECT_EQ(value("atom_codes([], X)"), "[91,93]");
  EXPECT_EQ(value("atom_codes(X, \"hi there\")"), "'hi there'");
  EXPECT_EQ(value("atom_codes(X, [])"), "''");
  EXPECT_EQ(value("atom_codes(X, \"12\"), atom(X, Y)"), "'12'");
  EXPECT_EQ(value("atom_codes(X, [104, 233]), atom_length(X, Y)"), "'h\xC3\xA9'");
  EXPECT_EQ(query("atom_codes(X, [0'a|T])").exit_code, kExitDeadlock);
  EXPECT_EQ(value("atom_codes(X, [0'a|T]), T = [0'b]"), "ab");
  EXPECT_EQ(value("atom_codes(A, L), A = xy, X = L"), "[120,121]");
  EXPECT_EQ(error_message("atom_codes(f(x), L)"), "error: type error: expected an atom or a number, found f(x)");
  EXPECT_EQ(error_message("atom_codes(X, [-1])"),
            "error: type error: expected a list of character codes, found [-1]");
  EXPECT_EQ(error_message("atom_codes(ab, \"ac\")"), "error: output unification failed");
}

TEST_F(TextBuiltins, StringToAtomBothWays) {
  EXPECT_EQ(value("string_to_atom(\"abc\", X)"), "abc");
  EXPECT_EQ(value("string_to_atom(X, abc)"), "[97,98,99]");
  EXPECT_EQ(value("string_to_atom(X, 42)"), "[52,50]");
  EXPECT_EQ(value("string_to_atom([], X)"), "''");
  EXPECT_EQ(value("string_to_atom(\"ab\", ab), X = ok"), "ok");
  auto r = query("string_to_atom(S, A)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  string_to_atom(S, A)  waiting on S, A\n");
  EXPECT_EQ(value("string_to_atom(S, X), S = [0'o, 0'k]"), "ok");
  EXPECT_EQ(value("string_to_atom(X, A), A = ok"), "[111,107]");
  EXPECT_EQ(error_message("string_to_atom(S, f(a))"),
            "error: type error: expected an atom or a number, found f(a)");
  EXPECT_EQ(error_message("string_to_atom([x], A)"),
            "error: type error: expected a list of character codes, found [x]");
}

TEST_F(TextBuiltins, SplitString) {
  EXPECT_EQ(value("split_string(\"a.b.c.d\", \".\", \"\", X)"), "[[97],[98],[99],[100]]");
  EXPECT_EQ(value("split_string(\"/home//jan///nice/path\", \"/\", \"\", L), length(L, X)"), "8");
  EXPECT_EQ(value("split_string(\"/home//jan\", \"/\", \"\", X)"),
            "[[],[104,111,109,101],[],[106,97,110]]");
  // Separators and white space removed.
  EXPECT_EQ(value("split_string(\"a, b ,c\", \",\", \" \", X)"), "[[97],[98],[99]]");
  // Only padding: the whole text stripped.
  EXPECT_EQ(value("split_string(\"  a word \", \"\", \" \", X)"), "[[97,32,119,111,114,100]]");
  // Separators that are also padding act as one.
  EXPECT_EQ(value("split_string(\"//a//b//\", \"/\", \"/\", X)"), "[[97],[98]]");
  EXPECT_EQ(value("split_string(\"/home//jan///nice/path\", \"/\", \"/\", L), "
                  "maplist(string_to_atom, L, X)"),
            "[home,jan,nice,path]");
  EXPECT_EQ(value("split_string(\"\", \"\", \"\", X)"), "[[]]");
  EXPECT_EQ(value("split_string(\"  \", \" \", \" \", X)"), "[[]]");
  EXPECT_EQ(value("split_string(\"a,\", \",\", \"\", X)"), "[[97],[]]");
  // Atoms are accepted for every text argument; [] is the empty text.
  EXPECT_EQ(value("split_string('x y', ' ', [], X)"), "[[120],[121]]");
  EXPECT_EQ(value("split_string('h\xC3\xA9-o', '-', '', X)"), "[[104,233],[111]]");
  // Waits for ground inputs.
  EXPECT_EQ(query("split_string([0'a|T], \",\", \"\", X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("split_string([0'a|T], \",\", \"\", X), T = [0',, 0'b]"), "[[97],[98]]");
  EXPECT_EQ(error_report("split_string(f(x), \",\", \"\", X)"),
            "<goal>:1:1: error: type error: expected an atom or a list of character codes, found "
            "f(x)\n  goal: split_string(f(x), [44], [], _G0)\n");
  EXPECT_EQ(error_message("split_string(\"a\", 1, \"\", X)"),
            "error: type error: expected an atom or a list of character codes, found 1");
}

TEST_F(TextBuiltins, LongTexts) {
  // 20,000 characters through the conversions.
  ASSERT_TRUE(load("code(C, _, X) :- X = C.\n"));
  EXPECT_EQ(value("numlist(1, 20000, L), maplist(code(0'a), L, Cs), atom_codes(A, Cs), "
                  "atom_codes(A, Ds), atom_length(A, N), length(Ds, M), X = N/M"),
            "20000/20000");
  EXPECT_EQ(value("numlist(1, 10000, L), maplist(code(0',), L, Cs), split_string(Cs, \",\", "
                  "\"\", Ps), length(Ps, X)"),
            "10001");
}

}  // namespace
}  // namespace fleng::kernel
