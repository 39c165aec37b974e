// Construction, copying and comparison of AST nodes.
#include "frontend/ast.hpp"

#include <functional>

#include <algorithm>

namespace fleng::frontend {

std::string to_string(const SourcePosition& position) {
  return std::to_string(position.line) + ":" + std::to_string(position.column);
}

std::string to_string(const Placement& placement) {
  switch (placement.kind) {
    case PlacementKind::Local: return "local";
    case PlacementKind::Any: return "any(" + std::to_string(placement.label) + ")";
    case PlacementKind::On: return "on(" + std::to_string(placement.label) + ")";
    case PlacementKind::To: return "to(" + std::to_string(placement.label) + ")";
    case PlacementKind::Node:
      return "node(" +
             (placement.variable.empty() ? std::to_string(placement.label) : placement.variable) +
             ")";
  }
  return "local";
}

namespace {

TermPtr make_leaf(TermKind kind, std::string text, SourceSpan span) {
  auto term = std::make_unique<Term>();
  term->kind = kind;
  term->text = std::move(text);
  term->span = span;
  return term;
}

std::uint32_t depth_of(const std::vector<TermPtr>& args, const TermPtr& tail) {
  std::uint32_t deepest = tail ? tail->depth : 0;
  for (const auto& arg : args) deepest = std::max(deepest, arg->depth);
  return deepest + 1;
}

}  // namespace

TermPtr make_variable(std::string name, SourceSpan span) {
  return make_leaf(TermKind::Variable, std::move(name), span);
}

TermPtr make_atom(std::string name, SourceSpan span) {
  return make_leaf(TermKind::Atom, std::move(name), span);
}

TermPtr make_integer(std::int64_t value, std::string spelling, SourceSpan span) {
  auto term = make_leaf(TermKind::Integer, std::move(spelling), span);
  term->integer = value;
  return term;
}

TermPtr make_float(double value, std::string spelling, SourceSpan span) {
  auto term = make_leaf(TermKind::Float, std::move(spelling), span);
  term->real = value;
  return term;
}

TermPtr make_string(std::string contents, SourceSpan span) {
  return make_leaf(TermKind::String, std::move(contents), span);
}

TermPtr make_compound(std::string functor, std::vector<TermPtr> args, SourceSpan span) {
  auto term = make_leaf(TermKind::Compound, std::move(functor), span);
  term->args = std::move(args);
  term->depth = depth_of(term->args, term->tail);
  return term;
}

TermPtr make_list(std::vector<TermPtr> elements, TermPtr tail, SourceSpan span) {
  auto term = make_leaf(TermKind::List, {}, span);
  term->args = std::move(elements);
  term->tail = std::move(tail);
  term->depth = depth_of(term->args, term->tail);
  return term;
}

TermPtr make_annotated(TermPtr inner, Placement placement, SourceSpan span) {
  auto term = make_leaf(TermKind::Annotated, {}, span);
  term->args.push_back(std::move(inner));
  term->placement = placement;
  term->depth = depth_of(term->args, term->tail);
  return term;
}

TermPtr clone(const Term& term) {
  auto copy = std::make_unique<Term>();
  copy->kind = term.kind;
  copy->span = term.span;
  copy->text = term.text;
  copy->integer = term.integer;
  copy->real = term.real;
  copy->placement = term.placement;
  copy->depth = term.depth;
  copy->args.reserve(term.args.size());
  for (const auto& arg : term.args) copy->args.push_back(clone(*arg));
  if (term.tail) copy->tail = clone(*term.tail);
  return copy;
}

bool same_term(const Term& a, const Term& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case TermKind::Integer: return a.integer == b.integer;
    case TermKind::Float: return a.real == b.real;
    case TermKind::Variable:
    case TermKind::Atom:
    case TermKind::String: return a.text == b.text;
    case TermKind::Annotated:
      if (!(a.placement == b.placement)) return false;
      break;
    case TermKind::Compound:
      if (a.text != b.text) return false;
      break;
    case TermKind::List:
      if ((a.tail == nullptr) != (b.tail == nullptr)) return false;
      if (a.tail && !same_term(*a.tail, *b.tail)) return false;
      break;
  }
  if (a.args.size() != b.args.size()) return false;
  for (std::size_t i = 0; i < a.args.size(); ++i) {
    if (!same_term(*a.args[i], *b.args[i])) return false;
  }
  return true;
}

std::string to_string(const PredicateKey& key) {
  return key.name + "/" + std::to_string(key.arity);
}

PredicateKey predicate_of(const Clause& clause) {
  return PredicateKey{clause.head->text, clause.head->arity()};
}

namespace {

bool same_goal(const Goal& a, const Goal& b) {
  return a.placement == b.placement && same_term(*a.term, *b.term);
}

bool same_item(const Item& a, const Item& b) {
  if (a.index() != b.index()) return false;
  if (const auto* clause = std::get_if<Clause>(&a)) {
    const auto& other = std::get<Clause>(b);
    return clause->has_body == other.has_body && same_term(*clause->head, *other.head) &&
           std::equal(clause->body.begin(), clause->body.end(), other.body.begin(),
                      other.body.end(), same_goal);
  }
  return same_term(*std::get<Directive>(a).term, *std::get<Directive>(b).term);
}

}  // namespace

bool same_program(const Program& a, const Program& b) {
  return std::equal(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(), same_item);
}

const SourceSpan& span_of(const Item& item) {
  return std::visit([](const auto& node) -> const SourceSpan& { return node.span; }, item);
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


}  // namespace fleng::frontend
