// What generated native code (native/cpp_emitter.hpp) may use of an Inference Unit: the few
// members of vm::Iu its compiled clauses need (registers, the blocked variables of a clause
// attempt, the pool, the lineage key), and the out-of-line steps it shares with the interpreter
// (a body's heap reservation, builtins, suspension, error reports), each doing exactly what the
// interpreter's instruction does (vm/reducer_loop.hpp), so that a compiled program reduces,
// suspends, collects and fails as the interpreted one does. Included only by generated code and
// its tests.
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "vm/goal_record.hpp"
#include "vm/inline_builtins.hpp"
#include "vm/iu.hpp"
#include "vm/lineage.hpp"
#include "vm/matching.hpp"
#include "vm/native_code.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

/// Cells as native code sees them on the one-IU engine, where every pointer cell carries IU 0:
/// the address of a pointer cell whose tag is known is the cell minus that tag (vm/cell.hpp),
/// with no mask to apply; and no other thread reads or binds a variable, so its cell is read
/// and written with plain loads and stores (vm/terms.hpp's atomic ones order them for the
/// threads engine), which the C++ compiler may combine. These and NativeAccess's small steps
/// on the way of every reduction are always inlined: in a large generated function GCC's size
/// limits left some out of line (ready_goal, a call at the end of every append/3 of nrev).
namespace native_cells {

/// Whether `c` carries tag `t`, as (c - t) & 7 == 0: where `c` is still needed after the
/// test, GCC computes c - t into another register and tests its low bits (lea, test, branch),
/// where vm's (c & 7) == t takes a copy, a mask, a comparison and the branch. Compiled code
/// uses these (its file declares them over vm's; queens and primes took 4% fewer
/// instructions, tak and fib 2%); the interpreter keeps vm's, which took it 2.5-5% more, as
/// it tests one tag against several values.
[[gnu::always_inline]] constexpr bool has_tag(Cell c, Tag t) {
  return ((c - static_cast<Cell>(t)) & kTagMask) == 0;
}
[[gnu::always_inline]] constexpr bool is_var_contents(Cell c) { return has_tag(c, Tag::Var); }
[[gnu::always_inline]] constexpr bool is_int(Cell c) { return has_tag(c, Tag::Int); }
[[gnu::always_inline]] constexpr bool is_atom(Cell c) { return has_tag(c, Tag::Atom); }
[[gnu::always_inline]] constexpr bool is_cons(Cell c) { return has_tag(c, Tag::Cons); }
[[gnu::always_inline]] constexpr bool is_struct(Cell c) { return has_tag(c, Tag::Struct); }
[[gnu::always_inline]] constexpr bool is_box(Cell c) { return has_tag(c, Tag::Box); }

[[gnu::always_inline]] inline Cell* address(Cell c, Tag known) {
  return std::bit_cast<Cell*>(static_cast<std::uintptr_t>(c - static_cast<Cell>(known)));
}
[[gnu::always_inline]] inline Cell load(const Cell* p) { return *p; }
[[gnu::always_inline]] inline void store(Cell* p, Cell value) { *p = value; }
/// A REF to the tail field of the list cell `list` on IU 0: the tail where the field holds
/// an unbound variable (list_tail; a loop reading the tail itself, cpp_emitter's tails kept
/// as their list cells).
[[gnu::always_inline]] inline Cell tail_field(Cell list) { return list - static_cast<Cell>(Tag::Cons) + sizeof(Cell); }
/// field_term() for the tail of the list cell `list` on IU 0: a REF to the field when the tail
/// is the unbound variable kept in the cell itself (a REF's tag is 0: the field's address).
/// Computed from the tagged cell, the field's address is one addition (list - CONS + 8).
[[gnu::always_inline]] inline Cell list_tail(Cell list) {
  const Cell field = tail_field(list);
  const Cell c = load(std::bit_cast<const Cell*>(static_cast<std::uintptr_t>(field)));
  return is_var_contents(c) ? field : c;
}
/// Whether fewer than `n` cells are free from the heap's `top` to `limit` (none where `limit`
/// lies below `top`): top + n cells against the limit, as addresses (an addition and a
/// comparison, where `limit - top < n` takes a subtraction more).
[[gnu::always_inline]] inline bool short_of(const Cell* top, const Cell* limit, std::size_t n) {
  return reinterpret_cast<std::uintptr_t>(top) + n * sizeof(Cell) > reinterpret_cast<std::uintptr_t>(limit);
}
/// deref() for cells of IU 0. The first test stands before the loop, so that a value that is
/// no reference (the common case) takes one test and a branch not taken, where GCC laid the
/// `while` loop out with a jump to its test at the bottom (queens 8 and primes < 3000 took 2%
/// fewer instructions).
[[gnu::always_inline]] inline Cell deref(Cell c) {
  if (!is_ref(c)) [[likely]] return c;
  do {
    const Cell contents = load(address(c, Tag::Ref));
    if (is_var_contents(contents)) return c;
    c = contents;
  } while (is_ref(c));
  return c;
}

}  // namespace native_cells

