// The check of prolog_tests.hpp.
#include "frontend/prolog_tests.hpp"

#include <array>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "frontend/ast_printer.hpp"
#include "frontend/lexemes.hpp"

namespace fleng::frontend {

namespace {

struct PrologTest {
  std::string_view name;
  std::string_view fleng;  ///< the Fleng builtin that computes it into a variable
  std::string_view named;  ///< a named builtin that computes it too, if any
};

// The hint names the comparison builtin with the same operator ('>'/3) and the named
// builtin (greater/3); == and \== are identity, equal/3.
constexpr std::array<PrologTest, 8> kPrologTests{{
    {"<", "<", "less"},
    {">", ">", "greater"},
    {"=<", "=<", "less_eq"},
    {">=", ">=", "greater_eq"},
    {"=:=", "=:=", "num_equal"},
    {"=\\=", "=\\=", ""},
    {"==", "equal", ""},
    {"\\==", "equal", ""},
}};

/// A variable name for the result that the goal does not use already.
std::string result_name(const Term& goal) {
  std::set<std::string> used;
  std::vector<const Term*> pending{&goal};
  while (!pending.empty()) {
    const Term* t = pending.back();
    pending.pop_back();
    if (t->kind == TermKind::Variable) used.insert(t->text);
    for (const auto& a : t->args) pending.push_back(a.get());
    if (t->tail) pending.push_back(t->tail.get());
  }
  std::string name = "R";
  for (int i = 1; used.contains(name); ++i) name = fmt::format("R{}", i);
  return name;
}

std::string call_text(std::string_view name, const Term& goal, const std::string& result) {
  // Operator names quoted ('>'(X, Y, R)), as is usual for an operator used as a functor;
  // =\= bare, since quoted it would need its backslash doubled ('=\\=').
  const bool bare = lexemes::is_name_atom(name) || name.find('\\') != std::string_view::npos;
  const std::string functor = bare ? std::string(name) : lexemes::quote(name, '\'');
  return fmt::format("{}({}, {}, {})", functor, print_term(*goal.args[0]),
                     print_term(*goal.args[1]), result);
}

}  // namespace

PrologTestCheck::PrologTestCheck(const Program& program) {
  for (const auto& item : program.items) {
    if (const auto* clause = std::get_if<Clause>(&item)) {
      const Term& head = *clause->head;
      if (head.is_callable()) defined_.insert(PredicateKey{head.text, head.arity()});
    }
  }
}

void PrologTestCheck::check(const Clause& clause, DiagnosticSink& diagnostics) const {
  for (const auto& goal : clause.body) {
    const Term& term = *goal.term;
    if (term.kind != TermKind::Compound || term.args.size() != 2) continue;
    for (const auto& test : kPrologTests) {
      if (term.text != test.name) continue;
      if (defined_.contains(PredicateKey{term.text, 2})) break;
      const std::string r = result_name(term);
      std::string hint = call_text(test.fleng, term, r);
      if (!test.named.empty()) {
        hint += fmt::format(" (or {}({}, {}, {}))", test.named, print_term(*term.args[0]),
                            print_term(*term.args[1]), r);
      }
      diagnostics.error(term.span,
                        fmt::format("'{}' is a Prolog test; Fleng has no guards or failure: "
                                    "compute {} and dispatch on {}",
                                    print_term(term), hint, r));
      break;
    }
  }
}

}  // namespace fleng::frontend
