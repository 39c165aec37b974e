// The parser through `parse_source`: AST shapes (docs/language.md), operator priorities,
// annotations, error messages and recovery, and hostile input (binary, huge, deeply nested).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/parse.hpp"
#include "tests/frontend/test_support.hpp"

namespace fleng::frontend {
namespace {

using test::dump;
using test::dump_ok;
using test::messages;
using test::parse;
using test::term_of;
using Messages = std::vector<std::string>;

/// The messages of the diagnostics of parsing `source`.
Messages errors_of(const std::string& source) { return messages(parse(source).diagnostics); }

/// The first diagnostic of `source` as `line:column: message`, or "none".
std::string first_error(const std::string& source) {
  const auto all = errors_of(source);
  return all.empty() ? "none" : all.front();
}

// --- Clauses and directives -------------------------------------------------------------------

TEST(Parser, FactsClausesAndDirectives) {
  EXPECT_EQ(dump_ok("p.\n"
                    "p(a, X, 1).\n"
                    "p(X) :- q(X), r.\n"
                    "p :- true.\n"
                    ":- initialization(main).\n"),
            "p.\n"
            "p(a,X,1).\n"
            "p(X) :- q(X), r.\n"
            "p :- true.\n"
            ":- initialization(main).\n");
}

TEST(Parser, EmptyAndCommentOnlyPrograms) {
  EXPECT_EQ(dump_ok(""), "");
  EXPECT_EQ(dump_ok("% nothing\n/* at all */\n"), "");
  const auto result = parse("% nothing\n/* at all */\n");
  EXPECT_EQ(result.program.trailing_comments.size(), 2U);
}

TEST(Parser, ClauseFields) {
  const auto result = parse("p(X) :-\n    q(X) @ to(1),\n    r(Y @ any(1)).\nfact.\n");
  ASSERT_TRUE(result.ok());
  ASSERT_EQ(result.program.items.size(), 2U);
  const auto& clause = std::get<Clause>(result.program.items[0]);
  EXPECT_TRUE(clause.has_body);
  EXPECT_EQ(to_string(predicate_of(clause)), "p/1");
  EXPECT_EQ(to_string(clause.span.begin), "1:1");
  EXPECT_EQ(to_string(clause.span.end), "3:19");
  EXPECT_EQ(to_string(clause.head->span.end), "1:5");
  ASSERT_EQ(clause.body.size(), 2U);
  // The goal's span covers its placement; the term's does not.
  EXPECT_EQ(to_string(clause.body[0].span.begin), "2:5");
  EXPECT_EQ(to_string(clause.body[0].span.end), "2:17");
  EXPECT_EQ(to_string(clause.body[0].term->span.end), "2:9");
  ASSERT_TRUE(clause.body[0].placement.has_value());
  EXPECT_EQ(to_string(*clause.body[0].placement), "to(1)");
  EXPECT_FALSE(clause.body[1].placement.has_value());
  const auto& fact = std::get<Clause>(result.program.items[1]);
  EXPECT_FALSE(fact.has_body);
  EXPECT_TRUE(fact.body.empty());
  EXPECT_EQ(to_string(predicate_of(fact)), "fact/0");
}

TEST(Parser, ModeDirectiveUsesTheNameAsAPrefixOperator) {
  EXPECT_EQ(dump_ok(":- mode p(?, ^).\n"), ":- mode(p('?','^')).\n");
  // The functional form gives the same AST.
  EXPECT_EQ(dump_ok(":- mode(p(?, ^)).\n"), ":- mode(p('?','^')).\n");
  EXPECT_EQ(dump_ok(":- mode q(?, *, ^).\n"), ":- mode(q('?','*','^')).\n");
  EXPECT_EQ(dump_ok(":- a, b.\n"), ":- ','(a,b).\n");
}

// --- Operators ----------------------------------------------------------------------------------

TEST(Parser, YfxOperatorsAssociateLeft) {
  EXPECT_EQ(term_of("a-b-c"), "'-'('-'(a,b),c)");
  EXPECT_EQ(term_of("a - b + c"), "'+'('-'(a,b),c)");
  EXPECT_EQ(term_of("a * b / c // d"), "'//'('/'('*'(a,b),c),d)");
  EXPECT_EQ(term_of("a mod b * c"), "'*'(mod(a,b),c)");
  EXPECT_EQ(term_of("a xor b + c"), "'+'(xor(a,b),c)");
  EXPECT_EQ(term_of("a << 1 >> 2"), "'>>'('<<'(a,1),2)");
}

TEST(Parser, ArithmeticOperators) {
  // is/2 (700 xfx), rem (400 yfx, like mod) and ** (200 xfx) for arithmetic expressions.
  EXPECT_EQ(term_of("X is A + B * C"), "is(X,'+'(A,'*'(B,C)))");
  EXPECT_EQ(term_of("a rem b * c"), "'*'(rem(a,b),c)");
  EXPECT_EQ(term_of("2 ** 3 * 4"), "'*'('**'(2,3),4)");
  EXPECT_EQ(term_of("2 ** -1"), "'**'(2,-1)");
  EXPECT_EQ(term_of("- 2 ** 3"), "'-'('**'(2,3))");
  EXPECT_EQ(term_of("is(a, b)"), "is(a,b)");
  EXPECT_EQ(term_of("rem(a)"), "rem(a)");
  EXPECT_EQ(term_of("f(is, rem, **)"), "f(is,rem,'**')");
  EXPECT_EQ(term_of("X is(1)"), "is(X,1)");
  // xfx: neither side may be an operator term of the same priority.
  EXPECT_EQ(term_of("2 ** 3 ** 4"), "ERROR");
  EXPECT_EQ(term_of("X is Y is Z"), "ERROR");
  EXPECT_EQ(term_of("(2 ** 3) ** 4"), "'**'('**'(2,3),4)");
}

TEST(Parser, XfyOperatorsAssociateRight) {
  EXPECT_EQ(term_of("a^b^c"), "'^'(a,'^'(b,c))");
  EXPECT_EQ(term_of("a:b:c"), "':'(a,':'(b,c))");
  EXPECT_EQ(term_of("(a, b, c)"), "','(a,','(b,c))");
}

TEST(Parser, XfxOperatorsDoNotChain) {
  EXPECT_EQ(first_error("x(a = b = c)."),
            "1:9: unexpected comparison operator '=', expected ')', ',' or an operator");
  EXPECT_EQ(first_error("a :- b :- c."),
            "1:8: unexpected ':-', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(term_of("(a = b) = c"), "'='('='(a,b),c)");
}

TEST(Parser, Priorities) {
  EXPECT_EQ(term_of("1+2*3"), "'+'(1,'*'(2,3))");
  EXPECT_EQ(term_of("1*2+3"), "'+'('*'(1,2),3)");
  EXPECT_EQ(term_of("(1+2)*3"), "'*'('+'(1,2),3)");
  EXPECT_EQ(term_of("X = a + b * c ^ d"), "'='(X,'+'(a,'*'(b,'^'(c,d))))");
  EXPECT_EQ(term_of("a < b + 1"), "'<'(a,'+'(b,1))");
  EXPECT_EQ(term_of("X =:= Y /\\ Z \\/ W"), "'=:='(X,'\\/'('/\\'(Y,Z),W))");
  EXPECT_EQ(term_of("(a :- b, c)"), "':-'(a,','(b,c))");
  EXPECT_EQ(term_of("m:f(X)"), "':'(m,f(X))");
}

TEST(Parser, PrefixOperators) {
  // Prefix `-` is fy 200, like xfy `^`: `- a ^ b` is -(a^b).
  EXPECT_EQ(term_of("- a ^ b"), "'-'('^'(a,b))");
  EXPECT_EQ(term_of("-a^b"), "'-'('^'(a,b))");
  EXPECT_EQ(term_of("- a * b"), "'*'('-'(a),b)");
  EXPECT_EQ(term_of("- - a"), "'-'('-'(a))");
  EXPECT_EQ(term_of("\\ a"), "'\\'(a)");
  EXPECT_EQ(term_of("\\ \\ a"), "'\\'('\\'(a))");
  EXPECT_EQ(term_of("-(a)"), "'-'(a)");
  EXPECT_EQ(term_of("-(a, b)"), "'-'(a,b)");
}

TEST(Parser, NegativeNumbersVersusMinus) {
  EXPECT_EQ(term_of("-1"), "-1");
  EXPECT_EQ(term_of("- 1"), "'-'(1)");
  EXPECT_EQ(term_of("-(1)"), "'-'(1)");
  EXPECT_EQ(term_of("-(-1)"), "'-'(-1)");
  EXPECT_EQ(term_of("a-1"), "'-'(a,1)");
  EXPECT_EQ(term_of("a - 1"), "'-'(a,1)");
  EXPECT_EQ(term_of("a -1"), "'-'(a,1)");
  EXPECT_EQ(term_of("a - -1"), "'-'(a,-1)");
  EXPECT_EQ(term_of("X = -1"), "'='(X,-1)");
  EXPECT_EQ(term_of("-1 ^ 2"), "'^'(-1,2)");
  EXPECT_EQ(term_of("- 1 ^ 2"), "'-'('^'(1,2))");
  EXPECT_EQ(term_of("-1.5"), "-1.5f");
  EXPECT_EQ(term_of("-0'a"), "-97");
}

TEST(Parser, OperatorAtomsAsArguments) {
  EXPECT_EQ(term_of("f(+, -)"), "f('+','-')");
  EXPECT_EQ(term_of("f(:-, @, =, mod, xor, \\, ^, :)"),
            "f(':-','@','=',mod,xor,'\\','^',':')");
  EXPECT_EQ(term_of("[+, -|*]"), "['+','-'|'*']");
  EXPECT_EQ(term_of("'+'"), "'+'");
  EXPECT_EQ(term_of("X = '+'"), "'='(X,'+')");
  EXPECT_EQ(term_of("-(-)"), "'-'('-')");
  // Elsewhere an operator atom must be quoted.
  EXPECT_EQ(first_error("x(X = +)."), "1:7: unexpected additive operator '+', expected a term");
}

TEST(Parser, CompoundsWithOperatorFunctors) {
  EXPECT_EQ(term_of("'-'(a, b)"), "'-'(a,b)");
  EXPECT_EQ(term_of("+(a, b, c)"), "'+'(a,b,c)");
  EXPECT_EQ(term_of("mod(a, b)"), "mod(a,b)");
  EXPECT_EQ(term_of("mod(a)"), "mod(a)");
}

// --- Lists, tuples, strings, atoms -----------------------------------------------------------------

TEST(Parser, Lists) {
  EXPECT_EQ(term_of("[]"), "'[]'");
  EXPECT_EQ(term_of("[a]"), "[a]");
  EXPECT_EQ(term_of("[a, b|T]"), "[a,b|T]");
  EXPECT_EQ(term_of("[a|b]"), "[a|b]");
  EXPECT_EQ(term_of("[[a], []]"), "[[a],'[]']");
  EXPECT_EQ(dump_ok("p :- q([X @ local]).\n"), "p :- q([@(X,local)]).\n");
}

TEST(Parser, ListTailsAreNormalised) {
  EXPECT_EQ(term_of("[a|[b]]"), "[a,b]");
  EXPECT_EQ(term_of("[a|[]]"), "[a]");
  EXPECT_EQ(term_of("[a|[b|T]]"), "[a,b|T]");
  EXPECT_EQ(term_of("[a|[b|[c|[]]]]"), "[a,b,c]");
  EXPECT_EQ(term_of("[a|'[]']"), "[a]");
}

TEST(Parser, Tuples) {
  EXPECT_EQ(term_of("{a, b}"), "'{}'(a,b)");
  EXPECT_EQ(term_of("{a}"), "'{}'(a)");
  EXPECT_EQ(term_of("{}"), "'{}'");
  EXPECT_EQ(term_of("'{}'(a, b)"), "'{}'(a,b)");
}

TEST(Parser, StringsStayStrings) {
  EXPECT_EQ(term_of("\"abc\""), "\"abc\"");
  EXPECT_EQ(term_of("\"\""), "\"\"");
  EXPECT_EQ(term_of("\"a\\nb\""), "\"a\nb\"");
}

TEST(Parser, QuotedAtomsDenoteTheirText) {
  EXPECT_EQ(term_of("'abc'"), "abc");
  EXPECT_EQ(term_of("'[]'"), "'[]'");
  EXPECT_EQ(term_of("'hello world'(x)"), "'hello world'(x)");
  EXPECT_EQ(term_of("!"), "'!'");
  EXPECT_EQ(term_of(";"), "';'");
}

TEST(Parser, Numbers) {
  EXPECT_EQ(term_of("16'ff"), "255");
  EXPECT_EQ(term_of("0'a"), "97");
  EXPECT_EQ(term_of("1.0e10"), "10000000000f");
  EXPECT_EQ(term_of("1.5"), "1.5f");
  EXPECT_EQ(term_of("-9223372036854775808"), "-9223372036854775808");
}

// --- Annotations --------------------------------------------------------------------------------

TEST(Parser, Figure7OfThePie64Paper) {
  const std::string source =
      "check(P, D, L, [Q|Lp0], Lp, A0, A) :-\n"
      "  add(Q, D, Sum @ any(1)) @ to(1),\n"
      "  equal(Sum, P, R1 @ to(1)) @ to(1),\n"
      "  sub(Q, D, Dif @ any(2)) @ to(2),\n"
      "  equal(Dif, P, R2 @ to(2)) @ to(2),\n"
      "  chk(R1, R2, P, D, L, Lp0, Lp, A0, A) @ to(2).\n";
  EXPECT_EQ(dump_ok(source),
            "check(P,D,L,[Q|Lp0],Lp,A0,A) :- "
            "add(Q,D,@(Sum,any(1))) @ to(1), "
            "equal(Sum,P,@(R1,to(1))) @ to(1), "
            "sub(Q,D,@(Dif,any(2))) @ to(2), "
            "equal(Dif,P,@(R2,to(2))) @ to(2), "
            "chk(R1,R2,P,D,L,Lp0,Lp,A0,A) @ to(2).\n");
  const auto result = parse(source);
  const auto& clause = std::get<Clause>(result.program.items.front());
  const Placement& any1 = clause.body[0].term->args[2]->placement;
  EXPECT_EQ(any1.kind, PlacementKind::Any);
  EXPECT_EQ(any1.label, 1);
  EXPECT_EQ(to_string(any1.span.begin), "2:19");
  EXPECT_EQ(to_string(clause.body[4].placement->span.begin), "6:42");
}

TEST(Parser, AnnotationsOnHeadsGoalsAndNewVariables) {
  EXPECT_EQ(dump_ok("p(X @ on(3), f(Y @ on(4))) :- q(X) @ to(3), r(Y) @ to(4), s @ local.\n"),
            "p(@(X,on(3)),f(@(Y,on(4)))) :- q(X) @ to(3), r(Y) @ to(4), s @ local.\n");
  EXPECT_EQ(dump_ok("p :- q(f(a) @ any(1), [Z] @ to(1)).\n"),
            "p :- q(@(f(a),any(1)),@([Z],to(1))).\n");
  // A parenthesised annotated goal is a goal with a placement too.
  EXPECT_EQ(dump_ok("p :- (q @ any(1)).\n"), "p :- q @ any(1).\n");
  EXPECT_EQ(dump_ok("p :- X = (Y @ local), q(X, Y).\n"), "p :- '='(X,@(Y,local)), q(X,Y).\n");
}

TEST(Parser, MalformedPlacements) {
  EXPECT_EQ(errors_of("p :- q @ where(1).\n"),
            Messages{"1:10: expected a placement after '@': local, any(L), on(L), to(L) or node(N)"});
  EXPECT_EQ(errors_of("p :- q @ to(a).\n"),
            Messages{"1:13: the label of to(L) must be an integer from 0 to 2147483647"});
  EXPECT_EQ(errors_of("p :- q @ any(-1).\n"),
            Messages{"1:14: the label of any(L) must be an integer from 0 to 2147483647"});
  // Labels are small: past 2^31 - 1 the placement is refused.
  EXPECT_EQ(errors_of("p :- q @ to(99999999999).\n"),
            Messages{"1:13: the label of to(L) must be an integer from 0 to 2147483647"});
  EXPECT_EQ(first_error("p :- X @ local @ local.\n"),
            "1:16: unexpected '@', expected end of clause ('.'), ',' or an operator");
}

// --- Syntax errors and recovery -------------------------------------------------------------------

TEST(Parser, RecoversAtTheNextClause) {
  const auto result = parse(
      "ok1.\n"
      "p(a :- q.\n"
      "ok2 :- r.\n"
      "q(X) :- X = .\n"
      "ok3.\n"
      "r :- a b.\n"
      "ok4.\n");
  EXPECT_EQ(messages(result.diagnostics),
            (Messages{"2:5: unexpected ':-', expected ')', ',' or an operator",
                      "4:13: unexpected end of clause '.', expected a term",
                      "6:8: unexpected atom 'b', expected end of clause ('.'), ',' or an "
                      "operator"}));
  EXPECT_EQ(dump(result.program), "ok1.\nok2 :- r.\nok3.\nok4.\n");
}

TEST(Parser, ErrorsSayWhatWasFoundAndWhatWasExpected) {
  EXPECT_EQ(first_error("p :- q(a.\n"),
            "1:9: unexpected end of clause '.', expected ')', ',' or an operator");
  EXPECT_EQ(first_error("p :- q).\n"),
            "1:7: unexpected ')', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p :- [a, b.\n"),
            "1:11: unexpected end of clause '.', expected ']', ',', '|' or an operator");
  EXPECT_EQ(first_error("p :- {a.\n"),
            "1:8: unexpected end of clause '.', expected '}', ',' or an operator");
  EXPECT_EQ(first_error("p(a)).\n"),
            "1:5: unexpected ')', expected end of clause ('.'), ':-' or an operator");
  EXPECT_EQ(first_error("p :- .\n"), "1:6: unexpected end of clause '.', expected a term");
  EXPECT_EQ(first_error("f(a) :- b, .\n"), "1:12: unexpected end of clause '.', expected a term");
  EXPECT_EQ(first_error(".\n"),
            "1:1: unexpected end of clause '.', expected end of file or a term");
  EXPECT_EQ(first_error("p :- q(X) r.\n"),
            "1:11: unexpected atom 'r', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p :- q(X) Y.\n"),
            "1:11: unexpected variable 'Y', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p :- q(X) 12.\n"),
            "1:11: unexpected integer '12', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p :- q(X) \"s\".\n"),
            "1:11: unexpected string '\"s\"', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p :- q(X) f(a).\n"),
            "1:11: unexpected functor 'f', expected end of clause ('.'), ',' or an operator");
  EXPECT_EQ(first_error("p(]).\n"), "1:3: unexpected ']', expected a term");
  EXPECT_EQ(first_error(":- mode p(?), q.\n"),
            "1:13: unexpected ',', expected end of clause ('.')");
}

