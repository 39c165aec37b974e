// The threads engine as a policy of the reducer (vm/engine_policy.hpp): an IU's worker runs
// batches of goals of its pool, bounded by goals, reductions and free heap cells, and while
// another IU may start waiting for work it looks at the machine's count of waiting IUs and
// shortens the batch and its goals' slices (kernel/threads_machine.hpp, "Batches"). The same
// machine code as the simulator (placements, dynamic partitioning, messages), nothing counted;
// a distributing body's last goal kept here is reduced directly. One policy per IU of the
// ThreadsMachine.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "vm/engine_policy.hpp"
#include "vm/iu.hpp"
#include "vm/opcode.hpp"
#include "vm/remote_ops.hpp"

namespace fleng::kernel {

/// A batch of the threads engine: how many goals and reductions it may take, how many direct
/// reductions each goal may make before it goes to the back (the time slice), and the free
/// heap cells below which it stops.
struct BatchLimits {
  std::uint32_t goals;
  std::uint64_t reductions;
  std::uint32_t time_slice;
  std::size_t low_cells;
  /// While not null: every `waiting_reductions` reductions the batch looks at this count (the
  /// machine's IUs waiting for work); once it is not zero the batch shortens to
  /// `waiting_reductions` reductions and its goals' slices to `waiting_time_slice`, so that
  /// what the waiting IU may need goes out soon (the machine sends it at the batch's end).
  const std::atomic<std::uint32_t>* waiting = nullptr;
  std::uint64_t waiting_reductions = 0;
  std::uint32_t waiting_time_slice = 0;
};

class ThreadsPolicy {
 public:
  /// The policy of `iu` (which joins the machine with Iu::attach).
  explicit ThreadsPolicy(vm::Iu& iu) : iu_(iu) {}

  /// Reduces goals of the pool, at most `limits.goals` (each with its direct reductions) and
  /// about `limits.reductions` (a goal is not cut short but by its slice), stopping early when
  /// the pool is empty or the heap runs low. Success means it stopped normally (the pool may
  /// still hold goals).
  vm::RunStatus run_batch(const BatchLimits& limits);

  // --- the hooks of vm::EnginePolicy --------------------------------------------------------------
  static constexpr bool kCollectsAlone = false;
  static constexpr bool kAttentionAfterBuiltins = true;
  static constexpr bool kAttentionAtDirectReductions = false;
  static constexpr bool kMatchesListAtEntry = true;
  /// On host threads a goal record is made here and its target copies it into its own heap
  /// (only an IU writes its own heap).
  static constexpr bool kWritesRemoteHeaps = false;
  /// A float of another IU's heap is read in place, as the general path reads it (a boxed
  /// number never changes); the result is made in this IU's heap.
  static constexpr bool kFloatFastPaths = true;
  /// Two cells for a stream's list cell, as on one IU: another IU's thread reads the tail field
  /// as it reads a variable cell (vm::field_term), and binds it through the field's owner
  /// (docs/engine.md, "Terms").
  static constexpr bool kTailVariableInCell = true;

  vm::Take take_goal(vm::Cell& goal, vm::RunStatus& status) {
    // A batch ends after its goals, or when the heap runs low (the machine collects every heap
    // together, with all workers stopped).
    if (iu_.counters.reductions >= check_at_) [[unlikely]] {
      if (iu_.counters.reductions < end_reductions_) look_for_waiting();
      if (iu_.counters.reductions >= end_reductions_) return stop(status);
    }
    if (goals_left_ == 0 || iu_.heap.free_cells() < low_cells_) return stop(status);
    --goals_left_;
    if (iu_.has_sleepers()) [[unlikely]] iu_.wake_sleepers();  // timer/2 on the host's clock
    if (const vm::Cell taken = iu_.take_goal(); taken != 0) {
      goal = taken;
      return vm::Take::Goal;
    }
    return stop(status);  // the machine decides about deadlock
  }
  static bool admit_goal() { return true; }
  /// The slice in pieces while the batch looks for waiting IUs (see next_slice_piece).
  std::uint32_t first_slice() {
    slice_given_ = slice_piece(0);
    return slice_given_;
  }
  /// The end of a piece of the slice: look whether an IU waits (which may shorten the slice),
  /// then the next piece, if any of the slice is left.
  bool next_slice_piece(std::uint32_t& slice) {
    if (waiting_ != nullptr) look_for_waiting();
    if (slice_given_ < time_slice_) {
      slice = slice_piece(slice_given_);
      slice_given_ += slice;
      return true;
    }
    return false;
  }
  static void goal_entered_pool(vm::Cell /*goal*/) {}

