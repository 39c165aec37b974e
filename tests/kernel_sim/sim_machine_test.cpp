// The simulated PIE64: same answers on any number of IUs, static on and off, any threshold;
// deterministic statistics; a remote read sees the memory of the moment its reply leaves;
// errors and deadlocks name the IU; the machine description's keys.
#include "kernel/sim_machine.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "../kernel/session_support.hpp"
#include "vm/goal_record.hpp"

namespace fleng::kernel {
namespace {

using test::SessionTest;

class SimTest : public SessionTest {
 protected:
  void simulate(unsigned ius, bool static_on, unsigned threshold) {
    test::simulate_on(session(), ius, static_on, threshold);
  }

  /// The statistics (all simulated: the same bytes on every run).
  static nlohmann::json simulated_part(nlohmann::json j) { return j; }
};

const char* const kPrimes = test::kAnnotatedPrimes;

TEST_F(SimTest, SameAnswersOnEveryMachine) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  for (const unsigned ius : {1U, 2U, 3U, 4U, 16U, 64U}) {
    for (const bool static_on : {true, false}) {
      for (const unsigned threshold : {1U, 128U}) {
        simulate(ius, static_on, threshold);
        const auto r = query("primes(300, Ps), count(Ps, 0, C)");
        EXPECT_EQ(r.exit_code, kExitSuccess) << ius << " " << static_on << " " << r.report;
        EXPECT_EQ(binding(r, "C"), "62") << ius << " IUs, static " << static_on
                                         << ", threshold " << threshold;
        EXPECT_EQ(r.sim_statistics["ius"], ius);
      }
    }
  }
}

TEST_F(SimTest, NaivePartitioningSpreadsGoals) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  simulate(16, false, 128);
  const auto r = query("primes(300, Ps), count(Ps, 0, C)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  const auto& j = r.sim_statistics;
  EXPECT_GT(j["goals_sent"].get<std::uint64_t>(), 100U);
  EXPECT_GT(j["remote_reads"].get<std::uint64_t>(), 0U);
  EXPECT_GT(j["unired_stall_cycles"].get<std::uint64_t>(), 0U);
  std::size_t busy = 0;
  for (const auto& iu : j["per_iu"]) busy += iu["reductions"].get<std::uint64_t>() > 0 ? 1U : 0U;
  EXPECT_GT(busy, 8U);  // the work went to many IUs
  // One IU: nothing to send anywhere.
  simulate(1, false, 128);
  const auto one = query("primes(300, Ps), count(Ps, 0, C)");
  EXPECT_EQ(one.sim_statistics["goals_sent"], 0U);
  EXPECT_EQ(one.sim_statistics["remote_reads"], 0U);
}

TEST_F(SimTest, LowThresholdKeepsWorkLocal) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  simulate(4, false, 128);
  const auto high = query("primes(300, Ps), count(Ps, 0, C)");
  simulate(4, false, 1);
  const auto low = query("primes(300, Ps), count(Ps, 0, C)");
  // With threshold 1 the least load level is soon >= 1: the local bodies run, fewer goals move.
  EXPECT_LT(low.sim_statistics["goals_sent"].get<std::uint64_t>(),
            high.sim_statistics["goals_sent"].get<std::uint64_t>());
}

TEST_F(SimTest, StaticOffRunsTheProgramWithoutItsPlacements) {
  // Naive partitioning ignores every annotation: the annotated sieve then runs exactly as
  // the plain one (same statistics), and with static on it does not. A placed builtin
  // (count's add) would otherwise be sent as a goal instead of computed in place.
  std::string plain = kPrimes;
  const std::string annotated = "filter(P, Xs, Ys @ any(1)) @ to(1), sift(Ys, Ps1) @ to(1)";
  const auto at = plain.find(annotated);
  ASSERT_NE(at, std::string::npos);
  plain.replace(at, annotated.size(), "filter(P, Xs, Ys), sift(Ys, Ps1)");
  std::string placed = kPrimes;
  const std::string add = "add(C0, 1, C1), count";
  const auto add_at = placed.find(add);
  ASSERT_NE(add_at, std::string::npos);
  placed.replace(add_at, add.size(), "add(C0, 1, C1 @ any(1)) @ to(1), count");
  auto statistics = [&](const std::string& source, bool static_on) {
    EXPECT_TRUE(load(source)) << err.str();
    simulate(16, static_on, 128);
    return query("primes(300, Ps), count(Ps, 0, C)").sim_statistics.dump();
  };
  EXPECT_EQ(statistics(kPrimes, false), statistics(plain, false));
  EXPECT_EQ(statistics(placed, false), statistics(plain, false));
  EXPECT_NE(statistics(placed, true), statistics(plain, false));
}