TEST(Parser, LongLexemesAreCutInMessages) {
  const std::string name(100, 'b');
  EXPECT_EQ(first_error("p :- a " + name + ".\n"),
            "1:8: unexpected atom '" + std::string(40, 'b') +
                "...', expected end of clause ('.'), ',' or an operator");
}

TEST(Parser, EndOfFileInsideAClause) {
  EXPECT_EQ(errors_of("p.\nq :- r"),
            Messages{"2:7: unexpected end of file, expected end of clause ('.'), ',' or an "
                     "operator"});
  EXPECT_EQ(errors_of("p(a,\n"), Messages{"2:1: unexpected end of file, expected a term"});
  EXPECT_EQ(dump(parse("p.\nq :- r").program), "p.\n");
}

TEST(Parser, GuardIsReported) {
  const auto result = parse("p(X) :- a | b.\nq.\n");
  EXPECT_EQ(messages(result.diagnostics),
            Messages{"1:11: Fleng has no guards: '|' cannot split a clause body; compute the test "
                     "into a variable (e.g. less(X, Y, C)) and dispatch on its value in a helper "
                     "predicate"});
  // The clause is kept (guard and body as one body) so that later checks still see it.
  EXPECT_EQ(dump(result.program), "p(X) :- a, b.\nq.\n");
}

