// The C++ back end (native/cpp_emitter.hpp). Each predicate with clauses becomes
//
//   NativeOutcome p<id>(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3)
//
// (arguments beyond the fourth in f.extra; f, the IU's NativeFrame, addressed from `iu`:
// NativeAccess::frame), whose body is
//   1. the argument registers as C++ variables, the index argument dereferenced and switched on
//      (its tag, then its constant or functor), as Iu::run_loop's prologue selects a clause list;
//      a list whose clauses still require different values of another argument switched on that
//      argument in turn (a decision tree; an unbound argument keeps the list whole);
//   2. per distinct clause list, the heads of its clauses in order: each instruction of a head
//      in C++, a mismatch going on to the next clause of the list, an unbound variable noted
//      and its sub-pattern skipped, as the interpreter's passive matching does;
//   3. per clause, its (local) body once: terms built on the heap the commit reserved, goals
//      pushed on the pool, builtins inline or called, and the last goal a C++ tail call;
//   4. the end of the lists: suspension on the noted variables or "no matching clause".
// Registers are C++ variables; around a step that may collect (a reservation, a builtin), they
// are written to the IU's registers (the collector's roots) and read back. Labels are emitted
// only where something jumps. Predicates that call one another (native/predicate_clusters.hpp)
// share one function, c<k>, each under its own heading with its labels prefixed p<id>_: a
// last call of another member, and a goal of a member taken from the pool at the end of a
// body, is a jump to its entry (emit_function).
#include "native/cpp_emitter.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "native/body_liveness.hpp"
#include "native/predicate_clusters.hpp"
#include "vm/builtins.hpp"
#include "vm/native_code.hpp"
#include "vm/goal_record.hpp"
#include "vm/inline_builtins.hpp"
#include "vm/opcode.hpp"

namespace fleng::native {

namespace {

using vm::Cell;
using vm::Op;

/// Arguments a native function takes as C++ arguments (the rest travel in NativeFrame::extra).
constexpr std::uint32_t kRegisterArguments = 4;
/// The first line of every predicate's and cluster's function: the frame, the IU's own
/// (NativeAccess::frame), addressed from `iu` rather than passed (a pointer to it took a
/// register of its own for the whole function, or a stack slot where registers ran short).
constexpr const char* kFrameLine = "  NativeFrame& f = NativeAccess::frame(iu);\n";
/// After a last call's slice test (`if (--@slice@ != 0)`) failed: the slice was at its last
/// reduction, which the loop's tail call counts again and so ends the slice (as the
/// interpreter's `--slice == 0`).
constexpr const char* kSliceOver = "  @slice@ = 1;  // the slice's last reduction: the loop's tail call ends it";
/// The clause lists of one predicate beyond which no list is split further (a bound on the
/// code the decision tree can add).
constexpr std::size_t kMaxLists = 64;

std::string hex(Cell c) { return fmt::format("Cell{{0x{:x}ULL}}", c); }

/// goal_record::key of `target`, as the end of a body compares it with a goal's
/// (NativeAccess::goal_key), in hexadecimal.
std::string goal_key(vm::PredicateId target) {
  if (target >= vm::goal_record::kKeyedPredicates) {
    throw std::logic_error(fmt::format("native code: predicate {} has no goal key", target));
  }
  return fmt::format("0x{:x}U", vm::goal_record::key(target));
}

/// The inline_builtins function of a builtin function's own instruction (fn_add: "add"), or
/// nothing for any other instruction (vm/instructions.def names them all fn_<builtin>).
std::optional<std::string> fast_function(Op op) {
  const std::string_view name = vm::info(op).name;
  if (!name.starts_with("fn_")) return std::nullopt;
  return std::string(name.substr(3));
}

/// The inline_builtins function of the fast path of a builtin's goal (add/3: "add"), or
/// nothing for a predicate that is no builtin function with a fast path.
std::optional<std::string> builtin_goal_fast_path(const vm::CodeImage& image, std::size_t id) {
  const vm::Predicate& p = image.predicates[id];
  if (p.builtin == vm::kNoBuiltin || p.arity != 3) return std::nullopt;
  const auto op = vm::inline_builtins::instruction_for(p.builtin);
  if (!op) return std::nullopt;
  return fast_function(*op);
}

/// The step of a builtin goal `goal` of predicate `id` (a builtin function with a fast path,
/// its arguments at `a`) by its fast path, as the loop would make it: taken from the pool, its
/// output unified, its call counted, then `then`. Where the fast path does not apply, nothing
/// happens (the goal stays on top of the pool for the loop, which suspends it or reports).
std::vector<std::string> builtin_goal_step(const vm::CodeImage& image, std::size_t id, const std::string& then) {
  return {
      "Cell value = 0;",
      fmt::format("if (inline_builtins::{}(native_cells::deref(a[0]), native_cells::deref(a[1]), value)) {{",
                  *builtin_goal_fast_path(image, id)),
      "  NativeAccess::take_builtin_goal(iu, goal);",
      fmt::format("  if (!NativeAccess::unify_value(iu, a[2], value)) [[unlikely]] return NativeAccess::builtin_goal_failed(iu, {}, goal);", id),
      "  ++iu.counters.builtin_calls;",
      "  " + then,
      "}",
  };
}

/// A C++ string literal for `text` (comments and names).
std::string comment_safe(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  // A comment must not end early or start another.
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '*' && i + 1 < text.size() && text[i + 1] == '/') {
      out += "* /";
      ++i;
    } else if (text[i] == '\\' && i + 1 == text.size()) {
      out += "\\ ";
    } else {
      out += text[i];
    }
  }
  return out;
}

/// What the code of one member of a cluster (predicate_clusters.hpp) needs to know of the others,
/// once all have been emitted.
struct ClusterView {
  std::set<std::uint32_t> registers;  ///< every member's (the function's C++ variables)
  std::map<vm::PredicateId, bool> locals;  ///< each member's PredicateEmitter::locals()
  /// The members whose goals the members spawn, which the end of a member's bodies takes in
  /// place (a jump to the member's entry) rather than through the goal entries: queens' check/7
  /// finds the try/5 its caller spawned on top of the pool, append/3 the check/7. (Narrower
  /// sets, the goals spawned within a member's strongly connected component, or by its
  /// callers, left queens 11% more instructions: the goals its slow copies spawn count too.)
  std::set<vm::PredicateId> in_place;
  /// The function ends with take_in_cluster (a cluster of several members, emit_function):
  /// where a body's end takes none of the goals it tests for, it goes there with the goal.
  bool shared_take = false;
  [[nodiscard]] bool member(vm::PredicateId id) const { return locals.count(id) != 0; }
};

/// The code of one predicate, a part of its cluster's function (emit_function): its labels
/// prefixed with p<id>_, its last calls of the cluster's other members jumps to their entries.
class PredicateEmitter {
 public:
  PredicateEmitter(const vm::CodeImage& image, const vm::AtomTable& atoms, vm::PredicateId id,
                   const std::vector<bool>& native, const std::vector<std::size_t>& cluster_of,
                   const ClauseText& clause_text, std::vector<vm::NativeSite>& sites)
      : image_(image),
        code_(image.code),
        atoms_(atoms),
        id_(id),
        p_(image.predicates[id]),
        native_(native),
        cluster_of_(cluster_of),
        prefix_(fmt::format("p{}_", id)),
        clause_text_(clause_text),
        sites_(sites),
        liveness_(image) {}

  [[nodiscard]] vm::PredicateId id() const { return id_; }
  /// The registers its code uses (C++ variables r<n>), its arguments' among them.
  [[nodiscard]] const std::set<std::uint32_t>& registers() const { return registers_; }
  /// Whether its code keeps the slice, the heap's end and its loop's counts in C++ variables.
  [[nodiscard]] bool locals() const { return locals_; }
  /// The count sites its loop counts in C++ variables (with_loop_counts), where locals().
  [[nodiscard]] const std::set<std::size_t>& loop_sites() const { return loop_sites_; }
  /// The predicates its bodies spawn goals of.
  [[nodiscard]] const std::set<vm::PredicateId>& spawned() const { return spawned_; }

  /// Emits the code (then code() assembles it).
  void emit() {
    // The index: the argument dereferenced once and switched on, each kind of value going to the
    // clause list the interpreter's index gives it, emitted for that kind (what is known of the
    // argument there spares its heads tests: IndexFact).
    // A goal of the predicate itself taken in place comes back to the entry; a last call of
    // the predicate itself too, or, when the loop keeps arguments dereferenced (loop_inputs:
    // dereferenced once here), to `loop` below with them dereferenced (emit_execute).
    label("entry");
    entry_derefed_ = loop_inputs();
    for (const std::uint64_t r : entry_derefed_) line(fmt::format("{0} = native_cells::deref({0});", reg(r)));
    label("loop");
    const vm::ClauseIndex& index = p_.index;
    const bool indexed = p_.arity > 0 && !index.trivial;
    if (indexed) {
      const std::uint64_t r = index.argument;
      const auto with = [&](const IndexFact& fact) { return Facts{{r, fact}}; };
      Dispatch d;
      IndexFact other = IndexFact::of(IndexFact::Other);
      for (const auto& [constant, chain] : index.constants) other.not_constants.push_back(constant);
      for (const auto& [functor, chain] : index.functors) other.not_functors.push_back(functor);
      d.cons = chain_label(index.cons, with(IndexFact::of(IndexFact::Cons)));
      for (const auto& [constant, chain] : index.constants) {
        d.constants.push_back({fmt::format("0x{:x}ULL", constant),
                               chain_label(chain, with(IndexFact::of(IndexFact::Constant, constant))),
                               constant_comment(constant)});
      }
      d.other = chain_label(index.other, with(other));
      d.unbound = chain_label(index.all, with(IndexFact::of(IndexFact::Unbound)));
      for (const auto& [functor, chain] : index.functors) {
        d.functors.push_back({std::to_string(functor),
                              chain_label(chain, with(IndexFact::of(IndexFact::Functor, 0, functor))),
                              functor_comment(functor)});
      }
      d.number = chain_label(index.numbers, with(IndexFact::of(IndexFact::Number)));
      if (d.cons != d.other && entry_derefed_.count(r) == 0) {
        loop_cons_ = {r, d.cons};
        find_tail_cells();
      }
      emit_dispatch(r, d);
    } else {
      line(fmt::format("goto {};", jump(chain_label(index.all, Facts{}))));
    }
    for (std::size_t c = 0; c < chains_.size(); ++c) emit_chain(c);
    label("no_clause");
    line("{");
    line("  Cell* const R = NativeAccess::registers(iu);");
    for (std::uint32_t i = 0; i < p_.arity; ++i) line(fmt::format("  R[{}] = {};", i, reg(argument_register(i))));
    line(fmt::format("  return NativeAccess::no_clause(iu, f, {});", id_));
    line("}");
    while (!bodies_.empty()) {
      const std::uint64_t body = *bodies_.begin();
      bodies_.erase(bodies_.begin());
      if (emitted_bodies_.insert(body).second) emit_body(body);
    }
    for (const auto& [site, segment] : site_segments_) {
      sites_[site].builtin_calls = segments_[segment].builtins;
      sites_[site].goals_spawned = segments_[segment].spawns;
    }
    for (const auto& [both, site] : commit_clause_sites_) {
      const vm::NativeSite& commit = sites_[both.first];
      const vm::NativeSite& clause = sites_[both.second];
      sites_[site] = {commit.reductions + clause.reductions, commit.builtin_calls + clause.builtin_calls,
                      commit.goals_spawned + clause.goals_spawned};
    }
    for (std::uint32_t i = 0; i < p_.arity; ++i) registers_.insert(argument_register(i));
    // The slice, the heap's end and the loop's counts in C++ variables take registers: a
    // function that already uses more than kLocalsRegisterBudget of its own keeps them in the
    // frame and the heap (queens' check/7, 16 registers, took 5% longer with them; with the
    // budget primes below 3000 took 7.5% less time, nrev30 and fib 3-4%, queens and tak level,
    // over eight placements: docs/native.md).
    locals_ = registers_.size() <= kLocalsRegisterBudget;
  }

  /// The name of the label `name` of predicate `id` (labels are per predicate: a cluster's
  /// function holds several).
  static std::string label_of(vm::PredicateId id, const std::string& name) {
    return fmt::format("p{}_{}", id, name);
  }

  /// The lines that take `goal`, the top of the pool, a goal of cluster member `target`, in
  /// place: the goal taken, the member's slice and heap end where it keeps them in variables
  /// (the heap end unless `limit_current`: the code here keeps it too), the goal's arguments
  /// (`a`, its argument cells) into the member's argument registers, a jump to its entry.
  static std::vector<std::string> member_take(const vm::CodeImage& image, const ClusterView& view,
                                              vm::PredicateId target, const std::string& goal,
                                              bool limit_current) {
    const vm::Predicate& callee = image.predicates[target];
    std::vector<std::string> out;
    out.push_back(fmt::format("NativeAccess::take_goal<{}>(iu, f, {});", image.random_used, goal));
    if (view.locals.at(target)) {
      out.emplace_back(limit_current ? "slice = f.slice;" : "slice = f.slice; room_limit = iu.heap.native_limit();");
    }
    for (std::uint32_t i = 0; i < callee.arity; ++i) {
      out.push_back(fmt::format("r{} = a[{}];", callee.arg_registers.empty() ? i : callee.arg_registers[i], i));
    }
    out.emplace_back("noted = false;");
    out.push_back(fmt::format("goto {};", label_of(target, "entry")));
    return out;
  }

 private:
  /// One case of the index's switch on a constant or functor: its value, the clause list it goes
  /// to, a comment.
  struct SwitchCase {
    std::string value;
    std::string target;
    std::string comment;
  };
  /// A switch on `selector` to the cases' lists, anything else to `otherwise` (only the jump when
  /// there are no cases).
  void emit_switch(const std::string& selector, const std::vector<SwitchCase>& cases,
                   const std::string& otherwise) {
    if (cases.empty()) {
      line(fmt::format("  goto {};", jump(otherwise)));
      return;
    }
    line(fmt::format("  switch ({}) {{", selector));
    for (const SwitchCase& c : cases) {
      line(fmt::format("    case {}: goto {};  // {}", c.value, jump(c.target), c.comment));
    }
    line(fmt::format("    default: goto {};", jump(otherwise)));
    line("  }");
  }

  /// Where a switch on one register sends each kind of value: the labels of its clause lists.
  struct Dispatch {
    std::string cons;
    std::string unbound;
    std::string number;
    std::string other;  ///< a constant or functor no case names, anything else
    std::vector<SwitchCase> constants;
    std::vector<SwitchCase> functors;
  };
  /// The register `r` dereferenced in place and switched on: its tag, then its constant or
  /// functor, in the order of the commonest cases (a list cell, a constant, an unbound variable,
  /// a structure, a number). Where some clause takes a list cell, a list cell that needs no
  /// dereferencing is sent there first: a list walked by the predicate's own loop takes one test
  /// a cell (GCC lays the deref loop's test and a tag test after it out as two).
  void emit_dispatch(std::uint64_t r, const Dispatch& d) {
    const std::string x = reg(r);
    if (d.cons != d.other) line(fmt::format("if (is_cons({})) [[likely]] goto {};", x, jump(d.cons)));
    line(fmt::format("{} = native_cells::deref({});", x, x));
    line(fmt::format("if (is_cons({})) goto {};", x, jump(d.cons)));
    line(fmt::format("if (is_atom({0}) || is_int({0})) {{", x));
    emit_switch(x, d.constants, d.other);
    line("}");
    line(fmt::format("if (is_ref({})) goto {};", x, jump(d.unbound)));
    line(fmt::format("if (is_struct({})) {{", x));
    emit_switch(fmt::format("struct_functor({})", x), d.functors, d.other);
    line("}");
    line(fmt::format("if (is_number({})) goto {};", x, jump(d.number)));
    line(fmt::format("goto {};", jump(d.other)));
  }

