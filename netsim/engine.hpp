// The discrete-event simulation engine: actors run one at a time in the order of simulated
// time. An actor consumes time with advance(), waits for a wake-up with wait(), and wakes
// another actor at a given time with wake_at(). Simulated time is kept here, never by the host
// clock (Boost.Fiber's own timed waits use the steady clock; we never use them). Determinism:
// events are ordered by (time, sequence number), and the sequence number is the order in which
// events were scheduled, so the same program gives the same run.
//
// Two kinds of actor share that one order:
//   fiber actors (spawn) are Boost.Fiber fibers: they may block anywhere, deep in a call chain
//     (the machine's UNIRED stalls in the middle of a reduction);
//   step actors (spawn_step) have no fiber: their step function runs at each of their events,
//     on the stack of whoever dispatches it, and returns instead of blocking, after
//     try_advance() or try_wait() said false; it keeps its own place to continue from. They
//     cost no fiber switch, which is most of an event's price when the step is short.
// Both schedule and consume events in the same way, so an actor can change kind without any
// change in the order of events or in the statistics.
//
// This library knows nothing of Fleng: the machine (kernel/) builds its processors on it.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
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
  /// Creates a step actor that starts at time 0 (in creation order): `step` runs at each of its
  /// events, must not call advance() or wait(), and goes on from where it left off by itself.
  ActorId spawn_step(std::string name, std::function<void()> step);

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
  /// What a fiber actor does at a point in time without needing its own stack: it returns the
  /// cycles the actor then spends, or kThenWait for a wait().
  using Continuation = SimTime (*)(void* context);
  static constexpr SimTime kThenWait = std::numeric_limits<SimTime>::max();
  /// advance(cycles), then `then(context)` at that time, then advance() by what it returned
  /// (or wait()), with `then` run by the dispatcher: the fiber is switched out and in once
  /// instead of twice (the UNIRED's remote read: its cycles so far, the request and reply, the
  /// stall; the end of a reduction: its cycles, `endreduce`, the wait for the next `reduce`).
  void advance_then(SimTime cycles, Continuation then, void* context);
  /// advance() without blocking: true when nothing else happens before `cycles` have passed
  /// (the time has moved on; go on), false when the actor has been scheduled for then (a step
  /// actor returns; its step runs again at that time).
  [[nodiscard]] bool try_advance(SimTime cycles);
  /// wait() without blocking: true when a remembered wake-up is due now (go on), false when
  /// the actor now waits (a step actor returns; its step runs again at the wake-up).
  [[nodiscard]] bool try_wait();
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
    std::function<void()> step;  // a step actor's; empty for a fiber actor
    Continuation then = nullptr;  // a fiber actor's advance_then() due at its next event
    void* then_context = nullptr;
    boost::fibers::context* context = nullptr;  // its fiber, once started
    bool parked = false;    // suspended until resume()
    bool go = false;        // resumed: it runs next
    bool waiting = false;   // in wait(), not in advance()
    std::uint64_t epoch = 0;
    // Wake-ups that came while it was not waiting, ascending and distinct: a sorted vector,
    // since it holds one or two times and a tree node per wake-up was a malloc and a free.
    std::vector<SimTime> pending;
    bool finished = false;
    boost::fibers::fiber fiber;
  };

  /// A new actor named `name`, last in actors_ (its id is the count before).
  Actor& add_actor(std::string name);
  void schedule(ActorId actor, SimTime time);
  /// Makes a parked (or not yet started) actor the next fiber to run.
  void resume(Actor& actor);
  /// Suspends the running actor's fiber until resume() is called for it.
  void park(Actor& actor);
  /// Hands control to the next event's actor, then sleeps until this actor is resumed.
  void block(ActorId self);
  /// Runs the step actors of the earliest events and resumes the first fiber actor among them;
  /// false when no event is left.
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