TEST(Parser, LexicalErrorsDropOnlyTheirClause) {
  const auto result = parse("p('abc).\nq.\nr :- \"x.\ns.\nt :- \xc2\xa7.\nu.\n");
  EXPECT_EQ(messages(result.diagnostics),
            (Messages{"1:3: unterminated quoted atom: no closing ' on this line",
                      "3:6: unterminated string: no closing \" on this line",
                      "5:6: unexpected character '\xc2\xa7' (U+00A7)"}));
  EXPECT_EQ(dump(result.program), "q.\ns.\nu.\n");
}

TEST(Parser, UnterminatedBlockCommentEndsTheFile) {
  const auto result = parse("p.\nq :- /* x\nr.\n");
  EXPECT_EQ(messages(result.diagnostics),
            Messages{"2:6: unterminated block comment: '/*' has no matching '*/'"});
  EXPECT_EQ(dump(result.program), "p.\n");
}

TEST(Parser, TooManySyntaxErrorsSaySo) {
  std::string source;
  for (int i = 0; i < 60; ++i) source += "p :- \xc2\xa7.\n";
  const auto result = parse(source);
  EXPECT_TRUE(result.diagnostics.too_many_errors());
  const auto& all = result.diagnostics.diagnostics();
  ASSERT_GE(all.size(), 50U);
  EXPECT_EQ(messages(result.diagnostics)[49], "50:6: unexpected character '\xc2\xa7' (U+00A7)");
  // The cut is announced once.
  EXPECT_EQ(all.size(), 51U);
  EXPECT_EQ(all.back().message, "too many errors (50); stopping");
}

