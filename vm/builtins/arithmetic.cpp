// Arithmetic builtins (docs/engine.md, builtins): int op int -> int with overflow as an error, otherwise
// float; division by zero is an error; bitwise operations on integers only.
#include <cmath>
#include <limits>

#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

enum class ArithOp { Add, Sub, Mul, Div, Mod, Min, Max };

Outcome arith(Iu& iu, Cell* args, Cell* out, ArithOp op, std::string_view name) {
  const auto a = number_of(args[0]);
  const auto b = number_of(args[1]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (!b) return type_error(iu, "a number", args[1]);
  if (!a->is_float && !b->is_float) {
    const std::int64_t x = a->i;
    const std::int64_t y = b->i;
    std::int64_t r = 0;
    switch (op) {
      case ArithOp::Add:
        if (__builtin_add_overflow(x, y, &r)) return iu.fail("integer overflow in add/3");
        break;
      case ArithOp::Sub:
        if (__builtin_sub_overflow(x, y, &r)) return iu.fail("integer overflow in sub/3");
        break;
      case ArithOp::Mul:
        if (__builtin_mul_overflow(x, y, &r)) return iu.fail("integer overflow in mul/3");
        break;
      case ArithOp::Div:
      case ArithOp::Mod:
        if (y == 0) return iu.fail(fmt::format("division by zero in {}/3", name));
        if (x == std::numeric_limits<std::int64_t>::min() && y == -1) {
          if (op == ArithOp::Mod) return deliver_int(iu, out, 0);
          return iu.fail("integer overflow in div/3");
        }
        r = op == ArithOp::Div ? x / y : x % y;
        break;
      case ArithOp::Min: r = std::min(x, y); break;
      case ArithOp::Max: r = std::max(x, y); break;
    }
    return deliver_int(iu, out, r);
  }
  const double x = a->as_double();
  const double y = b->as_double();
  switch (op) {
    case ArithOp::Add: return deliver_float(iu, out, x + y);
    case ArithOp::Sub: return deliver_float(iu, out, x - y);
    case ArithOp::Mul: return deliver_float(iu, out, x * y);
    case ArithOp::Div:
      if (y == 0.0) return iu.fail("division by zero in div/3");
      return deliver_float(iu, out, x / y);
    case ArithOp::Mod: return type_error(iu, "an integer", a->is_float ? args[0] : args[1]);
    case ArithOp::Min: return deliver(out, x <= y ? args[0] : args[1]);
    case ArithOp::Max: return deliver(out, x >= y ? args[0] : args[1]);
  }
  return Outcome::Done;
}

enum class BitOp { And, Or, Xor, Shl, Shr };

Outcome bitwise(Iu& iu, Cell* args, Cell* out, BitOp op) {
  if (!is_integer(args[0])) return type_error(iu, "an integer", args[0]);
  if (!is_integer(args[1])) return type_error(iu, "an integer", args[1]);
  const std::int64_t x = integer_value(args[0]);
  const std::int64_t y = integer_value(args[1]);
  switch (op) {
    case BitOp::And: return deliver_int(iu, out, x & y);
    case BitOp::Or: return deliver_int(iu, out, x | y);
    case BitOp::Xor: return deliver_int(iu, out, x ^ y);
    case BitOp::Shl:
      if (y < 0 || y > 63) return iu.fail(fmt::format("shift count {} out of range 0..63", y));
      // Like add and mul: bits shifted out of the 64-bit range are an overflow, not lost.
      if (x > (std::numeric_limits<std::int64_t>::max() >> y) ||
          x < (std::numeric_limits<std::int64_t>::min() >> y)) {
        return iu.fail("integer overflow in shl/3");
      }
      return deliver_int(iu, out, static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << y));
    case BitOp::Shr:
      if (y < 0 || y > 63) return iu.fail(fmt::format("shift count {} out of range 0..63", y));
      return deliver_int(iu, out, x >> y);
  }
  return Outcome::Done;
}

}  // namespace

Outcome builtin_add(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Add, "add"); }
Outcome builtin_sub(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Sub, "sub"); }
Outcome builtin_mul(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Mul, "mul"); }
Outcome builtin_div(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Div, "div"); }
Outcome builtin_mod(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Mod, "mod"); }
Outcome builtin_min(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Min, "min"); }
Outcome builtin_max(Iu& iu, Cell* args, Cell* out) { return arith(iu, args, out, ArithOp::Max, "max"); }
Outcome builtin_and(Iu& iu, Cell* args, Cell* out) { return bitwise(iu, args, out, BitOp::And); }
Outcome builtin_or(Iu& iu, Cell* args, Cell* out) { return bitwise(iu, args, out, BitOp::Or); }
Outcome builtin_xor(Iu& iu, Cell* args, Cell* out) { return bitwise(iu, args, out, BitOp::Xor); }
Outcome builtin_shl(Iu& iu, Cell* args, Cell* out) { return bitwise(iu, args, out, BitOp::Shl); }
Outcome builtin_shr(Iu& iu, Cell* args, Cell* out) { return bitwise(iu, args, out, BitOp::Shr); }

Outcome builtin_neg(Iu& iu, Cell* args, Cell* out) {
  const auto a = number_of(args[0]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (a->is_float) return deliver_float(iu, out, -a->d);
  if (a->i == std::numeric_limits<std::int64_t>::min()) return iu.fail("integer overflow in neg/2");
  return deliver_int(iu, out, -a->i);
}

Outcome builtin_abs(Iu& iu, Cell* args, Cell* out) {
  const auto a = number_of(args[0]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (a->is_float) return deliver_float(iu, out, std::fabs(a->d));
  if (a->i == std::numeric_limits<std::int64_t>::min()) return iu.fail("integer overflow in abs/2");
  return deliver_int(iu, out, a->i < 0 ? -a->i : a->i);
}

Outcome builtin_not(Iu& iu, Cell* args, Cell* out) {
  if (!is_integer(args[0])) return type_error(iu, "an integer", args[0]);
  return deliver_int(iu, out, ~integer_value(args[0]));
}

Outcome builtin_sqrt(Iu& iu, Cell* args, Cell* out) {
  const auto a = number_of(args[0]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (a->as_double() < 0) return iu.fail("sqrt/2 of a negative number");
  return deliver_float(iu, out, std::sqrt(a->as_double()));
}

Outcome builtin_to_float(Iu& iu, Cell* args, Cell* out) {
  const auto a = number_of(args[0]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (a->is_float) return deliver(out, args[0]);
  return deliver_float(iu, out, a->as_double());
}

Outcome builtin_to_int(Iu& iu, Cell* args, Cell* out) {
  const auto a = number_of(args[0]);
  if (!a) return type_error(iu, "a number", args[0]);
  if (!a->is_float) return deliver(out, args[0]);
  const double t = std::trunc(a->d);
  if (!(t >= -9.2233720368547758e18 && t < 9.2233720368547758e18)) {
    return iu.fail(fmt::format("to_int/2: {} does not fit in 64 bits", a->d));
  }
  return deliver_int(iu, out, static_cast<std::int64_t>(t));
}

}  // namespace fleng::vm
