// The evaluator of evaluate.hpp: a post-order walk over an explicit stack of frames, one frame
// per evaluable structure, its operands on a value stack; then one operation per frame.
#include "vm/builtins/evaluate.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_map>
#include <unordered_set>

#include <boost/container/small_vector.hpp>

#include "vm/term_writer.hpp"
#include "vm/walk_guard.hpp"

namespace fleng::vm::builtins {

namespace {

constexpr std::int64_t kMinInt = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();
// 2^63: doubles at or above it (or below -2^63) are out of the 64-bit range.
constexpr double kTwoTo63 = 9223372036854775808.0;

Number int_number(std::int64_t v) { return Number{false, v, 0.0}; }
Number float_number(double d) { return Number{true, 0, d}; }

std::string number_text(const Number& n) {
  return n.is_float ? float_text(n.d) : std::to_string(n.i);
}

/// An operand: its value and the term it was computed from (named in messages).
struct Operand {
  Number value;
  Cell source;
};

class Evaluator {
 public:
  explicit Evaluator(Iu& iu) : iu_(iu) {}

  Evaluated run(Cell expression) {
    Evaluated result;
    const bool ok = walk(deref(expression));
    result.nodes = nodes_;
    if (ok) result.value = values_.back().value;
    return result;
  }

 private:
  struct Frame {
    Cell term;
    Evaluable op;
    std::uint32_t arity;
    std::uint32_t next;
  };

  bool walk(Cell root) {
    if (!push(root)) return false;
    while (!frames_.empty()) {
      Frame& frame = frames_.back();
      if (frame.next < frame.arity) {
        if (!push(deref(struct_arg(frame.term, frame.next++)))) return false;
        continue;
      }
      const Cell term = frame.term;
      const Operand* operands = values_.data() + (values_.size() - frame.arity);
      const auto value = apply(frame.op, term, operands);
      if (!value) return false;
      for (std::uint32_t i = 0; i < frame.arity; ++i) values_.pop_back();
      frames_.pop_back();
      if (tracking_) {
        in_progress_.erase(term);
        memo_.emplace(term, *value);
      }
      values_.push_back(Operand{*value, term});
    }
    return true;
  }

  /// Pushes a number or a constant's value, or a frame for a structure; false on an error.
  bool push(Cell t) {
    ++nodes_;
    if (is_integer(t)) {
      values_.push_back(Operand{int_number(integer_value(t)), t});
      return true;
    }
    if (is_float(t)) {
      values_.push_back(Operand{float_number(float_value(t)), t});
      return true;
    }
    if (is_atom(t)) {
      const auto constant = iu_.atoms.evaluable_constant(atom_index(t));
      if (!constant) return not_evaluable(t, "");
      double d = 0.0;
      switch (*constant) {
        case Evaluable::Pi: d = std::numbers::pi; break;
        case Evaluable::E: d = std::numbers::e; break;
        case Evaluable::Inf: d = std::numeric_limits<double>::infinity(); break;
        default: d = std::numeric_limits<double>::quiet_NaN(); break;
      }
      values_.push_back(Operand{float_number(d), t});
      return true;
    }
    if (!is_struct(t)) return not_evaluable(t, "");
    const auto op = iu_.atoms.evaluable_functor(struct_functor(t));
    if (!op) {
      return not_evaluable(
          t, fmt::format(" ({}/{} is not an arithmetic function)",
                         iu_.atoms.name(iu_.atoms.functor_name(struct_functor(t))),
                         struct_arity(t)));
    }
    // A long walk remembers the structures it is inside (a cycle) and those it has evaluated
    // (shared sub-terms), as the other walks over terms do (vm/walk_guard.hpp).
    if (++structures_ > kPlainSteps) {
      tracking_ = true;
      if (const auto it = memo_.find(t); it != memo_.end()) {
        values_.push_back(Operand{it->second, t});
        return true;
      }
      if (!in_progress_.insert(t).second) {
        fail(fmt::format("type error: expected an arithmetic expression, found a cyclic term "
                         "(a term that contains itself): {}",
                         iu_.format(t)));
        return false;
      }
    }
    frames_.push_back(Frame{t, *op, struct_arity(t), 0});
    return true;
  }

  bool not_evaluable(Cell t, const std::string& why) {
    fail(fmt::format("type error: expected an arithmetic expression, found {}{}", iu_.format(t),
                     why));
    return false;
  }

  std::nullopt_t fail(std::string message) {
    iu_.fail(std::move(message));
    return std::nullopt;
  }

  std::string text(Cell term) const { return iu_.format(term); }