// --- Hostile input -------------------------------------------------------------------------------

TEST(Parser, NulByteIsNotText) {
  const auto result = parse(std::string("p.\nq(\0).\n", 8));
  EXPECT_EQ(messages(result.diagnostics),
            Messages{"2:3: not a text file: it contains a NUL byte"});
  EXPECT_TRUE(result.program.items.empty());
}

TEST(Parser, InvalidUtf8IsNotText) {
  EXPECT_EQ(errors_of("p.\nq(\xff)."), Messages{"2:3: not a UTF-8 text file: invalid byte 0xFF"});
  EXPECT_EQ(errors_of("\xc0\x80"), Messages{"1:1: not a UTF-8 text file: invalid byte 0xC0"});
  EXPECT_EQ(errors_of("a\xed\xa0\x80"),
            Messages{"1:2: not a UTF-8 text file: invalid byte 0xED"});  // a surrogate
  EXPECT_EQ(errors_of("\xc3\xa9\xe2\x82"),
            Messages{"1:2: not a UTF-8 text file: invalid byte 0xE2"});  // cut short
  EXPECT_EQ(errors_of("\xf4\x90\x80\x80"),
            Messages{"1:1: not a UTF-8 text file: invalid byte 0xF4"});  // past U+10FFFF
}

TEST(Parser, RandomBytesGiveErrors) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto result = parse(test::random_bytes(64 * 1024, seed));
    EXPECT_TRUE(result.diagnostics.has_errors()) << "seed " << seed;
  }
}