TEST_F(SimTest, PeriodicFifoPickLetsThePipelineOverlap) {
  // With static placement each filter and the sift that follows it share an IU. Depth-first
  // alone, the filter's own continuations always come before the woken sift, so each stage
  // runs to its end before the next one starts: one IU busy at a time. With every 8th goal
  // the oldest (docs/engine.md), the stages overlap.
  ASSERT_TRUE(load(kPrimes)) << err.str();
  auto parallelism = [&](std::uint32_t fifo_period) {
    simulate(4, true, 128);
    session().engine().machine.fifo_period = fifo_period;
    const auto r = query("primes(600, Ps), count(Ps, 0, C)");
    EXPECT_EQ(r.bindings.back().second, "109");
    const auto& s = r.sim_statistics;
    return static_cast<double>(s["unired_run_cycles"].get<std::uint64_t>() +
                               s["unired_stall_cycles"].get<std::uint64_t>()) /
           static_cast<double>(s["makespan_cycles"].get<std::uint64_t>());
  };
  const double lifo = parallelism(0);
  const double fair = parallelism(8);
  EXPECT_LT(lifo, 1.1);
  EXPECT_GT(fair, 1.5);
}

TEST_F(SimTest, DeterministicStatistics) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  simulate(16, false, 8);
  const auto a = query("primes(200, Ps), count(Ps, 0, C)");
  const auto b = query("primes(200, Ps), count(Ps, 0, C)");
  EXPECT_EQ(simulated_part(a.sim_statistics).dump(), simulated_part(b.sim_statistics).dump());
  EXPECT_GT(a.sim_statistics["makespan_cycles"].get<std::uint64_t>(), 0U);
}

TEST_F(SimTest, ExpressionsChargeOneUnitOfWorkPerNode) {
  // is/2 and the comparisons charge unired.builtin_work per expression node (docs/builtins.md).
  auto cycles = [&](const std::string& goal, std::uint32_t work) {
    simulate(1, true, 8);
    session().engine().machine.builtin_work = work;
    const auto r = query(goal);
    EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
    return r.sim_statistics["unired_run_cycles"].get<std::uint64_t>();
  };
  // 1 + 2 * 3: five nodes; '<'(1 + 1, 3, R): four.
  EXPECT_EQ(cycles("X is 1 + 2 * 3", 1000) - cycles("X is 1 + 2 * 3", 0), 5000U);
  EXPECT_EQ(cycles("'<'(1 + 1, 3, R)", 1000) - cycles("'<'(1 + 1, 3, R)", 0), 4000U);
}

TEST_F(SimTest, RemoteReadSeesABindingMadeWhileInFlight) {
  // p runs on IU 0 and inspects V, which lives on IU 1; q binds V on IU 1 at the same moment
  // p's read goes out. The read stalls p until the reply comes back, so p sees V bound and
  // commits without suspending; a read that returned memory as of the request would have
  // found V unbound and suspended p.
  ASSERT_TRUE(load("p([X]) :- writeln(X).\nq(V) :- V = [seen].\n")) << err.str();
  MachineDescription machine;
  machine.ius = 2;
  machine.heap_cells = std::size_t{1} << 16;
  std::ostringstream output;
  SimMachine sim(session().atoms(), session().image(), output, machine);
  vm::Iu& iu0 = sim.iu(0);
  vm::Iu& iu1 = sim.iu(1);
  const vm::Cell v = *vm::make_variable(iu1.heap);
  const auto p = session().image().find(session().atoms().intern("p"), 1);
  const auto q = session().image().find(session().atoms().intern("q"), 1);
  ASSERT_TRUE(p && q);
  ASSERT_TRUE(iu0.add_goal(*p, &v));
  ASSERT_TRUE(iu1.add_goal(*q, &v));
  EXPECT_EQ(sim.run(), vm::RunStatus::Success);
  EXPECT_EQ(output.str(), "seen\n");
  const auto j = sim.statistics();
  EXPECT_GE(j["per_iu"][0]["remote_reads"].get<std::uint64_t>(), 1U);
  EXPECT_EQ(j["per_iu"][0]["suspensions"].get<std::uint64_t>(), 0U);
  EXPECT_GT(j["per_iu"][0]["unired_stall_cycles"].get<std::uint64_t>(), 0U);
}

