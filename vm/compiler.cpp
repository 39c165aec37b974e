// Compiling clauses to UNIRED code.
//
// Head: each argument pattern becomes passive match instructions over registers; a repeated
// head variable becomes `match_equal`. Every match carries the address just past its own
// sub-pattern, where matching resumes when the register holds an unbound variable.
// Body: unifications and builtin calls that have their inputs run at once, in textual order,
// right after the commit (docs/engine.md allows it: a builtin may run at once instead of
// through the pool), except output after a goal; the other goals start in textual order: the
// first is reduced directly (`execute`), the others are spawned, last first, to the LIFO pool.
// A variable whose first occurrence is the output of a builtin gets the result in its
// register, no heap cell. A predicate entered by `execute` may keep its arguments in its
// caller's registers (choose_layouts), and a small dispatch predicate so called is inlined
// before the `execute` (ClauseCompiler::try_inline); both in docs/engine.md, "The reducer's hot path".
#include "vm/compiler.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "vm/builtins.hpp"
#include "vm/goal_record.hpp"
#include "vm/inline_builtins.hpp"
#include "vm/lineage.hpp"
#include "frontend/node_placements.hpp"

namespace fleng::vm {

namespace {

using frontend::Goal;
using frontend::PlacementKind;
using frontend::Term;
using frontend::TermKind;

/// The placement operand of instructions (see opcode.hpp): kind 0 unannotated, 1 any, 2 on,
/// 3 to; `local` is compiled as unannotated-local.
std::uint64_t placement_operand(const frontend::Placement& p) {
  switch (p.kind) {
    case PlacementKind::Local: return make_placement_operand(0, 0);
    case PlacementKind::Any: return make_placement_operand(1, static_cast<std::uint32_t>(p.label));
    case PlacementKind::On: return make_placement_operand(2, static_cast<std::uint32_t>(p.label));
    case PlacementKind::To: return make_placement_operand(3, static_cast<std::uint32_t>(p.label));
    case PlacementKind::Node:
      // node(K) with K a number: a constant destination (node(N) with a variable N is compiled
      // as '$on_node'(N, G), frontend/node_placements.hpp).
      return make_placement_operand(kNodePlacement, static_cast<std::uint32_t>(p.label));
  }
  return 0;
}

// `G @ node(K)` with K an integer (frontend::on_constant_node): the goal goes to IU K (modulo
// the IU count) from either body, by spawn_at with a constant operand.
using frontend::on_constant_node;

class CompileError : public std::exception {
 public:
  CompileError(frontend::SourceSpan span, std::string message)
      : span_(span), message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }
  frontend::SourceSpan span_;
  std::string message_;
};

/// The argument registers of the predicates that do not keep argument i in register i, by
/// (name atom << 16 | arity) (see choose_layouts).
using Layouts = std::unordered_map<std::uint64_t, std::vector<std::uint32_t>>;

/// The register of argument i under a layout (empty: register i).
std::uint32_t arg_register(const std::vector<std::uint32_t>* layout, std::uint32_t i) {
  return layout == nullptr || layout->empty() ? i : (*layout)[i];
}

/// The clauses of the program by (name atom << 16 | arity), with their files: what an
/// inlined dispatch predicate is compiled from (see ClauseCompiler::try_inline).
using ClauseSources =
    std::unordered_map<std::uint64_t, std::vector<std::pair<const frontend::Clause*, std::string>>>;

/// What the compiler knows about a predicate name/arity while compiling calls to it.
struct CallTarget {
  PredicateId predicate;
  std::optional<BuiltinId> builtin;  ///< set when the call is to a builtin not redefined by the user
};

class ClauseCompiler {
 public:
  ClauseCompiler(AtomTable& atoms, CodeImage& image, std::string file,
                 const std::unordered_set<std::uint64_t>& user_defined, const Layouts& layouts,
                 const ClauseSources* sources = nullptr, CompileOptions options = {})
      : atoms_(atoms), image_(image), code_(image.code), file_(std::move(file)),
        user_defined_(user_defined), layouts_(layouts), sources_(sources), options_(options) {}

  /// Compiles a clause; returns the address of its head code. `layout`: the registers of the
  /// head's arguments (empty: argument i in register i).
  std::uint32_t compile(const Term& head, const std::vector<Goal>& written_body,
                        const std::vector<std::uint32_t>& layout = {},
                        std::uint32_t clause_ordinal = 0) {
    // `G @ node(N)` is the builtin call '$on_node'(N, G) in both bodies.
    std::vector<Goal> on_nodes;
    if (frontend::places_on_nodes(written_body)) on_nodes = frontend::goals_on_nodes(written_body);
    const std::vector<Goal>& body = on_nodes.empty() ? written_body : on_nodes;
    layout_ = &layout;
    clause_head_ = &head;
    site_head_ = &head;
    clause_body_ = &body;
    own_key_ = (atoms_.intern(head.text) << 16U) | head.arity();
    clause_site_ = clause_site_key(head, clause_ordinal);
    site_ordinal_ = clause_ordinal;
    const auto arity = static_cast<std::uint32_t>(head.arity());
    // Head sub-terms, like body values, go above the arguments of the body's widest user goal
    // (see compile_body): filter(P, [X|Xs], Ys) -> filter1(Z, P, X, Xs, Ys) then moves X and Xs
    // without a cycle.
    head_floor_ = std::max(arity, widest_user_goal(body));
    // Pass 1 (dry run) finds the registers a skipped sub-pattern may leave stale; pass 2 emits.
    const std::size_t start = code_.size();
    reset_head(arity);
    compile_head(head);
    std::set<std::uint32_t> unset = std::move(needs_unset_);
    code_.resize(start);

    reset_head(arity);
    for (const std::uint32_t reg : unset) {
      emit(Op::set_unset);
      emit_operand(reg);
    }
    compile_head(head);

    // commit dist_body_pc, alloc_cells (patched below)
    emit(Op::commit);
    const std::size_t dist_slot = code_.size();
    emit_operand(0);
    const std::size_t alloc_slot = code_.size();
    emit_operand(0);

    const auto head_vars = vars_;
    const auto head_next = next_reg_;
    const std::uint64_t local_alloc = compile_body(body, false);
    const bool places_goals = std::any_of(body.begin(), body.end(), [](const Goal& g) {
      return g.placement && g.placement->kind != PlacementKind::Local;
    });
    if (options_.host_threads && !places_goals) {
      // One body for both modes (CompileOptions::host_threads).
      code_[dist_slot] = alloc_slot + 1;
      code_[alloc_slot] = local_alloc;
      return static_cast<std::uint32_t>(start);
    }
    code_[dist_slot] = code_.size();
    vars_ = head_vars;
    next_reg_ = head_next;
    free_.clear();
    const std::uint64_t dist_alloc = compile_body(body, true);
    code_[alloc_slot] = std::max(local_alloc, dist_alloc);
    return static_cast<std::uint32_t>(start);
  }

 private:
  // --- emission --------------------------------------------------------------------------------
  void emit(Op op) { code_.push_back(static_cast<Cell>(op)); }
  void emit_operand(std::uint64_t value) { code_.push_back(value); }
  std::uint32_t pc() const { return static_cast<std::uint32_t>(code_.size()); }

  std::uint32_t new_reg() {
    if (!free_.empty()) {
      const std::uint32_t r = free_.back();
      free_.pop_back();
      return r;
    }
    if (next_reg_ >= kMaxRegisters) {
      throw CompileError(span_, fmt::format("clause too large: it needs more than {} registers",
                                            kMaxRegisters));
    }
    return next_reg_++;
  }
  /// A fresh pair of consecutive registers (for a list cell's head and tail).
  std::uint32_t new_regs(std::uint32_t n) {
    if (next_reg_ + n > kMaxRegisters) {
      throw CompileError(span_, fmt::format("clause too large: it needs more than {} registers",
                                            kMaxRegisters));
    }
    const std::uint32_t base = next_reg_;
    next_reg_ += n;
    return base;
  }
  void release(std::uint32_t reg, bool temporary) {
    if (temporary) free_.push_back(reg);
  }