  /// The operand as an integer, or a type error naming it and the operation.
  std::optional<std::int64_t> integer(const Operand& a, Cell term) {
    if (!a.value.is_float) return a.value.i;
    const std::string from =
        is_float(a.source) ? "" : fmt::format(" (the value of {})", text(a.source));
    return fail(fmt::format("type error: expected an integer, found {}{} in {}",
                            number_text(a.value), from, text(term)));
  }

  /// A float result: NaN from operands that are not NaN is undefined, an infinity from finite
  /// operands an overflow; both are errors (inf and nan themselves propagate).
  std::optional<Number> checked(Cell term, double r, const Operand* a, std::uint32_t n) {
    bool any_nan = false;
    bool all_finite = true;
    for (std::uint32_t i = 0; i < n; ++i) {
      const double d = a[i].value.as_double();
      any_nan = any_nan || std::isnan(d);
      all_finite = all_finite && std::isfinite(d);
    }
    if (std::isnan(r) && !any_nan) return fail(fmt::format("undefined result (not a number) in {}", text(term)));
    if (std::isinf(r) && all_finite) return fail(fmt::format("float overflow in {}", text(term)));
    return float_number(r);
  }

  std::optional<Number> domain(Cell term, const std::string& why) {
    return fail(fmt::format("domain error in {}: {}", text(term), why));
  }

  std::optional<Number> overflow(Cell term) {
    return fail(fmt::format("integer overflow in {}", text(term)));
  }

  std::optional<Number> division_by_zero(Cell term) {
    return fail(fmt::format("division by zero in {}", text(term)));
  }

  /// base^exponent for exponent >= 0, by squaring; overflow is an error.
  std::optional<Number> int_power(Cell term, std::int64_t base, std::int64_t exponent) {
    std::int64_t result = 1;
    while (exponent > 0) {
      if ((exponent & 1) != 0 && __builtin_mul_overflow(result, base, &result)) return overflow(term);
      exponent >>= 1;
      // Needed again: with |base| >= 2 an overflow here is one of the result too.
      if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) return overflow(term);
    }
    return int_number(result);
  }

  /// An integer base to a negative integer exponent: exact for bases 1, -1 (and 0, a
  /// division by zero); otherwise nullopt without an error (the caller decides).
  std::optional<Number> negative_exponent(Cell term, std::int64_t base, std::int64_t exponent,
                                          bool& decided) {
    decided = true;
    if (base == 1) return int_number(1);
    if (base == -1) return int_number((exponent & 1) != 0 ? -1 : 1);
    if (base == 0) return division_by_zero(term);
    decided = false;
    return std::nullopt;
  }

  std::optional<Number> float_power(Cell term, const Operand* a) {
    const double x = a[0].value.as_double();
    const double y = a[1].value.as_double();
    if (x == 0.0 && y < 0.0) return division_by_zero(term);
    return checked(term, std::pow(x, y), a, 2);
  }

  /// A float rounded to an integer (floor, ceiling, round, truncate, integer).
  std::optional<Number> to_integer(Cell term, double value, double rounded) {
    if (!std::isfinite(value)) {
      return domain(term, fmt::format("{} has no integer value", float_text(value)));
    }
    if (!(rounded >= -kTwoTo63 && rounded < kTwoTo63)) {
      return fail(fmt::format("integer overflow in {}: {} does not fit in 64 bits", text(term),
                              float_text(rounded)));
    }
    return int_number(static_cast<std::int64_t>(rounded));
  }

