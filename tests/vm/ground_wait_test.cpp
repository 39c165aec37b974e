// scan_for_ground and Iu::ground_wait (vm/ground_wait.hpp): a builtin goal waiting for a
// stream to be complete resumes its scan at the stream's tail, and only there.
#include <gtest/gtest.h>

#include "vm/ground_wait.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

TEST(GroundWait, AStreamWaitsOnItsTail) {
  Machine m;
  const Cell tail = m.var();
  const GroundScan scan = scan_for_ground(m.list({Machine::integer(1), m.atom("a")}, tail));
  EXPECT_EQ(scan.unbound, deref(tail));
  EXPECT_TRUE(scan.only_tail);
}

TEST(GroundWait, AVariableInsideAnElementIsNotTheTail) {
  Machine m;
  const Cell inner = m.var();
  const GroundScan scan =
      scan_for_ground(m.list({m.compound("f", {inner})}, m.var()));
  EXPECT_EQ(scan.unbound, deref(inner));
  EXPECT_FALSE(scan.only_tail);
  EXPECT_FALSE(scan_for_ground(m.compound("g", {m.var()})).only_tail);
  EXPECT_EQ(scan_for_ground(m.list({Machine::integer(1)})).unbound, 0U);
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
  // Had it started from the top it would see this element: it does not, by design (what was
  // before the tail is ground, and bound cells never change).
  ASSERT_TRUE(iu.unify(t2, kNil));
  EXPECT_EQ(iu.ground_wait(stream, goal), 0U);
  // The entry is gone once the term is ground: a new wait starts from the top.
  const Cell element = m.var();
  EXPECT_EQ(iu.ground_wait(m.list({element}, m.var()), goal), deref(element));
}

}  // namespace
}  // namespace fleng::vm
