// The event loop: an actor that blocks hands control directly to the actor of the earliest
// event (one fiber switch), so the driver fiber only starts and ends the run. An actor whose
// own next event is the earliest continues without any switch, and step actors run in the
// dispatching loop itself.
#include "netsim/engine.hpp"

#include "netsim/simulation_scheduler.hpp"

#include <boost/fiber/protected_fixedsize_stack.hpp>
#include <boost/fiber/scheduler.hpp>

#if defined(__SANITIZE_ADDRESS__)
#define FLENG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FLENG_ASAN 1
#endif
#endif
#ifdef FLENG_ASAN
#include <sanitizer/asan_interface.h>
#endif

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <utility>

namespace fleng::netsim {

namespace {
/// Thrown into actors still blocked when the run ends, to unwind their fibers.
struct Shutdown {};

/// A fiber's stack (a guard page below it). Under AddressSanitizer its memory is unpoisoned
/// when it is made and when it is given back: Boost.Context is built without ASan's fiber
/// annotations, so the shadow may still mark frames of an earlier stack (or of a fiber unwound
/// by an exception) at the same addresses, which ASan then reports as stack overflows in the
/// next fiber there (found by the runtime fuzzer, tests/fuzz/).
class FiberStack {
 public:
  explicit FiberStack(std::size_t bytes) : stack_(bytes) {}
  boost::context::stack_context allocate() {
    boost::context::stack_context context = stack_.allocate();
    unpoison(context);
    return context;
  }
  void deallocate(boost::context::stack_context& context) noexcept {
    unpoison(context);
    stack_.deallocate(context);
  }

 private:
  static void unpoison([[maybe_unused]] const boost::context::stack_context& context) {
#ifdef FLENG_ASAN
    ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(context.sp) - context.size, context.size);
#endif
  }
  boost::fibers::protected_fixedsize_stack stack_;
};
}  // namespace

Engine::Engine() { SimulationScheduler::install_on_this_thread(); }

Engine::~Engine() {
  // Unwind the fibers of actors that never finished (they wait for events that will not come).
  for (auto& actor : actors_) {
    if (actor->fiber.joinable()) {
      if (!actor->finished) {
        shutdown_ = true;
        resume(*actor);
      }
      actor->fiber.join();
    }
  }
}

Engine::Actor& Engine::add_actor(std::string name) {
  actors_.push_back(std::make_unique<Actor>());
  actors_.back()->name = std::move(name);
  return *actors_.back();
}

ActorId Engine::spawn(std::string name, std::function<void()> body, std::size_t stack_bytes) {
  const auto id = static_cast<ActorId>(actors_.size());
  Actor& actor = add_actor(std::move(name));
  actor.body = std::move(body);
  actor.fiber = boost::fibers::fiber(std::allocator_arg,
                                     FiberStack(stack_bytes),
                                     [this, id] {
    Actor& self = *actors_[id];
    try {
      self.context = boost::fibers::context::active();
      park(self);
      if (shutdown_) throw Shutdown{};
      current_ = id;
      self.body();
    } catch (const Shutdown&) {
      self.finished = true;
      return;
    } catch (...) {
      if (!failure_) failure_ = std::current_exception();
      stopping_ = true;
    }
    self.finished = true;
    dispatch_next();
  });
  schedule(id, 0);
  return id;
}

ActorId Engine::spawn_step(std::string name, std::function<void()> step) {
  const auto id = static_cast<ActorId>(actors_.size());
  add_actor(std::move(name)).step = std::move(step);
  schedule(id, 0);
  return id;
}

void Engine::schedule(ActorId actor, SimTime time) {
  queue_.push(Event{time, sequence_++, actor, actors_[actor]->epoch});
}

