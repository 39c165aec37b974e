// The pool that runs a rank's configurations: every configuration started comes back once
// with its own result, never more at a time than the pool's threads, all of them at once when
// there are enough (the owner's thread runs none), and taking waits only as long as asked.
#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "sweep/configuration_pool.hpp"

namespace fleng::sweep {
namespace {

using namespace std::chrono_literals;

TEST(ConfigurationPool, EveryConfigurationComesBackOnceAtMostThreadsAtATime) {
  std::atomic<int> now{0};
  std::atomic<int> most{0};
  const auto owner = std::this_thread::get_id();
  std::atomic<bool> on_owner{false};
  ConfigurationPool pool(3, [&](std::size_t index) {
    if (std::this_thread::get_id() == owner) on_owner.store(true);
    const int running = now.fetch_add(1) + 1;
    int seen = most.load();
    while (running > seen && !most.compare_exchange_weak(seen, running)) {
    }
    std::this_thread::sleep_for(20ms);
    now.fetch_sub(1);
    ConfigurationResult result;
    result.exit_code = static_cast<int>(index);
    return result;
  });
  EXPECT_EQ(pool.threads(), 3U);
  std::set<std::size_t> back;
  std::size_t next = 0;
  const std::size_t total = 12;
  while (back.size() < total) {
    while (pool.idle() > 0 && next < total) pool.start(next++);
    EXPECT_LE(pool.running(), 3U);
    for (auto& [index, result] : pool.take_finished(5ms)) {
      EXPECT_EQ(result.exit_code, static_cast<int>(index));
      EXPECT_TRUE(back.insert(index).second) << index;
    }
  }
  EXPECT_EQ(pool.running(), 0U);
  EXPECT_EQ(most.load(), 3);  // the three threads ran side by side, even on fewer cores
  EXPECT_FALSE(on_owner.load());
}

TEST(ConfigurationPool, TakingWaitsNoLongerThanAsked) {
  ConfigurationPool pool(1, [](std::size_t) {
    std::this_thread::sleep_for(300ms);
    return ConfigurationResult{};
  });
  pool.start(0);
  const auto before = std::chrono::steady_clock::now();
  EXPECT_TRUE(pool.take_finished(10ms).empty());
  EXPECT_LT(std::chrono::steady_clock::now() - before, 200ms);
  EXPECT_EQ(pool.running(), 1U);
}

}  // namespace
}  // namespace fleng::sweep
