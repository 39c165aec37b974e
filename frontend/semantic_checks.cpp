// The checks of semantic_checks.hpp, clause by clause.
#include "frontend/semantic_checks.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

#include "frontend/prolog_tests.hpp"

namespace fleng::frontend {

namespace {

std::string describe(const Term& term) {
  switch (term.kind) {
    case TermKind::Variable: return fmt::format("variable {}", term.text);
    case TermKind::Atom: return fmt::format("atom '{}'", term.text);
    case TermKind::Integer: return fmt::format("integer {}", term.integer);
    case TermKind::Float: return "a float";
    case TermKind::String: return "a string";
    case TermKind::Compound: return fmt::format("{}/{}", term.text, term.args.size());
    case TermKind::List: return "a list";
    case TermKind::Annotated: return "an annotated term";
  }
  return "a term";
}

class ClauseChecker {
 public:
  explicit ClauseChecker(DiagnosticSink& diagnostics) : diagnostics_(diagnostics) {}

  void check(const Clause& clause) {
    check_head(*clause.head);
    for (const auto& goal : clause.body) check_goal(goal);
    for (const auto& [label, span] : uses_) {
      if (!definitions_.contains(label)) {
        diagnostics_.error(span, fmt::format("to({0}) has no matching any({0}) or on({0}) in "
                                             "this clause",
                                             label));
      }
    }
    // node(N): N must be computed somewhere in the clause, or the goal would wait for ever.
    for (const auto& placement : node_uses_) {
      if (!head_variables_.contains(placement.variable) &&
          !body_variables_.contains(placement.variable)) {
        diagnostics_.error(placement.span,
                           fmt::format("{} occurs nowhere else in this clause: the goal would "
                                       "wait for ever for its IU number",
                                       placement.variable));
      }
    }
  }

  void check_directive(const Directive& directive) { no_annotations(*directive.term); }

 private:
  void check_head(const Term& head) {
    if (head.kind == TermKind::Annotated) {
      diagnostics_.error(head.placement.span, "a clause head cannot carry a placement");
      return;
    }
    if (!head.is_callable()) {
      diagnostics_.error(head.span, fmt::format("a clause head must be an atom or a compound "
                                                "term, not {}",
                                                describe(head)));
      return;
    }
    for (const auto& arg : head.args) head_term(*arg);
  }

  // Head sub-terms may carry on(L) (the IU holding the datum received), and nothing else.
  void head_term(const Term& term) {
    if (term.kind == TermKind::Variable) head_variables_.insert(term.text);
    if (term.kind == TermKind::Annotated) {
      if (term.placement.kind != PlacementKind::On) {
        diagnostics_.error(term.placement.span,
                           fmt::format("{} cannot annotate a head argument; only on(L) can "
                                       "(it names the IU that holds the datum)",
                                       to_string(term.placement)));
      } else {
        define(term.placement);
      }
      if (term.args.front()->kind == TermKind::Annotated) {
        diagnostics_.error(term.args.front()->placement.span, "a term can carry one placement");
      }
    }
    for (const auto& arg : term.args) head_term(*arg);
    if (term.tail) head_term(*term.tail);
  }

  void check_goal(const Goal& goal) {
    const Term& term = *goal.term;
    if (term.kind == TermKind::Variable) {
      diagnostics_.error(term.span, fmt::format("a variable ({}) cannot be a body goal; "
                                                "use call({})",
                                                term.text, term.text));
    } else if (!term.is_callable()) {
      diagnostics_.error(term.span, fmt::format("a body goal must be an atom or a compound "
                                                "term, not {}",
                                                describe(term)));
    }
    if (goal.placement) {
      switch (goal.placement->kind) {
        case PlacementKind::On:
          diagnostics_.error(goal.placement->span,
                             "on(L) names the IU of a datum received in the head; it cannot "
                             "place a goal (use to(L) or any(L))");
          break;
        case PlacementKind::Any: define(*goal.placement); break;
        case PlacementKind::To: use(*goal.placement); break;
        case PlacementKind::Node:
          if (!goal.placement->variable.empty()) node_uses_.push_back(*goal.placement);
          break;
        case PlacementKind::Local: break;
      }
    }
    for (const auto& arg : term.args) body_term(*arg);
    if (term.tail) body_term(*term.tail);
  }

