// The discrete-event engine: actors run in simulated-time order, ties by scheduling order,
// advance() without competition does not switch, wake-ups resume waiting actors at their time
// (the earliest of several), a wake-up before wait() is remembered, runs are deterministic;
// step actors and advance_then() give the very events and order of the fiber actors they stand
// for.
#include "netsim/engine.hpp"

#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
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

// A ring of actors, each advancing by its own amounts, waking the next one and waiting every
// third round: as fibers, or as step actors that keep their round and place themselves.
std::pair<std::string, std::uint64_t> ring(bool steps) {
  constexpr int kActors = 12;
  constexpr int kRounds = 9;
  Engine engine;
  std::vector<ActorId> ids(kActors);
  std::string trace;
  auto cost = [](int i, int k) { return static_cast<SimTime>((i * 5 + k * 3) % 7 + 1); };
  auto note = [&](int i) { trace += std::to_string(i) + "@" + std::to_string(engine.now()) + " "; };
  auto wake_next = [&](int i) {
    engine.wake_at(ids[static_cast<std::size_t>((i + 1) % kActors)], engine.now() + 1);
  };
  struct Place {
    int round = 0;
    bool advanced = false;  // the round's advance is over: note, wake and maybe wait
  };
  std::vector<Place> places(kActors);
  for (int i = 0; i < kActors; ++i) {
    if (!steps) {
      ids[static_cast<std::size_t>(i)] = engine.spawn("f" + std::to_string(i), [&, i] {
        for (int k = 0; k < kRounds; ++k) {
          engine.advance(cost(i, k));
          note(i);
          wake_next(i);
          if (k % 3 == 2) engine.wait();
        }
      });
      continue;
    }
    ids[static_cast<std::size_t>(i)] = engine.spawn_step("s" + std::to_string(i), [&, i] {
      Place& at = places[static_cast<std::size_t>(i)];
      for (; at.round < kRounds; ++at.round) {
        if (!at.advanced) {
          at.advanced = true;
          if (!engine.try_advance(cost(i, at.round))) return;
        }
        at.advanced = false;
        note(i);
        wake_next(i);
        if (at.round % 3 == 2 && !engine.try_wait()) {
          ++at.round;
          return;
        }
      }
    });
  }
  engine.run();
  return {trace, engine.events()};
}

TEST(Engine, StepActorsMakeTheSameEventsAsFibers) {
  const auto fibers = ring(false);
  const auto steps = ring(true);
  EXPECT_GT(fibers.second, 100U);
  EXPECT_EQ(steps, fibers);
}

TEST(Engine, StepActorsAndFibersInterleaveByTime) {
  Engine engine;
  std::vector<std::string> log;
  int stage = 0;
  engine.spawn_step("step", [&] {
    while (stage < 3) {
      log.push_back("s@" + std::to_string(engine.now()));
      ++stage;
      if (!engine.try_advance(10)) return;
    }
  });
  engine.spawn("fiber", [&] {
    for (int k = 0; k < 3; ++k) {
      engine.advance(4);
      log.push_back("f@" + std::to_string(engine.now()));
    }
  });
  EXPECT_EQ(engine.run(), 30U);
  EXPECT_EQ(log, (std::vector<std::string>{"s@0", "f@4", "f@8", "s@10", "f@12", "s@20"}));
}

TEST(Engine, ExceptionsInStepActorsReachRun) {
  Engine engine;
  engine.spawn_step("bad", [&] { throw std::runtime_error("boom"); });
  EXPECT_THROW(engine.run(), std::runtime_error);
}

// advance_then(c, f) is advance(c), f() at that time, advance(what f returned): the same log,
// end time and event count as the fiber doing both advances itself.
TEST(Engine, AdvanceThenIsTwoAdvancesWithTheContinuationBetween) {
  auto simulate = [](bool then) {
    Engine engine;
    std::vector<std::string> log;
    struct Context {
      Engine* engine;
      std::vector<std::string>* log;
    } context{&engine, &log};
    const Engine::Continuation request = [](void* c) -> SimTime {
      auto& ctx = *static_cast<Context*>(c);
      ctx.log->push_back("request@" + std::to_string(ctx.engine->now()));
      return 7;
    };
    engine.spawn("asker", [&] {
      for (int k = 0; k < 3; ++k) {
        if (then) {
          engine.advance_then(static_cast<SimTime>(k + 2), request, &context);
        } else {
          engine.advance(static_cast<SimTime>(k + 2));
          engine.advance(request(&context));
        }
        log.push_back("asker@" + std::to_string(engine.now()));
      }
    });
    engine.spawn("other", [&] {
      for (int k = 0; k < 8; ++k) {
        engine.advance(3);
        log.push_back("other@" + std::to_string(engine.now()));
      }
    });
    const SimTime end = engine.run();
    return std::make_tuple(log, end, engine.events());
  };
  const auto plain = simulate(false);
  EXPECT_EQ(simulate(true), plain);
  EXPECT_EQ(std::get<0>(plain).front(), "request@2");
}

}  // namespace
}  // namespace fleng::netsim