  void reset_head(std::uint32_t arity) {
    vars_.clear();
    nested_first_.clear();
    needs_unset_.clear();
    free_.clear();
    next_reg_ = std::max(arity, head_floor_);
  }

  // --- head ------------------------------------------------------------------------------------
  void compile_head(const Term& head) {
    span_ = head.span;
    for (std::uint32_t i = 0; i < head.args.size(); ++i) {
      match(*head.args[i], arg_register(layout_, i), false);
    }
  }

  /// Emits `op reg operands... skip` and returns the slot of `skip` for patching.
  std::size_t emit_match(Op op, std::uint32_t reg, std::initializer_list<std::uint64_t> rest) {
    emit(op);
    emit_operand(reg);
    for (auto operand : rest) emit_operand(operand);
    const std::size_t slot = code_.size();
    emit_operand(0);
    return slot;
  }

  void match(const Term& term, std::uint32_t reg, bool nested) {
    switch (term.kind) {
      case TermKind::Variable: {
        if (term.text == "_") return;
        auto it = vars_.find(term.text);
        if (it == vars_.end()) {
          vars_.emplace(term.text, reg);
          if (nested) nested_first_.insert(term.text);
          return;
        }
        if (nested_first_.contains(term.text)) needs_unset_.insert(it->second);
        const std::size_t slot = emit_match(Op::match_equal, it->second, {reg});
        code_[slot] = pc();
        return;
      }
      case TermKind::Atom: {
        const std::size_t slot = emit_match(Op::match_atom, reg, {atoms_.atom(term.text)});
        code_[slot] = pc();
        return;
      }
      case TermKind::Integer:
      case TermKind::Float: {
        if (term.kind == TermKind::Integer && fits_small_int(term.integer)) {
          const std::size_t slot = emit_match(Op::match_int, reg, {make_small_int(term.integer)});
          code_[slot] = pc();
        } else {
          const std::size_t slot = emit_match(Op::match_number, reg, {number_constant(term)});
          code_[slot] = pc();
        }
        return;
      }
      case TermKind::String: {
        if (term.text.empty()) {
          const std::size_t slot = emit_match(Op::match_atom, reg, {kNil});
          code_[slot] = pc();
          return;
        }
        match_list_codes(string_codes(term.text), 0, reg);
        return;
      }
      case TermKind::List: match_list(term, 0, reg); return;
      case TermKind::Compound: {
        const auto n = static_cast<std::uint32_t>(term.args.size());
        const std::uint32_t base = new_regs(n);
        const std::size_t slot = emit_match(Op::match_struct, reg, {functor_of(term), base});
        for (std::uint32_t i = 0; i < n; ++i) match(*term.args[i], base + i, true);
        code_[slot] = pc();
        return;
      }
      case TermKind::Annotated: {
        // on(L) in a head: the label names the IU holding the datum received here.
        emit(Op::label_from);
        emit_operand(reg);
        emit_operand(label_operand(term.placement));
        match(*term.args.front(), reg, nested);
        return;
      }
    }
  }

  void match_list(const Term& list, std::size_t from, std::uint32_t reg) {
    const std::uint32_t pair = new_regs(2);
    const std::size_t slot = emit_match(Op::match_cons, reg, {pair});
    match(*list.args[from], pair, true);
    if (from + 1 < list.args.size()) {
      match_list(list, from + 1, pair + 1);
    } else if (list.tail) {
      match(*list.tail, pair + 1, true);
    } else {
      const std::size_t nil_slot = emit_match(Op::match_atom, pair + 1, {kNil});
      code_[nil_slot] = pc();
    }
    code_[slot] = pc();
  }

  void match_list_codes(const std::vector<std::int64_t>& codes, std::size_t from,
                        std::uint32_t reg) {
    const std::uint32_t pair = new_regs(2);
    const std::size_t slot = emit_match(Op::match_cons, reg, {pair});
    const std::size_t head_slot = emit_match(Op::match_int, pair, {make_small_int(codes[from])});
    code_[head_slot] = pc();
    if (from + 1 < codes.size()) {
      match_list_codes(codes, from + 1, pair + 1);
    } else {
      const std::size_t nil_slot = emit_match(Op::match_atom, pair + 1, {kNil});
      code_[nil_slot] = pc();
    }
    code_[slot] = pc();
  }

  // --- body ------------------------------------------------------------------------------------
  std::uint64_t compile_body(const std::vector<Goal>& body, bool distributing) {
    site_body_ = &body;
    alloc_ = 0;
    constant_regs_.clear();
    // The body's new values go to registers above the arguments of its widest user goal: the
    // parallel move of `execute` then never finds a value in another argument's place (fib's
    // fib1(C, N, F) with C in r2 would be a cycle of three moves and a fourth to break it).
    next_reg_ = std::max(next_reg_, widest_user_goal(body));
    distributing_ = distributing;
    if (distributing) {
      // Labels of any(L) are resolved first, one least-loaded query per label (docs/language.md, placements).
      std::set<std::int64_t> any_labels;
      for (const auto& goal : body) {
        if (goal.placement && goal.placement->kind == PlacementKind::Any) {
          any_labels.insert(goal.placement->label);
        }
        collect_any_labels(*goal.term, any_labels);
      }
      for (const auto label : any_labels) {
        check_label(label);
        emit(Op::resolve_any);
        emit_operand(make_placement_operand(1, static_cast<std::uint32_t>(label)));
      }
    }

    // One rule for goal order (docs/semantics.md, "Order and output"): on one IU the goals of
    // a body start in textual order. A builtin that has its inputs and no effect outside the
    // program runs at once (nothing can tell it from running in its place); every other goal
    // (a user goal, a placed goal, a builtin whose input a goal of this body produces, and a
    // builtin acting on the world, output say, that comes after one of those) starts in its
    // textual place: the first is reduced directly (`execute`) and the others are spawned
    // last one first, so that the LIFO pool takes them in textual order after it (and after
    // the goals it spawns in turn, depth first). The distributing body spawns every goal, the
    // last one first, so that on one IU the pool starts them in textual order too.
    std::vector<const Goal*> ready;
    std::vector<const Goal*> in_order;  // the goals that start in their place, textual order
    {
      std::unordered_set<std::string> known;
      for (const auto& [name, reg] : vars_) known.insert(name);
      for (const auto& goal : body) {
        const Term& t = *goal.term;
        span_ = goal.span;
        if (t.is_atom("true") && !goal.placement) continue;
        const bool placed = (distributing && goal.placement.has_value()) || on_constant_node(goal);
        const auto builtin = call_target(t).builtin;
        bool runs_now = !placed && builtin.has_value();
        if (runs_now) {
          const BuiltinInfo& info = kBuiltins[*builtin];
          // A builtin whose input is still to be produced by a goal of this body would only
          // suspend if run now (fib's add(F1, F2, F)); output after a goal waits its turn.
          if (info.world && !in_order.empty()) runs_now = false;
          for (std::size_t i = 0; runs_now && i < t.args.size(); ++i) {
            const char mode = i < info.modes.size() ? info.modes[i] : '*';
            const bool input = info.name == "=" ? false : mode != '^';
            if (input && has_unknown_variable(*t.args[i], known)) runs_now = false;
          }
        }
        if (!runs_now) {
          in_order.push_back(&goal);
          continue;
        }
        ready.push_back(&goal);
        for (const auto& arg : t.args) add_variables(*arg, known);
      }
    }
    for (const Goal* goal : ready) compile_inline(*goal);
    std::vector<const Goal*> spawned;
    if (distributing) {
      // The goals are compiled last first, but a variable placed by its first occurrence in
      // the text (`filter(P, Xs, Ys @ any(1)), sift(Ys, Ps)`) must be made there: such
      // variables are made first, in textual order.
      std::unordered_set<std::string> seen;
      for (const Goal* goal : in_order) {
        for (const auto& arg : goal->term->args) place_first_variables(*arg, seen);
      }
      spawned.assign(in_order.rbegin(), in_order.rend());
    } else if (!in_order.empty()) {
      spawned.assign(in_order.rbegin(), in_order.rend() - 1);
      spawned.push_back(in_order.front());
    }
    // The local body's first goal is reduced directly, unless it goes to a constant IU.
    const bool ends_with_execute = !distributing && !spawned.empty() && !on_constant_node(*spawned.back());
    for (std::size_t i = 0; i < spawned.size(); ++i) {
      const Goal& goal = *spawned[i];
      at_goal(goal);
      const CallTarget target = call_target(*goal.term);
      const auto args = build_args(*goal.term);
      const bool last = i + 1 == spawned.size();
      if (distributing || on_constant_node(goal)) {
        image_.call_sites.emplace(pc(), SourceRef{file_, goal.span});
        note_goal_site(*goal.term);
        note_site();
        emit(Op::spawn_at);
        emit_operand(target.predicate);
        emit_operand(goal.placement ? placement_operand(*goal.placement) : 0);
        if (goal.placement && !on_constant_node(goal)) check_label(goal.placement->label);
        alloc_ += goal_record::kHeaderCells + args.size();
      } else if (last) {
        const std::uint64_t inlined = try_inline(*goal.term, args);
        executed_goal_ = goal.term.get();
        emit_execute(target.predicate, args, layout_of(*goal.term));
        executed_goal_ = nullptr;
        return alloc_ + inlined;
      } else {
        image_.call_sites.emplace(pc(), SourceRef{file_, goal.span});
        note_goal_site(*goal.term);
        note_site();
        emit(Op::spawn);
        emit_operand(target.predicate);
        alloc_ += goal_record::kHeaderCells + args.size();
      }
      emit_operand(args.size());
      for (const auto& [reg, temporary] : args) emit_operand(reg);
      for (const auto& [reg, temporary] : args) release(reg, temporary);
      if (last && ends_with_execute) return alloc_;
    }
    emit(Op::proceed);
    return alloc_;
  }

