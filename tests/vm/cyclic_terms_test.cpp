// Cyclic terms (rational trees, no occurs check) and heavily shared terms: unification,
// passive identity, groundness, compare/3, list builtins, the writer's finite form @(T, [...])
// and the collector all end, with the rational-tree answer (docs/language.md, "Cyclic terms").
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>

#include "vm/matching.hpp"
#include "vm/walk_guard.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;
using test::small_options;

class Cyclic : public ::testing::Test {
 protected:
  /// X = name(X, extra...): a structure that is its own first argument.
  Cell self_struct(const std::string& name, std::initializer_list<Cell> extra = {}) {
    const Cell v = m.var();
    std::vector<Cell> args{v};
    args.insert(args.end(), extra.begin(), extra.end());
    Cell* p = m.allocate(1 + args.size());
    const auto n = static_cast<std::uint32_t>(args.size());
    p[0] = make_header(BoxKind::Functor, n, m.atoms.functor(m.atoms.intern(name), n));
    for (std::uint32_t i = 0; i < n; ++i) p[1 + i] = args[i];
    const Cell s = make_pointer(Tag::Struct, p, iu.index());
    EXPECT_TRUE(iu.unify(v, s));
    return s;
  }
  /// L = [elements...|L].
  Cell cyclic_list(std::initializer_list<Cell> elements) {
    const Cell v = m.var();
    const Cell l = m.list(elements, v);
    EXPECT_TRUE(iu.unify(v, l));
    return l;
  }
  /// X_depth with X_0 = leaf, X_i = f(X_i-1, X_i-1): a tree of 2^depth leaves in `depth` cells.
  Cell shared_dag(int depth, Cell leaf) {
    Cell t = leaf;
    for (int i = 0; i < depth; ++i) t = m.compound("f", {t, t});
    return t;
  }

  Machine m{"", small_options(std::size_t{1} << 20)};
  Iu& iu = *m.iu;
};

TEST(WalkGuard, RemembersOnlyLongWalksAndNeverAnotherWalksKeys) {
  NodeGuard a;
  for (std::size_t i = 0; i < kPlainSteps; ++i) EXPECT_TRUE(a.enter(1));  // short: no memory
  EXPECT_TRUE(a.enter(1));
  EXPECT_FALSE(a.enter(1));
  EXPECT_TRUE(a.enter(2));
  NodeGuard b;  // another long walk claims the thread's memory
  for (std::size_t i = 0; i < kPlainSteps; ++i) b.enter(3);
  EXPECT_TRUE(b.enter(2));
  EXPECT_TRUE(b.enter(3));
  EXPECT_FALSE(b.enter(3));
  // `a` finds its memory taken: it starts anew, and does not skip 3, which only `b` entered.
  EXPECT_TRUE(a.enter(3));
  EXPECT_FALSE(a.enter(3));
  EXPECT_TRUE(a.enter(1));
}

TEST_F(Cyclic, UnifyingTwoEqualRationalTreesSucceeds) {
  EXPECT_TRUE(iu.unify(self_struct("f"), self_struct("f")));
  EXPECT_TRUE(iu.unify(cyclic_list({m.atom("a")}), cyclic_list({m.atom("a"), m.atom("a")})));
  const Cell x = self_struct("g", {m.atom("b")});
  EXPECT_TRUE(iu.unify(x, m.compound("g", {x, m.atom("b")})));
}

TEST_F(Cyclic, UnifyingDifferentRationalTreesFails) {
  EXPECT_FALSE(iu.unify(self_struct("f", {m.atom("a")}), self_struct("f", {m.atom("b")})));
  EXPECT_FALSE(iu.unify(cyclic_list({m.atom("a")}), cyclic_list({m.atom("a"), m.atom("b")})));
}

TEST_F(Cyclic, UnifyingBindsVariablesInsideCycles) {
  const Cell v = m.var();
  const Cell x = self_struct("f", {v});
  EXPECT_TRUE(iu.unify(x, self_struct("f", {m.atom("c")})));
  EXPECT_EQ(deref(v), m.atom("c"));
}