  // --- output ----------------------------------------------------------------------------------
  void line(std::string text) { out_.push_back(std::move(text)); }
  void label(const std::string& name) { out_.push_back("@label " + prefix_ + name); }
  std::string jump(const std::string& name) {
    targets_.insert(prefix_ + name);
    return prefix_ + name;
  }
  std::string reg(std::uint64_t r) {
    if (r >= vm::kConstantRegisterBase) {
      return hex(image_.register_constants.at(r - vm::kConstantRegisterBase));
    }
    registers_.insert(static_cast<std::uint32_t>(r));
    return fmt::format("r{}", r);
  }
  [[nodiscard]] std::uint32_t argument_register(std::uint32_t i) const {
    return p_.arg_registers.empty() ? i : p_.arg_registers[i];
  }
  std::string constant_comment(Cell c) const {
    if (vm::is_atom(c)) return comment_safe(atoms_.name(vm::atom_index(c)));
    if (vm::is_int(c)) return std::to_string(vm::small_int_value(c));
    return "?";
  }
  std::string functor_comment(std::uint32_t functor) const {
    return fmt::format("{}/{}", comment_safe(atoms_.name(atoms_.functor_name(functor))),
                       atoms_.functor_arity(functor));
  }
  std::string predicate_name(vm::PredicateId id) const {
    const vm::Predicate& p = image_.predicates[id];
    return comment_safe(p.name) + "/" + std::to_string(p.arity);
  }

  /// What the index switch established about its argument where it enters a clause list.
  struct IndexFact {
    enum Kind { Nothing, Cons, Unbound, Constant, Functor, Number, Other } kind = Nothing;
    Cell constant = 0;          ///< Constant: its value
    std::uint32_t functor = 0;  ///< Functor: its functor
    /// Other: none of these constants or functors, not a list cell, not unbound, not a number.
    std::vector<std::uint64_t> not_constants;
    std::vector<std::uint32_t> not_functors;
    bool operator==(const IndexFact&) const = default;
    static IndexFact of(Kind kind, Cell constant = 0, std::uint32_t functor = 0) {
      IndexFact fact;
      fact.kind = kind;
      fact.constant = constant;
      fact.functor = functor;
      return fact;
    }
  };

  /// What the switches on the way to a clause list established, by register.
  using Facts = std::map<std::uint64_t, IndexFact>;

  /// The argument registers a predicate that calls itself last keeps dereferenced from its
  /// entry on (entry_derefed_): those an inline builtin or an inlined dispatch of a body reads,
  /// and that no head writes. The entry dereferences them, a last call of its own only those
  /// the body does not know to be (a loop-invariant argument, a builtin's result), so each turn
  /// of the loop spares their tests (queens' check/7: P and D; primes' filter/3: P). Not in a
  /// predicate that spawns goals of its own (fib/2, tak/4): the end of its bodies takes them
  /// in place through the entry, whose tests then run on paths that did not need them (fib and
  /// tak took 6-7% more instructions).
  [[nodiscard]] std::set<std::uint64_t> loop_inputs() const {
    std::set<std::uint64_t> read;
    std::set<std::uint64_t> written;
    bool loops = false;
    for (const vm::ClauseCode& clause : p_.clauses) {
      for (const std::uint64_t pc : head_instructions(clause.head_pc)) {
        for (const std::uint64_t w : written_by(pc)) written.insert(w);
        if (static_cast<Op>(code_[pc]) != Op::commit) continue;
        for (const std::uint64_t b : instructions(pc + 3, Region::Body)) {
          const auto op = static_cast<Op>(code_[b]);
          if (fast_function(op)) {
            read.insert(code_[b + 5]);
            read.insert(code_[b + 6]);
          } else if (op == Op::if_not_const) {
            read.insert(code_[b + 1]);
          } else if (op == Op::execute && code_[b + 1] == id_) {
            loops = true;
          } else if ((op == Op::spawn || op == Op::spawn_at) && code_[b + 1] == id_) {
            return {};
          }
        }
      }
    }
    std::set<std::uint64_t> inputs;
    if (!loops) return inputs;
    for (std::uint32_t i = 0; i < p_.arity; ++i) {
      const std::uint64_t r = argument_register(i);
      if (read.count(r) != 0 && written.count(r) == 0) inputs.insert(r);
    }
    return inputs;
  }

  /// Tails kept as their list cells. A loop over a list (append/3, queens' check/7) takes the
  /// list's tail and passes it to its own last call, whose dispatch tests it for a list cell
  /// first. list_tail makes the tail a term by testing its field (an unbound variable there
  /// becomes a REF to the field), and the dispatch tests the result again. Where the tail goes
  /// to last calls and nowhere else, its register holds the list cell instead (a term the
  /// collector moves like any other) and a last call reads the tail from it: the loop's own
  /// reads the field and sends a list cell found there to the list cells' clauses itself, one
  /// test a turn instead of two; any other takes list_tail of it. Not where the tail goes to a
  /// spawn, a builtin or a unification too, which would read it more than once. Every last call
  /// reading the tail must be reached from the clause's body only, so that the register holds
  /// the cell wherever they read it (tail_cells_). (A REF to the tail field in the register,
  /// tried first, did not survive a collection, which shortens a REF to a bound variable to
  /// the value.) nrev30 took 20.0 -> 18.4 k instructions a round, queens 8 2.31 -> 2.29 M,
  /// primes < 3000 4.91 -> 4.81 M.
  void find_tail_cells() {
    const std::uint64_t x = loop_cons_->first;
    std::vector<std::set<std::uint64_t>> heads;
    std::vector<std::set<std::uint64_t>> bodies;
    for (const vm::ClauseCode& clause : p_.clauses) {
      heads.push_back(head_instructions(clause.head_pc));
      bodies.emplace_back();
      for (const std::uint64_t pc : heads.back()) {
        if (static_cast<Op>(code_[pc]) == Op::commit) bodies.back() = instructions(pc + 3, Region::Body);
      }
    }
    const auto shared = [&](std::size_t c, std::uint64_t pc) {
      for (std::size_t o = 0; o < bodies.size(); ++o) {
        if (o != c && bodies[o].count(pc) != 0) return true;
      }
      return false;
    };
    const auto has = [](const std::vector<std::uint64_t>& v, std::uint64_t r) {
      return std::find(v.begin(), v.end(), r) != v.end();
    };
    std::uint32_t k = 0;  // the index's argument
    while (k < p_.arity && argument_register(k) != x) ++k;
    if (k == p_.arity) return;
    std::set<std::uint64_t> arguments;
    for (std::uint32_t i = 0; i < p_.arity; ++i) arguments.insert(argument_register(i));
    for (std::size_t c = 0; c < p_.clauses.size(); ++c) {
      for (const std::uint64_t e : bodies[c]) {
        if (static_cast<Op>(code_[e]) != Op::execute || code_[e + 1] != id_) continue;
        const std::uint64_t t = last_call_source(e, k);
        std::optional<std::uint64_t> match;
        std::size_t writers = 0;
        for (const std::uint64_t q : heads[c]) {
          for (const std::uint64_t w : written_by(q)) {
            if (w != t) continue;
            ++writers;
            if (static_cast<Op>(code_[q]) == Op::match_cons && code_[q + 2] + 1 == t) match = q;
          }
        }
        bool elsewhere = arguments.count(t) != 0 || writers != 1 || !match;
        for (const std::uint64_t q : heads[c]) elsewhere = elsewhere || (q != match && has(read_by(q), t));
        std::vector<std::uint64_t> readers;
        for (const std::uint64_t b : bodies[c]) {
          const RegisterUse use = body_register_use(image_, b);
          if (has(use.writes, t)) elsewhere = true;
          if (!has(use.reads, t)) continue;
          if (static_cast<Op>(code_[b]) != Op::execute || shared(c, b)) elsewhere = true;
          readers.push_back(b);
        }
        for (std::uint32_t i = 0; i < p_.arity; ++i) elsewhere = elsewhere || (i != k && last_call_source(e, i) == t);
        if (elsewhere) continue;
        tail_cell_matches_.insert(*match);
        loop_tails_[e] = t;
        for (const std::uint64_t b : readers) tail_cells_[b].insert(t);
      }
    }
  }

  /// The label of a clause list entered with `facts` (made once per list and facts); an empty
  /// list is no_clause.
  std::string chain_label(const std::vector<std::uint32_t>& chain, const Facts& facts) {
    if (chain.empty() || chain.front() == vm::kEndOfChain) return "no_clause";
    for (std::size_t i = 0; i < chains_.size(); ++i) {
      if (chains_[i].first == chain && chains_[i].second == facts) return fmt::format("list{}", i);
    }
    chains_.emplace_back(chain, facts);
    return fmt::format("list{}", chains_.size() - 1);
  }

  // --- heads ---------------------------------------------------------------------------------------
  /// The instructions of a head (from `start` to its commit) or of a body (to its proceeds and
  /// executes), in code order: every instruction and the places it jumps to (a head's skips, a
  /// body's inlined dispatch), all forward.
  enum class Region { Head, Body };
  /// Where the head or body instruction at `pc` may jump besides its next instruction (a head's
  /// skip of an unbound variable's sub-pattern, an inlined dispatch's next test), or 0.
  [[nodiscard]] std::uint64_t jump_target(std::uint64_t pc) const {
    switch (static_cast<Op>(code_[pc])) {
      case Op::match_atom:
      case Op::match_int:
      case Op::match_number:
      case Op::match_cons:
      case Op::match_equal:
      case Op::if_not_const: return code_[pc + 3];
      case Op::match_struct: return code_[pc + 4];
      default: return 0;
    }
  }
  [[nodiscard]] std::set<std::uint64_t> instructions(std::uint64_t start, Region region) const {
    std::set<std::uint64_t> reachable;
    std::vector<std::uint64_t> work{start};
    while (!work.empty()) {
      const std::uint64_t pc = work.back();
      work.pop_back();
      if (!reachable.insert(pc).second) continue;
      const auto op = static_cast<Op>(code_[pc]);
      if (region == Region::Head ? op == Op::commit : op == Op::proceed || op == Op::execute) continue;
      work.push_back(pc + instruction_size(code_, pc));
      if (const std::uint64_t target = jump_target(pc); target != 0) work.push_back(target);
    }
    return reachable;
  }
  [[nodiscard]] std::set<std::uint64_t> head_instructions(std::uint64_t start) const {
    return instructions(start, Region::Head);
  }

  /// The registers the head instruction at `pc` writes (a list cell's or a structure's fields,
  /// a register set unset).
  [[nodiscard]] std::vector<std::uint64_t> written_by(std::uint64_t pc) const {
    switch (static_cast<Op>(code_[pc])) {
      case Op::match_cons: return {code_[pc + 2], code_[pc + 2] + 1};
      case Op::match_struct: {
        std::vector<std::uint64_t> fields;
        const std::uint32_t arity = atoms_.functor_arity(static_cast<std::uint32_t>(code_[pc + 2]));
        for (std::uint32_t i = 0; i < arity; ++i) fields.push_back(code_[pc + 3] + i);
        return fields;
      }
      case Op::set_unset: return {code_[pc + 1]};
      default: return {};
    }
  }

  /// The registers the head instruction at `pc` reads (the term it tests; both of
  /// match_equal's).
  [[nodiscard]] std::vector<std::uint64_t> read_by(std::uint64_t pc) const {
    switch (static_cast<Op>(code_[pc])) {
      case Op::match_equal: return {code_[pc + 1], code_[pc + 2]};
      case Op::set_unset:
      case Op::commit: return {};
      default: return {code_[pc + 1]};
    }
  }

  /// What the head starting at `start` requires of argument register `r` whatever the other
  /// arguments are: a constant, a list cell or a structure, tested on `r` itself by an
  /// instruction no earlier test can skip (a skip of an unbound variable's sub-pattern jumps
  /// over it). A head that requires a value `r` does not have fails on it: the interpreter
  /// tries it, finds the mismatch, and drops what it noted (a failure dominates a suspension).
  struct Requirement {
    enum Kind { None, Constant, Cons, Functor } kind = None;
    Cell constant = 0;
    std::uint32_t functor = 0;
  };
  [[nodiscard]] Requirement requirement(std::uint64_t start, std::uint64_t r) const {
    const std::set<std::uint64_t> reachable = head_instructions(start);
    const auto skipped = [&](std::uint64_t pc) {
      for (const std::uint64_t q : reachable) {
        if (q >= pc) break;
        if (jump_target(q) > pc) return true;
      }
      return false;
    };
    for (const std::uint64_t pc : reachable) {
      const auto op = static_cast<Op>(code_[pc]);
      const std::vector<std::uint64_t> writes = written_by(pc);
      if (std::find(writes.begin(), writes.end(), r) != writes.end()) break;
      if (code_[pc + 1] != r || skipped(pc)) continue;
      switch (op) {
        case Op::match_atom:
        case Op::match_int: return {Requirement::Constant, code_[pc + 2], 0};
        case Op::match_cons: return {Requirement::Cons, 0, 0};
        case Op::match_struct: return {Requirement::Functor, 0, static_cast<std::uint32_t>(code_[pc + 2])};
        default: break;
      }
    }
    return {};
  }

  /// A list of several clauses whose heads require different values of an argument that no
  /// switch has looked at yet becomes a switch on that argument (the decision tree over all
  /// the arguments the heads inspect): each case goes to the clauses that can match there, in
  /// their order, an unbound argument to the whole list (so suspension notes the same variables
  /// as the interpreter). False when no argument tells the clauses apart.
  bool split_chain(const std::vector<std::uint32_t>& chain, const Facts& facts) {
    if (chain.size() < 2 || chains_.size() >= kMaxLists) return false;
    std::set<std::uint64_t> written;
    for (const std::uint32_t start : chain) {
      for (const std::uint64_t pc : head_instructions(start)) {
        for (const std::uint64_t w : written_by(pc)) written.insert(w);
      }
    }
    for (std::uint32_t i = 0; i < p_.arity; ++i) {
      const std::uint64_t r = argument_register(i);
      if (facts.count(r) != 0 || written.count(r) != 0) continue;
      std::vector<Requirement> required;
      for (const std::uint32_t start : chain) required.push_back(requirement(start, r));
      const auto select = [&](auto&& can_match) {
        std::vector<std::uint32_t> selected;
        for (std::size_t k = 0; k < chain.size(); ++k) {
          if (required[k].kind == Requirement::None || can_match(required[k])) selected.push_back(chain[k]);
        }
        return selected;
      };
      std::vector<Cell> constants;
      std::vector<std::uint32_t> functors;
      for (const Requirement& q : required) {
        if (q.kind == Requirement::Constant &&
            std::find(constants.begin(), constants.end(), q.constant) == constants.end()) {
          constants.push_back(q.constant);
        }
        if (q.kind == Requirement::Functor &&
            std::find(functors.begin(), functors.end(), q.functor) == functors.end()) {
          functors.push_back(q.functor);
        }
      }
      const auto cons = select([](const Requirement& q) { return q.kind == Requirement::Cons; });
      std::vector<std::vector<std::uint32_t>> by_constant;
      std::vector<std::vector<std::uint32_t>> by_functor;
      bool narrower = cons.size() < chain.size() && std::any_of(required.begin(), required.end(), [](const Requirement& q) { return q.kind == Requirement::Cons; });
      for (const Cell k : constants) {
        by_constant.push_back(select([&](const Requirement& q) { return q.kind == Requirement::Constant && q.constant == k; }));
        narrower = narrower || by_constant.back().size() < chain.size();
      }
      for (const std::uint32_t fn : functors) {
        by_functor.push_back(select([&](const Requirement& q) { return q.kind == Requirement::Functor && q.functor == fn; }));
        narrower = narrower || by_functor.back().size() < chain.size();
      }
      if (!narrower) continue;
      const auto with = [&](const IndexFact& fact) {
        Facts more = facts;
        more[r] = fact;
        return more;
      };
      const std::vector<std::uint32_t> unconstrained = select([](const Requirement&) { return false; });
      IndexFact other = IndexFact::of(IndexFact::Other);
      other.not_constants = constants;
      other.not_functors = functors;
      line(fmt::format("// the clauses by argument {}", i + 1));
      Dispatch d;
      d.cons = chain_label(cons, with(IndexFact::of(IndexFact::Cons)));
      for (std::size_t k = 0; k < constants.size(); ++k) {
        d.constants.push_back({fmt::format("0x{:x}ULL", constants[k]),
                               chain_label(by_constant[k], with(IndexFact::of(IndexFact::Constant, constants[k]))),
                               constant_comment(constants[k])});
      }
      d.other = chain_label(unconstrained, with(other));
      d.unbound = chain_label(chain, with(IndexFact::of(IndexFact::Unbound)));
      for (std::size_t k = 0; k < functors.size(); ++k) {
        d.functors.push_back({std::to_string(functors[k]),
                              chain_label(by_functor[k], with(IndexFact::of(IndexFact::Functor, 0, functors[k]))),
                              functor_comment(functors[k])});
      }
      d.number = chain_label(unconstrained, with(IndexFact::of(IndexFact::Number)));
      emit_dispatch(r, d);
      return true;
    }
    return false;
  }

