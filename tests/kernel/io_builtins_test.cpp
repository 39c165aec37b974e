// The file, format and argument builtins through Session queries: read_lines/2, read_csv/2,
// read_file_terms/2, write_file/2, append_file/2, term_to_atom/2, format/2,3, argv/1, with
// their errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "session_support.hpp"
#include "vm/input_readers.hpp"

namespace fleng::kernel {
namespace {

class IoBuiltins : public test::SessionTest {
 protected:
  /// A query with a file path put in for each PATH.
  static std::string with(std::string text, const std::string& file) {
    for (auto at = text.find("PATH"); at != std::string::npos; at = text.find("PATH", at)) {
      text.replace(at, 4, "'" + file + "'");
    }
    return text;
  }
};

TEST_F(IoBuiltins, ReadLines) {
  const auto f = write_file("one\r\ntwo\n\nlast", "lines");
  EXPECT_EQ(value(with("read_lines(PATH, L), X = L", f)), "[[111,110,101],[116,119,111],[],[108,97,115,116]]");
  const auto empty = write_file("", "empty");
  EXPECT_EQ(value(with("read_lines(PATH, X)", empty)), "[]");
  EXPECT_EQ(vm::input::open_count(), 0U);  // closed at the end of the input
}

TEST_F(IoBuiltins, ReadLinesStreamsInChunks) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += std::to_string(i) + "\n";
  const auto f = write_file(text, "many");
  EXPECT_EQ(value(with("read_lines(PATH, L), length(L, X)", f)), "1000");
  EXPECT_EQ(value(with("read_lines(PATH, L), nth(1000, L, X)", f)), "[57,57,57]");
  // The chunks' continuation goals may run on any IU (and, on the threads engine, any worker).
  session().engine().machine.ius = 4;
  session().engine().simulated = true;
  EXPECT_EQ(value(with("read_lines(PATH, L), length(L, X)", f)), "1000");
  session().engine().simulated = false;
  session().engine().threads = true;
  session().engine().workers = 2;
  EXPECT_EQ(value(with("read_lines(PATH, L), read_lines(PATH, M), length(L, A), length(M, B), X = A + B", f)),
            "1000+1000");
  EXPECT_EQ(vm::input::open_count(), 0U);
}

TEST_F(IoBuiltins, ReadersAreClosedWhenARunEnds) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "x\n";
  const auto f = write_file(text, "many");
  // halt/1 ends the run before the first chunk is read: the reader is still open then.
  EXPECT_EQ(query(with("read_lines(PATH, _), halt(3)", f)).exit_code, 3);
  EXPECT_EQ(vm::input::open_count(), 0U);
  EXPECT_EQ(error_message(with("read_lines(PATH, _), X = 1, X = 2", f)), "error: unification failed");
  EXPECT_EQ(vm::input::open_count(), 0U);
}

TEST_F(IoBuiltins, ReadCsv) {
  const auto f = write_file("name,age,score\nalice, 30 ,1.5\n\"bob, jr\",\"x\"\"y\",\n\n-7,+3,1e3\n\"42\",1\n",
                            "csv");
  EXPECT_EQ(value(with("read_csv(PATH, X)", f)),
            "[[name,age,score],[alice,30,1.5],['bob, jr','x\"y',''],[-7,3,1000.0],['42',1]]");
}

TEST_F(IoBuiltins, ReadCsvErrors) {
  const auto f = write_file("a,b\nc,\"open\nmore\n", "badcsv");
  EXPECT_EQ(error_message(with("read_csv(PATH, X)", f)),
            "error: read_csv/2: " + f + ":3: unterminated quoted field (opened on line 2)");
  EXPECT_EQ(vm::input::open_count(), 0U);
}

