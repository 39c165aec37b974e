// The reducer's body (UNIRED): the loop that takes goals and reduces them with the compiled
// code, one template over an engine policy (vm/engine_policy.hpp). Included only by the
// translation units that instantiate it for a policy: vm/reducer.cpp (vm::LocalPolicy),
// kernel/sim_policy.cpp (kernel::SimPolicy), kernel/threads_policy.cpp (kernel::ThreadsPolicy).
//
// One reduction: the goal's arguments go to registers R[0..n); the first-argument index picks
// the candidate clauses; each clause's head code matches passively (vm/instructions.def notes);
// the first clause that commits runs its body. No clause committing: the goal suspends on the
// variables that blocked (if any clause was blocked) or it is a fatal "no matching clause".
// The body's last goal is reduced at once (`execute`) for up to a time slice of reductions;
// then it goes to the back of the queue so that other goals get their turn (docs/engine.md).
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

// Threaded dispatch uses GNU labels-as-values; nothing else in this file is an extension.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/engine_policy.hpp"
#include "vm/goal_record.hpp"
#include "vm/inline_builtins.hpp"
#include "vm/iu.hpp"
#include "vm/lineage.hpp"
#include "vm/matching.hpp"
#include "vm/native_code.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

/// The loop's helpers that do not depend on the engine.
namespace reducer_loop {

inline const std::vector<std::uint32_t>& select_chain(const Predicate& p, Cell first) {
  const ClauseIndex& index = p.index;
  switch (tag_of(first)) {
    case Tag::Ref: return index.all;
    case Tag::Cons: return index.cons;
    case Tag::Atom:
    case Tag::Int:
      for (const auto& [constant, chain] : index.constants) {
        if (constant == first) return chain;
      }
      return index.other;
    case Tag::Struct: {
      const std::uint32_t functor = struct_functor(first);
      for (const auto& [f, chain] : index.functors) {
        if (f == functor) return chain;
      }
      return index.other;
    }
    case Tag::Box:
      if (is_number(first)) return index.numbers;
      return index.other;
    default: return index.all;
  }
}

/// The head code addresses of the clauses to try, ending with kEndOfChain.
inline const std::uint32_t* select_clauses(const Predicate& p, Cell first) {
  return select_chain(p, first).data();
}

/// Puts the arguments of a goal of `p` back in registers r0..arity-1 when its clauses keep
/// them elsewhere (Predicate::arg_registers), to make its goal record or its text.
inline void to_argument_order(const Predicate& p, Cell* R, std::uint32_t arity, Cell* scratch) {
  if (p.arg_registers.empty()) return;
  for (std::uint32_t i = 0; i < arity; ++i) scratch[i] = R[p.arg_registers[i]];
  std::copy_n(scratch, arity, R);
}

/// The text of a goal for a message; `site`: the code address of the instruction that made it
/// (0: unknown), whose source variables name the goal's unbound variables (vm/goal_sites.hpp).
inline std::string goal_text(const Iu& iu, const std::string& name, const Cell* args,
                      std::uint32_t arity, std::uint32_t site) {
  return iu.format_goal(name, args, arity, site);
}

}  // namespace reducer_loop

