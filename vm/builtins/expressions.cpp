// The builtins that evaluate arithmetic expressions (docs/builtins.md, arithmetic): is/2, and
// the comparisons =:=/3, =\=/3, </3, >/3, =</3, >=/3 that deliver true or false (Fleng has no
// failure, so a comparison is a value to dispatch on, as with less/3). The expressions wait
// until they are ground (mode g), then vm/builtins/evaluate.cpp computes them.
#include "vm/builtins/evaluate.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

enum class Comparison { Equal, NotEqual, Less, Greater, LessEq, GreaterEq };

Outcome compare_expressions(Iu& iu, Cell* args, Cell* out, Comparison comparison) {
  const Evaluated left = evaluate(iu, args[0]);
  if (!left.value) return Outcome::Error;
  const Evaluated right = evaluate(iu, args[1]);
  if (!right.value) return Outcome::Error;
  iu.charge_work(left.nodes + right.nodes);
  const std::partial_ordering order = compare_numbers(*left.value, *right.value);
  bool r = false;
  switch (comparison) {
    case Comparison::Equal: r = order == std::partial_ordering::equivalent; break;
    case Comparison::NotEqual: r = order != std::partial_ordering::equivalent; break;
    case Comparison::Less: r = order == std::partial_ordering::less; break;
    case Comparison::Greater: r = order == std::partial_ordering::greater; break;
    case Comparison::LessEq:
      r = order == std::partial_ordering::less || order == std::partial_ordering::equivalent;
      break;
    case Comparison::GreaterEq:
      r = order == std::partial_ordering::greater || order == std::partial_ordering::equivalent;
      break;
  }
  return deliver_bool(out, r);
}

}  // namespace

Outcome builtin_is(Iu& iu, Cell* args, Cell*) {
  const Evaluated result = evaluate(iu, args[1]);
  if (!result.value) return Outcome::Error;
  const Number& v = *result.value;
  // The value's cell first (the only allocation): nothing is bound before the heap suffices.
  const auto cell = v.is_float ? make_float(iu.heap, v.d) : make_integer(iu.heap, v.i);
  if (!cell) return Outcome::NeedHeap;
  iu.charge_work(result.nodes);
  if (!iu.unify(args[0], *cell)) {
    return iu.fail(fmt::format("output unification failed: the value {} does not unify with {}",
                               iu.format(*cell), iu.format(args[0])));
  }
  return Outcome::Done;
}

Outcome builtin_arith_equal(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::Equal);
}
Outcome builtin_arith_not_equal(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::NotEqual);
}
Outcome builtin_arith_less(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::Less);
}
Outcome builtin_arith_greater(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::Greater);
}
Outcome builtin_arith_less_eq(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::LessEq);
}
Outcome builtin_arith_greater_eq(Iu& iu, Cell* args, Cell* out) {
  return compare_expressions(iu, args, out, Comparison::GreaterEq);
}

}  // namespace fleng::vm