  /// Makes, in textual order, the variables of `term` whose first occurrence in the body
  /// places them (`X @ any(1)`), as building the goals in textual order would.
  void place_first_variables(const Term& term, std::unordered_set<std::string>& seen) {
    if (term.kind == TermKind::Variable) {
      if (term.text != "_") seen.insert(term.text);
      return;
    }
    if (term.kind == TermKind::Annotated) {
      const Term& inner = *term.args.front();
      if (inner.kind == TermKind::Variable && inner.text != "_" && !vars_.contains(inner.text) &&
          !seen.contains(inner.text) && term.placement.kind != PlacementKind::Local) {
        static_cast<void>(build(term));
      }
      place_first_variables(inner, seen);
      return;
    }
    for (const auto& arg : term.args) place_first_variables(*arg, seen);
    if (term.tail) place_first_variables(*term.tail, seen);
  }

  /// The arity of the widest user goal (not a builtin) of a body.
  std::uint32_t widest_user_goal(const std::vector<Goal>& body) {
    std::uint32_t widest = 0;
    for (const auto& goal : body) {
      const Term& t = *goal.term;
      const auto arity = static_cast<std::uint32_t>(t.arity());
      const std::uint64_t key = (atoms_.intern(t.text) << 16U) | arity;
      if (user_defined_.contains(key) || !find_builtin(t.text, arity)) widest = std::max(widest, arity);
    }
    return widest;
  }

  static bool has_unknown_variable(const Term& term, const std::unordered_set<std::string>& known) {
    if (term.kind == TermKind::Variable) return term.text == "_" || !known.contains(term.text);
    for (const auto& arg : term.args) {
      if (has_unknown_variable(*arg, known)) return true;
    }
    return term.tail && has_unknown_variable(*term.tail, known);
  }

  static void add_variables(const Term& term, std::unordered_set<std::string>& known) {
    if (term.kind == TermKind::Variable) known.insert(term.text);
    for (const auto& arg : term.args) add_variables(*arg, known);
    if (term.tail) add_variables(*term.tail, known);
  }

  /// `execute P, n, moves`: the parallel move of the argument registers into r0..rn-1,
  /// sequentialized (a move goes once no pending move still reads its destination; a cycle is
  /// broken through a temporary register).
  void emit_execute(PredicateId predicate, const std::vector<std::pair<std::uint32_t, bool>>& args,
                    const std::vector<std::uint32_t>* layout) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pending;  // (dst, src)
    for (std::uint32_t i = 0; i < args.size(); ++i) {
      const std::uint32_t dst = arg_register(layout, i);
      if (args[i].first != dst) pending.emplace_back(dst, args[i].first);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> moves;
    while (!pending.empty()) {
      bool progressed = false;
      for (std::size_t k = 0; k < pending.size(); ++k) {
        const std::uint32_t dst = pending[k].first;
        const bool read_later = std::any_of(pending.begin(), pending.end(), [&](const auto& m) {
          return m.second == dst && &m != &pending[k];
        });
        if (!read_later) {
          moves.push_back(pending[k]);
          pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(k));
          progressed = true;
          break;
        }
      }
      if (progressed) continue;
      // Every destination is still read: save one in a temporary and read it from there. The
      // temporary is a register no argument uses (beyond every register in use and beyond
      // the callee's arity: never one of the free temporaries, which may be destinations).
      const std::uint32_t saved = pending.front().first;
      if (next_reg_ < args.size()) next_reg_ = static_cast<std::uint32_t>(args.size());
      const std::uint32_t temp = new_regs(1);
      moves.emplace_back(temp, saved);
      for (auto& m : pending) {
        if (m.second == saved) m.second = temp;
      }
    }
    // The call site of a goal reduced directly, for the errors of a builtin reached this way.
    image_.call_sites.emplace(pc(), SourceRef{file_, span_});
    if (executed_goal_ != nullptr) note_goal_site(*executed_goal_);
    note_site();
    emit(Op::execute);
    emit_operand(predicate);
    emit_operand(args.size());
    emit_operand(moves.size() * 2);
    for (const auto& [dst, src] : moves) {
      emit_operand(dst);
      emit_operand(src);
    }
  }

  void collect_any_labels(const Term& term, std::set<std::int64_t>& labels) {
    if (term.kind == TermKind::Annotated && term.placement.kind == PlacementKind::Any) {
      labels.insert(term.placement.label);
    }
    for (const auto& arg : term.args) collect_any_labels(*arg, labels);
    if (term.tail) collect_any_labels(*term.tail, labels);
  }

