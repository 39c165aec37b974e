// The halt/1-after-output rewrite (see halt_after_output.hpp).
#include "frontend/halt_after_output.hpp"

#include <string>
#include <utility>

namespace fleng::frontend {

namespace {

const Term& unannotated(const Term& t) {
  return t.kind == TermKind::Annotated ? *t.args.front() : t;
}

bool is_goal(const Term& t, const char* name, std::size_t arity) {
  return t.kind == TermKind::Compound ? t.text == name && t.args.size() == arity
                                      : arity == 0 && t.kind == TermKind::Atom && t.text == name;
}

/// write/1, writeln/1, nl/0: the output goals that have a Done form.
bool is_output(const Term& t) {
  return is_goal(t, "write", 1) || is_goal(t, "writeln", 1) || is_goal(t, "nl", 0);
}

}  // namespace

void halt_after_output(std::vector<Goal>& body) {
  // Only the output goals before a halt/1 change (none at all in a body without one).
  std::size_t last_halt = body.size();
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (is_goal(unannotated(*body[i].term), "halt", 1)) last_halt = i;
  }
  if (last_halt == body.size()) return;
  std::vector<TermPtr> dones;
  for (std::size_t i = 0; i <= last_halt; ++i) {
    Goal& goal = body[i];
    Term& term = goal.term->kind == TermKind::Annotated ? *goal.term->args.front() : *goal.term;
    if (is_output(term)) {
      // Numbered from the goal's position: unique in the clause, unlike any name a user writes.
      TermPtr done = make_variable("_Done_" + std::to_string(dones.size() + 1) + "_$", goal.span);
      std::vector<TermPtr> args;
      for (auto& a : term.args) args.push_back(std::move(a));
      args.push_back(clone(*done));
      TermPtr replaced = make_compound(term.text, std::move(args), term.span);
      if (goal.term->kind == TermKind::Annotated) {
        goal.term->args.front() = std::move(replaced);
      } else {
        goal.term = std::move(replaced);
      }
      dones.push_back(std::move(done));
      continue;
    }
    if (is_goal(unannotated(*goal.term), "halt", 1) && !dones.empty()) {
      Term& halt = goal.term->kind == TermKind::Annotated ? *goal.term->args.front() : *goal.term;
      std::vector<TermPtr> waited;
      for (const auto& d : dones) waited.push_back(clone(*d));
      std::vector<TermPtr> args;
      args.push_back(make_list(std::move(waited), nullptr, halt.span));
      args.push_back(std::move(halt.args.front()));
      TermPtr replaced = make_compound("$halt_after", std::move(args), halt.span);
      if (goal.term->kind == TermKind::Annotated) {
        goal.term->args.front() = std::move(replaced);
      } else {
        goal.term = std::move(replaced);
      }
    }
  }
}

Program halt_after_output(const Program& program) {
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
    const Clause& clause = std::get<Clause>(item);
    Clause copy;
    copy.head = clone(*clause.head);
    copy.has_body = clause.has_body;
    copy.span = clause.span;
    copy.leading_comments = clause.leading_comments;
    copy.trailing_comment = clause.trailing_comment;
    for (const auto& g : clause.body) {
      Goal goal;
      goal.term = clone(*g.term);
      goal.placement = g.placement;
      goal.span = g.span;
      goal.leading_comments = g.leading_comments;
      goal.trailing_comment = g.trailing_comment;
      copy.body.push_back(std::move(goal));
    }
    halt_after_output(copy.body);
    out.items.emplace_back(std::move(copy));
  }
  return out;
}

}  // namespace fleng::frontend