TEST(Parser, RandomAsciiGivesErrorsAndStopsAtTheCap) {
  // Printable characters and newlines: valid text, so it reaches the scanner and parser.
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::string text = test::random_bytes(64 * 1024, seed, 32, 126);
    for (std::size_t i = 40; i < text.size(); i += 41) text[i] = '\n';
    const auto result = parse(text);
    EXPECT_TRUE(result.diagnostics.has_errors()) << "seed " << seed;
    EXPECT_LE(result.diagnostics.diagnostics().size(), 51U) << "seed " << seed;
  }
}

TEST(Parser, TenMegabyteLineOfLetters) {
  const auto result = parse(std::string(10U << 20U, 'a'));
  EXPECT_EQ(messages(result.diagnostics),
            Messages{"1:10485761: unexpected end of file, expected end of clause ('.'), ':-' or "
                     "an operator"});
}

TEST(Parser, TenMegabyteLineOfRandomPrintables) {
  const auto result = parse(test::random_bytes(10U << 20U, 42, 32, 126));
  EXPECT_TRUE(result.diagnostics.has_errors());
}

TEST(Parser, TooLargeFile) {
  const auto result = parse(std::string(kMaxSourceBytes + 1, ' '));
  ASSERT_EQ(result.diagnostics.diagnostics().size(), 1U);
  EXPECT_EQ(result.diagnostics.diagnostics().front().span, kWholeFile);
  EXPECT_EQ(result.diagnostics.diagnostics().front().message,
            "file is too large (67108865 bytes; the limit is 67108864 bytes)");
}