  void compile_inline(const Goal& goal) {
    const Term& t = *goal.term;
    at_goal(goal);
    const BuiltinId id = *call_target(t).builtin;
    const BuiltinInfo& info = kBuiltins[id];
    if (id == builtin_ids::unify) {
      compile_unify(*t.args[0], *t.args[1]);
      return;
    }
    alloc_ += goal_record::kHeaderCells + 1 + info.arity;  // the record if it suspends, its output
    if (info.kind == BuiltinKind::Function) {
      std::vector<std::pair<std::uint32_t, bool>> inputs;
      for (std::size_t i = 0; i + 1 < t.args.size(); ++i) inputs.push_back(build(*t.args[i]));
      const Term& out = *t.args.back();
      std::uint32_t out_reg = 0;
      bool fresh = false;
      bool out_temp = false;
      const Term& out_inner = out.kind == TermKind::Annotated ? *out.args.front() : out;
      if (out_inner.kind == TermKind::Variable &&
          (out_inner.text == "_" || !vars_.contains(out_inner.text))) {
        out_reg = new_reg();
        fresh = true;
        if (out_inner.text != "_") {
          vars_.emplace(out_inner.text, out_reg);
        } else {
          out_temp = true;
        }
      } else {
        std::tie(out_reg, out_temp) = build(out);
      }
      image_.call_sites.emplace(pc(), SourceRef{file_, goal.span});
      note_goal_site(t);
      note_site();
      const std::optional<Op> inline_op = inline_builtins::instruction_for(id);
      emit(inputs.size() == 2 && inline_op ? *inline_op : Op::call_function);
      emit_operand(id);
      emit_operand(out_reg);
      emit_operand(fresh ? 1 : 0);
      emit_operand(inputs.size());
      for (const auto& [reg, temporary] : inputs) emit_operand(reg);
      for (const auto& [reg, temporary] : inputs) release(reg, temporary);
      release(out_reg, out_temp);
      return;
    }
    const auto args = build_args(t);
    image_.call_sites.emplace(pc(), SourceRef{file_, goal.span});
    note_goal_site(t);
    note_site();
    emit(Op::call_builtin);
    emit_operand(id);
    emit_operand(args.size());
    for (const auto& [reg, temporary] : args) emit_operand(reg);
    for (const auto& [reg, temporary] : args) release(reg, temporary);
  }

  void compile_unify(const Term& left, const Term& right) {
    auto fresh_var = [&](const Term& t) -> const Term* {
      const Term& inner = t.kind == TermKind::Annotated ? *t.args.front() : t;
      if (inner.kind == TermKind::Variable && inner.text != "_" && !vars_.contains(inner.text)) {
        return &inner;
      }
      return nullptr;
    };
    // `X = Term` with X new: X simply names the term built (no variable, no unification).
    if (const Term* x = fresh_var(left); x != nullptr && !(distributing_ && left.kind == TermKind::Annotated)) {
      auto [reg, temporary] = build(right);
      if (!vars_.contains(x->text)) {
        vars_.emplace(x->text, reg);  // variables' registers are never reused
      } else {
        emit_unify(vars_.at(x->text), reg);
        release(reg, temporary);
      }
      return;
    }
    if (const Term* y = fresh_var(right); y != nullptr && !(distributing_ && right.kind == TermKind::Annotated)) {
      compile_unify(right, left);
      return;
    }
    // `Zs = [X|Zs1]`: one instruction builds the list cell (and the new tail variable) and
    // unifies, usually by binding Zs.
    const auto one_cell = [](const Term& t) {
      return t.kind == TermKind::List && t.args.size() == 1 &&
             (!t.tail || t.tail->kind != TermKind::Annotated);
    };
    if (one_cell(right) || one_cell(left)) {
      const Term& list = one_cell(right) ? right : left;
      auto [other, other_temp] = build(one_cell(right) ? left : right);
      std::pair<std::uint32_t, bool> tail{0, false};
      bool new_tail = false;
      if (list.tail && list.tail->kind == TermKind::Variable && list.tail->text != "_" &&
          !vars_.contains(list.tail->text)) {
        // The new variable goes straight into the register it is passed in, when that is
        // the register of the term unified, used nowhere else (append's Zs = [X|Zs1] then
        // append(Xs, Ys, Zs1): Zs1 made in Zs's r2, one move fewer for `execute`).
        tail.first = dead_output_for(one_cell(right) ? left : right, list.tail->text, other)
                         ? other
                         : new_reg();
        vars_.emplace(list.tail->text, tail.first);
        new_tail = true;
        alloc_ += 1;  // (the variable's cell, where the engine makes one: Policy::kTailVariableInCell)
      } else {
        tail = list.tail ? build(*list.tail) : constant(kNil);
      }
      const auto head = build(*list.args.front());
      image_.call_sites.emplace(pc(), SourceRef{file_, span_});
      emit(Op::unify_list);
      emit_operand(other);
      emit_operand(head.first);
      emit_operand(tail.first);
      emit_operand(new_tail ? 1 : 0);
      alloc_ += 2;
      release(other, other_temp);
      release(head.first, head.second);
      release(tail.first, tail.second);
      return;
    }
    auto [a, a_temp] = build(left);
    auto [b, b_temp] = build(right);
    emit_unify(a, b);
    release(a, a_temp);
    release(b, b_temp);
  }

  /// Occurrences of the variable `name` in `term`.
  static std::size_t occurrences(const Term& term, const std::string& name) {
    std::size_t n = term.kind == TermKind::Variable && term.text == name ? 1 : 0;
    for (const auto& a : term.args) n += occurrences(*a, name);
    if (term.tail) n += occurrences(*term.tail, name);
    return n;
  }
  std::size_t clause_occurrences(const std::string& name) const {
    std::size_t n = occurrences(*clause_head_, name);
    for (const auto& g : *clause_body_) n += occurrences(*g.term, name);
    return n;
  }

  /// Whether `Other = [_|Tail]` (Tail new) may make Tail in `reg`, the register of Other: Other
  /// is a variable of the clause that occurs nowhere else (its register is dead once the
  /// list cell is built), and Tail occurs once more, as an argument of a user goal passed in
  /// that very register. unify_list reads Other before it writes the new variable.
  bool dead_output_for(const Term& other, const std::string& tail, std::uint32_t reg) {
    if (inlining_ || clause_head_ == nullptr || other.kind != TermKind::Variable ||
        other.text == "_" || !vars_.contains(other.text) || vars_.at(other.text) != reg) {
      return false;
    }
    if (clause_occurrences(other.text) != 2 || clause_occurrences(tail) != 2) return false;
    for (const auto& g : *clause_body_) {
      const Term& t = *g.term;
      if (!t.is_callable() || call_target(t).builtin) continue;
      for (std::uint32_t j = 0; j < t.args.size(); ++j) {
        const Term& a = *t.args[j];
        if (a.kind == TermKind::Variable && a.text == tail) {
          return arg_register(layout_of(t), j) == reg;
        }
      }
    }
    return false;
  }

  void emit_unify(std::uint32_t a, std::uint32_t b) {
    image_.call_sites.emplace(pc(), SourceRef{file_, span_});
    emit(Op::unify);
    emit_operand(a);
    emit_operand(b);
  }

  std::vector<std::pair<std::uint32_t, bool>> build_args(const Term& goal) {
    std::vector<std::pair<std::uint32_t, bool>> args;
    for (const auto& arg : goal.args) args.push_back(build(*arg));
    return args;
  }

