// copy_term/2: a copy of a term with fresh variables, the variables it shares shared in the
// copy. It does not wait: the variables unbound when it runs are copied as variables.
//
// Cyclic terms copy as rational trees: like the walks of vm/walk_guard.hpp the copy enters
// compound nodes without remembering them at first, and past kPlainSteps nodes remembers each
// node it has copied and links to that copy when it meets the node again. A cycle is then
// unrolled a number of times and closed (the same rational tree), and a heavily shared term
// (X1 = f(X0, X0), X2 = f(X1, X1), ...) is copied in time linear in its nodes, not its unfolding.
#include <unordered_map>

#include "vm/builtins/support.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_copy_term(Iu& iu, Cell* args, Cell* out) {
  std::unordered_map<Cell, Cell> variables;  // a variable (its REF) -> its copy
  std::unordered_map<Cell, Cell> nodes;      // past kPlainSteps: a compound node -> its copy
  struct Task {
    Cell source;
    Cell* slot;  // where the copy goes (a cell of a node already made, or `result`)
  };
  Cell result = kNil;
  std::vector<Task> tasks{{args[0], &result}};
  std::size_t entered = 0;
  while (!tasks.empty()) {
    const Task task = tasks.back();
    tasks.pop_back();
    const Cell t = deref(task.source);
    if (is_unbound(t)) {
      auto [it, fresh] = variables.try_emplace(t, 0);
      if (fresh) {
        const auto v = make_variable(iu.heap);
        if (!v) return Outcome::NeedHeap;
        it->second = *v;
      }
      *task.slot = it->second;
      continue;
    }
    const bool cons = is_cons(t);
    if (!cons && !is_struct(t) && !is_vector(t)) {
      *task.slot = t;  // atomic (floats and wide integers are immutable boxes: shared)
      continue;
    }
    const bool remember = ++entered > kPlainSteps;
    if (remember) {
      if (const auto it = nodes.find(t); it != nodes.end()) {
        *task.slot = it->second;
        continue;
      }
    }
    const std::uint32_t size = cons ? 2 : header_size(*address_of(t));
    const std::size_t header = cons ? 0 : 1;
    Cell* p = iu.allocate(header + size);
    if (p == nullptr) return Outcome::NeedHeap;
    if (!cons) p[0] = *address_of(t);
    std::fill_n(p + header, size, kNil);  // a well-formed object until its arguments arrive
    const Cell copy = make_pointer(cons ? Tag::Cons : (is_struct(t) ? Tag::Struct : Tag::Box), p,
                                   iu.index());
    if (remember) nodes.emplace(t, copy);
    *task.slot = copy;
    const Cell* from = address_of(t) + header;
    for (std::uint32_t i = size; i-- > 0;) tasks.push_back({from[i], p + header + i});
  }
  iu.charge_work(entered + variables.size());
  return deliver(out, result);
}

}  // namespace fleng::vm
