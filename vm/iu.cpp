// The Inference Unit core: goal records, active unification and binding (with activation of the
// hooked goals), suspension, the registry of suspended goals, and errors.
#include "vm/iu.hpp"

#include <algorithm>
#include <chrono>
#include <ostream>
#include <thread>

#include <fmt/format.h>

#include "vm/goal_record.hpp"
#include "vm/goal_sites.hpp"
#include "vm/lineage.hpp"
#include "vm/term_writer.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm {

namespace {
/// Unused cells after the registers, so that what is allocated next (another IU's data on the
/// threads engine) does not share a cache line with them.
constexpr std::size_t kRegisterPadding = 16;

/// The heap's first usable size: at most half its limit, so that the first collection comes
/// while half the limit is free (as every later one does, Heap::end_collection): a collection
/// that finds the heap crowded then leaves room for the goals it lets run (Iu::crowded_after).
std::size_t first_heap_cells(const IuOptions& options) {
  return std::min(options.initial_heap_cells, options.max_heap_cells / 2);
}
}  // namespace

Iu::Iu(AtomTable& atoms_table, CodeImage& code_image, std::ostream& output, unsigned index,
       unsigned count, const IuOptions& options)
    : atoms(atoms_table), image(code_image), out(output),
      heap(index, options.max_heap_cells, first_heap_cells(options), options.populate_heap),
      index_(index),
      count_(count), options_(options), registers_(kConstantRegisterBase + kMaxConstantRegisters + kRegisterPadding, kNil),
      scratch_(kMaxRegisters, kNil), lineage_on_(code_image.random_used) {
  tracing_ = options.trace_goals != nullptr;
  // A step-limited run (tests, fuzzing) overshoots its limit by at most this much.
  if (options_.max_reductions != IuOptions{}.max_reductions) {
    options_.time_slice = std::min(options_.time_slice, kMachineTimeSlice);
  }
  trace_left_ = options.trace_limit;
  heap.set_collect_always(options.gc_stress);
  update_native_poll();
}

Cell Iu::make_goal_record(PredicateId predicate, const Cell* args, std::uint32_t arity,
                          std::uint32_t site) {
  Cell* p = heap.allocate(goal_record::kHeaderCells + arity);
  if (p == nullptr) return 0;
  p[0] = goal_record::header(arity);
  p[1] = goal_record::origin(predicate, site);
  p[2] = goal_record::lineage_cell(lineage_);
  std::copy(args, args + arity, p + goal_record::kHeaderCells);
  return make_pointer(Tag::Box, p, index_);
}

bool Iu::add_goal(PredicateId predicate, const Cell* args, std::uint64_t lineage) {
  const auto arity = image.predicates[predicate].arity;
  lineage_ = lineage;
  if (heap.free_cells() < goal_record::kHeaderCells + arity) {
    std::vector<Cell> copy(args, args + arity);
    if (!ensure_heap(goal_record::kHeaderCells + arity, copy.data(), copy.size())) return false;
    const Cell goal = make_goal_record(predicate, copy.data(), arity);
    push(goal);
    return true;
  }
  push(make_goal_record(predicate, args, arity));
  return true;
}

double Iu::now_seconds() const {
  if (remote_ != nullptr) {
    if (const auto simulated = remote_->simulated_seconds(*this)) return *simulated;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - options_.started).count();
}

Cell Iu::make_builtin_goal(PredicateId predicate, const Cell* args) {
  const Cell goal = make_goal_record(predicate, args, image.predicates[predicate].arity);
  if (goal == 0) return 0;
  goal_record::cells(goal)[1] = goal_record::origin(predicate, builtin_site_);
  goal_record::cells(goal)[2] = goal_record::lineage_cell(builtin_key_);
  ++counters.goals_spawned;
  return goal;
}

bool Iu::spawn_goal(PredicateId predicate, const Cell* args) {
  const Cell goal = make_builtin_goal(predicate, args);
  if (goal == 0) return false;
  push(goal);
  return true;
}

