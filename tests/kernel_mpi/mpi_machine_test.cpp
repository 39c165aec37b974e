// The mpi engine (kernel/mpi_machine.hpp) as a user runs it: `mpirun -np R fleng run ...
// --engine mpi`. Output of every rank on one stream, deadlocks and errors reported once (by
// rank 0, with the IU and the rank), halt/1's code, streams between ranks in bounded memory,
// conflicting bindings from two ranks, and the bad inputs.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "../app/command_output.hpp"

namespace {

using fleng::test::Outcome;

std::string write_program(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("fleng-mpi-test-" + std::to_string(getpid()) + "-" + name + ".fl");
  std::ofstream(path) << text;
  return path.string();
}

/// `fleng run FILE ARGS --engine mpi` on `ranks` ranks; stdout only, or with stderr.
Outcome mpi(int ranks, const std::string& file, const std::string& arguments, bool with_stderr = false) {
  return fleng::test::run_command(std::string(MPIRUN) + " --allow-run-as-root --oversubscribe -np " +
                                  std::to_string(ranks) + " " + FLENG_BINARY + " run " + file +
                                  " --engine mpi " + arguments + (with_stderr ? " 2>&1" : " 2>/dev/null"));
}

/// A producer of the numbers 1..Max and a consumer summing them (a stream).
constexpr const char* kProduceAndSum = R"(
produce(N, Max, Xs) :- '>'(N, Max, Done), produce(Done, N, Max, Xs).
produce(true, _, _, Xs) :- Xs = [].
produce(false, N, Max, Xs) :- Xs = [N|Xs1], N1 is N + 1, produce(N1, Max, Xs1).
sum([], S0, S) :- S = S0.
sum([X|Xs], S0, S) :- S1 is S0 + X, sum(Xs, S1, S).
)";

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(MpiMachine, EveryRanksOutputReachesRankZero) {
  const auto file = write_program("output", R"(
main :- hello(0) @ node(0), hello(1) @ node(1), hello(2) @ node(2), hello(3) @ node(3).
hello(N) :- writeln(from(N)).
)");
  const auto r = mpi(4, file, "");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* line : {"from(0)\n", "from(1)\n", "from(2)\n", "from(3)\n"}) {
    EXPECT_EQ(count(r.output, line), 1U) << r.output;
  }
  std::filesystem::remove(file);
}

