// The scanner through `tokenize` (frontend/tokens.hpp): lexemes of docs/language.md, the
// operand/operator context of `-` and `(`, comments, escapes, number limits and positions.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "frontend/tokens.hpp"
#include "tests/frontend/test_support.hpp"

namespace fleng::frontend {
namespace {

using test::messages;
using test::token_summary;

/// The single token of `source` (which must scan without errors into exactly one token).
TokenInfo single(std::string_view source) {
  DiagnosticSink sink("t.fl");
  auto tokens = tokenize(source, sink);
  EXPECT_FALSE(sink.has_errors()) << source << ": " << testing::PrintToString(messages(sink));
  EXPECT_EQ(tokens.size(), 2U) << source;  // the token and end of file
  if (tokens.empty()) return {};
  return tokens.front();
}

std::int64_t integer_of(std::string_view source) {
  const TokenInfo token = single(source);
  EXPECT_EQ(token.kind, "integer") << source;
  return token.integer;
}

/// The messages of the diagnostics that scanning `source` reports.
std::vector<std::string> errors_of(std::string_view source) {
  DiagnosticSink sink("t.fl");
  tokenize(source, sink);
  return messages(sink);
}

// --- Numbers ---------------------------------------------------------------------------------

TEST(Lexer, CharacterCodes) {
  EXPECT_EQ(integer_of("0'c"), 99);
  EXPECT_EQ(integer_of("0'\\n"), 10);
  EXPECT_EQ(integer_of("0'\\t"), 9);
  EXPECT_EQ(integer_of("0'\\e"), 27);
  EXPECT_EQ(integer_of("0'\\\\"), 92);
  EXPECT_EQ(integer_of("0' "), 32);
  EXPECT_EQ(integer_of("0''"), 39);
  EXPECT_EQ(integer_of("0'\xc3\xa9"), 0xE9);          // é: a code point, not a byte
  EXPECT_EQ(integer_of("0'\xe2\x82\xac"), 0x20AC);    // €
  EXPECT_EQ(integer_of("-0'a"), -97);
  // The spelling is kept for the printer.
  EXPECT_EQ(single("0'c").text, "0'c");
  EXPECT_EQ(single("0'c").span.end.column, 4U);
}

TEST(Lexer, CharacterCodeFollowedByMore) {
  // `0'ab`: the code of `a`, then the atom `b`.
  EXPECT_EQ(token_summary("0'ab"), "integer[97] atom[b]");
  EXPECT_EQ(token_summary("0'a."), "integer[97] END");
}

TEST(Lexer, CharacterCodeErrors) {
  EXPECT_EQ(errors_of("0'\\q"),
            std::vector<std::string>{"1:1: unknown escape sequence in character code '0'\\q'"});
  EXPECT_EQ(errors_of("0'\x01"),
            std::vector<std::string>{
                "1:1: control character in a character code literal; write it as an escape"});
}

TEST(Lexer, QuoteCharacterWithDoubledQuote) {
  // `0'''`: a doubled quote, as in quoted atoms, is the code of the quote character.
  DiagnosticSink sink("t.fl");
  const std::string summary = token_summary("x(0''')", sink);
  EXPECT_FALSE(sink.has_errors()) << testing::PrintToString(messages(sink));
  EXPECT_EQ(summary, "functor[x] '(' integer[39] ')'");
}

TEST(Lexer, RadixIntegers) {
  EXPECT_EQ(integer_of("16'ff"), 255);
  EXPECT_EQ(integer_of("16'FF"), 255);
  EXPECT_EQ(integer_of("2'1010"), 10);
  EXPECT_EQ(integer_of("36'zz"), 36 * 36 - 1);
  EXPECT_EQ(integer_of("8'777"), 511);
  EXPECT_EQ(integer_of("-16'10"), -16);
  EXPECT_EQ(integer_of("16'7fffffffffffffff"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(integer_of("-16'8000000000000000"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(single("16'ff").text, "16'ff");
}

TEST(Lexer, RadixErrors) {
  EXPECT_EQ(errors_of("37'1"),
            std::vector<std::string>{"1:1: radix '37' in '37'1' is not between 2 and 36"});
  EXPECT_EQ(errors_of("1'1"),
            std::vector<std::string>{"1:1: radix '1' in '1'1' is not between 2 and 36"});
  EXPECT_EQ(errors_of("8'9"), std::vector<std::string>{"1:1: digit '9' is not valid in radix 8"});
  EXPECT_EQ(errors_of("2'102"),
            std::vector<std::string>{"1:1: digit '2' is not valid in radix 2"});
  EXPECT_EQ(errors_of("16'10000000000000000"),
            std::vector<std::string>{
                "1:1: integer literal '16'10000000000000000' does not fit in 64 bits"});
  EXPECT_EQ(errors_of("16'8000000000000000"),
            std::vector<std::string>{
                "1:1: integer literal '16'8000000000000000' does not fit in 64 bits"});
  // A bad literal is still one integer token, so the parser goes on.
  EXPECT_EQ(token_summary("37'1 x"), "integer[0] atom[x]");
}

TEST(Lexer, Floats) {
  const TokenInfo big = single("1.0e10");
  EXPECT_EQ(big.kind, "float");
  EXPECT_EQ(big.real, 1.0e10);
  EXPECT_EQ(big.text, "1.0e10");
  EXPECT_EQ(single("1.5").real, 1.5);
  EXPECT_EQ(single("2.5E-3").real, 2.5e-3);
  EXPECT_EQ(single("2.5e+3").real, 2.5e3);
  EXPECT_EQ(single("-0.5").real, -0.5);
  EXPECT_EQ(single("0.0").kind, "float");
}

TEST(Lexer, FloatOutOfRange) {
  EXPECT_EQ(errors_of("1.0e999"),
            std::vector<std::string>{"1:1: float literal '1.0e999' is out of the range of a double"});
}

TEST(Lexer, DotAfterIntegerIsNotAFloat) {
  // A digit must follow the dot: `1.` then a newline is the integer 1 and the end of a clause.
  EXPECT_EQ(token_summary("1.\n"), "integer[1] END");
  EXPECT_EQ(token_summary("1."), "integer[1] END");
  EXPECT_EQ(token_summary("1.e5"), "integer[1] atom[.] atom[e5]");
  EXPECT_EQ(token_summary("x(1).\ny(2.0)."),
            "functor[x] '(' integer[1] ')' END functor[y] '(' float[2] ')' END");
}

TEST(Lexer, Int64Limits) {
  EXPECT_EQ(integer_of("9223372036854775807"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(integer_of("-9223372036854775808"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(errors_of("9223372036854775808"),
            std::vector<std::string>{
                "1:1: integer literal '9223372036854775808' does not fit in 64 bits"});
  EXPECT_EQ(errors_of("-9223372036854775809"),
            std::vector<std::string>{
                "1:1: integer literal '-9223372036854775809' does not fit in 64 bits"});
  EXPECT_EQ(errors_of("f(99999999999999999999999)"),
            std::vector<std::string>{
                "1:3: integer literal '99999999999999999999999' does not fit in 64 bits"});
}

// --- Minus: sign or operator -------------------------------------------------------------------

TEST(Lexer, MinusAtOperandPositionIsASign) {
  EXPECT_EQ(token_summary("-1"), "integer[-1]");
  EXPECT_EQ(token_summary("f(-1)"), "functor[f] '(' integer[-1] ')'");
  EXPECT_EQ(token_summary("X = -1"), "variable[X] comparison operator[=] integer[-1]");
  EXPECT_EQ(token_summary("[-1]"), "'[' integer[-1] ']'");
  EXPECT_EQ(token_summary("a, -1"), "atom[a] ',' integer[-1]");
  EXPECT_EQ(token_summary("1 - -1"), "integer[1] '-'[-] integer[-1]");
  EXPECT_EQ(token_summary("-1.5"), "float[-1.5]");
}

TEST(Lexer, MinusAfterOperandIsAnOperator) {
  EXPECT_EQ(token_summary("a-1"), "atom[a] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("a - 1"), "atom[a] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("a -1"), "atom[a] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("X-1"), "variable[X] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("1-1"), "integer[1] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("f(a)-1"), "functor[f] '(' atom[a] ')' '-'[-] integer[1]");
  EXPECT_EQ(token_summary("[a]-1"), "'[' atom[a] ']' '-'[-] integer[1]");
  EXPECT_EQ(token_summary("{a}-1"), "'{' atom[a] '}' '-'[-] integer[1]");
  EXPECT_EQ(token_summary("\"s\"-1"), "string[s] '-'[-] integer[1]");
  EXPECT_EQ(token_summary("a-1.5"), "atom[a] '-'[-] float[1.5]");
  EXPECT_EQ(token_summary("a-16'ff"), "atom[a] '-'[-] integer[255]");
  EXPECT_EQ(token_summary("a-0'c"), "atom[a] '-'[-] integer[99]");
}

TEST(Lexer, MinusWithSpaceIsAnOperatorToken) {
  EXPECT_EQ(token_summary("- 1"), "'-'[-] integer[1]");
  EXPECT_EQ(token_summary("-a"), "'-'[-] atom[a]");
  EXPECT_EQ(token_summary("-(1)"), "functor[-] '(' integer[1] ')'");
  EXPECT_EQ(token_summary("- (1)"), "'-'[-] '(' integer[1] ')'");
}

TEST(Lexer, SymbolBeforeParenIsAFunctorOnlyAtOperandPosition) {
  // `a-(b)` is a subtraction, `-(b)` a compound.
  EXPECT_EQ(token_summary("a-(b)"), "atom[a] '-'[-] '(' atom[b] ')'");
  EXPECT_EQ(token_summary("X = +(a, b)"),
            "variable[X] comparison operator[=] functor[+] '(' atom[a] ',' atom[b] ')'");
}

// --- End of clause ----------------------------------------------------------------------------

TEST(Lexer, EndOfClauseNeedsLayoutAfterTheDot) {
  EXPECT_EQ(token_summary("a.b"), "atom[a] atom[.] atom[b]");
  EXPECT_EQ(token_summary("a. b."), "atom[a] END atom[b] END");
  EXPECT_EQ(token_summary("a.%c"), "atom[a] END");
  EXPECT_EQ(token_summary("a."), "atom[a] END");
  EXPECT_EQ(token_summary("a.\tb."), "atom[a] END atom[b] END");
  EXPECT_EQ(token_summary("a..b"), "atom[a] atom[..] atom[b]");
  EXPECT_EQ(token_summary("a.b."), "atom[a] atom[.] atom[b] END");
}

// --- Comments ----------------------------------------------------------------------------------

TEST(Lexer, BlockCommentsDoNotNest) {
  EXPECT_EQ(token_summary("/* a /* b */ c */"), "atom[c] atom[*/]");
  EXPECT_EQ(token_summary("a /**/ b /* x ** y */ c /***/"), "atom[a] atom[b] atom[c]");
  EXPECT_EQ(token_summary("a /* line 1\nline 2 */ b"), "atom[a] atom[b]");
}

TEST(Lexer, LineCommentRunsToEndOfLine) {
  EXPECT_EQ(token_summary("a % b c.\nd"), "atom[a] atom[d]");
  EXPECT_EQ(token_summary("% only a comment"), "");
  EXPECT_EQ(token_summary("a %"), "atom[a]");
}

// --- Atoms, variables, strings ------------------------------------------------------------------

TEST(Lexer, QuotedAtomEscapes) {
  EXPECT_EQ(single("'a\\nb'").text, "a\nb");
  EXPECT_EQ(single("'it''s'").text, "it's");
  EXPECT_EQ(single("'it\\'s'").text, "it's");
  EXPECT_EQ(single("'\\e'").text, "\x1b");
  EXPECT_EQ(single("'\\t\\r\\\\\\\"'").text, "\t\r\\\"");
  EXPECT_EQ(single("'a\tb'").text, "a\tb");  // a raw tab is allowed
  EXPECT_EQ(single("''").text, "");
  EXPECT_EQ(single("'hello world'").kind, "atom");
  EXPECT_EQ(single("'\xc3\xa9t\xc3\xa9'").text, "\xc3\xa9t\xc3\xa9");
}

TEST(Lexer, UnknownEscapeIsAnError) {
  EXPECT_EQ(errors_of("'\\q'"),
            std::vector<std::string>{
                "1:1: unknown escape sequence '\\q' (known: \\n \\t \\r \\e \\\\ \\' \\\" \\xHH\\)"});
  EXPECT_EQ(errors_of("x \"a\\qb\""),
            std::vector<std::string>{
                "1:3: unknown escape sequence '\\q' (known: \\n \\t \\r \\e \\\\ \\' \\\" \\xHH\\)"});
  // Still one atom token.
  EXPECT_EQ(token_summary("'\\q' x"), "atom atom[x]");
}

TEST(Lexer, ControlCharacterInQuotedTextIsAnError) {
  EXPECT_EQ(errors_of("'a\x01'"),
            std::vector<std::string>{
                "1:1: control character in quoted text; write it as an escape (\\n, \\r, \\e)"});
}

TEST(Lexer, Strings) {
  const TokenInfo token = single("\"abc\"");
  EXPECT_EQ(token.kind, "string");
  EXPECT_EQ(token.text, "abc");
  EXPECT_EQ(single("\"\"").kind, "string");
  EXPECT_EQ(single("\"a\\\"b'c\\n\"").text, "a\"b'c\n");
}

TEST(Lexer, Variables) {
  EXPECT_EQ(token_summary("_ _X Abc X1_y"), "variable[_] variable[_X] variable[Abc] variable[X1_y]");
}

TEST(Lexer, SymbolAtomsAreMaximalRuns) {
  EXPECT_EQ(token_summary("=<"), "comparison operator[=<]");
  EXPECT_EQ(token_summary(":-"), "':-'[:-]");
  EXPECT_EQ(token_summary("\\=="), "comparison operator[\\==]");
  EXPECT_EQ(token_summary("=:= =\\= >= == < >"),
            "comparison operator[=:=] comparison operator[=\\=] comparison operator[>=] "
            "comparison operator[==] comparison operator[<] comparison operator[>]");
  EXPECT_EQ(token_summary("a+-b"), "atom[a] atom[+-] atom[b]");
  EXPECT_EQ(token_summary("// << >> /\\ \\/ * /"),
            "multiplicative operator[//] multiplicative operator[<<] "
            "multiplicative operator[>>] additive operator[/\\] additive operator[\\/] "
            "multiplicative operator[*] multiplicative operator[/]");
  EXPECT_EQ(token_summary("@ ^ : \\ ?"), R"('@'[@] '^'[^] ':'[:] '\'[\] atom[?])");
  EXPECT_EQ(token_summary("! ; [] {}"), "atom[!] atom[;] '[' ']' '{' '}'");
}

TEST(Lexer, FunctorNeedsParenDirectlyAfterTheName) {
  EXPECT_EQ(token_summary("foo("), "functor[foo] '('");
  EXPECT_EQ(token_summary("foo ("), "atom[foo] '('");
  EXPECT_EQ(token_summary("'a b'(x)"), "functor[a b] '(' atom[x] ')'");
  EXPECT_EQ(token_summary("!(x)"), "functor[!] '(' atom[x] ')'");
}

TEST(Lexer, ModAndXorAreOperators) {
  EXPECT_EQ(token_summary("X mod Y xor Z"),
            "variable[X] multiplicative operator[mod] variable[Y] additive operator[xor] "
            "variable[Z]");
  // Before `(`: a functor at operand position, an operator after an operand.
  EXPECT_EQ(token_summary("mod(A, B)"), "functor[mod] '(' variable[A] ',' variable[B] ')'");
  EXPECT_EQ(token_summary("X mod(2)"),
            "variable[X] multiplicative operator[mod] '(' integer[2] ')'");
  EXPECT_EQ(token_summary("model modx"), "atom[model] atom[modx]");
}

// --- Lexical errors -----------------------------------------------------------------------------

TEST(Lexer, UnterminatedQuotedAtom) {
  EXPECT_EQ(errors_of("x('abc).\n"),
            std::vector<std::string>{"1:3: unterminated quoted atom: no closing ' on this line"});
  // A quoted atom does not span lines.
  EXPECT_EQ(errors_of("'a\nb'"),
            (std::vector<std::string>{"1:1: unterminated quoted atom: no closing ' on this line",
                                      "2:2: unterminated quoted atom: no closing ' on this line"}));
}

TEST(Lexer, UnterminatedString) {
  EXPECT_EQ(errors_of("x(\"abc).\n"),
            std::vector<std::string>{"1:3: unterminated string: no closing \" on this line"});
}

TEST(Lexer, UnterminatedBlockCommentStopsTheScan) {
  DiagnosticSink sink("t.fl");
  EXPECT_EQ(token_summary("a /* b\nc. d. 'e", sink), "atom[a] error");
  EXPECT_EQ(messages(sink), std::vector<std::string>{
                                "1:3: unterminated block comment: '/*' has no matching '*/'"});
}

TEST(Lexer, UnexpectedCharacters) {
  EXPECT_EQ(errors_of("a \xc2\xa7 b"),
            std::vector<std::string>{"1:3: unexpected character '\xc2\xa7' (U+00A7)"});
  EXPECT_EQ(errors_of("a\x01"), std::vector<std::string>{"1:2: unexpected control character U+0001"});
  EXPECT_EQ(errors_of("\x7f"), std::vector<std::string>{"1:1: unexpected control character U+007F"});
  EXPECT_EQ(errors_of("`"), std::vector<std::string>{"1:1: unexpected character '`' (U+0060)"});
  DiagnosticSink sink("t.fl");
  EXPECT_EQ(token_summary("a \xe2\x82\xac b", sink), "atom[a] error atom[b]");
}

// --- Positions ----------------------------------------------------------------------------------

TEST(Lexer, PositionsAreLineAndColumn) {
  DiagnosticSink sink("t.fl");
  const auto tokens = tokenize("p(X) :-\n    q(X).\n", sink);
  ASSERT_EQ(tokens.size(), 11U);
  auto at = [&](std::size_t i) {
    return to_string(tokens[i].span.begin) + "-" + to_string(tokens[i].span.end);
  };
  EXPECT_EQ(at(0), "1:1-1:2");    // p
  EXPECT_EQ(at(1), "1:2-1:3");    // (
  EXPECT_EQ(at(2), "1:3-1:4");    // X
  EXPECT_EQ(at(4), "1:6-1:8");    // :-
  EXPECT_EQ(at(5), "2:5-2:6");    // q
  EXPECT_EQ(at(9), "2:9-2:10");   // .
  EXPECT_EQ(at(10), "3:1-3:1");   // end of file
  EXPECT_EQ(tokens[10].kind, "end of file");
}

TEST(Lexer, Utf8CharactersCountOneColumn) {
  DiagnosticSink sink("t.fl");
  // A tab counts one column too.
  const auto tokens = tokenize("\t\"h\xc3\xa9llo\" 'x\xe2\x82\xac' y\n\xf0\x9f\x98\x80 z", sink);
  ASSERT_GE(tokens.size(), 4U);
  EXPECT_EQ(to_string(tokens[0].span.begin), "1:2");
  EXPECT_EQ(to_string(tokens[0].span.end), "1:9");
  EXPECT_EQ(to_string(tokens[1].span.begin), "1:10");
  EXPECT_EQ(to_string(tokens[1].span.end), "1:14");
  EXPECT_EQ(to_string(tokens[2].span.begin), "1:15");
  EXPECT_EQ(messages(sink), std::vector<std::string>{
                                "2:1: unexpected character '\xf0\x9f\x98\x80' (U+1F600)"});
  EXPECT_EQ(to_string(tokens[4].span.begin), "2:3");  // z
}

TEST(Lexer, PositionsAfterBlockCommentAndCrLf) {
  DiagnosticSink sink("t.fl");
  const auto tokens = tokenize("/* a\nbc */ x\r\ny", sink);
  ASSERT_EQ(tokens.size(), 3U);
  EXPECT_EQ(to_string(tokens[0].span.begin), "2:7");
  EXPECT_EQ(to_string(tokens[1].span.begin), "3:1");
}

TEST(Lexer, RandomBytesNeverCrash) {
  // tokenize does not reject binary input (parse_source does): the scanner must cope with
  // NUL bytes and invalid UTF-8 on its own.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::string text = test::random_bytes(4096, seed);
    DiagnosticSink sink("t.fl");
    const auto tokens = tokenize(text, sink);
    ASSERT_FALSE(tokens.empty());
    EXPECT_EQ(tokens.back().kind, "end of file");
    EXPECT_TRUE(sink.has_errors()) << "seed " << seed;
  }
}

}  // namespace
}  // namespace fleng::frontend