  void emit_chain(std::size_t c) {
    // (a copy: chain_label below may add lists to chains_)
    const std::vector<std::uint32_t> chain = chains_[c].first;
    const Facts facts = chains_[c].second;
    std::size_t n = 0;
    while (n < chain.size() && chain[n] != vm::kEndOfChain) ++n;
    label(fmt::format("list{}", c));
    if (split_chain(std::vector<std::uint32_t>(chain.begin(), chain.begin() + static_cast<std::ptrdiff_t>(n)),
                    facts)) {
      return;
    }
    // The arguments the heads of the list match, dereferenced once for all of them (matching
    // binds nothing, so the values stay); not those a head writes.
    std::set<std::uint64_t> matched;
    std::set<std::uint64_t> written;
    for (std::size_t k = 0; k < n; ++k) {
      for (const std::uint64_t pc : head_instructions(chain[k])) {
        const auto op = static_cast<Op>(code_[pc]);
        switch (op) {
          case Op::match_atom:
          case Op::match_int:
          case Op::match_number:
          case Op::match_cons:
          case Op::match_struct: matched.insert(code_[pc + 1]); break;
          default: break;
        }
        for (const std::uint64_t w : written_by(pc)) written.insert(w);
      }
    }
    prederefed_.clear();
    for (std::uint32_t i = 0; i < p_.arity; ++i) {
      const std::uint64_t r = argument_register(i);
      if (facts.count(r) != 0 || matched.count(r) == 0 || written.count(r) != 0) continue;
      // (The loop's arguments were dereferenced at the entry: loop_inputs.)
      if (entry_derefed_.count(r) == 0) line(fmt::format("{0} = native_cells::deref({0});", reg(r)));
      prederefed_.insert(r);
    }
    for (std::size_t k = 0; k < n; ++k) {
      const std::string next = k + 1 < n ? fmt::format("list{}_try{}", c, k + 1) : "no_clause";
      if (k > 0) label(fmt::format("list{}_try{}", c, k));
      emit_head(c, chain[k], next);
    }
  }

  /// The clause whose head code contains `pc` (for its comment).
  [[nodiscard]] const vm::ClauseCode* clause_of(std::uint64_t pc) const {
    const vm::ClauseCode* found = nullptr;
    for (const vm::ClauseCode& clause : p_.clauses) {
      if (clause.head_pc <= pc && (found == nullptr || clause.head_pc > found->head_pc)) found = &clause;
    }
    return found;
  }

  void emit_head(std::size_t c, std::uint64_t start, const std::string& next) {
    const vm::ClauseCode* clause = clause_of(start);
    if (clause != nullptr) {
      const auto number = static_cast<std::size_t>(clause - p_.clauses.data()) + 1;
      line(fmt::format("// clause {} ({}:{})", number, comment_safe(clause->source.file),
                       frontend::to_string(clause->source.span.begin)));
      const std::string text = clause_text_ ? clause_text_(clause->source) : std::string();
      std::istringstream lines(text);
      for (std::string l; std::getline(lines, l);) line("//   " + comment_safe(l));
    }
    line("blocked = false;");
    const std::set<std::uint64_t> reachable = head_instructions(start);
    // What the switches established about their registers holds in this head unless the head
    // writes the register.
    Facts facts = chains_[c].second;
    for (const std::uint64_t pc : reachable) {
      for (const std::uint64_t r : written_by(pc)) facts.erase(r);
    }
    const IndexFact nothing;
    const auto fact_of = [&](std::uint64_t r) -> const IndexFact& {
      const auto it = facts.find(r);
      return it == facts.end() ? nothing : it->second;
    };
    const auto known = [&](std::uint64_t r) { return fact_of(r).kind != IndexFact::Nothing; };
    const std::string mismatch = fmt::format(
        "{{ if (blocked) NativeAccess::drop_blocked(iu, mark); goto {}; }}", jump(next));
    const auto here = [&](std::uint64_t pc) { return fmt::format("list{}_at{}", c, pc); };
    const auto block = [&](const std::string& v, std::uint64_t skip) {
      return fmt::format(
          "{{ if (!blocked) {{ mark = NativeAccess::blocked_count(iu); blocked = true; }} "
          "noted = true; NativeAccess::note_blocked(iu, {}); goto {}; }}",
          v, jump(here(skip)));
    };
    // The value of a matched register: dereferenced, unless the index did it.
    const auto value = [&](std::uint64_t r) {
      if (known(r)) return fmt::format("  const Cell v = {};  // (dereferenced by the index)", reg(r));
      if (prederefed_.count(r) != 0) return fmt::format("  const Cell v = {};  // (dereferenced above)", reg(r));
      return fmt::format("  const Cell v = native_cells::deref({});", reg(r));
    };
    for (const std::uint64_t pc : reachable) {
      label(here(pc));
      const auto op = static_cast<Op>(code_[pc]);
      const std::uint64_t r = code_[pc + 1];
      const IndexFact& fact = fact_of(r);
      switch (op) {
        case Op::match_atom:
        case Op::match_int: {
          const Cell constant = code_[pc + 2];
          line(fmt::format("// {} = {}", reg(r), constant_comment(constant)));
          if (known(r)) {
            const bool listed = std::find(fact.not_constants.begin(), fact.not_constants.end(),
                                          constant) != fact.not_constants.end();
            if (fact.kind == IndexFact::Constant && fact.constant == constant) break;  // matched
            if (fact.kind == IndexFact::Unbound) {
              line(block(reg(r), code_[pc + 3]));
              break;
            }
            if (fact.kind != IndexFact::Other || listed) {
              line(mismatch);
              break;
            }
            line(fmt::format("if ({} != {}) {}", reg(r), hex(constant), mismatch));
            break;
          }
          line("{");
          line(value(r));
          line(fmt::format("  if (v != {}) {{", hex(constant)));
          line(fmt::format("    if (!is_unbound(v)) {}", mismatch));
          line(fmt::format("    {}", block("v", code_[pc + 3])));
          line("  }");
          line("}");
          break;
        }
        case Op::match_number: {
          const vm::NumberConstant& k = image_.numbers.at(code_[pc + 2]);
          if (known(r) && fact.kind == IndexFact::Unbound) {
            line(block(reg(r), code_[pc + 3]));
            break;
          }
          if (known(r) && fact.kind != IndexFact::Number && fact.kind != IndexFact::Other) {
            line(mismatch);
            break;
          }
          line("{");
          line(value(r));
          line(fmt::format("  if (is_unbound(v)) {}", block("v", code_[pc + 3])));
          if (k.is_float) {
            line(fmt::format("  if (!(is_float(v) && float_value(v) == bits_double({}))) {}",
                             hex(vm::double_bits(k.real)), mismatch));
          } else {
            line(fmt::format("  if (!(is_integer(v) && integer_value(v) == std::int64_t{{{}}})) {}",
                             k.integer == INT64_MIN ? std::string("INT64_MIN")
                                                    : std::to_string(k.integer),
                             mismatch));
          }
          line("}");
          break;
        }
        case Op::match_cons: {
          const auto to = code_[pc + 2];
          if (known(r)) {
            if (fact.kind == IndexFact::Unbound) {
              line(block(reg(r), code_[pc + 3]));
            } else if (fact.kind == IndexFact::Cons) {
              line(fmt::format("{{  // {} = [{}|{}] (a list cell: the index saw it)", reg(r), reg(to), reg(to + 1)));
              line(fmt::format("  const Cell* const cell = native_cells::address({}, Tag::Cons);", reg(r)));
              line(fmt::format("  {} = cell[0];", reg(to)));
              line(tail_cell_matches_.count(pc) != 0
                       ? fmt::format("  {} = {};  // the tail read from the cell where it is used", reg(to + 1), reg(r))
                       : fmt::format("  {} = native_cells::list_tail({});", reg(to + 1), reg(r)));
              line("}");
            } else {
              line(mismatch);
            }
            break;
          }
          line(fmt::format("{{  // {} = [{}|{}]", reg(r), reg(to), reg(to + 1)));
          line(value(r));
          line("  if (is_cons(v)) {");
          line("    const Cell* const cell = native_cells::address(v, Tag::Cons);");
          line(fmt::format("    {} = cell[0];", reg(to)));
          line(tail_cell_matches_.count(pc) != 0
                   ? fmt::format("    {} = v;  // the tail read from the cell where it is used", reg(to + 1))
                   : fmt::format("    {} = native_cells::list_tail(v);", reg(to + 1)));
          line(fmt::format("  }} else if (is_unbound(v)) {}", block("v", code_[pc + 3])));
          line(fmt::format("  else {}", mismatch));
          line("}");
          break;
        }
        case Op::match_struct: {
          const auto functor = static_cast<std::uint32_t>(code_[pc + 2]);
          const std::uint32_t n = atoms_.functor_arity(functor);
          const auto to = code_[pc + 3];
          const std::string name = comment_safe(atoms_.name(atoms_.functor_name(functor)));
          if (known(r)) {
            const bool listed = std::find(fact.not_functors.begin(), fact.not_functors.end(),
                                          functor) != fact.not_functors.end();
            if (fact.kind == IndexFact::Unbound) {
              line(block(reg(r), code_[pc + 3 + 1]));
              break;
            }
            if (fact.kind == IndexFact::Functor && fact.functor == functor) {
              line(fmt::format("{{  // {}/{} (the index saw it)", name, n));
              line(fmt::format("  const Cell* const fields = native_cells::address({}, Tag::Struct) + 1;", reg(r)));
              for (std::uint32_t i = 0; i < n; ++i) line(fmt::format("  {} = fields[{}];", reg(to + i), i));
              line("}");
              break;
            }
            if (fact.kind != IndexFact::Other || listed) {
              line(mismatch);
              break;
            }
          }
          line(fmt::format("{{  // {}/{}", name, n));
          line(value(r));
          line("  if (is_struct(v)) {");
          line(fmt::format("    if (struct_functor(v) != {}U) {}", functor, mismatch));
          line("    const Cell* const fields = native_cells::address(v, Tag::Struct) + 1;");
          for (std::uint32_t i = 0; i < n; ++i) line(fmt::format("    {} = fields[{}];", reg(to + i), i));
          line(fmt::format("  }} else if (is_unbound(v)) {}", block("v", code_[pc + 4])));
          line(fmt::format("  else {}", mismatch));
          line("}");
          break;
        }
        case Op::match_equal:
          line("{");
          line(fmt::format("  const Cell a = {};", reg(code_[pc + 1])));
          line(fmt::format("  const Cell b = {};", reg(code_[pc + 2])));
          line("  if (!is_header(a) && !is_header(b)) {");
          line("    const auto same = NativeAccess::identity(a, b);");
          line(fmt::format("    if (same.kind == Identity::Different) {}", mismatch));
          line("    if (same.kind == Identity::Blocked) {");
          line("      if (!blocked) { mark = NativeAccess::blocked_count(iu); blocked = true; }");
          line("      noted = true;");
          line("      NativeAccess::note_blocked(iu, same.blocking);");
          line("    }");
          line("  }");
          line(fmt::format("  goto {};", jump(here(code_[pc + 3]))));
          line("}");
          break;
        case Op::set_unset:
          line(fmt::format("{} = make_header(BoxKind::Filler, 0);", reg(code_[pc + 1])));
          break;
        case Op::label_from: break;  // placements: nothing on one IU
        case Op::commit: {
          const std::uint64_t cells = code_[pc + 2];
          line(fmt::format("if (blocked) goto {};", jump(next)));
          // The variables an earlier clause blocked on are not this goal's business any more.
          line("if (noted) NativeAccess::clear_blocked(iu);");
          const std::uint64_t body = pc + 3;  // the local body (one IU never distributes)
          // The reduction, and what its body's first segment does, counted by one count site.
          const auto [segment, created] = body_segment_.try_emplace(body, segments_.size());
          if (created) segments_.emplace_back();
          // One site for every commit to the body, counted here unless the body's fast copy
          // counts it with its inlined clauses' (@commit, commit_sites_).
          const auto [site, new_site] = body_site_.try_emplace(body, 0);
          if (new_site) site->second = count_site(segment->second);
          line(fmt::format("@commit {}", site->second));
          // The body reserves its cells where a path through it first needs them (emit_room).
          std::uint64_t& reserved = body_cells_[body];
          reserved = std::max(reserved, cells);
          line(fmt::format("goto {};", jump(body_entry(body))));
          bodies_.insert(body);
          break;
        }
        default:
          throw std::logic_error(fmt::format("native code: unexpected {} in a head at {}",
                                             vm::info(op).name, pc));
      }
    }
  }

  // --- bodies --------------------------------------------------------------------------------------
  // Within a body the emitter knows which registers hold a dereferenced value (derefed_): one
  // that is not a reference, or a reference to a variable that was unbound when it was read and
  // that nothing has bound since (no unification or out-of-line builtin came between). Such a
  // register is used as it is where the interpreter would dereference it again: the inputs of
  // the inline builtins and the tests of an inlined dispatch. The body's instructions are
  // emitted in code order and jump only forward, so what holds at an instruction is what holds
  // at the end of the one before (unless that one ends the body) and at every jump to it.
  //
  // A body whose inline builtins take what an earlier one's fast path established (its inputs
  // and its result small integers, or atomic for equal/3) is emitted twice (has_fast_copy): a
  // fast copy first, where the commits jump, which tests only what it does not know yet and
  // jumps on any other value to the builtin's slow path in the general copy, which goes on to
  // the end of the body knowing nothing (a value from a slow path may be anything).
  void emit_body(std::uint64_t start) {
    counting_ = true;  // the first copy sums the segments' builtin calls and spawns
    from_fast_copy_ = false;
    if (has_fast_copy(start)) {
      fast_copy_ = true;
      emit_body_copy(start);
      fast_copy_ = false;
      counting_ = false;
      from_fast_copy_ = true;
    }
    emit_body_copy(start);
    from_fast_copy_ = false;
  }