TEST(MpiMachine, AStreamBetweenRanksGivesTheAnswerOfOneMachine) {
  // A producer on IU 0, a consumer on IU 1 (another rank): every element crosses.
  const auto file = write_program("stream", std::string(R"(
main :- produce(1, 20000, Xs), sum(Xs, 0, S) @ node(1), writeln(S).
)") + kProduceAndSum);
  // A heap of 1 MiB per IU: the export and import tables keep only what is still unbound, so
  // 20000 elements (far more than fits at once) pass.
  const auto r = mpi(2, file, "--heap 1 --stats json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.substr(0, 10), "200010000\n") << r.output;
  EXPECT_NE(r.output.find("\"exports\""), std::string::npos) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, ADeadlockAcrossRanksIsReportedOnce) {
  const auto file = write_program("deadlock", R"(
main :- wait(X) @ node(0), wait(Y) @ node(1), pair(X, Y) @ node(1).
wait(go) :- true.
pair(a, b) :- true.
)");
  const auto r = mpi(2, file, "", true);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(count(r.output, "deadlock: 3 goals suspended"), 1U) << r.output;
  EXPECT_EQ(count(r.output, "[IU 0] wait("), 1U) << r.output;
  EXPECT_EQ(count(r.output, "[IU 1] wait("), 1U) << r.output;
  EXPECT_EQ(count(r.output, "[IU 1] pair("), 1U) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, AnErrorOnAnotherRankIsReportedOnceWithItsRank) {
  const auto file = write_program("error", R"(
main :- writeln(before), fail_here @ node(1).
fail_here :- X is foo + 1, writeln(X).
)");
  const auto r = mpi(2, file, "", true);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(count(r.output, "type error: expected an arithmetic expression, found foo (on IU 1, rank 1)\n"), 1U)
      << r.output;
  EXPECT_EQ(count(r.output, "before\n"), 1U) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, HaltOnAnotherRankEndsTheRunWithItsCode) {
  const auto file = write_program("halt", R"(
main :- stop @ node(1).
stop :- halt(3).
)");
  const auto r = mpi(2, file, "", true);
  EXPECT_EQ(r.exit_code, 3) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, ConflictingBindingsFromTwoRanksAreAUnificationFailure) {
  const auto file = write_program("conflict", R"(
main :- bind_b(X) @ node(1), X = a, writeln(X).
bind_b(X) :- X = b.
)");
  const auto r = mpi(2, file, "", true);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("unification failed"), std::string::npos) << r.output;
  EXPECT_EQ(count(r.output, "error:"), 1U) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, FewerIusThanRanksIsAnErrorSaidOnce) {
  const auto file = write_program("few", "main :- writeln(hi).\n");
  const auto r = mpi(2, file, "--ius 1", true);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(count(r.output, "--ius 1 is fewer than the 2 MPI ranks"), 1U) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, ALoadErrorIsSaidOnce) {
  const auto file = write_program("syntax", "main :- writeln(hi.\n");
  const auto r = mpi(2, file, "", true);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(count(r.output, "error"), 1U) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, ARankThatDiesStopsTheOthersWithinSeconds) {
  // Rank 0 loops for ever; rank 1 is killed (kill -9) a moment after the start.
  const auto file = write_program("killed", "main :- loop(0).\nloop(N) :- N1 is N + 1, loop(N1).\n");
  const std::string script =
      std::string(MPIRUN) + " --allow-run-as-root --oversubscribe -np 2 " + FLENG_BINARY + " run " +
      file + " --engine mpi & m=$!; "
      // Both ranks started (at most 30 s on a loaded machine), a moment of running, then kill.
      "for i in $(seq 300); do [ $(pgrep -P $m | wc -l) -ge 2 ] && break; sleep 0.1; done; sleep 1; "
      "kill -9 $(pgrep -P $m | sort -n | tail -1) || kill -TERM $m; "
      "s=$(date +%s); wait $m; status=$?; echo \"status $status after $(( $(date +%s) - s )) s\"";
  const auto r = fleng::test::run_command("bash -c '" + script + "' 2>&1");
  EXPECT_NE(r.output.find("exited on signal 9"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("status 0 "), std::string::npos) << r.output;
  const auto at = r.output.find(" after ");
  ASSERT_NE(at, std::string::npos) << r.output;
  EXPECT_LT(std::stoi(r.output.substr(at + 7)), 10) << r.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, TheIusOfARankRunOnItsWorkersWithTheAnswersOfOne) {
  // 4 IUs on one rank with 2 workers (oneTBB threads), then 4 IUs on each of 2 ranks: queens 8
  // spreads over them, and a stream between IUs of one rank (IU 0 to IU 1) as between ranks.
  const auto file = write_program("workers", std::string(R"(
main :- queens(8, N), produce(1, 20000, Xs), sum(Xs, 0, S) @ node(1), T is N + S, writeln(T).
queens(N, Count) :- numbers(1, N, Ns), place(Ns, [], Qs), count(Qs, 0, Count).
numbers(I, N, Ns) :- '>'(I, N, Done), numbers(Done, I, N, Ns).
numbers(true, _, _, Ns) :- Ns = [].
numbers(false, I, N, Ns) :- Ns = [I|Ns1], I1 is I + 1, numbers(I1, N, Ns1).
place([], Placed, Qs) :- Qs = [Placed].
place([N|Ns], Placed, Qs) :- try([N|Ns], [], Placed, Qs).
try([], _, _, Qs) :- Qs = [].
try([N|Ns], Rest, Placed, Qs) :-
  safe(Placed, N, 1, Ok),
  choose(Ok, N, Ns, Rest, Placed, Qs1),
  try(Ns, [N|Rest], Placed, Qs2),
  append(Qs1, Qs2, Qs).
choose(true, N, Ns, Rest, Placed, Qs) :- append(Rest, Ns, Free), place(Free, [N|Placed], Qs).
choose(false, _, _, _, _, Qs) :- Qs = [].
safe([], _, _, Ok) :- Ok = true.
safe([Q|Qs], N, D, Ok) :-
  Up is Q + D, Down is Q - D,
  '=:='(Up, N, A), '=:='(Down, N, B), '=:='(Q, N, C),
  safe(A, B, C, Qs, N, D, Ok).
safe(false, false, false, Qs, N, D, Ok) :- D1 is D + 1, safe(Qs, N, D1, Ok).
safe(true, _, _, _, _, _, Ok) :- Ok = false.
safe(_, true, _, _, _, _, Ok) :- Ok = false.
safe(_, _, true, _, _, _, Ok) :- Ok = false.
count([], C0, C) :- C = C0.
count([_|Xs], C0, C) :- C1 is C0 + 1, count(Xs, C1, C).
)") + kProduceAndSum);
  const auto one = fleng::test::run_command(std::string(FLENG_BINARY) + " run " + file +
                                            " --engine mpi --ius 4 --workers 2 --stats json 2>&1");
  EXPECT_EQ(one.exit_code, 0) << one.output;
  // 92 solutions, and 200010000 the sum of 1..20000.
  EXPECT_EQ(one.output.substr(0, 17), "200010092\n{\"binds") << one.output;
  EXPECT_NE(one.output.find("\"workers\":2"), std::string::npos) << one.output;
  const auto two = mpi(2, file, "--ius 8 --workers 2 --heap 4");
  EXPECT_EQ(two.exit_code, 0) << two.output;
  EXPECT_EQ(two.output, "200010092\n");
  // More workers than the rank's IUs would have nothing to do: as many as IUs.
  const auto capped = fleng::test::run_command(std::string(FLENG_BINARY) + " run " + file +
                                               " --engine mpi --ius 1 --workers 4 --stats json 2>&1");
  EXPECT_NE(capped.output.find("\"workers\":1"), std::string::npos) << capped.output;
  std::filesystem::remove(file);
}

TEST(MpiMachine, WithoutMpirunItRunsAsOneRank) {
  const auto file = write_program("alone", "main :- X is 6 * 7, writeln(X).\n");
  const auto r = fleng::test::run_command(std::string(FLENG_BINARY) + " run " + file +
                                          " --engine mpi --stats text 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("42\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("mpi engine: 1 IUs on 1 ranks"), std::string::npos) << r.output;
  std::filesystem::remove(file);
}

}  // namespace
