// Removing placement annotations (see strip_placements.hpp).
#include "frontend/strip_placements.hpp"

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

}  // namespace

Program strip_placements(const Program& program) {
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
    const auto& clause = std::get<Clause>(item);
    Clause copy;
    copy.head = stripped(*clause.head);
    copy.has_body = clause.has_body;
    copy.span = clause.span;
    copy.leading_comments = clause.leading_comments;
    copy.trailing_comment = clause.trailing_comment;
    for (const auto& g : clause.body) {
      Goal goal;
      goal.term = stripped(*g.term);
      goal.span = g.span;
      goal.leading_comments = g.leading_comments;
      goal.trailing_comment = g.trailing_comment;
      copy.body.push_back(std::move(goal));
    }
    out.items.emplace_back(std::move(copy));
  }
  return out;
}

}  // namespace fleng::frontend
