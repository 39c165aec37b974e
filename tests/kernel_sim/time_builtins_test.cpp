// work/1,2 and timer/2 (docs/builtins.md, time) on every engine: on the simulated machine
// work(C) makes its reduction C cycles longer and timer(S, D) binds D at S simulated seconds
// (exactly, and the same on every run); on the local and threads engines they take real
// time, the timer without keeping a worker busy; bad arguments are located errors.
#include <gtest/gtest.h>

#include <chrono>

#include "../kernel/session_support.hpp"

namespace fleng::kernel {
namespace {

class TimeBuiltins : public test::SessionTest {
 protected:
  void simulated(unsigned ius) {
    auto& engine = session().engine();
    engine.simulated = true;
    engine.threads = false;
    engine.machine.ius = ius;
  }
  void threads(unsigned ius, unsigned workers) {
    auto& engine = session().engine();
    engine.simulated = false;
    engine.threads = true;
    engine.workers = workers;
    engine.machine.ius = ius;
  }
  std::uint64_t unired_cycles(const std::string& goal) {
    const auto r = query(goal);
    EXPECT_EQ(r.exit_code, kExitSuccess) << goal << "\n" << r.report;
    return r.sim_statistics["unired_run_cycles"].get<std::uint64_t>();
  }
};

TEST_F(TimeBuiltins, WorkCostsItsCyclesOnTheSimulator) {
  simulated(1);
  const std::uint64_t none = unired_cycles("work(0)");
  EXPECT_EQ(unired_cycles("work(12345)") - none, 12345U);
  EXPECT_EQ(unired_cycles("work(500000, D)") - unired_cycles("work(0, D)"), 500000U);
}

TEST_F(TimeBuiltins, WorkDoneIsBoundAfterTheWork) {
  simulated(4);
  // 20,000 cycles at 10 MHz: 2 ms of simulated time.
  load(
       "main(T) :- work(20000, D), at(D, T).\n"
       "at([], T) :- now(T).\n");
  const auto r = query("main(T)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_GE(std::stod(binding(r, "T")), 0.002);
  EXPECT_LT(std::stod(binding(r, "T")), 0.0021);
}

TEST_F(TimeBuiltins, TimerFiresAtItsSimulatedTimeOnEveryRun) {
  for (const unsigned ius : {1U, 4U}) {
    simulated(ius);
    load(
         "main(T) :- timer(0.25, D), at(D, T).\n"
         "at([], T) :- now(T).\n");
    const auto a = query("main(T)");
    const auto b = query("main(T)");
    ASSERT_EQ(a.exit_code, kExitSuccess) << a.report;
    EXPECT_EQ(binding(a, "T"), binding(b, "T"));
    EXPECT_GE(std::stod(binding(a, "T")), 0.25);
    EXPECT_LT(std::stod(binding(a, "T")), 0.2501);
    // The IU did nothing meanwhile: the makespan is the delay, not UNIRED work.
    EXPECT_LT(a.sim_statistics["unired_run_cycles"].get<std::uint64_t>(), 10000U);
  }
}

TEST_F(TimeBuiltins, TimersFireInDeadlineOrder) {
  simulated(2);
  load(
       "main(L) :- timer(0.3, A), timer(0.1, B), timer(0.2, C), merge3(A, B, C, L).\n"
       "merge3(A, B, C, L) :- tag(A, a, La), tag(B, b, Lb), tag(C, c, Lc), "
       "append(La, Lb, L1), append(L1, Lc, L0), order(L0, L).\n"
       "tag([], X, L) :- now(T), L = [T-X].\n"
       "order(L0, L) :- keysort(L0, S), pairs_values(S, L).\n");
  const auto r = query("main(L)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "L"), "[b,c,a]");
}

TEST_F(TimeBuiltins, HostEnginesWaitInRealTime) {
  load(
       "main(E) :- now(T0), timer(0.05, D), work(1000, W), at(D, W, T0, E).\n"
       "at([], [], T0, E) :- now(T1), E is T1 - T0.\n");
  for (const int engine : {0, 1, 2}) {
    if (engine == 0) {
      session().engine().simulated = false;
      session().engine().threads = false;
    } else {
      threads(engine == 1 ? 1 : 4, 2);
    }
    const auto start = std::chrono::steady_clock::now();
    const auto r = query("main(E)");
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
    EXPECT_GE(std::stod(binding(r, "E")), 0.05) << engine;
    EXPECT_GE(wall, 0.05) << engine;
    EXPECT_LT(wall, 5.0) << engine;
  }
}

TEST_F(TimeBuiltins, ThreadsTimerOnAnotherIuWakesIt) {
  threads(4, 2);
  load(
       "main(L) :- w(1, A) @ node(1), w(2, B) @ node(2), w(3, C) @ node(3), L = [A, B, C].\n"
       "w(I, R) :- S is 0.01 * I, timer(S, D), done(D, I, R).\n"
       "done([], I, R) :- current_node(N), R = I-N.\n");
  const auto r = query("main(L)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "L"), "[1-1,2-2,3-3]");
}

TEST_F(TimeBuiltins, BadArgumentsAreLocatedErrors) {
  simulated(1);
  for (const auto& [goal, message] :
       std::vector<std::pair<std::string, std::string>>{
           {"work(-1)", "work/1: the number of cycles must not be negative, not -1"},
           {"work(a)", "expected an integer number of cycles"},
           {"work(-5, D)", "work/2: the number of cycles must not be negative, not -5"},
           {"timer(-1, D)", "timer/2: the delay must be from 0 to 1e9 seconds, not -1"},
           {"timer(x, D)", "expected a number of seconds"}}) {
    const auto r = query(goal);
    EXPECT_NE(r.exit_code, kExitSuccess) << goal;
    EXPECT_NE(r.report.find(message), std::string::npos) << goal << "\n" << r.report;
  }
}

}  // namespace
}  // namespace fleng::kernel