TEST_F(SimTest, ErrorsAndDeadlocksNameTheIu) {
  ASSERT_TRUE(load("go(N) :- add(N, 1, M), boom(M) @ to(1), w(_ @ any(1)).\n"
                   "boom(M) :- div(M, 0, _).\n"
                   "w(_).\n"
                   "stuck(X) :- wait(X, _) @ to(1), w(_ @ any(1)).\n"))
      << err.str();
  simulate(4, true, 128);
  const auto r = query("go(1)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.report.find("division by zero"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("(on IU 1)"), std::string::npos) << r.report;
  const auto d = query("stuck(X)");
  EXPECT_EQ(d.exit_code, kExitDeadlock);
  EXPECT_NE(d.report.find("deadlock: 1 goal suspended"), std::string::npos) << d.report;
  EXPECT_NE(d.report.find("[IU 1] wait("), std::string::npos) << d.report;
}

TEST_F(SimTest, GarbageCollectionAcrossTheMachine) {
  // Heaps of 256 KiB per IU: the run needs many collections of all heaps together, with goals,
  // bindings and hooks crossing between IUs, and still gives the same answer.
  ASSERT_TRUE(load(kPrimes)) << err.str();
  for (const bool static_on : {true, false}) {
    simulate(4, static_on, 8);
    session().engine().machine.heap_cells = std::size_t{1} << 15;
    const auto r = query("primes(3000, Ps), count(Ps, 0, C)");
    ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
    EXPECT_EQ(binding(r, "C"), "430");
    EXPECT_GT(r.sim_statistics["gc_collections"].get<std::uint64_t>(), 5U);
  }
  // Too small for the live data: an error that names the IU, not a crash.
  simulate(2, false, 8);
  session().engine().machine.heap_cells = std::size_t{1} << 12;
  const auto r = query("primes(3000, Ps), count(Ps, 0, C)");
  EXPECT_EQ(r.exit_code, kExitError);
  EXPECT_NE(r.report.find("exhausted"), std::string::npos) << r.report;
}

TEST_F(SimTest, PlacedDataLivesOnItsIu) {
  // `X @ any(1)` allocates X on the least-loaded IU, `[a, b] @ to(1)` writes the list cell there
  // too; q runs here (unannotated) and reads both remotely; the answer is unchanged.
  ASSERT_TRUE(load("main(R) :- p(X @ any(1)) @ to(1), q([a, b] @ to(1), X, R).\n"
                   "p(X) :- X = done.\n"
                   "q([A|B], X, R) :- wait(X, _), R = got(A, B, X).\n"))
      << err.str();
  simulate(4, true, 128);
  const auto r = query("main(R)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "R"), "got(a,[b],done)");
  const auto& iu0 = r.sim_statistics["per_iu"][0];
  EXPECT_GE(iu0["remote_reads"].get<std::uint64_t>(), 2U);  // the list cell and X
  EXPECT_GE(iu0["words_sent"].get<std::uint64_t>(), 3U);    // the variable and the list cell
  // Naive partitioning leaves data local: no remote reads for the list.
  simulate(4, false, 128);
  const auto naive = query("main(R)");
  EXPECT_EQ(binding(naive, "R"), "got(a,[b],done)");
}

TEST_F(SimTest, TraceIsChromeTraceEventJson) {
  ASSERT_TRUE(load(kPrimes)) << err.str();
  simulate(4, true, 8);
  const std::string trace = write_file("", "trace") + ".json";
  session().engine().trace_file = trace;
  const auto r = query("primes(100, Ps), count(Ps, 0, C)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  std::ifstream in(trace);
  const auto j = nlohmann::json::parse(in);
  std::filesystem::remove(trace);
  std::set<std::pair<int, int>> tracks;
  std::size_t slices = 0;
  for (const auto& e : j["traceEvents"]) {
    if (e["ph"] == "X") {
      ++slices;
      EXPECT_GE(e["dur"].get<double>(), 0.0);
      tracks.emplace(e["pid"].get<int>(), e["tid"].get<int>());
    }
  }
  EXPECT_GT(slices, 100U);
  EXPECT_TRUE(tracks.contains({0, 0}));  // IU 0's UNIRED
  EXPECT_TRUE(tracks.contains({0, 2}));  // IU 0's MP
  std::size_t names = 0;
  for (const auto& e : j["traceEvents"]) names += e["ph"] == "M" ? 1U : 0U;
  EXPECT_EQ(names, 4U * 4U);  // a process and three threads per IU
}

TEST(MachineDescription, KeysAndErrors) {
  MachineDescription m;
  EXPECT_EQ(m.ius, 64U);
  m.set("network.copies=1");
  EXPECT_EQ(m.network.copies, 1U);
  m.set("static=off");
  EXPECT_FALSE(m.static_partitioning);
  m.set("unired.cycles.put_cons=7");
  EXPECT_EQ(m.instruction_cycles[static_cast<std::size_t>(vm::Op::put_cons)], 7U);
  m.apply(nlohmann::json::parse(R"({"network": {"model": "constant", "constant_latency": 3}})"));
  EXPECT_EQ(m.network.model, "constant");
  EXPECT_EQ(m.network.constant_latency, 3U);
  EXPECT_THROW(m.set("no.such.key=1"), std::invalid_argument);
  EXPECT_THROW(m.set("ius=0"), std::invalid_argument);
  EXPECT_EQ(m.ius, 64U);  // a rejected value changes nothing
  EXPECT_THROW(m.set("ius"), std::invalid_argument);
  EXPECT_THROW(m.set("network.copies=many"), std::invalid_argument);
  EXPECT_EQ(m.to_json()["network.constant_latency"], 3U);
  m.set("net_latency=16");  // the short name
  EXPECT_EQ(m.network.latency, 16U);
  EXPECT_EQ(m.to_json()["network.latency"], 16U);
}

}  // namespace
}  // namespace fleng::kernel