TEST_F(IoBuiltins, ReadFileTerms) {
  const auto f = write_file("fact(1, \"ab\").\np(X, Y) :- q(X), r(Y, X).\n:- dir.\n[a, b|T].\ng(X) @ any(1).\n",
                            "terms");
  EXPECT_EQ(value(with("read_file_terms(PATH, [A, _, C, _, _]), X = [A, C]", f)),
            "[fact(1,[97,98]),:-(dir)]");
  EXPECT_EQ(value(with("read_file_terms(PATH, [_, _, _, _, '@'(g(_), X)])", f)), "any(1)");
  EXPECT_EQ(value(with("read_file_terms(PATH, [_, _, _, [a, b|T], _]), T = [], X = T", f)), "[]");
  // Variables: one per name within a term, fresh per term.
  EXPECT_EQ(value(with("read_file_terms(PATH, [_, (p(A, _) :- q(C), _)|_]), A = 1, X = C", f)), "1");
  EXPECT_EQ(value(with("read_file_terms(PATH, [_, (p(A, _) :- _), _, _, '@'(g(G), _)]), A = 1, G = 2, "
                       "X = [A, G]",
                       f)),
            "[1,2]");
  EXPECT_EQ(value(with("read_file_terms(PATH, [_, _, D|_]), X = D", f)), ":-(dir)");
}

TEST_F(IoBuiltins, ReadFileTermsSyntaxError) {
  const auto f = write_file("ok.\nbad(.\n", "badterms");
  const std::string message = error_message(with("read_file_terms(PATH, X)", f));
  EXPECT_NE(message.find("error: read_file_terms/2: syntax error: " + f + ":2:"), std::string::npos)
      << message;
}

TEST_F(IoBuiltins, BadPathsAreLocatedErrorsNamingThePath) {
  EXPECT_EQ(error_message("read_lines('/no/such/file', X)"),
            "error: read_lines/2: cannot read /no/such/file: No such file or directory");
  EXPECT_EQ(error_message("read_csv('/tmp', X)"), "error: read_csv/2: cannot read /tmp: it is a directory");
  EXPECT_EQ(error_message("read_file_terms(42, X)"),
            "error: type error: expected a path (an atom or a string), found 42");
  EXPECT_EQ(error_report("read_lines(f(x), X)").substr(0, 11), "<goal>:1:1:");
  EXPECT_EQ(error_message("write_file('/no/such/dir/f', [a])").substr(0, 43),
            "error: write_file/2: cannot write /no/such/");
  EXPECT_EQ(error_message("append_file('/tmp', [a])"),
            "error: append_file/2: cannot write /tmp: it is a directory");
  EXPECT_EQ(error_message("write_file(f, nolist)"), "error: type error: expected a list of terms, found nolist");
}

TEST_F(IoBuiltins, WriteFileReadsBack) {
  const auto f = write_file("", "out");
  const std::string terms = "[a, '\\\\+', 'B c', f(-), (a, b), (h :- b, c), \"str\", -3, 1.5, [x|y], 'it''s', {t, u}, - ]";
  const auto r = query(with("write_file(PATH, " + terms + "), append_file(PATH, [more])", f));
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  const std::string written = value(with("X = " + terms, f));
  EXPECT_EQ(value(with("read_file_terms(PATH, X)", f)),
            written.substr(0, written.size() - 1) + ",more]");
  EXPECT_EQ(value(with("write_file(PATH, [x]), read_file_terms(PATH, X)", f)), "[x]")
      << "write_file replaces";
}

TEST_F(IoBuiltins, WriteFileWaitsForGroundTerms) {
  const auto f = write_file("", "wait");
  EXPECT_EQ(query(with("write_file(PATH, [f(Y)])", f)).exit_code, kExitDeadlock);
}

TEST_F(IoBuiltins, TermToAtom) {
  EXPECT_EQ(value("term_to_atom(f(a, 'B c', [1, 2.5], \"s\"), X)"), "'f(a,\\'B c\\',[1,2.5],[115])'");
  EXPECT_EQ(value("term_to_atom(X, 'g(A, B, A, _, _)'), X = g(1, 2, Z, 3, 4)"), "g(1,2,1,3,4)");
  EXPECT_EQ(value("term_to_atom(X, 'a :- b, c')"), "a :- b,c");
  EXPECT_EQ(value("term_to_atom(Y, '[1|T] % comment'), Y = [X|T2], T2 = []"), "1");
  EXPECT_EQ(value("term_to_atom(X, A), A = 'x+1'"), "x+1");
  EXPECT_EQ(value("term_to_atom(f(Y), X)").substr(0, 5), "'f(_G");
  EXPECT_EQ(error_message("term_to_atom(X, 'f(a')"),
            "error: term_to_atom/2: syntax error: <atom>: at the end of the text: unexpected end of "
            "clause '.', expected ')', ',', ':-' or an operator");
  EXPECT_EQ(error_message("term_to_atom(X, 'a b')").substr(0, 48),
            "error: term_to_atom/2: syntax error: <atom>:1:3:");
  EXPECT_EQ(error_message("term_to_atom(X, 3)"), "error: type error: expected an atom, found 3");
  // Both bound: the text is parsed and unified with the term.
  EXPECT_EQ(value("term_to_atom(f(X, 'A b'), 'f(1, \\'A b\\')')"), "1");
  EXPECT_EQ(value("term_to_atom(T, 'g(1)'), T = g(X)"), "1");
  EXPECT_EQ(error_message("term_to_atom(f(2), 'f(1)')"),
            "error: term_to_atom/2: the term does not match the text");
  EXPECT_EQ(query("term_to_atom(X, Y)").exit_code, kExitDeadlock);
}

