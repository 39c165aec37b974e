// The threads engine: the simulator's answers for every worker count, IU count, static on/off
// and threshold; a stress of cross-IU bindings and suspensions (run many times, and under
// ThreadSanitizer by scripts/sanitize.sh tsan); the same error, deadlock and halt reports as
// the other engines; collection with all workers stopped; heap exhaustion; statistics.
#include "kernel/threads_machine.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <thread>
#include <ctime>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using test::SessionTest;

class ThreadsTest : public SessionTest {
 protected:
  void threads(unsigned workers, unsigned ius, bool static_on = true, unsigned threshold = 8) {
    auto& engine = session().engine();
    engine.simulated = false;
    engine.threads = true;
    engine.workers = workers;
    engine.machine.ius = ius;
    engine.machine.static_partitioning = static_on;
    engine.machine.threshold = threshold;
  }
};

const char* const kPrimes = test::kAnnotatedPrimes;

// (The golden cases compare every example with the simulator's output: tests/golden/sim, run
// by golden.threads.*; here the one-IU engine gives the answers, so that the sanitizer builds,
// which leave the simulator's fibers out, run this too.)
TEST_F(ThreadsTest, SameAnswersOnEveryConfiguration) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  const auto expected = query("primes(300, Ps), count(Ps, 0, C)");
  ASSERT_EQ(expected.exit_code, kExitSuccess) << expected.report;
  ASSERT_EQ(binding(expected, "C"), "62");
  for (const unsigned workers : {1U, 2U, 4U}) {
    for (const unsigned ius : {1U, 4U, 64U}) {
      for (const bool static_on : {true, false}) {
        for (const unsigned threshold : {1U, 128U}) {
          threads(workers, ius, static_on, threshold);
          const auto r = query("primes(300, Ps), count(Ps, 0, C)");
          const std::string where = std::to_string(workers) + " workers, " +
                                    std::to_string(ius) + " IUs, static " +
                                    (static_on ? "on" : "off") + ", threshold " +
                                    std::to_string(threshold);
          ASSERT_EQ(r.exit_code, kExitSuccess) << where << ": " << r.report;
          EXPECT_EQ(r.bindings, expected.bindings) << where;
          EXPECT_EQ(r.sim_statistics["engine"], "threads");
          EXPECT_EQ(r.sim_statistics["ius"], ius);
          EXPECT_EQ(r.sim_statistics["workers"], workers);
        }
      }
    }
  }
}

// Every goal to the least-loaded IU (static off, threshold high): long chains of variables
// bound to variables of other IUs, accumulators threaded through goals on many IUs, goals
// suspending on variables of other IUs and woken from there, a stream merged from many IUs.
const char* kCrossIu = R"(
chain(0, A0, A) :- A = A0.
chain(N, A0, A) :- less(0, N, C), chain1(C, N, A0, A).
chain1(true, N, A0, A) :- sub(N, 1, N1), link(A0, A1), step(A1, A2), chain(N1, A2, A).
chain1(false, _, A0, A) :- A = A0.
link(A0, A1) :- A1 = A0.
step(A0, A1) :- add(A0, 1, A1).
producers(0, S) :- S = [].
producers(N, S) :- less(0, N, C), producers1(C, N, S).
producers1(true, N, S) :- sub(N, 1, N1), merge(S1, S2, S), emit(N, 20, S1), producers(N1, S2).
producers1(false, _, S) :- S = [].
emit(_, 0, S) :- S = [].
emit(K, N, S) :- less(0, N, C), emit1(C, K, N, S).
emit1(true, K, N, S) :- S = [K|S1], sub(N, 1, N1), emit(K, N1, S1).
emit1(false, _, _, S) :- S = [].
sum([], T0, T) :- T = T0.
sum([X|Xs], T0, T) :- add(T0, X, T1), sum(Xs, T1, T).
)";