  static void charge_instruction(vm::Cell /*opcode*/) {}
  static void charge_reduce_dispatch() {}
  static void charge_clause_try() {}
  static void charge_builtin_goal(const vm::Cell* /*registers*/, std::uint32_t /*arity*/) {}
  static void charge_builtin_call(const vm::Cell* /*registers*/, const vm::Cell* /*listed*/,
                                  std::uint64_t /*n*/) {}

  /// Shared memory: another IU's word is a plain load.
  static vm::Cell deref(vm::Cell c) { return vm::deref(c); }
  static void read_first_argument(vm::Cell* /*registers*/, std::uint32_t /*arity*/) {}
  static void read_structure(vm::Cell /*c*/) {}

  /// Data stay here (a datum is made by the IU that writes it).
  static unsigned data_target(std::uint64_t /*placement*/, unsigned here) { return here; }
  unsigned goal_target(std::uint64_t placement, unsigned /*here*/) {
    return iu_.goal_placement(placement);
  }
  /// The body's last goal, placed here by static partitioning: reduced directly, as the local
  /// body's `execute` does, instead of through a goal record and the pool (a host-thread
  /// saving the simulated UNIRED does not model: there the distributing body spawns every
  /// goal). Naive partitioning keeps placing every goal by the load table. It counts as a goal
  /// of the batch (a batch that ends at its budget delivers the IU's messages and takes its
  /// inbox as often as when the goal went through the pool).
  bool reduce_here_directly(bool here, const vm::Cell* next) {
    if (here && iu_.static_partitioning() && goals_left_ > 0 &&
        static_cast<vm::Op>(*next) == vm::Op::proceed) {
      --goals_left_;
      return true;
    }
    return false;
  }
  bool distributing() const { return iu_.distribute; }
  void label_from(unsigned& label, vm::Cell datum) const { label = iu_.owner_iu(datum); }
  void resolve_any(unsigned& label) { label = iu_.machine()->least_loaded(iu_); }

 private:
  vm::Take stop(vm::RunStatus& status) {
    status = vm::RunStatus::Success;
    return vm::Take::Stop;
  }
  /// The batch's look at BatchLimits::waiting (due at check_at_, and at the end of every piece
  /// of a goal's slice): shortens the batch and its slices once an IU waits, and sets the next
  /// look.
  void look_for_waiting();
  /// The count of reductions of the batch's next look (or its end, if sooner).
  void set_next_look();
  /// The next piece of a goal's slice of which `given` direct reductions are gone: the rest,
  /// or at most `waiting_reductions` of it while the batch looks for waiting IUs.
  [[nodiscard]] std::uint32_t slice_piece(std::uint32_t given) const {
    const std::uint32_t rest = time_slice_ - given;
    if (waiting_ == nullptr) return rest;
    return std::min(rest, static_cast<std::uint32_t>(waiting_reductions_));
  }

  vm::Iu& iu_;
  std::uint32_t goals_left_ = 0;         // goals left in this batch
  std::uint64_t end_reductions_ = 0;     // the batch ends at this count
  std::uint32_t time_slice_ = 1000;      // this batch's time slice
  std::size_t low_cells_ = 0;            // end the batch below this many free cells
  std::uint32_t slice_given_ = 0;        // the pieces of the current goal's slice so far
  // While another IU may start waiting (BatchLimits::waiting): the next count of reductions
  // at which the batch looks (or its end, if sooner), and what it shortens to.
  std::uint64_t check_at_ = 0;
  std::uint64_t start_reductions_ = 0;
  const std::atomic<std::uint32_t>* waiting_ = nullptr;
  std::uint64_t waiting_reductions_ = 0;
  std::uint32_t waiting_time_slice_ = 0;
};

static_assert(vm::EnginePolicy<ThreadsPolicy>);

}  // namespace fleng::kernel
