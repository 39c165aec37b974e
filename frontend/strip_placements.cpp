// Removing placement annotations (see strip_placements.hpp).
#include "frontend/strip_placements.hpp"

#include <functional>
#include <set>

namespace fleng::frontend {

namespace {

/// Replaces every annotated node of `term` by the term it annotates, in place.
void unwrap(TermPtr& term) {
  while (term->kind == TermKind::Annotated) term = std::move(term->args.front());
  for (auto& a : term->args) unwrap(a);
  if (term->tail) unwrap(term->tail);
}

TermPtr stripped(const Term& term) {
  TermPtr copy = clone(term);
  unwrap(copy);
  return copy;
}

/// Replaces the annotated nodes of `term` that `keep` refuses by the term they annotate.
void unwrap_unless(TermPtr& term, const std::function<bool(const Placement&)>& keep) {
  while (term->kind == TermKind::Annotated && !keep(term->placement)) {
    term = std::move(term->args.front());
  }
  for (auto& a : term->args) unwrap_unless(a, keep);
  if (term->tail) unwrap_unless(term->tail, keep);
}

}  // namespace

Program keep_goal_placements(const Program& program) {
  return rewrite_clauses(program, [](const Clause& clause) {
    std::set<std::int64_t> goal_labels;
    for (const auto& g : clause.body) {
      if (g.placement && g.placement->kind != PlacementKind::Local) {
        goal_labels.insert(g.placement->label);
      }
    }
    const auto defines_goal_label = [&](const Placement& p) {
      return (p.kind == PlacementKind::Any || p.kind == PlacementKind::On) &&
             goal_labels.contains(p.label);
    };
    return copy_clause(
        clause,
        [&](const Term& term) {
          TermPtr copy = clone(term);
          unwrap_unless(copy, defines_goal_label);
          return copy;
        },
        true);
  });
}

Program strip_placements(const Program& program) {
  return rewrite_clauses(program, [](const Clause& clause) {
    Clause copy = copy_clause(clause, stripped, false);
    // node(N) stays: its goal waits for N on every engine; naive partitioning then sends it
    // to the least-loaded IU instead of IU N (Iu::spawn_goal_on_node).
    for (std::size_t i = 0; i < clause.body.size(); ++i) {
      const auto& placement = clause.body[i].placement;
      if (placement && placement->kind == PlacementKind::Node) copy.body[i].placement = placement;
    }
    return copy;
  });
}

}  // namespace fleng::frontend
