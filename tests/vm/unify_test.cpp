// Active unification (Iu::unify, docs/engine.md) over every kind of term, variable-variable
// binding with hook lists merged (5.3), and passive identity (vm/matching.hpp, 5.2).
#include <gtest/gtest.h>

#include "vm/goal_record.hpp"
#include "vm/matching.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;

class Unify : public ::testing::Test {
 protected:
  Machine m;
  Iu& iu = *m.iu;
};

// --- constants -----------------------------------------------------------------------------------

TEST_F(Unify, Atoms) {
  EXPECT_TRUE(iu.unify(m.atom("a"), m.atom("a")));
  EXPECT_FALSE(iu.unify(m.atom("a"), m.atom("b")));
  EXPECT_TRUE(iu.unify(kNil, kNil));
  EXPECT_FALSE(iu.unify(kNil, m.atom("nil")));
}

TEST_F(Unify, SmallIntegers) {
  EXPECT_TRUE(iu.unify(Machine::integer(3), Machine::integer(3)));
  EXPECT_FALSE(iu.unify(Machine::integer(3), Machine::integer(-3)));
  EXPECT_FALSE(iu.unify(Machine::integer(0), kNil));
  EXPECT_FALSE(iu.unify(Machine::integer(1), m.atom("1")));
}

TEST_F(Unify, BoxedIntegersCompareByValue) {
  const Cell a = m.number(kSmallIntMax + 1);
  const Cell b = m.number(kSmallIntMax + 1);
  ASSERT_NE(a, b);  // two boxes
  EXPECT_TRUE(iu.unify(a, b));
  EXPECT_FALSE(iu.unify(a, m.number(kSmallIntMax + 2)));
  EXPECT_FALSE(iu.unify(a, Machine::integer(kSmallIntMax)));
  EXPECT_FALSE(iu.unify(m.number(INT64_MIN), m.number(INT64_MAX)));
}

TEST_F(Unify, FloatsCompareByValueAndDifferFromIntegers) {
  EXPECT_TRUE(iu.unify(m.real(1.5), m.real(1.5)));
  EXPECT_FALSE(iu.unify(m.real(1.5), m.real(2.5)));
  EXPECT_FALSE(iu.unify(m.real(1.0), Machine::integer(1)));  // 1 and 1.0 are different constants
  EXPECT_FALSE(iu.unify(Machine::integer(1), m.real(1.0)));
  EXPECT_FALSE(iu.unify(m.real(1.0), m.number(kSmallIntMax + 1)));
}

// --- compound terms ------------------------------------------------------------------------------

TEST_F(Unify, ListsElementwise) {
  EXPECT_TRUE(iu.unify(m.list({Machine::integer(1), m.atom("b")}),
                       m.list({Machine::integer(1), m.atom("b")})));
  EXPECT_FALSE(iu.unify(m.list({Machine::integer(1), m.atom("b")}),
                        m.list({Machine::integer(1), m.atom("c")})));
  EXPECT_FALSE(iu.unify(m.list({Machine::integer(1), Machine::integer(2)}),
                        m.list({Machine::integer(1), Machine::integer(2), Machine::integer(3)})));
  EXPECT_FALSE(iu.unify(m.list({Machine::integer(1)}), kNil));
}

TEST_F(Unify, StructuresNeedTheSameFunctorAndArity) {
  EXPECT_TRUE(iu.unify(m.compound("f", {m.atom("a")}), m.compound("f", {m.atom("a")})));
  EXPECT_FALSE(iu.unify(m.compound("f", {m.atom("a")}), m.compound("g", {m.atom("a")})));
  EXPECT_FALSE(iu.unify(m.compound("f", {m.atom("a")}), m.compound("f", {m.atom("a"), m.atom("a")})));
  EXPECT_FALSE(iu.unify(m.compound("f", {m.atom("a")}), m.atom("f")));
  EXPECT_FALSE(iu.unify(m.compound(".", {m.atom("a"), kNil}), m.list({m.atom("a")})));
}

TEST_F(Unify, Vectors) {
  EXPECT_TRUE(iu.unify(m.vector({m.atom("a"), Machine::integer(1)}),
                       m.vector({m.atom("a"), Machine::integer(1)})));
  EXPECT_FALSE(iu.unify(m.vector({m.atom("a")}), m.vector({m.atom("b")})));
  EXPECT_FALSE(iu.unify(m.vector({m.atom("a")}), m.vector({m.atom("a"), m.atom("a")})));
  EXPECT_FALSE(iu.unify(m.vector({}), m.real(0.0)));
  const Cell x = m.var();
  EXPECT_TRUE(iu.unify(m.vector({x}), m.vector({m.atom("q")})));
  EXPECT_EQ(deref(x), m.atom("q"));
}