TEST_F(Cyclic, PassiveIdentity) {
  Cell blocking = 0;
  EXPECT_EQ(passive_identity(self_struct("f"), self_struct("f"), blocking), Identity::Identical);
  EXPECT_EQ(passive_identity(self_struct("f", {m.atom("a")}), self_struct("f", {m.atom("b")}), blocking),
            Identity::Different);
  const Cell v = m.var();
  EXPECT_EQ(passive_identity(self_struct("f", {v}), self_struct("f", {m.atom("a")}), blocking),
            Identity::Blocked);
  EXPECT_EQ(blocking, v);
}

TEST_F(Cyclic, Groundness) {
  EXPECT_EQ(first_unbound(self_struct("f")), 0U);
  EXPECT_EQ(first_unbound(cyclic_list({Machine::integer(1), Machine::integer(2)})), 0U);
  const Cell v = m.var();
  EXPECT_EQ(first_unbound(m.compound("h", {self_struct("f"), v})), v);
  EXPECT_EQ(first_unbound(cyclic_list({m.atom("a"), m.list({v})})), v);
}

TEST_F(Cyclic, HeavilySharedTermsAreWalkedOncePerNode) {
  const auto start = std::chrono::steady_clock::now();
  const Cell a = shared_dag(60, m.atom("x"));
  const Cell b = shared_dag(60, m.atom("x"));
  Cell blocking = 0;
  EXPECT_EQ(passive_identity(a, b, blocking), Identity::Identical);
  EXPECT_EQ(passive_identity(a, shared_dag(60, m.atom("y")), blocking), Identity::Different);
  EXPECT_EQ(first_unbound(a), 0U);
  EXPECT_TRUE(iu.unify(a, b));
  const Cell v = m.var();
  EXPECT_TRUE(iu.unify(a, shared_dag(60, v)));
  EXPECT_EQ(deref(v), m.atom("x"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST_F(Cyclic, WriterPrintsTheFiniteForm) {
  EXPECT_EQ(m.plain(self_struct("f")), "@(_S1,[_S1=f(_S1)])");
  EXPECT_EQ(m.plain(cyclic_list({m.atom("a"), m.atom("b")})), "@(_S1,[_S1=[a,b|_S1]])");
  EXPECT_EQ(m.plain(m.compound("h", {self_struct("f"), Machine::integer(1)})),
            "@(h(_S1,1),[_S1=f(_S1)])");
  // A cycle that returns into the middle of a list.
  const Cell tail = cyclic_list({m.atom("b")});
  EXPECT_EQ(m.plain(m.cons(m.atom("a"), tail)), "@([a|_S1],[_S1=[b|_S1]])");
  // Two cycles; an operator term.
  EXPECT_EQ(m.plain(m.compound("-", {self_struct("f"), self_struct("g")})),
            "@(_S1-_S2,[_S1=f(_S1),_S2=g(_S2)])");
  // Not cyclic: shared sub-terms print in full, without names.
  const Cell s = m.compound("s", {m.atom("a")});
  EXPECT_EQ(m.plain(m.compound("p", {s, s})), "p(s(a),s(a))");
}

TEST_F(Cyclic, WriterStopsOnAnInterrupt) {
  // 2^40 leaves: printing it in full would never end.
  const Cell big = shared_dag(40, m.atom("x"));
  std::atomic<bool> stop{true};
  const auto start = std::chrono::steady_clock::now();
  const std::string text = write_term(big, m.atoms, true, nullptr, WriteLimits{.stop = &stop});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_NE(text.find("..."), std::string::npos);
  EXPECT_LT(text.size(), std::size_t{1} << 20);
}

TEST_F(Cyclic, MessagesShowAtMostAMegabyteOfATerm) {
  const auto start = std::chrono::steady_clock::now();
  const std::string text = m.text(shared_dag(60, m.atom("x")));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_GT(text.size(), Iu::kMaxFormatChars);
  EXPECT_LT(text.size(), 2 * Iu::kMaxFormatChars);
  EXPECT_NE(text.find("..."), std::string::npos);
}

/// Forces a collection now: fills the free space with garbage, then asks for one cell.
void collect_now(Iu& iu) {
  const auto before = iu.heap.collections;
  iu.heap.allocate(iu.heap.free_cells());
  ASSERT_TRUE(iu.ensure_heap(1));
  ASSERT_EQ(iu.heap.collections, before + 1);
}

TEST_F(Cyclic, CollectionKeepsCyclesAndSharing) {
  iu.roots.push_back(self_struct("f", {m.atom("a")}));
  iu.roots.push_back(cyclic_list({Machine::integer(1), Machine::integer(2)}));
  for (int i = 0; i < 3; ++i) collect_now(iu);
  const Cell x = iu.roots[0];
  EXPECT_TRUE(iu.heap.contains(address_of(x)));
  EXPECT_EQ(deref(struct_arg(x, 0)), x);  // still its own argument
  EXPECT_EQ(m.plain(x), "@(_S1,[_S1=f(_S1,a)])");
  EXPECT_EQ(m.plain(iu.roots[1]), "@(_S1,[_S1=[1,2|_S1]])");
  EXPECT_EQ(iu.heap.used_cells(), 3U + 4U);  // each node once
}

// --- builtins ------------------------------------------------------------------------------------

std::string run_program(const std::string& source) {
  Machine m(source);
  EXPECT_EQ(m.run("t", {}), RunStatus::Success) << (m.iu->error() ? m.iu->error()->message : "");
  return m.out.str();
}

TEST(CyclicBuiltins, CompareAndEqual) {
  EXPECT_EQ(run_program("t :- X = f(X), Y = f(Y), compare(X, Y, R), writeln(R).\n"), "=\n");
  EXPECT_EQ(run_program("t :- X = f(X, a), Y = f(Y, b), compare(X, Y, R), writeln(R).\n"), "<\n");
  EXPECT_EQ(run_program("t :- X = f(X), Y = f(Y), equal(X, Y, R), writeln(R).\n"), "true\n");
  EXPECT_EQ(run_program("t :- X = [a|X], Y = [a, b|Y], equal(X, Y, R), writeln(R).\n"),
            "false\n");
  EXPECT_EQ(run_program("t :- X = f(X), Y = f(Y), X = Y, writeln(X).\n"),
            "@(_S1,[_S1=f(_S1)])\n");
}

TEST(CyclicBuiltins, HeadMatchingOfRepeatedVariables) {
  EXPECT_EQ(run_program("t :- X = f(X), Y = f(Y), same(X, Y).\n"
                        "same(A, A) :- writeln(same).\n"
                        "same(_, _) :- writeln(different).\n"),
            "same\n");
}

TEST(CyclicBuiltins, ACyclicListIsNotAList) {
  Machine m("t :- X = [0'a|X], list_to_atom(X, A), writeln(A).\n");
  EXPECT_EQ(m.run("t", {}), RunStatus::Error);
  ASSERT_TRUE(m.iu->error().has_value());
  EXPECT_NE(m.iu->error()->message.find("type error"), std::string::npos) << m.iu->error()->message;
}

TEST(CyclicBuiltins, ListToTupleOfACyclicList) {
  Machine m("t :- X = [a|X], list_to_tuple(X, T), writeln(T).\n");
  EXPECT_EQ(m.run("t", {}), RunStatus::Error);
}

TEST(CyclicBuiltins, GcStressWithALiveCyclicTerm) {
  IuOptions options = small_options();
  options.gc_stress = true;  // every other allocation fails: a collection at almost every step
  Machine m("t :- X = f(X, Y), Y = [1, 2|Y], loop(300, X).\n"
            "loop(0, X) :- writeln(X).\n"
            "loop(N, X) :- sub(N, 1, N1), Z = g(Z, N), loop(N1, X).\n",
            options);
  EXPECT_EQ(m.run("t", {}), RunStatus::Success);
  EXPECT_GT(m.iu->heap.collections, 10U);
  EXPECT_EQ(m.out.str(), "@(_S1,[_S1=f(_S1,_S2),_S2=[1,2|_S2]])\n");
}

}  // namespace
}  // namespace fleng::vm