bool Iu::spawn_goal_on_node(std::uint64_t node, PredicateId predicate, const Cell* args) {
  if (remote_ == nullptr) return spawn_goal(predicate, args);
  // Naive partitioning (--static off) ignores the program's placements, this one included.
  const unsigned where = remote_->static_partitioning() ? static_cast<unsigned>(node % count_)
                                                        : remote_->least_loaded(*this);
  if (where == index_) return spawn_goal(predicate, args);
  const auto arity = image.predicates[predicate].arity;
  const std::size_t cells = goal_record::kHeaderCells + arity;
  // The simulated NIP writes the record into the target's heap; on host threads it is made
  // here and the target copies it into its own (only an IU writes its own heap).
  const bool here = !remote_->writes_remote_heaps();
  Cell* p = here ? heap.allocate(cells) : remote_->allocate_on(*this, where, cells);
  if (p == nullptr) return false;
  p[0] = goal_record::header(arity);
  p[1] = goal_record::origin(predicate, builtin_site_);
  p[2] = goal_record::lineage_cell(builtin_key_);
  std::copy(args, args + arity, p + goal_record::kHeaderCells);
  ++counters.goals_spawned;
  remote_->send_goal(*this, where, make_pointer(Tag::Box, p, here ? index_ : where));
  return true;
}

void Iu::start_timer(double seconds, Cell goal) {
  const auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(seconds));
  if (remote_ != nullptr && remote_->start_timer(*this, seconds, goal, deadline)) return;
  // Kept in deadline order (ties: the order they were started), so that waking looks at the
  // front only.
  const auto at = std::upper_bound(
      sleepers_.begin(), sleepers_.end(), deadline,
      [](std::chrono::steady_clock::time_point d, const Sleeper& s) { return d < s.deadline; });
  sleepers_.insert(at, Sleeper{deadline, goal});
  update_native_poll();
}

void Iu::wake_sleepers() {
  const auto now = std::chrono::steady_clock::now();
  if (sleepers_.empty() || sleepers_.front().deadline > now) return;
  std::size_t due = 0;
  while (due < sleepers_.size() && sleepers_[due].deadline <= now) ++due;
  // On top of the pool, the earliest on top: a due timer runs next.
  for (std::size_t k = due; k > 0; --k) pool_.push_back(sleepers_[k - 1].goal);
  sleepers_.erase(sleepers_.begin(), sleepers_.begin() + static_cast<std::ptrdiff_t>(due));
  update_native_poll();
}

void Iu::sleep_until_first_timer() {
  if (sleepers_.empty()) return;
  const auto until = std::min(sleepers_.front().deadline,
                              std::chrono::steady_clock::now() + std::chrono::milliseconds(20));
  std::this_thread::sleep_until(until);
}

bool Iu::spawn_goal_later(PredicateId predicate, const Cell* args) {
  const Cell goal = make_builtin_goal(predicate, args);
  if (goal == 0) return false;
  preempted_.push_back(goal);
  return true;
}

// --- binding and activation ------------------------------------------------------------------

void Iu::activate_hooks(Cell hooks) {
  Cell hook = hooks;
  while (hook != 0 && hook != kNil) {
    Cell* h = address_of(hook);
    const Cell goal = h[1];
    const std::int64_t generation = small_int_value(h[2]);
    if (remote_ != nullptr && iu_of(goal) != index_) {
      remote_->activate(*this, hook);  // the goal's own IU decides (`activate`)
    } else {
      activate_goal(goal, generation);
    }
    hook = h[3];
  }
}

void Iu::activate_goal(Cell goal, std::int64_t generation) {
  const std::int64_t state = goal_record::state(goal);
  if (goal_record::is_suspended(state) && goal_record::generation(state) == generation) {
    goal_record::set_state(goal, (generation + 1) * 2);
    --suspended_live_;
    ++counters.activations;
    if (simulated_) remote_->charge_activate(*this);
    if (tracing_) [[unlikely]] trace_wake(goal);
    push(goal);
  }
}

Cell Iu::take_oldest_goal() {
  if (!preempted_.empty()) {
    const Cell goal = preempted_.front();
    preempted_.pop_front();
    return goal;
  }
  if (!pool_.empty()) {
    const Cell goal = pool_.front();
    pool_.erase_oldest(1);
    return goal;
  }
  return 0;
}

