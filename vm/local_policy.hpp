// The one-IU engine as a policy of the reducer (vm/engine_policy.hpp): goals from the IU's own
// pool until it is empty (success or deadlock), timers on the host's clock, the step limit;
// nothing is counted, nothing is remote, nothing is placed. Iu::run() runs it (vm/reducer.cpp
// instantiates the loop for it).
#pragma once

#include <cstdint>

#include "vm/engine_policy.hpp"
#include "vm/iu.hpp"

namespace fleng::vm {

class LocalPolicy {
 public:
  explicit LocalPolicy(Iu& iu)
      : iu_(iu), max_reductions_(iu.options().max_reductions), time_slice_(iu.options().time_slice) {}

  static constexpr bool kCollectsAlone = true;
  static constexpr bool kAttentionAfterBuiltins = true;
  static constexpr bool kAttentionAtDirectReductions = false;
  static constexpr bool kMatchesListAtEntry = true;
  static constexpr bool kWritesRemoteHeaps = true;  // (nothing is remote)
  static constexpr bool kFloatFastPaths = true;
  static constexpr bool kTailVariableInCell = true;  // (as compiled code: the same counters)

  Take take_goal(Cell& goal, RunStatus& status) {
    if (iu_.has_sleepers()) [[unlikely]] iu_.wake_sleepers();  // timer/2 on the host's clock
    if (const Cell taken = iu_.take_goal(); taken != 0) {
      goal = taken;
      return Take::Goal;
    }
    if (iu_.has_sleepers()) {
      iu_.sleep_until_first_timer();
      return Take::Again;
    }
    status = iu_.has_suspended_goals() ? RunStatus::Deadlock : RunStatus::Success;
    return Take::Stop;
  }
  /// IuOptions::max_reductions (a run that finishes at the limit is not stopped).
  bool admit_goal() {
    if (iu_.counters.reductions >= max_reductions_) [[unlikely]] {
      report_step_limit();
      return false;
    }
    return true;
  }
  std::uint32_t first_slice() const { return time_slice_; }
  static bool next_slice_piece(std::uint32_t& /*slice*/) { return false; }
  static void goal_entered_pool(Cell /*goal*/) {}

  static void charge_instruction(Cell /*opcode*/) {}
  static void charge_reduce_dispatch() {}
  static void charge_clause_try() {}
  static void charge_builtin_goal(const Cell* /*registers*/, std::uint32_t /*arity*/) {}
  static void charge_builtin_call(const Cell* /*registers*/, const Cell* /*listed*/,
                                  std::uint64_t /*n*/) {}

  static Cell deref(Cell c) { return vm::deref(c); }
  static void read_first_argument(Cell* /*registers*/, std::uint32_t /*arity*/) {}
  static void read_structure(Cell /*c*/) {}

  static unsigned data_target(std::uint64_t /*placement*/, unsigned here) { return here; }
  static unsigned goal_target(std::uint64_t /*placement*/, unsigned here) { return here; }
  static bool reduce_here_directly(bool /*here*/, const Cell* /*next*/) { return false; }
  static bool distributing() { return false; }  // one IU never distributes
  static void label_from(unsigned& /*label*/, Cell /*datum*/) {}
  static void resolve_any(unsigned& /*label*/) {}

 protected:
  Iu& iu_;
  std::uint64_t max_reductions_;  ///< the step limit (max() for none)

 private:
  [[gnu::cold]] void report_step_limit();

  std::uint32_t time_slice_;
};

static_assert(EnginePolicy<LocalPolicy>);

}  // namespace fleng::vm
