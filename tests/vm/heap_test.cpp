// The heap of one IU (vm/heap.hpp) and the allocating helpers of vm/terms.hpp: bump
// allocation, exhaustion (nullptr / nullopt, never a crash), the semispace switch.
#include "vm/heap.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bit>
#include <cstdint>

#include "vm/terms.hpp"

namespace fleng::vm {
namespace {

TEST(Heap, StartsEmptyWithTheInitialUsableSize) {
  Heap heap(3, 1024, 256);
  EXPECT_EQ(heap.iu(), 3U);
  EXPECT_EQ(heap.used_cells(), 0U);
  EXPECT_EQ(heap.usable_cells(), 256U);
  EXPECT_EQ(heap.free_cells(), 256U);
  EXPECT_EQ(heap.max_cells(), 1024U);
  EXPECT_EQ(heap.collections, 0U);
}

TEST(Heap, InitialSizeIsCappedByTheMaximum) {
  Heap heap(0, 100, 1000);
  EXPECT_EQ(heap.usable_cells(), 100U);
}

TEST(Heap, BumpAllocationIsContiguous) {
  Heap heap(0, 1024, 1024);
  Cell* a = heap.allocate(3);
  Cell* b = heap.allocate(5);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b, a + 3);
  EXPECT_EQ(heap.used_cells(), 8U);
  EXPECT_EQ(heap.free_cells(), 1016U);
  EXPECT_TRUE(heap.contains(a));
  EXPECT_TRUE(heap.contains(b + 4));
  Cell outside = 0;
  EXPECT_FALSE(heap.contains(&outside));
  // Allocated cells are 8-byte aligned, so that pointer tags fit in the low bits.
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b) % 8, 0U);
}

TEST(Heap, ExhaustionReturnsNullAndLeavesTheHeapUnchanged) {
  Heap heap(0, 64, 64);
  ASSERT_NE(heap.allocate(60), nullptr);
  EXPECT_EQ(heap.allocate(5), nullptr);
  EXPECT_EQ(heap.used_cells(), 60U);
  EXPECT_NE(heap.allocate(4), nullptr);  // exactly the rest
  EXPECT_EQ(heap.free_cells(), 0U);
  EXPECT_EQ(heap.allocate(1), nullptr);
  EXPECT_EQ(heap.used_cells(), 64U);
}

TEST(Heap, ExhaustionIsBoundedByTheUsableNotTheMaximumSize) {
  Heap heap(0, 1 << 20, 16);
  EXPECT_NE(heap.allocate(16), nullptr);
  EXPECT_EQ(heap.allocate(1), nullptr);
}

TEST(Heap, CollectionSwitchesSpacesAndGrowsTheUsableSize) {
  Heap heap(0, 4096, 64);
  Cell* old = heap.allocate(64);
  ASSERT_NE(old, nullptr);
  EXPECT_EQ(heap.allocate(1), nullptr);

  heap.begin_collection();
  EXPECT_TRUE(heap.in_old_space(old));
  EXPECT_FALSE(heap.contains(old));
  EXPECT_EQ(heap.used_cells(), 0U);
  Cell* survivor = heap.allocate(40);  // the live data copied over
  ASSERT_NE(survivor, nullptr);
  EXPECT_FALSE(heap.in_old_space(survivor));
  heap.end_collection(100);

  EXPECT_EQ(heap.collections, 1U);
  EXPECT_EQ(heap.copied_cells, 40U);
  EXPECT_EQ(heap.peak_used_cells, 64U);
  EXPECT_EQ(heap.used_cells(), 40U);
  EXPECT_GE(heap.free_cells(), 100U);  // the headroom asked for
  EXPECT_LE(heap.usable_cells(), heap.max_cells());
}

// The usable size after a collection is kLiveMultiple times the live data, so the copying
// work of the next collection is at most 1 / (kLiveMultiple - 1) of the cells allocated before it.
TEST(Heap, UsableSizeAfterACollectionIsAMultipleOfTheLiveData) {
  Heap heap(0, 1 << 16, 64);
  ASSERT_NE(heap.allocate(64), nullptr);
  heap.begin_collection();
  ASSERT_NE(heap.allocate(1000), nullptr);  // the survivors
  heap.end_collection(16);
  EXPECT_EQ(heap.usable_cells(), 1000 * Heap::kLiveMultiple);
  EXPECT_EQ(heap.free_cells(), 1000 * (Heap::kLiveMultiple - 1));
}