void Iu::take_oldest_goals(std::size_t n, std::vector<Cell>& taken) {
  if (!pool_.empty()) {
    const std::size_t k = std::min(n, pool_.size());
    taken.insert(taken.end(), pool_.begin(), pool_.begin() + static_cast<std::ptrdiff_t>(k));
    pool_.erase_oldest(k);
    return;
  }
  for (; n > 0 && !preempted_.empty(); --n) {
    taken.push_back(preempted_.front());
    preempted_.pop_front();
  }
}

bool Iu::bind_here(Cell variable, Cell value) {
  const Cell v = deref(variable);
  if (!is_unbound(v)) return unify(v, value);  // bound meanwhile: ordinary unification
  if (is_unbound(deref(value)) && deref(value) == v) return true;
  if (iu_of(v) != index_) {
    // Bound meanwhile to a variable of another IU: its owner binds that one (only the owner
    // writes a variable; on host threads it may be hanging a hook on it right now).
    remote_->bind(*this, v, value);
    return true;
  }
  const Cell hooks = hooks_of(*address_of(v));
  store_var_cell(address_of(v), value);
  // A variable bound to another variable passes its goals on by waking them: they match
  // again and suspend on the new one if needed (hooks do not move between IUs).
  if (hooks != 0) activate_hooks(retag(hooks, Tag::Box));
  return true;
}

void Iu::hook_here(Cell variable, Cell hook) {
  const Cell v = deref(variable);
  Cell* h = address_of(hook);
  if (!is_unbound(v) || iu_of(v) != index_) {
    // Bound before the hook arrived (or moved on): the goal runs again at once.
    const Cell goal = h[1];
    if (iu_of(goal) != index_) {
      remote_->activate(*this, hook);
    } else {
      activate_goal(goal, small_int_value(h[2]));
    }
    return;
  }
  Cell* var = address_of(v);
  const Cell old_hooks = hooks_of(*var);
  h[3] = old_hooks != 0 ? retag(old_hooks, Tag::Box) : kNil;
  store_var_cell(var, make_var_contents(hook));
}

void Iu::bind(Cell var_ref, Cell value) {
  if (remote_ != nullptr && iu_of(var_ref) != index_) {
    remote_->bind(*this, var_ref, value);  // the owner's NIP binds it (`bind`)
    return;
  }
  Cell* p = address_of(var_ref);
  const Cell hooks = hooks_of(*p);
  store_var_cell(p, value);
  if (hooks != 0) activate_hooks(retag(hooks, Tag::Box));
}