  std::optional<Number> apply(Evaluable op, Cell term, const Operand* a) {
    const Number& x = a[0].value;
    switch (op) {
      case Evaluable::Add:
      case Evaluable::Sub:
      case Evaluable::Mul: {
        const Number& y = a[1].value;
        if (!x.is_float && !y.is_float) {
          std::int64_t r = 0;
          const bool overflowed = op == Evaluable::Add   ? __builtin_add_overflow(x.i, y.i, &r)
                                  : op == Evaluable::Sub ? __builtin_sub_overflow(x.i, y.i, &r)
                                                         : __builtin_mul_overflow(x.i, y.i, &r);
          if (overflowed) return overflow(term);
          return int_number(r);
        }
        const double p = x.as_double();
        const double q = y.as_double();
        const double r = op == Evaluable::Add ? p + q : op == Evaluable::Sub ? p - q : p * q;
        return checked(term, r, a, 2);
      }
      case Evaluable::Div: {
        const Number& y = a[1].value;
        if (!x.is_float && !y.is_float) {
          if (y.i == 0) return division_by_zero(term);
          if (x.i == kMinInt && y.i == -1) return overflow(term);
          if (x.i % y.i == 0) return int_number(x.i / y.i);
          return float_number(static_cast<double>(x.i) / static_cast<double>(y.i));
        }
        if (y.as_double() == 0.0) return division_by_zero(term);
        return checked(term, x.as_double() / y.as_double(), a, 2);
      }
      case Evaluable::IntDiv:
      case Evaluable::Mod:
      case Evaluable::Rem: {
        const auto p = integer(a[0], term);
        if (!p) return std::nullopt;
        const auto q = integer(a[1], term);
        if (!q) return std::nullopt;
        if (*q == 0) return division_by_zero(term);
        if (*q == -1) {  // kMinInt / -1 overflows; every remainder by -1 is 0
          if (op != Evaluable::IntDiv) return int_number(0);
          if (*p == kMinInt) return overflow(term);
          return int_number(-*p);
        }
        if (op == Evaluable::IntDiv) return int_number(*p / *q);  // C++ truncates toward zero
        std::int64_t r = *p % *q;                                // the sign of the dividend
        if (op == Evaluable::Mod && r != 0 && ((r < 0) != (*q < 0))) r += *q;
        return int_number(r);
      }
      case Evaluable::Min:
      case Evaluable::Max: {
        const Number& y = a[1].value;
        if ((x.is_float && std::isnan(x.d)) || (y.is_float && std::isnan(y.d))) {
          return float_number(std::numeric_limits<double>::quiet_NaN());
        }
        const auto order = compare_numbers(x, y);
        if (op == Evaluable::Min) return order == std::partial_ordering::greater ? y : x;
        return order == std::partial_ordering::less ? y : x;
      }
      case Evaluable::Power:
      case Evaluable::IntPower: {
        const Number& y = a[1].value;
        if (x.is_float || y.is_float) return float_power(term, a);
        if (y.i >= 0) return int_power(term, x.i, y.i);
        bool decided = false;
        auto r = negative_exponent(term, x.i, y.i, decided);
        if (decided) return r;
        if (op == Evaluable::Power) return float_power(term, a);  // 2 ** -1 = 0.5
        return domain(term, "a negative integer exponent needs a base of 1 or -1 (for a "
                            "fraction use ** or a float)");
      }
      case Evaluable::ShiftRight:
      case Evaluable::ShiftLeft: {
        const auto p = integer(a[0], term);
        if (!p) return std::nullopt;
        const auto q = integer(a[1], term);
        if (!q) return std::nullopt;
        if (*q < 0) return domain(term, fmt::format("the shift count must be >= 0, found {}", *q));
        if (op == Evaluable::ShiftRight) {
          if (*q > 63) return int_number(*p < 0 ? -1 : 0);
          return int_number(*p >> *q);
        }
        if (*p == 0) return int_number(0);
        // Bits shifted out of the 64-bit range are an overflow, as for * (and shl/3).
        if (*q > 63 || *p > (kMaxInt >> *q) || *p < (kMinInt >> *q)) return overflow(term);
        return int_number(static_cast<std::int64_t>(static_cast<std::uint64_t>(*p) << *q));
      }
      case Evaluable::BitAnd:
      case Evaluable::BitOr:
      case Evaluable::BitXor: {
        const auto p = integer(a[0], term);
        if (!p) return std::nullopt;
        const auto q = integer(a[1], term);
        if (!q) return std::nullopt;
        if (op == Evaluable::BitAnd) return int_number(*p & *q);
        if (op == Evaluable::BitOr) return int_number(*p | *q);
        return int_number(*p ^ *q);
      }
      case Evaluable::BitNot: {
        const auto p = integer(a[0], term);
        if (!p) return std::nullopt;
        return int_number(~*p);
      }
      case Evaluable::Atan2:
        return checked(term, std::atan2(x.as_double(), a[1].value.as_double()), a, 2);
      case Evaluable::Neg:
        if (x.is_float) return float_number(-x.d);
        if (x.i == kMinInt) return overflow(term);
        return int_number(-x.i);
      case Evaluable::Plus: return x;
      case Evaluable::Abs:
        if (x.is_float) return float_number(std::fabs(x.d));
        if (x.i == kMinInt) return overflow(term);
        return int_number(x.i < 0 ? -x.i : x.i);
      case Evaluable::Sign:
        if (!x.is_float) return int_number(x.i > 0 ? 1 : x.i < 0 ? -1 : 0);
        if (x.d > 0) return float_number(1.0);
        if (x.d < 0) return float_number(-1.0);
        return x;  // 0.0, -0.0 and nan
      case Evaluable::Sqrt:
        if (x.as_double() < 0) {
          return domain(term, fmt::format("the square root needs a number >= 0, found {}",
                                          number_text(x)));
        }
        return checked(term, std::sqrt(x.as_double()), a, 1);
      case Evaluable::Log:
      case Evaluable::Log2:
        if (x.as_double() <= 0) {
          return domain(term, fmt::format("the logarithm needs a number > 0, found {}",
                                          number_text(x)));
        }
        return checked(term, op == Evaluable::Log ? std::log(x.as_double()) : std::log2(x.as_double()),
                       a, 1);
      case Evaluable::Asin:
      case Evaluable::Acos:
        if (x.as_double() < -1.0 || x.as_double() > 1.0) {
          return domain(term, fmt::format("needs a number in -1..1, found {}", number_text(x)));
        }
        return checked(term, op == Evaluable::Asin ? std::asin(x.as_double()) : std::acos(x.as_double()),
                       a, 1);
      case Evaluable::Exp: return checked(term, std::exp(x.as_double()), a, 1);
      case Evaluable::Sin: return checked(term, std::sin(x.as_double()), a, 1);
      case Evaluable::Cos: return checked(term, std::cos(x.as_double()), a, 1);
      case Evaluable::Tan: return checked(term, std::tan(x.as_double()), a, 1);
      case Evaluable::Atan: return checked(term, std::atan(x.as_double()), a, 1);
      case Evaluable::Sinh: return checked(term, std::sinh(x.as_double()), a, 1);
      case Evaluable::Cosh: return checked(term, std::cosh(x.as_double()), a, 1);
      case Evaluable::Tanh: return checked(term, std::tanh(x.as_double()), a, 1);
      case Evaluable::Floor:
      case Evaluable::Ceiling:
      case Evaluable::Round:
      case Evaluable::Truncate:
      case Evaluable::Integer: {
        if (!x.is_float) return x;
        const double r = op == Evaluable::Floor     ? std::floor(x.d)
                         : op == Evaluable::Ceiling ? std::ceil(x.d)
                         : op == Evaluable::Truncate ? std::trunc(x.d)
                                                     : std::round(x.d);  // half away from zero
        return to_integer(term, x.d, r);
      }
      case Evaluable::Float: return float_number(x.as_double());
      case Evaluable::FloatIntegerPart:
      case Evaluable::FloatFractionalPart: {
        double integral = 0.0;
        const double fraction = std::modf(x.as_double(), &integral);
        return float_number(op == Evaluable::FloatIntegerPart ? integral : fraction);
      }
      case Evaluable::Pi:
      case Evaluable::E:
      case Evaluable::Inf:
      case Evaluable::Nan: break;  // constants: atoms, never frames
    }
    return fail("internal error: unknown arithmetic operation");
  }

