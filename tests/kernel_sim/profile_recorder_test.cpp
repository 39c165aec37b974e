// The inspector (kernel/profile_recorder.hpp) on the simulated machine: each iteration's reads
// are counted by the IU that owns the data (cells the goal makes itself left out), keyed on its
// first argument; where its goal was made is recorded; a goal made by an iteration counts for
// it too; the counts do not change the run.
#include <gtest/gtest.h>

#include <algorithm>

#include "../kernel/session_support.hpp"

namespace fleng::kernel {
namespace {

using test::SessionTest;

// Four data cells, cell(V) with V on IU j (hold/2 runs there); iteration K reads the cell of
// IU K mod 4 (matching it in its head: the structure, then V).
const char* const kProgram =
    "go(S) :- data(0, 4, Ds), list_to_tuple(Ds, T), loop(1, 8, T, Ss), sum(Ss, 0, S).\n"
    "data(I, N, Ds) :- less(I, N, R), data1(R, I, N, Ds).\n"
    "data1(false, _, _, Ds) :- Ds = [].\n"
    "data1(true, I, N, Ds) :- Ds = [D|Ds1], hold(I, D) @ node(I), I1 is I + 1, data(I1, N, Ds1).\n"
    "hold(I, D) :- D = cell(V), mul(I, 10, V).\n"
    "loop(K, N, T, Ss) :- less_eq(K, N, R), loop1(R, K, N, T, Ss).\n"
    "loop1(false, _, _, _, Ss) :- Ss = [].\n"
    "loop1(true, K, N, T, Ss) :- Ss = [S|Ss1], B is K mod 4 + 1, arg(B, T, D), it(K, D, S),\n"
    "    K1 is K + 1, loop(K1, N, T, Ss1).\n"
    "it(K, cell(V), S) :- add(K, V, S0), twice(K, S0, S).\n"
    "twice(_, X, Y) :- mul(X, 2, Y).\n"
    "sum([], A, S) :- S = A.\n"
    "sum([X|Xs], A, S) :- add(A, X, A1), sum(Xs, A1, S).\n";

class ProfileRecorderTest : public SessionTest {
 protected:
  void simulate(unsigned ius) { test::simulate_on(session(), ius); }
  const analyzer::ProfileSite* site(const std::string& goal) {
    for (const auto& s : sites) {
      if (s.goal == goal) return &s;
    }
    return nullptr;
  }
  std::vector<analyzer::ProfileSite> sites;
};

TEST_F(ProfileRecorderTest, IterationsReadTheDataOfTheIuTheirKeyNames) {
  ASSERT_TRUE(load(kProgram)) << err.str();
  simulate(4);
  const auto plain = query("go(S)");
  ASSERT_EQ(plain.exit_code, kExitSuccess) << plain.report;
  session().engine().profile_sites = &sites;
  const auto profiled = query("go(S)");
  ASSERT_EQ(profiled.exit_code, kExitSuccess) << profiled.report;
  EXPECT_EQ(binding(profiled, "S"), binding(plain, "S"));
  // The inspector changes nothing of the run: the same statistics.
  EXPECT_EQ(profiled.sim_statistics.dump(), plain.sim_statistics.dump());

  const auto* it = site("it/3");
  ASSERT_NE(it, nullptr);
  EXPECT_EQ(it->clause, "loop1/5");
  EXPECT_EQ(it->ordinal, 2U);
  EXPECT_EQ(it->position, 4U);
  EXPECT_EQ(it->key_argument, 1U);
  ASSERT_EQ(it->instances.size(), 8U);
  for (const auto& instance : it->instances) {
    ASSERT_TRUE(instance.key.has_value());
    const auto k = static_cast<unsigned>(*instance.key);
    // Most words are on IU K mod 4, where cell(V) and V live.
    const auto most = std::max_element(instance.read.begin(), instance.read.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    ASSERT_NE(most, instance.read.end()) << k;
    EXPECT_EQ(most->first, k % 4) << "key " << k;
    // Made by the loop's body, on one IU, once.
    ASSERT_EQ(instance.made_on.size(), 1U) << k;
    EXPECT_EQ(instance.made_on.begin()->second, 1U) << k;
  }
  // twice/3 is made by it/3's body: its instances are keyed on its own first argument, and
  // what it reads counts for it/3's instance as well.
  const auto* twice = site("twice/3");
  ASSERT_NE(twice, nullptr);
  EXPECT_EQ(twice->clause, "it/3");
}

TEST_F(ProfileRecorderTest, MarkedKeysAndTheFirstIntegerArgument) {
  ASSERT_TRUE(load(kProgram)) << err.str();
  simulate(4);
  session().engine().profile_sites = &sites;
  session().engine().profile_keys = {{"loop/4", 2}};  // N: the same for every goal
  ASSERT_EQ(query("go(S)").exit_code, kExitSuccess);
  const auto* loop = site("loop/4");
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->key_argument, 2U);
  for (const auto& instance : loop->instances) EXPECT_EQ(instance.key, std::optional<std::int64_t>(8));
  // sum(Ss, 0, S): its first argument is a list; the first integer one is the accumulator.
  const auto* sum = site("sum/3");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->key_argument, 2U);
  for (const auto& instance : sum->instances) EXPECT_EQ(instance.key, std::optional<std::int64_t>(0));
  // data1(R, I, N, Ds): R is an atom, so the key is I, argument 2.
  const auto* data1 = site("data1/4");
  ASSERT_NE(data1, nullptr);
  EXPECT_EQ(data1->key_argument, 2U);
}

}  // namespace
}  // namespace fleng::kernel
