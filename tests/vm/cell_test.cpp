// The tagged cell encodings of vm/cell.hpp: small integers at the 61-bit limits, atoms,
// pointers that keep their IU number, headers, forwarding marks, variable contents.
#include "vm/cell.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "vm/atom_table.hpp"

namespace fleng::vm {
namespace {

// --- compile-time facts --------------------------------------------------------------------------

static_assert(kSmallIntMax == 1152921504606846975);   // 2^60 - 1
static_assert(kSmallIntMin == -1152921504606846976);  // -2^60
static_assert(kMaxIus == 8192);
static_assert(tag_of(make_small_int(0)) == Tag::Int);
static_assert(small_int_value(make_small_int(kSmallIntMin)) == kSmallIntMin);
static_assert(small_int_value(make_small_int(kSmallIntMax)) == kSmallIntMax);
static_assert(kNil == make_atom(0) && kTrue == make_atom(1) && kFalse == make_atom(2));

TEST(Cell, TagPredicatesAreExclusive) {
  alignas(8) static std::array<Cell, 4> memory{};
  const std::array<Cell, 8> cells = {
      make_pointer(Tag::Ref, memory.data(), 0),
      make_var_contents(),
      make_small_int(-5),
      make_atom(17),
      make_pointer(Tag::Cons, memory.data(), 1),
      make_pointer(Tag::Struct, memory.data(), 2),
      make_pointer(Tag::Box, memory.data(), 3),
      make_header(BoxKind::Vector, 3),
  };
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell c = cells[i];
    EXPECT_EQ(static_cast<std::size_t>(tag_of(c)), i);
    const int count = int{is_ref(c)} + int{is_var_contents(c)} + int{is_int(c)} + int{is_atom(c)} +
                      int{is_cons(c)} + int{is_struct(c)} + int{is_box(c)} + int{is_header(c)};
    EXPECT_EQ(count, 1) << "cell " << i;
  }
  EXPECT_TRUE(is_pointer(cells[0]));
  EXPECT_FALSE(is_pointer(cells[1]));
  EXPECT_FALSE(is_pointer(cells[2]));
  EXPECT_FALSE(is_pointer(cells[3]));
  EXPECT_TRUE(is_pointer(cells[4]));
  EXPECT_TRUE(is_pointer(cells[5]));
  EXPECT_TRUE(is_pointer(cells[6]));
  EXPECT_FALSE(is_pointer(cells[7]));
}

// --- small integers --------------------------------------------------------------------------------

TEST(Cell, SmallIntRoundTripsAtTheLimits) {
  for (const std::int64_t v :
       {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, std::int64_t{42}, std::int64_t{-42},
        kSmallIntMax, kSmallIntMin, kSmallIntMax - 1, kSmallIntMin + 1,
        std::int64_t{1} << 40, -(std::int64_t{1} << 40)}) {
    const Cell c = make_small_int(v);
    EXPECT_TRUE(is_int(c)) << v;
    EXPECT_EQ(small_int_value(c), v);
  }
}

TEST(Cell, FitsSmallIntBoundaries) {
  EXPECT_TRUE(fits_small_int(kSmallIntMax));
  EXPECT_TRUE(fits_small_int(kSmallIntMin));
  EXPECT_FALSE(fits_small_int(kSmallIntMax + 1));  // 1152921504606846976 = 2^60
  EXPECT_FALSE(fits_small_int(kSmallIntMin - 1));
  EXPECT_FALSE(fits_small_int(std::numeric_limits<std::int64_t>::max()));
  EXPECT_FALSE(fits_small_int(std::numeric_limits<std::int64_t>::min()));
  EXPECT_TRUE(fits_small_int(0));
}

TEST(Cell, SmallIntsOfDifferentValuesDiffer) {
  EXPECT_NE(make_small_int(kSmallIntMax), make_small_int(kSmallIntMin));
  EXPECT_NE(make_small_int(0), make_small_int(-1));
  // Sign is preserved by the arithmetic shift.
  EXPECT_LT(small_int_value(make_small_int(-1)), 0);
  EXPECT_EQ(small_int_value(make_small_int(-1)), -1);
}

// --- atoms -----------------------------------------------------------------------------------------

TEST(Cell, AtomIndexRoundTrips) {
  for (const std::uint64_t index : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{12345},
                                    (std::uint64_t{1} << 61) - 1}) {
    const Cell c = make_atom(index);
    EXPECT_TRUE(is_atom(c));
    EXPECT_EQ(atom_index(c), index);
  }
}

