// The copying collector of one IU's heap (Cheney's algorithm): everything reachable from the
// roots is copied to the other semispace, breadth first, and the old space is released.
// Roots: the registers, the goal pool and the preempted queue, the registry of suspended goals
// (goals whose hooks went stale are dropped from it), the variables blocking the current goal,
// the current goal, Iu::roots and the caller's extra cells. Bound variables are short-cut
// (a REF to a bound variable becomes the value), so binding chains do not survive a collection.
// Only cells of the heaps being collected move; pointers elsewhere are left as they are. On the
// simulated machine all the IUs' heaps are collected together (collect_together), since
// pointers cross between them.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "vm/goal_record.hpp"
#include "vm/iu.hpp"

namespace fleng::vm {

class Collector {
 public:
  /// Collects the heaps given (indexed by IU number; null for IUs not collected).
  explicit Collector(std::vector<Heap*> heaps) : heaps_(std::move(heaps)) {
    for (Heap* heap : heaps_) {
      if (heap != nullptr) heap->begin_collection();
    }
    scan_.resize(heaps_.size(), nullptr);
    pending_.resize(heaps_.size(), 0);
    std::size_t collected = 0;
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      if (heaps_[i] != nullptr) {
        scan_[i] = heaps_[i]->space_begin();
        solo_ = heaps_[i];
        ++collected;
      }
      note_copy(static_cast<unsigned>(i));  // the roots are copied before the scan
    }
    if (collected != 1) solo_ = nullptr;
  }

  /// The new value of a cell (copying what it points to on first sight). Half the cells a
  /// collection looks at hold no pointer (small integers, atoms): they are answered here, inline,
  /// without the call of the rest (evacuate_pointer).
  [[gnu::always_inline]] Cell evacuate(Cell c) { return is_pointer(c) ? evacuate_pointer(c) : c; }

  /// Scans the copied objects of every heap until none is left unscanned. Only the heaps with
  /// objects to scan are visited (a list whose cells alternate between two of 64 IUs used to
  /// take a pass over all 64 heaps per cell: seconds per collection).
  void scan() {
    while (!to_scan_.empty()) {
      const unsigned i = to_scan_.back();
      to_scan_.pop_back();
      Heap* const heap = heaps_[i];
      Cell* at = scan_[i];
      while (at < heap->top()) at = scan_one(at);
      scan_[i] = at;
      pending_[i] = 0;  // (copies into heap i while it was scanned are scanned above)
    }
  }

  /// Ends the collection of every heap, each keeping `headroom` free cells if it can.
  void finish(std::size_t headroom) {
    for (Heap* heap : heaps_) {
      if (heap != nullptr) heap->end_collection(headroom);
    }
  }

 private:
  [[gnu::noinline]] Cell evacuate_pointer(Cell c) {
    for (;;) {
      if (!is_pointer(c)) return c;
      const unsigned owner = iu_of(c);
      Cell* p = address_of(c);
      // One heap collected (an IU's own collection): its old space is the only one to look at.
      Heap* heap = solo_;
      if (heap == nullptr) heap = owner < heaps_.size() ? heaps_[owner] : nullptr;
      if (heap == nullptr || !heap->in_old_space(p)) return c;
      const Cell first = *p;
      if (is_forward(first)) return make_pointer(tag_of(c), forward_address(first), owner);
      switch (tag_of(c)) {
        case Tag::Ref: {
          if (!is_var_contents(first)) {  // bound: short-cut to the value
            c = first;
            continue;
          }
          Cell* to = heap->allocate(1);
          to[0] = first;  // hooks are evacuated when the copy is scanned
          *p = make_forward(to);
          note_copy(owner);
          return make_pointer(Tag::Ref, to, owner);
        }
        case Tag::Cons: return copy_list_cell(*heap, c, p);
        case Tag::Struct:
        case Tag::Box:
          // (A structure's header is a functor's, never a goal record's.)
          if (header_kind(first) == BoxKind::Goal && goal_record::has_slot_variables(c)) [[unlikely]] {
            return copy_goal_with_slot_variables(*heap, c, p, 1 + header_size(first));
          }
          return copy(*heap, c, p, 1 + header_size(first));
        default: return c;
      }
    }
  }

