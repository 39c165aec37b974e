// The builtin functions that have their own instruction (fn_add, fn_less, ...; see
// vm/instructions.def), and their fast paths: small integers (and equal/3 on atomic values),
// computed on the tagged cells without a call, and their float paths (below). A fast path that
// returns false leaves the decision to the builtin's general implementation (other types,
// overflow, division by zero, unbound inputs), so the answers and errors are those of
// builtins/*.cpp.
#pragma once

#include <cstdint>
#include <optional>

#include "vm/builtins.hpp"
#include "vm/cell.hpp"
#include "vm/heap.hpp"
#include "vm/opcode.hpp"
#include "vm/terms.hpp"

namespace fleng::vm::inline_builtins {

/// The instruction the compiler emits for a call of builtin `id` with two inputs, if it has one.
inline std::optional<Op> instruction_for(BuiltinId id) {
  switch (id) {
    case builtin_ids::add: return Op::fn_add;
    case builtin_ids::sub: return Op::fn_sub;
    case builtin_ids::mul: return Op::fn_mul;
    case builtin_ids::div: return Op::fn_div;
    case builtin_ids::mod: return Op::fn_mod;
    case builtin_ids::less: return Op::fn_less;
    case builtin_ids::less_eq: return Op::fn_less_eq;
    case builtin_ids::greater: return Op::fn_greater;
    case builtin_ids::greater_eq: return Op::fn_greater_eq;
    case builtin_ids::num_equal: return Op::fn_num_equal;
    case builtin_ids::equal: return Op::fn_equal;
    default: return std::nullopt;
  }
}

/// Both cells small integers: their tags less the integer tag are both 0. (As a - 2 and b - 2,
/// the forms the sum and the difference take, below: the compiler computes them once.)
inline bool both_small(Cell a, Cell b) {
  return (((a - static_cast<Cell>(Tag::Int)) | (b - static_cast<Cell>(Tag::Int))) & kTagMask) == 0;
}
/// both_small where native code knows some of it (cpp_emitter.cpp, a body's fast copy): `kA`,
/// `kB` when `a`, `b` are known to be small integers, which is then not tested again.
template <bool kA, bool kB>
inline bool small_operands(Cell a, Cell b) {
  // (is_int as both_small tests it: c - 2, which a sum or difference computes as well.)
  const auto small = [](Cell c) { return ((c - static_cast<Cell>(Tag::Int)) & kTagMask) == 0; };
  if constexpr (kA && kB) {
    return true;
  } else if constexpr (kA) {
    return small(b);
  } else if constexpr (kB) {
    return small(a);
  } else {
    return both_small(a, b);
  }
}
inline Cell truth(bool b) { return b ? kTrue : kFalse; }

// A small integer is v * 8 + 2: sums and differences work on the cells themselves (the 64-bit
// overflow of the shifted values is exactly the 61-bit overflow of the integers). With
// a = 8x + 2 and b = 8y + 2, a + (b - 2) is 8(x + y) + 2 and a - (b - 2) is 8(x - y) + 2, the
// result's cell, and overflows exactly when 8(x + y) or 8(x - y) does (a multiple of 8 plus 2 is
// in range when the multiple is): one instruction and its overflow test where b is a constant.
template <bool kA = false, bool kB = false>
inline bool add(Cell a, Cell b, Cell& r) {
  std::int64_t s = 0;
  if (!small_operands<kA, kB>(a, b) ||
      __builtin_add_overflow(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b - 2), &s)) {
    return false;
  }
  r = static_cast<Cell>(s);
  return true;
}
template <bool kA = false, bool kB = false>
inline bool sub(Cell a, Cell b, Cell& r) {
  std::int64_t d = 0;
  if (!small_operands<kA, kB>(a, b) ||
      __builtin_sub_overflow(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b - 2), &d)) {
    return false;
  }
  r = static_cast<Cell>(d);
  return true;
}
template <bool kA = false, bool kB = false>
inline bool mul(Cell a, Cell b, Cell& r) {
  std::int64_t p = 0;
  if (!small_operands<kA, kB>(a, b) || __builtin_mul_overflow(small_int_value(a), small_int_value(b), &p) ||
      !fits_small_int(p)) {
    return false;
  }
  r = make_small_int(p);
  return true;
}
// Division on the cells themselves: with a = 8x + 2 and b = 8y + 2, (a - 2) / (b - 2) is x / y and
// (a - 2) % (b - 2) is 8 (x % y), both truncating toward zero as C++ does. One 64-bit idiv, no
// untagging, and no trap: a - 2 is a multiple of 8, so the divisor is never -1. (The one quotient
// that does not fit, the least integer divided by -1, is left to the builtin's big integers.)
// (On primes, a mod per step, as fast over eight placements of the code as dividing the untagged
// values in 32 bits after a range test, with 11 fewer instructions per step.)
template <bool kA = false, bool kB = false>
inline bool div(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b) || b == make_small_int(0)) return false;
  const std::int64_t q = static_cast<std::int64_t>(a - 2) / static_cast<std::int64_t>(b - 2);
  if (!fits_small_int(q)) return false;
  r = make_small_int(q);
  return true;
}
template <bool kA = false, bool kB = false>
inline bool mod(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b) || b == make_small_int(0)) return false;
  r = static_cast<Cell>(static_cast<std::int64_t>(a - 2) % static_cast<std::int64_t>(b - 2)) + 2;
  return true;
}
// Comparisons: two small integers compare as their cells (same tag below the value).
template <bool kA = false, bool kB = false>
inline bool less(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b)) return false;
  r = truth(static_cast<std::int64_t>(a) < static_cast<std::int64_t>(b));
  return true;
}
template <bool kA = false, bool kB = false>
inline bool less_eq(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b)) return false;
  r = truth(static_cast<std::int64_t>(a) <= static_cast<std::int64_t>(b));
  return true;
}
template <bool kA = false, bool kB = false>
inline bool greater(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b)) return false;
  r = truth(static_cast<std::int64_t>(a) > static_cast<std::int64_t>(b));
  return true;
}
template <bool kA = false, bool kB = false>
inline bool greater_eq(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b)) return false;
  r = truth(static_cast<std::int64_t>(a) >= static_cast<std::int64_t>(b));
  return true;
}
template <bool kA = false, bool kB = false>
inline bool num_equal(Cell a, Cell b, Cell& r) {
  if (!small_operands<kA, kB>(a, b)) return false;
  r = truth(a == b);
  return true;
}
/// equal/3 on two atomic immediates (atoms, small integers): identity of the cells (`kA`, `kB`:
/// known to be atomic, not tested again). With one side known atomic and the other
/// dereferenced, the other needs no test of its own but for an unbound variable, which the
/// builtin waits for: any other value is identical to the atomic one or not, by the cell
/// (a structure, a list cell or a boxed number is never an atom or a small integer).
template <bool kA = false, bool kB = false>
inline bool equal(Cell a, Cell b, Cell& r) {
  if constexpr (kA != kB) {
    const Cell other = kA ? b : a;
    if (a == b) {
      r = kTrue;
      return true;
    }
    if (is_ref(other)) return false;
    r = kFalse;
    return true;
  } else {
    const auto atomic = [](Cell c) { return is_int(c) || is_atom(c); };
    if ((!kA && !atomic(a)) || (!kB && !atomic(b))) return false;
    r = truth(a == b);
    return true;
  }
}

