// Call graph and its components (Tarjan's algorithm, iterative over the program's predicates).
#include "analyzer/call_graph.hpp"

#include <algorithm>
#include <functional>

namespace fleng::analyzer {

namespace {

const frontend::Term& unannotated(const frontend::Term& t) {
  return t.kind == frontend::TermKind::Annotated ? *t.args.front() : t;
}

}  // namespace

CallGraph::CallGraph(const frontend::Program& program) {
  for (const auto& item : program.items) {
    const auto* clause = std::get_if<frontend::Clause>(&item);
    if (clause == nullptr || !clause->head->is_callable()) continue;
    auto& callees = calls_[frontend::predicate_of(*clause)];
    for (const auto& goal : clause->body) {
      const auto& g = unannotated(*goal.term);
      if (g.is_callable()) callees.insert(frontend::PredicateKey{g.text, g.arity()});
    }
  }
  // Tarjan: index and low-link per node; a component is popped when its root finishes.
  std::map<frontend::PredicateKey, int> index;
  std::map<frontend::PredicateKey, int> low;
  std::vector<frontend::PredicateKey> stack;
  std::set<frontend::PredicateKey> on_stack;
  int counter = 0;
  int components = 0;
  std::function<void(const frontend::PredicateKey&)> visit = [&](const frontend::PredicateKey& v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack.insert(v);
    for (const auto& w : calls_[v]) {
      if (!calls_.contains(w)) continue;  // builtins and undefined predicates: leaves
      if (!index.contains(w)) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (on_stack.contains(w)) {
        low[v] = std::min(low[v], index[w]);
      }
    }
    if (low[v] == index[v]) {
      std::vector<frontend::PredicateKey> members;
      for (;;) {
        const auto w = stack.back();
        stack.pop_back();
        on_stack.erase(w);
        component_[w] = components;
        members.push_back(w);
        if (w == v) break;
      }
      ++components;
      if (members.size() > 1 || calls_[v].contains(v)) {
        recursive_.insert(members.begin(), members.end());
      }
    }
  };
  std::vector<frontend::PredicateKey> keys;
  for (const auto& [key, callees] : calls_) keys.push_back(key);
  for (const auto& key : keys) {
    if (!index.contains(key)) visit(key);
  }
}

bool CallGraph::recursive(const frontend::PredicateKey& key) const {
  return recursive_.contains(key);
}

bool CallGraph::same_component(const frontend::PredicateKey& a,
                               const frontend::PredicateKey& b) const {
  if (a == b) return true;
  const auto ia = component_.find(a);
  const auto ib = component_.find(b);
  return ia != component_.end() && ib != component_.end() && ia->second == ib->second;
}

bool CallGraph::reaches(const frontend::PredicateKey& from, const frontend::PredicateKey& to) const {
  std::set<frontend::PredicateKey> seen{from};
  std::vector<frontend::PredicateKey> unvisited{from};  // reached, callees not yet followed
  while (!unvisited.empty()) {
    const frontend::PredicateKey v = unvisited.back();
    unvisited.pop_back();
    if (v == to) return true;
    const auto it = calls_.find(v);
    if (it == calls_.end()) continue;
    for (const auto& w : it->second) {
      if (seen.insert(w).second) unvisited.push_back(w);
    }
  }
  return false;
}

}  // namespace fleng::analyzer
