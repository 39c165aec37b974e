// The unifications compiled code runs inline (vm/native_access.hpp: NativeAccess::unify and
// unify_value), which bind the variable at the end of a chain of references with the contents
// the dereference loaded and leave the rest to Iu::unify: every way through them gives what
// Iu::unify gives, a variable with waiting goals wakes them.
#include <gtest/gtest.h>

#include <string>

#include "vm/native_access.hpp"
#include "vm/native_policy.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

/// Two variables bound one to the other and the last to `end`: REF -> REF -> end.
Cell chain(Machine& m, Cell end) {
  const Cell first = m.var();
  const Cell second = m.var();
  *address_of(second) = end;
  *address_of(first) = second;
  return first;
}

TEST(NativeAccessUnify, BindsTheVariableAtTheEndOfEitherChain) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell x = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, x), Machine::integer(7)));
  EXPECT_EQ(deref(x), Machine::integer(7));
  const Cell y = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, m.atom("k"), chain(m, y)));
  EXPECT_EQ(deref(y), m.atom("k"));
  // A variable of a chain and a value reached through another.
  const Cell z = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, z), chain(m, m.atom("v"))));
  EXPECT_EQ(deref(z), m.atom("v"));
}

TEST(NativeAccessUnify, VariablesAndValuesAsIuUnify) {
  Machine m;
  Iu& iu = *m.iu;
  // The same variable through two chains: nothing to bind.
  const Cell v = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, v), chain(m, v)));
  EXPECT_TRUE(is_unbound(deref(v)));
  // Two variables: bound one to the other.
  const Cell p = m.var();
  const Cell q = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, p), chain(m, q)));
  EXPECT_EQ(deref(p), deref(q));
  EXPECT_TRUE(is_unbound(deref(p)));
  // Values at the ends of chains.
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, Machine::integer(3)), Machine::integer(3)));
  EXPECT_FALSE(NativeAccess::unify(iu, chain(m, Machine::integer(3)), Machine::integer(4)));
  EXPECT_FALSE(NativeAccess::unify(iu, m.atom("a"), chain(m, m.atom("b"))));
  // Compound terms go to Iu::unify, which binds inside them.
  const Cell x = m.var();
  const Cell y = m.var();
  EXPECT_TRUE(NativeAccess::unify(iu, chain(m, m.list({Machine::integer(1), x})),
                                  m.list({y, Machine::integer(2)})));
  EXPECT_EQ(deref(x), Machine::integer(2));
  EXPECT_EQ(deref(y), Machine::integer(1));
}

TEST(NativeAccessUnify, UnifyValueBindsTheVariableAtTheEndOfTheChain) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell x = m.var();
  EXPECT_TRUE(NativeAccess::unify_value(iu, chain(m, x), Machine::integer(5)));
  EXPECT_EQ(deref(x), Machine::integer(5));
  EXPECT_TRUE(NativeAccess::unify_value(iu, x, Machine::integer(5)));
  EXPECT_FALSE(NativeAccess::unify_value(iu, x, Machine::integer(6)));
  EXPECT_TRUE(NativeAccess::unify_value(iu, m.atom("a"), m.atom("a")));
  EXPECT_FALSE(NativeAccess::unify_value(iu, chain(m, m.atom("a")), m.atom("b")));
  EXPECT_FALSE(NativeAccess::unify_value(iu, m.list({Machine::integer(1)}), Machine::integer(1)));
}

// A variable a goal waits on: the binding goes through Iu::unify, which wakes the goal, whichever
// side of the unification its chain is on.
TEST(NativeAccessUnify, AVariableWithWaitingGoalsWakesThem) {
  for (int way = 0; way < 3; ++way) {
    Machine m("p(go) :- writeln(p).\n");
    Iu& iu = *m.iu;
    iu.roots = {m.var()};
    ASSERT_EQ(m.run("p", {iu.roots[0]}), RunStatus::Deadlock);
    const Cell waited = chain(m, iu.roots[0]);
    bool unified = false;
    if (way == 0) unified = NativeAccess::unify(iu, waited, m.atom("go"));
    if (way == 1) unified = NativeAccess::unify(iu, m.atom("go"), waited);
    if (way == 2) unified = NativeAccess::unify_value(iu, waited, m.atom("go"));
    EXPECT_TRUE(unified) << way;
    EXPECT_EQ(deref(iu.roots[0]), m.atom("go")) << way;
    EXPECT_EQ(iu.counters.activations, 1U) << way;
    EXPECT_EQ(iu.run(), RunStatus::Success) << way;
    EXPECT_EQ(m.out.str(), "p\n") << way;
  }
}

