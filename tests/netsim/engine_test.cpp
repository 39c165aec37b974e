// The discrete-event engine: actors run in simulated-time order, ties by scheduling order,
// advance() without competition does not switch, wake-ups resume waiting actors at their time
// (the earliest of several), a wake-up before wait() is remembered, runs are deterministic.
#include "netsim/engine.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace fleng::netsim {
namespace {

TEST(Engine, ActorsInterleaveBySimulatedTime) {
  Engine engine;
  std::vector<std::string> log;
  engine.spawn("a", [&] {
    for (int i = 0; i < 3; ++i) {
      log.push_back("a@" + std::to_string(engine.now()));
      engine.advance(10);
    }
  });
  engine.spawn("b", [&] {
    engine.advance(5);
    for (int i = 0; i < 3; ++i) {
      log.push_back("b@" + std::to_string(engine.now()));
      engine.advance(10);
    }
  });
  EXPECT_EQ(engine.run(), 35U);
  EXPECT_EQ(log, (std::vector<std::string>{"a@0", "b@5", "a@10", "b@15", "a@20", "b@25"}));
}

TEST(Engine, TiesGoInSchedulingOrder) {
  Engine engine;
  std::vector<std::string> log;
  for (const char* name : {"x", "y", "z"}) {
    engine.spawn(name, [&, name] {
      engine.advance(7);
      log.emplace_back(name);
    });
  }
  engine.run();
  EXPECT_EQ(log, (std::vector<std::string>{"x", "y", "z"}));
}

TEST(Engine, WaitResumesAtTheEarliestWakeUp) {
  Engine engine;
  SimTime woke = 0;
  ActorId sleeper = engine.spawn("sleeper", [&] {
    engine.wait();
    woke = engine.now();
  });
  engine.spawn("waker", [&] {
    engine.advance(1);
    engine.wake_at(sleeper, 50);
    engine.wake_at(sleeper, 20);  // earlier: this one counts
  });
  engine.run();
  EXPECT_EQ(woke, 20U);
}

TEST(Engine, WakeUpBeforeWaitIsRemembered) {
  Engine engine;
  SimTime woke = 0;
  ActorId late = 0;
  engine.spawn("waker", [&] { engine.wake_at(late, 30); });
  late = engine.spawn("late", [&] {
    engine.advance(10);  // the wake-up arrives while this actor is busy
    engine.wait();       // returns at 30, without blocking forever
    woke = engine.now();
  });
  engine.run();
  EXPECT_EQ(woke, 30U);
}

TEST(Engine, RunEndsWhenOnlyWaitingActorsAreLeft) {
  Engine engine;
  bool after_wait = false;
  engine.spawn("forever", [&] {
    engine.wait();
    after_wait = true;
  });
  engine.spawn("busy", [&] { engine.advance(100); });
  EXPECT_EQ(engine.run(), 100U);
  EXPECT_FALSE(after_wait);
}

TEST(Engine, ExceptionsInActorsReachRun) {
  Engine engine;
  engine.spawn("bad", [&] {
    engine.advance(3);
    throw std::runtime_error("boom");
  });
  EXPECT_THROW(engine.run(), std::runtime_error);
}

TEST(Engine, SameProgramSameEvents) {
  auto simulate = [] {
    Engine engine;
    std::vector<ActorId> ids;
    std::string trace;
    for (int i = 0; i < 20; ++i) {
      ids.push_back(engine.spawn("p" + std::to_string(i), [&, i] {
        for (int k = 0; k < 10; ++k) {
          engine.advance(static_cast<SimTime>((i * 7 + k * 3) % 11 + 1));
          trace += std::to_string(i) + ":" + std::to_string(engine.now()) + " ";
          engine.wake_at(ids[static_cast<std::size_t>((i + 1) % 20)], engine.now() + 2);
        }
      }));
    }
    engine.run();
    return std::make_pair(trace, engine.events());
  };
  EXPECT_EQ(simulate(), simulate());
}

}  // namespace
}  // namespace fleng::netsim
