// The pool of ready goals (vm/goal_pool.hpp): a stack whose empty back() is its sentinel, a goal
// record of no predicate, and whose iteration and oldest goals leave the sentinel out.
#include "vm/goal_pool.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "vm/goal_record.hpp"

namespace fleng::vm {
namespace {

// Goals for the pool: distinct cells (the pool never looks into them).
Cell goal(std::int64_t n) { return make_small_int(n); }

TEST(GoalPool, TheTopOfAnEmptyPoolIsTheSentinelARecordOfNoPredicate) {
  GoalPool pool;
  EXPECT_TRUE(pool.empty());
  EXPECT_EQ(pool.size(), 0U);
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
  EXPECT_EQ(tag_of(pool.back()), Tag::Box);
  EXPECT_EQ(goal_record::predicate(pool.back()), GoalPool::kNoPredicate);
  EXPECT_EQ(goal_record::arity(pool.back()), 0U);
  EXPECT_EQ(pool.begin(), pool.end());
}

TEST(GoalPool, TakesTheNewestFirstAndShowsTheSentinelWhenDrained) {
  GoalPool pool;
  pool.push_back(goal(1));
  pool.push_back(goal(2));
  EXPECT_EQ(pool.size(), 2U);
  EXPECT_EQ(pool.back(), goal(2));
  EXPECT_EQ(pool.front(), goal(1));
  pool.pop_back();
  EXPECT_EQ(pool.back(), goal(1));
  pool.pop_back();
  EXPECT_TRUE(pool.empty());
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
}

TEST(GoalPool, GrowsKeepingItsGoalsInOrderAndTheSentinelBelowThem) {
  GoalPool pool;
  constexpr int kGoals = 10000;  // many times the first capacity
  for (int i = 0; i < kGoals; ++i) pool.push_back(goal(i));
  ASSERT_EQ(pool.size(), static_cast<std::size_t>(kGoals));
  int expected = 0;
  for (const Cell g : pool) EXPECT_EQ(g, goal(expected++));
  EXPECT_EQ(expected, kGoals);
  for (int i = kGoals - 1; i >= 0; --i) {
    ASSERT_EQ(pool.back(), goal(i));
    pool.pop_back();
  }
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
}

// Claimed slots are the next places on top, oldest first; a claim larger than the free room
// (and than the pool's doubled size) grows the pool enough at once, keeping what it held.
TEST(GoalPool, ClaimedSlotsAreTheNextGoalsOnTopAndGrowThePoolEnough) {
  GoalPool pool;
  pool.push_back(goal(0));
  Cell* slots = pool.claim(3);
  for (std::int64_t i = 0; i < 3; ++i) slots[i] = goal(1 + i);
  EXPECT_EQ(pool.size(), 4U);
  EXPECT_EQ(pool.back(), goal(3));
  constexpr std::size_t kMany = 5000;  // more than twice the first capacity
  slots = pool.claim(kMany);
  for (std::size_t i = 0; i < kMany; ++i) slots[i] = goal(static_cast<std::int64_t>(4 + i));
  ASSERT_EQ(pool.size(), 4 + kMany);
  std::int64_t expected = 0;
  for (const Cell g : pool) EXPECT_EQ(g, goal(expected++));
  for (std::size_t i = 0; i < 4 + kMany; ++i) pool.pop_back();
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
}

// Claims of every size up to past a growth, mixed with single pushes: each lands in the room
// there is or grows the pool first (a claim that exactly fills the room, one that needs one
// slot more); under AddressSanitizer a slot written past the end is an error.
TEST(GoalPool, ClaimsOfEverySizeFillTheRoomExactlyOrGrowFirst) {
  GoalPool pool;
  std::vector<Cell> expected;
  for (std::size_t n = 1; n <= 300; ++n) {
    Cell* slots = pool.claim(n);
    for (std::size_t i = 0; i < n; ++i) {
      slots[i] = goal(static_cast<std::int64_t>(expected.size()));
      expected.push_back(slots[i]);
    }
    pool.push_back(goal(static_cast<std::int64_t>(expected.size())));
    expected.push_back(pool.back());
  }
  EXPECT_EQ(std::vector<Cell>(pool.begin(), pool.end()), expected);
}

TEST(GoalPool, ErasingTheOldestKeepsTheRestInOrder) {
  GoalPool pool;
  for (int i = 0; i < 5; ++i) pool.push_back(goal(i));
  pool.erase_oldest(2);
  EXPECT_EQ(std::vector<Cell>(pool.begin(), pool.end()), (std::vector<Cell>{goal(2), goal(3), goal(4)}));
  EXPECT_EQ(pool.front(), goal(2));
  pool.erase_oldest(3);
  EXPECT_TRUE(pool.empty());
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
}

TEST(GoalPool, ClearingEmptiesIt) {
  GoalPool pool;
  for (int i = 0; i < 300; ++i) pool.push_back(goal(i));
  pool.clear();
  EXPECT_TRUE(pool.empty());
  EXPECT_EQ(pool.back(), GoalPool::sentinel());
  pool.push_back(goal(7));
  EXPECT_EQ(pool.back(), goal(7));
}

}  // namespace
}  // namespace fleng::vm