  /// Builds a body term into a register; the flag says whether it is a temporary to release.
  std::pair<std::uint32_t, bool> build(const Term& term) {
    switch (term.kind) {
      case TermKind::Variable: {
        if (term.text != "_") {
          if (auto it = vars_.find(term.text); it != vars_.end()) return {it->second, false};
        }
        const std::uint32_t reg = new_reg();
        emit(Op::put_var);
        emit_operand(reg);
        alloc_ += 1;
        if (term.text == "_") return {reg, true};
        vars_.emplace(term.text, reg);
        return {reg, false};
      }
      case TermKind::Annotated: {
        const Term& inner = *term.args.front();
        if (distributing_ && inner.kind == TermKind::Variable && !vars_.contains(inner.text) &&
            term.placement.kind != PlacementKind::Local) {
          check_label(term.placement.label);
          const std::uint32_t reg = new_reg();
          emit(Op::put_var_at);
          emit_operand(reg);
          emit_operand(placement_operand(term.placement));
          alloc_ += 1;
          if (inner.text == "_") return {reg, true};
          vars_.emplace(inner.text, reg);
          return {reg, false};
        }
        const bool structure = inner.kind == TermKind::Compound || inner.kind == TermKind::List ||
                               (inner.kind == TermKind::String && !inner.text.empty());
        if (distributing_ && structure && term.placement.kind != PlacementKind::Local) {
          // A structure placed on another IU: built here, then its cells written there.
          check_label(term.placement.label);
          const auto built = build(inner);
          emit(Op::place);
          emit_operand(built.first);
          emit_operand(placement_operand(term.placement));
          return built;
        }
        return build(inner);
      }
      case TermKind::Atom: return constant(atoms_.atom(term.text));
      case TermKind::Integer:
      case TermKind::Float: {
        if (term.kind == TermKind::Integer && fits_small_int(term.integer)) {
          return constant(make_small_int(term.integer));
        }
        const std::uint32_t reg = new_reg();
        emit(Op::put_number);
        emit_operand(reg);
        emit_operand(number_constant(term));
        alloc_ += 2;
        return {reg, true};
      }
      case TermKind::String: {
        std::pair<std::uint32_t, bool> tail = constant(kNil);
        const auto codes = string_codes(term.text);
        for (auto it = codes.rbegin(); it != codes.rend(); ++it) {
          tail = {cons(constant(make_small_int(*it)), tail), true};
        }
        return tail;
      }
      case TermKind::List: {
        std::pair<std::uint32_t, bool> tail =
            term.tail ? build(*term.tail) : constant(kNil);
        for (auto it = term.args.rbegin(); it != term.args.rend(); ++it) {
          const auto head = build(**it);
          const std::uint32_t cell = new_reg();
          emit(Op::put_cons);
          emit_operand(cell);
          emit_operand(head.first);
          emit_operand(tail.first);
          alloc_ += 2;
          release(head.first, head.second);
          release(tail.first, tail.second);
          tail = {cell, true};
        }
        return tail;
      }
      case TermKind::Compound: {
        const auto args = build_args(term);
        const std::uint32_t reg = new_reg();
        emit(Op::put_struct);
        emit_operand(reg);
        emit_operand(functor_of(term));
        emit_operand(args.size());
        for (const auto& [r, temporary] : args) emit_operand(r);
        for (const auto& [r, temporary] : args) release(r, temporary);
        alloc_ += 1 + args.size();
        return {reg, true};
      }
    }
    return constant(kNil);
  }

  std::uint32_t cons(std::pair<std::uint32_t, bool> head, std::pair<std::uint32_t, bool> tail) {
    const std::uint32_t cell = new_reg();
    emit(Op::put_cons);
    emit_operand(cell);
    emit_operand(head.first);
    emit_operand(tail.first);
    alloc_ += 2;
    release(head.first, head.second);
    release(tail.first, tail.second);
    return cell;
  }

  /// A register holding an atom or small integer: its constant register (vm/code.hpp), or, once
  /// those are all taken, a register the body puts it in. A body puts each constant once while
  /// registers are plentiful: such a register is never released, so nothing overwrites it
  /// before the body ends.
  std::pair<std::uint32_t, bool> constant(Cell value) {
    if (const auto reg = image_.constant_register(value)) return {*reg, false};
    if (const auto it = constant_regs_.find(value); it != constant_regs_.end()) {
      return {it->second, false};
    }
    const std::uint32_t reg = new_reg();
    emit(Op::put_const);
    emit_operand(reg);
    emit_operand(value);
    if (next_reg_ >= kMaxRegisters / 2) return {reg, true};
    constant_regs_.emplace(value, reg);
    return {reg, false};
  }

  // --- helpers ---------------------------------------------------------------------------------
  std::uint64_t functor_of(const Term& compound) {
    return atoms_.functor(atoms_.intern(compound.text),
                          static_cast<std::uint32_t>(compound.args.size()));
  }

  std::uint64_t number_constant(const Term& term) {
    NumberConstant c;
    c.is_float = term.kind == TermKind::Float;
    c.integer = term.integer;
    c.real = term.real;
    image_.numbers.push_back(c);
    return image_.numbers.size() - 1;
  }

  std::uint64_t label_operand(const frontend::Placement& p) {
    check_label(p.label);
    return placement_operand(p);
  }

  void check_label(std::int64_t label) {
    if (label < 0 || label >= static_cast<std::int64_t>(kMaxLabels)) {
      throw CompileError(span_, fmt::format("placement label {} is out of range 0..{}", label,
                                            kMaxLabels - 1));
    }
  }

  static std::vector<std::int64_t> string_codes(const std::string& text);

 public:
  /// A dispatch predicate: 1 to 4 clauses whose head arguments are atoms, small integers or
  /// variables that occur once in the head, a constant in at least one, at most 8 body goals.
  const std::vector<std::pair<const frontend::Clause*, std::string>>* dispatch_clauses(
      const Term& goal) {
    if (sources_ == nullptr) return nullptr;
    const std::uint64_t key = (atoms_.intern(goal.text) << 16U) | goal.arity();
    if (key == own_key_ || !user_defined_.contains(key)) return nullptr;
    const auto it = sources_->find(key);
    if (it == sources_->end() || it->second.empty() || it->second.size() > 4) return nullptr;
    bool constant = false;
    for (const auto& [clause, file] : it->second) {
      if (clause->body.size() > 8) return nullptr;
      // On host threads a clause that places goals keeps its own (one) body: inlined into a
      // caller's local body its placements would be lost.
      if (options_.host_threads &&
          std::any_of(clause->body.begin(), clause->body.end(), [](const Goal& g) {
            return g.placement && g.placement->kind != PlacementKind::Local;
          })) {
        return nullptr;
      }
      std::unordered_set<std::string> seen;
      for (const auto& arg : clause->head->args) {
        switch (arg->kind) {
          case TermKind::Variable:
            if (arg->text != "_" && !seen.insert(arg->text).second) return nullptr;
            break;
          case TermKind::Atom: constant = true; break;
          case TermKind::Integer:
            if (!fits_small_int(arg->integer)) return nullptr;
            constant = true;
            break;
          default: return nullptr;
        }
      }
    }
    return constant ? &it->second : nullptr;
  }

  /// The site key of the clause `ordinal` of head's predicate (every query the same: its
  /// head, named $queryN, has the query's variables as arguments).
  static std::uint64_t clause_site_key(const Term& head, std::uint32_t ordinal) {
    if (head.text.starts_with("$query")) return lineage::site_key("$query", 0, 0);
    return lineage::site_key(head.text, static_cast<std::uint32_t>(head.arity()), ordinal);
  }

  /// Starts compiling a body goal: its location for messages, its lineage site.
  void at_goal(const Goal& goal) {
    span_ = goal.span;
    const std::ptrdiff_t place = site_body_ != nullptr ? &goal - site_body_->data() : 0;
    site_position_ = static_cast<std::uint32_t>(place);
    goal_site_ = lineage::site_of_goal(clause_site_, static_cast<std::uint64_t>(place));
  }

  /// The lineage site of the instruction emitted next: that of the goal being compiled.
  void note_site() { image_.site_at[static_cast<std::uint32_t>(pc())] = goal_site_; }

  /// The goal site (vm/goal_sites.hpp) of the instruction emitted next: the clause whose body
  /// is compiled and the source variables of `goal`'s arguments. Only for reports: the
  /// reducer never reads it.
  void note_goal_site(const Term& goal) {
    if (site_head_ == nullptr) return;
    GoalSite site;
    site.clause = fmt::format("{}/{}", site_head_->text, site_head_->arity());
    site.ordinal = site_ordinal_ + 1;
    site.position = site_position_ + 1;
    site.span = span_;
    std::vector<std::int32_t> steps;
    for (std::uint32_t i = 0; i < goal.args.size(); ++i) {
      site_variables(*goal.args[i], i, steps, site.variables);
    }
    image_.goal_sites.insert_or_assign(static_cast<std::uint32_t>(pc()), std::move(site));
  }

