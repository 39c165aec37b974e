// The random builtins (random/1, random_int/2, random_normal/3) and now/1 through Session
// queries: ranges and distributions, errors, seeds, and the same numbers on the local and
// threads engines whatever the scheduling (vm/lineage.hpp). The simulator's side is in
// tests/kernel_sim/random_sim_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using Random = test::SessionTest;

/// Draws in a recursion whose steps are spawned goals and executes, with a suspended draw
/// (random_int waits for its bound) and draws through call/1 and call/N-free dispatch.
const char* const kDraws = R"(
draws(N, L) :- greater(N, 0, C), draws1(C, N, L).
draws1(false, _, L) :- L = [].
draws1(true, N, L) :-
    L = [X, Y, Z|T], random_int(100, X), bound(N, B), random_int(B, Y), call(random(Z)),
    sub(N, 1, N1), draws(N1, T).
bound(N, B) :- add(N, 10, B).
)";

std::vector<double> numbers(const std::string& list) {
  std::vector<double> result;
  std::string text = list.substr(1, list.size() - 2);
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) result.push_back(std::stod(item));
  return result;
}

TEST_F(Random, RandomIsAFloatInTheUnitInterval) {
  ASSERT_TRUE(load("draw_all([], L) :- L = [].\n"
                   "draw_all([_|Ns], L) :- L = [F|T], random(F), draw_all(Ns, T).\n"
                   "numlist(A, B, L) :- greater(A, B, C), numlist1(C, A, B, L).\n"
                   "numlist1(true, _, _, L) :- L = [].\n"
                   "numlist1(false, A, B, L) :- L = [A|T], add(A, 1, A1), numlist(A1, B, T).\n"));
  const auto fs = numbers(value("numlist(1, 2000, Ns), draw_all(Ns, X)"));
  ASSERT_EQ(fs.size(), 2000U);
  double sum = 0;
  for (const double f : fs) {
    EXPECT_GE(f, 0.0);
    EXPECT_LT(f, 1.0);
    sum += f;
  }
  EXPECT_NEAR(sum / 2000, 0.5, 0.03);  // 2000 draws: the mean's sd is 0.0065
  EXPECT_NE(fs[0], fs[1]);
}

TEST_F(Random, RandomIntCoversItsRangeEvenly) {
  ASSERT_TRUE(load("ints(N, B, L) :- greater(N, 0, C), ints1(C, N, B, L).\n"
                   "ints1(false, _, _, L) :- L = [].\n"
                   "ints1(true, N, B, L) :- L = [I|T], random_int(B, I), sub(N, 1, N1), ints(N1, B, T).\n"));
  const auto is = numbers(value("ints(6000, 6, X)"));
  ASSERT_EQ(is.size(), 6000U);
  std::vector<int> counts(6, 0);
  for (const double i : is) {
    ASSERT_EQ(i, std::floor(i));
    ASSERT_GE(i, 0);
    ASSERT_LT(i, 6);
    ++counts[static_cast<std::size_t>(i)];
  }
  // Chi-square with 5 degrees of freedom: 20.5 is its 0.999 quantile.
  double chi2 = 0;
  for (const int c : counts) chi2 += (c - 1000.0) * (c - 1000.0) / 1000.0;
  EXPECT_LT(chi2, 20.5);
  EXPECT_EQ(value("random_int(1, X)"), "0");
  // A bound beyond 32 bits.
  const auto big = std::stod(value("random_int(4611686018427387904, X)"));
  EXPECT_GE(big, 0);
}

TEST_F(Random, RandomNormalHasItsMeanAndDeviation) {
  ASSERT_TRUE(load("gauss(N, L) :- greater(N, 0, C), gauss1(C, N, L).\n"
                   "gauss1(false, _, L) :- L = [].\n"
                   "gauss1(true, N, L) :- L = [G|T], random_normal(5, 2, G), sub(N, 1, N1), gauss(N1, T).\n"));
  const auto gs = numbers(value("gauss(4000, X)"));
  ASSERT_EQ(gs.size(), 4000U);
  double sum = 0;
  double squares = 0;
  for (const double g : gs) {
    sum += g;
    squares += g * g;
  }
  const double mean = sum / 4000;
  const double sd = std::sqrt(squares / 4000 - mean * mean);
  EXPECT_NEAR(mean, 5.0, 0.15);  // sd of the mean: 2/sqrt(4000) = 0.032
  EXPECT_NEAR(sd, 2.0, 0.1);
  EXPECT_EQ(value("random_normal(3, 0, X)"), "3.0");
  EXPECT_EQ(value("random_normal(3.5, 0.0, X)"), "3.5");
}