  Cell* scan_one(Cell* scan) {
    const Cell c = *scan;
    if (is_header(c)) {
      const BoxKind kind = header_kind(c);
      // Floats and wide integers carry a raw payload; a goal record's origin and lineage are
      // integers, its lineage left unwritten by compiled code that keeps no keys
      // (goal_record.hpp); other fields after a header are cells.
      if (kind == BoxKind::Goal) return scan + goal_record::kHeaderCells;
      return kind == BoxKind::Float || kind == BoxKind::Int64 ? scan + 2 : scan + 1;
    }
    if (is_var_contents(c)) {
      const Cell hooks = hooks_of(c);
      if (hooks != 0) *scan = make_var_contents(evacuate(retag(hooks, Tag::Box)));
      return scan + 1;
    }
    *scan = evacuate(c);
    return scan + 1;
  }

  [[gnu::always_inline]] Cell copy(Heap& heap, Cell c, Cell* from, std::size_t n) {
    Cell* to = heap.allocate(n);
    // Most objects are a few cells (a list cell, a float, a small structure): a loop, not a
    // call of memmove.
    for (std::size_t k = 0; k < n; ++k) to[k] = from[k];
    *from = make_forward(to);
    note_copy(iu_of(c));
    return make_pointer(tag_of(c), to, iu_of(c));
  }

  /// copy() of a list cell, whose tail may be an unbound variable in the cell itself
  /// (vm/terms.hpp, field_term), reached also by REFs to the tail field. Moved with the cell, the
  /// old field forwards to the new one, so that such a REF met later follows it. A REF met first
  /// moved the variable out into a cell of its own (evacuate_pointer) and left the field
  /// forwarding there: the copy's tail is then a REF to that cell.
  Cell copy_list_cell(Heap& heap, Cell c, Cell* from) {
    const Cell tail = from[1];
    const Cell moved = copy(heap, c, from, 2);
    if (is_header(tail)) {
      address_of(moved)[1] = make_pointer(Tag::Ref, forward_address(tail), iu_of(c));
    } else if (is_var_contents(tail)) {
      from[1] = make_forward(address_of(moved) + 1);
    }
    return moved;
  }

  /// copy() of a goal record with slot variables (goal_record.hpp): each variable still
  /// unbound moves with the record, its old slot forwarding to the new one for the REFs to it
  /// met later; a slot a REF met first forwards to the cell its variable moved into
  /// (evacuate_pointer), and the copy's slot becomes a REF to that cell, as copy_list_cell does
  /// for a list cell's tail. The header cells after the first are not looked at (the lineage
  /// cell may hold anything: goal_record.hpp).
  [[gnu::noinline]] Cell copy_goal_with_slot_variables(Heap& heap, Cell c, Cell* from, std::size_t n) {
    const Cell moved = copy(heap, c, from, n);
    Cell* const to = address_of(moved);
    for (std::size_t k = goal_record::kHeaderCells; k < n; ++k) {
      const Cell slot = from[k];
      if (is_var_contents(slot)) {
        from[k] = make_forward(to + k);
      } else if (is_header(slot)) {
        to[k] = make_pointer(Tag::Ref, forward_address(slot), iu_of(c));
      }
    }
    return moved;
  }

  /// Heap `i` has copied objects to scan. Called for every copy; the heap being scanned is
  /// pending already, so the common case is one byte tested.
  [[gnu::always_inline]] void note_copy(unsigned i) {
    if (pending_[i] != 0) return;
    note_first_copy(i);
  }
  void note_first_copy(unsigned i) {
    if (heaps_[i] == nullptr) return;
    pending_[i] = 1;
    to_scan_.push_back(i);
  }

  std::vector<Heap*> heaps_;
  Heap* solo_ = nullptr;            // the one heap collected, when only one is
  std::vector<Cell*> scan_;
  std::vector<char> pending_;       // in to_scan_ (or being scanned)
  std::vector<unsigned> to_scan_;   // heaps with objects copied and not scanned yet
};

