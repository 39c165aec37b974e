// copy_term/2: a copy of a term with fresh variables, the variables it shares shared in the
// copy. It does not wait: the variables unbound when it runs are copied as variables.
//
// Cyclic terms copy as rational trees: like the walks of vm/walk_guard.hpp the copy enters
// compound nodes without remembering them at first, and past kPlainSteps nodes remembers each
// node it has copied and links to that copy when it meets the node again. A cycle is then
// unrolled a number of times and closed (the same rational tree), and a heavily shared term
// (X1 = f(X0, X0), X2 = f(X1, X1), ...) is copied in time linear in its nodes, not its unfolding.
//
// The copy is laid out first in a buffer, with the pointers inside it as offsets, and then
// moved to the heap in one allocation: a full heap is found before anything is written, and
// the retry after the collection walks the term again.
#include <unordered_map>

#include "vm/builtins/support.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

/// The copy before it has a place: its cells, and the cells that point inside it.
struct Layout {
  std::vector<Cell> cells;
  struct Link {
    std::size_t from;  // the cell that points (kRoot: the result)
    Tag tag;
    std::size_t to;  // the cell pointed at
  };
  std::vector<Link> links;
  static constexpr std::size_t kRoot = ~std::size_t{0};
};

}  // namespace

Outcome builtin_copy_term(Iu& iu, Cell* args, Cell* out) {
  Layout layout;
  std::unordered_map<Cell, std::size_t> variables;  // a variable (its REF) -> its copy's cell
  std::unordered_map<Cell, Layout::Link> nodes;     // past kPlainSteps: a node -> its copy
  struct Task {
    Cell source;
    std::size_t slot;  // the cell of the layout the copy goes to (kRoot: the result)
  };
  Cell result = kNil;
  std::vector<Task> tasks{{args[0], Layout::kRoot}};
  std::size_t entered = 0;
  while (!tasks.empty()) {
    const Task task = tasks.back();
    tasks.pop_back();
    const Cell t = deref(task.source);
    if (is_unbound(t)) {
      auto [it, fresh] = variables.try_emplace(t, layout.cells.size());
      if (fresh) layout.cells.push_back(make_var_contents());
      layout.links.push_back({task.slot, Tag::Ref, it->second});
      continue;
    }
    const bool cons = is_cons(t);
    if (!cons && !is_struct(t) && !is_vector(t)) {
      // Atomic (floats and wide integers are immutable boxes: shared).
      (task.slot == Layout::kRoot ? result : layout.cells[task.slot]) = t;
      continue;
    }
    const bool remember = ++entered > kPlainSteps;
    if (remember) {
      if (const auto it = nodes.find(t); it != nodes.end()) {
        layout.links.push_back({task.slot, it->second.tag, it->second.to});
        continue;
      }
    }
    const std::uint32_t size = cons ? 2 : header_size(*address_of(t));
    const std::size_t header = cons ? 0 : 1;
    const std::size_t at = layout.cells.size();
    if (!cons) layout.cells.push_back(*address_of(t));
    layout.cells.resize(at + header + size, kNil);
    const Tag tag = cons ? Tag::Cons : (is_struct(t) ? Tag::Struct : Tag::Box);
    if (remember) nodes.emplace(t, Layout::Link{0, tag, at});
    layout.links.push_back({task.slot, tag, at});
    const Cell* from = address_of(t) + header;
    for (std::uint32_t i = size; i-- > 0;) tasks.push_back({field_term(from + i, iu_of(t)), at + header + i});
  }
  Cell* p = iu.allocate(layout.cells.size());
  if (p == nullptr && !layout.cells.empty()) return Outcome::NeedHeap;
  std::copy(layout.cells.begin(), layout.cells.end(), p);
  for (const auto& link : layout.links) {
    const Cell pointer = make_pointer(link.tag, p + link.to, iu.index());
    (link.from == Layout::kRoot ? result : p[link.from]) = pointer;
  }
  iu.charge_work(entered + variables.size());
  return deliver(out, result);
}

}  // namespace fleng::vm