TEST(Parser, DeepBracketNesting) {
  constexpr std::size_t kDepth = 100000;
  const auto result =
      parse("p :- " + std::string(kDepth, '(') + "a" + std::string(kDepth, ')') + ".\nq.\n");
  EXPECT_EQ(messages(result.diagnostics),
            Messages{"1:1006: brackets nested more than 1000 levels deep; giving up on the rest "
                     "of the file"});
  // Also for functors and lists, with no closing brackets at all.
  EXPECT_TRUE(parse("p(" + [] {
                std::string s;
                for (std::size_t i = 0; i < kDepth; ++i) s += "f(";
                return s;
              }()).diagnostics.has_errors());
  EXPECT_TRUE(parse("p(" + std::string(kDepth, '[')).diagnostics.has_errors());
  EXPECT_TRUE(parse("p(" + std::string(kDepth, '{')).diagnostics.has_errors());
}

TEST(Parser, NestingAtTheLimitIsAccepted) {
  // Brackets up to 1000 deep and terms up to 1000 deep are fine.
  std::string term = "a";
  for (int i = 0; i < 998; ++i) term = "f(" + term + ")";
  EXPECT_TRUE(parse("p(" + term + ").\n").ok());
  EXPECT_FALSE(parse("p(f(" + term + ")).\n").ok());
}

