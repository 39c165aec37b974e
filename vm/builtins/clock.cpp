// Time: now/1, seconds since the run started: the simulated time of the IU that runs the goal
// on the simulated machine (so that simulated runs stay deterministic), the host's steady clock
// on the local and threads engines; work/1,2, a computation of a given length; timer/2, a
// signal after a delay that keeps no IU busy meanwhile (docs/builtins.md, time).
#include <chrono>

#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_now(Iu& iu, Cell*, Cell* out) { return deliver_float(iu, out, iu.now_seconds()); }

namespace {

/// work/1,2: `cycles` UNIRED cycles on the simulated machine; on the host, a busy wait of the
/// time those cycles take at the machine's clock (IuOptions::clock_mhz).
Outcome work(Iu& iu, Cell cycles, const char* name) {
  const Cell c = deref(cycles);
  if (!is_integer(c)) return type_error(iu, "an integer number of cycles", c);
  const std::int64_t n = integer_value(c);
  if (n < 0) return iu.fail(fmt::format("{}: the number of cycles must not be negative, not {}", name, n));
  if (iu.simulated()) {
    iu.machine()->charge_cycles(iu, static_cast<std::uint64_t>(n));
    return Outcome::Done;
  }
  const auto end = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double, std::micro>(static_cast<double>(n) /
                                                                 iu.clock_mhz()));
  while (std::chrono::steady_clock::now() < end) {
  }
  return Outcome::Done;
}

}  // namespace

Outcome builtin_work(Iu& iu, Cell* args, Cell*) { return work(iu, args[0], "work/1"); }

Outcome builtin_work_done(Iu& iu, Cell* args, Cell* out) {
  const Outcome outcome = work(iu, args[0], "work/2");
  if (outcome != Outcome::Done) return outcome;
  return deliver(out, kNil);
}

Outcome builtin_timer(Iu& iu, Cell* args, Cell*) {
  const Cell d = deref(args[0]);
  const auto delay = number_of(d);
  if (!delay) return type_error(iu, "a number of seconds", d);
  const double seconds = delay->is_float ? delay->d : static_cast<double>(delay->i);
  if (!(seconds >= 0) || seconds > 1e9) {
    return iu.fail(fmt::format("timer/2: the delay must be from 0 to 1e9 seconds, not {}",
                               iu.format(d)));
  }
  // Done = [] as a goal of its own, started when the delay is over.
  const std::uint64_t unify = iu.atoms.intern("=");
  auto id = iu.image.find(unify, 2);
  if (!id) {
    id = iu.image.predicate(unify, "=", 2);
    iu.note_predicates_grew();
  }
  const Cell goal_args[2] = {args[1], kNil};
  const Cell goal = iu.make_builtin_goal(*id, goal_args);
  if (goal == 0) return Outcome::NeedHeap;
  iu.start_timer(seconds, goal);
  return Outcome::Done;
}

}  // namespace fleng::vm