  void emit_body_copy(std::uint64_t start) {
    commit_pending_.reset();
    pending_jumps_.clear();
    derefed_.clear();
    derefed_at_.clear();
    small_.clear();
    atomic_.clear();
    known_at_.clear();
    bool falls_through = false;  // the body's start is reached by the commit's jump alone
    room_cells_ = body_cells_.at(start);
    reserved_ = false;
    reserved_at_.clear();
    body_pcs_ = instructions(start, Region::Body);
    body_targets_.clear();
    jumps_in_.clear();
    for (const std::uint64_t pc : body_pcs_) {
      if (const std::uint64_t target = jump_target(pc); target != 0) {
        body_targets_.insert(target);
        ++jumps_in_[target];
      }
      if (pc != start && (bodies_.count(pc) != 0 || emitted_bodies_.count(pc) != 0)) body_targets_.insert(pc);
    }
    for (const std::uint64_t pc : body_pcs_) {
      const auto at = derefed_at_.find(pc);
      // Reserved here: on the way from the instruction before (if it goes on to this one) and
      // on every jump here; not where a commit jumps (pc == start, or another clause's body).
      const bool committed_here = pc != start && (bodies_.count(pc) != 0 || emitted_bodies_.count(pc) != 0);
      if (committed_here) room_cells_ = std::max(room_cells_, body_cells_.at(pc));
      if (fast_copy_) settle_commit_count(pc, start, falls_through, committed_here);
      const auto jumps = reserved_at_.find(pc);
      const bool on_jumps = jumps == reserved_at_.end() ? falls_through : jumps->second;
      reserved_ = pc != start && !committed_here && on_jumps && (reserved_ || !falls_through);
      if (pc == start) {
        // The commits that jump here counted the body's first segment (count sites).
        const auto [segment, created] = body_segment_.try_emplace(start, segments_.size());
        if (created) segments_.emplace_back();
        open_segment(segment->second);
        const auto site = body_site_.find(start);
        open_site_ = site == body_site_.end() ? std::nullopt : std::optional<std::size_t>(site->second);
      } else if (at != derefed_at_.end() || bodies_.count(pc) != 0 || emitted_bodies_.count(pc) != 0) {
        open_.reset();  // something jumps here: what follows is not counted by the site before
      }
      const auto known = known_at_.find(pc);
      if (pc != start && (bodies_.count(pc) != 0 || emitted_bodies_.count(pc) != 0)) {
        derefed_.clear();  // another clause's commit jumps here too
        small_.clear();
        atomic_.clear();
      } else if (!falls_through) {
        derefed_ = at == derefed_at_.end() ? std::set<std::uint64_t>{} : at->second;
        // The commits that jump to the start come from heads that do not write the entry's
        // dereferenced arguments.
        if (pc == start) derefed_.insert(entry_derefed_.begin(), entry_derefed_.end());
        small_ = known == known_at_.end() ? std::set<std::uint64_t>{} : known->second.first;
        atomic_ = known == known_at_.end() ? std::set<std::uint64_t>{} : known->second.second;
      } else if (at != derefed_at_.end()) {
        derefed_ = intersection(derefed_, at->second);
        small_ = intersection(small_, known->second.first);
        atomic_ = intersection(atomic_, known->second.second);
      }
      label(body_label(pc));
      if (commit_pending_ && !keeps_commit_pending(pc)) {
        line(count_line(*commit_pending_));
        commit_pending_.reset();
      }
      if (takes_cells(pc)) emit_room("", pc);
      emit_body_instruction(pc);
      const auto op = static_cast<Op>(code_[pc]);
      falls_through = op != Op::execute && op != Op::proceed;
    }
  }