bool Iu::unify_general(Cell a, Cell b) {
  // Iterative, with an explicit stack of pairs still to unify (kept between calls). A pair of
  // compound terms met again (cyclic or shared terms, once the walk is long) is already being
  // unified: skipping it gives the rational-tree answer and ends the walk (walk_guard.hpp).
  auto& pending = unify_stack_;
  PairGuard guard;
  pending.clear();
  pending.emplace_back(a, b);
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    x = deref(x);
    y = deref(y);
    if (x == y) continue;
    if (is_unbound(x) || is_unbound(y)) {
      if (is_unbound(x) && is_unbound(y)) {
        // Variable-variable: no information; the hooks of one move to the other (docs/engine.md).
        // The higher (IU, address) is bound to the lower, so no cycle can form.
        if (x < y) std::swap(x, y);
        if (remote_ != nullptr && (iu_of(x) != index_ || iu_of(y) != index_)) {
          bind(x, y);  // across IUs the owner binds; its goals wake and re-suspend
          continue;
        }
        Cell* from = address_of(x);
        Cell* to = address_of(y);
        const Cell from_hooks = hooks_of(*from);
        if (from_hooks != 0) {
          Cell last = retag(from_hooks, Tag::Box);
          while (address_of(last)[3] != kNil) last = address_of(last)[3];
          const Cell to_hooks = hooks_of(*to);
          address_of(last)[3] = to_hooks != 0 ? retag(to_hooks, Tag::Box) : kNil;
          store_var_cell(to, make_var_contents(from_hooks));
        }
        store_var_cell(from, y);
        continue;
      }
      if (is_unbound(x)) {
        bind(x, y);
      } else {
        bind(y, x);
      }
      continue;
    }
    if (tag_of(x) != tag_of(y)) return false;
    switch (tag_of(x)) {
      case Tag::Cons:
        if (!guard.enter({x, y})) break;
        pending.emplace_back(cdr(x), cdr(y));
        pending.emplace_back(car(x), car(y));
        break;
      case Tag::Struct: {
        if (*address_of(x) != *address_of(y)) return false;
        if (!guard.enter({x, y})) break;
        const std::uint32_t n = struct_arity(x);
        for (std::uint32_t i = n; i-- > 0;) pending.emplace_back(struct_arg(x, i), struct_arg(y, i));
        break;
      }
      case Tag::Box: {
        const Cell hx = header_of_box(x);
        const Cell hy = header_of_box(y);
        if (header_kind(hx) != header_kind(hy)) return false;
        switch (header_kind(hx)) {
          case BoxKind::Float:
            if (float_value(x) != float_value(y)) return false;
            break;
          case BoxKind::Int64:
            if (integer_value(x) != integer_value(y)) return false;
            break;
          case BoxKind::Vector: {
            if (vector_size(x) != vector_size(y)) return false;
            if (!guard.enter({x, y})) break;
            for (std::uint32_t i = vector_size(x); i-- > 0;) {
              pending.emplace_back(vector_element(x, i), vector_element(y, i));
            }
            break;
          }
          default: return false;
        }
        break;
      }
      default: return false;  // different atoms or integers
    }
  }
  return true;
}

// --- suspension --------------------------------------------------------------------------------

bool Iu::suspend_goal(Cell goal, PredicateId predicate, const Cell* args, std::uint32_t arity) {
  // On the simulated machine a blocking variable may have been bound while this UNIRED waited
  // for a remote read: then the goal runs again instead (no wake-up would ever come).
  bool bound_meanwhile = false;
  for (Cell& v : blocked_) {
    v = deref(v);
    if (!is_unbound(v)) bound_meanwhile = true;
  }
  if (bound_meanwhile) {
    const std::size_t need = goal == 0 ? goal_record::kHeaderCells + arity : 0;
    if (heap.free_cells() < need && !ensure_heap(need)) return false;
    if (goal == 0) goal = make_goal_record(predicate, args, arity, exec_site_);
    blocked_.clear();
    push(goal);
    return true;
  }
  // Each blocking variable once.
  std::sort(blocked_.begin(), blocked_.end());
  blocked_.erase(std::unique(blocked_.begin(), blocked_.end()), blocked_.end());
  const std::size_t need =
      blocked_.size() * goal_record::kHookCells + (goal == 0 ? goal_record::kHeaderCells + arity : 0);
  if (heap.free_cells() < need) {
    // Collect with the goal (or its arguments, which are registers) and the variables as roots.
    current_goal_ = goal;
    if (!ensure_heap(need)) return false;
    goal = current_goal_;
  }
  if (goal == 0) goal = make_goal_record(predicate, args, arity, exec_site_);
  const std::int64_t generation = goal_record::generation(goal_record::state(goal));
  goal_record::set_state(goal, generation * 2 + 1);
  if (tracing_) [[unlikely]] trace_suspend(goal, blocked_);
  suspended_.push_back(goal);
  suspended_.push_back(make_small_int(generation));
  suspended_.push_back(make_small_int(static_cast<std::int64_t>(blocked_.size())));
  for (const Cell v : blocked_) {
    Cell* var = address_of(v);
    Cell* hook = heap.allocate(goal_record::kHookCells);
    hook[0] = make_header(BoxKind::Hook, 3);
    hook[1] = goal;
    hook[2] = make_small_int(generation);
    const Cell hook_cell = make_pointer(Tag::Box, hook, index_);
    if (simulated_) remote_->charge_suspend(*this);
    if (remote_ != nullptr && iu_of(v) != index_) {
      hook[3] = kNil;
      remote_->hook(*this, v, hook_cell);  // the owner's NIP registers it (`suspend`)
    } else {
      const Cell old_hooks = hooks_of(*var);
      hook[3] = old_hooks != 0 ? retag(old_hooks, Tag::Box) : kNil;
      store_var_cell(var, make_var_contents(hook_cell));
    }
    suspended_.push_back(v);
  }
  ++suspended_live_;
  ++counters.suspensions;
  blocked_.clear();
  return true;
}

