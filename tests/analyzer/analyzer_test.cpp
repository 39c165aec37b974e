// The analyzer: the mode fixpoint (head patterns, builtins, recursion, mutual recursion,
// unknown modes, declarations and their contradictions) and the partition into walks (the
// paper's Figure 5 gives Figure 7; small graphs; hand annotations kept).
#include <gtest/gtest.h>

#include "analyzer/modes.hpp"
#include "analyzer/partition.hpp"
#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"

namespace fleng::analyzer {
namespace {

struct Analyzed {
  frontend::ParseResult parsed;
  ModeTable modes;
};

Analyzed analyze(const std::string& source) {
  Analyzed a{frontend::parse_source("t.fl", source), {}};
  EXPECT_TRUE(a.parsed.ok());
  a.modes = analyze_modes(a.parsed.program, a.parsed.diagnostics);
  return a;
}

std::string modes_of(const Analyzed& a, const std::string& name, std::size_t arity) {
  const auto m = a.modes.modes({name, arity});
  if (!m) return "none";
  std::string s;
  for (const Mode mode : *m) s += mode_char(mode);
  return s;
}

std::string annotated(const std::string& source) {
  const auto a = analyze(source);
  return frontend::print_program(annotate(a.parsed.program, a.modes));
}

TEST(Modes, HeadPatternsAndBuiltins) {
  const auto a = analyze(
      "len([], N) :- N = 0.\n"
      "len([_|T], N) :- len(T, M), add(M, 1, N).\n"
      "double(X, Y) :- mul(X, 2, Y).\n");
  EXPECT_EQ(modes_of(a, "len", 2), "?^");
  EXPECT_EQ(modes_of(a, "double", 2), "?^");
  EXPECT_EQ(modes_of(a, "add", 3), "??^");   // from vm/builtins.def
  EXPECT_EQ(modes_of(a, "equal", 3), "??^");
  EXPECT_EQ(modes_of(a, "nosuch", 1), "none");
}

TEST(Modes, MutualRecursionReachesAFixpoint) {
  const auto a = analyze(
      "even(N, R) :- equal(N, 0, Z), even1(Z, N, R).\n"
      "even1(true, _, R) :- R = yes.\n"
      "even1(false, N, R) :- sub(N, 1, M), odd(M, R).\n"
      "odd(N, R) :- equal(N, 0, Z), odd1(Z, N, R).\n"
      "odd1(true, _, R) :- R = no.\n"
      "odd1(false, N, R) :- sub(N, 1, M), even(M, R).\n");
  EXPECT_EQ(modes_of(a, "even", 2), "?^");
  EXPECT_EQ(modes_of(a, "odd", 2), "?^");
  EXPECT_EQ(modes_of(a, "even1", 3), "??^");
}

TEST(Modes, UnknownStaysUnknown) {
  const auto a = analyze("pass(X, Y) :- other(X, Y).\nother(A, B) :- keep(A, B).\nkeep(_, _).\n");
  EXPECT_EQ(modes_of(a, "pass", 2), "**");
}

TEST(Modes, DeclarationsWinAndAreChecked) {
  auto a = analyze(":- mode p(?, ^).\np(X, Y) :- q(X, Y).\nq(A, B) :- B = A.\n");
  EXPECT_EQ(modes_of(a, "p", 2), "?^");
  EXPECT_FALSE(a.parsed.diagnostics.has_errors());
  auto bad = analyze(":- mode r(^, ?).\nr(a, X) :- X = 1.\n");
  ASSERT_EQ(bad.parsed.diagnostics.error_count(), 2U);
  EXPECT_NE(bad.parsed.diagnostics.diagnostics()[0].message.find("declared output"),
            std::string::npos);
  EXPECT_NE(bad.parsed.diagnostics.diagnostics()[1].message.find("declared input"),
            std::string::npos);
}

TEST(Partition, Figure5GivesFigure7) {
  EXPECT_EQ(annotated("check(P, D, L, [Q|Lp0], Lp, A0, A) :-\n"
                      "  add(Q, D, Sum), equal(Sum, P, R1), sub(Q, D, Dif), equal(Dif, P, R2),\n"
                      "  chk(R1, R2, P, D, L, Lp0, Lp, A0, A).\n"),
            "check(P, D, L, [Q|Lp0], Lp, A0, A) :-\n"
            "    add(Q, D, Sum @ any(1)) @ to(1),\n"
            "    equal(Sum, P, R1 @ to(1)) @ to(1),\n"
            "    sub(Q, D, Dif @ any(2)) @ to(2),\n"
            "    equal(Dif, P, R2 @ to(2)) @ to(2),\n"
            "    chk(R1, R2, P, D, L, Lp0, Lp, A0, A) @ to(2).\n");
}

TEST(Partition, OneWalkStaysLocal) {
  const std::string source = "f(X, Y) :- add(X, 1, Z), mul(Z, 2, Y).\n";
  EXPECT_EQ(annotated(source), "f(X, Y) :-\n    add(X, 1, Z),\n    mul(Z, 2, Y).\n");
}

TEST(Partition, IndependentGoalsGetTheirOwnWalks) {
  const auto a = analyze("g(X, Y, Z) :- add(X, 1, A), add(Y, 1, B), add(A, B, Z).\n");
  const auto& clause = std::get<frontend::Clause>(a.parsed.program.items.front());
  const auto p = partition(clause, a.modes);
  ASSERT_EQ(p.walks.size(), 2U);
  EXPECT_EQ(p.walks[0].goals, (std::vector<std::size_t>{0}));
  EXPECT_EQ(p.walks[1].goals, (std::vector<std::size_t>{1, 2}));  // the join extends the later
  EXPECT_EQ(p.walks[0].label, 1);
  EXPECT_EQ(p.walks[1].label, 2);
}

TEST(Partition, WalkWithoutAllocationPicksItsIuWithItsFirstGoal) {
  EXPECT_EQ(annotated("h(X, Y) :- p(X), p(Y).\np(_).\n"),
            "h(X, Y) :-\n    p(X) @ any(1),\n    p(Y) @ any(2).\n\np(_).\n");
}

// Output and halt/1 stay where the body runs, in textual order: placed elsewhere they would
// print out of order, or a halt/1 could end the run before an earlier write.
TEST(Partition, BuiltinsThatActOnTheWorldAreNeverPlaced) {
  EXPECT_EQ(annotated("h(X, Y) :- writeln(X), writeln(Y), halt(0).\n"),
            "h(X, Y) :-\n    writeln(X),\n    writeln(Y),\n    halt(0).\n");
  EXPECT_EQ(annotated("h(X) :- writeln(X), p(X).\np(_).\n"),
            "h(X) :-\n    writeln(X),\n    p(X) @ any(1).\n\np(_).\n");
}

TEST(Partition, HandAnnotationsAreKept) {
  const std::string source = "k(X, Y) :-\n    add(X, 1, A @ any(5)) @ to(5),\n    add(Y, 1, B),\n"
                             "    writeln(A - B).\n";
  EXPECT_EQ(annotated(source), source);
}

const char* kSieve =
    "sift([], Ps) :- Ps = [].\n"
    "sift([P|Xs], Ps) :- Ps = [P|Ps1], filter(P, Xs, Ys), sift(Ys, Ps1).\n"
    "filter(_, [], Ys) :- Ys = [].\n"
    "filter(P, [X|Xs], Ys) :- mod(X, P, M), equal(M, 0, Z), filter1(Z, P, X, Xs, Ys).\n"
    "filter1(true, P, _, Xs, Ys) :- filter(P, Xs, Ys).\n"
    "filter1(false, P, X, Xs, Ys) :- Ys = [X|Ys1], filter(P, Xs, Ys1).\n"
    "count([], C0, C) :- C = C0.\n"
    "count([_|Xs], C0, C) :- add(C0, 1, C1), count(Xs, C1, C).\n";

TEST(CallGraph, RecursionAndComponents) {
  const auto a = analyze(std::string(kSieve) + "top(Xs, C) :- sift(Xs, Ps), count(Ps, 0, C).\n");
  const CallGraph calls(a.parsed.program);
  EXPECT_TRUE(calls.recursive({"sift", 2}));
  EXPECT_TRUE(calls.recursive({"filter", 3}));   // through filter1
  EXPECT_TRUE(calls.recursive({"filter1", 5}));
  EXPECT_TRUE(calls.same_component({"filter", 3}, {"filter1", 5}));
  EXPECT_FALSE(calls.same_component({"sift", 2}, {"filter", 3}));
  EXPECT_FALSE(calls.recursive({"top", 2}));
  EXPECT_FALSE(calls.recursive({"mod", 3}));   // a builtin: a leaf
}

TEST(Partition, PipelineStageSplitsAtItsStream) {
  // sift calls itself again and spawns filter (a process of another component), joined by
  // the stream Ys: sift moves with Ys to the least-loaded IU, filter stays next to Xs.
  const std::string out = annotated(kSieve);
  // (Its output Ps is also built where Ps lives: on(2), see OutputStreamIsBuiltWhereItIsRead.)
  EXPECT_NE(out.find("sift([P|Xs], Ps @ on(2)) :-\n"
                     "    Ps = ([P|Ps1 @ to(2)] @ to(2)),\n"
                     "    filter(P, Xs, Ys @ any(1)),\n"
                     "    sift(Ys, Ps1) @ to(1).\n"),
            std::string::npos)
      << out;
  // Loops over a stream (count, filter1) stay where they are.
  EXPECT_NE(out.find("count([_|Xs], C0, C) :-\n    add(C0, 1, C1),\n    count(Xs, C1, C).\n"),
            std::string::npos)
      << out;
  // Without the call graph (a clause on its own) the one walk stays local.
  const auto a = analyze(kSieve);
  const auto& clause = std::get<frontend::Clause>(a.parsed.program.items[1]);
  EXPECT_EQ(partition(clause, a.modes).walks.size(), 1U);
  const CallGraph calls(a.parsed.program);
  const auto p = partition(clause, a.modes, &calls);
  ASSERT_EQ(p.walks.size(), 2U);
  EXPECT_EQ(p.pipeline_stream, "Ys");
  EXPECT_EQ(p.pipeline_process, "filter/3");
}

TEST(Partition, PipelineStageWhenTheRecursionFeedsTheProcess) {
  // nrev: the recursive call produces Ys1, which append (another component) consumes.
  EXPECT_EQ(annotated("nrev([], Ys) :- Ys = [].\n"
                      "nrev([X|Xs], Ys) :- nrev(Xs, Ys1), app(Ys1, [X], Ys).\n"
                      "app([], Ys, Zs) :- Zs = Ys.\n"
                      "app([X|Xs], Ys, Zs) :- Zs = [X|Zs1], app(Xs, Ys, Zs1).\n"),
            "nrev([], Ys) :-\n    Ys = [].\n"
            "nrev([X|Xs], Ys) :-\n    nrev(Xs, Ys1 @ any(1)),\n    app(Ys1, [X], Ys) @ to(1).\n\n"
            "app([], Ys, Zs) :-\n    Zs = Ys.\n"
            "app([X|Xs], Ys, Zs @ on(1)) :-\n    Zs = ([X|Zs1 @ to(1)] @ to(1)),\n"
            "    app(Xs, Ys, Zs1).\n");
}

TEST(Partition, OutputStreamIsBuiltWhereItIsRead) {
  // filter1 binds its output Ys to a new cell whose tail the recursion goes on binding: the
  // cell and the tail are allocated on the IU that holds Ys (its reader's), on(1) naming it.
  const std::string out = annotated(kSieve);
  EXPECT_NE(out.find("filter1(false, P, X, Xs, Ys @ on(1)) :-\n"
                     "    Ys = ([X|Ys1 @ to(1)] @ to(1)),\n"
                     "    filter(P, Xs, Ys1).\n"),
            std::string::npos)
      << out;
  // An output bound to a structure that no recursive call goes on with: nothing to follow.
  EXPECT_EQ(annotated("pair(X, P) :- add(X, 1, Y), P = f(X, Y).\n"),
            "pair(X, P) :-\n    add(X, 1, Y),\n    P = f(X, Y).\n");
  // The annotated program still parses and is canonical.
  const auto again = frontend::parse_source("again.fl", out);
  EXPECT_TRUE(again.ok());
  EXPECT_EQ(frontend::print_program(again.program), out);
}

TEST(Partition, NoStageWithoutAStreamBetweenRecursionAndProcess) {
  // walk/3 calls itself and a process (len) on one walk, but what len binds reaches the
  // recursion only through a builtin (a number, not a stream): no pipeline, local.
  const std::string source =
      "walk([], Acc, N) :- N = Acc.\n"
      "walk([X|Xs], Acc, N) :- len(X, L), add(Acc, L, Acc1), walk(Xs, Acc1, N).\n"
      "len([], N) :- N = 0.\n"
      "len([_|T], N) :- len(T, M), add(M, 1, N).\n";
  const auto out = annotated(source);
  EXPECT_EQ(out.find("@"), std::string::npos) << out;
}

TEST(Partition, DataflowEdges) {
  const auto a = analyze("m(X, Y) :- add(X, 1, T), Y = [T].\n");
  const auto& clause = std::get<frontend::Clause>(a.parsed.program.items.front());
  const auto g = dataflow(clause, a.modes);
  ASSERT_EQ(g.goals.size(), 2U);
  EXPECT_EQ(g.goals[0].needs, (std::vector<std::string>{"X"}));
  EXPECT_EQ(g.goals[0].binds, (std::vector<std::string>{"T"}));
  EXPECT_EQ(g.goals[1].binds, (std::vector<std::string>{"Y"}));
  EXPECT_EQ(g.new_variables, (std::vector<std::string>{"T"}));
  const std::string dot = dataflow_dot(a.parsed.program, a.modes);
  EXPECT_NE(dot.find("digraph"), std::string::npos);
  EXPECT_NE(dot.find("cluster_0"), std::string::npos);
}

// A predicate waits for an argument its heads match or a builtin of its bodies needs; one it
// only passes on to other predicates (an accumulator) it does not.
TEST(Modes, WaitsForMatchedAndBuiltinInputsOnly) {
  const auto a = analyze(
      "loop([X|Xs], A0, A) :- work(X, A0, A1), loop(Xs, A1, A).\n"
      "loop([], A0, A) :- A = A0.\n"
      "work(X, A0, A) :- add(A0, X, A).\n");
  EXPECT_EQ(modes_of(a, "loop", 3), "??*");  // A0 is needed at last (by the add of work)
  EXPECT_TRUE(a.modes.waits_for({"loop", 3}, 0));
  EXPECT_FALSE(a.modes.waits_for({"loop", 3}, 1));  // but loop never waits for it
  EXPECT_TRUE(a.modes.waits_for({"work", 3}, 0));
  EXPECT_TRUE(a.modes.waits_for({"work", 3}, 1));
  EXPECT_TRUE(a.modes.waits_for({"add", 3}, 0));  // a builtin waits for its inputs
}

// The next round of a loop runs at the same time as the goal that makes the accumulator it
// only passes on, and stays here (the walk handed out gets the label); a value a builtin
// computes keeps its consumer on its walk.
TEST(Partition, LoopDoesNotWaitForItsAccumulator) {
  const std::string loop =
      "loop([X|Xs], A0, A) :- work(X, A0, A1), loop(Xs, A1, A).\n"
      "loop([], A0, A) :- A = A0.\n"
      "work(X, A0, A) :- add(A0, X, A).\n";
  EXPECT_EQ(annotated(loop),
            "loop([X|Xs], A0, A) :-\n"
            "    work(X, A0, A1 @ any(1)) @ to(1),\n"
            "    loop(Xs, A1, A).\n"
            "loop([], A0, A) :-\n    A = A0.\n\n"
            "work(X, A0, A) :-\n    add(A0, X, A).\n");
  const std::string count = "count([_|Xs], C0, C) :- add(C0, 1, C1), count(Xs, C1, C).\n"
                            "count([], C0, C) :- C = C0.\n";
  EXPECT_EQ(annotated(count).find("@"), std::string::npos) << annotated(count);
}

// Grain size: a clause whose goals a caller already places keeps its builtin-only walks with
// their consumer (Figure 7's split of the same clause alone: Figure5GivesFigure7).
TEST(Partition, BuiltinWalksStayWithTheirConsumerWhenACallerPlacesTheGoal) {
  const std::string source =
      "go([X|Xs], A0, A) :- test(X, A0, A1), go(Xs, A1, A).\n"
      "go([], A0, A) :- A = A0.\n"
      "test(X, A0, A) :- add(X, 1, S), equal(S, 3, R1), sub(X, 1, D), equal(D, 3, R2),\n"
      "  pick(R1, R2, A0, A).\n"
      "pick(true, _, A0, A) :- add(A0, 1, A).\n"
      "pick(false, true, A0, A) :- add(A0, 1, A).\n"
      "pick(false, false, A0, A) :- A = A0.\n";
  const auto out = annotated(source);
  EXPECT_NE(out.find("test(X, A0, A1 @ any(1)) @ to(1)"), std::string::npos) << out;
  EXPECT_NE(out.find("test(X, A0, A) :-\n    add(X, 1, S),\n    equal(S, 3, R1),\n"
                     "    sub(X, 1, D),\n    equal(D, 3, R2),\n    pick(R1, R2, A0, A).\n"),
            std::string::npos)
      << out;
  {  // --explain says why
    const auto a = analyze(source);
    std::string why;
    static_cast<void>(annotate(a.parsed.program, a.modes, &why));
    EXPECT_NE(why.find("go(Xs, A1, A) does not wait for A1"), std::string::npos) << why;
    EXPECT_NE(why.find("walk: go(Xs, A1, A) (stays here: the loop goes on"), std::string::npos)
        << why;
    EXPECT_NE(why.find("a caller places test/3: 1 walk(s) of builtins only stay"),
              std::string::npos)
        << why;
  }
  // The same clause without the caller splits as Figure 7 does.
  const auto alone = annotated(source.substr(source.find("\ntest(") + 1));
  EXPECT_NE(alone.find("add(X, 1, S @ any(1)) @ to(1)"), std::string::npos) << alone;
  EXPECT_NE(alone.find("pick(R1, R2, A0, A) @ to(2)"), std::string::npos) << alone;
}

}  // namespace
}  // namespace fleng::analyzer