  static void site_variables(const Term& t, std::uint32_t argument, std::vector<std::int32_t>& steps,
                             std::vector<SiteVariable>& out) {
    switch (t.kind) {
      case TermKind::Variable:
        // Not `_`, nor the compiler's own variables (`_Done_1_$` of halt/1's wait).
        if (t.text != "_" && t.text.find('$') == std::string::npos) {
          out.push_back(SiteVariable{argument, steps, t.text});
        }
        return;
      case TermKind::Annotated: site_variables(*t.args.front(), argument, steps, out); return;
      case TermKind::Compound:
        for (std::size_t i = 0; i < t.args.size(); ++i) {
          steps.push_back(static_cast<std::int32_t>(i));
          site_variables(*t.args[i], argument, steps, out);
          steps.pop_back();
        }
        return;
      case TermKind::List: {
        const std::size_t depth = steps.size();
        for (const auto& element : t.args) {
          steps.push_back(SiteVariable::kConsHead);
          site_variables(*element, argument, steps, out);
          steps.back() = SiteVariable::kConsTail;
        }
        if (t.tail) site_variables(*t.tail, argument, steps, out);
        steps.resize(depth);
        return;
      }
      default: return;
    }
  }

  /// Inlined dispatch (docs/engine.md): before the `execute` of a dispatch predicate, its
  /// clauses in order, each as tests of its constants on the registers of the call's arguments
  /// (`if_not_const`, to the next clause when a test does not hold, an unbound argument
  /// included), `reduced` and its body with its head variables in those registers. When no
  /// clause's tests hold, the `execute` that follows reduces the goal as always (it then
  /// suspends, fails, or commits a clause that a variable made the tests miss). Only in a local
  /// body, one level deep. Returns the heap cells the inlined bodies need.
  std::uint64_t try_inline(const Term& goal,
                           const std::vector<std::pair<std::uint32_t, bool>>& args) {
    if (distributing_ || inlining_ || !options_.inline_dispatch) return 0;
    const auto* clauses = dispatch_clauses(goal);
    if (clauses == nullptr) return 0;
    const std::uint64_t caller_alloc = alloc_;
    std::uint64_t inlined_alloc = 0;
    const auto saved_vars = vars_;
    const std::string saved_file = file_;
    const frontend::SourceSpan saved_span = span_;
    const std::uint64_t saved_goal_site = goal_site_;
    const std::uint64_t saved_clause_site = clause_site_;
    const std::uint32_t saved_site_ordinal = site_ordinal_;
    const std::uint32_t saved_site_position = site_position_;
    const std::vector<Goal>* const saved_site_body = site_body_;
    const Term* const saved_site_head = site_head_;
    std::vector<std::size_t> to_next;  // the skip slots of the previous clause's tests
    inlining_ = true;
    std::uint32_t ordinal = 0;
    for (const auto& [clause, file] : *clauses) {
      for (const std::size_t slot : to_next) code_[slot] = pc();
      to_next.clear();
      vars_.clear();
      const auto& head = clause->head->args;
      for (std::uint32_t j = 0; j < head.size(); ++j) {
        const Term& h = *head[j];
        const std::uint32_t reg = args[j].first;
        if (h.kind == TermKind::Variable) {
          if (h.text != "_") vars_.emplace(h.text, reg);
          continue;
        }
        const Cell c = h.kind == TermKind::Atom ? atoms_.atom(h.text) : make_small_int(h.integer);
        to_next.push_back(emit_match(Op::if_not_const, reg, {c}));
      }
      // The goal's lineage changes here as at the `execute` (the caller's goal's site).
      goal_site_ = saved_goal_site;
      note_site();
      emit(Op::reduced);
      file_ = file;
      site_head_ = clause->head.get();
      site_ordinal_ = ordinal;
      clause_site_ = clause_site_key(*clause->head, ordinal++);
      if (frontend::places_on_nodes(clause->body)) {
        compile_body(frontend::goals_on_nodes(clause->body), false);
      } else {
        compile_body(clause->body, false);
      }
      inlined_alloc += alloc_;
    }
    for (const std::size_t slot : to_next) code_[slot] = pc();
    inlining_ = false;
    vars_ = saved_vars;
    file_ = saved_file;
    span_ = saved_span;
    goal_site_ = saved_goal_site;
    clause_site_ = saved_clause_site;
    site_ordinal_ = saved_site_ordinal;
    site_position_ = saved_site_position;
    site_body_ = saved_site_body;
    site_head_ = saved_site_head;
    alloc_ = caller_alloc;
    constant_regs_.clear();
    return inlined_alloc;
  }

  /// The argument registers of the predicate a goal calls (nullptr: argument i in register i).
  const std::vector<std::uint32_t>* layout_of(const Term& goal) {
    const std::uint64_t key = (atoms_.intern(goal.text) << 16U) | goal.arity();
    const auto it = layouts_.find(key);
    return it == layouts_.end() ? nullptr : &it->second;
  }

  CallTarget call_target(const Term& goal) {
    const std::uint64_t name = atoms_.intern(goal.text);
    const auto arity = static_cast<std::uint32_t>(goal.arity());
    CallTarget target{image_.predicate(name, goal.text, arity), std::nullopt};
    Predicate& called = image_.predicates[target.predicate];
    if (called.first_call.file.empty()) called.first_call = SourceRef{file_, span_};
    const std::uint64_t key = (name << 16U) | arity;
    if (!user_defined_.contains(key)) target.builtin = find_builtin(goal.text, arity);
    return target;
  }

 private:
  AtomTable& atoms_;
  CodeImage& image_;
  std::vector<Cell>& code_;
  std::string file_;
  const std::unordered_set<std::uint64_t>& user_defined_;
  const Layouts& layouts_;
  const ClauseSources* sources_;
  CompileOptions options_;
  const Term* clause_head_ = nullptr;             ///< of the clause being compiled
  const Term* site_head_ = nullptr;  ///< of the clause whose body is compiled (inlined too)
  const Term* executed_goal_ = nullptr;  ///< the goal of the `execute` being emitted
  const std::vector<Goal>* clause_body_ = nullptr;
  std::uint64_t own_key_ = 0;  ///< of the predicate of the clause being compiled
  // Lineage sites (vm/lineage.hpp): a body goal's site is its clause (predicate and place among
  // the predicate's clauses) and its place in the body, so that it is the same in the local and
  // the distributing body, inlined or not, and does not move when the text is reformatted.
  std::uint64_t clause_site_ = 0;                ///< of the clause whose body is compiled
  std::uint32_t site_ordinal_ = 0;   ///< that clause's number among its predicate's, from 0
  std::uint32_t site_position_ = 0;  ///< the place of the goal being compiled in its body
  const std::vector<Goal>* site_body_ = nullptr;  ///< that body
  std::uint64_t goal_site_ = 0;                   ///< of the body goal being compiled
  bool inlining_ = false;      ///< compiling an inlined dispatch predicate's clause
  const std::vector<std::uint32_t>* layout_ = nullptr;  ///< of the clause being compiled

  std::unordered_map<std::string, std::uint32_t> vars_;
  std::unordered_set<std::string> nested_first_;
  std::set<std::uint32_t> needs_unset_;
  std::vector<std::uint32_t> free_;
  std::unordered_map<Cell, std::uint32_t> constant_regs_;  // constants put by this body
  std::uint32_t next_reg_ = 0;
  std::uint32_t head_floor_ = 0;  // the first register for head sub-terms
  std::uint64_t alloc_ = 0;
  bool distributing_ = false;
  frontend::SourceSpan span_;
};

std::vector<std::int64_t> ClauseCompiler::string_codes(const std::string& text) {
  std::vector<std::int64_t> codes;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    std::int64_t code = length == 1 ? lead : length == 2 ? (lead & 0x1F) : length == 3 ? (lead & 0x0F) : (lead & 0x07);
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    codes.push_back(code);
    i += length;
  }
  return codes;
}