// The room compiled code tests is the free space, through every move of the limit, and never
// enough while every reservation is to collect first (--gc-stress).
TEST(Heap, NativeRoomIsTheFreeSpaceOrNoneWhenCollectingAlways) {
  Heap heap(0, 1 << 16, 64);
  const auto same = [&] { return heap.native_room() == static_cast<std::ptrdiff_t>(heap.free_cells()); };
  EXPECT_TRUE(same());
  ASSERT_NE(heap.allocate(10), nullptr);
  EXPECT_TRUE(same());
  ASSERT_TRUE(heap.grow(500));
  EXPECT_TRUE(same());
  heap.begin_collection();
  EXPECT_TRUE(same());
  ASSERT_NE(heap.allocate(100), nullptr);
  heap.end_collection(16);
  EXPECT_TRUE(same());
  heap.set_collect_always(true);
  EXPECT_LE(heap.native_room(), 0);
  EXPECT_GT(heap.free_cells(), 0U);  // the builtins may still allocate
  ASSERT_TRUE(heap.grow(5000));
  EXPECT_LE(heap.native_room(), 0);
  heap.begin_collection();
  ASSERT_NE(heap.allocate(10), nullptr);
  heap.end_collection(16);
  EXPECT_LE(heap.native_room(), 0);
  heap.set_collect_always(false);
  EXPECT_TRUE(same());
}

TEST(Heap, GrowthStopsAtTheMaximum) {
  Heap heap(0, 128, 16);
  heap.begin_collection();
  ASSERT_NE(heap.allocate(100), nullptr);
  heap.end_collection(1000);
  EXPECT_EQ(heap.usable_cells(), 128U);
  EXPECT_EQ(heap.free_cells(), 28U);
}

/// Whether the page holding `p` is resident (mincore).
bool resident(const Cell* p) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  unsigned char in_core = 0;
  void* start = std::bit_cast<void*>(std::bit_cast<std::uintptr_t>(p) / page * page);
  EXPECT_EQ(mincore(start, 1, &in_core), 0);
  return (in_core & 1) != 0;
}

/// A heap whose space was used to `used` cells (written), then collected with `live` cells
/// surviving: whether that space's cell `probe` is still resident.
bool resident_after_collection(std::size_t used, std::size_t live, std::size_t probe) {
  Heap heap(0, std::size_t{1} << 20, 1024);
  EXPECT_TRUE(heap.grow(used));
  Cell* const space = heap.allocate(used);
  for (std::size_t i = 0; i < used; ++i) space[i] = make_small_int(static_cast<std::int64_t>(i));
  EXPECT_TRUE(resident(space + probe));
  heap.begin_collection();
  EXPECT_NE(heap.allocate(live), nullptr);
  heap.end_collection(16);
  return resident(space + probe);
}

// After a collection the evacuated space's pages beyond the new usable size go back to the
// system when that space was used to more than twice it (the resident size follows the live
// data), and stay when it was used to less (no page faults at every collection of a program
// whose live data moves up and down).
TEST(Heap, CollectionReleasesPagesOnlyOfASpaceUsedToTwiceTheNewSize) {
  const std::size_t used = std::size_t{1} << 16;
  const std::size_t probe = used - 1;
  EXPECT_FALSE(resident_after_collection(used, 1024, probe));  // usable 4096: released
  // Live data a fifth of the space: usable four fifths of it, the page beyond it stays.
  EXPECT_TRUE(resident_after_collection(used, used / 5, probe));
}

// --- terms.hpp helpers on a heap --------------------------------------------------------------------

TEST(HeapTerms, IntegersAreImmediateUpTo61Bits) {
  Heap heap(0, 64, 64);
  const auto small = make_integer(heap, kSmallIntMax);
  ASSERT_TRUE(small.has_value());
  EXPECT_TRUE(is_int(*small));
  EXPECT_EQ(heap.used_cells(), 0U);

  const auto big = make_integer(heap, kSmallIntMax + 1);  // 1152921504606846976
  ASSERT_TRUE(big.has_value());
  EXPECT_TRUE(is_big_int(*big));
  EXPECT_TRUE(is_integer(*big));
  EXPECT_TRUE(is_number(*big));
  EXPECT_EQ(integer_value(*big), kSmallIntMax + 1);
  EXPECT_EQ(heap.used_cells(), 2U);

  const auto neg = make_integer(heap, kSmallIntMin - 1);
  ASSERT_TRUE(neg.has_value());
  EXPECT_TRUE(is_big_int(*neg));
  EXPECT_EQ(integer_value(*neg), kSmallIntMin - 1);

  const auto min = make_integer(heap, kSmallIntMin);
  ASSERT_TRUE(min.has_value());
  EXPECT_TRUE(is_int(*min));
  EXPECT_EQ(integer_value(*min), kSmallIntMin);

  const auto extreme = make_integer(heap, INT64_MIN);
  ASSERT_TRUE(extreme.has_value());
  EXPECT_EQ(integer_value(*extreme), INT64_MIN);
}