struct NativeAccess {
  /// The IU's registers: where spawned goals' and builtins' operands are read from, and the
  /// roots a collection updates (generated code keeps its registers in C++ variables and
  /// writes them here around any step that may collect).
  [[gnu::always_inline]] static Cell* registers(Iu& iu) { return iu.registers_.data(); }
  /// The frame native code runs with (Iu::native_frame): at a fixed offset from the IU, so
  /// that a generated function addresses it from the IU's register (cpp_emitter.cpp: its
  /// functions take no frame argument; queens' and tak's big functions had kept the frame's
  /// address in a register of its own, or on the stack).
  [[gnu::always_inline]] static NativeFrame& frame(Iu& iu) { return iu.native_frame_; }

  // --- the blocked variables of a clause attempt (passive matching) ------------------------------
  [[gnu::always_inline]] static void clear_blocked(Iu& iu) {
    if (!iu.blocked_.empty()) iu.blocked_.clear();
  }
  static std::size_t blocked_count(const Iu& iu) { return iu.blocked_.size(); }
  static void note_blocked(Iu& iu, Cell variable) { iu.blocked_.push_back(variable); }
  /// A mismatch after the clause had blocked: its own blocked variables are dropped (a FAIL
  /// dominates a SUSPEND).
  static void drop_blocked(Iu& iu, std::size_t mark) { iu.blocked_.resize(mark); }

  // --- the goal being reduced ------------------------------------------------------------------------
  /// The goal reduced now was made by the `execute` at `site` (no record of its own): what error
  /// reports and suspension look at, written only when one of them needs it.
  static void sync(Iu& iu, const NativeFrame& frame) {
    if (frame.site != 0) {
      iu.current_goal_ = 0;
      iu.exec_site_ = frame.site;
    }
  }
  static std::uint64_t& lineage(Iu& iu) { return iu.lineage_; }
  static bool attention(const Iu& iu) { return iu.attention_.load(std::memory_order_relaxed); }
  static bool gc_stress(const Iu& iu) { return iu.options_.gc_stress; }

  /// match_equal's passive identity, by value (a C++ variable whose address escapes would stop
  /// the compiler from making the body's last call a jump).
  struct IdentityResult {
    Identity kind;
    Cell blocking;
  };
  static IdentityResult identity(Cell a, Cell b);

