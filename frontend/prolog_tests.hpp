// Prolog tests written as Fleng body goals: `X > Y`, `X =:= Y`, `X == Y`, ... (the arithmetic
// and identity tests of two arguments). In Prolog they succeed or fail, usually in a guard; Fleng
// has neither guards nor failure, so such a goal is an error before the program runs, with a
// hint to the Fleng form: compute the test into a variable ('>'(X, Y, R), equal(X, Y, R)) and
// dispatch on its value. A program that defines the predicate itself (say '>'/2) may call it.
#pragma once

#include <set>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace fleng::frontend {

class PrologTestCheck {
 public:
  /// Notes the predicates `program` defines (they are not Prolog tests there).
  explicit PrologTestCheck(const Program& program);

  /// Reports each body goal of `clause` that is a Prolog test.
  void check(const Clause& clause, DiagnosticSink& diagnostics) const;

 private:
  std::set<PredicateKey> defined_;
};

}  // namespace fleng::frontend