TEST(HeapTerms, FloatsAreBoxed) {
  Heap heap(0, 64, 64);
  const auto f = make_float(heap, -2.5);
  ASSERT_TRUE(f.has_value());
  EXPECT_TRUE(is_box(*f));
  EXPECT_TRUE(is_float(*f));
  EXPECT_FALSE(is_integer(*f));
  EXPECT_TRUE(is_number(*f));
  EXPECT_EQ(float_value(*f), -2.5);
  EXPECT_EQ(iu_of(*f), 0U);
  EXPECT_EQ(header_kind(header_of_box(*f)), BoxKind::Float);
}

TEST(HeapTerms, VariablesAreRefsToUnboundCells) {
  Heap heap(9, 64, 64);
  const auto v = make_variable(heap);
  ASSERT_TRUE(v.has_value());
  EXPECT_TRUE(is_ref(*v));
  EXPECT_EQ(iu_of(*v), 9U);
  EXPECT_EQ(deref(*v), *v);
  EXPECT_TRUE(is_unbound(deref(*v)));
  // Binding the cell: deref follows it.
  *address_of(*v) = make_small_int(7);
  EXPECT_EQ(deref(*v), make_small_int(7));
}

TEST(HeapTerms, DerefFollowsChains) {
  Heap heap(0, 64, 64);
  const Cell a = *make_variable(heap);
  const Cell b = *make_variable(heap);
  const Cell c = *make_variable(heap);
  *address_of(a) = b;
  *address_of(b) = c;
  EXPECT_EQ(deref(a), c);  // the last, unbound one
  *address_of(c) = kTrue;
  EXPECT_EQ(deref(a), kTrue);
}

TEST(HeapTerms, AllocationFailureIsReported) {
  Heap heap(0, 3, 3);
  EXPECT_TRUE(make_variable(heap).has_value());
  EXPECT_TRUE(make_float(heap, 1.0).has_value());
  EXPECT_FALSE(make_variable(heap).has_value());
  EXPECT_FALSE(make_float(heap, 1.0).has_value());
  EXPECT_FALSE(make_integer(heap, kSmallIntMax + 1).has_value());
  EXPECT_TRUE(make_integer(heap, 5).has_value());  // immediates need no heap
}

TEST(HeapTerms, StructureAndListAccessors) {
  Heap heap(0, 64, 64);
  Cell* s = heap.allocate(3);
  s[0] = make_header(BoxKind::Functor, 2, 42);
  s[1] = make_small_int(1);
  s[2] = kNil;
  const Cell st = make_pointer(Tag::Struct, s, 0);
  EXPECT_EQ(struct_functor(st), 42U);
  EXPECT_EQ(struct_arity(st), 2U);
  EXPECT_EQ(struct_arg(st, 0), make_small_int(1));
  EXPECT_EQ(struct_arg(st, 1), kNil);

  Cell* l = heap.allocate(2);
  l[0] = kTrue;
  l[1] = kNil;
  const Cell cons = make_pointer(Tag::Cons, l, 0);
  EXPECT_EQ(car(cons), kTrue);
  EXPECT_EQ(cdr(cons), kNil);

  Cell* v = heap.allocate(3);
  v[0] = make_header(BoxKind::Vector, 2);
  v[1] = kFalse;
  v[2] = kTrue;
  const Cell vec = make_pointer(Tag::Box, v, 0);
  EXPECT_TRUE(is_vector(vec));
  EXPECT_FALSE(is_number(vec));
  EXPECT_EQ(vector_size(vec), 2U);
  EXPECT_EQ(vector_element(vec, 1), kTrue);
}

}  // namespace
}  // namespace fleng::vm