TEST(NativeAccessUnify, AVariableUnifiedWithItselfStaysUnboundAndItsGoalsWait) {
  // A variable with itself, directly or through a chain, with goals waiting on it or not: the
  // unification succeeds and binds nothing (no cycle of one cell, no goal woken).
  for (int way = 0; way < 4; ++way) {
    Machine m("p(go) :- writeln(p).\n");
    Iu& iu = *m.iu;
    iu.roots = {m.var()};
    if (way >= 2) {
      ASSERT_EQ(m.run("p", {iu.roots[0]}), RunStatus::Deadlock);
    }
    const Cell v = iu.roots[0];
    const Cell other = way % 2 == 0 ? v : chain(m, v);
    EXPECT_TRUE(NativeAccess::unify(iu, v, other)) << way;
    EXPECT_TRUE(is_unbound(deref(v))) << way;
    EXPECT_EQ(iu.counters.activations, 0U) << way;
    ASSERT_TRUE(NativeAccess::unify(iu, v, m.atom("go"))) << way;
    EXPECT_EQ(deref(v), m.atom("go")) << way;
  }
}

// Compiled code addresses the frame from its IU (NativeAccess::frame) and takes no pointer to
// it: the frame the policy hands the loop's calls is that one, set up for the program.
TEST(NativeFrameOfTheIu, ThePolicyRunsWithTheIusFrame) {
  Machine m;
  Iu& iu = *m.iu;
  iu.native_frame().goal_switches = 7;
  NativeProgram program;
  program.goal_switches = 5;
  NativeLocalPolicy policy(iu, program);
  EXPECT_EQ(&policy.native_frame(), &iu.native_frame());
  EXPECT_EQ(&NativeAccess::frame(iu), &iu.native_frame());
  EXPECT_EQ(iu.native_frame().goal_switch_budget, 5U);
  EXPECT_EQ(iu.native_frame().goal_switches, 0U);  // what an earlier run left is cleared
}

// The loop running native code takes goals whose records keep variables in their slots
// (vm/goal_record.hpp): an unbound slot reaches the clause as a REF to it, a bound one as its
// value, and a goal waiting on its own slot's variable wakes when it is bound, across
// collections. (The program here has no native code: the loop interprets it under the
// native policy.)
/// `name(V, R)` pushed with V a slot variable of its record, R a variable of its own; roots:
/// V (roots[0]) and R (roots[1]).
void push_goal_with_slot_variable(Machine& m, const std::string& name) {
  Iu& iu = *m.iu;
  const Cell result = m.var();
  const auto [goal, variable] = m.goal_with_slot_variable(name, {result});
  iu.roots.push_back(variable);
  iu.roots.push_back(result);
  NativeAccess::push_goal(iu, goal);
}

TEST(NativeLoopSlotVariables, AnUnboundSlotReachesTheClauseAsAVariable) {
  Machine m("p(X, Y) :- Y = f(X).\n");
  Iu& iu = *m.iu;
  push_goal_with_slot_variable(m, "p");
  EXPECT_EQ(iu.run_native(NativeProgram{}), RunStatus::Success);
  ASSERT_TRUE(iu.unify(iu.roots[0], Machine::integer(3)));
  EXPECT_EQ(m.plain(iu.roots[1]), "f(3)");
}

TEST(NativeLoopSlotVariables, ABoundSlotReachesTheClauseAsItsValue) {
  Machine m("p(X, Y) :- Y = f(X).\n");
  Iu& iu = *m.iu;
  const Cell result = m.var();
  const auto [goal, variable] = m.goal_with_slot_variable("p", {result});
  ASSERT_TRUE(iu.unify(variable, m.atom("a")));
  iu.roots.push_back(result);
  NativeAccess::push_goal(iu, goal);
  EXPECT_EQ(iu.run_native(NativeProgram{}), RunStatus::Success);
  EXPECT_EQ(m.plain(iu.roots[0]), "f(a)");
}

TEST(NativeLoopSlotVariables, AGoalWaitingOnItsSlotWakesAfterCollections) {
  Machine m("q(a, Y) :- Y = woke.\n");
  Iu& iu = *m.iu;
  push_goal_with_slot_variable(m, "q");
  EXPECT_EQ(iu.run_native(NativeProgram{}), RunStatus::Deadlock);
  ASSERT_EQ(iu.suspended_goals().size(), 1U);
  EXPECT_EQ(iu.suspended_goals()[0].variables[0], iu.roots[0]);  // the slot's own variable
  for (int i = 0; i < 2; ++i) {
    iu.heap.allocate(iu.heap.free_cells());
    ASSERT_TRUE(iu.ensure_heap(1));
  }
  ASSERT_TRUE(iu.unify(iu.roots[0], m.atom("a")));
  EXPECT_EQ(iu.run_native(NativeProgram{}), RunStatus::Success);
  EXPECT_EQ(m.plain(iu.roots[1]), "woke");
}

}  // namespace
}  // namespace fleng::vm