// The float paths: the same functions on two numbers of which one at least is a float and the
// other a float or a small integer, computed as the general implementation computes them (as
// doubles). A float result takes two cells of `heap`; with fewer free the general path runs
// (it collects), as for a division by zero (its error), mod (a type error) and equal/3 (term
// identity, not numeric equality).
[[gnu::always_inline]] inline bool float_operands(Cell a, Cell b, double& x, double& y) {
  const bool fa = is_float(a);
  const bool fb = is_float(b);
  if (!(fa || fb) || !(fa || is_int(a)) || !(fb || is_int(b))) return false;
  x = fa ? float_value(a) : static_cast<double>(small_int_value(a));
  y = fb ? float_value(b) : static_cast<double>(small_int_value(b));
  return true;
}
[[gnu::always_inline]] inline bool floats(BuiltinId id, Cell a, Cell b, Heap& heap, Cell& r) {
  double x = 0;
  double y = 0;
  if (!float_operands(a, b, x, y)) return false;
  double v = 0;
  switch (id) {
    case builtin_ids::less: r = truth(x < y); return true;
    case builtin_ids::less_eq: r = truth(x <= y); return true;
    case builtin_ids::greater: r = truth(x > y); return true;
    case builtin_ids::greater_eq: r = truth(x >= y); return true;
    case builtin_ids::num_equal: r = truth(x == y); return true;
    case builtin_ids::add: v = x + y; break;
    case builtin_ids::sub: v = x - y; break;
    case builtin_ids::mul: v = x * y; break;
    case builtin_ids::div:
      if (y == 0.0) return false;
      v = x / y;
      break;
    default: return false;
  }
  const std::optional<Cell> box = make_float(heap, v);
  if (!box) return false;
  r = *box;
  return true;
}

/// arg/3's fast path, for native code (the interpreter calls the builtin): a small-integer
/// index within a bound structure or list cell gives that argument; anything else (an unbound
/// input, which waits, an index out of range, a type error) is left to builtin_arg.
inline bool arg(Cell index, Cell term, Cell& r) {
  if (!is_int(index)) return false;
  const std::int64_t i = small_int_value(index);
  if (is_struct(term)) {
    if (i < 1 || i > struct_arity(term)) return false;
    r = struct_arg(term, static_cast<std::uint32_t>(i - 1));
    return true;
  }
  if (is_cons(term)) {
    if (i < 1 || i > 2) return false;
    r = i == 1 ? car(term) : cdr(term);
    return true;
  }
  return false;
}

/// The fast path of builtin `id` (for a builtin goal taken from the pool); false for a builtin
/// without an instruction of its own.
inline bool apply(BuiltinId id, Cell a, Cell b, Cell& r) {
  switch (id) {
    case builtin_ids::add: return add(a, b, r);
    case builtin_ids::sub: return sub(a, b, r);
    case builtin_ids::mul: return mul(a, b, r);
    case builtin_ids::div: return div(a, b, r);
    case builtin_ids::mod: return mod(a, b, r);
    case builtin_ids::less: return less(a, b, r);
    case builtin_ids::less_eq: return less_eq(a, b, r);
    case builtin_ids::greater: return greater(a, b, r);
    case builtin_ids::greater_eq: return greater_eq(a, b, r);
    case builtin_ids::num_equal: return num_equal(a, b, r);
    case builtin_ids::equal: return equal(a, b, r);
    default: return false;
  }
}

}  // namespace fleng::vm::inline_builtins