/// The index entry a clause's head argument (the predicate's index argument) falls under.
struct IndexKey {
  enum Kind { Any, Constant, Number, Cons, Functor } kind = Any;
  Cell constant = 0;
  std::uint32_t functor = 0;
};

IndexKey classify(const Term& head, std::uint32_t argument, AtomTable& atoms) {
  if (head.args.size() <= argument) return {};
  const Term* t = head.args[argument].get();
  while (t->kind == TermKind::Annotated) t = t->args.front().get();
  switch (t->kind) {
    case TermKind::Variable: return {};
    case TermKind::Atom: return {IndexKey::Constant, atoms.atom(t->text), 0};
    case TermKind::Integer:
      if (fits_small_int(t->integer)) return {IndexKey::Constant, make_small_int(t->integer), 0};
      return {IndexKey::Number, 0, 0};
    case TermKind::Float: return {IndexKey::Number, 0, 0};
    case TermKind::String:
      if (t->text.empty()) return {IndexKey::Constant, kNil, 0};
      return {IndexKey::Cons, 0, 0};
    case TermKind::List: return {IndexKey::Cons, 0, 0};
    case TermKind::Compound:
      return {IndexKey::Functor, 0,
              atoms.functor(atoms.intern(t->text), static_cast<std::uint32_t>(t->args.size()))};
    case TermKind::Annotated: return {};
  }
  return {};
}

/// The argument the index looks at: the first one that some clause's head does not leave a
/// variable (filter(P, [X|Xs], Ys) is indexed on its list), else the first.
std::uint32_t index_argument(const std::vector<const Term*>& heads, AtomTable& atoms) {
  const std::size_t arity = heads.empty() ? 0 : heads.front()->args.size();
  for (std::uint32_t i = 0; i < arity; ++i) {
    for (const Term* head : heads) {
      if (classify(*head, i, atoms).kind != IndexKey::Any) return i;
    }
  }
  return 0;
}

void build_index(Predicate& predicate, std::uint32_t argument, const std::vector<IndexKey>& firsts,
                 const std::vector<Cell>& code) {
  ClauseIndex index;
  index.argument = arg_register(&predicate.arg_registers, argument);
  index.trivial = std::all_of(firsts.begin(), firsts.end(),
                              [](const IndexKey& k) { return k.kind == IndexKey::Any; });
  std::vector<Cell> constants;
  std::vector<std::uint32_t> functors;
  for (const auto& f : firsts) {
    if (f.kind == IndexKey::Constant &&
        std::find(constants.begin(), constants.end(), f.constant) == constants.end()) {
      constants.push_back(f.constant);
    }
    if (f.kind == IndexKey::Functor &&
        std::find(functors.begin(), functors.end(), f.functor) == functors.end()) {
      functors.push_back(f.functor);
    }
  }
  for (Cell c : constants) index.constants.emplace_back(c, std::vector<std::uint32_t>{});
  for (std::uint32_t f : functors) index.functors.emplace_back(f, std::vector<std::uint32_t>{});
  for (std::uint32_t i = 0; i < firsts.size(); ++i) {
    const auto& f = firsts[i];
    index.all.push_back(i);
    const bool any = f.kind == IndexKey::Any;
    if (any || f.kind == IndexKey::Cons) index.cons.push_back(i);
    if (any || f.kind == IndexKey::Number) index.numbers.push_back(i);
    if (any) index.other.push_back(i);
    for (auto& [c, list] : index.constants) {
      if (any || (f.kind == IndexKey::Constant && f.constant == c)) list.push_back(i);
    }
    for (auto& [functor, list] : index.functors) {
      if (any || (f.kind == IndexKey::Functor && f.functor == functor)) list.push_back(i);
    }
  }
  // The reducer walks the lists by head code address, up to kEndOfChain.
  const auto finish = [&](std::vector<std::uint32_t>& list) {
    for (auto& i : list) i = predicate.clauses[i].head_pc;
    list.push_back(kEndOfChain);
  };
  for (auto* list : {&index.all, &index.cons, &index.other, &index.numbers}) finish(*list);
  for (auto& [c, list] : index.constants) {
    finish(list);
    // A clause reached through the list of constant c whose head starts by matching the
    // indexed argument against c starts after that match: it cannot fail.
    for (auto& pc : list) {
      if (pc == kEndOfChain) continue;
      const auto op = static_cast<Op>(code[pc]);
      if ((op == Op::match_atom || op == Op::match_int) && code[pc + 1] == index.argument &&
          code[pc + 2] == c) {
        pc += 4;
      }
    }
  }
  for (auto& [f, list] : index.functors) finish(list);
  predicate.index = std::move(index);
}

struct PendingClause {
  const frontend::Clause* clause;
  std::string file;
};

/// The goal of a body that the compiler most likely reduces with `execute`: its first call of
/// a user predicate (builtins mostly run inline). Only a guess for choose_layouts.
const Term* executed_user_goal(const std::vector<Goal>& body, AtomTable& atoms,
                               const std::unordered_set<std::uint64_t>& user_defined) {
  for (const auto& goal : body) {
    const Term& t = *goal.term;
    const std::uint64_t key = (atoms.intern(t.text) << 16U) | t.arity();
    if (user_defined.contains(key) || !find_builtin(t.text, static_cast<std::uint32_t>(t.arity()))) return &t;
  }
  return nullptr;
}

/// Argument registers (docs/engine.md): a predicate Q whose clauses are entered by `execute`
/// from a clause of another predicate P takes, for each argument that is one of P's head
/// arguments passed on unchanged, that argument's register, so that the call moves only the
/// other arguments (chk(R1, R2, P, D, L, Lp0, Lp, A0, A) from check(P, D, L, [Q|Lp0], Lp, A0,
/// A) keeps P, D, L, Lp, A0, A in r0, r1, r2, r4, r5, r6). Predicates are taken in program
/// order; P must be one already taken that keeps the plain layout (so no chain of layouts
/// depends on another), the first such clause decides. Any layout is correct: it only saves
/// moves.
Layouts choose_layouts(const std::vector<std::uint64_t>& order,
                       const std::map<std::uint64_t, std::vector<PendingClause>>& user_clauses,
                       const std::map<std::uint64_t, std::vector<PendingClause>>& library_clauses,
                       AtomTable& atoms, const std::unordered_set<std::uint64_t>& user_defined) {
  const auto clauses_of = [&](std::uint64_t key) -> const std::vector<PendingClause>& {
    const auto it = user_clauses.find(key);
    return it != user_clauses.end() ? it->second : library_clauses.at(key);
  };
  // For each predicate, the clauses of other predicates that end by calling it.
  std::unordered_map<std::uint64_t, std::vector<std::pair<std::uint64_t, const frontend::Clause*>>>
      callers;
  for (const std::uint64_t key : order) {
    for (const auto& pending : clauses_of(key)) {
      const Term* goal = executed_user_goal(pending.clause->body, atoms, user_defined);
      if (goal == nullptr) continue;
      const std::uint64_t callee = (atoms.intern(goal->text) << 16U) | goal->arity();
      if (callee != key) callers[callee].emplace_back(key, pending.clause);
    }
  }
  Layouts layouts;
  std::unordered_set<std::uint64_t> taken;
  for (const std::uint64_t key : order) {
    taken.insert(key);
    const auto it = callers.find(key);
    if (it == callers.end()) continue;
    for (const auto& [caller, clause] : it->second) {
      if (!taken.contains(caller) || layouts.contains(caller)) continue;
      const Term& goal = *executed_user_goal(clause->body, atoms, user_defined);
      const Term& head = *clause->head;
      const auto arity = static_cast<std::uint32_t>(goal.args.size());
      std::vector<std::uint32_t> layout(arity, kEndOfChain);
      std::vector<bool> used(arity, false);
      for (std::uint32_t j = 0; j < arity; ++j) {
        const Term& arg = *goal.args[j];
        if (arg.kind != TermKind::Variable || arg.text == "_") continue;
        for (std::uint32_t i = 0; i < head.args.size() && i < arity; ++i) {
          const Term& h = *head.args[i];
          if (h.kind == TermKind::Variable && h.text == arg.text) {
            if (!used[i]) {
              layout[j] = i;
              used[i] = true;
            }
            break;
          }
        }
      }
      std::uint32_t next = 0;
      bool plain = true;
      for (std::uint32_t j = 0; j < arity; ++j) {
        if (layout[j] == kEndOfChain) {
          while (used[next]) ++next;
          layout[j] = next;
          used[next] = true;
        }
        if (layout[j] != j) plain = false;
      }
      if (!plain) layouts.emplace(key, std::move(layout));
      break;
    }
  }
  return layouts;
}

