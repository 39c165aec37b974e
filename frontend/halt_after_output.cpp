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

/// The goal's own term (inside a data annotation, if any) and a way to replace it.
Term& goal_term(Goal& goal) {
  return goal.term->kind == TermKind::Annotated ? *goal.term->args.front() : *goal.term;
}

void replace_goal_term(Goal& goal, TermPtr replaced) {
  (goal.term->kind == TermKind::Annotated ? goal.term->args.front() : goal.term) =
      std::move(replaced);
}

/// write/1, writeln/1, nl/0, format/2: the output goals that have a Done form.
bool is_output(const Term& t) {
  return is_goal(t, "write", 1) || is_goal(t, "writeln", 1) || is_goal(t, "nl", 0) ||
         is_goal(t, "format", 2);
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
    Term& term = goal_term(goal);
    if (is_output(term)) {
      // Numbered in order: unique in the clause, and no name a user can write (the `$`).
      TermPtr done = make_variable("_Done_" + std::to_string(dones.size() + 1) + "_$", goal.span);
      std::vector<TermPtr> args;
      for (auto& a : term.args) args.push_back(std::move(a));
      args.push_back(clone(*done));
      replace_goal_term(goal, make_compound(term.text, std::move(args), term.span));
      dones.push_back(std::move(done));
      continue;
    }
    if (is_goal(unannotated(*goal.term), "halt", 1) && !dones.empty()) {
      Term& halt = goal_term(goal);
      std::vector<TermPtr> waited;
      for (const auto& d : dones) waited.push_back(clone(*d));
      std::vector<TermPtr> args;
      args.push_back(make_list(std::move(waited), nullptr, halt.span));
      args.push_back(std::move(halt.args.front()));
      replace_goal_term(goal, make_compound("$halt_after", std::move(args), halt.span));
    }
  }
}

Program halt_after_output(const Program& program) {
  return rewrite_clauses(program, [](const Clause& clause) {
    Clause copy = copy_clause(clause, [](const Term& t) { return clone(t); }, true);
    halt_after_output(copy.body);
    return copy;
  });
}

}  // namespace fleng::frontend