  // --- goals of the pool ---------------------------------------------------------------------------
  /// How many goals of the pool compiled code takes in a row by tail calls before it returns to
  /// the loop (NativeProgram::goal_switches). This header is compiled with the generated code,
  /// so the test is of that compilation: optimised without a sanitizer, GCC and Clang turn the
  /// calls into jumps; otherwise each would keep its frames, and the goals go through the loop.
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  static constexpr std::uint32_t kGoalSwitches = 256;
#else
  static constexpr std::uint32_t kGoalSwitches = 0;
#endif
  /// The end of a body: the next goal of the pool reduced at once when it has a goal entry and
  /// nothing needs the loop (an interrupt or error, timers, the step limit, a collection before
  /// the goal: then Done, and the loop takes it), as the loop would take it (the newest): its
  /// entry called here (a tail call) while frame.goal_switches lasts, else by the loop
  /// (NextGoal). Every predicate has an entry in the table (to_loop for those the loop takes).
  static NativeOutcome next_goal(Iu& iu, NativeFrame& frame) {
    Cell goal = 0;
    if (!ready_goal(iu, goal)) return NativeOutcome::Done;
    return switch_goal(iu, frame, goal);
  }
  /// Whether next_goal may reduce a goal now, and which (`goal`: the top of the pool): not when
  /// something needs the loop (an interrupt or error, timers, the step limit, a collection).
  /// An empty pool's top is its sentinel (vm/goal_pool.hpp), whose predicate no code takes in
  /// place and switch_goal leaves to the loop, so emptiness needs no test here. The end of a
  /// body takes some goals in place (cpp_emitter.cpp: proceed_lines): a goal of its own
  /// predicate by a jump back to its function's entry, a builtin goal by the builtin's fast
  /// path, and then the next one; without a call, so with no goal switch counted
  /// (goal_switches bounds a stack of calls).
  [[gnu::always_inline]] static bool ready_goal(Iu& iu, Cell& goal) {
    // The heap short of kMinFreeCells, --gc-stress (the loop collects before the goal then),
    // timers pending or a step limit (Iu::update_native_poll), the attention flag up
    // (Iu::raise_attention): one test for all (Heap::native_goal_due).
    if (iu.heap.native_goal_due()) return false;
    goal = iu.pool_.back();
    return true;
  }
  /// next_goal's switch to `goal`, a ready_goal: its goal entry called here. The sentinel of
  /// an empty pool (GoalPool::kNoPredicate, above every predicate) goes back to the loop.
  static NativeOutcome switch_goal(Iu& iu, NativeFrame& frame, Cell goal) {
    const PredicateId pred = goal_predicate(goal);
    if (pred >= frame.goal_entry_count) return NativeOutcome::Done;
    const NativeGoalEntry entry = frame.goal_entries[pred];
    // The count of goal switches left ends at -1 (one decrement and a sign test).
    if (static_cast<std::int32_t>(--frame.goal_switches) >= 0) return entry(iu, frame, goal);
    frame.next_entry = entry;
    frame.next_goal = goal;
    return NativeOutcome::NextGoal;
  }
  /// goal_record::args and ::predicate of a goal record of IU 0 (native_cells::address).
  [[gnu::always_inline]] static const Cell* goal_args(Cell goal) {
    return native_cells::address(goal, Tag::Box) + goal_record::kHeaderCells;
  }
  /// `goal`, its origin hidden from the optimizer: cpp_emitter's take_in_cluster switches on
  /// the key of a goal each body's end has already tested, and GCC kept that key in a
  /// register across every end's hot path (a copy more a goal) to reuse it there.
  [[gnu::always_inline]] static Cell opaque(Cell goal) {
    asm("" : "+r"(goal));
    return goal;
  }
  /// goal_record::key of the predicate of a goal record of IU 0: the low half of its origin.
  [[gnu::always_inline]] static std::uint32_t goal_key(Cell goal) {
    return static_cast<std::uint32_t>(native_cells::address(goal, Tag::Box)[1]);
  }
  static PredicateId goal_predicate(Cell goal) {
    return static_cast<PredicateId>(small_int_value(native_cells::address(goal, Tag::Box)[1]) &
                                    (goal_record::kSlotVariables - 1));
  }
  /// The goal entry of a predicate the loop reduces (a builtin without a fast path, an
  /// interpreted predicate): the goal stays in the pool for the loop.
  static NativeOutcome to_loop(Iu& /*iu*/, NativeFrame& /*frame*/, Cell /*goal*/) {
    return NativeOutcome::Done;
  }
  /// A goal entry takes `goal`, the top of the pool, as the loop does: its own time slice, and
  /// its lineage key when the program keeps them (`kLineage`: native code without them runs
  /// only where the IU keeps none, Iu::run). No blocked variables are left: a body ends after
  /// its commit, which dropped those of the clauses tried before, and so does a builtin's call.
  template <bool kLineage>
  [[gnu::always_inline]] static void take_goal(Iu& iu, NativeFrame& frame, Cell goal) {
    iu.pool_.pop_back();
    iu.current_goal_ = goal;
    frame.start_goal(iu.options_.time_slice);
    if constexpr (kLineage) {
      if (iu.lineage_on_) iu.lineage_ = goal_record::lineage(goal);
    }
    assert(iu.blocked_.empty());
  }
  /// A builtin goal's entry takes `goal`, the top of the pool, for its one step: the time slice,
  /// call site, lineage and blocked variables take_goal sets are the next goal's business (its
  /// entry's take_goal, or the loop's), and a builtin's fast path uses none of them.
  [[gnu::always_inline]] static void take_builtin_goal(Iu& iu, Cell goal) {
    iu.pool_.pop_back();
    iu.current_goal_ = goal;
  }
  /// A builtin goal taken by its goal entry whose output did not unify: the loop's report
  /// (Iu::reduce_builtin_goal, which computes it again and says why).
  [[gnu::cold]] static NativeOutcome builtin_goal_failed(Iu& iu, PredicateId pred, Cell goal);

  /// Active unification as Iu::unify, its common cases inline in the compiled code (on one IU
  /// every variable is local).
  /// `a`'s chain is followed last, so that a variable at its end (an output, as a rule) is
  /// bound to a value of `b` with the contents the dereference loaded.
  [[gnu::always_inline]] static bool unify(Iu& iu, Cell a, Cell b) {
    b = native_cells::deref(b);
    Cell contents;
    if (Cell* const cell = chain_end(a, contents)) {
      // `b` the same variable as `a` is a case of is_unbound(b): Iu::unify answers it.
      if (is_unbound(b) || hooks_of(contents) != 0) return iu.unify(a, b);
      native_cells::store(cell, b);
      return true;
    }
    if (a == b) return true;
    if (is_unbound(b) && bind_plain(b, a)) return true;
    return iu.unify(a, b);
  }