template <EnginePolicy Policy>
RunStatus Iu::run_loop(Policy& policy) {
  using reducer_loop::goal_text;
  using reducer_loop::select_clauses;
  using reducer_loop::to_argument_order;
  constexpr std::size_t kMinFree = kMinFreeCells;
  // Threaded dispatch: one table of label addresses, generated from instructions.def (a GNU
  // extension; g++ and clang both have it). Every handler ends by jumping to the next one.
  static void* const kDispatch[] = {
#define FLENG_INSTRUCTION(name, operands, cycles, meaning) &&op_##name,
#include "vm/instructions.def"
#undef FLENG_INSTRUCTION
  };
  // Direct threading: beside the code, the handler address of the instruction at each code
  // address (made once per IU for the code there is; a query adds code, then it is extended).
  std::vector<void*>& threaded = threaded_code_for(kDispatch);
  static const SpecialHandlers kSpecial{
      {&&op_execute_0, &&op_execute_1, &&op_execute_2, &&op_execute_3},
      &&op_commit_nothing,
      &&op_commit_checked,
      &&op_unify_list_new,
      &&op_commit_traced,
  };
  if (threaded.size() != image.code.size() || entries_.size() != image.predicates.size()) {
    thread_code(threaded, kDispatch, kSpecial);
    make_entries();
  }
  const Entry* entries = entries_.data();
  void* const* const handler = threaded.data();
#define DISPATCH()                                                  \
  do {                                                              \
    policy.charge_instruction(code[pc]);                            \
    goto* handler[pc];                                              \
  } while (false)

  // A match met an unbound variable: record it, skip the sub-pattern (its end is the operand
  // at `skip_at`), go on matching (a later mismatch still fails the clause).
#define BLOCKED(variable, skip_at) \
  do {                             \
    NOTE_BLOCKED(variable);        \
    pc = code[pc + (skip_at)];     \
    DISPATCH();                    \
  } while (false)
  // The first blocking variable of a clause marks where its own ones start in blocked_ (a
  // mismatch later in the clause drops them: FAIL dominates SUSPEND).
#define NOTE_BLOCKED(variable)      \
  do {                              \
    if (!clause_blocked) {          \
      mark = blocked_.size();       \
      clause_blocked = true;        \
    }                               \
    blocked_.push_back(variable);   \
  } while (false)

  load_constant_registers();
  Cell* const R = registers_.data();
  Cell* const scratch = scratch_.data();
  // The state of the loop; all declared here, so that no jump crosses an initialization.
  const Cell* code = image.code.data();
  const std::uint64_t* sites = image.site_keys.data();
  const bool lineage_on = lineage_on_;  // vm/lineage.hpp: only for programs that draw
  const bool tracing = tracing_;        // --trace-goals (vm/goal_trace.cpp)
  const Predicate* predicates = image.predicates.data();
  // call/1 of a predicate never seen makes one (undefined): then the predicates may have moved
  // and the entries are one short; the builtin says so (predicates_grew_).
#define REFRESH_IF_PREDICATES_GREW()         \
  do {                                       \
    if (predicates_grew_) [[unlikely]] {     \
      predicates_grew_ = false;              \
      make_entries();                        \
      entries = entries_.data();             \
      predicates = image.predicates.data();  \
    }                                        \
  } while (false)
  // An interrupt, halt/1, or on the threads engine an error of another IU (attention_) is
  // noticed when a goal is taken from the pool, at the end of a time slice, and after every
  // builtin that is called out of line, so that nothing a builtin does (output) follows it.
  // (The simulated machine also looks between the goals it reduces directly.)
#define STOP_IF_ATTENTION()                                                \
  do {                                                                     \
    if constexpr (Policy::kAttentionAfterBuiltins) {                       \
      if (attention_.load(std::memory_order_relaxed)) [[unlikely]] goto next_goal; \
    }                                                                      \
  } while (false)
  const Predicate* predicate = nullptr;
  const Entry* entry = nullptr;
  const std::uint32_t* chain = nullptr;  // the next clause to try, up to kEndOfChain
  std::size_t mark = 0;
  std::uint64_t pc = 0;
  Cell goal = 0;
  PredicateId pred = 0;
  std::uint32_t arity = 0;
  std::uint32_t slice = 0;
  Cell fn_value = 0;  // the result of a builtin function's fast path
  Cell list_output = 0;  // unify_list: the term to unify with the new list cell
  Cell list_cell = 0;
  bool clause_blocked = false;
  RunStatus stop = RunStatus::Success;
  const unsigned iu = index_;
  const bool gc_stress = options_.gc_stress;

next_goal:
  if (attention_.load(std::memory_order_relaxed)) [[unlikely]] {
    if (error_) return RunStatus::Error;
    if (halted_) return RunStatus::Halt;
    if (interrupt_requested_.load(std::memory_order_relaxed)) {
      interrupt_requested_ = false;
      clear_attention();
      return RunStatus::Interrupted;
    }
  }
  // The engine's next goal (its pool, its batch, the goal of its `reduce` command), or a stop.
  switch (policy.take_goal(goal, stop)) {
    case Take::Goal: break;
    case Take::Stop: return stop;
    case Take::Again: goto next_goal;
  }
  current_goal_ = goal;
  if (!policy.admit_goal()) return RunStatus::Error;
  if constexpr (Policy::kCollectsAlone) {
    if (heap.free_cells() < kMinFree || gc_stress) {
      collect(kMinFree, nullptr, 0);
      if (heap.free_cells() < kMinFree) {
        ensure_heap(kMinFree);
        return RunStatus::Error;
      }
      goal = current_goal_;
    }
  }
  // (Only records compiled code makes may have slot variables: goal_record.hpp.)
  pred = RunsNativeCode<Policy> ? goal_record::predicate(goal) : goal_record::plain_predicate(goal);
  arity = goal_record::arity(goal);
  if (lineage_on) [[unlikely]] lineage_ = goal_record::lineage(goal);
  if (const auto& layout = predicates[pred].arg_registers; !layout.empty()) [[unlikely]] {
    // Argument registers of its own (docs/engine.md): the record is in argument order.
    const Cell* goal_args = goal_record::args(goal);
    for (std::uint32_t i = 0; i < arity; ++i) R[layout[i]] = goal_args[i];
  } else {
    const Cell* goal_args = goal_record::args(goal);
    switch (arity) {  // up to eight without a loop (entry by count)
      case 8: R[7] = goal_args[7]; [[fallthrough]];
      case 7: R[6] = goal_args[6]; [[fallthrough]];
      case 6: R[5] = goal_args[5]; [[fallthrough]];
      case 5: R[4] = goal_args[4]; [[fallthrough]];
      case 4: R[3] = goal_args[3]; [[fallthrough]];
      case 3: R[2] = goal_args[2]; [[fallthrough]];
      case 2: R[1] = goal_args[1]; [[fallthrough]];
      case 1: R[0] = goal_args[0]; [[fallthrough]];
      case 0: break;
      default:
        for (std::uint32_t i = 0; i < arity; ++i) R[i] = goal_args[i];
        break;
    }
  }
  if constexpr (RunsNativeCode<Policy>) {
    // A record compiled code made may keep variables in its slots (goal_record.hpp): those
    // still unbound are read again as REFs to them.
    if (goal_record::has_slot_variables(goal)) [[unlikely]] {
      const auto& layout = predicates[pred].arg_registers;
      for (std::uint32_t i = 0; i < arity; ++i) R[layout.empty() ? i : layout[i]] = goal_record::arg(goal, i);
    }
  }
  slice = policy.first_slice();

reduce:
  // The predicate's entry; the predicate itself is looked at only off the common path
  // (`predicate` is set there).
  entry = entries + pred;
  policy.charge_reduce_dispatch();
  if constexpr (RunsNativeCode<Policy>) {
    // A predicate compiled to native code (vm/native_code.hpp) reduces this goal and the goals
    // its bodies reduce directly, up to the end of a body or the goal the loop is to take on.
    if (const NativeEntry native = policy.native_entry(pred); native != nullptr) {
      NativeFrame& frame = policy.native_frame();
      frame.slice = slice;
      frame.site = 0;
      frame.goal_switches = frame.goal_switch_budget;
      NativeOutcome outcome = native(*this, frame);
      while (outcome == NativeOutcome::NextGoal) {
        frame.goal_switches = frame.goal_switch_budget;
        outcome = frame.next_entry(*this, frame, frame.next_goal);
      }
      REFRESH_IF_PREDICATES_GREW();
      if (outcome == NativeOutcome::Done) goto next_goal;
      if (outcome == NativeOutcome::Error) return RunStatus::Error;
      slice = frame.slice;
      pred = frame.pred;
      arity = frame.arity;
      pc = frame.site;
      goto tail_call;
    }
  }
  // Only predicates with clauses have an index (its lists end with kEndOfChain): the others
  // are builtins or undefined.
  if (entry->kind == Entry::NoClauses) [[unlikely]] {
    predicate = predicates + pred;
    if (predicate->builtin != kNoBuiltin) {
      if (tracing) [[unlikely]] trace_builtin(pred, R, arity);
      policy.charge_builtin_goal(R, arity);
      if (arity == 3) {
        // A function with an instruction of its own (fib's add(F1, F2, F) once F1, F2 are
        // there): its fast path; anything else (including a failing output) as below.
        Cell value = 0;
        if (inline_builtins::apply(predicate->builtin, deref(R[0]), deref(R[1]), value) &&
            unify(R[2], value)) {
          ++counters.builtin_calls;
          goto next_goal;
        }
      }
      // Its call site: the record's, or for a goal reduced directly the `execute` at pc.
      builtin_site_ = current_goal_ != 0 ? goal_record::call_site(current_goal_)
                                         : static_cast<std::uint32_t>(pc);
      if (!reduce_builtin_goal(*predicate, pred, arity, scratch)) return RunStatus::Error;
      REFRESH_IF_PREDICATES_GREW();
      goto next_goal;
    }
    set_error(fmt::format("undefined predicate {}/{}", predicate->name, predicate->arity),
              goal_text(*this, predicate->name, R, arity, reduced_site()), predicate->first_call);
    error_->site = reduced_site();
    return RunStatus::Error;
  }
  if (!blocked_.empty()) blocked_.clear();
  // The index argument, dereferenced once for the index and kept so for the clauses' heads
  // (on the simulated machine, a remote variable is then read once, not twice). The commonest
  // cases of the index (a list cell, an unbound variable, a constant) are decided here. When no
  // clause looks at any argument (fib/2, tak/4) there is nothing to decide.
  // On the simulated machine the first argument is dereferenced here whatever the index (as
  // it was before the index could be on another argument): a body that uses it again then
  // finds the value, not a reference to read again from another IU.
  policy.read_first_argument(R, arity);
  if (entry->kind == Entry::Indexed) [[likely]] {
    Cell& indexed = R[entry->argument];
    const Cell first = policy.deref(indexed);
    indexed = first;
    if (is_cons(first)) {
      if constexpr (Policy::kMatchesListAtEntry) {
        // The first clause for a list cell matches it at once (Entry::cons_body): the match
        // done here, that clause's head goes on after it; the rest of the list as usual.
        if (entry->cons_body != 0) [[likely]] {
          const Cell* cell = address_of(first);
          Cell* dst = R + entry->cons_registers;
          dst[0] = cell[0];
          dst[1] = cdr(first);
          chain = entry->cons + 1;
          clause_blocked = false;
          pc = entry->cons_body;
          DISPATCH();
        }
      }
      chain = entry->cons;
    } else if (is_ref(first)) {
      chain = entry->all;
    } else if (is_atom(first) || is_int(first)) {
      predicate = predicates + pred;
      chain = predicate->index.other.data();
      for (const auto& [constant, list] : predicate->index.constants) {
        if (constant == first) {
          chain = list.data();
          break;
        }
      }
    } else {
      chain = select_clauses(predicates[pred], first);
    }
  } else {
    chain = entry->all;
  }

next_clause:
  pc = *chain++;
  if (pc == kEndOfChain) goto no_clause;
  policy.charge_clause_try();
  clause_blocked = false;
  DISPATCH();

mismatch:
  if (clause_blocked) blocked_.resize(mark);
  goto next_clause;

no_clause:
  predicate = predicates + pred;
  to_argument_order(*predicate, R, arity, scratch);
  if (!blocked_.empty()) {
    if (!suspend_goal(current_goal_, pred, R, arity)) return RunStatus::Error;
    goto next_goal;
  }
  set_error(fmt::format("no matching clause for {}/{}", predicate->name, predicate->arity),
            goal_text(*this, predicate->name, R, arity, reduced_site()), predicate->source);
  error_->site = reduced_site();
  return RunStatus::Error;

  // --- head: passive matching ------------------------------------------------------------------
op_match_atom:
op_match_int: {
  const Cell v = policy.deref(R[code[pc + 1]]);
  if (v == code[pc + 2]) {
    pc += 4;
    DISPATCH();
  }
  if (!is_unbound(v)) goto mismatch;
  BLOCKED(v, 3);
}
op_match_number: {
  const Cell v = policy.deref(R[code[pc + 1]]);
  if (is_unbound(v)) BLOCKED(v, 3);
  const NumberConstant& c = image.numbers[code[pc + 2]];
  const bool equal = c.is_float ? (is_float(v) && float_value(v) == c.real)
                                : (is_integer(v) && integer_value(v) == c.integer);
  if (!equal) goto mismatch;
  pc += 4;
  DISPATCH();
}
op_match_cons: {
  const Cell v = policy.deref(R[code[pc + 1]]);
  if (is_cons(v)) {
    policy.read_structure(v);  // the cell's head and tail, when another IU has them
    const Cell* cell = address_of(v);
    Cell* dst = R + code[pc + 2];
    dst[0] = cell[0];
    dst[1] = cdr(v);
    pc += 4;
    DISPATCH();
  }
  if (!is_unbound(v)) goto mismatch;
  BLOCKED(v, 3);
}
op_match_struct: {
  const Cell v = policy.deref(R[code[pc + 1]]);
  if (is_struct(v)) {
    policy.read_structure(v);  // the functor and arguments, when another IU has them
    if (struct_functor(v) != code[pc + 2]) goto mismatch;
    const std::uint32_t n = struct_arity(v);
    const Cell* fields = address_of(v) + 1;
    Cell* dst = R + code[pc + 3];
    for (std::uint32_t i = 0; i < n; ++i) dst[i] = fields[i];
    pc += 5;
    DISPATCH();
  }
  if (!is_unbound(v)) goto mismatch;
  BLOCKED(v, 4);
}
op_match_equal: {
  const Cell a = R[code[pc + 1]];
  const Cell b = R[code[pc + 2]];
  if (!is_header(a) && !is_header(b)) {  // a header: a skipped sub-pattern, undecided
    Cell blocking = 0;
    switch (passive_identity(a, b, blocking)) {
      case Identity::Identical: break;
      case Identity::Different: goto mismatch;
      case Identity::Blocked: NOTE_BLOCKED(blocking); break;
    }
  }
  pc = code[pc + 3];
  DISPATCH();
}
op_set_unset:
  R[code[pc + 1]] = make_header(BoxKind::Filler, 0);
  pc += 2;
  DISPATCH();
op_label_from:
  // on(L): the IU that owns the datum received here (Iu::owner_iu), where placements count.
  policy.label_from(labels_[static_cast<std::uint32_t>(code[pc + 2]) & (kMaxLabels - 1)],
                    R[code[pc + 1]]);
  pc += 3;
  DISPATCH();
  // The body of the chosen clause: dynamic partitioning (paper 5.3) runs the distributing
  // body while the MP's flag says the load is low, the local body (after the commit) otherwise.
#define TO_BODY()                                       \
  do {                                                  \
    pc = policy.distributing() ? code[pc + 1] : pc + 3; \
    DISPATCH();                                         \
  } while (false)
op_commit: {  // (with GC stress; the handlers below otherwise)
  if (clause_blocked) goto next_clause;  // (a clause not blocked added nothing to blocked_)
  ++counters.reductions;
  const std::size_t reserve = code[pc + 2];
  if (heap.free_cells() < reserve || (gc_stress && reserve > 0)) [[unlikely]] {
    if (gc_stress) collect(reserve, nullptr, 0);
    const std::uint64_t collections = heap.collections;
    if (!ensure_heap(reserve)) return RunStatus::Error;
    if (crowded_after(collections)) slice = 1;  // the goal's time slice ends (Iu::crowded_after)
  }
  TO_BODY();
}
op_commit_checked: {
  if (clause_blocked) goto next_clause;
  ++counters.reductions;
  if (const std::size_t reserve = code[pc + 2]; heap.free_cells() < reserve) [[unlikely]] {
    const std::uint64_t collections = heap.collections;
    if (!ensure_heap(reserve)) return RunStatus::Error;
    if (crowded_after(collections)) slice = 1;  // the goal's time slice ends (Iu::crowded_after)
  }
  TO_BODY();
}
op_commit_nothing:
  if (clause_blocked) goto next_clause;
  ++counters.reductions;
  TO_BODY();
op_commit_traced:  // --trace-goals (vm/goal_trace.cpp): the line, then the general commit
  if (!clause_blocked) trace_reduce(pred, pc, R);
  goto op_commit;
#undef TO_BODY

op_if_not_const: {
  const Cell v = policy.deref(R[code[pc + 1]]);
  pc = v == code[pc + 2] ? pc + 4 : code[pc + 3];
  DISPATCH();
}
op_reduced:
  ++counters.reductions;
  if (lineage_on) [[unlikely]] lineage_ = lineage::child(lineage_, sites[pc]);
  pc += 1;
  DISPATCH();

  // --- body --------------------------------------------------------------------------------------
op_put_var: {
  Cell* p = heap.take(1);
  p[0] = make_var_contents();
  R[code[pc + 1]] = make_pointer(Tag::Ref, p, iu);
  pc += 2;
  DISPATCH();
}
op_put_var_at: {
  const unsigned where = policy.data_target(code[pc + 2], iu);
  Cell* p = where == iu ? heap.allocate(1) : remote_->allocate_on(*this, where, 1);
  if (p == nullptr) return RunStatus::Error;
  if (where != iu) remote_->write_data(*this, where, 1);
  p[0] = make_var_contents();
  R[code[pc + 1]] = make_pointer(Tag::Ref, p, where);
  pc += 3;
  DISPATCH();
}
op_put_const:
  R[code[pc + 1]] = code[pc + 2];
  pc += 3;
  DISPATCH();
op_put_number: {
  const NumberConstant& c = image.numbers[code[pc + 2]];
  Cell* p = heap.take(2);
  p[0] = make_header(c.is_float ? BoxKind::Float : BoxKind::Int64, 1);
  p[1] = c.is_float ? double_bits(c.real) : static_cast<Cell>(c.integer);
  R[code[pc + 1]] = make_pointer(Tag::Box, p, iu);
  pc += 3;
  DISPATCH();
}
op_put_cons: {
  Cell* p = heap.take(2);
  p[0] = R[code[pc + 2]];
  p[1] = R[code[pc + 3]];
  R[code[pc + 1]] = make_pointer(Tag::Cons, p, iu);
  pc += 4;
  DISPATCH();
}
op_put_struct: {
  const auto n = static_cast<std::uint32_t>(code[pc + 3]);
  Cell* p = heap.take(1 + n);
  p[0] = make_header(BoxKind::Functor, n, static_cast<std::uint32_t>(code[pc + 2]));
  for (std::uint32_t i = 0; i < n; ++i) p[1 + i] = R[code[pc + 4 + i]];
  R[code[pc + 1]] = make_pointer(Tag::Struct, p, iu);
  pc += 4 + n;
  DISPATCH();
}
op_move:
  R[code[pc + 1]] = R[code[pc + 2]];
  pc += 3;
  DISPATCH();
op_place:
  {
    // The top cells of the structure go to the target IU (its arguments stay where they are:
    // remote references); the register then names the copy.
    const unsigned where = policy.data_target(code[pc + 2], iu);
    const Cell value = R[code[pc + 1]];
    if (where != iu && (is_cons(value) || is_struct(value))) {
      const std::size_t cells = is_cons(value) ? 2 : 1 + struct_arity(value);
      Cell* p = remote_->allocate_on(*this, where, cells);
      if (p == nullptr) return RunStatus::Error;
      std::copy_n(address_of(value), cells, p);
      if (is_cons(value)) p[1] = cdr(value);  // a tail variable in the cell stays where it is
      remote_->write_data(*this, where, cells);
      R[code[pc + 1]] = make_pointer(tag_of(value), p, where);
    }
  }
  pc += 3;
  DISPATCH();
op_unify: {
  if (!unify(R[code[pc + 1]], R[code[pc + 2]])) {
    set_error("unification failed",
              fmt::format("{} = {}", format(R[code[pc + 1]]), format(R[code[pc + 2]])),
              image.call_sites[static_cast<std::uint32_t>(pc)]);
    return RunStatus::Error;
  }
  pc += 3;
  DISPATCH();
}
  // Builtin functions with an instruction of their own: the fast path on small integers, then
  // (host engines, not under GC stress, whose collections must come where the general path's
  // would) on floats, else as call_function.
#define FAST_FUNCTION(fast)                                                                   \
  do {                                                                                        \
    const Cell a = policy.deref(R[code[pc + 5]]);                                           \
    const Cell b = policy.deref(R[code[pc + 6]]);                                           \
    if (inline_builtins::fast(a, b, fn_value)) goto function_result;                          \
    if constexpr (Policy::kFloatFastPaths) {                                                  \
      if (!options_.gc_stress && inline_builtins::floats(builtin_ids::fast, a, b, heap, fn_value)) { \
        goto function_result;                                                                 \
      }                                                                                       \
    }                                                                                         \
    goto op_call_function;                                                                    \
  } while (false)
op_fn_add: FAST_FUNCTION(add);
op_fn_sub: FAST_FUNCTION(sub);
op_fn_mul: FAST_FUNCTION(mul);
op_fn_div: FAST_FUNCTION(div);
op_fn_mod: FAST_FUNCTION(mod);
op_fn_less: FAST_FUNCTION(less);
op_fn_less_eq: FAST_FUNCTION(less_eq);
op_fn_greater: FAST_FUNCTION(greater);
op_fn_greater_eq: FAST_FUNCTION(greater_eq);
op_fn_num_equal: FAST_FUNCTION(num_equal);
op_fn_equal: FAST_FUNCTION(equal);
#undef FAST_FUNCTION
function_result: {
  ++counters.builtin_calls;
  const auto out_reg = code[pc + 2];
  if (code[pc + 3] != 0) {
    R[out_reg] = fn_value;
  } else if (!unify(R[out_reg], fn_value)) {
    const auto id = static_cast<BuiltinId>(code[pc + 1]);
    set_error("output unification failed",
              fmt::format("{}({}, {}, {})", kBuiltins[id].name, format(R[code[pc + 5]]),
                          format(R[code[pc + 6]]), format(R[out_reg])),
              image.call_sites[static_cast<std::uint32_t>(pc)]);
    return RunStatus::Error;
  }
  pc += 7;
  DISPATCH();
}
op_call_function:
  policy.charge_builtin_call(R, code + pc + 5, code[pc + 4]);
  if (!call_builtin_inline(pc, true, scratch)) return RunStatus::Error;
  REFRESH_IF_PREDICATES_GREW();
  STOP_IF_ATTENTION();
  pc += 5 + code[pc + 4];
  DISPATCH();
  // unify_list's common case, inline: the output is a fresh variable of this IU nobody waits
  // on (a REF is its cell's address and IU: the same IU as the new list cell's; fresh
  // contents: no hooks). Anything else is a unification (unify_list_general).
#define BIND_LIST_OR_UNIFY()                                                                  \
  do {                                                                                        \
    if (is_ref(list_output)) {                                                                \
      Cell* const cell = address_of(list_output);                                             \
      if (load_cell(cell) == make_var_contents() && iu_of(list_output ^ list_cell) == 0) {    \
        store_var_cell(cell, list_cell);                                                      \
        pc += 5;                                                                              \
        DISPATCH();                                                                           \
      }                                                                                       \
    }                                                                                         \
    goto unify_list_general;                                                                  \
  } while (false)
op_unify_list: {
  // R = [R2|R3] with R3 already made (N = 0; N = 1 is op_unify_list_new, chosen when the code
  // is threaded).
  list_output = R[code[pc + 1]];
  Cell* const p = heap.take(2);
  p[0] = R[code[pc + 2]];
  p[1] = R[code[pc + 3]];
  list_cell = make_pointer(Tag::Cons, p, iu);
  BIND_LIST_OR_UNIFY();
}
op_unify_list_new: {
  // unify_list with N = 1, the usual stream producer's `Zs = [X|Zs1]`: the operands are read
  // before anything is written (R may be R3's register). The new variable is the list cell's
  // own tail field (vm/terms.hpp, field_term): two cells, as compiled code makes them; or a
  // cell of its own before the list cell (Policy::kTailVariableInCell).
  const Cell* const operands = code + pc;
  list_output = R[operands[1]];
  const Cell head = R[operands[2]];
  if constexpr (Policy::kTailVariableInCell) {
    Cell* const p = heap.take(2);
    p[0] = head;
    p[1] = make_var_contents();
    R[operands[3]] = make_pointer(Tag::Ref, p + 1, iu);
    list_cell = make_pointer(Tag::Cons, p, iu);
  } else {
    Cell* const p = heap.take(3);
    p[0] = make_var_contents();
    const Cell tail = make_pointer(Tag::Ref, p, iu);
    R[operands[3]] = tail;
    p[1] = head;
    p[2] = tail;
    list_cell = make_pointer(Tag::Cons, p + 1, iu);
  }
  BIND_LIST_OR_UNIFY();
}
#undef BIND_LIST_OR_UNIFY
unify_list_general:
  if (!unify(list_output, list_cell)) {
    set_error("unification failed", fmt::format("{} = {}", format(list_output), format(list_cell)),
              image.call_sites[static_cast<std::uint32_t>(pc)]);
    return RunStatus::Error;
  }
  pc += 5;
  DISPATCH();
op_call_builtin:
  policy.charge_builtin_call(R, code + pc + 3, code[pc + 2]);
  if (!call_builtin_inline(pc, false, scratch)) return RunStatus::Error;
  REFRESH_IF_PREDICATES_GREW();
  STOP_IF_ATTENTION();
  pc += 3 + code[pc + 2];
  DISPATCH();
op_resolve_any:
  policy.resolve_any(labels_[static_cast<std::uint32_t>(code[pc + 1]) & (kMaxLabels - 1)]);
  pc += 2;
  DISPATCH();
op_spawn: {
  // A goal for the local pool (the local body).
  const auto n = static_cast<std::uint32_t>(code[pc + 2]);
  Cell* p = heap.take(goal_record::kHeaderCells + n);
  p[0] = goal_record::header(n);
  p[1] = goal_record::origin(static_cast<PredicateId>(code[pc + 1]), pc);
  p[2] = make_small_int(0);
  if (lineage_on) [[unlikely]] p[2] = goal_record::lineage_cell(lineage::child(lineage_, sites[pc]));
  const Cell* regs = code + pc + 3;
  Cell* arg = p + goal_record::kHeaderCells;
  // The arguments, up to eight without a loop (entry by count, as execute's moves).
#define COPY_ONE() *arg++ = R[*regs++]
  switch (n) {
    case 8: COPY_ONE(); [[fallthrough]];
    case 7: COPY_ONE(); [[fallthrough]];
    case 6: COPY_ONE(); [[fallthrough]];
    case 5: COPY_ONE(); [[fallthrough]];
    case 4: COPY_ONE(); [[fallthrough]];
    case 3: COPY_ONE(); [[fallthrough]];
    case 2: COPY_ONE(); [[fallthrough]];
    case 1: COPY_ONE(); [[fallthrough]];
    case 0: break;
    default:
      for (std::uint32_t i = 0; i < n; ++i) arg[i] = R[regs[i]];
      break;
  }
#undef COPY_ONE
  ++counters.goals_spawned;
  pool_.push_back(make_pointer(Tag::Box, p, iu));
  policy.goal_entered_pool(pool_.back());
  pc += 3 + n;
  DISPATCH();
}
op_spawn_at: {
  // A goal placed by the distributing body: here, or sent to another IU.
  const auto target = static_cast<PredicateId>(code[pc + 1]);
  const auto n = static_cast<std::uint32_t>(code[pc + 3]);
  // Naive partitioning sends every goal to the least-loaded IU; with static partitioning
  // an unannotated goal stays here and an annotated one goes to its label's IU.
  const unsigned where = policy.goal_target(code[pc + 2], iu);
  {
    // The body's last goal kept here, reduced directly where the policy says so (the threads
    // engine, ThreadsPolicy::reduce_here_directly: as the local body's `execute` does, instead
    // of through a goal record and the pool).
    if (policy.reduce_here_directly(where == iu, code + pc + 4 + n)) {
      const auto& layout = predicates[target].arg_registers;
      if (n <= 8) {
        // A parallel move into the argument registers, up to eight without a loop or a
        // library call: gather, then scatter (a source may be another argument's target).
        Cell* a = scratch;
        const Cell* regs = code + pc + 4;
        switch (n) {
          case 8: a[7] = R[regs[7]]; [[fallthrough]];
          case 7: a[6] = R[regs[6]]; [[fallthrough]];
          case 6: a[5] = R[regs[5]]; [[fallthrough]];
          case 5: a[4] = R[regs[4]]; [[fallthrough]];
          case 4: a[3] = R[regs[3]]; [[fallthrough]];
          case 3: a[2] = R[regs[2]]; [[fallthrough]];
          case 2: a[1] = R[regs[1]]; [[fallthrough]];
          case 1: a[0] = R[regs[0]]; [[fallthrough]];
          default: break;
        }
        static constexpr std::uint32_t kInOrder[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        const std::uint32_t* to = layout.empty() ? kInOrder : layout.data();
        switch (n) {
          case 8: R[to[7]] = a[7]; [[fallthrough]];
          case 7: R[to[6]] = a[6]; [[fallthrough]];
          case 6: R[to[5]] = a[5]; [[fallthrough]];
          case 5: R[to[4]] = a[4]; [[fallthrough]];
          case 4: R[to[3]] = a[3]; [[fallthrough]];
          case 3: R[to[2]] = a[2]; [[fallthrough]];
          case 2: R[to[1]] = a[1]; [[fallthrough]];
          case 1: R[to[0]] = a[0]; [[fallthrough]];
          default: break;
        }
      } else {
        for (std::uint32_t i = 0; i < n; ++i) scratch[i] = R[code[pc + 4 + i]];
        for (std::uint32_t i = 0; i < n; ++i) R[layout.empty() ? i : layout[i]] = scratch[i];
      }
      pred = target;
      arity = n;
      if (lineage_on) [[unlikely]] lineage_ = lineage::child(lineage_, sites[pc]);
      goto tail_call;
    }
  }
  // On host threads the record is made here and its target copies it into its own heap
  // (only an IU writes its own heap); the simulator writes it into the target's heap.
  Cell* p = where == iu || !Policy::kWritesRemoteHeaps
                ? heap.take(goal_record::kHeaderCells + n)
                : remote_->allocate_on(*this, where, goal_record::kHeaderCells + n);
  if (p == nullptr) return RunStatus::Error;
  p[0] = goal_record::header(n);
  p[1] = goal_record::origin(target, pc);
  p[2] = make_small_int(0);
  if (lineage_on) [[unlikely]] p[2] = goal_record::lineage_cell(lineage::child(lineage_, sites[pc]));
  for (std::uint32_t i = 0; i < n; ++i) p[goal_record::kHeaderCells + i] = R[code[pc + 4 + i]];
  ++counters.goals_spawned;
  if (where == iu) {
    pool_.push_back(make_pointer(Tag::Box, p, iu));
    policy.goal_entered_pool(pool_.back());
  } else {
    remote_->send_goal(*this, where, make_pointer(Tag::Box, p, Policy::kWritesRemoteHeaps ? where : iu));
  }
  pc += 4 + n;
  DISPATCH();
}
op_execute: {
  const auto n = static_cast<std::uint32_t>(code[pc + 2]);
  const auto moves = code[pc + 3];
  // The moves in order; up to ten without a loop (the count picks the entry, Duff's device).
  const Cell* move = code + pc + 4;
#define MOVE_ONE()              \
  R[move[0]] = R[move[1]];      \
  move += 2
  switch (moves / 2) {
    case 10: MOVE_ONE(); [[fallthrough]];
    case 9: MOVE_ONE(); [[fallthrough]];
    case 8: MOVE_ONE(); [[fallthrough]];
    case 7: MOVE_ONE(); [[fallthrough]];
    case 6: MOVE_ONE(); [[fallthrough]];
    case 5: MOVE_ONE(); [[fallthrough]];
    case 4: MOVE_ONE(); [[fallthrough]];
    case 3: MOVE_ONE(); [[fallthrough]];
    case 2: MOVE_ONE(); [[fallthrough]];
    case 1: MOVE_ONE(); [[fallthrough]];
    case 0: break;
    default:
      for (std::uint64_t i = 0; i < moves; i += 2) R[move[i]] = R[move[i + 1]];
      break;
  }
#undef MOVE_ONE
  pred = static_cast<PredicateId>(code[pc + 1]);
  arity = n;
  if (lineage_on) [[unlikely]] lineage_ = lineage::child(lineage_, sites[pc]);
  goto tail_call;
}
  // execute with 0 to 3 moves (chosen when the code is threaded): no count, no loop.
#define EXECUTE_MOVES(count)                                          \
  do {                                                                \
    const Cell* const operands = code + pc;                           \
    if constexpr ((count) >= 1) {                                     \
      const Cell* const move = operands + 4;                          \
      R[move[0]] = R[move[1]];                                        \
      if constexpr ((count) >= 2) R[move[2]] = R[move[3]];            \
      if constexpr ((count) >= 3) R[move[4]] = R[move[5]];            \
    }                                                                 \
    pred = static_cast<PredicateId>(operands[1]);                     \
    arity = static_cast<std::uint32_t>(operands[2]);                  \
    if (lineage_on) [[unlikely]] lineage_ = lineage::child(lineage_, sites[pc]); \
    goto tail_call;                                                   \
  } while (false)
op_execute_0: EXECUTE_MOVES(0);
op_execute_1: EXECUTE_MOVES(1);
op_execute_2: EXECUTE_MOVES(2);
op_execute_3: EXECUTE_MOVES(3);
#undef EXECUTE_MOVES
tail_call:
  // A goal reduced directly (`execute`, or a distributing body's last goal kept here): its
  // arguments are in their registers, `pred` and `arity` set; `pc` made it (for reports).
  current_goal_ = 0;
  exec_site_ = static_cast<std::uint32_t>(pc);
  if (--slice == 0) [[unlikely]] {
    // The engine may go on with another piece of the slice (the threads engine's).
    if (policy.next_slice_piece(slice)) goto reduce;
    // Time slice over: to the back of the queue, so that others run too.
    if (!ensure_heap(goal_record::kHeaderCells + arity)) return RunStatus::Error;
    to_argument_order(predicates[pred], R, arity, scratch);
    preempted_.push_back(make_goal_record(pred, R, arity, exec_site_));
    goto next_goal;
  }
  if constexpr (Policy::kAttentionAtDirectReductions) {
    // An interrupt, or an error reported meanwhile by another IU's NIP: noticed at once, so
    // that the simulated machine stops where it did before.
    if (attention_.load(std::memory_order_relaxed)) [[unlikely]] {
      if (error_ || interrupt_requested_.load(std::memory_order_relaxed)) goto next_goal;
    }
  }
  goto reduce;
op_proceed:
  goto next_goal;
#undef BLOCKED
#undef NOTE_BLOCKED
#undef STOP_IF_ATTENTION
#undef REFRESH_IF_PREDICATES_GREW
#undef DISPATCH
}


}  // namespace fleng::vm

#pragma GCC diagnostic pop