TEST(Cell, AtomAndIntegerWithTheSameBitsDiffer) {
  EXPECT_NE(make_atom(5), make_small_int(5));
  EXPECT_NE(kNil, make_small_int(0));
}

TEST(Cell, ReservedAtomsMatchTheAtomTable) {
  AtomTable atoms;
  EXPECT_EQ(atoms.intern("[]"), atoms::kNil);
  EXPECT_EQ(atoms.intern("true"), atoms::kTrue);
  EXPECT_EQ(atoms.intern("false"), atoms::kFalse);
  EXPECT_EQ(atoms.intern("{}"), atoms::kBraces);
  EXPECT_EQ(atoms.intern("."), atoms::kDot);
  EXPECT_EQ(atoms.intern("-"), atoms::kMinus);
  EXPECT_EQ(atoms.intern("<"), atoms::kLess);
  EXPECT_EQ(atoms.intern("="), atoms::kEqual);
  EXPECT_EQ(atoms.intern(">"), atoms::kGreater);
  EXPECT_EQ(atoms.atom("[]"), kNil);
  EXPECT_EQ(atoms.name(atoms::kTrue), "true");
}

TEST(Cell, EvaluableFunctorsAreKnownByIndex) {
  // The AtomTable registers the functors of vm/evaluable.hpp first, so that evaluable_functor
  // answers from the index alone; any other functor is not evaluable.
  AtomTable atoms;
  for (const auto& f : kEvaluableFunctors) {
    const auto functor = atoms.functor(atoms.intern(f.name), f.arity);
    ASSERT_TRUE(atoms.evaluable_functor(functor).has_value()) << f.name << "/" << f.arity;
    EXPECT_EQ(*atoms.evaluable_functor(functor), f.op) << f.name << "/" << f.arity;
  }
  EXPECT_FALSE(atoms.evaluable_functor(atoms.functor(atoms.intern("+"), 3)).has_value());
  EXPECT_FALSE(atoms.evaluable_functor(atoms.functor(atoms.intern("foo"), 1)).has_value());
  for (const auto& c : kEvaluableConstants) {
    EXPECT_EQ(atoms.evaluable_constant(atoms.intern(c.name)), c.op) << c.name;
  }
  EXPECT_FALSE(atoms.evaluable_constant(atoms.intern("foo")).has_value());
  EXPECT_FALSE(atoms.evaluable_constant(atoms::kNil).has_value());
}

TEST(Cell, AtomTableInternsOnceAndKeepsFunctorsApart) {
  AtomTable atoms;
  const auto foo = atoms.intern("foo");
  EXPECT_EQ(atoms.intern("foo"), foo);
  EXPECT_NE(atoms.intern("bar"), foo);
  EXPECT_EQ(atoms.name(foo), "foo");
  const auto f1 = atoms.functor(foo, 1);
  const auto f2 = atoms.functor(foo, 2);
  EXPECT_NE(f1, f2);
  EXPECT_EQ(atoms.functor(foo, 1), f1);
  EXPECT_EQ(atoms.functor_name(f2), foo);
  EXPECT_EQ(atoms.functor_arity(f2), 2U);
}

// --- pointers --------------------------------------------------------------------------------------

TEST(Cell, PointersKeepAddressTagAndIu) {
  alignas(8) static std::array<Cell, 16> memory{};
  for (const Tag tag : {Tag::Ref, Tag::Cons, Tag::Struct, Tag::Box}) {
    for (const unsigned iu : {0U, 1U, 63U, 4095U, kMaxIus - 1}) {
      const Cell* p = memory.data() + 3;
      const Cell c = make_pointer(tag, p, iu);
      EXPECT_EQ(tag_of(c), tag);
      EXPECT_EQ(iu_of(c), iu);
      EXPECT_EQ(address_of(c), p);
      EXPECT_TRUE(is_pointer(c));
    }
  }
}

TEST(Cell, PointersToTheSameAddressOnDifferentIusDiffer) {
  alignas(8) static std::array<Cell, 2> memory{};
  const Cell a = make_pointer(Tag::Cons, memory.data(), 0);
  const Cell b = make_pointer(Tag::Cons, memory.data(), 1);
  EXPECT_NE(a, b);
  EXPECT_EQ(address_of(a), address_of(b));
  // The IU is the most significant part: (IU, address) order is the cell order.
  EXPECT_LT(a, b);
  const Cell c = make_pointer(Tag::Cons, memory.data() + 1, 0);
  EXPECT_LT(a, c);
  EXPECT_LT(c, b);
}

