// kernel::Session: loading, queries and their bindings, exit codes, the error and deadlock
// reports (docs/engine.md), parse errors in queries, memory limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using test::SessionTest;

// --- bindings --------------------------------------------------------------------------------------

TEST_F(SessionTest, BindingsOfNamedVariablesInOrderOfAppearance) {
  const auto r = query("X = [1,2,3], Y = f(X, 'hello world'), Z = \"ab\"");
  EXPECT_EQ(r.status, vm::RunStatus::Success);
  EXPECT_EQ(r.exit_code, kExitSuccess);
  EXPECT_EQ(r.report, "");
  ASSERT_EQ(r.bindings.size(), 3U);
  EXPECT_EQ(r.bindings[0], (std::pair<std::string, std::string>{"X", "[1,2,3]"}));
  EXPECT_EQ(r.bindings[1], (std::pair<std::string, std::string>{"Y", "f([1,2,3],'hello world')"}));
  EXPECT_EQ(r.bindings[2], (std::pair<std::string, std::string>{"Z", "[97,98]"}));
}

TEST_F(SessionTest, UnboundVariablesPrintAsGNumbers) {
  const auto r = query("X = f(Y, Y, Z)");
  EXPECT_EQ(r.exit_code, kExitSuccess);
  const std::string y = binding(r, "Y");
  const std::string z = binding(r, "Z");
  EXPECT_TRUE(std::regex_match(y, std::regex("_G[0-9]+"))) << y;
  EXPECT_TRUE(std::regex_match(z, std::regex("_G[0-9]+"))) << z;
  EXPECT_NE(y, z);
  EXPECT_EQ(binding(r, "X"), "f(" + y + "," + y + "," + z + ")");
}

TEST_F(SessionTest, UnderscoreVariablesAreNotReported) {
  const auto r = query("_Hidden = 1, X = 2, _ = 3");
  ASSERT_EQ(r.bindings.size(), 1U);
  EXPECT_EQ(r.bindings[0].first, "X");
  EXPECT_EQ(r.bindings[0].second, "2");
}

TEST_F(SessionTest, QueryWithAndWithoutFinalDot) {
  EXPECT_EQ(value("X = a."), "a");
  EXPECT_EQ(value("X = b.  \n"), "b");
  EXPECT_EQ(value("X = c"), "c");
}

TEST_F(SessionTest, VariablesBoundByGoalsOfALoadedProgram) {
  ASSERT_TRUE(load("double(X, Y) :- mul(X, 2, Y).\npair(A, B, P) :- P = A - B.\n"));
  EXPECT_EQ(value("double(21, X)"), "42");
  EXPECT_EQ(value("pair(1, x, X)"), "1-x");
  EXPECT_EQ(value("double(2, A), double(A, B), pair(A, B, X)"), "4-8");
}

TEST_F(SessionTest, BindingsArePrintedAfterErrorsToo) {
  const auto r = query("X = 1, Y = 2, Y = 3");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(binding(r, "X"), "1");
}

// --- exit codes ------------------------------------------------------------------------------------

TEST_F(SessionTest, ExitCodes) {
  EXPECT_EQ(query("true").exit_code, kExitSuccess);
  EXPECT_EQ(query("X = 1, X = 2").exit_code, kExitError);
  EXPECT_EQ(query("wait(X, _)").exit_code, kExitDeadlock);
  const auto halted = query("halt(3)");
  EXPECT_EQ(halted.status, vm::RunStatus::Halt);
  EXPECT_EQ(halted.exit_code, 3);
  EXPECT_EQ(halted.report, "");
  EXPECT_EQ(query("halt(0)").exit_code, 0);
  EXPECT_EQ(query("X = 7, halt(X)").exit_code, 7);
}