bool Engine::dispatch_next() {
  while (!stopping_ && !queue_.empty()) {
    const Event event = queue_.pop();
    Actor& actor = *actors_[event.actor];
    if (event.epoch != actor.epoch || actor.finished) continue;  // superseded wake-up
    if (event.time > now_) now_ = event.time;
    ++events_;
    ++actor.epoch;
    actor.waiting = false;
    if (!actor.step) {
      if (actor.then != nullptr) {  // advance_then(): its continuation first, here
        const Continuation then = std::exchange(actor.then, nullptr);
        current_ = event.actor;
        try {
          const SimTime next = then(actor.then_context);
          if (!(next == kThenWait ? try_wait() : try_advance(next))) continue;  // resumes later
        } catch (...) {
          if (!failure_) failure_ = std::current_exception();
          stopping_ = true;
          continue;
        }
      }
      resume(actor);
      return true;
    }
    current_ = event.actor;
    try {
      actor.step();
    } catch (...) {
      if (!failure_) failure_ = std::current_exception();
      actor.finished = true;
      stopping_ = true;
    }
  }
  {
    std::unique_lock lock(mutex_);
    idle_ = true;
  }
  driver_cv_.notify_one();
  return false;
}

// The hand-over between actors is Boost.Fiber's own context switch: the actor to run is made
// ready (schedule) and the running one suspends; the scheduling algorithm
// (simulation_scheduler.hpp) then switches straight to it. A condition variable per actor did
// the same with a wait queue and a lock around every switch. Both resume and park reach the
// scheduler through the actor's own context rather than context::active(): every actor runs on
// this thread's scheduler, and active() is a thread-local lookup in Boost.Fiber's shared
// library (__tls_get_addr), which showed up at 7% of the simulator's instructions.
void Engine::resume(Actor& actor) {
  actor.go = true;
  if (actor.parked) actor.context->get_scheduler()->schedule(actor.context);
}

void Engine::park(Actor& actor) {
  actor.parked = true;
  while (!actor.go) actor.context->suspend();  // park runs in the actor's own fiber
  actor.parked = false;
  actor.go = false;
}

void Engine::block(ActorId self) {
  Actor& actor = *actors_[self];
  dispatch_next();
  park(actor);
  if (shutdown_) throw Shutdown{};
  current_ = self;
}

SimTime Engine::run() {
  {
    idle_ = false;
    if (dispatch_next()) {
      std::unique_lock lock(mutex_);
      driver_cv_.wait(lock, [&] { return idle_; });
    }
  }
  if (failure_) std::rethrow_exception(failure_);
  return now_;
}

bool Engine::try_advance(SimTime cycles) {
  const SimTime target = now_ + cycles;
  if (!stopping_ && (queue_.empty() || queue_.next_time() > target)) {
    now_ = target;  // nothing else happens before: no switch
    return true;
  }
  schedule(current_, target);
  return false;
}

void Engine::advance(SimTime cycles) {
  const ActorId self = current_;
  if (!try_advance(cycles)) block(self);
}

void Engine::advance_then(SimTime cycles, Continuation then, void* context) {
  const ActorId self = current_;
  if (try_advance(cycles)) {
    const SimTime next = then(context);
    if (next == kThenWait) {
      wait();
    } else {
      advance(next);
    }
    return;
  }
  Actor& actor = *actors_[self];
  actor.then = then;
  actor.then_context = context;
  block(self);
}

bool Engine::try_wait() {
  const ActorId self = current_;
  Actor& actor = *actors_[self];
  if (!actor.pending.empty()) {
    // Wake-ups that came while this actor was busy. Those due by now all end this wait (the
    // actor re-checks its state anyway); a later one is scheduled, and an earlier wake-up
    // arriving meanwhile still resumes the actor first.
    const SimTime at = actor.pending.front();
    if (at <= now_) {
      actor.pending.erase(actor.pending.begin(),
                          std::upper_bound(actor.pending.begin(), actor.pending.end(), now_));
      return true;
    }
    actor.pending.erase(actor.pending.begin());
    schedule(self, at);
  }
  actor.waiting = true;
  return false;
}

void Engine::wait() {
  const ActorId self = current_;
  if (try_wait()) return;
  block(self);
  actors_[self]->waiting = false;
}

void Engine::wake_at(ActorId id, SimTime time) {
  if (time < now_) time = now_;
  Actor& actor = *actors_[id];
  if (actor.finished) return;
  if (actor.waiting) {
    schedule(id, time);  // the earliest of several wake-ups resumes it; the others are stale
    return;
  }
  // For its next wait(), once.
  const auto at = std::lower_bound(actor.pending.begin(), actor.pending.end(), time);
  if (at == actor.pending.end() || *at != time) actor.pending.insert(at, time);
}

}  // namespace fleng::netsim
