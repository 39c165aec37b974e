// What an engine must offer the reducer (vm/reducer_loop.hpp): the reducer is one loop, and
// everything in which the engines differ (where the next goal comes from, what a step costs,
// how a remote word is read, where a placed goal or datum goes) is a named hook of an engine
// policy. The policies: vm::LocalPolicy (one IU, vm/local_policy.hpp), kernel::SimPolicy (the
// simulated machine, kernel/sim_policy.hpp), kernel::ThreadsPolicy (host threads,
// kernel/threads_policy.hpp). Hooks are inline member functions, so that each instance of the
// loop is the code it would be if written for its engine alone (docs/engine.md, "Engine
// policies").
#pragma once

#include <concepts>
#include <cstdint>

#include "vm/cell.hpp"

namespace fleng::vm {

/// What stopped a run.
enum class RunStatus { Success, Deadlock, Error, Halt, Interrupted };

/// What the policy's take_goal found: a goal to reduce, a reason to stop (its status), or
/// nothing yet (the loop looks at its attention flag and asks again).
enum class Take : std::uint8_t { Goal, Stop, Again };

// clang-format off
template <class P>
concept EnginePolicy = requires(P& p, Cell c, Cell& goal, RunStatus& status, unsigned& label,
                                std::uint32_t& slice, Cell* registers, const Cell* cells,
                                std::uint32_t arity, std::uint64_t n, unsigned here) {
  // --- goals --------------------------------------------------------------------------------------
  /// The top of next_goal: the next goal to reduce (pool, batch budget, the one goal of a
  /// `reduce` command), or stop with `status`, or Again.
  { p.take_goal(goal, status) } -> std::same_as<Take>;
  /// The goal taken is now the current goal: false stops the run with an error (step limit,
  /// a heap too full to start a reduction).
  { p.admit_goal() } -> std::same_as<bool>;
  /// The time slice of a goal taken from the pool (direct reductions before it goes back).
  { p.first_slice() } -> std::same_as<std::uint32_t>;
  /// The slice ran out: true with `slice` set to go on reducing directly (the threads
  /// engine's slice in pieces), false to send the goal to the back of the queue.
  { p.next_slice_piece(slice) } -> std::same_as<bool>;
  /// Goal record `c` entered this IU's own pool (spawn, spawn_at here): the MP's `newgoal`.
  { p.goal_entered_pool(c) } -> std::same_as<void>;
  // --- costs (no-ops where nothing is counted) ----------------------------------------------------
  /// The instruction whose opcode cell is `c` is about to run.
  { p.charge_instruction(c) } -> std::same_as<void>;
  /// A goal's predicate is looked up (one reduction attempt).
  { p.charge_reduce_dispatch() } -> std::same_as<void>;
  /// A clause's head is tried.
  { p.charge_clause_try() } -> std::same_as<void>;
  /// A builtin goal (arguments in registers[0..arity)) is called: its cost, its remote reads.
  { p.charge_builtin_goal(cells, arity) } -> std::same_as<void>;
  /// A builtin instruction with `n` argument registers listed at `cells` (+ registers).
  { p.charge_builtin_call(cells, cells, n) } -> std::same_as<void>;
  // --- remote memory ------------------------------------------------------------------------------
  /// Dereferences `c`, reading the words of other IUs it passes through.
  { p.deref(c) } -> std::same_as<Cell>;
  /// Before the index is looked at: the first argument register dereferenced (read once).
  { p.read_first_argument(registers, arity) } -> std::same_as<void>;
  /// A matched list cell or structure `c`: its words are read if another IU holds them.
  { p.read_structure(c) } -> std::same_as<void>;
  // --- placement ----------------------------------------------------------------------------------
  /// The IU a datum of put_var_at / place with placement operand `n` goes to (`here`: this).
  { p.data_target(n, here) } -> std::same_as<unsigned>;
  /// The IU a goal of spawn_at with placement operand `n` goes to.
  { p.goal_target(n, here) } -> std::same_as<unsigned>;
  /// spawn_at of a goal staying here whose next instruction is at `cells`: true to reduce it
  /// directly (the distributing body's last goal on the threads engine) instead of spawning it.
  { p.reduce_here_directly(here == 0U, cells) } -> std::same_as<bool>;
  /// Whether the chosen clause runs its distributing body (the MP's dynamic partitioning).
  { p.distributing() } -> std::same_as<bool>;
  /// label_from: `label` becomes the IU that owns `c` (no-op where nothing is placed).
  { p.label_from(label, c) } -> std::same_as<void>;
  /// resolve_any: `label` becomes the least-loaded IU (no-op where nothing is placed).
  { p.resolve_any(label) } -> std::same_as<void>;
  // --- traits -------------------------------------------------------------------------------------
  /// The IU collects its heap alone before a reduction (one IU; machines collect together).
  requires std::same_as<decltype(P::kCollectsAlone), const bool>;
  /// Attention (interrupt, halt, an error elsewhere) is looked at after out-of-line builtins.
  requires std::same_as<decltype(P::kAttentionAfterBuiltins), const bool>;
  /// Attention is looked at before every direct reduction (the simulated machine stops there).
  requires std::same_as<decltype(P::kAttentionAtDirectReductions), const bool>;
  /// The prologue may match the first list clause's head itself (Entry::cons_body), skipping
  /// that match_cons's charge and remote read: off where instructions are charged.
  requires std::same_as<decltype(P::kMatchesListAtEntry), const bool>;
  /// A goal for another IU is written into that IU's heap (the simulated NIP); false: made
  /// here, copied by its receiver (host threads).
  requires std::same_as<decltype(P::kWritesRemoteHeaps), const bool>;
  /// The fn_* instructions compute on floats themselves (inline_builtins::floats), where the
  /// general path would: off where a builtin call is charged (the simulated machine).
  requires std::same_as<decltype(P::kFloatFastPaths), const bool>;
  /// unify_list's fresh tail variable is the new list cell's own tail field (two cells, as
  /// compiled code makes them; vm/terms.hpp, field_term); false: a variable cell of its own
  /// (three cells), as the simulated machine's figures were measured.
  requires std::same_as<decltype(P::kTailVariableInCell), const bool>;
};
// clang-format on

}  // namespace fleng::vm
