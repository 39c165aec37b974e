// The engine's event queue: pops in (time, sequence) order whatever the push order, against
// a sorted reference over a long random mix of pushes and pops (ties in time, bursts, runs
// down to empty), so every sift path of the 4-ary heap is taken.
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
  for (int step = 0; step < 200000; ++step) {
    // Phases that grow the queue to a few hundred events and drain it again.
    const bool grow = (step / 5000) % 2 == 0;
    const bool push = reference.empty() || (random() % 100) < (grow ? 70U : 30U);
    if (push) {
      const std::uint64_t time = now + random() % 16;  // many ties in time
      queue.push(TestEvent{time, sequence});
      reference.emplace(time, sequence);
      ++sequence;
    } else {
      ASSERT_FALSE(queue.empty());
      const auto expected = *reference.begin();
      reference.erase(reference.begin());
      EXPECT_EQ(queue.top().time, expected.first);
      ASSERT_EQ(queue.top().sequence, expected.second);
      now = std::max(now, expected.first);
      queue.pop();
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
  EXPECT_EQ(queue.top().sequence, 2U);
  queue.pop();
  EXPECT_EQ(queue.top().sequence, 0U);
  queue.pop();
  EXPECT_EQ(queue.top().sequence, 1U);
  queue.pop();
  EXPECT_TRUE(queue.empty());
}

}  // namespace
}  // namespace fleng::netsim