TEST(Parser, LongPrefixChain) {
  std::string chain;
  for (int i = 0; i < 100000; ++i) chain += "- ";
  const auto result = parse("p :- X = " + chain + "a.\nq.\n");
  ASSERT_EQ(result.diagnostics.error_count(), 1U);
  EXPECT_EQ(result.diagnostics.diagnostics().front().message,
            "term nested more than 1000 levels deep");
  EXPECT_EQ(dump(result.program), "p :- '='(X,'$too_deep').\nq.\n");
}

TEST(Parser, LongOperatorChains) {
  // `+` 100000 long; the others (left and right associative) 20000, far past the limit too,
  // so that sanitizer builds stay quick.
  for (const char* op : {"+", "^", ",", ":", "*"}) {
    const int length = std::string(op) == "+" ? 100000 : 20000;
    std::string chain = "a";
    for (int i = 0; i < length; ++i) chain += std::string(op) + "a";
    const auto result = parse("p :- X = (" + chain + ").\nq.\n");
    ASSERT_EQ(result.diagnostics.error_count(), 1U) << op;
    EXPECT_EQ(result.diagnostics.diagnostics().front().message,
              "term nested more than 1000 levels deep")
        << op;
    // The clause after it is intact.
    EXPECT_EQ(dump(result.program.items.back()), "q.") << op;
  }
}

TEST(Parser, LongFlatStructuresAreFine) {
  std::string goals = "a";
  std::string elements = "1";
  for (int i = 0; i < 30000; ++i) {
    goals += ", a";
    elements += ", 1";
  }
  const auto body = parse("p :- " + goals + ".\n");
  ASSERT_TRUE(body.ok());
  EXPECT_EQ(std::get<Clause>(body.program.items.front()).body.size(), 30001U);
  const auto list = parse("p([" + elements + "]).\n");
  ASSERT_TRUE(list.ok());
  EXPECT_EQ(std::get<Clause>(list.program.items.front()).head->args.front()->args.size(),
            30001U);
}

TEST(Parser, UnivIsAComparisonLevelOperator) {
  // `=..` is xfx 700 like `=`: it binds looser than `+` and does not chain.
  EXPECT_EQ(term_of("T =.. [f, X]"), "'=..'(T,[f,X])");
  EXPECT_EQ(term_of("a + b =.. L"), "'=..'('+'(a,b),L)");
  EXPECT_EQ(first_error("x(a =.. b =.. c)."),
            "1:11: unexpected comparison operator '=..', expected ')', ',' or an operator");
  EXPECT_EQ(term_of("'=..'(a, b)"), "'=..'(a,b)");
}

}  // namespace
}  // namespace fleng::frontend
