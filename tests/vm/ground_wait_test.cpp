// Iu::ground_wait (vm/ground_wait.hpp): a builtin goal waiting for a term to be ground goes on
// from the variable its last walk stopped at, in streams and in any other term, and starts
// from the top once the term was ground.
#include <cstddef>
#include <vector>

#include <gtest/gtest.h>

#include "vm/ground_wait.hpp"
#include "vm/matching.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

TEST(GroundWait, AStreamWaitsOnItsTail) {
  Machine m;
  const Cell tail = m.var();
  std::vector<Cell> walk{m.list({Machine::integer(1), m.atom("a")}, tail)};
  std::size_t visited = 0;
  EXPECT_EQ(next_unbound(walk, visited), deref(tail));
  EXPECT_GE(visited, 3U);
  EXPECT_TRUE(walk.empty());  // nothing after the tail
}

TEST(GroundWait, TheWalkKeepsWhatComesAfterTheVariable) {
  Machine m;
  const Cell inner = m.var();
  const Cell later = m.var();
  std::vector<Cell> walk{m.list({m.compound("f", {inner}), later})};
  std::size_t visited = 0;
  EXPECT_EQ(next_unbound(walk, visited), deref(inner));
  EXPECT_EQ(next_unbound(walk, visited), deref(later));
  EXPECT_EQ(next_unbound(walk, visited), 0U);
  EXPECT_TRUE(walk.empty());
  EXPECT_EQ(first_unbound(m.list({Machine::integer(1)})), 0U);
}

TEST(GroundWait, TheScanGoesOnFromTheRememberedTail) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell goal = m.compound("goal", {});  // any distinct cell stands for the goal record
  const Cell t1 = m.var();
  const Cell stream = m.list({Machine::integer(1)}, t1);
  EXPECT_EQ(iu.ground_wait(stream, goal), deref(t1));
  // Bind the tail to a longer stream: the scan goes on from t1 and stops at the new tail.
  const Cell t2 = m.var();
  ASSERT_TRUE(iu.unify(t1, m.list({Machine::integer(2)}, t2)));
  EXPECT_EQ(iu.ground_wait(stream, goal), deref(t2));
  ASSERT_TRUE(iu.unify(t2, kNil));
  EXPECT_EQ(iu.ground_wait(stream, goal), 0U);
  // The entry is gone once the term is ground: a new wait starts from the top.
  const Cell element = m.var();
  EXPECT_EQ(iu.ground_wait(m.list({element}, m.var()), goal), deref(element));
}

// A structure filled in from left to right: each wait goes on from the variable the last one
// stopped at, into its value, then to the sub-terms after it, once the walk was long enough to
// be worth remembering.
TEST(GroundWait, AnyTermGoesOnFromTheVariableItStoppedAt) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell goal = m.compound("goal", {});
  const Cell a = m.var();
  const Cell b = m.var();
  const Cell c = m.var();
  Cell numbers = m.list({b});
  for (int k = 40; k-- > 0;) numbers = m.list({Machine::integer(k)}, numbers);
  const Cell term = m.compound("f", {a, numbers, c});
  EXPECT_EQ(iu.ground_wait(term, goal), deref(a));
  EXPECT_EQ(iu.remembered_ground_walks(), 0U);  // two sub-terms: walked again next time
  const Cell x = m.var();
  ASSERT_TRUE(iu.unify(a, m.compound("g", {x})));
  EXPECT_EQ(iu.ground_wait(term, goal), deref(x));  // into a's value first
  ASSERT_TRUE(iu.unify(x, Machine::integer(7)));
  EXPECT_EQ(iu.ground_wait(term, goal), deref(b));  // past the 40 numbers: remembered
  EXPECT_EQ(iu.remembered_ground_walks(), 1U);
  EXPECT_EQ(iu.ground_wait(term, goal), deref(b));  // woken with b still unbound: b again
  ASSERT_TRUE(iu.unify(b, Machine::integer(2)));
  EXPECT_EQ(iu.ground_wait(term, goal), deref(c));
  EXPECT_EQ(iu.remembered_ground_walks(), 1U);
  ASSERT_TRUE(iu.unify(c, m.atom("z")));
  EXPECT_EQ(iu.ground_wait(term, goal), 0U);
  EXPECT_EQ(iu.remembered_ground_walks(), 0U);  // ground: forgotten
  // Another goal waiting on the same term walks it for itself, from the top.
  const Cell other = m.compound("other", {});
  EXPECT_EQ(iu.ground_wait(term, other), 0U);
}