  static std::set<std::uint64_t> intersection(const std::set<std::uint64_t>& a,
                                              const std::set<std::uint64_t>& b) {
    std::set<std::uint64_t> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::inserter(both, both.end()));
    return both;
  }

  /// A body jumps from here to the instruction at `target`: what is dereferenced (and known)
  /// here holds there on this path.
  void note_jump(std::uint64_t target) {
    const auto [r, first_jump] = reserved_at_.try_emplace(target, reserved_);
    if (!first_jump) r->second = r->second && reserved_;
    const auto [it, first] = derefed_at_.try_emplace(target, derefed_);
    if (!first) it->second = intersection(it->second, derefed_);
    const auto [k, new_known] = known_at_.try_emplace(target, small_, atomic_);
    if (!new_known) {
      k->second.first = intersection(k->second.first, small_);
      k->second.second = intersection(k->second.second, atomic_);
    }
  }

  // --- the body's cells ---------------------------------------------------------------------------
  // A commit's count of cells covers every path through its body (the compiler's sum); the
  // body tests the heap's room for them where a path first takes cells or calls a builtin out
  // of line (which may take cells of them: a suspension's record), not at the commit, so that a
  // path that takes none (an inlined clause that unifies, a loop's last call) tests nothing.
  // Where the test happened on every path so far (reserved_) it is not repeated.

  /// Whether the body instruction at `pc` takes cells of the body's reservation (a builtin
  /// function's fast path takes none: its slow path tests, slow_path).
  [[nodiscard]] bool takes_cells(std::uint64_t pc) const {
    switch (static_cast<Op>(code_[pc])) {
      case Op::put_const:
      case Op::move:
      case Op::place:
      case Op::resolve_any:
      case Op::label_from:
      case Op::unify:  // binds and wakes goals, takes no cells
      case Op::proceed:
      case Op::if_not_const:
      case Op::reduced:
        return false;
      case Op::execute:  // a native predicate reserves its own; the loop for the others
        return !native_.at(code_[pc + 1]);
      default:
        return !fast_function(static_cast<Op>(code_[pc])).has_value();
    }
  }
  /// The test of the heap's room for the body's cells, here, unless it happened on every way
  /// here. Heap::native_limit() is the heap's start under --gc-stress: every reservation
  /// collects then. (Its failure ends the run: what the segment has not done yet is taken
  /// back, exit_uncount.)
  void emit_room(const std::string& pad, std::uint64_t pc) {
    if (reserved_ || room_cells_ == 0) return;
    const std::set<std::uint64_t>& live = liveness_.live_in(pc);
    line(fmt::format("{}if (native_cells::short_of(iu.heap.top(), @limit@, {})) [[unlikely]] {{", pad, room_cells_));
    out_.push_back(pad + "  " + spill_mark(live));
    out_.push_back(pad + "  @slice_to_frame");
    line(fmt::format("{}  if (!NativeAccess::reserve(iu, f, {})) {{ {}return NativeOutcome::Error; }}", pad,
                     room_cells_, exit_uncount()));
    out_.push_back(pad + "  @slice_from_frame");
    out_.push_back(pad + "  " + reload_mark(live));
    line(pad + "}");
    reserved_ = true;
  }

  // --- the registers saved around a step that may collect ---------------------------------------------
  // Only the registers live there (native/body_liveness.hpp): a register another member or an
  // earlier goal left holds a cell a collection since may have moved, and is neither written to
  // the IU's registers nor read back; the predicate's other registers are written as [] (a
  // collection keeps nothing they held alive). code() resolves the marks.

  /// The mark of the spill of the registers `live`.
  static std::string spill_mark(const std::set<std::uint64_t>& live) { return "@spill" + register_list(live); }
  /// The mark of the reload of the registers `live`.
  static std::string reload_mark(const std::set<std::uint64_t>& live) { return "@reload" + register_list(live); }
  static std::string register_list(const std::set<std::uint64_t>& registers) {
    std::string list;
    for (const std::uint64_t r : registers) list += fmt::format(" {}", r);
    return list;
  }
  /// The registers read back after the builtin at `pc`: those live after it, and what it
  /// writes (its output, which the slow path may dereference even where nothing reads it).
  std::set<std::uint64_t> after_call(std::uint64_t pc) {
    std::set<std::uint64_t> live = liveness_.live_out(pc);
    for (const std::uint64_t r : body_register_use(image_, pc).writes) live.insert(r);
    return live;
  }

  /// The label of the body instruction at `pc` in the copy being emitted.
  std::string body_label(std::uint64_t pc) const {
    return fmt::format("{}body{}", fast_copy_ ? "f" : "", pc);
  }
  /// Where the commits of the body at `start` jump: its fast copy if it has one.
  std::string body_entry(std::uint64_t start) {
    return fmt::format("{}body{}", has_fast_copy(start) ? "f" : "", start);
  }
  /// Whether the body at `start` gets a fast copy: an inline builtin's input is an input or the
  /// result of an inline builtin before it.
  bool has_fast_copy(std::uint64_t start) {
    const auto [it, added] = fast_copies_.try_emplace(start, false);
    if (!added) return it->second;
    std::set<std::uint64_t> seen;
    for (const std::uint64_t pc : instructions(start, Region::Body)) {
      if (!fast_function(static_cast<Op>(code_[pc]))) continue;
      for (const std::uint64_t input : {code_[pc + 5], code_[pc + 6]}) {
        if (input < vm::kConstantRegisterBase && seen.count(input) != 0) it->second = true;
        seen.insert(input);
      }
      if (code_[pc + 3] != 0) seen.insert(code_[pc + 2]);
    }
    return it->second;
  }

  // What the fast copy knows of registers: small integers (small_), atomic values (atomic_:
  // small integers and atoms), by what wrote them and the fast paths they passed.
  void forget(std::uint64_t r) {
    small_.erase(r);
    atomic_.erase(r);
  }
  [[nodiscard]] bool known_small(std::uint64_t r) const {
    if (r >= vm::kConstantRegisterBase) return vm::is_int(image_.register_constants.at(r - vm::kConstantRegisterBase));
    return small_.count(r) != 0;
  }
  [[nodiscard]] bool known_atomic(std::uint64_t r) const {
    if (r >= vm::kConstantRegisterBase) {
      const Cell c = image_.register_constants.at(r - vm::kConstantRegisterBase);
      return vm::is_int(c) || vm::is_atom(c);
    }
    return atomic_.count(r) != 0;
  }
  void know(std::uint64_t r, bool small) {
    if (r >= vm::kConstantRegisterBase) return;
    if (small) small_.insert(r);
    atomic_.insert(r);
  }

  /// The dereferenced value of register `r` as an expression: the register itself once it holds
  /// it (dereferenced in place here if it did not).
  std::string derefed(std::uint64_t r) {
    if (r >= vm::kConstantRegisterBase) return fmt::format("native_cells::deref({})", reg(r));
    if (derefed_.insert(r).second) line(fmt::format("{0} = native_cells::deref({0});", reg(r)));
    return reg(r);
  }
  /// A step that may bind variables (a unification, a builtin out of line): a register that
  /// held an unbound variable dereferenced may hold a reference to a bound one now; those known
  /// to hold atomic values (no references) stay dereferenced.
  void may_bind() { derefed_ = intersection(derefed_, atomic_); }
  /// Register `r` is written with a value that may be a reference to a bound variable.
  void written(std::uint64_t r) {
    derefed_.erase(r);
    forget(r);
  }
  /// Register `r` is written with a dereferenced value.
  void written_derefed(std::uint64_t r) {
    if (r < vm::kConstantRegisterBase) derefed_.insert(r);
    forget(r);
  }

  // --- count sites ---------------------------------------------------------------------------------
  // A reduction does not increment the IU's counters itself: each commit, and each inlined
  // clause's, is a count site (vm::NativeSite) standing for the reduction and for the builtin
  // calls and spawns of the body's straight run after it (its segment: up to the next branch or
  // place something jumps to), and the code counts the site's runs in one increment
  // (NativeProgram::site_counts). A builtin's slow path takes back the count the builtin makes
  // itself (call_counted_builtin), and an exit from the middle of a segment (an error, an
  // interrupt) the counts of what the segment did not get to (uncount_at). Outside a segment
  // the counters are incremented where the events happen.

  /// A new count site for a reduction followed by segment `segment`: its index.
  std::size_t count_site(std::size_t segment) {
    sites_.push_back({1, 0, 0});
    site_segments_.emplace_back(sites_.size() - 1, segment);
    return sites_.size() - 1;
  }
  // A commit's count and an inlined clause's: where the body's fast copy goes from the commit
  // to an inlined clause (its `reduced`) through inline builtins' fast paths and the dispatch's
  // tests alone, one count site stands for both (the commit's segment and the clause's), one
  // increment instead of two (tak's, fib's and queens' check/7's every call). The commit's own
  // count is then made on every other way out of that stretch: before any other instruction,
  // on the way to a builtin's slow path, and before a label that a way without it reaches too
  // (settle_commit_count). A body without a fast copy counts at the commit (the general copy,
  // which the slow paths enter, after the commit's count was made).

  /// The line counting site `site` (one increment).
  static std::string count_line(std::size_t site) { return fmt::format("++site_counts[{}];", site); }
  /// Whether the instruction at `pc` of a fast copy keeps the commit's count pending: a fast
  /// path into a new register (its failure jumps to the slow path with the count made), the
  /// dispatch's tests, an inlined clause (which makes it).
  [[nodiscard]] bool keeps_commit_pending(std::uint64_t pc) const {
    const auto op = static_cast<Op>(code_[pc]);
    if (op == Op::if_not_const || op == Op::reduced) return true;
    return fast_function(op).has_value() && code_[pc + 3] != 0;
  }
  /// The site counting commit site `commit` and the inlined clause's site `clause` together
  /// (the sum of the two, filled in at the end of emit once both are complete).
  std::size_t commit_and_clause_site(std::size_t commit, std::size_t clause) {
    const auto [it, created] = commit_clause_sites_.try_emplace({commit, clause}, 0);
    if (created) {
      sites_.emplace_back();
      it->second = sites_.size() - 1;
    }
    return it->second;
  }
  /// At the instruction `pc` of a fast copy (before its label): the start takes the commit's
  /// count pending; elsewhere it stays pending where every way here has it pending (the
  /// instruction before, when it goes on to this one, and every jump here), else it is made on
  /// each way that has it (a line before the label, the jumps' @jumpcount marks).
  void settle_commit_count(std::uint64_t pc, std::uint64_t start, bool falls_through, bool committed_here) {
    if (pc == start) {
      commit_pending_.reset();
      if (const auto site = body_site_.find(start); site != body_site_.end()) {
        commit_pending_ = site->second;
        deferred_commits_.insert(site->second);
      }
      return;
    }
    const auto jumps = pending_jumps_.find(pc);
    const std::size_t pending_in = jumps == pending_jumps_.end() ? 0 : jumps->second.size();
    const auto all_in = jumps_in_.find(pc);
    const std::size_t jumps_here = all_in == jumps_in_.end() ? 0 : all_in->second;
    const bool all = !committed_here && pending_in == jumps_here && (!falls_through || commit_pending_) &&
                     (falls_through || pending_in > 0);
    if (all) {
      if (!falls_through) commit_pending_ = jumps->second.front().second;
    } else {
      if (falls_through && commit_pending_) line(count_line(*commit_pending_));
      if (jumps != pending_jumps_.end()) {
        for (const auto& [mark, site] : jumps->second) jump_counts_[mark] = count_line(site) + " ";
      }
      commit_pending_.reset();
    }
    if (jumps != pending_jumps_.end()) pending_jumps_.erase(jumps);
  }

  /// What goes before an exit inside segment `segment` once `builtins` of its builtin calls and
  /// `spawns` of its spawns have happened: the others' counts taken back (assemble() fills it
  /// in when the segment is complete).
  std::string uncount_at(std::size_t segment, std::uint32_t builtins, std::uint32_t spawns) {
    uncounts_.push_back({segment, builtins, spawns});
    return fmt::format("@uncount{}@", uncounts_.size() - 1);
  }
  /// The body's code from here is in segment `segment` (its builtin calls and spawns are
  /// summed by the first copy of the body emitted: counting_).
  void open_segment(std::size_t segment) {
    open_ = segment;
    done_builtins_ = 0;
    done_spawns_ = 0;
  }
  /// uncount_at for an exit of the body here.
  std::string exit_uncount() {
    if (!open_) return "";
    return uncount_at(*open_, done_builtins_, done_spawns_);
  }
  /// A builtin call of the body here: counted by the segment's site (true), or to be counted
  /// where it happens (false: no segment).
  bool segment_counts_builtin() {
    if (!open_) return false;
    ++done_builtins_;
    if (counting_) ++segments_[*open_].builtins;
    return true;
  }

  /// How many spawns follow one another from the one at `pc` in the body being emitted, with
  /// nothing jumping to any but the first (1: the spawn at `pc` alone). New variables made
  /// between them (put_var: a cell taken inline, no call) do not end the run: a variable first
  /// met in a later goal is made between the records.
  [[nodiscard]] std::size_t spawn_run(std::uint64_t pc) const {
    std::size_t run = 1;
    for (std::uint64_t at = pc + instruction_size(code_, pc);
         body_pcs_.count(at) != 0 && body_targets_.count(at) == 0;
         at += instruction_size(code_, at)) {
      const auto op = static_cast<Op>(code_[at]);
      if (op == Op::spawn || op == Op::spawn_at) {
        ++run;
      } else if (op != Op::put_var && op != Op::put_var_at) {
        break;
      }
    }
    return run;
  }

  /// The indentation of a line inside a run of spawns' block (spawn_run), none outside.
  [[nodiscard]] std::string run_pad() const { return run_left_ > 0 ? "  " : ""; }

  /// The goal record of P(registers) made by the spawn at `pc`, pushed on the pool. The goals of
  /// a run of spawns (spawn_run) are pushed together after their records are made: one test of
  /// the pool's room for all (NativeAccess::pool_slots), and nothing between the records that
  /// might read the heap's top (GCC writes it back to the heap before every call a push's growth
  /// might make).
  void spawn(std::uint64_t pc, vm::PredicateId target, std::uint32_t n, std::uint64_t regs) {
    spawned_.insert(target);
    if (run_left_ == 0) {
      const std::size_t run = spawn_run(pc);
      if (run > 1) {
        line(fmt::format("{{  // {} goals, pushed together", run));
        line(fmt::format("  Cell goals[{}];", run));
        run_left_ = run;
        run_done_ = 0;
      }
    }
    const std::string pad = run_pad();
    line(fmt::format("{}{{  // {}", pad, predicate_name(target)));
    line(fmt::format("{}  Cell* const p = iu.heap.take({});", pad, vm::goal_record::kHeaderCells + n));
    line(fmt::format("{}  p[0] = {};", pad, hex(vm::goal_record::header(n))));
    line(fmt::format("{}  p[1] = {};", pad, hex(vm::goal_record::origin(target, pc))));
    if (image_.random_used) {
      line(fmt::format("{}  p[2] = goal_record::lineage_cell(lineage::child(NativeAccess::lineage(iu), "
                       "0x{:x}ULL));",
                       pad, image_.site_keys.at(pc)));
    }
    // Without random numbers the lineage cell is left as the heap had it: nothing reads it where
    // no keys are kept (Iu::run), and the collector does not scan it (goal_record.hpp).
    for (std::uint32_t i = 0; i < n; ++i) {
      line(fmt::format("{}  p[{}] = {};", pad, vm::goal_record::kHeaderCells + i, reg(code_[regs + i])));
    }
    if (open_) {
      ++done_spawns_;
      if (counting_) ++segments_[*open_].spawns;
    } else {
      line(pad + "  ++iu.counters.goals_spawned;");
    }
    if (run_left_ == 0) {
      line("  NativeAccess::push_goal(iu, make_pointer(Tag::Box, p, here));");
      line("}");
      return;
    }
    line(fmt::format("    goals[{}] = make_pointer(Tag::Box, p, here);", run_done_++));
    line("  }");
    if (--run_left_ > 0) return;
    line(fmt::format("  Cell* const slots = NativeAccess::pool_slots(iu, {});", run_done_));
    for (std::size_t i = 0; i < run_done_; ++i) line(fmt::format("  slots[{0}] = goals[{0}];", i));
    line("}");
  }

  /// A builtin called out of line (the instruction at `pc`): registers saved and restored.
  void builtin_call(std::uint64_t pc, bool function) {
    small_.clear();  // its outputs are read back into registers
    atomic_.clear();
    line(spill_mark(liveness_.live_in(pc)));
    line(fmt::format("if (!NativeAccess::call_builtin(iu, f, {}, {})) {{ {}return NativeOutcome::Error; }}", pc,
                     function, exit_uncount()));
    line(reload_mark(after_call(pc)));
    line(fmt::format("if (NativeAccess::attention(iu)) [[unlikely]] {{ {}return NativeOutcome::Done; }}",
                     exit_uncount()));
  }

  /// The end of a builtin's inline fast path (the instruction at `pc`, a function): otherwise
  /// the builtin, called out of line as builtin_call does.
  /// `fresh_out`: the builtin's output register, a new variable the builtin binds or leaves
  /// unbound, dereferenced after the call so that both paths leave it dereferenced.
  /// `counted`: the segment's site counts the call (the slow path takes back the builtin's own).
  void builtin_fallback(std::uint64_t pc, bool counted,
                        std::optional<std::uint64_t> fresh_out = std::nullopt) {
    line("  } else {");
    slow_path(pc, counted, fresh_out, "    ");
    line("  }");
    line("}");
  }
  /// The lines of a builtin function's slow path (the call out of line), indented by `pad`.
  void slow_path(std::uint64_t pc, bool counted, std::optional<std::uint64_t> fresh_out,
                 const std::string& pad) {
    // The builtin may suspend, on cells of the reservation. The fast copy jumps to this slow
    // path of the general copy from places where it may not have tested (so it tests here
    // in every case); the general copy's own way here is as reserved_ says, and the way on
    // after the builtin (the fast path's) as it was before.
    const bool before = reserved_;
    if (from_fast_copy_) reserved_ = false;
    emit_room(pad.substr(2), pc);
    reserved_ = before;
    out_.push_back(pad.substr(2) + spill_mark(liveness_.live_in(pc)));
    line(fmt::format("{}if (!NativeAccess::{}(iu, f, {}, true)) {{ {}return NativeOutcome::Error; }}",
                     pad, counted ? "call_counted_builtin" : "call_builtin", pc, exit_uncount()));
    out_.push_back(pad.substr(2) + reload_mark(after_call(pc)));
    line(fmt::format("{}if (NativeAccess::attention(iu)) [[unlikely]] {{ {}return NativeOutcome::Done; }}",
                     pad, exit_uncount()));
    if (fresh_out) line(fmt::format("{0}{1} = native_cells::deref({1});", pad, reg(*fresh_out)));
  }

  void emit_body_instruction(std::uint64_t pc) {
    const auto op = static_cast<Op>(code_[pc]);
    switch (op) {
      case Op::put_var:
      case Op::put_var_at: {  // on one IU every datum is here
        const std::string pad = run_pad();
        line(pad + "{");
        line(pad + "  Cell* const p = iu.heap.take(1);");
        line(pad + "  p[0] = make_var_contents();");
        line(fmt::format("{}  {} = make_pointer(Tag::Ref, p, here);", pad, reg(code_[pc + 1])));
        line(pad + "}");
        written_derefed(code_[pc + 1]);
        break;
      }
      case Op::put_const:
        line(fmt::format("{} = {};  // {}", reg(code_[pc + 1]), hex(code_[pc + 2]),
                         constant_comment(code_[pc + 2])));
        written_derefed(code_[pc + 1]);
        if (vm::is_int(code_[pc + 2]) || vm::is_atom(code_[pc + 2])) {
          know(code_[pc + 1], vm::is_int(code_[pc + 2]));
        }
        break;
      case Op::put_number: {
        const vm::NumberConstant& k = image_.numbers.at(code_[pc + 2]);
        line("{");
        line("  Cell* const p = iu.heap.take(2);");
        line(fmt::format("  p[0] = {};", hex(vm::make_header(k.is_float ? vm::BoxKind::Float : vm::BoxKind::Int64, 1))));
        line(fmt::format("  p[1] = {};", hex(k.is_float ? vm::double_bits(k.real) : static_cast<Cell>(k.integer))));
        line(fmt::format("  {} = make_pointer(Tag::Box, p, here);", reg(code_[pc + 1])));
        line("}");
        written_derefed(code_[pc + 1]);
        break;
      }
      case Op::put_cons:
        line("{");
        line("  Cell* const p = iu.heap.take(2);");
        line(fmt::format("  p[0] = {};", reg(code_[pc + 2])));
        line(fmt::format("  p[1] = {};", reg(code_[pc + 3])));
        line(fmt::format("  {} = make_pointer(Tag::Cons, p, here);", reg(code_[pc + 1])));
        line("}");
        written_derefed(code_[pc + 1]);
        break;
      case Op::put_struct: {
        const auto functor = static_cast<std::uint32_t>(code_[pc + 2]);
        const auto n = static_cast<std::uint32_t>(code_[pc + 3]);
        line(fmt::format("{{  // {}/{}", comment_safe(atoms_.name(atoms_.functor_name(functor))), n));
        line(fmt::format("  Cell* const p = iu.heap.take({});", 1 + n));
        line(fmt::format("  p[0] = {};", hex(vm::make_header(vm::BoxKind::Functor, n, functor))));
        for (std::uint32_t i = 0; i < n; ++i) line(fmt::format("  p[{}] = {};", 1 + i, reg(code_[pc + 4 + i])));
        line(fmt::format("  {} = make_pointer(Tag::Struct, p, here);", reg(code_[pc + 1])));
        line("}");
        written_derefed(code_[pc + 1]);
        break;
      }
      case Op::move: {
        const std::uint64_t dst = code_[pc + 1];
        const std::uint64_t src = code_[pc + 2];
        line(fmt::format("{} = {};", reg(dst), reg(src)));
        const bool small = known_small(src);
        const bool atomic = known_atomic(src);
        if (src >= vm::kConstantRegisterBase || derefed_.count(src) != 0) {
          written_derefed(dst);
        } else {
          written(dst);
        }
        if (atomic) know(dst, small);
        break;
      }
      case Op::place:        // placements: nothing on one IU
      case Op::resolve_any:
      case Op::label_from: break;
      case Op::unify: {
        // A side known to hold an atomic value (a constant, or what a fast path established in
        // a fast copy) is no reference: only the other is dereferenced (unify_value).
        const std::uint64_t a = code_[pc + 1];
        const std::uint64_t b = code_[pc + 2];
        const bool b_atomic = known_atomic(b);
        const bool a_atomic = !b_atomic && known_atomic(a);
        const char* const how = b_atomic || a_atomic ? "unify_value" : "unify";
        const std::string first = reg(a_atomic ? b : a);
        const std::string second = reg(a_atomic ? a : b);
        line(fmt::format("if (!NativeAccess::{}(iu, {}, {})) [[unlikely]] {{ {}return NativeAccess::unify_failed(iu, f, {}, {}, {}); }}",
                         how, first, second, exit_uncount(), pc, reg(a), reg(b)));
        may_bind();
        break;
      }
      case Op::unify_list: {
        const bool fresh_tail = code_[pc + 4] != 0;
        line("{  // a list cell, bound at once to a fresh variable nobody waits on, else unified");
        line(fmt::format("  const Cell out = {};", reg(code_[pc + 1])));
        line(fmt::format("  const Cell head = {};", reg(code_[pc + 2])));
        if (fresh_tail) {
          // Two cells: the fresh variable is the cell's own tail field (vm/terms.hpp,
          // field_term), so the next turn of a stream's producer binds it in place and its
          // reader finds the next cell there, with no variable cell between.
          line("  Cell* const p = iu.heap.take(2);");
          line("  p[0] = head;");
          line("  p[1] = make_var_contents();");
          line(fmt::format("  {} = make_pointer(Tag::Ref, p + 1, here);", reg(code_[pc + 3])));
          forget(code_[pc + 3]);
          line("  const Cell list = make_pointer(Tag::Cons, p, here);");
        } else {
          line("  Cell* const p = iu.heap.take(2);");
          line("  p[0] = head;");
          line(fmt::format("  p[1] = {};", reg(code_[pc + 3])));
          line("  const Cell list = make_pointer(Tag::Cons, p, here);");
        }
        line("  if (is_ref(out) && native_cells::load(native_cells::address(out, Tag::Ref)) == make_var_contents()) {");
        line("    native_cells::store(native_cells::address(out, Tag::Ref), list);");
        line("  } else if (!iu.unify(out, list)) [[unlikely]] {");
        line(fmt::format("    {}return NativeAccess::unify_failed(iu, f, {}, out, list);", exit_uncount(), pc));
        line("  }");
        line("}");
        may_bind();
        break;
      }
      case Op::call_builtin:
        line(fmt::format("// {}", comment_safe(std::string(vm::kBuiltins[code_[pc + 1]].name))));
        builtin_call(pc, false);
        may_bind();
        break;
      case Op::call_function:
        if (code_[pc + 1] == vm::builtin_ids::arg && code_[pc + 3] != 0 && code_[pc + 4] == 2) {
          // arg/3 into a new variable: the argument taken in place when the index and the
          // term are there (inline_builtins::arg); the builtin otherwise (waiting, errors).
          line("{  // arg");
          line(fmt::format("  const Cell index = native_cells::deref({});", reg(code_[pc + 5])));
          line(fmt::format("  const Cell term = native_cells::deref({});", reg(code_[pc + 6])));
          line("  Cell value = 0;");
          line("  if (inline_builtins::arg(index, term, value)) [[likely]] {");
          const bool counted = segment_counts_builtin();
          if (!counted) line("    ++iu.counters.builtin_calls;");
          line(fmt::format("    {} = value;", reg(code_[pc + 2])));
          builtin_fallback(pc, counted);
          written(code_[pc + 2]);  // an argument, as it is in the structure
          break;
        }
        line(fmt::format("// {}", comment_safe(std::string(vm::kBuiltins[code_[pc + 1]].name))));
        builtin_call(pc, true);
        may_bind();
        break;
      case Op::fn_add:
      case Op::fn_sub:
      case Op::fn_mul:
      case Op::fn_div:
      case Op::fn_mod:
      case Op::fn_less:
      case Op::fn_less_eq:
      case Op::fn_greater:
      case Op::fn_greater_eq:
      case Op::fn_num_equal:
      case Op::fn_equal: {
        const std::string name = *fast_function(op);
        const std::uint64_t in_x = code_[pc + 5];
        const std::uint64_t in_y = code_[pc + 6];
        const bool fresh = code_[pc + 3] != 0;
        const std::string out = reg(code_[pc + 2]);
        // equal/3's fast path takes atomic values, the others small integers.
        const bool identity = op == Op::fn_equal;
        const bool known_x = identity ? known_atomic(in_x) : known_small(in_x);
        const bool known_y = identity ? known_atomic(in_y) : known_small(in_y);
        line(fmt::format("{{  // {}", name));
        line(fmt::format("  const Cell x = {};", derefed(in_x)));
        line(fmt::format("  const Cell y = {};", derefed(in_y)));
        line("  Cell value = 0;");
        if (fast_copy_) {
          // What is known is not tested; anything else goes to the slow path of the general copy.
          // (The commit's count not made yet is made on the way: the slow path's count
          // sites follow it.)
          line(fmt::format("  if (!inline_builtins::{}<{}, {}>(x, y, value)) [[unlikely]] {}goto {};{}", name,
                           known_x, known_y, commit_pending_ ? "{ " + count_line(*commit_pending_) + " " : "",
                           jump(fmt::format("slow{}", pc)), commit_pending_ ? " }" : ""));
        } else {
          line(fmt::format("  if (inline_builtins::{0}(x, y, value) || (!NativeAccess::gc_stress(iu) && "
                           "inline_builtins::floats(builtin_ids::{0}, x, y, iu.heap, value))) [[likely]] {{",
                           name));
        }
        const std::string pad = fast_copy_ ? "  " : "    ";
        const bool counted = segment_counts_builtin();
        if (!counted) line(pad + "++iu.counters.builtin_calls;");
        if (fresh) {
          line(fmt::format("{}{} = value;", pad, out));
        } else {
          line(fmt::format("{}if (!NativeAccess::unify_value(iu, {}, value)) [[unlikely]] {{ {}return NativeAccess::output_failed(iu, f, {}, {}, {}, {}); }}",
                           pad, out, exit_uncount(), pc, reg(in_x), reg(in_y), out));
        }
        if (fast_copy_) {
          line("}");
        } else {
          // The slow path, a block of its own that the fast copy jumps to as well.
          line(fmt::format("    goto {};", jump(fmt::format("done{}", pc))));
          line("  }");
          line("}");
          label(fmt::format("slow{}", pc));
          line("{");
          slow_path(pc, counted, fresh ? std::optional<std::uint64_t>(code_[pc + 2]) : std::nullopt, "  ");
          line("}");
          label(fmt::format("done{}", pc));
        }
        if (fresh) {
          written_derefed(code_[pc + 2]);
        } else {
          may_bind();  // the output was bound
        }
        if (fast_copy_) {
          // The fast path passed: its inputs were what it takes, its result is a small integer
          // (arithmetic) or an atom (comparisons).
          const bool arithmetic = op == Op::fn_add || op == Op::fn_sub || op == Op::fn_mul ||
                                  op == Op::fn_div || op == Op::fn_mod;
          know(in_x, !identity);
          know(in_y, !identity);
          if (fresh) {
            // (The output may reuse an input's register: what it holds now is the result.)
            forget(code_[pc + 2]);
            know(code_[pc + 2], arithmetic);
          }
        }
        break;
      }
      case Op::spawn:
        spawn(pc, static_cast<vm::PredicateId>(code_[pc + 1]), static_cast<std::uint32_t>(code_[pc + 2]), pc + 3);
        break;
      case Op::spawn_at:  // on one IU every goal stays here
        spawn(pc, static_cast<vm::PredicateId>(code_[pc + 1]), static_cast<std::uint32_t>(code_[pc + 3]), pc + 4);
        break;
      case Op::execute:
        emit_execute(pc);
        open_.reset();
        break;
      case Op::proceed:
        emit_proceed();
        open_.reset();
        break;
      case Op::if_not_const: {
        open_.reset();  // a branch: the segment before it is complete on both ways
        const std::string value = derefed(code_[pc + 1]);
        std::string go = fmt::format("goto {};", jump(body_label(code_[pc + 3])));
        if (commit_pending_) {
          // The commit's count goes along (settle_commit_count decides at the target).
          jump_counts_.emplace_back();
          pending_jumps_[code_[pc + 3]].push_back({jump_counts_.size() - 1, *commit_pending_});
          go = fmt::format("{{ @jumpcount{}@{} }}", jump_counts_.size() - 1, go);
        }
        line(fmt::format("if ({} != {}) {}  // {}", value, hex(code_[pc + 2]), go, constant_comment(code_[pc + 2])));
        note_jump(code_[pc + 3]);
        break;
      }
      case Op::reduced: {
        // One site per inlined clause, whichever copy of the body is emitted first.
        auto [site, created] = reduced_sites_.try_emplace(pc);
        if (created) {
          segments_.emplace_back();
          site->second = {count_site(segments_.size() - 1), segments_.size() - 1};
        }
        open_segment(site->second.second);
        if (commit_pending_) {
          // The commit's count and the clause's in one site (commit_sites_).
          open_site_ = commit_and_clause_site(*commit_pending_, site->second.first);
          line(fmt::format("++site_counts[{}];  // the reduction and an inlined clause (count site)", *open_site_));
          commit_pending_.reset();
        } else {
          open_site_ = site->second.first;
          line(fmt::format("++site_counts[{}];  // an inlined clause (count site)", site->second.first));
        }
        if (image_.random_used) {
          line(fmt::format("NativeAccess::lineage(iu) = lineage::child(NativeAccess::lineage(iu), 0x{:x}ULL);",
                           image_.site_keys.at(pc)));
        }
        break;
      }
      default:
        throw std::logic_error(fmt::format("native code: unexpected {} in a body at {}",
                                           vm::info(op).name, pc));
    }
  }

  /// The end of a body: the next goal of the pool (NativeAccess::ready_goal), some of them
  /// taken in place (proceed_lines, once every body has been emitted).
  void emit_proceed() { line("@proceed"); }

  /// The goals the end of a body takes from the pool in place: those the function's bodies
  /// spawn themselves, which are the ones they find on top of the pool as a rule: goals of the
  /// predicate itself, and of builtins with a fast path. (Taking in place also the goals of the
  /// predicate that other predicates spawn, nrev's appends, saved 3% of nrev's instructions but
  /// no time, and cost queens 6% in mispredicted branches: a test for a goal that is on top only
  /// now and then costs more than the goal entry it saves.)
  [[nodiscard]] std::set<vm::PredicateId> own_goals() const {
    std::set<vm::PredicateId> own;
    for (const vm::PredicateId target : spawned_) {
      if (target == id_ || builtin_goal_fast_path(image_, target)) own.insert(target);
    }
    return own;
  }

  /// The code of the end of a body: the next goal of the pool (NativeAccess::ready_goal); a goal
  /// of its own (own_goals) taken by a jump back to the entry with the goal's arguments, a
  /// builtin's by its fast path when that applies, and then the next goal; any other through
  /// its goal entry (switch_goal).
  std::vector<std::string> proceed_lines(const std::set<vm::PredicateId>& own, const ClusterView& view) {
    // The goals of the cluster's other members that it takes in place too (ClusterView::
    // in_place): by a jump to the member's entry.
    std::vector<vm::PredicateId> members;
    for (const vm::PredicateId target : view.in_place) {
      if (target != id_ && own.count(target) == 0) members.push_back(target);
    }
    if (own.empty() && members.empty() && !view.shared_take) {
      return {"return NativeAccess::next_goal(iu, f);  // the end of the body"};
    }
    std::vector<std::string> out;
    out.emplace_back("for (;;) {  // the end of the body: the next goal");
    out.emplace_back("  Cell goal = 0;");
    out.emplace_back("  if (!NativeAccess::ready_goal(iu, goal)) return NativeOutcome::Done;");
    // The goals are recognised by goal_record::key, the low half of the record's origin cell.
    out.emplace_back("  [[maybe_unused]] const std::uint32_t next = NativeAccess::goal_key(goal);");
    out.emplace_back("  [[maybe_unused]] const Cell* const a = NativeAccess::goal_args(goal);");
    for (const vm::PredicateId target : own) {
      if (target == id_) {
        out.push_back(fmt::format("  if (next == {}) {{  // {}, its own", goal_key(target), predicate_name(target)));
        out.push_back(fmt::format("    NativeAccess::take_goal<{}>(iu, f, goal);", image_.random_used));
        out.emplace_back("    @slice_from_frame");
        for (std::uint32_t i = 0; i < p_.arity; ++i) {
          out.push_back(fmt::format("    r{} = a[{}];", argument_register(i), i));
        }
        out.emplace_back("    noted = false;");
        out.emplace_back(fmt::format("    goto {};", jump("entry")));
        out.emplace_back("  }");
      } else {
        out.push_back(fmt::format("  if (next == {}) {{  // {}", goal_key(target), predicate_name(target)));
        for (const std::string& l : builtin_goal_step(image_, target, "continue;")) out.push_back("    " + l);
        out.emplace_back("  }");
      }
    }
    for (const vm::PredicateId target : members) {
      out.push_back(fmt::format("  if (next == {}) {{  // {}", goal_key(target), predicate_name(target)));
      for (const std::string& l : member_take(image_, view, target, "goal", locals_)) out.push_back("    " + l);
      out.emplace_back("  }");
    }
    if (view.shared_take) {
      out.emplace_back("  taken = goal;");
      out.emplace_back("  goto take_in_cluster;");
    } else {
      out.emplace_back("  return NativeAccess::switch_goal(iu, f, goal);");
    }
    out.emplace_back("}");
    return out;
  }

  /// The register the argument `i` of the last call at `pc` comes from: its moves as one
  /// parallel assignment, a register no move writes keeping its value.
  [[nodiscard]] std::uint64_t last_call_source(std::uint64_t pc, std::uint32_t i) const {
    const vm::Predicate& callee = image_.predicates[code_[pc + 1]];
    std::map<std::uint64_t, std::uint64_t> source;
    for (std::uint64_t k = 0; k < code_[pc + 3]; k += 2) {
      const std::uint64_t dst = code_[pc + 4 + k];
      const std::uint64_t src = code_[pc + 5 + k];
      const auto it = source.find(src);
      source[dst] = it == source.end() ? src : it->second;
    }
    const std::uint64_t r = callee.arg_registers.empty() ? i : callee.arg_registers[i];
    const auto it = source.find(r);
    return it == source.end() ? r : it->second;
  }

  void emit_execute(std::uint64_t pc) {
    const auto target = static_cast<vm::PredicateId>(code_[pc + 1]);
    const auto n = static_cast<std::uint32_t>(code_[pc + 2]);
    const vm::Predicate& callee = image_.predicates[target];
    const auto source_of = [&](std::uint32_t i) { return last_call_source(pc, i); };
    // (A register holding a list cell for its tail: find_tail_cells.)
    const auto cells = tail_cells_.find(pc);
    const auto value_of = [&](std::uint32_t i) {
      const std::uint64_t r = source_of(i);
      return cells != tail_cells_.end() && cells->second.count(r) != 0
                 ? fmt::format("native_cells::list_tail({})", reg(r))
                 : reg(r);
    };
    line(fmt::format("{{  // {}", predicate_name(target)));
    if (image_.random_used) {
      line(fmt::format("  NativeAccess::lineage(iu) = lineage::child(NativeAccess::lineage(iu), 0x{:x}ULL);",
                       image_.site_keys.at(pc)));
    }
    if (target == id_) {
      // A last call of the predicate itself: its arguments in its argument registers (a
      // parallel assignment) and a jump back to its entry. The other registers keep what they
      // hold, which no spill saves before the body writes them again (spill_mark).
      // The site counting this turn of the loop (with_loop_counts).
      // (Not a general copy's: its slow paths are not the loop's way, and a site of its own
      // kept in a C++ variable would be added at every return of the function.)
      if (open_ && open_site_ && !from_fast_copy_) loop_sites_.insert(*open_site_);
      line("  if (--@slice@ != 0) [[likely]] {");
      line(fmt::format("    f.site = {};", pc));
      // A tail kept as its list cell (find_tail_cells) goes to the index's register as the
      // cell, which the jump below reads.
      const auto loop_tail = loop_tails_.find(pc);
      const auto loop_value = [&](std::uint32_t i) {
        return loop_tail != loop_tails_.end() && argument_register(i) == loop_cons_->first
                   ? reg(loop_tail->second)
                   : value_of(i);
      };
      std::vector<std::uint32_t> changed;
      for (std::uint32_t i = 0; i < n; ++i) {
        if (loop_value(i) != reg(argument_register(i))) changed.push_back(i);
      }
      // The loop's arguments come back dereferenced (loop_inputs): tested here only where
      // the body does not know them to be (a constant register holds an atomic value).
      const auto needs_deref = [&](std::uint32_t i) {
        const std::uint64_t r = source_of(i);
        return entry_derefed_.count(argument_register(i)) != 0 && r < vm::kConstantRegisterBase &&
               derefed_.count(r) == 0;
      };
      for (const std::uint32_t i : changed) {
        const std::string value =
            needs_deref(i) ? fmt::format("native_cells::deref({})", loop_value(i)) : loop_value(i);
        line(fmt::format("    const Cell t{} = {};", i, value));
      }
      for (const std::uint32_t i : changed) line(fmt::format("    {} = t{};", reg(argument_register(i)), i));
      for (std::uint32_t i = 0; i < n; ++i) {
        if (std::find(changed.begin(), changed.end(), i) == changed.end() && needs_deref(i)) {
          line(fmt::format("    {0} = native_cells::deref({0});", reg(argument_register(i))));
        }
      }
      line("    noted = false;");
      if (loop_tail != loop_tails_.end()) {
        // The tail read from the list cell: a list cell goes to the list cells' clauses, as
        // the dispatch's first test would send it; anything else to the entry as a term.
        const std::string x = reg(loop_cons_->first);
        line("    {");
        line(fmt::format("      const Cell c = native_cells::address({}, Tag::Cons)[1];", x));
        line(fmt::format("      if (is_cons(c)) [[likely]] {{ {} = c; goto {}; }}", x, jump(loop_cons_->second)));
        line(fmt::format("      {0} = is_var_contents(c) ? native_cells::tail_field({0}) : c;", x));
        line("    }");
      }
      line(fmt::format("    goto {};", jump(entry_derefed_.empty() ? "entry" : "loop")));
      line("  }");
      line(kSliceOver);
    } else if (native_[target] && cluster_of_[target] == cluster_of_[id_]) {
      // A last call of another member of its cluster: the arguments in the callee's argument
      // registers (a parallel assignment) and a jump to its entry.
      line("  if (--@slice@ != 0) [[likely]] {");
      line(fmt::format("    @enter {}", target));
      line(fmt::format("    f.site = {};", pc));
      const auto callee_register = [&](std::uint32_t i) {
        return callee.arg_registers.empty() ? i : callee.arg_registers[i];
      };
      std::vector<std::uint32_t> changed;
      for (std::uint32_t i = 0; i < n; ++i) {
        if (value_of(i) != fmt::format("r{}", callee_register(i))) changed.push_back(i);
      }
      for (const std::uint32_t i : changed) line(fmt::format("    const Cell t{} = {};", i, value_of(i)));
      for (const std::uint32_t i : changed) line(fmt::format("    r{} = t{};", callee_register(i), i));
      line("    noted = false;");
      line(fmt::format("    goto {};", label_of(target, "entry")));
      line("  }");
      line(kSliceOver);
    } else if (native_[target]) {
      line("  if (--@slice@ != 0) [[likely]] {");
      line("    @slice_passed");
      line(fmt::format("    f.site = {};", pc));
      std::vector<std::string> args;
      for (std::uint32_t i = 0; i < n; ++i) {
        if (i < kRegisterArguments) {
          args.push_back(value_of(i));
        } else {
          line(fmt::format("    f.extra[{}] = {};", i, value_of(i)));
        }
      }
      while (args.size() < kRegisterArguments) args.emplace_back("0");
      line(fmt::format("    return p{}(iu, {});", target, fmt::join(args, ", ")));
      line("  }");
      line(kSliceOver);
    }
    // Through the loop: a builtin or an interpreted predicate, or the time slice is over.
    line("  Cell* const R = NativeAccess::registers(iu);");
    std::vector<std::string> values;
    for (std::uint32_t i = 0; i < n; ++i) values.push_back(value_of(i));
    for (std::uint32_t i = 0; i < n; ++i) {
      line(fmt::format("  R[{}] = {};", callee.arg_registers.empty() ? i : callee.arg_registers[i],
                       values[i]));
    }
    line(fmt::format("  f.pred = {};", target));
    line(fmt::format("  f.arity = {};", n));
    line(fmt::format("  f.site = {};", pc));
    line("  @slice_to_frame");
    line("  return NativeOutcome::TailCall;");
    line("}");
  }

  // --- assembly ------------------------------------------------------------------------------------
  /// `l` with its uncount_at marks replaced by the code that takes back what its segment
  /// counted and did not get to (nothing where that is nothing).
  std::string with_uncounts(std::string l) const {
    for (std::size_t at = l.find("@jumpcount"); at != std::string::npos; at = l.find("@jumpcount", at)) {
      const std::size_t end = l.find('@', at + 1);
      const std::string& code = jump_counts_.at(std::stoul(l.substr(at + 10, end - at - 10)));
      l.replace(at, end + 1 - at, code);
      at += code.size();
    }
    for (std::size_t at = l.find("@uncount"); at != std::string::npos; at = l.find("@uncount", at)) {
      const std::size_t end = l.find('@', at + 1);
      const Uncount& u = uncounts_.at(std::stoul(l.substr(at + 8, end - at - 8)));
      const Segment& segment = segments_[u.segment];
      const std::uint32_t builtins = segment.builtins - u.builtins;
      const std::uint32_t spawns = segment.spawns - u.spawns;
      const std::string code =
          builtins == 0 && spawns == 0
              ? std::string()
              : fmt::format("NativeAccess::uncount(iu, {}, {}); ", builtins, spawns);
      l.replace(at, end + 1 - at, code);
      at += code.size();
    }
    return l;
  }

 public:
  /// Its code in its cluster's function: the lines emitted, with the spills and reloads of its
  /// own registers, the ends of its bodies, the jumps to other members (view), the time slice
  /// and the heap's room resolved; the labels only where something jumps.
  std::string code(const ClusterView& view) {
    std::string text;
    // The registers written to the IU's array around a step that may collect (those live there,
    // the others of the predicate as []), and read back.
    const auto registers_of = [](std::string_view list) {
      std::set<std::uint32_t> registers;
      std::istringstream in{std::string(list)};
      for (std::uint32_t r = 0; in >> r;) registers.insert(r);
      return registers;
    };
    const auto spill = [&](std::string_view list) {
      const std::set<std::uint32_t> live = registers_of(list);
      std::string saved;
      for (const std::uint32_t r : registers_) {
        saved += live.count(r) != 0 ? fmt::format(" R[{0}] = r{0};", r) : fmt::format(" R[{0}] = kNil;", r);
      }
      return saved;
    };
    const auto reload = [&](std::string_view list) {
      std::string read;
      for (const std::uint32_t r : registers_of(list)) {
        // (A builtin's output the code never reads is no C++ variable.)
        if (registers_.count(r) != 0) read += fmt::format(" r{0} = R[{0}];", r);
      }
      return read;
    };
    const std::set<vm::PredicateId> own = own_goals();
    if (own.count(id_) != 0 || view.locals.size() > 1) targets_.insert(prefix_ + "entry");
    for (const std::string& l : out_) {
      if (l.starts_with("@label ")) {
        const std::string name = l.substr(7);
        if (targets_.count(name) != 0) text += name + ":\n";
        continue;
      }
      const std::size_t indent = l.find_first_not_of(' ');
      const std::string body = indent == std::string::npos ? l : l.substr(indent);
      const std::string pad(indent == std::string::npos ? 0 : indent, ' ');
      if (body.starts_with("@spill")) {
        text += "  " + pad + "{ Cell* const R = NativeAccess::registers(iu);" + spill(std::string_view(body).substr(6)) + " }\n";
      } else if (body.starts_with("@reload")) {
        text += "  " + pad + "{ Cell* const R = NativeAccess::registers(iu);" + reload(std::string_view(body).substr(7)) +
                (locals_ ? " room_limit = iu.heap.native_limit();" : "") + " }\n";
      } else if (body == "@proceed") {
        for (const std::string& p : proceed_lines(own, view)) {
          if (const auto resolved = with_bookkeeping(p)) text += "  " + pad + *resolved + "\n";
        }
      } else if (body.starts_with("@commit ")) {
        const std::size_t site = std::stoul(body.substr(8));
        if (deferred_commits_.count(site) == 0) text += "  " + pad + count_line(site) + "  // the reduction (count site)\n";
      } else if (body.starts_with("@enter ")) {
        const auto callee = static_cast<vm::PredicateId>(std::stoul(body.substr(7)));
        if (const std::string moved = entering(view.locals.at(callee)); !moved.empty()) text += "  " + pad + moved + "\n";
      } else if (const auto resolved = with_bookkeeping(with_uncounts(l))) {
        text += "  " + *resolved + "\n";
      }
    }
    return text;
  }

 private:
  /// The time slice passed on by a last call of a member whose code keeps it in a C++ variable
  /// or not (`callee_locals`), from this one: the last call's slice test has already counted
  /// the call (`--@slice@ != 0`) in the caller's place, so only a callee that keeps it
  /// elsewhere needs it moved.
  [[nodiscard]] std::string entering(bool callee_locals) const {
    if (locals_) return callee_locals ? "" : "f.slice = slice;";
    return callee_locals ? "slice = f.slice; room_limit = iu.heap.native_limit();" : "";
  }

 public:
  static constexpr std::size_t kLocalsRegisterBudget = 10;

  /// `l` with the marks of the time slice and the heap's room resolved for this function (in
  /// C++ variables or not: locals_); std::nullopt for a line that only syncs the variable.
  std::optional<std::string> with_bookkeeping(std::string l) const {
    const std::size_t indent = l.find_first_not_of(' ');
    const std::string_view body = indent == std::string::npos ? std::string_view{} : std::string_view(l).substr(indent);
    const std::string pad(indent == std::string::npos ? 0 : indent, ' ');
    if (body == "@slice_to_frame") return locals_ ? std::optional(pad + "f.slice = slice;") : std::nullopt;
    if (body == "@slice_from_frame") {
      return locals_ ? std::optional(pad + "slice = f.slice;  // (a collection that left the heap crowded ended it, or a goal was taken)")
                     : std::nullopt;
    }
    if (body == "@slice_passed") return locals_ ? std::optional(pad + "f.slice = slice;") : std::nullopt;
    for (const auto& [mark, local, frame] : {std::tuple{"@slice@", "slice", "f.slice"},
                                             std::tuple{"@limit@", "room_limit", "iu.heap.native_limit()"}}) {
      for (std::size_t at = l.find(mark); at != std::string::npos; at = l.find(mark, at)) {
        l.replace(at, std::string_view(mark).size(), locals_ ? local : frame);
      }
    }
    return l;
  }

  /// The count sites of a function's own loop (the segments its own last calls end:
  /// loop_sites_) count in C++ variables, added to the program's counts (site_counts) before
  /// anything else may read them: before every return and every call into the runtime (the
  /// registers' spill). A jump to another member's entry adds the counts of the loops that are
  /// not that member's: inside a member's code only its own loop's counts are then other than
  /// 0, and GCC keeps no register for the others while that member loops (`owners`: the member
  /// whose loop each site counts).
  static std::string with_loop_counts(const std::string& text, const std::map<std::size_t, vm::PredicateId>& owners) {
    if (owners.empty()) return text;
    // The counts added but those of the loop of `kept` (a member's, or none).
    const auto adds_except = [&](std::optional<vm::PredicateId> kept) {
      std::string added;
      for (const auto& [k, owner] : owners) {
        if (owner != kept) added += fmt::format("site_counts[{0}] += count{0}; count{0} = 0; ", k);
      }
      return added;
    };
    const std::string flush = adds_except(std::nullopt);
    std::string declarations;
    for (const auto& [k, owner] : owners) {
      declarations += fmt::format("  std::uint64_t count{} = 0;  // site_counts[{}] not added yet\n", k, k);
    }
    static const std::regex spill(R"(R\[\d+\] = r\d+;)");
    static const std::regex member_jump(R"(goto p(\d+)_(entry|loop);)");
    std::string result;
    std::istringstream lines(text);
    bool spilling = false;  // the line before was a spill's, after which the counts were added
    bool in_member_switch = false;
    for (std::string line; std::getline(lines, line);) {
      // The code before a comment (the comments quote the program's clauses).
      const std::size_t comment = line.find("//");
      std::string code = line.substr(0, comment);
      const std::string rest = comment == std::string::npos ? "" : line.substr(comment);
      for (const auto& [k, owner] : owners) {
        const std::string from = fmt::format("++site_counts[{}];", k);
        if (const std::size_t at = code.find(from); at != std::string::npos) {
          code.replace(at, from.size(), fmt::format("++count{};", k));
        }
      }
      std::string changed;
      std::size_t from = 0;
      for (std::size_t at = code.find("return "); at != std::string::npos; at = code.find("return ", from)) {
        const std::size_t end = code.find(';', at);
        if (end == std::string::npos) break;
        changed += code.substr(from, at - from) + "{ " + flush + code.substr(at, end + 1 - at) + " }";
        from = end + 1;
      }
      code = changed + code.substr(from);
      // (The function's first switch, to the member called, jumps before anything counted.)
      if (line.starts_with("  switch (f.member) {")) in_member_switch = true;
      if (line == "  }") in_member_switch = false;
      std::smatch jump;
      if (!in_member_switch && std::regex_search(code, jump, member_jump)) {
        const std::string added = adds_except(static_cast<vm::PredicateId>(std::stoul(jump[1].str())));
        if (!added.empty()) {
          code = jump.prefix().str() + "{ " + added + jump[0].str() + " }" + jump.suffix().str();
        }
      }
      // Before a spill (a run of lines of one is added to once, after the run's indentation).
      const bool spill_line = std::regex_search(code, spill) && code.find("return ") == std::string::npos;
      if (spill_line && !spilling) code.insert(code.find_first_not_of(' '), flush);
      spilling = spill_line && code.find("++count") == std::string::npos;
      result += code + rest + "\n";
      if (line.starts_with("  bool noted = false;")) result += declarations;
    }
    return result;
  }
 private:


  const vm::CodeImage& image_;
  const std::vector<Cell>& code_;
  const vm::AtomTable& atoms_;
  vm::PredicateId id_;
  const vm::Predicate& p_;
  const std::vector<bool>& native_;
  const std::vector<std::size_t>& cluster_of_;  ///< each predicate's cluster (emit_cpp)
  std::string prefix_;  ///< of its labels: p<id>_
  std::set<vm::PredicateId> spawned_;  ///< the goals its bodies spawn (own_goals)
  const ClauseText& clause_text_;
  std::vector<std::pair<std::vector<std::uint32_t>, Facts>> chains_;
  std::set<std::uint64_t> prederefed_;  ///< the arguments the current list dereferenced first
  std::set<std::uint64_t> derefed_;     ///< the registers the body holds dereferenced here
  std::set<std::uint64_t> entry_derefed_;  ///< the loop's arguments, dereferenced (loop_inputs)
  /// What is dereferenced on every jump so far to the body instruction at a code address.
  std::map<std::uint64_t, std::set<std::uint64_t>> derefed_at_;
  /// The cells a body's commits reserve (the most of them), by the body's start; the body's
  /// test of them (emit_room) and whether it happened on every way to here, and on every jump
  /// so far to a body instruction.
  std::map<std::uint64_t, std::uint64_t> body_cells_;
  std::uint64_t room_cells_ = 0;
  bool reserved_ = false;
  std::map<std::uint64_t, bool> reserved_at_;
  /// The copy being emitted is the general copy of a body with a fast copy, whose slow paths
  /// the fast copy jumps to.
  bool from_fast_copy_ = false;
  std::set<std::uint64_t> bodies_;
  /// The body copy being emitted: its instructions, and those something jumps to (spawn_run).
  std::set<std::uint64_t> body_pcs_;
  std::set<std::uint64_t> body_targets_;
  std::size_t run_left_ = 0;  ///< spawns of the run being emitted still to come (spawn)
  std::size_t run_done_ = 0;  ///< spawns of that run emitted
  std::set<std::uint64_t> emitted_bodies_;
  std::vector<std::string> out_;
  std::set<std::string> targets_;
  std::set<std::uint32_t> registers_;
  /// Count sites (count_site): the program's, and which of this predicate's segments each of
  /// this predicate's stands for.
  std::vector<vm::NativeSite>& sites_;
  BodyLiveness liveness_;  ///< what its spills save (spill_mark)
  std::vector<std::pair<std::size_t, std::size_t>> site_segments_;
  /// A straight run of a body after a count site: the builtin calls and spawns its site counts.
  struct Segment {
    std::uint32_t builtins = 0;
    std::uint32_t spawns = 0;
  };
  std::vector<Segment> segments_;
  std::set<std::size_t> loop_sites_;  ///< the sites of its own last calls' segments (with_loop_counts)
  /// The index's register and the clause list of its list cells, where the dispatch at the
  /// loop's start tests for a list cell first (emit_dispatch).
  std::optional<std::pair<std::uint64_t, std::string>> loop_cons_;
  // Tails kept as their list cells (find_tail_cells):
  std::set<std::uint64_t> tail_cell_matches_;  ///< the matches keeping the cell, by address
  std::map<std::uint64_t, std::uint64_t> loop_tails_;  ///< the loop's last call, to its register
  std::map<std::uint64_t, std::set<std::uint64_t>> tail_cells_;  ///< the last calls reading them
  bool locals_ = false;  ///< the slice, the heap's end and the loop's counts in C++ variables
  std::map<std::uint64_t, std::size_t> body_segment_;  ///< a body's first segment, by its start
  /// An inlined clause's site and segment, by the code address of its `reduced`.
  std::map<std::uint64_t, std::pair<std::size_t, std::size_t>> reduced_sites_;
  std::optional<std::size_t> open_;                    ///< the segment being emitted, if any
  std::uint32_t done_builtins_ = 0;  ///< builtin calls of the open segment emitted so far
  std::uint32_t done_spawns_ = 0;    ///< its spawns emitted so far
  bool counting_ = true;             ///< this copy of the body sums its segments
  // The fast copies of bodies (emit_body).
  bool fast_copy_ = false;                        ///< the copy being emitted is the fast one
  std::map<std::uint64_t, bool> fast_copies_;     ///< has_fast_copy, by body
  std::set<std::uint64_t> small_;                 ///< registers known to hold small integers
  std::set<std::uint64_t> atomic_;                ///< ... small integers or atoms
  std::map<std::uint64_t, std::pair<std::set<std::uint64_t>, std::set<std::uint64_t>>> known_at_;
  /// The exits inside a segment (uncount_at): the segment and what of it had happened.
  struct Uncount {
    std::size_t segment;
    std::uint32_t builtins;
    std::uint32_t spawns;
  };
  std::vector<Uncount> uncounts_;
  // Commits counted with inlined clauses (settle_commit_count):
  std::map<std::uint64_t, std::size_t> body_site_;  ///< the commits' site of a body, by its start
  std::set<std::size_t> deferred_commits_;          ///< commit sites a fast copy counts instead
  /// A site counting a commit and an inlined clause, by the two sites.
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> commit_clause_sites_;
  std::optional<std::size_t> commit_pending_;  ///< the commit's site, not counted yet on this way
  std::optional<std::size_t> open_site_;  ///< the site counting the open segment on this way
  /// The jumps carrying the commit's count, by target: their @jumpcount mark and the site.
  std::map<std::uint64_t, std::vector<std::pair<std::size_t, std::size_t>>> pending_jumps_;
  std::vector<std::string> jump_counts_;  ///< a @jumpcount mark's code ("" or the count)
  std::map<std::uint64_t, std::size_t> jumps_in_;  ///< the jumps to each instruction of the copy
};