TEST_F(Unify, BindsVariablesOnBothSides) {
  const Cell x = m.var();
  const Cell y = m.var();
  // f(X, b, [1|T]) = f(a, Y, [1,2,3])
  const Cell t = m.var();
  EXPECT_TRUE(iu.unify(m.compound("f", {x, m.atom("b"), m.cons(Machine::integer(1), t)}),
                       m.compound("f", {m.atom("a"), y, m.list({Machine::integer(1),
                                                                Machine::integer(2),
                                                                Machine::integer(3)})})));
  EXPECT_EQ(deref(x), m.atom("a"));
  EXPECT_EQ(deref(y), m.atom("b"));
  EXPECT_EQ(m.plain(t), "[2,3]");
}

TEST_F(Unify, VariableWithValueEitherWay) {
  const Cell x = m.var();
  EXPECT_TRUE(iu.unify(x, m.real(2.5)));
  EXPECT_EQ(m.plain(x), "2.5");
  const Cell y = m.var();
  EXPECT_TRUE(iu.unify(m.compound("g", {kNil}), y));
  EXPECT_EQ(m.plain(y), "g([])");
  // A bound variable acts as its value.
  EXPECT_TRUE(iu.unify(x, m.real(2.5)));
  EXPECT_FALSE(iu.unify(x, m.real(3.5)));
  EXPECT_FALSE(iu.unify(y, m.compound("g", {m.atom("x")})));
}

TEST_F(Unify, SameVariableIsANoOp) {
  const Cell x = m.var();
  EXPECT_TRUE(iu.unify(x, x));
  EXPECT_TRUE(is_unbound(deref(x)));
  EXPECT_TRUE(is_var_contents(*address_of(x)));
}

TEST_F(Unify, NoOccursCheck) {
  const Cell x = m.var();
  EXPECT_TRUE(iu.unify(x, m.compound("f", {x})));
  const Cell v = deref(x);
  ASSERT_TRUE(is_struct(v));
  EXPECT_EQ(deref(struct_arg(v, 0)), v);
}

TEST_F(Unify, FailureInALaterArgumentDominates) {
  const Cell x = m.var();
  EXPECT_FALSE(iu.unify(m.compound("f", {x, m.atom("a")}), m.compound("f", {Machine::integer(1), m.atom("b")})));
  EXPECT_FALSE(iu.unify(m.list({x, m.atom("a")}), m.list({x, m.atom("b")})));
}

// --- variable-variable binding ---------------------------------------------------------------------

TEST_F(Unify, VarVarBindsTheYoungerToTheOlder) {
  const Cell older = m.var();
  const Cell younger = m.var();
  ASSERT_LT(older, younger);
  EXPECT_TRUE(iu.unify(older, younger));
  EXPECT_TRUE(is_var_contents(*address_of(older)));  // survives, unbound
  EXPECT_EQ(*address_of(younger), older);            // points at the survivor
  EXPECT_EQ(deref(younger), older);

  // The other argument order gives the same direction.
  const Cell a = m.var();
  const Cell b = m.var();
  EXPECT_TRUE(iu.unify(b, a));
  EXPECT_TRUE(is_var_contents(*address_of(a)));
  EXPECT_EQ(deref(b), a);

  // Binding either one later binds both.
  EXPECT_TRUE(iu.unify(younger, Machine::integer(7)));
  EXPECT_EQ(deref(older), make_small_int(7));
}

TEST_F(Unify, VarVarChainsDoNotFormCycles) {
  const Cell a = m.var();
  const Cell b = m.var();
  const Cell c = m.var();
  EXPECT_TRUE(iu.unify(a, b));
  EXPECT_TRUE(iu.unify(c, b));
  EXPECT_TRUE(iu.unify(b, a));
  EXPECT_TRUE(iu.unify(c, a));
  EXPECT_EQ(deref(a), deref(b));
  EXPECT_EQ(deref(b), deref(c));
  EXPECT_TRUE(is_unbound(deref(c)));
  EXPECT_TRUE(iu.unify(c, m.atom("end")));
  EXPECT_EQ(deref(a), m.atom("end"));
}

/// Number of hooks on an unbound variable.
std::size_t hook_count(Cell var) {
  std::size_t n = 0;
  Cell hook = hooks_of(*address_of(deref(var)));
  if (hook == 0) return 0;
  hook = retag(hook, Tag::Box);
  while (hook != kNil) {
    EXPECT_EQ(header_kind(*address_of(hook)), BoxKind::Hook);
    ++n;
    hook = address_of(hook)[3];
  }
  return n;
}