std::vector<Iu::SuspendedGoal> Iu::suspended_goals() const {
  std::vector<SuspendedGoal> result;
  for (std::size_t i = 0; i < suspended_.size();) {
    const Cell goal = suspended_[i];
    const std::int64_t generation = small_int_value(suspended_[i + 1]);
    const auto n = static_cast<std::size_t>(small_int_value(suspended_[i + 2]));
    const std::int64_t state = goal_record::state(goal);
    if (goal_record::is_suspended(state) && goal_record::generation(state) == generation) {
      SuspendedGoal entry{goal, {}};
      for (std::size_t k = 0; k < n; ++k) entry.variables.push_back(suspended_[i + 3 + k]);
      result.push_back(std::move(entry));
    }
    i += 3 + n;
  }
  return result;
}

std::size_t Iu::suspended_count() const { return suspended_live_; }

void Iu::reset() {
  pool_.clear();
  preempted_.clear();
  sleepers_.clear();
  update_native_poll();
  suspended_.clear();
  suspended_live_ = 0;
  blocked_.clear();
  current_goal_ = 0;
  ground_resume_.clear();
  error_.reset();
  halted_ = false;
  clear_attention();
  halt_code_ = 0;
  interrupt_requested_ = false;
}

// --- errors and halting --------------------------------------------------------------------

void Iu::set_error(std::string message, std::string goal, SourceRef where) {
  if (!error_) error_ = RuntimeError{std::move(message), std::move(goal), std::move(where)};
  raise_attention();
}

Outcome Iu::fail(std::string message) {
  if (!error_) error_ = RuntimeError{std::move(message), {}, {}};
  raise_attention();
  return Outcome::Error;
}

void Iu::request_halt(int code) {
  halted_ = true;
  halt_code_ = code;
  raise_attention();
}

VariableNames Iu::variable_names() const {
  VariableNames names;
  names.own_iu = index_;
  if (machine_heaps_ != nullptr) {
    for (const Heap* h : *machine_heaps_) names.bases.push_back(h->space_begin());
  } else {
    names.bases.assign(index_ + 1, nullptr);
    names.bases[index_] = heap.space_begin();
  }
  return names;
}

VariableNames Iu::goal_variable_names(const Cell* args, std::uint32_t arity,
                                      std::uint32_t site) const {
  VariableNames names = variable_names();
  if (site != 0) {
    if (const auto it = image.goal_sites.find(site); it != image.goal_sites.end()) {
      name_site_variables(it->second, args, arity, names);
    }
  }
  return names;
}

std::string Iu::format_goal(const std::string& name, const Cell* args, std::uint32_t arity,
                            std::uint32_t site) const {
  const VariableNames names = goal_variable_names(args, arity, site);
  const WriteLimits limits{.stop = &interrupt_requested_, .max_chars = kMaxFormatChars};
  const auto text = [&](Cell c) { return write_term(c, atoms, true, &names, limits); };
  // '$on_node'(N, G) as it was written: G @ node(N) (frontend/node_placements.hpp).
  if (name == "$on_node" && arity == 2) return text(args[1]) + " @ node(" + text(args[0]) + ")";
  std::string shown = atom_name_text(name);
  if (arity == 0) return shown;
  shown += '(';
  for (std::uint32_t i = 0; i < arity; ++i) {
    if (i > 0) shown += ", ";
    shown += text(args[i]);
  }
  shown += ')';
  return shown;
}

std::string Iu::format(Cell term) const {
  const VariableNames names = variable_names();
  return write_term(term, atoms, true, &names,
                    WriteLimits{.stop = &interrupt_requested_, .max_chars = kMaxFormatChars});
}

}  // namespace fleng::vm