/// "name/arity" of a predicate, for comments.
std::string predicate_label(const vm::CodeImage& image, std::size_t i) {
  return comment_safe(image.predicates[i].name) + "/" + std::to_string(image.predicates[i].arity);
}

/// The end of a cluster's function: the goal `taken` from the top of the pool, which a body's
/// end did not take itself (its tests are for the goals it finds there as a rule), taken in
/// place when it is a member's, by a switch on its key and a jump to the member's entry; any
/// other through its goal entry (NativeAccess::switch_goal). A switch rather than more tests at
/// each end, whose branches a goal found only now and then mispredicts (own_goals); a jump
/// rather than the goal entry's call and the function's prologue (nrev's appends, which
/// nrev/2 spawns and append/3 finds: about 40 instructions a goal).
std::string take_in_cluster(const std::vector<PredicateEmitter>& members, const vm::CodeImage& image,
                            const ClusterView& view) {
  std::string text = "take_in_cluster:\n";
  text += "  switch (NativeAccess::goal_key(NativeAccess::opaque(taken))) {\n";
  for (const PredicateEmitter& m : members) {
    const vm::PredicateId id = m.id();
    text += fmt::format("    case {}: {{  // {}\n", goal_key(id), predicate_label(image, id));
    text += "      [[maybe_unused]] const Cell* const a = NativeAccess::goal_args(taken);\n";
    for (const std::string& l : PredicateEmitter::member_take(image, view, id, "taken", false)) text += "      " + l + "\n";
    text += "    }\n";
  }
  text += "    default: break;\n";
  text += "  }\n";
  text += "  return NativeAccess::switch_goal(iu, f, taken);\n";
  return text;
}

