// The simulated machine as a policy of the reducer (vm/engine_policy.hpp): one reduction per
// `reduce` command of an IU's UNIRED (the goal the MP gave it and those it reduces directly),
// its cycles added up by the costs of the machine description, remote words read through the
// NIP (RemoteOps::read), data and goals placed by labels or the load. One policy per IU node of
// the SimMachine (kernel/sim_machine.hpp), which takes the cycles after each reduction.
#pragma once

#include <cstdint>

#include "kernel/profile_recorder.hpp"
#include "vm/engine_policy.hpp"
#include "vm/iu.hpp"
#include "vm/remote_ops.hpp"

namespace fleng::kernel {

/// Cycle costs the reducer adds up on the simulated machine (from the machine description).
struct SimCosts {
  const std::uint32_t* instruction_cycles = nullptr;  ///< per opcode
  std::uint32_t reduce_dispatch = 0;
  std::uint32_t clause_try = 0;
  std::uint32_t builtin_call = 0;
  std::uint32_t builtin_work = 0;  ///< per unit of a builtin's work (Iu::charge_work)
  std::uint32_t suspend = 0;
  std::uint32_t activate = 0;
};

class SimPolicy {
 public:
  /// The policy of `iu`, which has joined `machine` (Iu::attach).
  SimPolicy(vm::Iu& iu, vm::RemoteOps& machine, const SimCosts& costs)
      : iu_(iu), machine_(machine), costs_(&costs) {}

  /// The UNIRED's `reduce` command: reduces `goal` (and the goals it reduces directly).
  /// Success means the reduction ended normally.
  vm::RunStatus reduce(vm::Cell goal);

  /// Adds `cycles` to the current reduction (work/1, suspension, activation, builtin work).
  void charge(std::uint64_t cycles) { cycles_ += cycles; }
  [[nodiscard]] const SimCosts& costs() const { return *costs_; }
  /// The inspector of `fleng profile` (null: none): told of each `reduce` command and of every
  /// word the reducer reads, local ones included.
  void set_recorder(ProfileRecorder* recorder) { recorder_ = recorder; }
  /// UNIRED cycles added up since the last take_cycles().
  [[nodiscard]] std::uint64_t peek_cycles() const { return cycles_; }
  /// UNIRED cycles added up since the last call.
  std::uint64_t take_cycles() {
    const std::uint64_t c = cycles_;
    cycles_ = 0;
    return c;
  }

  // --- the hooks of vm::EnginePolicy --------------------------------------------------------------
  static constexpr bool kCollectsAlone = false;
  static constexpr bool kAttentionAfterBuiltins = false;
  static constexpr bool kAttentionAtDirectReductions = true;
  static constexpr bool kMatchesListAtEntry = false;
  static constexpr bool kWritesRemoteHeaps = true;
  /// Floats take the general path, which charges the builtin call's cycles.
  static constexpr bool kFloatFastPaths = false;
  /// Three cells for a stream's list cell and its variable, as every figure was measured.
  static constexpr bool kTailVariableInCell = false;

  /// One `reduce` command: the given goal, then back to the MP.
  vm::Take take_goal(vm::Cell& goal, vm::RunStatus& status) {
    if (pending_ == 0) {
      status = vm::RunStatus::Success;
      return vm::Take::Stop;
    }
    goal = pending_;
    pending_ = 0;
    return vm::Take::Goal;
  }
  /// The heap is not collected in the middle of the machine's time: too full to start is an
  /// error (after growing it for the report, as ensure_heap does).
  bool admit_goal() {
    if (iu_.heap.free_cells() < vm::Iu::kMinFreeCells) {
      iu_.ensure_heap(vm::Iu::kMinFreeCells);
      return false;
    }
    return true;
  }
  std::uint32_t first_slice() const { return iu_.options().time_slice; }
  static bool next_slice_piece(std::uint32_t& /*slice*/) { return false; }
  void goal_entered_pool(vm::Cell goal) {
    if (recorder_ != nullptr) [[unlikely]] recorder_->made(goal, iu_.index());
    machine_.new_goal(iu_);
  }

  void charge_instruction(vm::Cell opcode) { cycles_ += costs_->instruction_cycles[opcode]; }
  void charge_reduce_dispatch() { cycles_ += costs_->reduce_dispatch; }
  void charge_clause_try() { cycles_ += costs_->clause_try; }
  void charge_builtin_goal(const vm::Cell* registers, std::uint32_t arity) {
    cycles_ += costs_->builtin_call;
    for (std::uint32_t i = 0; i < arity; ++i) static_cast<void>(deref(registers[i]));
  }
  void charge_builtin_call(const vm::Cell* registers, const vm::Cell* listed, std::uint64_t n) {
    cycles_ += costs_->builtin_call;
    for (std::uint64_t i = 0; i < n; ++i) static_cast<void>(deref(registers[listed[i]]));
  }

  /// Dereference, asking the machine for the cells of other IUs on the way.
  vm::Cell deref(vm::Cell c) {
    while (vm::is_ref(c)) {
      if (recorder_ != nullptr) [[unlikely]] recorder_->read(iu_.index(), vm::iu_of(c), 1, vm::address_of(c));
      if (vm::iu_of(c) != iu_.index()) machine_.read(iu_, c);
      const vm::Cell contents = vm::load_cell(vm::address_of(c));
      if (vm::is_var_contents(contents)) return c;
      c = contents;
    }
    return c;
  }
  void read_first_argument(vm::Cell* registers, std::uint32_t arity) {
    if (arity > 0) registers[0] = deref(registers[0]);
  }
  void read_structure(vm::Cell c) {
    if (recorder_ != nullptr) [[unlikely]] {
      recorder_->read(iu_.index(), vm::iu_of(c), vm::is_cons(c) ? 2 : 1, vm::address_of(c));
    }
    if (vm::iu_of(c) != iu_.index()) machine_.read(iu_, c);
  }

  unsigned data_target(std::uint64_t placement, unsigned /*here*/) const {
    return iu_.placement_target(placement);
  }
  unsigned goal_target(std::uint64_t placement, unsigned /*here*/) {
    return iu_.goal_placement(placement);
  }
  /// The simulated UNIRED spawns every goal of the distributing body.
  static bool reduce_here_directly(bool /*here*/, const vm::Cell* /*next*/) { return false; }
  bool distributing() const { return iu_.distribute; }
  void label_from(unsigned& label, vm::Cell datum) const { label = iu_.owner_iu(datum); }
  void resolve_any(unsigned& label) { label = machine_.least_loaded(iu_); }

 private:
  vm::Iu& iu_;
  vm::RemoteOps& machine_;
  const SimCosts* costs_;
  ProfileRecorder* recorder_ = nullptr;
  vm::Cell pending_ = 0;       // the goal of the current `reduce` command, until taken
  std::uint64_t cycles_ = 0;   // UNIRED cycles of the current reduction so far
};

static_assert(vm::EnginePolicy<SimPolicy>);

}  // namespace fleng::kernel
