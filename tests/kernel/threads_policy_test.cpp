// Batches of the threads engine (ThreadsPolicy::run_batch, kernel/threads_policy.hpp): a batch
// ends by its goals or its reductions, a goal yields after its time slice, and a batch given the
// machine's count of waiting IUs shortens itself and its slices once that count is not zero,
// also in the middle of a goal's slice.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>

#include "kernel/threads_policy.hpp"
#include "../vm/vm_test_support.hpp"

namespace fleng::kernel {
namespace {

using vm::Cell;
using vm::RunStatus;

using vm::test::Machine;

// 2 reductions per round and one direct reduction of a goal (loop1/2's dispatch is inlined
// into loop/1's body, which executes loop/1 again): one goal runs until its slice ends.
constexpr const char* kLoop =
    "loop(N) :- less(0, N, C), loop1(C, N).\n"
    "loop1(true, N) :- sub(N, 1, N1), loop(N1).\n"
    "loop1(false, _).\n";

constexpr std::uint64_t kRounds = 20000;
constexpr std::uint64_t kAllReductions = 2 * (kRounds + 1);

BatchLimits long_batch(const std::atomic<std::uint32_t>* waiting) {
  return BatchLimits{256, 100000, 100000, 0, waiting, 100, 200};
}

void start_loop(Machine& m) {
  const Cell n = Machine::integer(static_cast<std::int64_t>(kRounds));
  ASSERT_TRUE(m.iu->add_goal(m.predicate("loop", 1), &n));
}

TEST(Batch, WithNobodyWaitingTheGoalRunsItsWholeSlice) {
  // No count to look at (one IU, or more IUs than workers), or a count of zero.
  const std::atomic<std::uint32_t> nobody{0};
  const std::atomic<std::uint32_t>* const counts[] = {nullptr, &nobody};
  for (const std::atomic<std::uint32_t>* waiting : counts) {
    Machine m(kLoop);
    start_loop(m);
    ASSERT_EQ(ThreadsPolicy(*m.iu).run_batch(long_batch(waiting)), RunStatus::Success);
    EXPECT_EQ(m.iu->counters.reductions, kAllReductions);
    EXPECT_EQ(m.iu->pool_size(), 0U);
  }
}

TEST(Batch, AnIuWaitingShortensTheBatchAndTheSliceInTheMiddleOfAGoal) {
  Machine m(kLoop);
  start_loop(m);
  const std::atomic<std::uint32_t> waiting{1};
  ASSERT_EQ(ThreadsPolicy(*m.iu).run_batch(long_batch(&waiting)), RunStatus::Success);
  // The goal's first piece of 100 direct reductions ends, the batch looks and finds an IU
  // waiting: the slice is now 200 (the goal yields after 200 direct reductions, 400
  // reductions), the batch ends at the goal boundary past 100 reductions.
  EXPECT_GE(m.iu->counters.reductions, 100U);
  EXPECT_LE(m.iu->counters.reductions, 400U);
  EXPECT_EQ(m.iu->pool_size(), 1U);  // the preempted goal
  // The rest in later batches, with the same result.
  for (int i = 0; i < 1000 && m.iu->pool_size() > 0; ++i) {
    ASSERT_EQ(ThreadsPolicy(*m.iu).run_batch(long_batch(&waiting)), RunStatus::Success);
  }
  EXPECT_EQ(m.iu->counters.reductions, kAllReductions);
  EXPECT_EQ(m.iu->pool_size(), 0U);
}

TEST(Batch, ABatchEndsByItsReductionsAtAGoalBoundary) {
  Machine m(kLoop);
  start_loop(m);
  const BatchLimits limits{256, 1000, 300, 0, nullptr, 100, 200};
  ASSERT_EQ(ThreadsPolicy(*m.iu).run_batch(limits), RunStatus::Success);
  // Slices of 300 direct reductions (600 reductions): the goal yields at 600 and 1200
  // reductions; the batch ends at the first goal boundary at or past 1000 reductions.
  EXPECT_EQ(m.iu->counters.reductions, 1200U);
  EXPECT_EQ(m.iu->pool_size(), 1U);
}

}  // namespace
}  // namespace fleng::kernel
