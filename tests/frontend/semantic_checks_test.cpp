// The checks that run after parsing (frontend/semantic_checks.hpp, docs/language.md, placements):
// callable heads and goals, and where placement annotations may stand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/parse.hpp"
#include "frontend/semantic_checks.hpp"
#include "tests/frontend/test_support.hpp"

namespace fleng::frontend {
namespace {

using test::messages;
using test::parse;
using Messages = std::vector<std::string>;

Messages errors_of(const std::string& source) { return messages(parse(source).diagnostics); }

const char* const kFigure7 =
    "check(P, D, L, [Q|Lp0], Lp, A0, A) :-\n"
    "  add(Q, D, Sum @ any(1)) @ to(1),\n"
    "  equal(Sum, P, R1 @ to(1)) @ to(1),\n"
    "  sub(Q, D, Dif @ any(2)) @ to(2),\n"
    "  equal(Dif, P, R2 @ to(2)) @ to(2),\n"
    "  chk(R1, R2, P, D, L, Lp0, Lp, A0, A) @ to(2).\n";

TEST(SemanticChecks, Figure7Passes) { EXPECT_EQ(errors_of(kFigure7), Messages{}); }

TEST(SemanticChecks, ValidPlacementsPass) {
  EXPECT_EQ(errors_of("p(X @ on(3), f(Y @ on(4))) :- q(X) @ to(3), r(Y) @ to(4).\n"), Messages{});
  // any(L) on a goal defines the label too; to(L) may come before its definition.
  EXPECT_EQ(errors_of("p :- q(X @ to(1)), r(X) @ any(1).\n"), Messages{});
  // Structures may be annotated, and `_` at every occurrence.
  EXPECT_EQ(errors_of("p :- q(f(a) @ any(1), [Z] @ to(1), \"s\" @ local, _ @ local, _ @ local).\n"),
            Messages{});
  EXPECT_EQ(errors_of("p :- q @ local, r @ any(7), s @ to(7).\n"), Messages{});
  // The same label in two clauses is two labels.
  EXPECT_EQ(errors_of("p :- q(X @ any(1)) @ to(1).\np :- q(X @ any(1)) @ to(1).\n"),
            Messages{});
}

TEST(SemanticChecks, ToWithoutAnyOrOn) {
  EXPECT_EQ(errors_of("p :- q @ to(1).\n"),
            Messages{"1:10: to(1) has no matching any(1) or on(1) in this clause"});
  EXPECT_EQ(errors_of("p :- q(X @ to(2)), r(X) @ to(2).\n"),
            (Messages{"1:12: to(2) has no matching any(2) or on(2) in this clause",
                      "1:27: to(2) has no matching any(2) or on(2) in this clause"}));
  // Labels are local to a clause.
  EXPECT_EQ(errors_of("p :- q @ any(1).\nr :- s @ to(1).\n"),
            Messages{"2:10: to(1) has no matching any(1) or on(1) in this clause"});
  EXPECT_EQ(errors_of("p :- q @ any(1), r @ to(2).\n"),
            Messages{"1:22: to(2) has no matching any(2) or on(2) in this clause"});
}

TEST(SemanticChecks, LabelDefinedTwice) {
  EXPECT_EQ(errors_of("p :- q(X @ any(1)) @ to(1), r(Y @ any(1)).\n"),
            Messages{"1:35: label 1 is defined twice in this clause (first by the placement at "
                     "1:12); each label needs exactly one any(L) or on(L)"});
  EXPECT_EQ(errors_of("p(X @ on(1), Y @ on(1)) :- q @ to(1).\n"),
            Messages{"1:18: label 1 is defined twice in this clause (first by the placement at "
                     "1:7); each label needs exactly one any(L) or on(L)"});
  EXPECT_EQ(errors_of("p(X @ on(1)) :- q @ any(1).\n"),
            Messages{"1:21: label 1 is defined twice in this clause (first by the placement at "
                     "1:7); each label needs exactly one any(L) or on(L)"});
}

TEST(SemanticChecks, OnCannotPlaceAGoal) {
  EXPECT_EQ(errors_of("p(X @ on(1)) :- q(X) @ on(1).\n"),
            Messages{"1:24: on(L) names the IU of a datum received in the head; it cannot place "
                     "a goal (use to(L) or any(L))"});
}

TEST(SemanticChecks, OnCannotStandInABody) {
  EXPECT_EQ(errors_of("p :- q(X @ on(1)).\n"),
            Messages{"1:12: on(L) can only annotate a head argument; in a body use any(L), to(L) "
                     "or local"});
}

TEST(SemanticChecks, OnlyOnAnnotatesHeadArguments) {
  EXPECT_EQ(errors_of("p(X @ any(1)) :- q.\n"),
            Messages{"1:7: any(1) cannot annotate a head argument; only on(L) can (it names the "
                     "IU that holds the datum)"});
  EXPECT_EQ(errors_of("p(f(X @ local)).\n"),
            Messages{"1:9: local cannot annotate a head argument; only on(L) can (it names the "
                     "IU that holds the datum)"});
  EXPECT_EQ(errors_of("p(X @ to(1)).\n"),
            Messages{"1:7: to(1) cannot annotate a head argument; only on(L) can (it names the "
                     "IU that holds the datum)"});
}

TEST(SemanticChecks, HeadCannotCarryAPlacement) {
  EXPECT_EQ(errors_of("p @ local :- q.\n"), Messages{"1:5: a clause head cannot carry a placement"});
}

TEST(SemanticChecks, HeadVariableCannotBeAnnotatedInTheBody) {
  EXPECT_EQ(errors_of("p(X) :- q(X @ any(1)) @ to(1).\n"),
            Messages{"1:15: variable X comes from the head; a placement can only annotate a new "
                     "variable"});
  EXPECT_EQ(errors_of("p(f([X])) :- q(X @ local).\n"),
            Messages{"1:20: variable X comes from the head; a placement can only annotate a new "
                     "variable"});
}

TEST(SemanticChecks, AnnotationMustBeOnTheFirstOccurrence) {
  EXPECT_EQ(errors_of("p :- q(X), r(X @ local).\n"),
            Messages{"1:18: a placement must annotate the first occurrence of X in the body"});
  EXPECT_EQ(errors_of("p :- q(X, X @ local).\n"),
            Messages{"1:15: a placement must annotate the first occurrence of X in the body"});
  EXPECT_EQ(errors_of("p :- q(X @ any(1)), r(X @ local).\n"),
            Messages{"1:27: a placement must annotate the first occurrence of X in the body"});
  // The first occurrence itself is fine, later plain occurrences too.
  EXPECT_EQ(errors_of("p :- q(X @ local), r(X), s(X).\n"), Messages{});
}

TEST(SemanticChecks, OnePlacementPerTerm) {
  EXPECT_EQ(errors_of("p :- q((X @ local) @ any(1)).\n"),
            Messages{"1:13: a term can carry one placement"});
  EXPECT_EQ(errors_of("p((X @ on(1)) @ on(2)).\n"),
            Messages{"1:8: a term can carry one placement"});
}

TEST(SemanticChecks, OnlyVariablesAndStructuresCanBeAnnotated) {
  EXPECT_EQ(errors_of("p :- q(a @ local).\n"),
            Messages{"1:12: a placement can only annotate a variable or a structure, not atom "
                     "'a'"});
  EXPECT_EQ(errors_of("p :- q(1 @ local).\n"),
            Messages{"1:12: a placement can only annotate a variable or a structure, not integer "
                     "1"});
  EXPECT_EQ(errors_of("p :- q(1.5 @ local).\n"),
            Messages{"1:14: a placement can only annotate a variable or a structure, not a "
                     "float"});
}

TEST(SemanticChecks, VariableAsBodyGoal) {
  EXPECT_EQ(errors_of("p(X) :- q, X.\n"),
            Messages{"1:12: a variable (X) cannot be a body goal; use call(X)"});
  EXPECT_EQ(errors_of("p(G) :- call(G).\n"), Messages{});
}

TEST(SemanticChecks, NonCallableBodyGoals) {
  EXPECT_EQ(errors_of("p :- 42.\n"),
            Messages{"1:6: a body goal must be an atom or a compound term, not integer 42"});
  EXPECT_EQ(errors_of("p :- 1.5.\n"),
            Messages{"1:6: a body goal must be an atom or a compound term, not a float"});
  EXPECT_EQ(errors_of("p :- \"abc\".\n"),
            Messages{"1:6: a body goal must be an atom or a compound term, not a string"});
  EXPECT_EQ(errors_of("p :- [a].\n"),
            Messages{"1:6: a body goal must be an atom or a compound term, not a list"});
  EXPECT_EQ(errors_of("p :- q, -1 @ local.\n"),
            Messages{"1:9: a body goal must be an atom or a compound term, not integer -1"});
}

TEST(SemanticChecks, NonCallableHeads) {
  EXPECT_EQ(errors_of("X :- q.\n"),
            Messages{"1:1: a clause head must be an atom or a compound term, not variable X"});
  EXPECT_EQ(errors_of("1.\n"),
            Messages{"1:1: a clause head must be an atom or a compound term, not integer 1"});
  EXPECT_EQ(errors_of("[a].\n"),
            Messages{"1:1: a clause head must be an atom or a compound term, not a list"});
  EXPECT_EQ(errors_of("\"s\" :- a.\n"),
            Messages{"1:1: a clause head must be an atom or a compound term, not a string"});
}

TEST(SemanticChecks, NoPlacementsInDirectives) {
  EXPECT_EQ(errors_of(":- foo(X @ local).\n"),
            Messages{"1:12: placements are only allowed in clauses"});
  EXPECT_EQ(errors_of(":- foo([f(X @ any(1))], Y @ to(1)).\n"),
            (Messages{"1:15: placements are only allowed in clauses",
                      "1:29: placements are only allowed in clauses"}));
}

TEST(SemanticChecks, EveryViolationIsReported) {
  // Several problems in one clause and in several clauses: all reported, in source order.
  EXPECT_EQ(errors_of("p(X) :- X, q(X @ on(1)) @ on(1).\nr :- s @ to(5).\n"),
            (Messages{"1:9: a variable (X) cannot be a body goal; use call(X)",
                      "1:27: on(L) names the IU of a datum received in the head; it cannot place "
                      "a goal (use to(L) or any(L))",
                      "1:18: on(L) can only annotate a head argument; in a body use any(L), "
                      "to(L) or local",
                      "1:18: variable X comes from the head; a placement can only annotate a new "
                      "variable",
                      "2:10: to(5) has no matching any(5) or on(5) in this clause"}));
}

TEST(SemanticChecks, CheckProgramLeavesTheProgramAlone) {
  auto result = parse("p :- q @ to(1).\n");
  const std::string before = test::dump(result.program);
  DiagnosticSink again("t.fl");
  check_program(result.program, again);
  EXPECT_EQ(messages(again),
            Messages{"1:10: to(1) has no matching any(1) or on(1) in this clause"});
  EXPECT_EQ(test::dump(result.program), before);
}

TEST(SemanticChecks, RepositoryExampleWithFigure7Passes) {
  const auto result = parse_file(std::string(FLENG_SOURCE_DIR) + "/examples/queens_annotated.fl");
  EXPECT_TRUE(result.ok()) << testing::PrintToString(messages(result.diagnostics));
  EXPECT_FALSE(result.program.items.empty());
}

}  // namespace
}  // namespace fleng::frontend