/// The C++ function of one cluster (predicate_clusters.hpp) whose members have been emitted:
/// p<id> for a predicate alone, else c<k>, which starts at the member NativeFrame::member
/// names (the members' p<id> set it and call c<k>).
std::string emit_function(std::vector<PredicateEmitter>& members, const vm::CodeImage& image, std::size_t k) {
  ClusterView view;
  for (const PredicateEmitter& m : members) {
    view.registers.insert(m.registers().begin(), m.registers().end());
    view.locals[m.id()] = m.locals();
  }
  const bool alone = members.size() == 1;
  view.shared_take = !alone;
  for (const PredicateEmitter& m : members) {
    for (const vm::PredicateId t : m.spawned()) {
      if (!alone && view.member(t)) view.in_place.insert(t);
    }
  }
  const auto name = [&](vm::PredicateId id) { return predicate_label(image, id); };
  const auto argument = [](const vm::Predicate& p, std::uint32_t i) {
    return p.arg_registers.empty() ? i : p.arg_registers[i];
  };
  const auto value = [](std::uint32_t i) {
    return i < kRegisterArguments ? fmt::format("a{}", i) : fmt::format("f.extra[{}]", i);
  };
  std::string text;
  if (alone) {
    const vm::PredicateId id = members[0].id();
    const vm::Predicate& p = image.predicates[id];
    text += fmt::format("// {}\n", name(id));
    text += fmt::format("NativeOutcome p{}(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3) {{\n", id);
    text += kFrameLine;
    text += "  constexpr unsigned here = 0;  // native code runs on the one-IU engine\n";
    // Arguments first, in their registers; every other register starts as [] (a value for
    // C++; a spill saves a register only where it is live, after the body wrote it).
    std::set<std::uint32_t> arguments;
    for (std::uint32_t i = 0; i < p.arity; ++i) {
      arguments.insert(argument(p, i));
      text += fmt::format("  Cell r{} = {};\n", argument(p, i), value(i));
    }
    for (std::uint32_t i = p.arity; i < kRegisterArguments; ++i) text += fmt::format("  (void)a{};\n", i);
    for (const std::uint32_t r : view.registers) {
      if (arguments.count(r) == 0) text += fmt::format("  Cell r{} = kNil;\n", r);
    }
  } else {
    std::string names;
    for (const PredicateEmitter& m : members) names += (names.empty() ? "" : ", ") + name(m.id());
    text += fmt::format("// cluster {}: {}\n", k, names);
    text += fmt::format("NativeOutcome c{}(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3) {{\n", k);
    text += kFrameLine;
    text += "  constexpr unsigned here = 0;  // native code runs on the one-IU engine\n";
    text += "  (void)a0; (void)a1; (void)a2; (void)a3;\n";
    // The registers of all members, as [] (a value for C++); a member spills and reloads
    // those of its own live where it does (spill_mark), so an entry sets none of them.
    for (const std::uint32_t r : view.registers) text += fmt::format("  Cell r{} = kNil;\n", r);
  }
  text += "  bool blocked = false;\n";
  text += "  std::size_t mark = 0;\n";
  text += "  (void)mark;\n";
  text += "  bool noted = false;  // a variable was noted as blocking (cleared at the commit)\n";
  if (view.shared_take) text += "  Cell taken = 0;  // the goal take_in_cluster takes\n";
  std::map<std::size_t, vm::PredicateId> loop_sites;  // a loop's count site: whose loop it is
  bool locals = false;
  for (const PredicateEmitter& m : members) {
    if (!m.locals()) continue;
    locals = true;
    for (const std::size_t site : m.loop_sites()) loop_sites.emplace(site, m.id());
  }
  if (locals) {
    // The time slice left, in a C++ variable while a member that keeps it there runs (its
    // last calls count it down in a register); f.slice holds it wherever something else may
    // read or change it: before a call of another function, a return to the loop, a
    // reservation.
    text += "  std::uint32_t slice = f.slice;\n";
    text += "  (void)slice;\n";
    // The end of the heap for the bodies' room tests (Heap::native_limit), read again
    // wherever a collection may have moved it (the registers' reload).
    text += "  const Cell* room_limit = iu.heap.native_limit();\n";
    text += "  (void)room_limit;\n";
  }
  if (!alone) {
    text += "  switch (f.member) {\n";
    for (std::size_t j = 0; j < members.size(); ++j) {
      const vm::PredicateId id = members[j].id();
      const vm::Predicate& p = image.predicates[id];
      text += fmt::format("    case {}:  // {}\n", j, name(id));
      for (std::uint32_t i = 0; i < p.arity; ++i) text += fmt::format("      r{} = {};\n", argument(p, i), value(i));
      text += fmt::format("      goto {};\n", PredicateEmitter::label_of(id, "entry"));
    }
    text += "    default:\n      __builtin_unreachable();\n  }\n";
  }
  for (PredicateEmitter& m : members) {
    if (!alone) text += fmt::format("// {}\n", name(m.id()));
    text += m.code(view);
  }
  if (view.shared_take) text += take_in_cluster(members, image, view);
  text += "}\n";
  return loop_sites.empty() ? text : PredicateEmitter::with_loop_counts(text, loop_sites);
}