void Iu::evacuate_roots(Collector& gc) {
  // (the constant registers hold atoms and small integers: nothing to move)
  for (std::size_t i = 0; i < kConstantRegisterBase; ++i) registers_[i] = gc.evacuate(registers_[i]);
  for (Cell& g : pool_) g = gc.evacuate(g);
  for (Cell& g : preempted_) g = gc.evacuate(g);
  for (Sleeper& s : sleepers_) s.goal = gc.evacuate(s.goal);
  for (Cell& v : blocked_) v = gc.evacuate(v);
  for (Cell& r : roots) r = gc.evacuate(r);
  if (current_goal_ != 0) current_goal_ = gc.evacuate(current_goal_);
  ground_resume_.clear();  // an optimisation only: the next wake-up scans from the start
  // The registry keeps only goals still suspended under the recorded generation.
  std::vector<Cell> registry;
  registry.reserve(suspended_.size());
  for (std::size_t i = 0; i < suspended_.size();) {
    const Cell goal = suspended_[i];
    const std::int64_t generation = small_int_value(suspended_[i + 1]);
    const auto n = static_cast<std::size_t>(small_int_value(suspended_[i + 2]));
    // The state is in the record's header, which forwards to the copy if this collection has
    // moved the record already (from a hook, a root).
    const Cell first = goal_record::cells(goal)[0];
    const std::int64_t state = header_aux(is_forward(first) ? *forward_address(first) : first);
    if (goal_record::is_suspended(state) && goal_record::generation(state) == generation) {
      registry.push_back(gc.evacuate(goal));
      registry.push_back(suspended_[i + 1]);
      registry.push_back(suspended_[i + 2]);
      for (std::size_t k = 0; k < n; ++k) registry.push_back(gc.evacuate(suspended_[i + 3 + k]));
    }
    i += 3 + n;
  }
  suspended_ = std::move(registry);
}

void collect_together(const std::vector<Iu*>& ius, const std::vector<Cell*>& extra,
                      std::size_t headroom) {
  std::vector<Heap*> heaps;
  for (Iu* iu : ius) heaps.push_back(iu != nullptr ? &iu->heap : nullptr);
  Collector gc(std::move(heaps));
  for (Iu* iu : ius) {
    if (iu != nullptr) iu->evacuate_roots(gc);
  }
  for (Cell* cell : extra) *cell = gc.evacuate(*cell);
  gc.scan();
  gc.finish(headroom);
}

void Iu::collect(std::size_t need, Cell* extra, std::size_t extra_count) {
  std::vector<Heap*> heaps(index_ + 1, nullptr);
  heaps[index_] = &heap;
  Collector gc(std::move(heaps));
  evacuate_roots(gc);
  for (std::size_t i = 0; i < extra_count; ++i) extra[i] = gc.evacuate(extra[i]);
  gc.scan();
  // Room for a while beyond the need: 2^16 cells, an eighth of a heap limited to less.
  gc.finish(need + std::min(std::size_t{1} << 16, heap.max_cells() / 8));
}

namespace {

/// Cells as bytes, in KiB or MiB.
std::string size_text(std::size_t cells) {
  const double bytes = static_cast<double>(cells * sizeof(Cell));
  if (bytes < 1024.0 * 1024.0) return fmt::format("{:.1f} KiB", bytes / 1024.0);
  return fmt::format("{:.1f} MiB", bytes / (1024.0 * 1024.0));
}

}  // namespace

bool Iu::ensure_heap(std::size_t cells, Cell* extra, std::size_t extra_count) {
  if (heap.free_cells() >= cells) return true;
  if (remote_ != nullptr) {
    // On a machine of several IUs other IUs point into this heap: it is collected only with
    // all the others, at a quiet point (kernel/sim_machine.cpp, kernel/threads_machine.cpp),
    // never in the middle of a reduction. Until then it grows in place, up to its limit.
    if (heap.grow(cells)) return true;
    set_error(fmt::format("heap of IU {} exhausted in the middle of a reduction: {} in use "
                          "(collected only between reductions), the limit is {} (--heap MiB, or "
                          "--set heap_cells=N)",
                          index_, size_text(heap.used_cells()), size_text(heap.max_cells())),
              {}, {});
    return false;
  }
  collect(cells, extra, extra_count);
  if (heap.free_cells() >= cells) return true;
  set_error(fmt::format("heap exhausted: {} live after garbage collection, {} more needed, "
                        "the limit is {} (--heap)",
                        size_text(heap.used_cells()), size_text(cells),
                        size_text(heap.max_cells())),
            {}, {});
  return false;
}

}  // namespace fleng::vm