TEST(UnifyHooks, VarVarMergesHookListsWithoutWaking) {
  Machine m("p(go) :- writeln(p).\nq(go) :- writeln(q).\nr(go) :- writeln(r).\n");
  Iu& iu = *m.iu;
  iu.roots = {m.var(), m.var()};
  EXPECT_EQ(m.run("p", {iu.roots[0]}), RunStatus::Deadlock);
  EXPECT_EQ(m.run("q", {iu.roots[1]}), RunStatus::Deadlock);
  EXPECT_EQ(m.run("r", {iu.roots[1]}), RunStatus::Deadlock);
  EXPECT_EQ(hook_count(iu.roots[0]), 1U);
  EXPECT_EQ(hook_count(iu.roots[1]), 2U);

  ASSERT_TRUE(iu.unify(iu.roots[1], iu.roots[0]));
  EXPECT_EQ(deref(iu.roots[0]), deref(iu.roots[1]));
  EXPECT_EQ(hook_count(iu.roots[0]), 3U);  // merged into the survivor
  EXPECT_EQ(iu.counters.activations, 0U);  // var-var binding wakes nobody
  EXPECT_EQ(iu.run(), RunStatus::Deadlock);
  EXPECT_EQ(iu.suspended_count(), 3U);
  EXPECT_EQ(m.out.str(), "");

  ASSERT_TRUE(iu.unify(m.atom("go"), iu.roots[1]));
  EXPECT_EQ(iu.counters.activations, 3U);
  EXPECT_EQ(iu.run(), RunStatus::Success);
  std::string out = m.out.str();
  std::sort(out.begin(), out.end());
  EXPECT_EQ(out, "\n\n\npqr");
}

TEST(UnifyHooks, BindingWakesEachGoalOnce) {
  // s/2 waits on both of its arguments; binding both wakes it once (the second hook is stale).
  Machine m("s(a, b) :- writeln(s).\n");
  Iu& iu = *m.iu;
  iu.roots = {m.var(), m.var()};
  EXPECT_EQ(m.run("s", {iu.roots[0], iu.roots[1]}), RunStatus::Deadlock);
  ASSERT_TRUE(iu.unify(m.compound("f", {iu.roots[0], iu.roots[1]}),
                       m.compound("f", {m.atom("a"), m.atom("b")})));
  EXPECT_EQ(iu.counters.activations, 1U);
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "s\n");
}

TEST(UnifyHooks, VarVarBothWithHooksThenBinding) {
  Machine m("w(X) :- wait(X, D), w1(D).\nw1([]) :- writeln(w).\n");
  Iu& iu = *m.iu;
  iu.roots = {m.var(), m.var()};
  EXPECT_EQ(m.run("w", {iu.roots[0]}), RunStatus::Deadlock);
  EXPECT_EQ(m.run("w", {iu.roots[1]}), RunStatus::Deadlock);
  ASSERT_TRUE(iu.unify(iu.roots[0], iu.roots[1]));
  EXPECT_EQ(iu.run(), RunStatus::Deadlock);
  ASSERT_TRUE(iu.unify(iu.roots[0], Machine::integer(0)));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "w\nw\n");
  EXPECT_EQ(iu.suspended_count(), 0U);
}

// --- passive identity ------------------------------------------------------------------------------

class Passive : public ::testing::Test {
 protected:
  Identity identity(Cell a, Cell b) {
    blocking = 0;
    return passive_identity(a, b, blocking);
  }
  Machine m;
  Cell blocking = 0;
};

TEST_F(Passive, IdenticalGroundTerms) {
  const Cell t1 = m.compound("f", {m.list({Machine::integer(1), m.real(2.0)}), m.number(kSmallIntMax + 1),
                                   m.vector({m.atom("v")})});
  const Cell t2 = m.compound("f", {m.list({Machine::integer(1), m.real(2.0)}), m.number(kSmallIntMax + 1),
                                   m.vector({m.atom("v")})});
  EXPECT_EQ(identity(t1, t2), Identity::Identical);
  EXPECT_EQ(identity(t1, t1), Identity::Identical);
  EXPECT_EQ(identity(m.atom("a"), m.atom("a")), Identity::Identical);
}

