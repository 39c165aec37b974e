// The reducer (UNIRED): takes goals from the pool and reduces them with the compiled code.
//
// One reduction: the goal's arguments go to registers R[0..n); the first-argument index picks
// the candidate clauses; each clause's head code matches passively (vm/instructions.def notes);
// the first clause that commits runs its body. No clause committing: the goal suspends on the
// variables that blocked (if any clause was blocked) or it is a fatal "no matching clause".
// The body's last goal is reduced at once (`execute`) for up to a time slice of reductions;
// then it goes to the back of the queue so that other goals get their turn (docs/engine.md).
#include <algorithm>
#include <array>
#include <chrono>
#include <thread>

// Threaded dispatch uses GNU labels-as-values; nothing else in this file is an extension.
#pragma GCC diagnostic ignored "-Wpedantic"

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/goal_record.hpp"
#include "vm/inline_builtins.hpp"
#include "vm/lineage.hpp"
#include "vm/iu.hpp"
#include "vm/matching.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

namespace {

/// Free cells guaranteed at the start of every reduction (head matching allocates nothing;
/// the body reserves its own needs at commit).
constexpr std::size_t kMinFree = 4096;

const std::vector<std::uint32_t>& select_chain(const Predicate& p, Cell first) {
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
const std::uint32_t* select_clauses(const Predicate& p, Cell first) {
  return select_chain(p, first).data();
}


/// Checks a builtin's input modes (? bound, g ground); records the blocking variables. `goal`:
/// the builtin's own goal record, if it runs from one (see Iu::ground_wait).
bool inputs_ready(Iu& iu, const BuiltinInfo& info, Cell* args, std::uint32_t inputs,
                  Cell goal) {
  bool ready = true;
  for (std::uint32_t i = 0; i < inputs; ++i) {
    switch (info.modes[i]) {
      case '?':
        args[i] = deref(args[i]);
        if (is_unbound(args[i])) {
          iu.block_on(args[i]);
          ready = false;
        }
        break;
      case 'g': {
        const Cell v = iu.ground_wait(args[i], goal);
        if (v != 0) {
          iu.block_on(v);
          ready = false;
        }
        break;
      }
      default: break;
    }
  }
  return ready;
}

/// Puts the arguments of a goal of `p` back in registers r0..arity-1 when its clauses keep
/// them elsewhere (Predicate::arg_registers), to make its goal record or its text.
void to_argument_order(const Predicate& p, Cell* R, std::uint32_t arity, Cell* scratch) {
  if (p.arg_registers.empty()) return;
  for (std::uint32_t i = 0; i < arity; ++i) scratch[i] = R[p.arg_registers[i]];
  std::copy_n(scratch, arity, R);
}

/// The text of a goal for a message; `site`: the code address of the instruction that made it
/// (0: unknown), whose source variables name the goal's unbound variables (vm/goal_sites.hpp).
std::string goal_text(const Iu& iu, const std::string& name, const Cell* args,
                      std::uint32_t arity, std::uint32_t site) {
  return iu.format_goal(name, args, arity, site);
}

}  // namespace

RunStatus Iu::run() { return run_loop<ExecMode::Local>(0); }

void Iu::thread_code(std::vector<void*>& threaded, void* const* dispatch,
                     const SpecialHandlers& special) const {
  const std::vector<Cell>& code = image.code;
  if (threaded.size() > code.size()) threaded.clear();
  std::size_t pc = threaded.size();  // code is only appended (a query's): thread the new part
  threaded.resize(code.size(), nullptr);
  while (pc < code.size()) {
    const auto op = static_cast<Op>(code[pc]);
    threaded[pc] = dispatch[code[pc]];
    // The handler for the operands at hand where one saves tests or a loop (same effect).
    switch (op) {
      case Op::execute:
        if (const Cell moves = code[pc + 3] / 2; moves < special.execute_moves.size()) {
          threaded[pc] = special.execute_moves[moves];
        }
        break;
      case Op::commit:
        if (tracing_) {
          threaded[pc] = special.commit_traced;
        } else if (!options_.gc_stress) {
          threaded[pc] = code[pc + 2] == 0 ? special.commit_nothing : special.commit_checked;
        }
        break;
      case Op::unify_list:
        if (code[pc + 4] != 0) threaded[pc] = special.unify_list_new;
        break;
      default: break;
    }
    std::size_t at = pc + 1;
    for (const char kind : info(op).operands) at += kind == 'V' ? 1 + code[at] : 1;
    pc = at;
  }
}

void Iu::make_entries() {
  entries_.assign(image.predicates.size(), Entry{});
  for (std::size_t i = 0; i < image.predicates.size(); ++i) {
    const Predicate& p = image.predicates[i];
    Entry& e = entries_[i];
    if (p.index.all.empty()) continue;  // a builtin or undefined: NoClauses
    e.all = p.index.all.data();
    e.cons = p.index.cons.data();
    e.argument = p.index.argument;
    e.kind = p.arity > 0 && !p.index.trivial ? Entry::Indexed : Entry::AllClauses;
    if (const std::uint32_t head = p.index.cons.empty() ? kEndOfChain : p.index.cons.front();
        e.kind == Entry::Indexed && head != kEndOfChain &&
        static_cast<Op>(image.code[head]) == Op::match_cons && image.code[head + 1] == e.argument) {
      e.cons_body = head + 4;
      e.cons_registers = static_cast<std::uint32_t>(image.code[head + 2]);
    }
  }
}

RunStatus Iu::reduce_goal(Cell goal) { return run_loop<ExecMode::Simulated>(goal); }

RunStatus Iu::run_batch(const BatchLimits& limits) {
  batch_left_ = limits.goals;
  batch_start_reductions_ = counters.reductions;
  batch_end_reductions_ = counters.reductions + limits.reductions;
  batch_time_slice_ = std::max<std::uint32_t>(1, limits.time_slice);
  batch_low_cells_ = limits.low_cells;
  batch_waiting_ = limits.waiting;
  batch_waiting_reductions_ = std::max<std::uint64_t>(1, limits.waiting_reductions);
  batch_waiting_time_slice_ = std::max<std::uint32_t>(1, limits.waiting_time_slice);
  // The machine has just looked (BatchLimits::waiting): the first look is due after
  // `waiting_reductions` reductions.
  set_next_look();
  return run_loop<ExecMode::Threads>(0);
}

void Iu::look_for_waiting() {
  if (batch_waiting_ != nullptr && batch_waiting_->load(std::memory_order_relaxed) != 0) {
    // An IU waits: this batch ends as one begun now would (at least what it has done), and
    // its goals' slices are the short ones.
    const std::uint64_t short_end = batch_start_reductions_ + batch_waiting_reductions_;
    batch_end_reductions_ =
        std::min(batch_end_reductions_, std::max(short_end, counters.reductions));
    batch_time_slice_ = std::min(batch_time_slice_, batch_waiting_time_slice_);
    batch_waiting_ = nullptr;  // once per batch
  }
  set_next_look();
}

void Iu::set_next_look() {
  batch_check_at_ = batch_end_reductions_;
  if (batch_waiting_ != nullptr) {
    batch_check_at_ = std::min(batch_check_at_, counters.reductions + batch_waiting_reductions_);
  }
}

unsigned Iu::placement_target(std::uint64_t operand) {
  const auto kind = static_cast<std::uint32_t>(operand >> 32U);
  const auto label = static_cast<std::uint32_t>(operand);
  // Naive partitioning (--static off) ignores the program's placements: every goal to the
  // least-loaded IU, every datum here.
  if (!remote_->static_partitioning()) return index_;
  if (kind == 0) return index_;
  return labels_[label];
}

template <ExecMode kMode>
RunStatus Iu::run_loop(Cell single_goal) {
  // The simulated machine counts cycles and remote reads; the threads engine runs the same
  // machine code (placements, dynamic partitioning, messages) on host threads, uncounted.
  constexpr bool kSim = kMode == ExecMode::Simulated;
  constexpr bool kMachine = kMode != ExecMode::Local;
  constexpr bool kThreads = kMode == ExecMode::Threads;
  // Threaded dispatch: one table of label addresses, generated from instructions.def (a GNU
  // extension; g++ and clang both have it). Every handler ends by jumping to the next one.
  static void* const kDispatch[] = {
#define FLENG_INSTRUCTION(name, operands, cycles, meaning) &&op_##name,
#include "vm/instructions.def"
#undef FLENG_INSTRUCTION
  };
  // Direct threading: beside the code, the handler address of the instruction at each code
  // address (made once per IU for the code there is; a query adds code, then it is extended).
  std::vector<void*>& threaded = threaded_code_[static_cast<std::size_t>(kMode)];
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
    if constexpr (kSim) cycles_ += costs_->instruction_cycles[code[pc]]; \
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
    if constexpr (!kSim) {                                                 \
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
  std::uint32_t slice_given = 0;  // threads engine: the pieces of the goal's slice so far
  Cell fn_value = 0;  // the result of a builtin function's fast path
  Cell list_output = 0;  // unify_list: the term to unify with the new list cell
  Cell list_cell = 0;
  bool clause_blocked = false;
  bool started = false;
  const unsigned iu = index_;
  const bool gc_stress = options_.gc_stress;

next_goal:
  if (attention_.load(std::memory_order_relaxed)) [[unlikely]] {
    if (error_) return RunStatus::Error;
    if (halted_) return RunStatus::Halt;
    if (interrupt_requested_.load(std::memory_order_relaxed)) {
      interrupt_requested_ = false;
      attention_ = false;
      return RunStatus::Interrupted;
    }
  }
  if constexpr (kSim) {
    // One `reduce` command: the given goal, then back to the MP.
    if (started) return RunStatus::Success;
    started = true;
    goal = single_goal;
    current_goal_ = goal;
    if (heap.free_cells() < kMinFree) {
      ensure_heap(kMinFree);
      return RunStatus::Error;
    }
  } else {
    if constexpr (kThreads) {
      // A batch of the threads engine ends after its goals, or when the heap runs low (the
      // machine collects every heap together, with all workers stopped).
      if (counters.reductions >= batch_check_at_) [[unlikely]] {
        if (counters.reductions < batch_end_reductions_) look_for_waiting();
        if (counters.reductions >= batch_end_reductions_) return RunStatus::Success;
      }
      if (batch_left_ == 0 || heap.free_cells() < batch_low_cells_) return RunStatus::Success;
      --batch_left_;
    }
    if (!sleepers_.empty()) [[unlikely]] wake_sleepers();  // timer/2 on the host's clock
    if (!pool_.empty()) {
      goal = pool_.back();
      pool_.pop_back();
    } else if (!preempted_.empty()) {
      goal = preempted_.front();
      preempted_.pop_front();
    } else {
      if constexpr (kThreads) return RunStatus::Success;  // the machine decides about deadlock
      if (!sleepers_.empty()) {
        // Nothing to do until the first timer is due: sleep (a little at a time, so that an
        // interrupt is seen).
        const auto until = std::min(sleepers_.front().deadline,
                                    std::chrono::steady_clock::now() + std::chrono::milliseconds(20));
        std::this_thread::sleep_until(until);
        goto next_goal;
      }
      return suspended_live_ > 0 ? RunStatus::Deadlock : RunStatus::Success;
    }
    current_goal_ = goal;
    if constexpr (kMode == ExecMode::Local) {
      // IuOptions::max_reductions (a run that finishes at the limit is not stopped).
      if (counters.reductions >= options_.max_reductions) [[unlikely]] {
        set_error(fmt::format("step limit reached ({} reductions)", options_.max_reductions),
                  {}, {});
        return RunStatus::Error;
      }
    }
  }
  if (!kMachine && (heap.free_cells() < kMinFree || gc_stress)) {
    collect(kMinFree, nullptr, 0);
    if (heap.free_cells() < kMinFree) {
      ensure_heap(kMinFree);
      return RunStatus::Error;
    }
    goal = current_goal_;
  }
  pred = goal_record::predicate(goal);
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
  if constexpr (kThreads) {
    // The slice in pieces while the batch looks for waiting IUs (see tail_call).
    slice = slice_piece(0);
    slice_given = slice;
  } else {
    slice = options_.time_slice;
  }

reduce:
  // The predicate's entry; the predicate itself is looked at only off the common path
  // (`predicate` is set there).
  entry = entries + pred;
  if constexpr (kSim) cycles_ += costs_->reduce_dispatch;
  // Only predicates with clauses have an index (its lists end with kEndOfChain): the others
  // are builtins or undefined.
  if (entry->kind == Entry::NoClauses) [[unlikely]] {
    predicate = predicates + pred;
    if (predicate->builtin != kNoBuiltin) {
      if (tracing) [[unlikely]] trace_builtin(pred, R, arity);
      if constexpr (kSim) {
        cycles_ += costs_->builtin_call;
        for (std::uint32_t i = 0; i < arity; ++i) static_cast<void>(deref_at<kMode>(R[i]));
      }
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
  if constexpr (kSim) {
    // On the machine the first argument is dereferenced here whatever the index (as it was
    // before the index could be on another argument): a body that uses it again then finds the
    // value, not a reference to read again from another IU.
    if (arity > 0) R[0] = deref_at<kMode>(R[0]);
  }
  if (entry->kind == Entry::Indexed) [[likely]] {
    Cell& indexed = R[entry->argument];
    const Cell first = deref_at<kMode>(indexed);
    indexed = first;
    if (is_cons(first)) {
      if constexpr (!kSim) {
        // The first clause for a list cell matches it at once (Entry::cons_body): the match
        // done here, that clause's head goes on after it; the rest of the list as usual.
        if (entry->cons_body != 0) [[likely]] {
          const Cell* cell = address_of(first);
          Cell* dst = R + entry->cons_registers;
          dst[0] = cell[0];
          dst[1] = cell[1];
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
  if constexpr (kSim) cycles_ += costs_->clause_try;
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
  const Cell v = deref_at<kMode>(R[code[pc + 1]]);
  if (v == code[pc + 2]) {
    pc += 4;
    DISPATCH();
  }
  if (!is_unbound(v)) goto mismatch;
  BLOCKED(v, 3);
}
op_match_number: {
  const Cell v = deref_at<kMode>(R[code[pc + 1]]);
  if (is_unbound(v)) BLOCKED(v, 3);
  const NumberConstant& c = image.numbers[code[pc + 2]];
  const bool equal = c.is_float ? (is_float(v) && float_value(v) == c.real)
                                : (is_integer(v) && integer_value(v) == c.integer);
  if (!equal) goto mismatch;
  pc += 4;
  DISPATCH();
}
op_match_cons: {
  const Cell v = deref_at<kMode>(R[code[pc + 1]]);
  if (is_cons(v)) {
    if constexpr (kSim) {
      if (iu_of(v) != index_) remote_->read(*this, v);  // the cell's head and tail
    }
    const Cell* cell = address_of(v);
    Cell* dst = R + code[pc + 2];
    dst[0] = cell[0];
    dst[1] = cell[1];
    pc += 4;
    DISPATCH();
  }
  if (!is_unbound(v)) goto mismatch;
  BLOCKED(v, 3);
}
op_match_struct: {
  const Cell v = deref_at<kMode>(R[code[pc + 1]]);
  if (is_struct(v)) {
    if constexpr (kSim) {
      if (iu_of(v) != index_) remote_->read(*this, v);  // the functor and arguments
    }
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
  if constexpr (kMachine) {
    // on(L): the IU that owns the datum received here (a non-pointer means this IU). Local
    // references are followed; the first one into another IU names that IU without a remote
    // read (an output variable received from a consumer elsewhere is owned there).
    Cell datum = R[code[pc + 1]];
    while (is_ref(datum) && iu_of(datum) == index_) {
      const Cell contents = *address_of(datum);
      if (is_var_contents(contents)) break;
      datum = contents;
    }
    labels_[static_cast<std::uint32_t>(code[pc + 2]) & 63U] =
        is_pointer(datum) ? iu_of(datum) : index_;
  }
  pc += 3;
  DISPATCH();
  // The body of the chosen clause: dynamic partitioning (paper 5.3) runs the distributing
  // body while the MP's flag says the load is low, the local body (after the commit) otherwise.
#define TO_BODY()                                   \
  do {                                              \
    if constexpr (kMachine) {                       \
      pc = distribute ? code[pc + 1] : pc + 3;      \
    } else {                                        \
      pc += 3; /* one IU never distributes */       \
    }                                               \
    DISPATCH();                                     \
  } while (false)
op_commit: {  // (with GC stress; the handlers below otherwise)
  if (clause_blocked) goto next_clause;  // (a clause not blocked added nothing to blocked_)
  ++counters.reductions;
  const std::size_t reserve = code[pc + 2];
  if (heap.free_cells() < reserve || (gc_stress && reserve > 0)) [[unlikely]] {
    if (gc_stress) collect(reserve, nullptr, 0);
    if (!ensure_heap(reserve)) return RunStatus::Error;
  }
  TO_BODY();
}
op_commit_checked: {
  if (clause_blocked) goto next_clause;
  ++counters.reductions;
  if (const std::size_t reserve = code[pc + 2]; heap.free_cells() < reserve) [[unlikely]] {
    if (!ensure_heap(reserve)) return RunStatus::Error;
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
  const Cell v = deref_at<kMode>(R[code[pc + 1]]);
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
  unsigned where = iu;
  if constexpr (kSim) where = placement_target(code[pc + 2]);
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
  if constexpr (kSim) {
    // The top cells of the structure go to the target IU (its arguments stay where they are:
    // remote references); the register then names the copy.
    const unsigned where = placement_target(code[pc + 2]);
    const Cell value = R[code[pc + 1]];
    if (where != iu && (is_cons(value) || is_struct(value))) {
      const std::size_t cells = is_cons(value) ? 2 : 1 + struct_arity(value);
      Cell* p = remote_->allocate_on(*this, where, cells);
      if (p == nullptr) return RunStatus::Error;
      std::copy_n(address_of(value), cells, p);
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
  // Builtin functions with an instruction of their own: the fast path, else as call_function.
#define FAST_FUNCTION(fast)                              \
  do {                                                   \
    const Cell a = deref_at<kMode>(R[code[pc + 5]]);      \
    const Cell b = deref_at<kMode>(R[code[pc + 6]]);      \
    if (inline_builtins::fast(a, b, fn_value)) goto function_result; \
    goto op_call_function;                               \
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
  if constexpr (kSim) {
    cycles_ += costs_->builtin_call;
    for (std::uint64_t i = 0; i < code[pc + 4]; ++i) static_cast<void>(deref_at<kMode>(R[code[pc + 5 + i]]));
  }
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
  // before anything is written (R may be R3's register), and the new variable and the list
  // cell are built in one go.
  const Cell* const operands = code + pc;
  list_output = R[operands[1]];
  const Cell head = R[operands[2]];
  Cell* const p = heap.take(3);
  p[0] = make_var_contents();
  const Cell tail = make_pointer(Tag::Ref, p, iu);
  R[operands[3]] = tail;
  p[1] = head;
  p[2] = tail;
  list_cell = make_pointer(Tag::Cons, p + 1, iu);
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
  if constexpr (kSim) {
    cycles_ += costs_->builtin_call;
    for (std::uint64_t i = 0; i < code[pc + 2]; ++i) static_cast<void>(deref_at<kMode>(R[code[pc + 3 + i]]));
  }
  if (!call_builtin_inline(pc, false, scratch)) return RunStatus::Error;
  REFRESH_IF_PREDICATES_GREW();
  STOP_IF_ATTENTION();
  pc += 3 + code[pc + 2];
  DISPATCH();
op_resolve_any:
  if constexpr (kMachine) {
    labels_[static_cast<std::uint32_t>(code[pc + 1]) & 63U] = remote_->least_loaded(*this);
  }
  pc += 2;
  DISPATCH();
op_spawn: {
  // A goal for the local pool (the local body).
  const auto n = static_cast<std::uint32_t>(code[pc + 2]);
  Cell* p = heap.take(goal_record::kHeaderCells + n);
  p[0] = make_header(BoxKind::Goal, 3 + n, n);
  p[1] = goal_record::origin(static_cast<PredicateId>(code[pc + 1]), pc);
  p[2] = make_small_int(0);
  p[3] = make_small_int(0);
  if (lineage_on) [[unlikely]] p[3] = goal_record::lineage_cell(lineage::child(lineage_, sites[pc]));
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
  if constexpr (kSim) remote_->new_goal(*this);
  pc += 3 + n;
  DISPATCH();
}
op_spawn_at: {
  // A goal placed by the distributing body: here, or sent to another IU.
  const auto target = static_cast<PredicateId>(code[pc + 1]);
  const auto n = static_cast<std::uint32_t>(code[pc + 3]);
  unsigned where = iu;
  if constexpr (kMachine) {
    const std::uint64_t placement = code[pc + 2];
    // Naive partitioning sends every goal to the least-loaded IU; with static partitioning
    // an unannotated goal stays here and an annotated one goes to its label's IU.
    where = !static_partitioning_ ? remote_->least_loaded(*this)
            : (placement >> 32U) == 0      ? iu
                                           : labels_[static_cast<std::uint32_t>(placement) & 63U];
  }
  if constexpr (kThreads) {
    // The body's last goal, placed here by static partitioning: reduced directly, as the
    // local body's `execute` does, instead of through a goal record and the pool (a
    // host-thread saving the simulated UNIRED does not model: there the distributing body
    // spawns every goal). Naive partitioning keeps placing every goal by the load table.
    // It counts as a goal of the batch (a batch that ends at its budget delivers the IU's
    // messages and takes its inbox as often as when the goal went through the pool).
    if (where == iu && static_partitioning_ && batch_left_ > 0 &&
        static_cast<Op>(code[pc + 4 + n]) == Op::proceed) {
      --batch_left_;
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
  Cell* p = where == iu || kThreads
                ? heap.take(goal_record::kHeaderCells + n)
                : remote_->allocate_on(*this, where, goal_record::kHeaderCells + n);
  if (p == nullptr) return RunStatus::Error;
  p[0] = make_header(BoxKind::Goal, 3 + n, n);
  p[1] = goal_record::origin(target, pc);
  p[2] = make_small_int(0);
  p[3] = make_small_int(0);
  if (lineage_on) [[unlikely]] p[3] = goal_record::lineage_cell(lineage::child(lineage_, sites[pc]));
  for (std::uint32_t i = 0; i < n; ++i) p[goal_record::kHeaderCells + i] = R[code[pc + 4 + i]];
  ++counters.goals_spawned;
  if (where == iu) {
    pool_.push_back(make_pointer(Tag::Box, p, iu));
    if constexpr (kSim) remote_->new_goal(*this);
  } else {
    remote_->send_goal(*this, where, make_pointer(Tag::Box, p, kThreads ? iu : where));
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
    if constexpr (kThreads) {
      // The end of a piece of the slice: look whether an IU waits (which may shorten the
      // slice), then the next piece, if any of the slice is left.
      if (batch_waiting_ != nullptr) look_for_waiting();
      if (slice_given < batch_time_slice_) {
        slice = slice_piece(slice_given);
        slice_given += slice;
        goto reduce;
      }
    }
    // Time slice over: to the back of the queue, so that others run too.
    if (!ensure_heap(goal_record::kHeaderCells + arity)) return RunStatus::Error;
    to_argument_order(predicates[pred], R, arity, scratch);
    preempted_.push_back(make_goal_record(pred, R, arity, exec_site_));
    goto next_goal;
  }
  if constexpr (kSim) {
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

template RunStatus Iu::run_loop<ExecMode::Local>(Cell);
template RunStatus Iu::run_loop<ExecMode::Simulated>(Cell);
template RunStatus Iu::run_loop<ExecMode::Threads>(Cell);

bool Iu::grow_heap_for_builtin(std::size_t& headroom) {
  // The builtin does not say how much it needs: collect asking for more room each time, until
  // the whole heap is usable; a builtin that still does not fit exhausts the heap.
  // On a machine of several IUs the heap grows in place instead (ensure_heap), as much.
  const bool at_limit = heap.usable_cells() >= heap.max_cells();
  if (remote_ != nullptr && !at_limit) {
    heap.grow(std::min(heap.free_cells() + headroom, heap.max_cells() - heap.used_cells()));
    headroom *= 2;
    return true;
  }
  if (remote_ != nullptr || (at_limit && headroom > heap.max_cells())) {
    return ensure_heap(heap.max_cells() + 1);  // reports exhaustion
  }
  collect(std::min(headroom, heap.max_cells()), nullptr, 0);
  headroom *= 2;
  return true;
}

bool Iu::reduce_builtin_goal(const Predicate& predicate, PredicateId pred, std::uint32_t arity,
                             Cell* scratch) {
  Cell* const R = registers_.data();
  const BuiltinInfo& info = kBuiltins[predicate.builtin];
  ++counters.builtin_calls;
  builtin_key_ = lineage_;  // a builtin goal's own key is its call's (vm/lineage.hpp)
  const bool function = info.kind == BuiltinKind::Function;
  const std::uint32_t inputs = function ? arity - 1 : arity;
  Outcome outcome;
  Cell result = 0;
  std::size_t headroom = std::size_t{1} << 16;
  for (;;) {
    for (std::uint32_t i = 0; i < arity; ++i) scratch[i] = R[i];
    blocked_.clear();
    if (!inputs_ready(*this, info, scratch, inputs, current_goal_)) {
      outcome = Outcome::Suspend;
      break;
    }
    outcome = info.fn(*this, scratch, &result);
    if (outcome != Outcome::NeedHeap) break;
    if (!grow_heap_for_builtin(headroom)) return false;
  }
  // Where the goal was made (for messages): the call site recorded in its record, if any.
  const auto where = [&]() -> const SourceRef& {
    const std::uint32_t site = builtin_site_;
    const auto it = site != 0 ? image.call_sites.find(site) : image.call_sites.end();
    return it != image.call_sites.end() ? it->second : predicate.source;
  };
  if (outcome == Outcome::Done && function && !unify(R[arity - 1], result)) {
    set_error("output unification failed", goal_text(*this, predicate.name, R, arity, builtin_site_),
              where());
    return false;
  }
  if (outcome == Outcome::Suspend) return suspend_goal(current_goal_, pred, R, arity);
  if (outcome == Outcome::Error) {
    error_->goal = goal_text(*this, predicate.name, R, arity, builtin_site_);
    if (error_->where.file.empty()) error_->where = where();
    return false;
  }
  return true;
}

bool Iu::call_builtin_inline(std::uint64_t pc, bool function, Cell* scratch) {
  Cell* const R = registers_.data();
  const Cell* const code = image.code.data();
  const auto id = static_cast<BuiltinId>(code[pc + 1]);
  const BuiltinInfo& info = kBuiltins[id];
  const std::uint64_t count_at = function ? pc + 4 : pc + 2;
  const auto n = static_cast<std::uint32_t>(code[count_at]);
  const Cell* regs = code + count_at + 1;
  ++counters.builtin_calls;
  if (lineage_on_) builtin_key_ = lineage::child(lineage_, image.site_keys[pc]);
  Outcome outcome;
  Cell result = 0;
  std::size_t headroom = std::size_t{1} << 16;
  for (;;) {
    for (std::uint32_t i = 0; i < n; ++i) scratch[i] = R[regs[i]];
    blocked_.clear();
    if (!inputs_ready(*this, info, scratch, n, 0)) {
      outcome = Outcome::Suspend;
      break;
    }
    builtin_site_ = static_cast<std::uint32_t>(pc);
    outcome = info.fn(*this, scratch, &result);
    if (outcome != Outcome::NeedHeap) break;
    if (!grow_heap_for_builtin(headroom)) return false;
  }
  if (outcome == Outcome::Done) {
    if (!function) return true;
    const auto out_reg = code[pc + 2];
    if (code[pc + 3] != 0) {
      R[out_reg] = result;
      return true;
    }
    if (unify(R[out_reg], result)) return true;
    set_error("output unification failed",
              goal_text(*this, std::string(info.name), scratch, n, static_cast<std::uint32_t>(pc)) +
                  " -> " + format(result) + " = " + format(R[out_reg]),
              image.call_sites[static_cast<std::uint32_t>(pc)]);
    return false;
  }
  if (outcome == Outcome::Error) {
    std::vector<Cell> shown;
    for (std::uint32_t i = 0; i < n; ++i) shown.push_back(R[regs[i]]);
    error_->goal = goal_text(*this, std::string(info.name), shown.data(),
                             static_cast<std::uint32_t>(shown.size()), static_cast<std::uint32_t>(pc));
    if (function) {
      // A new output variable has no value yet: show it as `_`.
      const std::string output = code[pc + 3] != 0 ? "_" : format(R[code[pc + 2]]);
      if (n == 0) {
        error_->goal = std::string(info.name) + "(" + output + ")";
      } else {
        error_->goal.insert(error_->goal.size() - 1, ", " + output);
      }
    }
    error_->where = image.call_sites[static_cast<std::uint32_t>(pc)];
    return false;
  }
  // Suspend: the builtin becomes a goal suspended on what it waits for.
  std::vector<Cell> args;
  for (std::uint32_t i = 0; i < n; ++i) args.push_back(R[regs[i]]);
  if (function) {
    const auto out_reg = code[pc + 2];
    if (code[pc + 3] != 0) {
      Cell* p = heap.allocate(1);
      p[0] = make_var_contents();
      R[out_reg] = make_pointer(Tag::Ref, p, index_);
    }
    args.push_back(R[out_reg]);
  }
  const PredicateId builtin_pred = *image.find(atoms.intern(std::string(info.name)), info.arity);
  const Cell record = make_goal_record(builtin_pred, args.data(), info.arity);
  goal_record::cells(record)[1] = goal_record::origin(builtin_pred, pc);
  goal_record::cells(record)[3] = goal_record::lineage_cell(builtin_key_);
  return suspend_goal(record, builtin_pred, args.data(), info.arity);
}

}  // namespace fleng::vm