TEST_F(SessionTest, HaltWaitsForItsCode) {
  const auto r = query("halt(X)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  ASSERT_TRUE(load("main(C) :- wait(C, D), go(D, C).\ngo([], C) :- halt(C).\n"));
  EXPECT_EQ(query("main(C), C = 5").exit_code, 5);
}

TEST_F(SessionTest, HaltStopsTheRun) {
  ASSERT_TRUE(load("loop(N) :- add(N, 1, N1), loop(N1).\n"));
  const auto r = query("halt(4), loop(0)");
  EXPECT_EQ(r.exit_code, 4);
}

TEST_F(SessionTest, CountersAndStatistics) {
  ASSERT_TRUE(load("count(0).\ncount(N) :- greater(N, 0, C), count1(C, N).\n"
                   "count1(true, N) :- sub(N, 1, M), count(M).\n"));
  const auto r = query("count(100)");
  EXPECT_EQ(r.exit_code, kExitSuccess);
  EXPECT_EQ(r.counters.reductions, 1U + 101U + 100U);  // the query, count/1, count1/2
  EXPECT_GE(r.counters.builtin_calls, 200U);
  EXPECT_EQ(r.counters.suspensions, 0U);
  EXPECT_GT(r.peak_heap_bytes, 0U);
}

// --- deadlock reports ------------------------------------------------------------------------------

TEST_F(SessionTest, DeadlockReportOfOneGoal) {
  const auto r = query("less(X, 1, R)");
  EXPECT_EQ(r.status, vm::RunStatus::Deadlock);
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  less(X, 1, R)  waiting on X\n");
}

TEST_F(SessionTest, DeadlockReportListsEveryGoalAndItsVariables) {
  ASSERT_TRUE(load("q(a, b).\n"));
  const auto r = query("q(X, Y), writeln(f(Y))");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  const std::string& report = r.report;
  EXPECT_EQ(report.rfind("deadlock: 2 goals suspended\n", 0), 0U) << report;
  EXPECT_NE(report.find("  q(X, Y)  waiting on X, Y\n"), std::string::npos) << report;
  EXPECT_NE(report.find("  writeln(f(Y))  waiting on Y\n"), std::string::npos) << report;
}

TEST_F(SessionTest, DeadlockReportShowsAtMostTwentyGoals) {
  ASSERT_TRUE(load("p(a).\nmany(0).\nmany(N) :- greater(N, 0, C), many1(C, N).\n"
                   "many1(true, N) :- p(_), sub(N, 1, N1), many(N1).\n"));
  const auto r = query("many(25)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report.rfind("deadlock: 25 goals suspended\n", 0), 0U) << r.report;
  EXPECT_TRUE(r.report.ends_with("  ... and 5 more\n")) << r.report;
  // The header, 20 goals, the "more" line.
  EXPECT_EQ(std::count(r.report.begin(), r.report.end(), '\n'), 22);
  const std::regex line("  p\\((_G[0-9]+)\\)  waiting on (_G[0-9]+)");
  std::smatch match;
  std::string rest = r.report;
  int goals = 0;
  while (std::regex_search(rest, match, line)) {
    EXPECT_EQ(match[1], match[2]);
    ++goals;
    rest = match.suffix();
  }
  EXPECT_EQ(goals, 20);

  EXPECT_EQ(query("many(20)").report.find("more"), std::string::npos);
}

TEST_F(SessionTest, GoalsThatSuspendAndWakeDoNotDeadlock) {
  // A goal that suspends and is woken does not deadlock.
  EXPECT_EQ(query("wait(X, D), X = 1").exit_code, kExitSuccess);
  EXPECT_EQ(query("equal(X, Y, R), X = a, Y = b").exit_code, kExitSuccess);
}

TEST_F(SessionTest, AListClauseEnteredByTheIndexGivesWayToTheNextClauses) {
  // The prologue matches the first list clause's [X|Xs] itself (Entry::cons_body); a later
  // mismatch or block in that head must still try the next clauses, and a goal blocked by
  // both suspends on the variable and is woken.
  ASSERT_TRUE(load("p([X|_], a, R) :- R = first(X).\n"
                   "p([X|_], b, R) :- R = second(X).\n"
                   "p([], _, R) :- R = empty.\n"));
  EXPECT_EQ(value("p([1,2], a, X)"), "first(1)");
  EXPECT_EQ(value("p([1,2], b, X)"), "second(1)");
  EXPECT_EQ(value("p([], b, X)"), "empty");
  EXPECT_EQ(value("p([3], K, X), K = b"), "second(3)");
  const std::string r = error_report("p([4], c, X)");
  EXPECT_NE(r.find("no matching clause for p/3"), std::string::npos) << r;
  const auto d = query("p([5], K, X)");
  EXPECT_EQ(d.exit_code, kExitDeadlock);
  EXPECT_NE(d.report.find("p([5], K, X)  waiting on K"), std::string::npos) << d.report;
}

TEST_F(SessionTest, StreamOutputIntoABoundOrWatchedVariable) {
  // unify_list's inline binding is only for a fresh local variable: a variable already
  // bound, aliased or waited on goes through unification.
  ASSERT_TRUE(load("app([], Ys, Zs) :- Zs = Ys.\n"
                   "app([X|Xs], Ys, Zs) :- Zs = [X|Zs1], app(Xs, Ys, Zs1).\n"
                   "watch([A|_], R) :- R = got(A).\n"));
  EXPECT_EQ(value("app([1,2], [3], X)"), "[1,2,3]");
  EXPECT_EQ(value("Z = [1|T], app([1,2], [3], Z), X = T"), "[2,3]");
  EXPECT_EQ(value("watch(Z, X), app([7], [], Z)"), "got(7)");
  EXPECT_EQ(value("Z = W, app([8], [], Z), X = W"), "[8]");
  const std::string r = error_report("Z = [2|_], app([1], [], Z)");
  EXPECT_NE(r.find("unification failed"), std::string::npos) << r;
}

// --- error reports ---------------------------------------------------------------------------------

TEST_F(SessionTest, NoMatchingClauseReportsTheGoalAndThePredicate) {
  ASSERT_TRUE(load("p(a).\np(b).\n"));
  const auto r = query("p(c)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(r.report, path + ":1:1: error: no matching clause for p/1\n  goal: p(c)\n");
}

TEST_F(SessionTest, UndefinedPredicateIsReportedAtItsFirstCall) {
  ASSERT_TRUE(load("main :-\n    writeln(start),\n    missing(1, X),\n    writeln(X).\n"));
  const auto r = query("main");
  // The goal names the clause's variable X, and the report says where the goal was made.
  EXPECT_EQ(r.report, path + ":3:5: error: undefined predicate missing/2\n  goal: missing(1, X)\n" +
                          "  made at " + path + ":3:5 by main/0\n");
  EXPECT_EQ(out.str(), "start\n");
}

TEST_F(SessionTest, RuntimeErrorsInTheQueryCiteTheQueryLine) {
  // The query is line 1 of <goal>.
  EXPECT_EQ(error_report("X = 1, X = 2"), "<goal>:1:8: error: unification failed\n  goal: 1 = 2\n");
  EXPECT_EQ(error_report("add(a, 1, X)"),
            "<goal>:1:1: error: type error: expected a number, found a\n  goal: add(a, 1, _G0)\n");
}

TEST_F(SessionTest, UndefinedPredicateInTheQueryCitesTheQueryLine) {
  EXPECT_EQ(error_report("true, nosuch(1)"),
            "<goal>:1:7: error: undefined predicate nosuch/1\n  goal: nosuch(1)\n");
}

TEST_F(SessionTest, ErrorsInsideAProgramCiteTheCallSite) {
  ASSERT_TRUE(load("main :-\n    X = 0,\n    div(10, X, Y),\n    writeln(Y).\n"
                   "bad(X) :- X = 1, X = 2.\n"));
  EXPECT_EQ(error_report("main"),
            path + ":3:5: error: division by zero in div/3\n  goal: div(10, 0, _)\n");
  EXPECT_EQ(error_report("bad(X)"), path + ":5:18: error: unification failed\n  goal: 1 = 2\n");
}

TEST_F(SessionTest, ErrorOneStopsWithItsMessage) {
  ASSERT_TRUE(load("check(X) :- less(X, 0, C), check1(C).\ncheck1(true) :- error('negative!').\n"
                   "check1(false).\n"));
  EXPECT_EQ(query("check(1)").exit_code, kExitSuccess);
  const std::string report = error_report("check(-1)");
  EXPECT_EQ(report, path + ":2:17: error: negative!\n  goal: error('negative!')\n");
}

TEST_F(SessionTest, OutputBeforeAnErrorIsKept) {
  ASSERT_TRUE(load("go :- writeln(one, D), go1(D).\ngo1([]) :- error(two).\n"));
  const auto r = query("go");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(out.str(), "one\n");
}

// --- parse errors in queries and files -------------------------------------------------------------

TEST_F(SessionTest, QuerySyntaxErrorIsReportedAndNothingRuns) {
  const auto r = query("writeln(a), foo(");
  EXPECT_EQ(r.status, vm::RunStatus::Error);
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.report.find("<goal>:"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("error: "), std::string::npos) << r.report;
  EXPECT_EQ(out.str(), "");
  EXPECT_TRUE(r.bindings.empty());
}

TEST_F(SessionTest, QuerySyntaxErrorLocationIsInTheQuery) {
  const auto r = query("p(X) :- q");
  EXPECT_EQ(r.report,
            "<goal>:1:6: error: unexpected ':-', expected end of clause ('.'), ',' or an "
            "operator\np(X) :- q\n     ^\n");
}

TEST_F(SessionTest, QuerySyntaxErrorAtTheEndIsInTheQueryLine) {
  const auto r = query("foo(");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(r.report, "<goal>:1:5: error: unexpected end of the goal, expected a term\nfoo(\n    ^\n");
}

TEST_F(SessionTest, VariableOrNumberAsAGoalIsAnError) {
  EXPECT_EQ(query("X").report,
            "<goal>:1:1: error: a variable (X) cannot be a body goal; use call(X)\nX\n^\n");
  EXPECT_EQ(query("1").exit_code, kExitError);
}

TEST_F(SessionTest, LoadReportsSyntaxErrorsWithFileLineColumn) {
  EXPECT_FALSE(load("main :- syntax error here.\n"));
  EXPECT_EQ(err.str(), path +
                           ":1:16: error: unexpected atom 'error', expected end of clause ('.'), "
                           "',' or an operator\nmain :- syntax error here.\n               ^\n");
}

TEST_F(SessionTest, LoadOfAMissingFileFails) {
  EXPECT_FALSE(session().load({"/nonexistent/dir/prog.fl"}));
  EXPECT_NE(err.str().find("/nonexistent/dir/prog.fl"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("cannot open"), std::string::npos) << err.str();
}

TEST_F(SessionTest, FailedLoadKeepsThePreviousProgram) {
  ASSERT_TRUE(load("v(1).\n"));
  EXPECT_FALSE(load("v(2) :- .\n"));
  EXPECT_EQ(query("v(1)").exit_code, kExitSuccess);
}

TEST_F(SessionTest, ReloadReadsTheFilesAgain) {
  ASSERT_TRUE(load("v(X) :- X = old.\n"));
  EXPECT_EQ(value("v(X)"), "old");
  std::ofstream(path) << "v(X) :- X = new.\n";
  ASSERT_TRUE(session().reload());
  EXPECT_EQ(value("v(X)"), "new");
  EXPECT_EQ(session().files(), std::vector<std::string>{path});
}

TEST_F(SessionTest, SeveralFilesMakeOneProgram) {
  const auto a = write_file("a(X) :- b(X).\n", "a");
  const auto b = write_file("b(X) :- X = from_b.\n", "b");
  ASSERT_TRUE(session().load({a, b}));
  EXPECT_EQ(value("a(X)"), "from_b");
}

TEST_F(SessionTest, CompileErrorsFailTheLoad) {
  EXPECT_FALSE(load("p :- q(X @ any(70)) @ to(70).\nq(_).\n"));
  EXPECT_NE(err.str().find(":1:6: error: placement label 70 is out of range 0..63"), std::string::npos)
      << err.str();
}

TEST_F(SessionTest, ListingAndDisassembly) {
  ASSERT_TRUE(load("p(X) :- q(X), r(X).\nq(_).\nr(_).\n"));
  EXPECT_EQ(session().listing("p", 1), "p(X) :-\n    q(X),\n    r(X).\n");
  EXPECT_EQ(session().listing("nothing", std::nullopt), "");
  const std::string code = session().disassembly();
  EXPECT_NE(code.find("p/1:"), std::string::npos) << code;
  EXPECT_NE(code.find("execute"), std::string::npos) << code;
  EXPECT_EQ(code.find("append/3"), std::string::npos);  // library code is not listed
}

TEST_F(SessionTest, QueriesDoNotSeeEachOthersVariables) {
  EXPECT_EQ(value("X = 1"), "1");
  EXPECT_EQ(value("X = 2"), "2");
  EXPECT_EQ(query("X = 1, X = 2").exit_code, kExitError);
  EXPECT_EQ(value("X = 3"), "3");  // an error does not spoil the session
}

// --- memory ----------------------------------------------------------------------------------------

TEST_F(SessionTest, LongStreamRunsInASmallHeap) {
  // 200000 list cells (3.2 MB) pass through a 256 KiB heap: garbage is collected as it goes.
  reopen(test::test_options(std::size_t{1} << 15, std::size_t{1} << 13));
  const auto r = query("numlist(1, 200000, _L), sum_list(_L, S)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "S"), "20000100000");
  EXPECT_GT(r.collections, 5U);
  EXPECT_LE(r.peak_heap_bytes, (std::size_t{1} << 15) * sizeof(vm::Cell));
}

TEST_F(SessionTest, NamedQueryVariablesStayLive) {
  // The same stream, but L is a named variable of the query and must be kept for its binding.
  reopen(test::test_options(std::size_t{1} << 15, std::size_t{1} << 13));
  const auto r = query("numlist(1, 200000, L), sum_list(L, S)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(r.report.rfind("error: heap exhausted: ", 0), 0U) << r.report;
}

TEST_F(SessionTest, LargeAllocationsWithinTheLimitSucceed) {
  // A builtin's single allocation larger than the free space: the heap grows for it.
  const auto r = query("new_vector(300000, 0, V), vector_size(V, N), make_tuple(200000, T), "
                       "arg(200000, T, A), A = last");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "N"), "300000");
}

TEST_F(SessionTest, OneHugeAllocationExhaustsTheHeap) {
  // Larger than the whole heap: exhaustion is reported, after the heap grew to its limit.
  reopen(test::test_options(std::size_t{1} << 15, std::size_t{1} << 13));
  const auto r = query("new_vector(1000000, 0, V)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(r.report.rfind("error: heap exhausted: ", 0), 0U) << r.report;
}

TEST_F(SessionTest, CyclicBindingsCanBePrinted) {
  // No occurs check: X = f(X) and X = [a|X] make cyclic terms. Their bindings must print.
  const auto r = query("X = f(X)");
  EXPECT_EQ(r.exit_code, kExitSuccess);
  EXPECT_EQ(binding(r, "X"), "@(_S1,[_S1=f(_S1)])");
}

TEST_F(SessionTest, CyclicListBindingsCanBePrinted) {
  const auto r = query("X = [a|X]");
  EXPECT_EQ(r.exit_code, kExitSuccess);
  EXPECT_EQ(binding(r, "X"), "@(_S1,[_S1=[a|_S1]])");
}

TEST_F(SessionTest, GcStressGivesTheSameAnswers) {
  vm::IuOptions options = test::test_options();
  options.gc_stress = true;
  reopen(options);
  EXPECT_EQ(value("numlist(1, 300, L), reverse(L, R), nth(100, R, X)"), "201");
  EXPECT_EQ(value("numlist(1, 50, A), numlist(51, 100, B), merge(A, B, M), sum_list(M, X)"), "5050");
}

/// An output buffer that interrupts the session after `after` characters (single-threaded,
/// so the interrupt arrives at a known point of a running query).
class InterruptingBuffer : public std::stringbuf {
 public:
  explicit InterruptingBuffer(std::size_t after) : after_(after) {}
  Session* session = nullptr;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    count_ += static_cast<std::size_t>(n);
    if (count_ >= after_ && session != nullptr) session->interrupt();
    return std::stringbuf::xsputn(s, n);
  }
  int_type overflow(int_type c) override {
    ++count_;
    if (count_ >= after_ && session != nullptr) session->interrupt();
    return std::stringbuf::overflow(c);
  }

 private:
  std::size_t after_;
  std::size_t count_ = 0;
};

TEST_F(SessionTest, InterruptStopsARunningQuery) {
  InterruptingBuffer buffer(100);
  std::ostream interrupting(&buffer);
  Session s(interrupting, err, test::test_options());
  buffer.session = &s;
  const auto file = write_file("loop(N) :- writeln(N), add(N, 1, N1), loop(N1).\n");
  ASSERT_TRUE(s.load({file}));
  const auto r = s.run_query("loop(0)");
  EXPECT_EQ(r.status, vm::RunStatus::Interrupted);
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_EQ(r.report, "interrupted\n");
  EXPECT_GE(buffer.str().size(), 50U);
  EXPECT_LT(buffer.str().size(), 1000U);
  // The session is usable afterwards.
  buffer.session = nullptr;
  const auto again = s.run_query("X = 1");
  EXPECT_EQ(again.exit_code, kExitSuccess);
}

}  // namespace
}  // namespace fleng::kernel

namespace fleng::kernel {
namespace {

using test::SessionTest;

// --- the REPL's answers, added clauses, listing of the library, halt ---------------------------------

TEST_F(SessionTest, TheAnswerIsInSwiPrologsLayout) {
  auto r = query("X = f(1, _V), Y = [_V, 2]");
  EXPECT_EQ(r.answer, (std::vector<std::string>{"X = f(1, _A)", "Y = [_A, 2]"}));
  r = query("X = f(1, Y)");
  EXPECT_EQ(r.answer, (std::vector<std::string>{"X = f(1, Y)"}));
  r = query("true");
  EXPECT_TRUE(r.answer.empty());
  // write/1 and the bindings of `fleng run`'s callers keep the compact text.
  EXPECT_EQ(value("X = [1, 2]"), "[1,2]");
}

TEST_F(SessionTest, AddedClausesJoinTheProgramUntilTheNextLoad) {
  ASSERT_TRUE(load("base(1).\n"));
  const auto added = session().add_clauses("user", "base(2).\nextra(X) :- X = 3.\n");
  ASSERT_TRUE(added.has_value()) << err.str();
  EXPECT_EQ(*added, 2U);
  EXPECT_EQ(value("extra(X)"), "3");
  EXPECT_EQ(session().listing("base", std::nullopt), "base(1).\nbase(2).\n");
  // An error is located in the added text and nothing of it is added.
  err.str("");
  EXPECT_FALSE(session().add_clauses("user", "ok(1).\nbad(X :- .\n").has_value());
  EXPECT_NE(err.str().find("user:2:"), std::string::npos) << err.str();
  EXPECT_EQ(session().listing("ok", std::nullopt), "");
  // reload() drops the added clauses.
  ASSERT_TRUE(session().reload());
  EXPECT_EQ(session().listing("extra", std::nullopt), "");
  EXPECT_EQ(query("extra(X)").exit_code, kExitError);
}

TEST_F(SessionTest, ListingFindsLibraryPredicatesByName) {
  ASSERT_TRUE(load("main.\n"));
  const std::string append = session().listing("append", 3);
  // Under the file's name, with the comment just above the predicate (not the file's heading).
  EXPECT_TRUE(append.starts_with("% lib/lists.fl\n% append(Xs?, Ys*, Zs^)")) << append;
  EXPECT_NE(append.find("\nappend([], Ys, Zs) :-\n"), std::string::npos) << append;
  EXPECT_EQ(append.find("standard library"), std::string::npos) << append;
  // Not with no name: that is the program's clauses only.
  EXPECT_EQ(session().listing("", std::nullopt), "main.\n");
  // A program's own predicate of a library name is the one listed.
  ASSERT_TRUE(load("append(a, b, c).\n"));
  EXPECT_EQ(session().listing("append", 3), "append(a, b, c).\n");
}

TEST_F(SessionTest, HaltInAQueryIsHaltZero) {
  auto r = query("X = 1, halt");
  EXPECT_EQ(r.status, vm::RunStatus::Halt);
  EXPECT_EQ(r.exit_code, 0);
  // Unless the program defines halt/0.
  ASSERT_TRUE(load("halt :- writeln(mine).\n"));
  r = query("halt");
  EXPECT_EQ(r.status, vm::RunStatus::Success);
  EXPECT_EQ(out.str(), "mine\n");
}

}  // namespace
}  // namespace fleng::kernel