TEST(Cell, RetagKeepsAddressAndIu) {
  alignas(8) static std::array<Cell, 2> memory{};
  const Cell cons = make_pointer(Tag::Cons, memory.data(), 77);
  const Cell ref = retag(cons, Tag::Ref);
  EXPECT_EQ(tag_of(ref), Tag::Ref);
  EXPECT_EQ(iu_of(ref), 77U);
  EXPECT_EQ(address_of(ref), memory.data());
  EXPECT_EQ(retag(ref, Tag::Cons), cons);
}

// --- variable contents -----------------------------------------------------------------------------

TEST(Cell, VariableContentsCarryTheFirstHook) {
  alignas(8) static std::array<Cell, 4> memory{};
  const Cell empty = make_var_contents();
  EXPECT_TRUE(is_var_contents(empty));
  EXPECT_EQ(hooks_of(empty), 0U);

  const Cell hook = make_pointer(Tag::Box, memory.data(), 5);
  const Cell with_hook = make_var_contents(hook);
  EXPECT_TRUE(is_var_contents(with_hook));
  EXPECT_FALSE(is_ref(with_hook));
  EXPECT_EQ(retag(hooks_of(with_hook), Tag::Box), hook);
  EXPECT_EQ(address_of(hooks_of(with_hook)), memory.data());
  EXPECT_EQ(iu_of(hooks_of(with_hook)), 5U);
}

// --- headers ---------------------------------------------------------------------------------------

TEST(Cell, HeaderFieldsRoundTrip) {
  for (const BoxKind kind : {BoxKind::Functor, BoxKind::Float, BoxKind::Int64, BoxKind::Vector,
                             BoxKind::Goal, BoxKind::Hook, BoxKind::Filler}) {
    for (const std::uint32_t size : {0U, 1U, 2U, 1000U, kMaxObjectSize}) {
      for (const std::uint32_t aux : {0U, 7U, 0xFFFFFFFFU}) {
        const Cell h = make_header(kind, size, aux);
        EXPECT_TRUE(is_header(h));
        EXPECT_FALSE(is_pointer(h));
        EXPECT_EQ(header_kind(h), kind);
        EXPECT_EQ(header_size(h), size);
        EXPECT_EQ(header_aux(h), aux);
        EXPECT_FALSE(is_forward(h));
      }
    }
  }
}

TEST(Cell, HeaderSizeIs24Bits) {
  EXPECT_EQ(kMaxObjectSize, 0xFFFFFFU);
  // A size beyond 24 bits does not spill into the aux field.
  const Cell h = make_header(BoxKind::Vector, kMaxObjectSize + 2, 9);
  EXPECT_EQ(header_aux(h), 9U);
  EXPECT_EQ(header_kind(h), BoxKind::Vector);
}

TEST(Cell, ForwardingMarksPointAtTheNewPlace) {
  alignas(8) static std::array<Cell, 64> memory{};
  for (std::size_t i = 0; i < memory.size(); i += 7) {
    const Cell f = make_forward(memory.data() + i);
    EXPECT_TRUE(is_header(f));
    EXPECT_TRUE(is_forward(f));
    EXPECT_EQ(header_kind(f), BoxKind::Forward);
    EXPECT_EQ(forward_address(f), memory.data() + i);
  }
  EXPECT_FALSE(is_forward(make_small_int(1)));
  EXPECT_FALSE(is_forward(make_header(BoxKind::Functor, 1, 1)));
}

// --- floats ----------------------------------------------------------------------------------------

TEST(Cell, DoubleBitsRoundTrip) {
  for (const double d : {0.0, -0.0, 1.5, -2.25e300, 1e-310, std::numeric_limits<double>::infinity()}) {
    const double back = bits_double(double_bits(d));
    EXPECT_EQ(back, d);
    EXPECT_EQ(std::signbit(back), std::signbit(d));
  }
  EXPECT_TRUE(std::isnan(bits_double(double_bits(std::numeric_limits<double>::quiet_NaN()))));
}

}  // namespace
}  // namespace fleng::vm
