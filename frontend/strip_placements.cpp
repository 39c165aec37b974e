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

/// A copy of `program` whose clauses are rewritten by `rewrite` (directives, comments and
/// spans kept).
Program rewrite_clauses(const Program& program,
                        const std::function<Clause(const Clause&)>& rewrite) {
  Program out;
  out.file_name = program.file_name;
  out.trailing_comments = program.trailing_comments;
  for (const auto& item : program.items) {
    if (const auto* d = std::get_if<Directive>(&item)) {
      Directive copy;
      copy.term = clone(*d->term);
      copy.span = d->span;
      copy.leading_comments = d->leading_comments;
      copy.trailing_comment = d->trailing_comment;
      out.items.emplace_back(std::move(copy));
      continue;
    }
    out.items.emplace_back(rewrite(std::get<Clause>(item)));
  }
  return out;
}

/// A copy of `clause` (comments and spans kept) whose terms are rewritten by `term_copy` and
/// whose goals keep their placement when `keep_goal_placement` says so.
Clause copy_clause(const Clause& clause, const std::function<TermPtr(const Term&)>& term_copy,
                   bool keep_goal_placement) {
  Clause copy;
  copy.head = term_copy(*clause.head);
  copy.has_body = clause.has_body;
  copy.span = clause.span;
  copy.leading_comments = clause.leading_comments;
  copy.trailing_comment = clause.trailing_comment;
  for (const auto& g : clause.body) {
    Goal goal;
    goal.term = term_copy(*g.term);
    if (keep_goal_placement) goal.placement = g.placement;
    goal.span = g.span;
    goal.leading_comments = g.leading_comments;
    goal.trailing_comment = g.trailing_comment;
    copy.body.push_back(std::move(goal));
  }
  return copy;
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
    return copy_clause(clause, stripped, false);
  });
}

}  // namespace fleng::frontend
