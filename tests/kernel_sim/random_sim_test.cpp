// The random builtins and now/1 on the simulated machine: the numbers the local engine draws,
// on every IU count and partitioning (vm/lineage.hpp); now/1 gives the IU's simulated time, so
// that a simulated run stays deterministic.
#include <gtest/gtest.h>

#include <string>

#include "../kernel/session_support.hpp"

namespace fleng::kernel {
namespace {

using RandomSim = test::SessionTest;

const char* const kDraws = R"(
draws(N, L) :- greater(N, 0, C), draws1(C, N, L).
draws1(false, _, L) :- L = [].
draws1(true, N, L) :-
    L = [X, Y, Z|T], random_int(100, X), bound(N, B), random_int(B, Y), call(random(Z)),
    sub(N, 1, N1), draws(N1, T) @ any(1).
bound(N, B) :- add(N, 10, B).
tree(N, L) :- greater(N, 0, C), tree1(C, N, L).
tree1(false, _, L) :- L = [].
tree1(true, N, L) :- random_normal(0, 1, G), L = [G|T], sub(N, 1, N1), tree(N1, A), tree(N1, B),
    append(A, B, T).
)";

void simulate(Session& session, unsigned ius, bool static_on, unsigned threshold) {
  auto& engine = session.engine();
  engine.threads = false;
  engine.simulated = true;
  engine.machine.ius = ius;
  engine.machine.static_partitioning = static_on;
  engine.machine.threshold = threshold;
}

TEST_F(RandomSim, EveryMachineDrawsWhatTheLocalEngineDraws) {
  ASSERT_TRUE(load(kDraws));
  const std::string draws = value("draws(30, X)");
  const std::string tree = value("tree(6, X)");
  for (const unsigned ius : {1U, 4U, 64U}) {
    for (const bool static_on : {true, false}) {
      for (const unsigned threshold : {1U, 128U}) {
        simulate(session(), ius, static_on, threshold);
        EXPECT_EQ(value("draws(30, X)"), draws) << ius << " IUs, static " << static_on;
        EXPECT_EQ(value("tree(6, X)"), tree) << ius << " IUs, static " << static_on;
      }
    }
  }
}

TEST_F(RandomSim, NowIsTheSimulatedTimeOfTheIu) {
  ASSERT_TRUE(load("timed(N, T0, T1) :- now(T0), loop(N, Done), stamp(Done, T1).\n"
                   "stamp([], T) :- now(T).\n"
                   "loop(0, Done) :- Done = [].\n"
                   "loop(N, Done) :- greater(N, 0, C), loop1(C, N, Done).\n"
                   "loop1(true, N, Done) :- sub(N, 1, N1), loop(N1, Done).\n"));
  simulate(session(), 4, true, 8);
  const auto first = query("timed(1000, T0, T1)");
  ASSERT_EQ(first.exit_code, kExitSuccess) << first.report;
  const double t0 = std::stod(binding(first, "T0"));
  const double t1 = std::stod(binding(first, "T1"));
  EXPECT_GE(t0, 0.0);
  EXPECT_LT(t0, 1e-4);  // a few cycles at 10 MHz
  // 1000 reductions of at least a few cycles each at 10 MHz: well over 100 us, under a second.
  EXPECT_GT(t1 - t0, 1e-4);
  EXPECT_LT(t1 - t0, 1.0);
  // Deterministic: the same run, the same times.
  const auto second = query("timed(1000, T0, T1)");
  EXPECT_EQ(binding(second, "T0"), binding(first, "T0"));
  EXPECT_EQ(binding(second, "T1"), binding(first, "T1"));
  // A faster clock, a shorter time.
  session().engine().machine.clock_mhz = 100;
  const auto faster = query("timed(1000, T0, T1)");
  EXPECT_NEAR(std::stod(binding(faster, "T1")) * 10, t1, t1 * 1e-9);
}

}  // namespace
}  // namespace fleng::kernel