/// The call of predicate `id`'s function with argument `a` given by `argument(a)`: the first
/// kRegisterArguments as C++ arguments, the rest in the frame (the lines before the return).
template <class Argument>
std::string tail_call(std::size_t id, std::uint32_t arity, const Argument& argument) {
  std::vector<std::string> args;
  std::string text;
  for (std::uint32_t a = 0; a < arity; ++a) {
    if (a < kRegisterArguments) {
      args.push_back(argument(a));
    } else {
      text += fmt::format("  f.extra[{}] = {};\n", a, argument(a));
    }
  }
  while (args.size() < kRegisterArguments) args.emplace_back("0");
  return text + fmt::format("  return p{}(iu, {});\n", id, fmt::join(args, ", "));
}

/// The predicates made native: the program's own, and the library's they call (directly or
/// through others); the rest of the library stays interpreted (a goal of it, from call/1 or a
/// query, runs as before). Not the queries a REPL ran before (`$queryN`: a later query may take
/// over the predicate with other code).
std::vector<bool> compiled_predicates(const vm::CodeImage& image, const GoalsMade& goals) {
  const std::size_t n = image.predicates.size();
  const auto has_clauses = [&](std::size_t i) {
    const vm::Predicate& p = image.predicates[i];
    return p.builtin == vm::kNoBuiltin && !p.index.all.empty() && !p.name.starts_with("$query");
  };
  std::vector<bool> native(n, false);
  std::vector<std::size_t> work;
  for (std::size_t i = 0; i < n; ++i) {
    if (has_clauses(i) && !image.predicates[i].from_library) {
      native[i] = true;
      work.push_back(i);
    }
  }
  while (!work.empty()) {
    const auto id = static_cast<vm::PredicateId>(work.back());
    work.pop_back();
    for (const GoalMade& g : goals.of(id)) {
      if (g.target < n && !native[g.target] && has_clauses(g.target)) {
        native[g.target] = true;
        work.push_back(g.target);
      }
    }
  }
  return native;
}

}  // namespace

ClauseText clause_text_of(const std::vector<std::pair<std::string, std::string>>& sources) {
  auto by_file = std::make_shared<std::map<std::string, std::string>>();
  for (const auto& [file, text] : sources) by_file->emplace(file, text);
  return [by_file](const vm::SourceRef& ref) {
    const auto it = by_file->find(ref.file);
    if (it == by_file->end() || ref.span.begin.line == 0) return std::string();
    std::istringstream in(it->second);
    std::string result;
    std::string line;
    for (std::uint32_t n = 1; std::getline(in, line); ++n) {
      if (n < ref.span.begin.line) continue;
      if (n > ref.span.end.line) break;
      result += line + "\n";
    }
    return result;
  };
}

std::string emit_cpp(const vm::CodeImage& image, const vm::AtomTable& atoms,
                     const ClauseText& clause_text) {
  const GoalsMade goals(image);
  const std::vector<bool> native = compiled_predicates(image, goals);
  const std::vector<std::vector<vm::PredicateId>> clusters = predicate_clusters(image, native, goals);
  std::vector<std::size_t> cluster_of(image.predicates.size(), clusters.size());
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    for (const vm::PredicateId id : clusters[k]) cluster_of[id] = k;
  }
  std::vector<vm::NativeSite> sites;
  std::string text;
  text += "// Native code generated by `fleng build` (native/cpp_emitter.cpp) from the program's\n";
  text += "// UNIRED code: one function per predicate, or per cluster of predicates that call one\n";
  text += "// another. Do not edit; build the program again.\n";
  text += "#include \"vm/native_access.hpp\"\n\n";
  text += "#pragma GCC diagnostic ignored \"-Wunused-label\"\n\n";
  text += "namespace {\n\n";
  text += "using namespace fleng::vm;\n";
  // native_cells' tag tests over vm's (declared here, they hide those of the directive).
  text += "using native_cells::is_var_contents;\nusing native_cells::is_int;\nusing native_cells::is_atom;\n"
          "using native_cells::is_cons;\nusing native_cells::is_struct;\nusing native_cells::is_box;\n\n";
  // A predicate alone has a function p<id>; the members of a cluster share c<k>, which their
  // p<id> call.
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    if (clusters[k].size() == 1) {
      text += fmt::format("NativeOutcome p{}(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3);\n", clusters[k][0]);
      continue;
    }
    text += fmt::format("NativeOutcome c{}(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3);\n", k);
    for (std::size_t j = 0; j < clusters[k].size(); ++j) {
      text += fmt::format(
          "inline NativeOutcome p{}(Iu& iu, Cell a0, Cell a1, Cell a2, Cell a3) {{ "
          "NativeAccess::frame(iu).member = {}; return c{}(iu, a0, a1, a2, a3); }}\n",
          clusters[k][j], j, k);
    }
  }
  text += "\n";
  std::string functions;
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    std::vector<PredicateEmitter> members;
    for (const vm::PredicateId id : clusters[k]) {
      members.emplace_back(image, atoms, id, native, cluster_of, clause_text, sites);
      members.back().emit();
    }
    functions += emit_function(members, image, k);
    functions += "\n";
  }
  text += fmt::format("std::uint64_t site_counts[{}];  // the runs of each count site (kSites)\n\n",
                      std::max<std::size_t>(sites.size(), 1));
  text += functions;
  // Entries from the loop: the arguments from the registers.
  for (std::size_t i = 0; i < image.predicates.size(); ++i) {
    if (!native[i]) continue;
    const vm::Predicate& p = image.predicates[i];
    text += fmt::format("NativeOutcome e{}(Iu& iu, NativeFrame& f) {{\n", i);
    text += "  [[maybe_unused]] Cell* const R = NativeAccess::registers(iu);\n";
    text += "  NativeAccess::clear_blocked(iu);  // (what the interpreter left)\n";
    text += tail_call(i, p.arity, [&](std::uint32_t a) {
      return fmt::format("R[{}]", p.arg_registers.empty() ? a : p.arg_registers[a]);
    });
    text += "}\n";
  }
  // Entries for a goal taken from the pool: the arguments from its record.
  std::vector<bool> goal_entry(image.predicates.size(), false);
  for (std::size_t i = 0; i < image.predicates.size(); ++i) {
    const vm::Predicate& p = image.predicates[i];
    if (native[i]) {
      goal_entry[i] = true;
      text += fmt::format("NativeOutcome g{}(Iu& iu, NativeFrame& f, Cell goal) {{\n", i);
      text += fmt::format("  NativeAccess::take_goal<{}>(iu, f, goal);\n", image.random_used);
      text += "  [[maybe_unused]] const Cell* const a = NativeAccess::goal_args(goal);\n";
      text += tail_call(i, p.arity, [](std::uint32_t a) { return fmt::format("a[{}]", a); });
      text += "}\n";
    } else if (builtin_goal_fast_path(image, i)) {
      // A builtin function with a fast path (the loop's own for such goals): taken only when
      // the fast path applies, else left to the loop.
      goal_entry[i] = true;
      text += fmt::format("NativeOutcome g{}(Iu& iu, NativeFrame& f, Cell goal) {{  // {}\n", i,
                          predicate_label(image, i));
      text += "  const Cell* const a = NativeAccess::goal_args(goal);\n";
      for (const std::string& l : builtin_goal_step(image, i, "return NativeAccess::next_goal(iu, f);")) {
        text += "  " + l + "\n";
      }
      text += "  return NativeOutcome::Done;\n}\n";
    }
  }
  text += "\nconst NativeGoalEntry kGoalEntries[] = {\n";
  for (std::size_t i = 0; i < image.predicates.size(); ++i) {
    text += goal_entry[i] ? fmt::format("    &g{},  // {}\n", i, predicate_label(image, i))
                          : fmt::format("    &NativeAccess::to_loop,  // {}\n", predicate_label(image, i));
  }
  if (image.predicates.empty()) text += "    &NativeAccess::to_loop,\n";
  text += "};\n";
  text += "\nconst NativeEntry kEntries[] = {\n";
  for (std::size_t i = 0; i < image.predicates.size(); ++i) {
    text += native[i] ? fmt::format("    &e{},  // {}/{}\n", i, comment_safe(image.predicates[i].name),
                                    image.predicates[i].arity)
                      : fmt::format("    nullptr,  // {}/{}\n", comment_safe(image.predicates[i].name),
                                    image.predicates[i].arity);
  }
  if (image.predicates.empty()) text += "    nullptr,\n";
  text += "};\n";
  // What each count site stands for: reductions, builtin calls, goals spawned.
  text += "\nconst NativeSite kSites[] = {\n";
  for (const vm::NativeSite& site : sites) {
    text += fmt::format("    {{{}, {}, {}}},\n", site.reductions, site.builtin_calls, site.goals_spawned);
  }
  if (sites.empty()) text += "    {0, 0, 0},\n";
  text += "};\n";
  text += "\n}  // namespace\n\n";
  text += "const fleng::vm::NativeProgram& fleng_native_program() {\n";
  const auto extent = vm::ImageExtent::of(image);
  text += fmt::format(
      "  static const fleng::vm::NativeProgram program{{0x{:x}ULL, {{{}, {}, {}, {}}}, kEntries, "
      "kGoalEntries, NativeAccess::kGoalSwitches, {}, kSites, site_counts, {}}};\n",
      vm::image_fingerprint(image, extent), extent.code_size, extent.predicate_count,
      extent.constant_count, extent.number_count, image.random_used ? "true" : "false",
      sites.size());
  text += "  return program;\n}\n";
  return text;
}

}  // namespace fleng::native