TEST_F(Random, TheSameSeedDrawsTheSameNumbersAndAnotherSeedOthers) {
  ASSERT_TRUE(load(kDraws));
  const std::string first = value("draws(20, X)");
  EXPECT_EQ(value("draws(20, X)"), first);  // twice in a row
  session().options().seed = 1;
  const std::string other = value("draws(20, X)");
  EXPECT_NE(other, first);
  session().options().seed = 0;
  EXPECT_EQ(value("draws(20, X)"), first);
}

TEST_F(Random, TwoCallsOfOneBodyDrawDifferentNumbers) {
  const auto r = query("random(A), random(B), random_int(1000000, C), random_int(1000000, D)");
  ASSERT_EQ(r.exit_code, kExitSuccess);
  EXPECT_NE(binding(r, "A"), binding(r, "B"));
  EXPECT_NE(binding(r, "C"), binding(r, "D"));
}

TEST_F(Random, ADrawThatWaitsGivesTheNumberItWouldHaveGivenAtOnce) {
  // random_int(N, X) suspends on N here; the same call in the same place with N ready would
  // draw the same number, so the order in which an engine runs goals does not matter.
  ASSERT_TRUE(load("p(N, X) :- random_int(N, X).\n"));
  const std::string now = value("p(1000000, X)");
  EXPECT_EQ(value("p(N, X), N = 1000000"), now);
}

TEST_F(Random, TheThreadsEngineDrawsWhatTheLocalEngineDraws) {
  ASSERT_TRUE(load(kDraws));
  const std::string local = value("draws(40, X)");
  for (const unsigned workers : {1U, 2U, 4U}) {
    for (const unsigned ius : {1U, 4U, 16U}) {
      for (const bool static_on : {true, false}) {
        auto& engine = session().engine();
        engine.simulated = false;
        engine.threads = true;
        engine.workers = workers;
        engine.machine.ius = ius;
        engine.machine.static_partitioning = static_on;
        EXPECT_EQ(value("draws(40, X)"), local) << workers << " workers, " << ius << " IUs";
      }
    }
  }
}

TEST_F(Random, BadArgumentsAreLocatedErrors) {
  EXPECT_EQ(error_message("random_int(0, X)"), "error: random_int/2: the bound 0 is not positive");
  EXPECT_EQ(error_message("random_int(-3, X)"), "error: random_int/2: the bound -3 is not positive");
  EXPECT_EQ(error_message("random_int(a, X)"),
            "error: type error: expected a positive integer, found a");
  EXPECT_EQ(error_message("random_int(2.5, X)"),
            "error: type error: expected a positive integer, found 2.5");
  EXPECT_EQ(error_message("random_normal(0, -1, X)"),
            "error: random_normal/3: the standard deviation -1 is not a finite number >= 0");
  EXPECT_EQ(error_message("random_normal(a, 1, X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_message("random_normal(0, b, X)"), "error: type error: expected a number, found b");
  EXPECT_EQ(error_report("random_int(0, X)"),
            "<goal>:1:1: error: random_int/2: the bound 0 is not positive\n  goal: random_int(0, _G0)\n");
  // The output is compared as with any builtin.
  EXPECT_EQ(error_message("random(1)").substr(0, 30), "error: output unification fail");
}

TEST_F(Random, NowCountsSecondsFromTheStartOfTheRun) {
  // stamp/2 waits for Done: now/1 itself has no input and would run at once.
  ASSERT_TRUE(load("timed(N, T0, T1) :- now(T0), loop(N, Done), stamp(Done, T1).\n"
                   "stamp([], T) :- now(T).\n"
                   "loop(0, Done) :- Done = [].\n"
                   "loop(N, Done) :- greater(N, 0, C), loop1(C, N, Done).\n"
                   "loop1(true, N, Done) :- sub(N, 1, N1), loop(N1, Done).\n"));
  const auto r = query("timed(200000, T0, T1)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  const double t0 = std::stod(binding(r, "T0"));
  const double t1 = std::stod(binding(r, "T1"));
  EXPECT_GE(t0, 0.0);
  EXPECT_LT(t0, 5.0);
  EXPECT_GT(t1, t0);  // 200,000 reductions take some microseconds at least
  EXPECT_NE(binding(r, "T0").find('.'), std::string::npos);  // a float
}

}  // namespace
}  // namespace fleng::kernel