TEST_F(Passive, DifferentTerms) {
  EXPECT_EQ(identity(m.atom("a"), m.atom("b")), Identity::Different);
  EXPECT_EQ(identity(Machine::integer(1), m.real(1.0)), Identity::Different);
  EXPECT_EQ(identity(m.real(1.0), m.real(1.5)), Identity::Different);
  EXPECT_EQ(identity(m.number(kSmallIntMax + 1), m.number(kSmallIntMax + 2)), Identity::Different);
  EXPECT_EQ(identity(m.compound("f", {m.atom("a")}), m.compound("g", {m.atom("a")})), Identity::Different);
  EXPECT_EQ(identity(m.list({m.atom("a")}), m.list({m.atom("a"), m.atom("b")})), Identity::Different);
  EXPECT_EQ(identity(m.vector({m.atom("a")}), m.vector({})), Identity::Different);
  EXPECT_EQ(identity(m.vector({m.atom("a")}), m.compound("f", {m.atom("a")})), Identity::Different);
  EXPECT_EQ(identity(m.real(0.0), m.number(kSmallIntMax + 1)), Identity::Different);
}

TEST_F(Passive, SameUnboundVariableIsIdentical) {
  const Cell x = m.var();
  EXPECT_EQ(identity(x, x), Identity::Identical);
  EXPECT_EQ(identity(m.compound("f", {x, x}), m.compound("f", {x, x})), Identity::Identical);
  // Through a binding chain.
  const Cell y = m.var();
  *address_of(y) = x;
  EXPECT_EQ(identity(x, y), Identity::Identical);
}

TEST_F(Passive, UnboundVariableBlocks) {
  const Cell x = m.var();
  const Cell y = m.var();
  EXPECT_EQ(identity(x, m.atom("a")), Identity::Blocked);
  EXPECT_EQ(blocking, x);
  EXPECT_EQ(identity(m.atom("a"), y), Identity::Blocked);
  EXPECT_EQ(blocking, y);
  EXPECT_EQ(identity(x, y), Identity::Blocked);
  EXPECT_TRUE(blocking == x || blocking == y);
  EXPECT_EQ(identity(m.compound("f", {m.atom("a"), x}), m.compound("f", {m.atom("a"), m.atom("b")})),
            Identity::Blocked);
  EXPECT_EQ(blocking, x);
  // Never binds anything.
  EXPECT_TRUE(is_unbound(deref(x)));
  EXPECT_TRUE(is_unbound(deref(y)));
}

TEST_F(Passive, ADefiniteDifferenceDominates) {
  const Cell x = m.var();
  const Cell y = m.var();
  // The unbound pair comes first; the difference after it still decides.
  EXPECT_EQ(identity(m.compound("f", {x, m.atom("a")}), m.compound("f", {y, m.atom("b")})),
            Identity::Different);
  EXPECT_EQ(identity(m.compound("f", {m.atom("a"), x}), m.compound("f", {m.atom("b"), y})),
            Identity::Different);
  EXPECT_EQ(identity(m.list({x, Machine::integer(1)}), m.list({Machine::integer(0), Machine::integer(2)})),
            Identity::Different);
  EXPECT_EQ(identity(m.cons(x, m.atom("a")), m.cons(y, m.atom("b"))), Identity::Different);
  EXPECT_EQ(identity(m.vector({x, m.atom("a")}), m.vector({y, m.atom("z")})), Identity::Different);
}

TEST_F(Passive, BoundVariablesActAsTheirValues) {
  const Cell x = m.var();
  ASSERT_TRUE(m.iu->unify(x, m.list({m.atom("a")})));
  EXPECT_EQ(identity(x, m.list({m.atom("a")})), Identity::Identical);
  EXPECT_EQ(identity(m.list({m.atom("b")}), x), Identity::Different);
}

TEST_F(Passive, FirstUnbound) {
  const Cell x = m.var();
  const Cell y = m.var();
  EXPECT_EQ(first_unbound(m.compound("f", {m.atom("a"), m.list({Machine::integer(1)})})), 0U);
  EXPECT_EQ(first_unbound(m.real(1.0)), 0U);
  EXPECT_EQ(first_unbound(x), x);
  EXPECT_EQ(first_unbound(m.compound("f", {m.atom("a"), m.list({x, y})})), x);
  EXPECT_EQ(first_unbound(m.list({m.atom("a")}, y)), y);
  EXPECT_EQ(first_unbound(m.vector({m.atom("a"), y})), y);
  ASSERT_TRUE(m.iu->unify(x, m.atom("bound")));
  EXPECT_EQ(first_unbound(m.compound("f", {m.atom("a"), m.list({x, y})})), y);
}

}  // namespace
}  // namespace fleng::vm
