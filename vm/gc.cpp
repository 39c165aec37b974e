// The copying collector of one IU's heap (Cheney's algorithm): everything reachable from the
// roots is copied to the other semispace, breadth first, and the old space is released.
// Roots: the registers, the goal pool and the preempted queue, the registry of suspended goals
// (goals whose hooks went stale are dropped from it), the variables blocking the current goal,
// the current goal, Iu::roots and the caller's extra cells. Bound variables are short-cut
// (a REF to a bound variable becomes the value), so binding chains do not survive a collection.
// Only cells of this IU's old space move; pointers elsewhere are left as they are.
#include <algorithm>

#include <fmt/format.h>

#include "vm/goal_record.hpp"
#include "vm/iu.hpp"

namespace fleng::vm {

class Collector {
 public:
  explicit Collector(Heap& heap) : heap_(heap) {}

  /// The new value of a cell (copying what it points to on first sight).
  Cell evacuate(Cell c) {
    for (;;) {
      if (!is_pointer(c)) return c;
      Cell* p = address_of(c);
      if (!heap_.in_old_space(p)) return c;
      const Cell first = *p;
      if (is_forward(first)) return make_pointer(tag_of(c), forward_address(first), iu_of(c));
      switch (tag_of(c)) {
        case Tag::Ref: {
          if (!is_var_contents(first)) {  // bound: short-cut to the value
            c = first;
            continue;
          }
          Cell* to = heap_.allocate(1);
          to[0] = first;  // hooks are evacuated when the copy is scanned
          *p = make_forward(to);
          return make_pointer(Tag::Ref, to, iu_of(c));
        }
        case Tag::Cons: return copy(c, p, 2);
        case Tag::Struct:
        case Tag::Box: return copy(c, p, 1 + header_size(first));
        default: return c;
      }
    }
  }

  /// Scans the copied objects until none is left unscanned.
  void scan() {
    Cell* scan = heap_.space_begin();
    while (scan < heap_.top()) {
      const Cell c = *scan;
      if (is_header(c)) {
        const BoxKind kind = header_kind(c);
        if (kind == BoxKind::Float || kind == BoxKind::Int64) {
          scan += 2;  // raw payload
          continue;
        }
        ++scan;  // the fields after the header are cells
        continue;
      }
      if (is_var_contents(c)) {
        const Cell hooks = hooks_of(c);
        if (hooks != 0) *scan = make_var_contents(evacuate(retag(hooks, Tag::Box)));
        ++scan;
        continue;
      }
      *scan = evacuate(c);
      ++scan;
    }
  }

 private:
  Cell copy(Cell c, Cell* from, std::size_t n) {
    Cell* to = heap_.allocate(n);
    std::copy(from, from + n, to);
    *from = make_forward(to);
    return make_pointer(tag_of(c), to, iu_of(c));
  }

  Heap& heap_;
};

void Iu::collect(std::size_t need, Cell* extra, std::size_t extra_count) {
  heap.begin_collection();
  Collector gc(heap);
  for (Cell& r : registers_) r = gc.evacuate(r);
  for (Cell& g : pool_) g = gc.evacuate(g);
  for (Cell& g : preempted_) g = gc.evacuate(g);
  for (Cell& v : blocked_) v = gc.evacuate(v);
  for (Cell& r : roots) r = gc.evacuate(r);
  for (std::size_t i = 0; i < extra_count; ++i) extra[i] = gc.evacuate(extra[i]);
  if (current_goal_ != 0) current_goal_ = gc.evacuate(current_goal_);
  // The registry keeps only goals still suspended under the recorded generation.
  std::vector<Cell> registry;
  registry.reserve(suspended_.size());
  for (std::size_t i = 0; i < suspended_.size();) {
    const Cell goal = suspended_[i];
    const std::int64_t generation = small_int_value(suspended_[i + 1]);
    const auto n = static_cast<std::size_t>(small_int_value(suspended_[i + 2]));
    const std::int64_t state = goal_record::state(goal);
    if (goal_record::is_suspended(state) && goal_record::generation(state) == generation) {
      registry.push_back(gc.evacuate(goal));
      registry.push_back(suspended_[i + 1]);
      registry.push_back(suspended_[i + 2]);
      for (std::size_t k = 0; k < n; ++k) registry.push_back(gc.evacuate(suspended_[i + 3 + k]));
    }
    i += 3 + n;
  }
  suspended_ = std::move(registry);
  gc.scan();
  heap.end_collection(need + (std::size_t{1} << 16));
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
    // On the simulated machine other IUs point into this heap: no collection (yet).
    set_error(fmt::format("heap of IU {} exhausted ({} MiB; the simulated machine does not "
                          "collect garbage yet: raise it with --set heap_cells=N)",
                          index_, heap.max_cells() * sizeof(Cell) >> 20U),
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
