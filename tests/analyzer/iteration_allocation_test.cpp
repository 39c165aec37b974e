// Rules (1)-(4) of the inspector-executor paper on small hand-made tables
// (analyzer/iteration_allocation.hpp), each rule's tie-break included.
#include <gtest/gtest.h>

#include <vector>

#include "analyzer/iteration_allocation.hpp"

namespace fleng::analyzer {
namespace {

using Table = std::vector<std::vector<std::uint64_t>>;

std::vector<unsigned> ius_of(const std::vector<IterationChoice>& choices) {
  std::vector<unsigned> out;
  for (const auto& c : choices) out.push_back(c.iu);
  return out;
}

std::vector<AllocationRule> rules_of(const std::vector<IterationChoice>& choices) {
  std::vector<AllocationRule> out;
  for (const auto& c : choices) out.push_back(c.rule);
  return out;
}

TEST(IterationAllocation, Rule1TheOneIuThatExchangesTheFewestWords) {
  // Iteration 0 reads 5 words of IU 2 and 1 of IU 0: on IU 2 it exchanges 1, on IU 0 5, on
  // IU 1 6. Iteration 1 owns most on IU 1.
  const auto choices = allocate_iterations(Table{{1, 0, 5}, {0, 3, 1}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{2, 1}));
  EXPECT_EQ(rules_of(choices), (std::vector<AllocationRule>{AllocationRule::FewestWords,
                                                            AllocationRule::FewestWords}));
  EXPECT_EQ(choices[0].exchanged, 1U);
  EXPECT_EQ(choices[1].exchanged, 1U);
}

TEST(IterationAllocation, Rule2ATieGoesToThePreviousIterationsIu) {
  // Iteration 1 ties between IU 1 and IU 2; iteration 0 went to IU 2, so it does too (not to
  // the lower number, not to the IU with fewer iterations).
  const auto choices = allocate_iterations(Table{{0, 0, 4}, {0, 3, 3}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{2, 2}));
  EXPECT_EQ(choices[1].rule, AllocationRule::PreviousIu);
}

TEST(IterationAllocation, Rule3ATieWithoutThePreviousIuGoesToTheOneWithFewestIterations) {
  // Iterations 0 and 1 go to IU 0 and IU 1 by rule (1); iteration 2 prefers IU 1 alone;
  // iteration 3 ties between IU 0 (1 iteration so far) and IU 2 (none), and the previous
  // iteration's IU 1 is not among the best: IU 2, the one with the fewest.
  const auto choices = allocate_iterations(Table{{5, 0, 0}, {0, 5, 0}, {0, 5, 0}, {2, 0, 2}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{0, 1, 1, 2}));
  EXPECT_EQ(choices[3].rule, AllocationRule::FewestSoFar);
}

TEST(IterationAllocation, Rule4ATieInRule3TooGoesToIuZero) {
  // The first iteration has no previous one; every IU ties with nothing given: IU 0. The next
  // one ties again: rule (2) keeps it on IU 0.
  const auto choices = allocate_iterations(Table{{0, 0, 0}, {0, 0, 0}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{0, 0}));
  EXPECT_EQ(rules_of(choices),
            (std::vector<AllocationRule>{AllocationRule::LowestNumber, AllocationRule::PreviousIu}));
}

TEST(IterationAllocation, Rule4WithoutIuZeroAmongTheBestTakesTheLowestNumber) {
  // Iteration 0 to IU 0 by rule (1); iteration 1 ties between IU 1 and IU 2, neither has an
  // iteration yet, IU 0 (the previous) is not among them: IU 1.
  const auto choices = allocate_iterations(Table{{4, 0, 0}, {0, 2, 2}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(choices[1].rule, AllocationRule::LowestNumber);
}

TEST(IterationAllocation, EverythingOnOneIuWhenThatExchangesLeast) {
  // The paper accepts a sequential allocation when spreading would communicate more.
  const auto choices = allocate_iterations(Table{{3, 1}, {3, 1}, {3, 1}});
  EXPECT_EQ(ius_of(choices), (std::vector<unsigned>{0, 0, 0}));
}

TEST(IterationAllocation, NoIterationsNoChoices) {
  EXPECT_TRUE(allocate_iterations(Table{}).empty());
}

}  // namespace
}  // namespace fleng::analyzer