  // Body sub-terms may carry local, any(L) or to(L) at an allocation point: the first body
  // occurrence of a variable that is not in the head, or a structure.
  void body_term(const Term& term) {
    if (term.kind == TermKind::Annotated) {
      const Term& inner = *term.args.front();
      const Placement& placement = term.placement;
      switch (placement.kind) {
        case PlacementKind::On:
          diagnostics_.error(placement.span,
                             "on(L) can only annotate a head argument; in a body use any(L), "
                             "to(L) or local");
          break;
        case PlacementKind::Any: define(placement); break;
        case PlacementKind::To: use(placement); break;
        case PlacementKind::Node:
          diagnostics_.error(placement.span,
                             "node(N) places a goal on IU N; it cannot annotate a term (use "
                             "any(L), to(L) or local)");
          break;
        case PlacementKind::Local: break;
      }
      if (inner.kind == TermKind::Variable && inner.text != "_") {
        if (head_variables_.contains(inner.text)) {
          diagnostics_.error(placement.span,
                             fmt::format("variable {} comes from the head; a placement can only "
                                         "annotate a new variable",
                                         inner.text));
        } else if (body_variables_.contains(inner.text)) {
          diagnostics_.error(placement.span,
                             fmt::format("a placement must annotate the first occurrence of {} "
                                         "in the body",
                                         inner.text));
        }
      } else if (inner.kind == TermKind::Annotated) {
        diagnostics_.error(inner.placement.span, "a term can carry one placement");
      } else if (inner.kind != TermKind::Variable && inner.kind != TermKind::Compound &&
                 inner.kind != TermKind::List && inner.kind != TermKind::String) {
        diagnostics_.error(placement.span,
                           fmt::format("a placement can only annotate a variable or a "
                                       "structure, not {}",
                                       describe(inner)));
      }
    }
    if (term.kind == TermKind::Variable) body_variables_.insert(term.text);
    for (const auto& arg : term.args) body_term(*arg);
    if (term.tail) body_term(*term.tail);
  }

  void no_annotations(const Term& term) {
    if (term.kind == TermKind::Annotated) {
      diagnostics_.error(term.placement.span, "placements are only allowed in clauses");
    }
    for (const auto& arg : term.args) no_annotations(*arg);
    if (term.tail) no_annotations(*term.tail);
  }

  void define(const Placement& placement) {
    const auto [it, inserted] = definitions_.emplace(placement.label, placement.span);
    if (!inserted) {
      diagnostics_.error(placement.span,
                         fmt::format("label {} is defined twice in this clause (first by the "
                                     "placement at {}); each label needs exactly one any(L) "
                                     "or on(L)",
                                     placement.label, to_string(it->second.begin)));
    }
  }

  void use(const Placement& placement) { uses_.emplace_back(placement.label, placement.span); }

  DiagnosticSink& diagnostics_;
  std::set<std::string> head_variables_;
  std::set<std::string> body_variables_;
  std::map<std::int64_t, SourceSpan> definitions_;
  std::vector<std::pair<std::int64_t, SourceSpan>> uses_;
  std::vector<Placement> node_uses_;
};

}  // namespace

void check_program(const Program& program, DiagnosticSink& diagnostics) {
  const PrologTestCheck prolog_tests(program);
  for (const auto& item : program.items) {
    ClauseChecker checker(diagnostics);
    if (const auto* clause = std::get_if<Clause>(&item)) {
      checker.check(*clause);
      prolog_tests.check(*clause, diagnostics);
    } else {
      checker.check_directive(std::get<Directive>(item));
    }
  }
}

}  // namespace fleng::frontend
