// Comparison builtins: equal/3 (passive identity), numeric comparisons, compare/3 (standard
// order), and the generic compute/4.
#include "vm/builtins/support.hpp"
#include "vm/matching.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

enum class Cmp { Less, LessEq, Greater, GreaterEq, Equal };

Outcome numeric(Iu& iu, Cell* args, Cell* out, Cmp cmp) {
  const auto a = number_of(args[0]);
  const auto b = number_of(args[1]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (!b) return type_error(iu, "a number", args[1]);
  bool r = false;
  if (!a->is_float && !b->is_float) {
    switch (cmp) {
      case Cmp::Less: r = a->i < b->i; break;
      case Cmp::LessEq: r = a->i <= b->i; break;
      case Cmp::Greater: r = a->i > b->i; break;
      case Cmp::GreaterEq: r = a->i >= b->i; break;
      case Cmp::Equal: r = a->i == b->i; break;
    }
  } else {
    const double x = a->as_double();
    const double y = b->as_double();
    switch (cmp) {
      case Cmp::Less: r = x < y; break;
      case Cmp::LessEq: r = x <= y; break;
      case Cmp::Greater: r = x > y; break;
      case Cmp::GreaterEq: r = x >= y; break;
      case Cmp::Equal: r = x == y; break;
    }
  }
  return deliver_bool(out, r);
}

/// Class rank in the standard order: numbers < atoms < lists < structures < vectors.
int rank(Cell c) {
  if (is_number(c)) return 0;
  if (is_atom(c)) return 1;
  if (is_cons(c)) return 2;
  if (is_struct(c)) return 3;
  return 4;
}

/// Standard order of two terms: -1, 0, 1; or 2 when an unbound variable decides (blocking).
/// A pair of compound terms met again (cyclic or shared terms, once the walk is long) is taken
/// as equal there: the first difference elsewhere decides (walk_guard.hpp).
int standard_order(Iu& iu, Cell a, Cell b, Cell& blocking) {
  std::vector<std::pair<Cell, Cell>> pending{{a, b}};
  PairGuard guard;
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    x = deref(x);
    y = deref(y);
    if (x == y) continue;
    if (is_unbound(x) || is_unbound(y)) {
      blocking = is_unbound(x) ? x : y;
      return 2;
    }
    const int rx = rank(x);
    const int ry = rank(y);
    if (rx != ry) return rx < ry ? -1 : 1;
    switch (rx) {
      case 0: {
        const auto nx = *number_of(x);
        const auto ny = *number_of(y);
        if (!nx.is_float && !ny.is_float) {
          if (nx.i != ny.i) return nx.i < ny.i ? -1 : 1;
        } else {
          const double dx = nx.as_double();
          const double dy = ny.as_double();
          if (dx != dy) return dx < dy ? -1 : 1;
          if (nx.is_float != ny.is_float) return nx.is_float ? -1 : 1;  // 1.0 before 1
        }
        break;
      }
      case 1: {
        const auto sx = iu.atoms.name(atom_index(x));
        const auto sy = iu.atoms.name(atom_index(y));
        if (sx != sy) return sx < sy ? -1 : 1;
        break;
      }
      case 2:
        if (!guard.enter({x, y})) break;
        pending.emplace_back(cdr(x), cdr(y));
        pending.emplace_back(car(x), car(y));
        break;
      case 3: {
        const std::uint32_t ax = struct_arity(x);
        const std::uint32_t ay = struct_arity(y);
        if (ax != ay) return ax < ay ? -1 : 1;
        const auto nx = iu.atoms.name(iu.atoms.functor_name(struct_functor(x)));
        const auto ny = iu.atoms.name(iu.atoms.functor_name(struct_functor(y)));
        if (nx != ny) return nx < ny ? -1 : 1;
        if (!guard.enter({x, y})) break;
        for (std::uint32_t i = ax; i-- > 0;) pending.emplace_back(struct_arg(x, i), struct_arg(y, i));
        break;
      }
      default: {
        const std::uint32_t sx = is_vector(x) ? vector_size(x) : 0;
        const std::uint32_t sy = is_vector(y) ? vector_size(y) : 0;
        if (sx != sy) return sx < sy ? -1 : 1;
        if (!guard.enter({x, y})) break;
        for (std::uint32_t i = sx; i-- > 0;) {
          pending.emplace_back(vector_element(x, i), vector_element(y, i));
        }
        break;
      }
    }
  }
  return 0;
}

}  // namespace

Outcome builtin_unify(Iu& iu, Cell* args, Cell*) {
  if (!iu.unify(args[0], args[1])) return iu.fail("unification failed");
  return Outcome::Done;
}

Outcome builtin_equal(Iu& iu, Cell* args, Cell* out) {
  Cell blocking = 0;
  switch (passive_identity(args[0], args[1], blocking)) {
    case Identity::Identical: return deliver(out, kTrue);
    case Identity::Different: return deliver(out, kFalse);
    case Identity::Blocked: iu.block_on(blocking); return Outcome::Suspend;
  }
  return Outcome::Done;
}

Outcome builtin_less(Iu& iu, Cell* args, Cell* out) { return numeric(iu, args, out, Cmp::Less); }
Outcome builtin_less_eq(Iu& iu, Cell* args, Cell* out) { return numeric(iu, args, out, Cmp::LessEq); }
Outcome builtin_greater(Iu& iu, Cell* args, Cell* out) { return numeric(iu, args, out, Cmp::Greater); }
Outcome builtin_greater_eq(Iu& iu, Cell* args, Cell* out) { return numeric(iu, args, out, Cmp::GreaterEq); }
Outcome builtin_num_equal(Iu& iu, Cell* args, Cell* out) { return numeric(iu, args, out, Cmp::Equal); }

Outcome builtin_compare(Iu& iu, Cell* args, Cell* out) {
  Cell blocking = 0;
  const int order = standard_order(iu, args[0], args[1], blocking);
  if (order == 2) {
    iu.block_on(blocking);
    return Outcome::Suspend;
  }
  return deliver(out, make_atom(order < 0 ? atoms::kLess : order == 0 ? atoms::kEqual : atoms::kGreater));
}

Outcome builtin_compute(Iu& iu, Cell* args, Cell* out) {
  if (!is_atom(args[0])) return type_error(iu, "an operator atom", args[0]);
  const std::string op = iu.atoms.name(atom_index(args[0]));
  Cell* operands = args + 1;
  if (op == "+") return builtin_add(iu, operands, out);
  if (op == "-") return builtin_sub(iu, operands, out);
  if (op == "*") return builtin_mul(iu, operands, out);
  if (op == "/") return builtin_div(iu, operands, out);
  if (op == "mod") return builtin_mod(iu, operands, out);
  if (op == "and") return builtin_and(iu, operands, out);
  if (op == "or") return builtin_or(iu, operands, out);
  if (op == "xor") return builtin_xor(iu, operands, out);
  if (op == "<<") return builtin_shl(iu, operands, out);
  if (op == ">>") return builtin_shr(iu, operands, out);
  if (op == "min") return builtin_min(iu, operands, out);
  if (op == "max") return builtin_max(iu, operands, out);
  if (op == "<") return builtin_less(iu, operands, out);
  if (op == ">") return builtin_greater(iu, operands, out);
  if (op == "=") return builtin_num_equal(iu, operands, out);
  return iu.fail(fmt::format("compute/4: unknown operator {}", op));
}

}  // namespace fleng::vm