TEST_F(ThreadsTest, CrossIuBindingsAndSuspensionsStress) {
  ASSERT_TRUE(load(kCrossIu)) << err.str();
  // 40 producers of 20 elements each: sum = 20 * (1 + ... + 40) = 16400.
  for (int run = 0; run < 25; ++run) {
    const unsigned workers = run % 2 == 0 ? 4 : 2;
    threads(workers, run % 3 == 0 ? 64 : 16, false, 128);
    const auto r = query("chain(300, 0, A), producers(40, S), sum(S, 0, T)");
    ASSERT_EQ(r.exit_code, kExitSuccess) << "run " << run << ": " << r.report;
    EXPECT_EQ(binding(r, "A"), "300") << "run " << run;
    EXPECT_EQ(binding(r, "T"), "16400") << "run " << run;
    EXPECT_GT(r.sim_statistics["messages"].get<std::uint64_t>(), 0U);
  }
}

TEST_F(ThreadsTest, ErrorsNameTheIuAndStopTheRun) {
  ASSERT_TRUE(load("p(X) :- X = 1.\nq(X) :- X = 2.\nspin(N) :- add(N, 1, N1), spin(N1).\n"))
      << err.str();
  threads(2, 4, false, 128);
  const auto r = query("p(X), q(X), spin(0)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.report.find("unification failed"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("(on IU "), std::string::npos) << r.report;
}

TEST_F(ThreadsTest, DeadlockReportListsTheSuspendedGoals) {
  ASSERT_TRUE(load("p(a, Y) :- Y = ok.\n")) << err.str();
  threads(2, 4);
  const auto r = query("p(X, Y)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_NE(r.report.find("deadlock: 1 goal suspended"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("p(X, Y)  waiting on X"), std::string::npos) << r.report;
}

TEST_F(ThreadsTest, HaltStopsAllWorkersWithItsCode) {
  ASSERT_TRUE(load("spin(N) :- add(N, 1, N1), spin(N1).\n")) << err.str();
  threads(2, 4);
  const auto r = query("spin(0), halt(3)");
  EXPECT_EQ(r.status, vm::RunStatus::Halt);
  EXPECT_EQ(r.exit_code, 3);
}

TEST_F(ThreadsTest, CollectsWithAllWorkersStoppedAndKeepsTheAnswers) {
  // Heaps of at most 2 MiB: primes below 3000 needs many collections on every IU.
  reopen(test::test_options(std::size_t{1} << 18, std::size_t{1} << 16));
  ASSERT_TRUE(load(kPrimes)) << err.str();
  for (const unsigned ius : {1U, 8U}) {
    threads(2, ius, false, 4);
    const auto r = query("primes(3000, Ps), count(Ps, 0, C)");
    ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
    EXPECT_EQ(binding(r, "C"), "430");
    EXPECT_GT(r.sim_statistics["gc_collections"].get<std::uint64_t>(), 0U) << ius << " IUs";
  }
}

TEST_F(ThreadsTest, OneIuRunsOnTheCallingThreadWithTheSameOutcomes) {
  // One IU is run by the thread that asked for the run (no worker wakes): answers,
  // collections, errors, halt and deadlock as with workers.
  reopen(test::test_options(std::size_t{1} << 18, std::size_t{1} << 16));
  ASSERT_TRUE(load(std::string(kPrimes) +
                   "p(X) :- X = 1.\nq(X) :- X = 2.\nspin(N) :- add(N, 1, N1), spin(N1).\n"
                   "w(a, Y) :- Y = ok.\n"))
      << err.str();
  for (const unsigned workers : {1U, 2U}) {
    threads(workers, 1);
    const auto ok = query("primes(3000, Ps), count(Ps, 0, C)");
    ASSERT_EQ(ok.exit_code, kExitSuccess) << ok.report;
    EXPECT_EQ(binding(ok, "C"), "430");
    EXPECT_GT(ok.sim_statistics["gc_collections"].get<std::uint64_t>(), 0U);
    const auto error = query("p(X), q(X)");
    EXPECT_EQ(error.exit_code, kExitError);
    EXPECT_NE(error.report.find("unification failed"), std::string::npos) << error.report;
    const auto halt = query("spin(0), halt(3)");
    EXPECT_EQ(halt.exit_code, 3);
    const auto deadlock = query("w(X, Y)");
    EXPECT_EQ(deadlock.exit_code, kExitDeadlock);
    EXPECT_NE(deadlock.report.find("deadlock: 1 goal suspended"), std::string::npos);
    EXPECT_EQ(value("X = 5"), "5");  // the machine is usable after each of them
  }
}

TEST_F(ThreadsTest, HeapExhaustionIsAnError) {
  reopen(test::test_options(std::size_t{1} << 16, std::size_t{1} << 14));
  ASSERT_TRUE(load("grow(N, L) :- add(N, 1, N1), grow(N1, [N|L]).\n")) << err.str();
  threads(2, 2);
  const auto r = query("grow(0, [])");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.report.find("exhausted"), std::string::npos) << r.report;
}

// Threshold 0: no goal is ever placed on another IU, so only work sharing spreads the tree:
// the IUs without work say they are hungry from the start, and the IU with the tree gives them
// the oldest goals of its pool (the largest subtrees). One worker makes it deterministic.
TEST_F(ThreadsTest, IdleIusAreFedWithTheOldestGoalsOfLoadedOnes) {
  ASSERT_TRUE(load("tree(D, A0, A) :- less_eq(1, D, C), tree1(C, D, A0, A).\n"
                   "tree1(false, _, A0, A) :- add(A0, 1, A).\n"
                   "tree1(true, D, A0, A) :- sub(D, 1, D1), tree(D1, A0, A1), tree(D1, A1, A).\n"))
      << err.str();
  for (const unsigned workers : {1U, 2U}) {
    threads(workers, 4, false, 0);
    const auto r = query("tree(12, 0, A)");
    ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
    EXPECT_EQ(binding(r, "A"), "4096");
    const auto& j = r.sim_statistics;
    std::uint64_t given = 0;
    std::uint64_t received = 0;
    for (const auto& iu : j["per_iu"]) {
      EXPECT_GT(iu["reductions"].get<std::uint64_t>(), 0U) << workers << " workers: " << j.dump();
      given += iu["goals_given"].get<std::uint64_t>();
      received += iu["goals_received"].get<std::uint64_t>();
    }
    EXPECT_GT(given, 0U);
    EXPECT_EQ(j["goals_sent"].get<std::uint64_t>(), given);  // nothing placed, only given
    EXPECT_EQ(received, given);
    std::uint64_t steals = 0;
    for (const auto& w : j["per_worker"]) steals += w["steals"].get<std::uint64_t>();
    EXPECT_GT(steals, 0U);
  }
}

// A batch ends after 256 goals or 1000 reductions (ThreadsOptions), at the first goal boundary
// after them, so that its IU delivers its messages and reads its inbox that often; while an IU
// waits for work and a worker could run it, after 100 reductions, with goals preempted after
// 200 direct reductions instead of 1000. One goal that loops 10000 times (20000 reductions
// with loop1's inlined dispatch) on 2 IUs leaves the other IU waiting all along: about 50
// batches of 400 reductions. Two such loops, one given to the second IU (work sharing,
// threshold 0), keep both IUs busy until one of them is done.
TEST_F(ThreadsTest, ABatchEndsAfterItsReductionsSoonerWhileAnIuWaits) {
  ASSERT_TRUE(load("loop(N) :- less(0, N, C), loop1(C, N).\n"
                   "loop1(false, _).\n"
                   "loop1(true, N) :- sub(N, 1, N1), loop(N1).\n"))
      << err.str();
  auto batches = [](const QueryResult& r) {
    std::uint64_t n = 0;
    for (const auto& iu : r.sim_statistics["per_iu"]) n += iu["batches"].get<std::uint64_t>();
    return n;
  };
  threads(1, 2, false, 0);
  const auto one = query("loop(10000)");
  ASSERT_EQ(one.exit_code, kExitSuccess) << one.report;
  EXPECT_GE(batches(one), 40U) << one.sim_statistics.dump();
  EXPECT_LE(batches(one), 60U) << one.sim_statistics.dump();
  const auto two = query("loop(10000), loop(10000)");
  ASSERT_EQ(two.exit_code, kExitSuccess) << two.report;
  std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max();
  for (const auto& iu : two.sim_statistics["per_iu"]) {  // a loop each
    EXPECT_GE(iu["reductions"].get<std::uint64_t>(), 20000U) << two.sim_statistics.dump();
    fewest = std::min(fewest, iu["batches"].get<std::uint64_t>());
  }
  // The loop that ends last runs on alone (short batches after the other's end); the other
  // ran its loop in batches of about 1000 reductions (about 50 if they had all been short).
  EXPECT_GE(fewest, 9U) << two.sim_statistics.dump();
  EXPECT_LE(fewest, 25U) << two.sim_statistics.dump();
  // The sizes are the machine description's `threads.*` keys: waiting batches as long as the
  // others make the lone loop's batches long again (about 10 of 2000 reductions).
  session().engine().machine.set("threads.waiting_batch_reductions=1000");
  session().engine().machine.set("threads.waiting_time_slice=1000");
  const auto long_ones = query("loop(10000)");
  ASSERT_EQ(long_ones.exit_code, kExitSuccess) << long_ones.report;
  EXPECT_GE(batches(long_ones), 8U) << long_ones.sim_statistics.dump();
  EXPECT_LE(batches(long_ones), 13U) << long_ones.sim_statistics.dump();
  session().engine().machine.set("threads.batch_reductions=100000");
  session().engine().machine.set("threads.waiting_batch_reductions=100000");
  session().engine().machine.set("threads.time_slice=100000");
  session().engine().machine.set("threads.waiting_time_slice=100000");
  const auto one_batch = query("loop(10000)");
  ASSERT_EQ(one_batch.exit_code, kExitSuccess) << one_batch.report;
  EXPECT_EQ(batches(one_batch), 1U) << one_batch.sim_statistics.dump();
}

// --trace: a Chrome trace-event file with a track per worker, a slice per turn of an IU (its
// reductions add up to the run's), and the collections.
TEST_F(ThreadsTest, TraceHasEachWorkersTurnsAndCollections) {
  reopen(test::test_options(std::size_t{1} << 18, std::size_t{1} << 16));
  ASSERT_TRUE(load(kPrimes)) << err.str();
  threads(2, 4);
  const std::string trace = write_file("", "trace") + ".json";
  session().engine().trace_file = trace;
  const auto r = query("primes(3000, Ps), count(Ps, 0, C)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  std::ifstream in(trace);
  const auto j = nlohmann::json::parse(in);
  std::filesystem::remove(trace);
  std::uint64_t reductions = 0;
  std::size_t turns = 0;
  std::size_t collections = 0;
  std::set<int> workers;
  for (const auto& e : j["traceEvents"]) {
    if (e["ph"] == "M") {
      if (e["name"] == "thread_name") workers.insert(e["tid"].get<int>());
      continue;
    }
    ASSERT_EQ(e["ph"], "X") << e.dump();
    EXPECT_GE(e["dur"].get<double>(), 0.0);
    EXPECT_GE(e["ts"].get<double>(), 0.0);
    EXPECT_TRUE(e["tid"] == 0 || e["tid"] == 1) << e.dump();
    if (e["name"] == "collection") {
      ++collections;
      continue;
    }
    ++turns;
    EXPECT_LT(e["args"]["iu"].get<unsigned>(), 4U);
    EXPECT_EQ(e["name"], "IU " + std::to_string(e["args"]["iu"].get<unsigned>()));
    reductions += e["args"]["reductions"].get<std::uint64_t>();
  }
  EXPECT_EQ(workers, (std::set<int>{0, 1}));
  EXPECT_GT(turns, 4U);
  EXPECT_EQ(reductions, r.sim_statistics["reductions"].get<std::uint64_t>());
  EXPECT_EQ(collections, r.sim_statistics["gc_collections"].get<std::uint64_t>());
  EXPECT_GT(collections, 0U);
  // A trace that cannot be written is an error of the query, reported after its answer.
  session().engine().trace_file = "/nonexistent-directory/trace.json";
  const auto lost = query("primes(300, Ps), count(Ps, 0, C)");
  EXPECT_EQ(lost.exit_code, kExitError);
  EXPECT_EQ(binding(lost, "C"), "62");
  EXPECT_NE(lost.report.find("cannot write the trace file /nonexistent-directory/trace.json"),
            std::string::npos)
      << lost.report;
}

TEST_F(ThreadsTest, IdleWorkersSleepInTheirLoopsAndSpinOnlyDuringARun) {
  // The workers stay in their loops from the machine's construction to its destruction: a
  // machine with nothing to run uses no CPU time (each worker looks for a first turn for at
  // most a millisecond, then sleeps), several runs on one machine each end, and the answers do
  // not depend on how long an idle worker looks before it sleeps (threads.idle_spin).
  ASSERT_TRUE(load(kPrimes)) << err.str();
  auto cpu_seconds = [] {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
  };
  MachineDescription description;
  description.ius = 4;
  ThreadsOptions options;
  options.workers = 2;
  options.iu = test::test_options();
  {
    std::ostringstream sink;
    ThreadsMachine machine(session().atoms(), session().image(), sink, description, options);
    const double before = cpu_seconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    // Two workers spinning would have used 400 ms; looking for a first turn costs 2 ms.
    EXPECT_LT(cpu_seconds() - before, 0.1);
    EXPECT_EQ(machine.run(), vm::RunStatus::Success);  // nothing to run: quiescent at once
    EXPECT_EQ(machine.run(), vm::RunStatus::Success);
  }
  for (const char* spin : {"threads.idle_spin=0", "threads.idle_spin=20", "threads.idle_spin=500"}) {
    threads(2, 4);
    session().engine().machine.set(spin);
    const auto r = query("primes(3000, Ps), count(Ps, 0, C)");
    ASSERT_EQ(r.exit_code, kExitSuccess) << spin << "\n" << r.report;
    EXPECT_EQ(binding(r, "C"), "430") << spin;
  }
}

// The oneTBB threads outlive a machine: one that pins its workers (threads.pin_workers, the
// default with as many CPUs as workers) leaves them pinned, and the next machine that does not
// pin lets them run on every CPU of the process again.
TEST_F(ThreadsTest, AMachineThatDoesNotPinUnpinsThePreviousOnesWorkers) {
  auto cpus_of = [](const std::string& status_file) {
    std::ifstream in(status_file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("Cpus_allowed_list:", 0) == 0) return line.substr(line.find(':') + 1);
    }
    return std::string();
  };
  const std::string own = cpus_of("/proc/thread-self/status");
  if (std::thread::hardware_concurrency() < 2 || own.empty()) GTEST_SKIP() << "needs 2 CPUs";
  MachineDescription description;
  description.ius = 2;
  ThreadsOptions options;
  options.workers = 2;
  options.iu = test::test_options();
  std::ostringstream sink;
  auto pinned_threads = [&] {
    unsigned pinned = 0;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
      if (cpus_of(task.path() / "status") != own) ++pinned;
    }
    return pinned;
  };
  {
    const ThreadsMachine machine(session().atoms(), session().image(), sink, description, options);
    EXPECT_GT(pinned_threads(), 0U);  // its oneTBB worker, in its loop
  }
  description.threads_pin_workers = 0;
  const ThreadsMachine machine(session().atoms(), session().image(), sink, description, options);
  EXPECT_EQ(pinned_threads(), 0U);
}

TEST_F(ThreadsTest, StatisticsAddUpOverWorkersAndIus) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  threads(2, 8, false, 128);
  const auto r = query("primes(500, Ps), count(Ps, 0, C)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  const auto& j = r.sim_statistics;
  ASSERT_EQ(j["per_worker"].size(), 2U);
  ASSERT_EQ(j["per_iu"].size(), 8U);
  std::uint64_t by_worker = 0;
  for (const auto& w : j["per_worker"]) by_worker += w["reductions"].get<std::uint64_t>();
  std::uint64_t by_iu = 0;
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  for (const auto& iu : j["per_iu"]) {
    by_iu += iu["reductions"].get<std::uint64_t>();
    sent += iu["goals_sent"].get<std::uint64_t>();
    received += iu["goals_received"].get<std::uint64_t>();
  }
  EXPECT_EQ(by_worker, j["reductions"].get<std::uint64_t>());
  EXPECT_EQ(by_iu, j["reductions"].get<std::uint64_t>());
  EXPECT_EQ(sent, received);  // no goal lost in flight
  EXPECT_GT(sent, 0U);
  EXPECT_GT(j["elapsed_seconds"].get<double>(), 0.0);
}

}  // namespace
}  // namespace fleng::kernel
