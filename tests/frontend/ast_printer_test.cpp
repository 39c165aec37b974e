// The canonical printer: exact layout of terms and programs, comments kept, and the two
// promises of ast_printer.hpp for snippets and for every .fl file of the repository:
// re-parsing the output gives an equal AST, and printing is a fixed point.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"
#include "tests/frontend/test_support.hpp"

namespace fleng::frontend {
namespace {

using test::dump;
using test::messages;
using test::parse;

std::string fmt_source(const std::string& source) {
  const auto result = parse(source);
  EXPECT_TRUE(result.ok()) << source << "\n" << testing::PrintToString(messages(result.diagnostics));
  return print_program(result.program);
}

/// Parses `source`, prints it, re-parses the output and checks both promises.
void expect_round_trip(const std::string& source) {
  SCOPED_TRACE(source);
  const auto first = parse(source);
  ASSERT_TRUE(first.ok()) << testing::PrintToString(messages(first.diagnostics));
  const std::string printed = print_program(first.program);
  const auto second = parse(printed);
  ASSERT_TRUE(second.ok()) << "printed:\n"
                           << printed << testing::PrintToString(messages(second.diagnostics));
  EXPECT_TRUE(same_program(first.program, second.program))
      << "printed:\n"
      << printed << "before: " << dump(first.program) << "after:  " << dump(second.program);
  EXPECT_EQ(print_program(second.program), printed);
}

/// The canonical text of the single argument of `x(<text>).`
std::string canonical_term(const std::string& text) {
  const auto result = parse("x(" + text + ").");
  if (!result.ok() || result.program.items.size() != 1) return "ERROR";
  return print_term(*std::get<Clause>(result.program.items.front()).head->args.front());
}

// --- Terms ---------------------------------------------------------------------------------------

TEST(AstPrinter, OperatorsGetSpacesAndOnlyNeededParentheses) {
  EXPECT_EQ(canonical_term("a-b-c"), "a - b - c");
  EXPECT_EQ(canonical_term("a-(b-c)"), "a - (b - c)");
  EXPECT_EQ(canonical_term("a^b^c"), "a ^ b ^ c");
  EXPECT_EQ(canonical_term("(a^b)^c"), "(a ^ b) ^ c");
  EXPECT_EQ(canonical_term("1+2*3"), "1 + 2 * 3");
  EXPECT_EQ(canonical_term("(1+2)*3"), "(1 + 2) * 3");
  EXPECT_EQ(canonical_term("a=(b=c)"), "a = (b = c)");
  EXPECT_EQ(canonical_term("(a=b)=c"), "(a = b) = c");
  EXPECT_EQ(canonical_term("X mod 2"), "X mod 2");
  EXPECT_EQ(canonical_term("X is A+B rem 2"), "X is A + B rem 2");
  EXPECT_EQ(canonical_term("2**(-1)"), "2 ** -1");
  EXPECT_EQ(canonical_term("(2**3)**4"), "(2 ** 3) ** 4");
  EXPECT_EQ(canonical_term("-(2**3)"), "-(2 ** 3)");  // -2 ** 3 would be (-2) ** 3
  EXPECT_EQ(canonical_term("X = 'is'"), "X = 'is'");  // an operator atom as an operand is quoted
  EXPECT_EQ(canonical_term("(a,b)"), "(a, b)");
  EXPECT_EQ(canonical_term("(a:-b)"), "(a :- b)");
  EXPECT_EQ(canonical_term("a:b:c"), "a : b : c");
  EXPECT_EQ(canonical_term("- a ^ b"), "-a ^ b");
  EXPECT_EQ(canonical_term("(-a)^b"), "(-a) ^ b");
  EXPECT_EQ(canonical_term("-(a*b)"), "-(a * b)");
  EXPECT_EQ(canonical_term("- - a"), "-(-a)");
  EXPECT_EQ(canonical_term("\\ \\ a"), "\\(\\a)");
}

TEST(AstPrinter, PrefixMinusOnNumbers) {
  EXPECT_EQ(canonical_term("-1"), "-1");
  EXPECT_EQ(canonical_term("-(1)"), "-(1)");
  EXPECT_EQ(canonical_term("- 1"), "-(1)");
  EXPECT_EQ(canonical_term("-(-1)"), "-(-1)");
  EXPECT_EQ(canonical_term("-(1.5)"), "-(1.5)");
  EXPECT_EQ(canonical_term("-(0'a)"), "-(0'a)");
  EXPECT_EQ(canonical_term("a - -1"), "a - -1");
  EXPECT_EQ(canonical_term("a - (-(1))"), "a - -(1)");
  EXPECT_EQ(canonical_term("(-1)^2"), "-1 ^ 2");
}

TEST(AstPrinter, PrefixMinusOnAPowerOfANumber) {
  // -(1^2) must not print as `-1 ^ 2`, which reads back as (-1)^2.
  EXPECT_EQ(canonical_term("-(1^2)"), "-(1 ^ 2)");
  expect_round_trip("x(-(1^2), - 1.5 ^ 2, - 1 : a).\n");
}

TEST(AstPrinter, OperatorAtoms) {
  EXPECT_EQ(canonical_term("f(+, -)"), "f(+, -)");
  EXPECT_EQ(canonical_term("[+, :-, @|mod]"), "[+, :-, @|mod]");
  EXPECT_EQ(canonical_term("X = '+'"), "X = '+'");
  EXPECT_EQ(canonical_term("X = 'mod'"), "X = 'mod'");
  EXPECT_EQ(canonical_term("X = '\\\\'"), "X = '\\\\'");
  EXPECT_EQ(canonical_term("-(-)"), "-(-)");
  EXPECT_EQ(canonical_term("+"), "+");
  EXPECT_EQ(canonical_term("'-'(a, b, c)"), "-(a, b, c)");
  EXPECT_EQ(canonical_term("'+'(a)"), "+(a)");
  EXPECT_EQ(canonical_term("mod(a)"), "mod(a)");
  EXPECT_EQ(canonical_term("'-'(a, b)"), "a - b");
}

TEST(AstPrinter, QuotedAtoms) {
  EXPECT_EQ(canonical_term("'abc'"), "abc");
  EXPECT_EQ(canonical_term("'hello world'"), "'hello world'");
  EXPECT_EQ(canonical_term("'Abc'"), "'Abc'");
  EXPECT_EQ(canonical_term("'_x'"), "'_x'");
  EXPECT_EQ(canonical_term("'1a'"), "'1a'");
  EXPECT_EQ(canonical_term("''"), "''");
  EXPECT_EQ(canonical_term("'.'"), "'.'");
  EXPECT_EQ(canonical_term("'a.b'"), "'a.b'");
  EXPECT_EQ(canonical_term("'+.'"), "'+.'");
  EXPECT_EQ(canonical_term("'/*'"), "'/*'");
  EXPECT_EQ(canonical_term("','"), "','");
  EXPECT_EQ(canonical_term("'|'"), "'|'");
  EXPECT_EQ(canonical_term("'it''s'"), "'it\\'s'");
  EXPECT_EQ(canonical_term("'a\\nb'"), "'a\\nb'");
  EXPECT_EQ(canonical_term("'\\e\\t'"), "'\\e\\t'");
  EXPECT_EQ(canonical_term("'\xc3\xa9'"), "'\xc3\xa9'");
  EXPECT_EQ(canonical_term("'=<'"), "=<");
  EXPECT_EQ(canonical_term("'$x'"), "'$x'");
  EXPECT_EQ(canonical_term("'#'"), "#");
  EXPECT_EQ(canonical_term("'hello world'(x)"), "'hello world'(x)");
}

TEST(AstPrinter, SoloAtomsListsAndTuples) {
  EXPECT_EQ(canonical_term("[]"), "[]");
  EXPECT_EQ(canonical_term("'[]'"), "[]");
  EXPECT_EQ(canonical_term("{}"), "{}");
  EXPECT_EQ(canonical_term("!"), "!");
  EXPECT_EQ(canonical_term(";"), ";");
  EXPECT_EQ(canonical_term("[a|[b|[c|T]]]"), "[a, b, c|T]");
  EXPECT_EQ(canonical_term("[a|[]]"), "[a]");
  EXPECT_EQ(canonical_term("{a,b}"), "{a, b}");
  EXPECT_EQ(canonical_term("'{}'(a)"), "{a}");
  EXPECT_EQ(canonical_term("{(a,b)}"), "{(a, b)}");
  EXPECT_EQ(canonical_term("[(a:-b)]"), "[(a :- b)]");
  EXPECT_EQ(canonical_term("f(a,(b,c))"), "f(a, (b, c))");
}

TEST(AstPrinter, FunctorsThatAreSoloAtoms) {
  // `[]` and `;` are solo atoms: as functors they print quoted, so that they scan back.
  EXPECT_EQ(canonical_term("'[]'(a)"), "'[]'(a)");
  EXPECT_EQ(canonical_term("';'(a)"), "';'(a)");
  expect_round_trip("x('[]'(a), ';'(a, b)).\n");
}

TEST(AstPrinter, AtFunctorThatIsNoPlacement) {
  // `'@'(a, b)` is a plain compound; printed infix it would read back as a placement.
  EXPECT_EQ(canonical_term("'@'(a, b)"), "@(a, b)");
  expect_round_trip("x('@'(a, b)).\n");
}

TEST(AstPrinter, Numbers) {
  EXPECT_EQ(canonical_term("16'ff"), "16'ff");
  EXPECT_EQ(canonical_term("0'a"), "0'a");
  EXPECT_EQ(canonical_term("0'\\n"), "0'\\n");
  EXPECT_EQ(canonical_term("1.0e10"), "1.0e10");
  EXPECT_EQ(canonical_term("2.5E-3"), "2.5E-3");
  EXPECT_EQ(canonical_term("007"), "7");
  EXPECT_EQ(canonical_term("-9223372036854775808"), "-9223372036854775808");
}

TEST(AstPrinter, FloatsWithoutSpellingPrintAsFloats) {
  // Terms built by later stages have no spelling: the printer must still write a float.
  const SourceSpan span;
  EXPECT_EQ(print_term(*make_float(1.5, "", span)), "1.5");
  EXPECT_EQ(print_term(*make_float(3.0, "", span)), "3.0");
  EXPECT_EQ(print_term(*make_float(1e300, "", span)), "1.0e+300");
  EXPECT_EQ(print_term(*make_float(-2.5e-7, "", span)), "-2.5e-07");
  EXPECT_EQ(print_term(*make_integer(-5, "", span)), "-5");
  for (const double value : {1.5, 3.0, 1e300, -2.5e-7, 0.1, 123456789.0}) {
    const std::string text = print_term(*make_float(value, "", span));
    const auto result = parse("x(" + text + ").");
    ASSERT_TRUE(result.ok()) << text;
    const Term& back = *std::get<Clause>(result.program.items.front()).head->args.front();
    EXPECT_EQ(back.kind, TermKind::Float) << text;
    EXPECT_EQ(back.real, value) << text;
  }
}

TEST(AstPrinter, Strings) {
  EXPECT_EQ(canonical_term("\"abc\""), "\"abc\"");
  EXPECT_EQ(canonical_term("\"\""), "\"\"");
  EXPECT_EQ(canonical_term("\"a\\\"b\\\\c\\n\\t\\e\""), "\"a\\\"b\\\\c\\n\\t\\e\"");
  EXPECT_EQ(canonical_term("\"it's\""), "\"it's\"");
}

TEST(AstPrinter, Annotations) {
  EXPECT_EQ(fmt_source("p(X@on(3)):-q(X)@to(3),r(f(Y@any(1)),[Z@local])@to(1).\n"),
            "p(X @ on(3)) :-\n"
            "    q(X) @ to(3),\n"
            "    r(f(Y @ any(1)), [Z @ local]) @ to(1).\n");
  EXPECT_EQ(fmt_source("p :- X = (Y @ local), q(X, Y).\n"),
            "p :-\n"
            "    X = (Y @ local),\n"
            "    q(X, Y).\n");
}

// --- Programs -------------------------------------------------------------------------------------

TEST(AstPrinter, ProgramLayout) {
  EXPECT_EQ(fmt_source("p(1). p(2):-q.\nq:-r,s.\n:-mode p(?).\n:-a,b.\nr.\n"),
            "p(1).\n"
            "p(2) :-\n"
            "    q.\n"
            "\n"
            "q :-\n"
            "    r,\n"
            "    s.\n"
            "\n"
            ":- mode p(?).\n"
            "\n"
            ":- a, b.\n"
            "\n"
            "r.\n");
  EXPECT_EQ(fmt_source(""), "");
  // A body written as `true` stays.
  EXPECT_EQ(fmt_source("p :- true.\n"), "p :-\n    true.\n");
}

TEST(AstPrinter, CommentsAreKept) {
  const std::string source =
      "% Header comment.\n"
      "% Second header line.\n"
      "\n"
      "% Leading comment of p.\n"
      "p(X) :- % after neck\n"
      "    % before q\n"
      "    q(X), % after q\n"
      "    /* block before r */ r(X). % after clause\n"
      "q(1). % trailing q\n"
      "/* between */\n"
      "q(2).\n"
      ":- mode p(?). % directive trailing\n"
      "% trailing 1\n"
      "\n"
      "% trailing 2\n";
  const std::string expected =
      "% Header comment.\n"
      "% Second header line.\n"
      "\n"
      "% Leading comment of p.\n"
      "p(X) :-\n"
      "    % after neck\n"
      "    % before q\n"
      "    q(X), % after q\n"
      "    /* block before r */\n"
      "    r(X). % after clause\n"
      "\n"
      "q(1). % trailing q\n"
      "/* between */\n"
      "q(2).\n"
      "\n"
      ":- mode p(?). % directive trailing\n"
      "\n"
      "% trailing 1\n"
      "\n"
      "% trailing 2\n";
  EXPECT_EQ(fmt_source(source), expected);
  EXPECT_EQ(fmt_source(expected), expected);
}

TEST(AstPrinter, CommentAttachment) {
  const auto result = parse("% lead\np :- a, % ta\n  % lb\n  b. % tc\n% end\n");
  ASSERT_TRUE(result.ok());
  const auto& clause = std::get<Clause>(result.program.items.front());
  ASSERT_EQ(clause.leading_comments.size(), 1U);
  EXPECT_EQ(clause.leading_comments[0].text, "% lead");
  EXPECT_TRUE(clause.leading_comments[0].own_line);
  ASSERT_TRUE(clause.body[0].trailing_comment.has_value());
  EXPECT_EQ(clause.body[0].trailing_comment->text, "% ta");
  EXPECT_FALSE(clause.body[0].trailing_comment->own_line);
  ASSERT_EQ(clause.body[1].leading_comments.size(), 1U);
  EXPECT_EQ(clause.body[1].leading_comments[0].text, "% lb");
  ASSERT_TRUE(clause.trailing_comment.has_value());
  EXPECT_EQ(clause.trailing_comment->text, "% tc");
  ASSERT_EQ(result.program.trailing_comments.size(), 1U);
  EXPECT_EQ(result.program.trailing_comments[0].text, "% end");
}

TEST(AstPrinter, BlankLineAfterHeaderCommentIsKept) {
  EXPECT_EQ(fmt_source("% header\n\n\n% about p\np.\n"), "% header\n\n% about p\np.\n");
  EXPECT_EQ(fmt_source("% about p\np.\n"), "% about p\np.\n");
  // A blank line between a comment and its clause is kept too.
  EXPECT_EQ(fmt_source("% header\n\np.\n"), "% header\n\np.\n");
}

TEST(AstPrinter, GoalAndClauseCommentsOnTheLastLine) {
  // Both the last goal and the clause have an end-of-line comment: the goal's moves above it.
  const std::string printed = fmt_source("p :- a, b % on b\n. % on clause\n");
  EXPECT_EQ(printed, "p :-\n    a,\n    % on b\n    b. % on clause\n");
  expect_round_trip("p :- a, b % on b\n. % on clause\n");
}

TEST(AstPrinter, CommentsInsideTermsMoveBeforeTheirItem) {
  EXPECT_EQ(fmt_source("p(a, % in head\n  b).\n"), "% in head\np(a, b).\n");
  EXPECT_EQ(fmt_source("p :- q(a, % in args\n  b).\n"), "% in args\np :-\n    q(a, b).\n");
  EXPECT_EQ(fmt_source(":- foo(a, /* d */ b).\n"), "/* d */\n:- foo(a, b).\n");
}

TEST(AstPrinter, PrintClause) {
  const auto result = parse("% c\np(X) :- q(X) @ any(1), r. % t\n");
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(print_clause(std::get<Clause>(result.program.items.front())),
            "% c\np(X) :-\n    q(X) @ any(1),\n    r. % t\n");
}

// --- Round trips ---------------------------------------------------------------------------------

TEST(AstPrinter, RoundTripSnippets) {
  const char* const snippets[] = {
      "p.\n",
      "p(a, B, 1, 2.5, \"s\", [], {}, [a|T], {a, b}).\n",
      "x(a-b-c, a-(b-c), a^b^c, (a^b)^c, 1+2*3, (1+2)*3, a=(b=c), (a=b)=c).\n",
      "x(- a ^ b, (-a)^b, -(a*b), - - a, \\ \\ a, \\ (-1), \\ - 1, -(-(1)), - (a, b)).\n",
      "x(-1, -(1), - 1, -(-1), -(1.5), -1.5, a - -1, a - (-(1)), (-1)^2, 1 - -1).\n",
      "x(-[1], -\"s\", -{a}, - 'A', -(-), 2 - (-(1)), a - - b, -(1) - 1).\n",
      "x(f(+, -), [+, :-, @|mod], X = '+', X = 'mod', X = '\\\\', +(a), '-'(a, b, c)).\n",
      "x(mod(a), xor(a, b, c), a xor b, a mod b, X mod(2)).\n",
      "x('hello world', 'Abc', '_x', '', '.', '/*', ',', '|', 'it''s', '\\e', 'a\\nb').\n",
      "x('\xc3\xa9', '=<', '$x', #, '[]', '{}', !, ;, 'x'(a), '!'(a)).\n",
      "x(16'ff, 0'a, 0'\\n, 0' , 1.0e10, 2.5E-3, -0.0, 36'zz, -9223372036854775808).\n",
      "x(\"a\\\"b\\\\c\\n\\t\\e\", \"it's\", \"\", \"\xe2\x82\xac\").\n",
      "x(f(a, (b, c)), [(a :- b)], {(a, b)}, (a, b), m:f(X), a:b:c, (a:b):c).\n",
      "x(X =:= Y /\\ Z \\/ W, a << 1 >> 2, a // b / c, X \\== Y, X =\\= Y, X >= Y).\n",
      ":- mode p(?, ^).\n:- mode(q(*)).\n:- a, b.\n:- foo.\n:- x(- 1).\n",
      "p(X @ on(3), f(Y @ on(4))) :- q(X) @ to(3), r(Y) @ to(4), s @ local.\n",
      "p :- q(f(a) @ any(1), [Z] @ to(1), \"s\" @ local), X = (Y @ local), t(X, Y).\n",
      "p :- (a, b), (c :- d), e.\n",
      "p :- X = - a, Y = - (1), Z = -(-(a)), W = a - (b - c).\n",
      "% c1\n\n% c2\np. % t\n% between\nq :- % n\n  a, % a\n  % b\n  b. % t2\n% end\n",
      "/* block\n   comment */\np :- /* in */ a.\n",
      "check(P, D, L, [Q|Lp0], Lp, A0, A) :-\n"
      "  add(Q, D, Sum @ any(1)) @ to(1),\n"
      "  equal(Sum, P, R1 @ to(1)) @ to(1),\n"
      "  sub(Q, D, Dif @ any(2)) @ to(2),\n"
      "  equal(Dif, P, R2 @ to(2)) @ to(2),\n"
      "  chk(R1, R2, P, D, L, Lp0, Lp, A0, A) @ to(2).\n",
  };
  for (const char* snippet : snippets) expect_round_trip(snippet);
}

TEST(AstPrinter, FormattingIsIdempotent) {
  const char* const sources[] = {
      "p(1). q. p(2).\n",
      "p:-a,b.\n\n\n\nq.\n",
      "% only comments\n\n\n/* and more */\n",
      "x(a-(b-c), - (1), 'a b', [a|[b]]).\n",
      "p :- a, b % on b\n. % on clause\n",
  };
  for (const char* source : sources) {
    const std::string once = fmt_source(source);
    EXPECT_EQ(fmt_source(once), once) << source;
  }
}

// --- Every .fl file of the repository -----------------------------------------------------------

std::vector<std::string> repository_sources() {
  namespace fs = std::filesystem;
  const fs::path root(FLENG_SOURCE_DIR);
  std::vector<std::string> files;
  for (const char* dir : {"examples", "lib", "tests/golden"}) {
    if (!fs::is_directory(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".fl") continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      // Broken on purpose: the error goldens, and run programs whose point is a syntax error.
      if (rel.starts_with("tests/golden/errors/")) continue;
      if (rel.starts_with("tests/golden/run/programs/syntax_error")) continue;
      files.push_back(rel);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_file(const std::string& rel) {
  std::ifstream in(std::filesystem::path(FLENG_SOURCE_DIR) / rel, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

TEST(AstPrinter, RepositorySourcesAreFound) {
  const auto files = repository_sources();
  EXPECT_NE(std::find(files.begin(), files.end(), "examples/queens_annotated.fl"), files.end());
  EXPECT_NE(std::find(files.begin(), files.end(), "lib/lists.fl"), files.end());
  EXPECT_NE(std::find(files.begin(), files.end(), "tests/golden/fmt/annotations.fl"), files.end());
  EXPECT_EQ(std::count_if(files.begin(), files.end(),
                          [](const std::string& f) { return f.find("/errors/") != f.npos; }),
            0);
}

class RepositoryFile : public testing::TestWithParam<std::string> {};

TEST_P(RepositoryFile, PrintReparseAndFixedPoint) {
  const std::string source = read_file(GetParam());
  ASSERT_FALSE(source.empty());
  const auto first = parse_source(GetParam(), source);
  ASSERT_TRUE(first.ok()) << testing::PrintToString(messages(first.diagnostics));
  const std::string printed = print_program(first.program);
  const auto second = parse_source(GetParam(), printed);
  ASSERT_TRUE(second.ok()) << printed;
  EXPECT_TRUE(same_program(first.program, second.program)) << printed;
  EXPECT_EQ(print_program(second.program), printed);
}

INSTANTIATE_TEST_SUITE_P(Repository, RepositoryFile, testing::ValuesIn(repository_sources()),
                         [](const testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& c : name) {
                             const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                                (c >= '0' && c <= '9');
                             if (!alnum) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace fleng::frontend