  Iu& iu_;
  boost::container::small_vector<Frame, 16> frames_;
  boost::container::small_vector<Operand, 16> values_;
  std::uint64_t nodes_ = 0;
  std::size_t structures_ = 0;
  bool tracking_ = false;
  std::unordered_set<Cell> in_progress_;
  std::unordered_map<Cell, Number> memo_;
};

}  // namespace

Evaluated evaluate(Iu& iu, Cell expression) {
  const Cell e = deref(expression);
  if (is_integer(e)) return Evaluated{Number{false, integer_value(e), 0.0}, 1};
  if (is_float(e)) return Evaluated{Number{true, 0, float_value(e)}, 1};
  return Evaluator(iu).run(e);
}

std::partial_ordering compare_numbers(const Number& a, const Number& b) {
  if (!a.is_float && !b.is_float) return a.i <=> b.i;
  if (a.is_float && b.is_float) return a.d <=> b.d;
  // An integer and a float, by value: the integer is never rounded to a double.
  const bool flipped = a.is_float;
  const std::int64_t i = flipped ? b.i : a.i;
  const double d = flipped ? a.d : b.d;
  std::partial_ordering order = std::partial_ordering::unordered;
  if (std::isnan(d)) return order;
  if (d >= kTwoTo63) {
    order = std::partial_ordering::less;
  } else if (d < -kTwoTo63) {
    order = std::partial_ordering::greater;
  } else {
    const double t = std::trunc(d);
    const auto ti = static_cast<std::int64_t>(t);
    if (i != ti) {
      order = i < ti ? std::partial_ordering::less : std::partial_ordering::greater;
    } else {
      const double fraction = d - t;
      order = fraction > 0   ? std::partial_ordering::less
              : fraction < 0 ? std::partial_ordering::greater
                             : std::partial_ordering::equivalent;
    }
  }
  if (!flipped) return order;
  if (order == std::partial_ordering::less) return std::partial_ordering::greater;
  if (order == std::partial_ordering::greater) return std::partial_ordering::less;
  return order;
}

}  // namespace fleng::vm::builtins
