// The fast paths of the builtin functions that have their own instruction: the same answers as
// the general implementations on small integers, and no answer (false) where the general
// implementation must decide (overflow of 61 bits, division by zero, other types); the float
// paths likewise.
#include "vm/inline_builtins.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace fleng::vm {
namespace {

Cell small(std::int64_t v) { return make_small_int(v); }

TEST(InlineBuiltins, ArithmeticOnSmallIntegers) {
  Cell r = 0;
  ASSERT_TRUE(inline_builtins::add(small(40), small(2), r));
  EXPECT_EQ(r, small(42));
  ASSERT_TRUE(inline_builtins::add(small(-5), small(2), r));
  EXPECT_EQ(r, small(-3));
  ASSERT_TRUE(inline_builtins::sub(small(2), small(5), r));
  EXPECT_EQ(r, small(-3));
  ASSERT_TRUE(inline_builtins::mul(small(-6), small(7), r));
  EXPECT_EQ(r, small(-42));
  ASSERT_TRUE(inline_builtins::div(small(-7), small(2), r));
  EXPECT_EQ(r, small(-3));
  ASSERT_TRUE(inline_builtins::mod(small(-7), small(2), r));
  EXPECT_EQ(r, small(-1));
}

// Quotients and remainders are computed on the tagged cells: the same answers as on the
// integers, for every sign, across 32 bits and at both ends of the small integers (the least
// integer divided by -1, the one quotient that does not fit, is left to the builtin).
TEST(InlineBuiltins, DivisionOnTheCellsIsTheDivisionOfTheIntegers) {
  const std::int64_t big = std::int64_t{1} << 40;
  const std::int64_t i32min = INT32_MIN;
  const std::int64_t i32max = INT32_MAX;
  for (const std::int64_t x : {std::int64_t{-7}, std::int64_t{7}, std::int64_t{0}, i32min, i32max,
                               i32max + 1, i32min - 1, big, -big, kSmallIntMin, kSmallIntMin + 1, kSmallIntMax}) {
    for (const std::int64_t y : {std::int64_t{2}, std::int64_t{-2}, std::int64_t{-1}, std::int64_t{1},
                                 std::int64_t{3}, std::int64_t{-3}, i32min, i32max, i32max + 1, -big,
                                 kSmallIntMin, kSmallIntMax}) {
      Cell q = 0;
      Cell m = 0;
      ASSERT_TRUE(inline_builtins::mod(small(x), small(y), m)) << x << " mod " << y;
      EXPECT_EQ(m, small(x % y)) << x << " mod " << y;
      if (x == kSmallIntMin && y == -1) {
        EXPECT_FALSE(inline_builtins::div(small(x), small(y), q));
        continue;
      }
      ASSERT_TRUE(inline_builtins::div(small(x), small(y), q)) << x << " / " << y;
      EXPECT_EQ(q, small(x / y)) << x << " / " << y;
    }
  }
}

// Sums and differences are computed on the tagged cells: for every pair of boundary values, the
// cell of the integer's sum or difference where it fits the small integers, no answer where it
// does not (the 64-bit overflow of the cells is the 61-bit overflow of the integers).
TEST(InlineBuiltins, SumsAndDifferencesOnTheCellsOverflowExactlyWhereTheIntegersDo) {
  const std::int64_t big = std::int64_t{1} << 59;
  const std::vector<std::int64_t> values{0, 1, -1, 2, -2, 7, -8, big, -big, big + 1, -big - 1,
                                         kSmallIntMin, kSmallIntMin + 1, kSmallIntMax, kSmallIntMax - 1};
  // Small integers have 61 bits: their sums and differences fit 64.
  const auto fits = [](std::int64_t v) { return v >= kSmallIntMin && v <= kSmallIntMax; };
  for (const std::int64_t x : values) {
    for (const std::int64_t y : values) {
      Cell r = 0;
      const std::int64_t sum = x + y;
      ASSERT_EQ(inline_builtins::add(small(x), small(y), r), fits(sum)) << x << " + " << y;
      if (fits(sum)) {
        EXPECT_EQ(r, small(sum)) << x << " + " << y;
      }
      const std::int64_t difference = x - y;
      ASSERT_EQ(inline_builtins::sub(small(x), small(y), r), fits(difference)) << x << " - " << y;
      if (fits(difference)) {
        EXPECT_EQ(r, small(difference)) << x << " - " << y;
      }
      // The forms native code uses where an operand is known to be a small integer.
      ASSERT_EQ((inline_builtins::add<true, true>(small(x), small(y), r)), fits(sum)) << x << " + " << y;
      ASSERT_EQ((inline_builtins::sub<true, false>(small(x), small(y), r)), fits(difference)) << x << " - " << y;
    }
  }
}

TEST(InlineBuiltins, LeavesOverflowAndErrorsToTheBuiltins) {
  Cell r = 0;
  ASSERT_TRUE(inline_builtins::add(small(kSmallIntMax - 1), small(1), r));
  EXPECT_EQ(r, small(kSmallIntMax));
  EXPECT_FALSE(inline_builtins::add(small(kSmallIntMax), small(1), r));
  EXPECT_FALSE(inline_builtins::add(small(kSmallIntMin), small(-1), r));
  ASSERT_TRUE(inline_builtins::sub(small(kSmallIntMin + 1), small(1), r));
  EXPECT_EQ(r, small(kSmallIntMin));
  EXPECT_FALSE(inline_builtins::sub(small(kSmallIntMin), small(1), r));
  EXPECT_FALSE(inline_builtins::sub(small(kSmallIntMax), small(-1), r));
  EXPECT_FALSE(inline_builtins::mul(small(kSmallIntMax), small(2), r));
  EXPECT_FALSE(inline_builtins::div(small(1), small(0), r));
  EXPECT_FALSE(inline_builtins::div(small(kSmallIntMin), small(-1), r));
  EXPECT_FALSE(inline_builtins::mod(small(1), small(0), r));
  EXPECT_FALSE(inline_builtins::add(make_atom(atoms::kTrue), small(1), r));
  EXPECT_FALSE(inline_builtins::less(small(1), make_atom(atoms::kTrue), r));
}

TEST(InlineBuiltins, Comparisons) {
  Cell r = 0;
  for (const std::int64_t x : {kSmallIntMin, std::int64_t{-3}, std::int64_t{0}, std::int64_t{2}, kSmallIntMax}) {
    for (const std::int64_t y : {kSmallIntMin, std::int64_t{-3}, std::int64_t{0}, std::int64_t{2}, kSmallIntMax}) {
      ASSERT_TRUE(inline_builtins::less(small(x), small(y), r));
      EXPECT_EQ(r, x < y ? kTrue : kFalse);
      ASSERT_TRUE(inline_builtins::less_eq(small(x), small(y), r));
      EXPECT_EQ(r, x <= y ? kTrue : kFalse);
      ASSERT_TRUE(inline_builtins::greater(small(x), small(y), r));
      EXPECT_EQ(r, x > y ? kTrue : kFalse);
      ASSERT_TRUE(inline_builtins::greater_eq(small(x), small(y), r));
      EXPECT_EQ(r, x >= y ? kTrue : kFalse);
      ASSERT_TRUE(inline_builtins::num_equal(small(x), small(y), r));
      EXPECT_EQ(r, x == y ? kTrue : kFalse);
    }
  }
}

TEST(InlineBuiltins, EqualOnAtomicValues) {
  Cell r = 0;
  ASSERT_TRUE(inline_builtins::equal(kNil, kNil, r));
  EXPECT_EQ(r, kTrue);
  ASSERT_TRUE(inline_builtins::equal(kNil, small(0), r));
  EXPECT_EQ(r, kFalse);
  EXPECT_FALSE(inline_builtins::equal(kNil, make_small_int(1) & ~kTagMask, r));  // a REF
}

// One side known atomic (native code's fast copies): the other, dereferenced, is identical to
// it or not by the cell whatever it holds (a structure, a list cell, a float are not), but an
// unbound variable is the builtin's (it waits).
TEST(InlineBuiltins, EqualWithOneSideKnownAtomic) {
  Heap heap(0, 1024, 1024);
  const Cell ref = make_small_int(1) & ~kTagMask;
  const Cell real = *make_float(heap, 2.0);
  const Cell cons = (make_small_int(1) & ~kTagMask) | static_cast<Cell>(Tag::Cons);
  Cell r = 0;
  ASSERT_TRUE((inline_builtins::equal<true, false>(small(2), small(2), r)));
  EXPECT_EQ(r, kTrue);
  ASSERT_TRUE((inline_builtins::equal<false, true>(small(3), small(2), r)));
  EXPECT_EQ(r, kFalse);
  ASSERT_TRUE((inline_builtins::equal<true, false>(small(2), kNil, r)));
  EXPECT_EQ(r, kFalse);
  ASSERT_TRUE((inline_builtins::equal<true, false>(small(2), real, r)));
  EXPECT_EQ(r, kFalse);
  ASSERT_TRUE((inline_builtins::equal<false, true>(cons, kNil, r)));
  EXPECT_EQ(r, kFalse);
  EXPECT_FALSE((inline_builtins::equal<true, false>(small(2), ref, r)));
  EXPECT_FALSE((inline_builtins::equal<false, true>(ref, kNil, r)));
  // Neither side known: a compound is the builtin's, as before.
  EXPECT_FALSE(inline_builtins::equal(small(2), real, r));
}

// The float paths: a float beside a float or a small integer computed as doubles, the result
// a float box in the heap given; false (the general path decides) for two small integers, other
// types, division by zero, mod and equal/3, and a heap without two free cells.
TEST(InlineBuiltins, FloatPaths) {
  Heap heap(0, 1024, 1024);
  const auto real = [&](double d) { return *make_float(heap, d); };
  const auto value = [](Cell c) {
    EXPECT_TRUE(is_float(c));
    return float_value(c);
  };
  Cell r = 0;
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::add, real(1.5), real(2.25), heap, r));
  EXPECT_EQ(value(r), 3.75);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::sub, small(2), real(0.5), heap, r));
  EXPECT_EQ(value(r), 1.5);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::mul, real(-2.5), small(4), heap, r));
  EXPECT_EQ(value(r), -10.0);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::div, small(1), real(4.0), heap, r));
  EXPECT_EQ(value(r), 0.25);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::less, real(1.5), small(2), heap, r));
  EXPECT_EQ(r, kTrue);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::greater_eq, real(-0.0), real(0.0), heap, r));
  EXPECT_EQ(r, kTrue);
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::num_equal, real(2.0), small(2), heap, r));
  EXPECT_EQ(r, kTrue);
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::add, small(1), small(2), heap, r));
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::add, real(1.0), kNil, heap, r));
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::div, real(1.0), small(0), heap, r));
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::mod, real(7.0), small(2), heap, r));
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::equal, real(2.0), real(2.0), heap, r));
  // A wide integer beside a float is the general path's.
  Cell* wide = heap.allocate(2);
  wide[0] = make_header(BoxKind::Int64, 1);
  wide[1] = static_cast<Cell>(kSmallIntMax) + 1;
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::add, real(1.0), make_pointer(Tag::Box, wide, 0), heap, r));
  // No room for the result: the general path collects.
  const Cell a = real(1.0);
  while (heap.free_cells() > 1) heap.take(1);
  EXPECT_FALSE(inline_builtins::floats(builtin_ids::add, a, a, heap, r));
  ASSERT_TRUE(inline_builtins::floats(builtin_ids::less, a, a, heap, r));  // (no result cells)
  EXPECT_EQ(r, kFalse);
}

TEST(InlineBuiltins, OnlyTwoInputFunctionsHaveInstructions) {
  EXPECT_EQ(inline_builtins::instruction_for(builtin_ids::add), Op::fn_add);
  EXPECT_EQ(inline_builtins::instruction_for(builtin_ids::equal), Op::fn_equal);
  EXPECT_FALSE(inline_builtins::instruction_for(builtin_ids::max).has_value());
  EXPECT_FALSE(inline_builtins::instruction_for(builtin_ids::unify).has_value());
}

}  // namespace
}  // namespace fleng::vm