// The next_unbound walk in a stream stops at the tail with nothing after it, and a wait that
// is remembered goes on from the tail: a long stream costs one walk in all.
TEST(GroundWait, ALongStreamIsWalkedOnce) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell goal = m.compound("goal", {});
  Cell tail = m.var();
  Cell stream = tail;
  for (int k = 100; k-- > 0;) stream = m.list({Machine::integer(k)}, stream);
  EXPECT_EQ(iu.ground_wait(stream, goal), deref(tail));
  ASSERT_EQ(iu.remembered_ground_walks(), 1U);
  for (int k = 0; k < 5; ++k) {
    const Cell next = m.var();
    ASSERT_TRUE(iu.unify(tail, m.list({Machine::integer(k)}, next)));
    tail = next;
    EXPECT_EQ(iu.ground_wait(stream, goal), deref(tail));
  }
  ASSERT_TRUE(iu.unify(tail, kNil));
  EXPECT_EQ(iu.ground_wait(stream, goal), 0U);
}

// A list is walked cell after cell in a loop of its own (matching.cpp): elements that are
// references to values, floats and compound terms, tails that are references (to a list, to
// [] or to an unbound variable kept in the last cell), and an unbound element before the end.
TEST(GroundWait, AListsElementsAndTailsOfEveryKind) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell bound_element = m.var();
  ASSERT_TRUE(iu.unify(bound_element, Machine::integer(7)));
  const Cell bound_tail = m.var();
  ASSERT_TRUE(iu.unify(bound_tail, m.list({m.atom("b"), m.real(2.5)})));
  EXPECT_EQ(first_unbound(m.list({bound_element, m.atom("a")}, bound_tail)), 0U);

  // Through a reference to a list whose last tail is an unbound variable.
  const Cell end = m.var();
  const Cell later = m.var();
  ASSERT_TRUE(iu.unify(later, m.list({Machine::integer(1), Machine::integer(2)}, end)));
  EXPECT_EQ(first_unbound(m.list({Machine::integer(0)}, later)), deref(end));

  // A list cell holding its unbound tail in place (compiled code builds streams so).
  const Cell stream = m.list({Machine::integer(1)}, Machine::integer(0));
  address_of(stream)[1] = make_var_contents();
  EXPECT_EQ(first_unbound(m.list({Machine::integer(0)}, stream)), cdr(stream));
  EXPECT_TRUE(is_ref(cdr(stream)));

  // An unbound variable inside a compound element comes before the rest of the list.
  const Cell inner = m.var();
  const Cell after = m.var();
  std::vector<Cell> walk{m.list({Machine::integer(1), m.compound("f", {inner}), after}, m.var())};
  std::size_t visited = 0;
  EXPECT_EQ(next_unbound(walk, visited), deref(inner));
  EXPECT_EQ(next_unbound(walk, visited), deref(after));
  EXPECT_FALSE(walk.empty());  // the tail is still to come
  EXPECT_TRUE(is_ref(next_unbound(walk, visited)));
  EXPECT_TRUE(walk.empty());

  // A reference to an element bound to a list: walked as a sub-term, then the rest.
  const Cell sub = m.var();
  const Cell deep = m.var();
  ASSERT_TRUE(iu.unify(sub, m.list({m.atom("x")}, deep)));
  EXPECT_EQ(first_unbound(m.list({sub, Machine::integer(3)})), deref(deep));
  ASSERT_TRUE(iu.unify(deep, kNil));
  EXPECT_EQ(first_unbound(m.list({sub, Machine::integer(3)})), 0U);

  // Every cell is counted as visited.
  std::vector<Cell> counted{m.list({Machine::integer(1), Machine::integer(2), Machine::integer(3)})};
  visited = 0;
  EXPECT_EQ(next_unbound(counted, visited), 0U);
  EXPECT_GE(visited, 3U);
}

}  // namespace
}  // namespace fleng::vm