TEST_F(IoBuiltins, Format) {
  EXPECT_EQ(query("format(\"~w ~q ~a ~d ~2d ~f ~2f ~e ~g ~s ~c~3c ~~ ~p~n\", "
                  "[f('A b'), 'A b', abc, 42, 314, 3.14159, 2, 1.5, 0.5, \"str\", 65, 66, x])")
                .exit_code,
            kExitSuccess);
  EXPECT_EQ(out.str(), "f(A b) 'A b' abc 42 3.14 3.141590 2.00 1.500000e+00 0.5 str ABBB ~ x\n");
  query("format('~d|~3d|~1d|~w~2n', [-5, 7, -123, 'x'])");
  EXPECT_EQ(out.str(), "-5|0.007|-12.3|x\n\n");
  query("format(hello, [])");
  EXPECT_EQ(out.str(), "hello");
  query("format('~w!', single)");  // not a list: the one argument
  EXPECT_EQ(out.str(), "single!");
  EXPECT_EQ(value("format('a~n', [], X)"), "[]");
  EXPECT_EQ(out.str(), "a\n");
  EXPECT_EQ(query("format('~w', [Y])").exit_code, kExitDeadlock);  // waits for ground arguments
}

TEST_F(IoBuiltins, FormatErrors) {
  EXPECT_EQ(error_message("format('~z', [1])"), "error: format/2: unknown directive ~z");
  EXPECT_EQ(error_message("format('~w ~w', [1])"),
            "error: format/2: not enough arguments for the control string \"~w ~w\"");
  EXPECT_EQ(error_message("format('~w', [1, 2])"),
            "error: format/2: too many arguments for the control string \"~w\" (2 given, 1 used)");
  EXPECT_EQ(error_message("format('~d', [1.5])"), "error: format/2: ~d expects an integer, found 1.5");
  EXPECT_EQ(error_message("format('~a', [1])"), "error: format/2: ~a expects an atom, found 1");
  EXPECT_EQ(error_message("format('~f', [a])"), "error: format/2: ~f expects a number, found a");
  EXPECT_EQ(error_message("format('~s', [a])"),
            "error: format/2: ~s expects a string (a list of character codes), found a");
  EXPECT_EQ(error_message("format('~c', [-1])"), "error: format/2: ~c expects a character code, found -1");
  EXPECT_EQ(error_message("format(3, [])"),
            "error: type error: expected a format string (an atom or a code list), found 3");
  EXPECT_EQ(error_goal("format('~d', [x], D)"), "format('~d', [x], _G0)");
  EXPECT_EQ(out.str(), "");  // an error writes nothing
}

TEST_F(IoBuiltins, Argv) {
  EXPECT_EQ(value("argv(X)"), "[]");
  auto options = test::test_options();
  options.program_args = {"a1", "two words", "3", "-4.5", "99999999999999999999"};
  reopen(options);
  EXPECT_EQ(value("argv(X)"), "[a1,'two words',3,-4.5,1.0e+20]");
  session().engine().simulated = true;
  session().engine().machine.ius = 4;
  EXPECT_EQ(value("argv(X)"), "[a1,'two words',3,-4.5,1.0e+20]");
  session().engine().simulated = false;
  session().engine().threads = true;
  EXPECT_EQ(value("argv(X)"), "[a1,'two words',3,-4.5,1.0e+20]");
}

}  // namespace
}  // namespace fleng::kernel