  /// unify(iu, out, value) for a `value` that is not a reference (a builtin's result: a number
  /// or an atom): only `out` is dereferenced and may be a variable.
  /// The variable at the end of `out`'s chain is bound as the chain is followed (the contents
  /// loaded by the dereference are the ones tested for hooks).
  [[gnu::always_inline]] static bool unify_value(Iu& iu, Cell out, Cell value) {
    assert(!is_ref(value));
    Cell contents;
    if (Cell* const cell = chain_end(out, contents)) {
      if (hooks_of(contents) != 0) return iu.unify(out, value);
      native_cells::store(cell, value);
      return true;
    }
    return out == value || iu.unify(out, value);
  }
  /// Follows `term`'s chain of references: at an unbound variable returns its cell, with `term`
  /// the reference to it and `contents` what the cell holds (its hooks); at a value returns
  /// nullptr with `term` that value. The unifications bind with the contents loaded here.
  [[gnu::always_inline]] static Cell* chain_end(Cell& term, Cell& contents) {
    while (is_ref(term)) {
      Cell* const cell = native_cells::address(term, Tag::Ref);
      contents = native_cells::load(cell);
      if (native_cells::is_var_contents(contents)) return cell;
      term = contents;
    }
    return nullptr;
  }
  /// Binds the unbound `variable` to `value` when no goal waits on it (no hooks: the common
  /// case, without the runtime's activation); false leaves it to Iu::unify.
  [[gnu::always_inline]] static bool bind_plain(Cell variable, Cell value) {
    Cell* const cell = native_cells::address(variable, Tag::Ref);
    if (hooks_of(native_cells::load(cell)) != 0) return false;
    native_cells::store(cell, value);
    return true;
  }

  // --- body ---------------------------------------------------------------------------------------------
  /// commit's reservation of `cells` when the heap has less free (or under GC stress): the
  /// registers written to registers() first and read back after. A collection that leaves the
  /// heap crowded ends the time slice (Iu::crowded_after). False: heap exhausted (the error is recorded).
  [[gnu::cold]] static bool reserve(Iu& iu, NativeFrame& frame, std::size_t cells);
  [[gnu::always_inline]] static void push_goal(Iu& iu, Cell goal) { iu.pool_.push_back(goal); }
  /// Room for `n` goals pushed together (GoalPool::claim): one test of the pool's room for a
  /// run of spawns, after their records are made (cpp_emitter.cpp: spawn).
  [[gnu::always_inline]] static Cell* pool_slots(Iu& iu, std::size_t n) { return iu.pool_.claim(n); }
  /// A builtin called by the instruction at `pc` (call_builtin, call_function and the fn_*
  /// instructions' general case), its operands in registers(). False on a runtime error.
  static bool call_builtin(Iu& iu, const NativeFrame& frame, std::uint64_t pc, bool function);
  /// call_builtin for a builtin whose call a count site counts (cpp_emitter.cpp: count sites):
  /// the count the builtin makes itself taken back.
  static bool call_counted_builtin(Iu& iu, const NativeFrame& frame, std::uint64_t pc, bool function) {
    const bool ok = call_builtin(iu, frame, pc, function);
    --iu.counters.builtin_calls;
    return ok;
  }
  /// An exit from the middle of a body: the builtin calls and spawns its count site counted and
  /// that did not happen taken back.
  [[gnu::cold]] static void uncount(Iu& iu, std::uint32_t builtin_calls, std::uint32_t goals_spawned) {
    iu.counters.builtin_calls -= builtin_calls;
    iu.counters.goals_spawned -= goals_spawned;
  }
  /// unify / unify_list at `pc` failed: records the error.
  [[gnu::cold]] static NativeOutcome unify_failed(Iu& iu, const NativeFrame& frame,
                                                  std::uint64_t pc, Cell a, Cell b);
  /// The fast path of the builtin function of the fn_* instruction at `pc` computed a value on
  /// `a` and `b` that does not unify with the output `out`: records the error.
  [[gnu::cold]] static NativeOutcome output_failed(Iu& iu, const NativeFrame& frame,
                                                   std::uint64_t pc, Cell a, Cell b, Cell out);
  /// No clause committed: the goal, its arguments in registers()[0..arity) in argument order,
  /// suspends on the blocked variables, or it is a "no matching clause" error.
  static NativeOutcome no_clause(Iu& iu, const NativeFrame& frame, PredicateId pred);
};

}  // namespace fleng::vm
