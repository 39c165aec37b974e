// The engine's event queue: pops in (time, sequence) order whatever the push order, against
// a sorted reference over a long random mix of pushes and pops (ties in time, bursts, jumps
// far ahead, runs down to empty), with every push at or after the last time popped as the
// engine guarantees, so every bucket of the radix heap is filled and spread.
#include "netsim/event_queue.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <utility>

#include <gtest/gtest.h>

namespace fleng::netsim {
namespace {

struct TestEvent {
  std::uint64_t time;
  std::uint64_t sequence;
};

TEST(EventQueue, PopsInTimeThenSequenceOrder) {
  EventQueue<TestEvent> queue;
  std::set<std::pair<std::uint64_t, std::uint64_t>> reference;
  std::mt19937_64 random(7);
  std::uint64_t sequence = 0;
  std::uint64_t now = 0;
  for (int step = 0; step < 300000; ++step) {
    // Phases that grow the queue to a few hundred events and drain it again.
    const bool grow = (step / 5000) % 2 == 0;
    const bool push = reference.empty() || (random() % 100) < (grow ? 70U : 30U);
    if (push) {
      // Mostly near (many ties in time), sometimes far ahead (high buckets).
      const std::uint64_t ahead =
          random() % 8 == 0 ? (random() >> 12U) >> (random() % 52) : random() % 16;
      const std::uint64_t time = now + ahead;
      queue.push(TestEvent{time, sequence});
      reference.emplace(time, sequence);
      ++sequence;
    } else {
      ASSERT_FALSE(queue.empty());
      const auto expected = *reference.begin();
      reference.erase(reference.begin());
      EXPECT_EQ(queue.next_time(), expected.first);
      const TestEvent event = queue.pop();
      EXPECT_EQ(event.time, expected.first);
      ASSERT_EQ(event.sequence, expected.second);
      now = std::max(now, expected.first);
    }
    ASSERT_EQ(queue.size(), reference.size());
  }
}

TEST(EventQueue, EmptyAfterTheLastPop) {
  EventQueue<TestEvent> queue;
  EXPECT_TRUE(queue.empty());
  queue.push(TestEvent{5, 0});
  queue.push(TestEvent{5, 1});
  queue.push(TestEvent{1, 2});
  EXPECT_EQ(queue.next_time(), 1U);
  EXPECT_EQ(queue.pop().sequence, 2U);
  queue.push(TestEvent{1, 3});  // at the time just taken
  queue.push(TestEvent{5, 4});
  EXPECT_EQ(queue.pop().sequence, 3U);
  EXPECT_EQ(queue.next_time(), 5U);
  EXPECT_EQ(queue.pop().sequence, 0U);
  EXPECT_EQ(queue.pop().sequence, 1U);
  EXPECT_EQ(queue.pop().sequence, 4U);
  EXPECT_TRUE(queue.empty());
}

TEST(EventQueue, TimesNearTheTopOfTheRange) {
  EventQueue<TestEvent> queue;
  const std::uint64_t top = ~std::uint64_t{0};
  queue.push(TestEvent{top, 0});
  queue.push(TestEvent{std::uint64_t{1} << 63U, 1});
  queue.push(TestEvent{top, 2});
  queue.push(TestEvent{3, 3});
  EXPECT_EQ(queue.pop().sequence, 3U);
  EXPECT_EQ(queue.pop().sequence, 1U);
  EXPECT_EQ(queue.pop().sequence, 0U);
  EXPECT_EQ(queue.pop().sequence, 2U);
  EXPECT_TRUE(queue.empty());
}

}  // namespace
}  // namespace fleng::netsim
