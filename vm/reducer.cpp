// The one-IU engine's reducer and the reducer's out-of-line parts: the loop's instance for
// vm::LocalPolicy (the loop itself is vm/reducer_loop.hpp), the threading of the code, the
// predicates' entries, and the builtins called from the loop.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/goal_record.hpp"
#include "vm/iu.hpp"
#include "vm/lineage.hpp"
#include "vm/local_policy.hpp"
#include "vm/reducer_loop.hpp"

namespace fleng::vm {

namespace {

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

}  // namespace

using reducer_loop::goal_text;

RunStatus Iu::run() {
  // Native code made from a program without random numbers keeps no lineage keys; when the
  // goal brings them in (a query's random/1, passed to call/1), the run is interpreted, so that
  // the numbers are those of every other engine.
  if (options_.native != nullptr && (options_.native->lineage || !lineage_on_)) {
    return run_native(*options_.native);
  }
  LocalPolicy policy(*this);
  return run_loop(policy);
}

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

template RunStatus Iu::run_loop<LocalPolicy>(LocalPolicy&);

void LocalPolicy::report_step_limit() {
  iu_.report_error(fmt::format("step limit reached ({} reductions)", max_reductions_), {});
}

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
  goal_record::cells(record)[2] = goal_record::lineage_cell(builtin_key_);
  return suspend_goal(record, builtin_pred, args.data(), info.arity);
}

}  // namespace fleng::vm
