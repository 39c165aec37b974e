// The discrete-event simulation engine: actors are Boost.Fiber fibers that run one at a time in
// the order of simulated time. An actor consumes time with advance(), waits for a wake-up with
// wait(), and wakes another actor at a given time with wake_at(). Simulated time is kept here,
// never by the host clock (Boost.Fiber's own timed waits use the steady clock; we never use
// them). Determinism: events are ordered by (time, sequence number), and the sequence number
// is the order in which events were scheduled, so the same program gives the same run.
//
// This library knows nothing of Fleng: the machine (kernel/) builds its processors on it.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <boost/fiber/condition_variable.hpp>
#include <boost/fiber/context.hpp>
#include <boost/fiber/fiber.hpp>
#include <boost/fiber/mutex.hpp>

#include "netsim/event_queue.hpp"

namespace fleng::netsim {

/// Simulated time, in machine cycles.
using SimTime = std::uint64_t;
using ActorId = std::uint32_t;

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// Creates an actor that starts at time 0 (in creation order). `body` runs in its fiber,
  /// on a stack of `stack_bytes` (guarded; pages are used only as the stack grows).
  ActorId spawn(std::string name, std::function<void()> body,
                std::size_t stack_bytes = std::size_t{256} << 10U);

  /// Runs until no actor has anything left to do (every one waits and no wake-up is pending),
  /// or until stop() is called. Returns the final simulated time.
  SimTime run();
  /// Ends run() once the current actor blocks (e.g. on a fatal error).
  void stop() { stopping_ = true; }

  // --- Inside an actor --------------------------------------------------------------------------
  [[nodiscard]] SimTime now() const { return now_; }
  [[nodiscard]] ActorId current() const { return current_; }
  /// Consumes `cycles` of simulated time; other actors whose events come first run meanwhile.
  void advance(SimTime cycles);
  /// Blocks until another actor wakes this one (wake_at); returns at the wake-up time.
  void wait();
  /// Schedules actor `id` to resume at `time` (>= now). A wake-up for an actor that is not
  /// waiting is remembered for its next wait(), which then returns at that time (or earlier,
  /// when another wake-up comes first); further remembered wake-ups serve later waits.
  void wake_at(ActorId id, SimTime time);

  [[nodiscard]] const std::string& name(ActorId id) const { return actors_[id]->name; }
  [[nodiscard]] std::uint64_t events() const { return events_; }
  [[nodiscard]] std::size_t actor_count() const { return actors_.size(); }

 private:
  struct Event {
    SimTime time;
    std::uint64_t sequence;
    ActorId actor;
    std::uint64_t epoch;  // the actor's resume count when scheduled; stale if it has moved on
  };
  struct Actor {
    std::string name;
    std::function<void()> body;
    boost::fibers::context* context = nullptr;  // its fiber, once started
    bool parked = false;    // suspended until resume()
    bool go = false;        // resumed: it runs next
    bool waiting = false;   // in wait(), not in advance()
    std::uint64_t epoch = 0;
    std::set<SimTime> pending;  // wake-ups that came while it was not waiting
    bool finished = false;
    boost::fibers::fiber fiber;
  };

  void schedule(ActorId actor, SimTime time);
  /// Makes a parked (or not yet started) actor the next fiber to run.
  void resume(Actor& actor);
  /// Suspends the running actor's fiber until resume() is called for it.
  void park(Actor& actor);
  /// Hands control to the next event's actor, then sleeps until this actor is resumed.
  void block(ActorId self);
  /// Resumes the actor of the earliest event; false when none is left.
  bool dispatch_next();

  std::vector<std::unique_ptr<Actor>> actors_;
  EventQueue<Event> queue_;
  std::uint64_t sequence_ = 0;
  std::uint64_t events_ = 0;
  SimTime now_ = 0;
  ActorId current_ = 0;
  bool stopping_ = false;
  bool shutdown_ = false;  // the run is over: blocked actors unwind
  bool idle_ = false;      // no event left: the driver may finish
  std::exception_ptr failure_;
  boost::fibers::mutex mutex_;  // for driver_cv_ only: the driver waits for the run's end
  boost::fibers::condition_variable driver_cv_;
};

}  // namespace fleng::netsim
