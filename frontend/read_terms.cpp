// Clauses and directives of a parsed text turned back into the terms they were written as.
#include "frontend/read_terms.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace fleng::frontend {

namespace {

TermPtr placement_term(const Placement& placement) {
  if (placement.kind == PlacementKind::Local) return make_atom("local", placement.span);
  std::vector<TermPtr> args;
  if (placement.kind == PlacementKind::Node && !placement.variable.empty()) {
    args.push_back(make_variable(placement.variable, placement.span));
  } else {
    args.push_back(make_integer(placement.label, {}, placement.span));
  }
  const char* name = placement.kind == PlacementKind::Any    ? "any"
                     : placement.kind == PlacementKind::On   ? "on"
                     : placement.kind == PlacementKind::Node ? "node"
                                                             : "to";
  return make_compound(name, std::move(args), placement.span);
}

TermPtr goal_term(const Goal& goal) {
  TermPtr term = clone(*goal.term);
  if (!goal.placement) return term;
  std::vector<TermPtr> args;
  args.push_back(std::move(term));
  args.push_back(placement_term(*goal.placement));
  return make_compound("@", std::move(args), goal.span);
}

TermPtr item_term(const Item& item) {
  if (const auto* directive = std::get_if<Directive>(&item)) {
    std::vector<TermPtr> args;
    args.push_back(clone(*directive->term));
    return make_compound(":-", std::move(args), directive->span);
  }
  const auto& clause = std::get<Clause>(item);
  if (!clause.has_body) return clone(*clause.head);
  // The body as a right-nested ','/2 chain.
  TermPtr body;
  for (auto it = clause.body.rbegin(); it != clause.body.rend(); ++it) {
    TermPtr goal = goal_term(*it);
    if (!body) {
      body = std::move(goal);
      continue;
    }
    std::vector<TermPtr> args;
    args.push_back(std::move(goal));
    args.push_back(std::move(body));
    body = make_compound(",", std::move(args), it->span);
  }
  if (!body) body = make_atom("true", clause.span);
  std::vector<TermPtr> args;
  args.push_back(clone(*clause.head));
  args.push_back(std::move(body));
  return make_compound(":-", std::move(args), clause.span);
}

void first_error(const ParseResult& parsed, ReadTermsResult& result) {
  for (const auto& d : parsed.diagnostics.diagnostics()) {
    if (d.severity != Severity::Error) continue;
    result.at = d.span.begin;
    result.message = d.message;
    result.error = fmt::format("{}:{}:{}: {}", parsed.program.file_name, d.span.begin.line,
                               d.span.begin.column, d.message);
    return;
  }
}

}  // namespace

ReadTermsResult read_terms(const std::string& file_name, std::string source) {
  ReadTermsResult result;
  const ParseResult parsed = parse_syntax(file_name, std::move(source));
  first_error(parsed, result);
  if (!result.error.empty()) return result;
  for (const auto& item : parsed.program.items) result.terms.push_back(item_term(item));
  return result;
}

ReadTermsResult read_one_term(const std::string& file_name, const std::string& text) {
  // Parenthesised, the text may be any term (`a, b`, `H :- B`); the line break before `)`
  // ends a trailing `%` comment.
  ReadTermsResult result = read_terms(file_name, "(" + text + "\n).");
  if (!result.error.empty()) {
    // Positions in the text itself: the `(` is gone, and what is past the text is its end.
    const auto lines = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n') + 1);
    if (result.at.line > lines) {
      result.error = fmt::format("{}: at the end of the text: {}", file_name, result.message);
    } else {
      if (result.at.line == 1 && result.at.column > 1) --result.at.column;
      result.error = fmt::format("{}:{}:{}: {}", file_name, result.at.line, result.at.column,
                                 result.message);
    }
    return result;
  }
  if (result.terms.size() != 1) {
    result.terms.clear();
    result.error = fmt::format("{}: expected one term", file_name);
  }
  return result;
}

}  // namespace fleng::frontend