/// Whether a term names a random builtin (as an atom or a functor), anywhere: a program that
/// does keeps lineage keys (vm/lineage.hpp, CodeImage::random_used).
bool mentions_random(const Term& t) {
  if ((t.kind == TermKind::Atom || t.kind == TermKind::Compound) &&
      (t.text == "random" || t.text == "random_int" || t.text == "random_normal")) {
    return true;
  }
  for (const auto& arg : t.args) {
    if (mentions_random(*arg)) return true;
  }
  return t.tail && mentions_random(*t.tail);
}

bool mentions_random(const std::vector<frontend::Goal>& goals) {
  for (const auto& goal : goals) {
    if (mentions_random(*goal.term)) return true;
  }
  return false;
}

}  // namespace

bool compile_program(const std::vector<SourceUnit>& units, AtomTable& atoms, CodeImage& image,
                     std::vector<frontend::Diagnostic>& errors, std::vector<std::string>& error_files,
                     const CompileOptions& options) {
  // Builtins first, so that their predicate ids exist (for spawning a builtin as a goal).
  for (BuiltinId id = 0; id < kBuiltins.size(); ++id) {
    const auto& info = kBuiltins[id];
    const std::string name(info.name);
    const PredicateId p = image.predicate(atoms.intern(name), name, info.arity);
    image.predicates[p].builtin = id;
    image.predicates[p].defined = true;
  }

  // Group clauses by predicate, in order of first appearance; a user definition replaces a
  // library definition (and a builtin) of the same name/arity as a whole.
  std::map<std::uint64_t, std::vector<PendingClause>> library_clauses;
  std::map<std::uint64_t, std::vector<PendingClause>> user_clauses;
  std::vector<std::uint64_t> order;
  std::unordered_set<std::uint64_t> user_defined;
  std::unordered_set<std::uint64_t> seen;
  for (const auto& unit : units) {
    for (const auto& item : unit.program->items) {
      if (const auto* clause = std::get_if<frontend::Clause>(&item)) {
        if (mentions_random(*clause->head) || mentions_random(clause->body)) image.random_used = true;
      }
    }
    for (const auto& item : unit.program->items) {
      const auto* clause = std::get_if<frontend::Clause>(&item);
      if (clause == nullptr) continue;
      const std::uint64_t name = atoms.intern(clause->head->text);
      const std::uint64_t key = (name << 16U) | static_cast<std::uint32_t>(clause->head->arity());
      auto& target = unit.library ? library_clauses[key] : user_clauses[key];
      if (seen.insert(key).second) order.push_back(key);
      target.push_back({clause, unit.program->file_name});
      if (!unit.library) user_defined.insert(key);
    }
  }

  const Layouts layouts =
      choose_layouts(order, user_clauses, library_clauses, atoms, user_defined);
  ClauseSources sources;
  for (const std::uint64_t key : order) {
    const auto& clauses = user_clauses.contains(key) ? user_clauses[key] : library_clauses[key];
    for (const auto& pending : clauses) sources[key].emplace_back(pending.clause, pending.file);
  }
  bool ok = true;
  for (const std::uint64_t key : order) {
    const bool user = user_clauses.contains(key);
    const auto& clauses = user ? user_clauses[key] : library_clauses[key];
    const frontend::Clause& first = *clauses.front().clause;
    const PredicateId id = image.predicate(atoms.intern(first.head->text), first.head->text,
                                           static_cast<std::uint32_t>(first.head->arity()));
    Predicate* predicate = &image.predicates[id];
    predicate->builtin = kNoBuiltin;  // a user predicate named like a builtin replaces it
    predicate->defined = true;
    predicate->from_library = !user;
    predicate->source = SourceRef{clauses.front().file, first.span};
    const auto layout = layouts.find(key);
    predicate->arg_registers =
        layout == layouts.end() ? std::vector<std::uint32_t>{} : layout->second;
    const std::vector<std::uint32_t> arg_registers = predicate->arg_registers;
    std::vector<const Term*> heads;
    std::vector<ClauseCode> codes;
    std::uint32_t ordinal = 0;
    for (const auto& pending : clauses) {
      ClauseCompiler compiler(atoms, image, pending.file, user_defined, layouts, &sources,
                              options);
      try {
        const std::uint32_t pc = compiler.compile(*pending.clause->head, pending.clause->body,
                                                  arg_registers, ordinal++);
        codes.push_back(ClauseCode{pc, SourceRef{pending.file, pending.clause->span}});
        heads.push_back(pending.clause->head.get());
      } catch (const CompileError& e) {
        errors.push_back({frontend::Severity::Error, e.span_, e.message_});
        error_files.push_back(pending.file);
        ok = false;
      }
    }
    predicate = &image.predicates[id];  // compiling may have added predicates
    predicate->clauses = std::move(codes);
    const std::uint32_t argument = index_argument(heads, atoms);
    std::vector<IndexKey> keys;
    for (const Term* head : heads) keys.push_back(classify(*head, argument, atoms));
    build_index(*predicate, argument, keys, image.code);
  }
  image.index_sites();
  return ok;
}

PredicateId compile_query(const std::vector<frontend::Goal>& goals,
                          const std::vector<std::string>& variables, AtomTable& atoms,
                          CodeImage& image, const std::string& file,
                          std::vector<frontend::Diagnostic>& errors,
                          const CompileOptions& options) {
  std::unordered_set<std::uint64_t> user_defined;
  Layouts layouts;
  for (const auto& p : image.predicates) {
    if (p.defined && p.builtin == kNoBuiltin) user_defined.insert((p.name_atom << 16U) | p.arity);
    if (!p.arg_registers.empty()) layouts.emplace((p.name_atom << 16U) | p.arity, p.arg_registers);
  }
  std::vector<frontend::TermPtr> head_args;
  for (const auto& v : variables) head_args.push_back(frontend::make_variable(v, {}));
  const std::string name = fmt::format("$query{}", image.predicates.size());
  auto head = frontend::make_compound(name, std::move(head_args), {});
  if (variables.empty()) head = frontend::make_atom(name, {});
  const PredicateId id =
      image.predicate(atoms.intern(name), name, static_cast<std::uint32_t>(variables.size()));
  if (mentions_random(goals)) image.random_used = true;
  ClauseCompiler compiler(atoms, image, file, user_defined, layouts, nullptr, options);
  try {
    const std::uint32_t pc = compiler.compile(*head, goals);
    Predicate& p = image.predicates[id];
    p.defined = true;
    p.clauses = {ClauseCode{pc, SourceRef{file, goals.empty() ? frontend::SourceSpan{} : goals.front().span}}};
    p.source = p.clauses.front().source;
    build_index(p, 0, {IndexKey{}}, image.code);
  } catch (const CompileError& e) {
    errors.push_back({frontend::Severity::Error, e.span_, e.message_});
  }
  image.index_sites();
  return id;
}

}  // namespace fleng::vm
