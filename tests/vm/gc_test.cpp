// The copying collector (vm/gc.cpp) through an Iu: live data survives with its sharing, garbage
// goes, bound-variable chains are short-cut, suspended goals survive and still wake, long
// stream programs run in a heap much smaller than everything they allocate, and running out of
// heap is an error, not a crash.
#include <gtest/gtest.h>

#include <string>

#include "vm/goal_record.hpp"
#include "vm_test_support.hpp"

namespace fleng::vm {
namespace {

using test::Machine;
using test::small_options;

/// Forces a collection now: fills the free space with garbage, then asks for one cell.
void collect_now(Iu& iu) {
  const auto before = iu.heap.collections;
  iu.heap.allocate(iu.heap.free_cells());
  ASSERT_TRUE(iu.ensure_heap(1));
  ASSERT_EQ(iu.heap.collections, before + 1);
}

TEST(Gc, LiveDataSurvivesAndGarbageGoes) {
  Machine m;
  Iu& iu = *m.iu;
  // Live: [1, f(a, 2.5), 1152921504606846976, {vector:x,y}] = 8 (list) + 3 + 2 (f, float)
  // + 2 (boxed integer) + 3 (vector) cells.
  const Cell live = m.list({Machine::integer(1), m.compound("f", {m.atom("a"), m.real(2.5)}),
                            m.number(kSmallIntMax + 1), m.vector({m.atom("x"), m.atom("y")})});
  iu.roots.push_back(live);
  for (int i = 0; i < 1000; ++i) m.cons(Machine::integer(i), m.compound("g", {m.var()}));
  const std::string before = m.plain(iu.roots[0]);
  EXPECT_GT(iu.heap.used_cells(), 5000U);

  collect_now(iu);
  EXPECT_EQ(iu.heap.collections, 1U);
  EXPECT_EQ(iu.heap.used_cells(), 18U);
  EXPECT_EQ(m.plain(iu.roots[0]), before);
  EXPECT_EQ(before, "[1,f(a,2.5),1152921504606846976,{vector:x,y}]");
  EXPECT_NE(iu.roots[0], live);  // it moved
  EXPECT_TRUE(iu.heap.contains(address_of(iu.roots[0])));
}

TEST(Gc, RepeatedCollectionsKeepTheData) {
  Machine m;
  Iu& iu = *m.iu;
  iu.roots.push_back(m.list({m.real(-0.5), m.number(kSmallIntMin - 1), m.atom("z")}, m.var()));
  const std::string before = m.text(iu.roots[0]);
  for (int i = 0; i < 5; ++i) collect_now(iu);
  EXPECT_EQ(iu.heap.collections, 5U);
  EXPECT_EQ(iu.heap.used_cells(), 6U + 2U + 2U + 1U);
  // The unbound tail prints with its new offset; compare the bound part.
  const std::string after = m.text(iu.roots[0]);
  EXPECT_EQ(after.substr(0, after.find('|')), before.substr(0, before.find('|')));
  EXPECT_EQ(after.substr(0, after.find('|')), "[-0.5,-1152921504606846977,z");
}

TEST(Gc, BoundVariableChainsAreShortCut) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell a = m.var();
  const Cell b = m.var();
  const Cell c = m.var();
  *address_of(a) = b;
  *address_of(b) = c;
  *address_of(c) = Machine::integer(42);
  iu.roots.push_back(a);
  iu.roots.push_back(m.compound("f", {a, b}));
  collect_now(iu);
  EXPECT_EQ(iu.roots[0], make_small_int(42));  // no REF left at all
  ASSERT_TRUE(is_struct(iu.roots[1]));
  EXPECT_EQ(struct_arg(iu.roots[1], 0), make_small_int(42));
  EXPECT_EQ(struct_arg(iu.roots[1], 1), make_small_int(42));
  EXPECT_EQ(iu.heap.used_cells(), 3U);  // just f/2
}

TEST(Gc, ChainsEndingInAnUnboundVariableKeepOneCell) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell a = m.var();
  const Cell b = m.var();
  const Cell c = m.var();
  *address_of(a) = b;
  *address_of(b) = c;
  iu.roots.push_back(a);
  iu.roots.push_back(c);
  collect_now(iu);
  ASSERT_TRUE(is_ref(iu.roots[0]));
  EXPECT_TRUE(is_var_contents(*address_of(iu.roots[0])));  // one hop to the variable
  EXPECT_EQ(iu.roots[0], iu.roots[1]);                     // still the same variable
  EXPECT_EQ(iu.heap.used_cells(), 1U);
}

/// A list cell [head|T] whose tail T is the unbound variable kept in the cell's own tail field
/// (what unify_list makes on the one-IU engine and in compiled code): the list cell, and T as
/// a REF to the field.
std::pair<Cell, Cell> list_cell_with_tail_variable(Machine& m, Cell head) {
  Cell* p = m.iu->heap.allocate(2);
  p[0] = head;
  p[1] = make_var_contents();
  return {make_pointer(Tag::Cons, p, 0), make_pointer(Tag::Ref, p + 1, 0)};
}

TEST(Gc, ATailVariableInItsListCellMovesWithTheCell) {
  // The list cell is met first: its copy keeps the variable in its tail field, and the REF to
  // the old field, met next, follows the field's forwarding to the new one.
  Machine m;
  Iu& iu = *m.iu;
  const auto [list, tail] = list_cell_with_tail_variable(m, Machine::integer(1));
  EXPECT_EQ(cdr(list), tail);
  iu.roots.push_back(list);
  iu.roots.push_back(tail);
  collect_now(iu);
  EXPECT_EQ(iu.heap.used_cells(), 2U);  // the list cell only: the variable is inside it
  ASSERT_TRUE(is_cons(iu.roots[0]));
  EXPECT_EQ(iu.roots[1], make_pointer(Tag::Ref, address_of(iu.roots[0]) + 1, 0));
  EXPECT_EQ(cdr(iu.roots[0]), iu.roots[1]);
  ASSERT_TRUE(iu.unify(iu.roots[1], Machine::integer(2)));
  EXPECT_EQ(m.plain(iu.roots[0]), "[1|2]");
}

TEST(Gc, ATailVariableReachedFirstMovesOutOfItsListCell) {
  // The REF to the tail field is met first: the variable moves into a cell of its own, and the
  // list cell's copy, made after, refers to it; both still name one variable.
  Machine m;
  Iu& iu = *m.iu;
  const auto [list, tail] = list_cell_with_tail_variable(m, Machine::integer(1));
  iu.roots.push_back(tail);
  iu.roots.push_back(list);
  collect_now(iu);
  EXPECT_EQ(iu.heap.used_cells(), 3U);
  ASSERT_TRUE(is_ref(iu.roots[0]));
  EXPECT_TRUE(is_var_contents(*address_of(iu.roots[0])));
  ASSERT_TRUE(is_cons(iu.roots[1]));
  EXPECT_EQ(cdr(iu.roots[1]), iu.roots[0]);
  collect_now(iu);  // and again, now as an ordinary variable
  EXPECT_EQ(cdr(iu.roots[1]), iu.roots[0]);
  ASSERT_TRUE(iu.unify(iu.roots[0], m.list({Machine::integer(2)})));
  EXPECT_EQ(m.plain(iu.roots[1]), "[1,2]");
}

TEST(Gc, AGoalWaitingOnATailVariableInItsListCellStillWakes) {
  // A stream consumer suspended on the end of a stream the producer made in place: the hook
  // in the tail field moves with the list cell, and binding the tail after the collection
  // wakes the consumer.
  Machine m(R"(
w(L) :- last(L, Y), writeln(Y).
last([X], Y) :- Y = X.
last([_,Z|Xs], Y) :- last([Z|Xs], Y).
)");
  Iu& iu = *m.iu;
  const auto [list, tail] = list_cell_with_tail_variable(m, Machine::integer(1));
  iu.roots.push_back(tail);
  EXPECT_EQ(m.run("w", {list}), RunStatus::Deadlock);
  EXPECT_GE(iu.counters.suspensions, 1U);
  collect_now(iu);
  collect_now(iu);
  ASSERT_TRUE(iu.unify(iu.roots[0], kNil));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "1\n");
}

TEST(Gc, ASlotVariableMovesWithItsGoalRecord) {
  // The record is met first: its copy keeps the variable in its slot, and the REF to the old
  // slot, met next, follows the slot's forwarding to the new one.
  Machine m("p(_, _).\n");
  Iu& iu = *m.iu;
  const auto [goal, variable] = m.goal_with_slot_variable("p", {m.atom("a")});
  EXPECT_EQ(goal_record::arg(goal, 0), variable);
  iu.roots.push_back(goal);
  iu.roots.push_back(variable);
  collect_now(iu);
  EXPECT_EQ(iu.heap.used_cells(), goal_record::kHeaderCells + 2);  // the record only
  const Cell moved = iu.roots[0];
  EXPECT_NE(address_of(moved), address_of(goal));
  EXPECT_TRUE(goal_record::has_slot_variables(moved));
  EXPECT_EQ(goal_record::predicate(moved), m.predicate("p", 2));
  EXPECT_EQ(iu.roots[1], make_pointer(Tag::Ref, goal_record::args(moved), 0));
  EXPECT_EQ(goal_record::arg(moved, 0), iu.roots[1]);
  ASSERT_TRUE(iu.unify(iu.roots[1], Machine::integer(5)));
  EXPECT_EQ(goal_record::arg(moved, 0), Machine::integer(5));
  EXPECT_EQ(goal_record::arg(moved, 1), m.atom("a"));
}

TEST(Gc, ASlotVariableReachedFirstMovesOutOfItsGoalRecord) {
  // The REF to the slot is met first: the variable moves into a cell of its own, and the
  // record's copy, made after, refers to it; both still name one variable.
  Machine m("p(_, _).\n");
  Iu& iu = *m.iu;
  const auto [goal, variable] = m.goal_with_slot_variable("p", {m.atom("a")});
  iu.roots.push_back(variable);
  iu.roots.push_back(goal);
  collect_now(iu);
  EXPECT_EQ(iu.heap.used_cells(), 1 + goal_record::kHeaderCells + 2);
  ASSERT_TRUE(is_ref(iu.roots[0]));
  EXPECT_TRUE(is_var_contents(*address_of(iu.roots[0])));
  EXPECT_EQ(goal_record::arg(iu.roots[1], 0), iu.roots[0]);
  collect_now(iu);  // and again, now as an ordinary variable
  EXPECT_EQ(goal_record::arg(iu.roots[1], 0), iu.roots[0]);
  ASSERT_TRUE(iu.unify(iu.roots[0], m.atom("b")));
  EXPECT_EQ(deref(goal_record::arg(iu.roots[1], 0)), m.atom("b"));
}

TEST(Gc, ABoundSlotVariableIsShortCutToItsValue) {
  Machine m("p(_, _).\n");
  Iu& iu = *m.iu;
  const auto [goal, variable] = m.goal_with_slot_variable("p", {m.atom("a")});
  ASSERT_TRUE(iu.unify(variable, m.list({Machine::integer(1)})));
  iu.roots.push_back(variable);
  iu.roots.push_back(goal);
  collect_now(iu);
  EXPECT_TRUE(is_cons(iu.roots[0]));  // the REF became the value
  EXPECT_EQ(m.plain(goal_record::arg(iu.roots[1], 0)), "[1]");
}

TEST(Gc, SharingOfUnboundVariablesIsPreserved) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell x = m.var();
  iu.roots.push_back(m.compound("f", {x, m.list({x})}));
  iu.roots.push_back(x);
  collect_now(iu);
  ASSERT_TRUE(iu.unify(iu.roots[1], Machine::integer(5)));
  EXPECT_EQ(m.plain(iu.roots[0]), "f(5,[5])");
}

TEST(Gc, CyclicTermsSurvive) {
  Machine m;
  Iu& iu = *m.iu;
  const Cell x = m.var();
  const Cell f = m.compound("f", {x});
  ASSERT_TRUE(iu.unify(x, f));  // no occurs check: X = f(X)
  iu.roots.push_back(x);
  collect_now(iu);
  const Cell root = deref(iu.roots[0]);
  ASSERT_TRUE(is_struct(root));
  EXPECT_EQ(deref(struct_arg(root, 0)), root);
  EXPECT_LE(iu.heap.used_cells(), 3U);
}

TEST(Gc, ExtraRootsAreUpdatedInPlace) {
  Machine m;
  Iu& iu = *m.iu;
  Cell extra[2] = {m.list({m.atom("a"), m.atom("b")}), m.real(3.25)};
  const Cell old0 = extra[0];
  iu.heap.allocate(iu.heap.free_cells());
  ASSERT_TRUE(iu.ensure_heap(1, extra, 2));
  EXPECT_EQ(iu.heap.collections, 1U);
  EXPECT_NE(extra[0], old0);
  EXPECT_EQ(m.plain(extra[0]), "[a,b]");
  EXPECT_EQ(m.plain(extra[1]), "3.25");
  EXPECT_EQ(iu.heap.used_cells(), 6U);
}

TEST(Gc, AGoalRecordsLineageCellIsCopiedButNotScanned) {
  // Compiled code of a program without random numbers leaves the lineage cell as the heap had
  // it (goal_record.hpp): here a float's header, which scanned would hide the argument after it.
  Machine m("p(_).\n");
  Iu& iu = *m.iu;
  const Cell arg = m.list({m.atom("a"), m.real(1.5)});
  Cell* p = iu.heap.allocate(goal_record::kHeaderCells + 1);
  p[0] = goal_record::header(1);
  p[1] = goal_record::origin(m.predicate("p", 1), 0);
  p[2] = make_header(BoxKind::Float, 1);
  p[3] = arg;
  iu.roots.push_back(make_pointer(Tag::Box, p, 0));

  collect_now(iu);
  const Cell goal = iu.roots[0];
  EXPECT_NE(address_of(goal), p);
  EXPECT_EQ(goal_record::cells(goal)[2], make_header(BoxKind::Float, 1));
  const Cell moved = goal_record::args(goal)[0];
  EXPECT_TRUE(iu.heap.contains(address_of(moved)));  // the argument was evacuated
  EXPECT_EQ(m.plain(moved), "[a,1.5]");
}

TEST(Gc, SuspendedGoalsSurviveAndStillWake) {
  Machine m("p(a) :- writeln(woke).\n");
  Iu& iu = *m.iu;
  iu.roots.push_back(m.var());
  for (int i = 0; i < 100; ++i) m.list({m.var(), m.var()});  // garbage
  EXPECT_EQ(m.run("p", {iu.roots[0]}), RunStatus::Deadlock);
  EXPECT_EQ(iu.suspended_count(), 1U);

  collect_now(iu);
  collect_now(iu);
  EXPECT_EQ(iu.suspended_count(), 1U);
  const auto suspended = iu.suspended_goals();
  ASSERT_EQ(suspended.size(), 1U);
  ASSERT_EQ(suspended[0].variables.size(), 1U);
  EXPECT_EQ(suspended[0].variables[0], deref(iu.roots[0]));
  EXPECT_EQ(m.image.predicates[goal_record::predicate(suspended[0].goal)].name, "p");

  ASSERT_TRUE(iu.unify(iu.roots[0], m.atom("a")));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "woke\n");
  EXPECT_EQ(iu.suspended_count(), 0U);
}

TEST(Gc, StaleSuspensionsAreDroppedAndTheLiveOneWakes) {
  // q(X, Y) waits on both; binding X re-runs it, and it waits on Y alone.
  Machine m("q(a, b) :- writeln(q).\n");
  Iu& iu = *m.iu;
  iu.roots = {m.var(), m.var()};
  EXPECT_EQ(m.run("q", {iu.roots[0], iu.roots[1]}), RunStatus::Deadlock);
  ASSERT_EQ(iu.suspended_goals().size(), 1U);
  EXPECT_EQ(iu.suspended_goals()[0].variables.size(), 2U);

  ASSERT_TRUE(iu.unify(iu.roots[0], m.atom("a")));
  EXPECT_EQ(iu.run(), RunStatus::Deadlock);
  collect_now(iu);
  const auto suspended = iu.suspended_goals();
  ASSERT_EQ(suspended.size(), 1U);
  ASSERT_EQ(suspended[0].variables.size(), 1U);
  EXPECT_EQ(suspended[0].variables[0], deref(iu.roots[1]));
  EXPECT_EQ(iu.counters.suspensions, 2U);
  EXPECT_EQ(iu.counters.activations, 1U);

  ASSERT_TRUE(iu.unify(iu.roots[1], m.atom("b")));
  EXPECT_EQ(iu.run(), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "q\n");
}

constexpr const char* kStreamProgram = R"(
gen(N, Max, Xs) :- less_eq(N, Max, C), gen1(C, N, Max, Xs).
gen1(true, N, Max, Xs) :- Xs = [N|Xs1], add(N, 1, N1), gen(N1, Max, Xs1).
gen1(false, _, _, Xs) :- Xs = [].
sum([], S0, S) :- S = S0.
sum([X|Xs], S0, S) :- add(S0, X, S1), sum(Xs, S1, S).
run(Max) :- gen(1, Max, Xs), sum(Xs, 0, S), writeln(S).
)";

TEST(Gc, LongStreamRunsInASmallHeap) {
  // 200000 list cells and as many goal records: far more than the 32768-cell heap holds. The
  // generator's time slice is long enough for the whole stream; what stops it is a collection
  // that leaves the heap crowded (Iu::crowded_after), after which the consumer runs and
  // suspends on the stream's end, again and again.
  IuOptions options = small_options(std::size_t{1} << 15, std::size_t{1} << 13);
  Machine m(kStreamProgram, options);
  EXPECT_EQ(m.run("run", {Machine::integer(200000)}), RunStatus::Success);
  EXPECT_FALSE(m.iu->error().has_value());
  EXPECT_EQ(m.out.str(), "20000100000\n");
  EXPECT_GT(m.iu->heap.collections, 10U);
  EXPECT_LE(m.iu->heap.peak_used_cells, std::size_t{1} << 15);
  EXPECT_GT(m.iu->counters.suspensions, 1U);
  EXPECT_GT(m.iu->heap.copied_cells, 0U);
}

// In a heap with room, the generator makes the whole stream in its time slice before the
// consumer runs: nothing suspends. With the simulated PIE64's slice the generator goes to the
// back of the queue before the end, the consumer catches up with it and waits.
TEST(Gc, AStreamInAHeapWithRoomIsMadeBeforeItIsConsumed) {
  Machine roomy(kStreamProgram, small_options(std::size_t{1} << 20, std::size_t{1} << 18));
  EXPECT_EQ(roomy.run("run", {Machine::integer(20000)}), RunStatus::Success);
  EXPECT_EQ(roomy.out.str(), "200010000\n");
  EXPECT_EQ(roomy.iu->counters.suspensions, 0U);
  IuOptions options = small_options(std::size_t{1} << 20, std::size_t{1} << 18);
  options.time_slice = kMachineTimeSlice;
  Machine sliced(kStreamProgram, options);
  EXPECT_EQ(sliced.run("run", {Machine::integer(20000)}), RunStatus::Success);
  EXPECT_EQ(sliced.out.str(), "200010000\n");
  EXPECT_GT(sliced.iu->counters.suspensions, 0U);
  EXPECT_EQ(sliced.iu->counters.reductions, roomy.iu->counters.reductions);
}

TEST(Gc, GcStressGivesTheSameAnswer) {
  IuOptions options = small_options();
  options.gc_stress = true;
  Machine m(kStreamProgram, options);
  EXPECT_EQ(m.run("run", {Machine::integer(300)}), RunStatus::Success);
  EXPECT_EQ(m.out.str(), "45150\n");
  EXPECT_GT(m.iu->heap.collections, 0U);
}

TEST(Gc, GcStressCollectsAtReductionsChainedByExecute) {
  // run(300) is one goal whose reductions follow each other by `execute`; stress mode must
  // still collect at (nearly) every one of them, not only when a goal leaves the pool.
  IuOptions options = small_options();
  options.gc_stress = true;
  Machine m(kStreamProgram, options);
  EXPECT_EQ(m.run("run", {Machine::integer(300)}), RunStatus::Success);
  EXPECT_GT(m.iu->counters.reductions, 600U);
  EXPECT_GE(m.iu->heap.collections, m.iu->counters.reductions / 2);
}

TEST(Gc, SuspensionsUnderGcStress) {
  // The consumer runs first and suspends; the producer then wakes it element by element while
  // every reduction collects.
  IuOptions options = small_options();
  options.gc_stress = true;
  Machine m(R"(
produce(0, Xs) :- Xs = [].
produce(N, Xs) :- greater(N, 0, C), produce1(C, N, Xs).
produce1(true, N, Xs) :- Xs = [N|Xs1], sub(N, 1, N1), produce(N1, Xs1).
wait_all([], R) :- R = 0.
wait_all([X|Xs], R) :- wait_all(Xs, R1), add(X, R1, R).
)",
            options);
  m.iu->roots = {m.var(), m.var()};
  EXPECT_EQ(m.run("wait_all", {m.iu->roots[0], m.iu->roots[1]}), RunStatus::Deadlock);
  EXPECT_EQ(m.run("produce", {Machine::integer(5), m.iu->roots[0]}), RunStatus::Success);
  EXPECT_EQ(m.plain(m.iu->roots[1]), "15");
  EXPECT_EQ(m.plain(m.iu->roots[0]), "[5,4,3,2,1]");
  EXPECT_GE(m.iu->counters.suspensions, 1U);
  EXPECT_GE(m.iu->counters.activations, 1U);
  EXPECT_GT(m.iu->heap.collections, 5U);
}

TEST(Gc, HeapExhaustionIsAnErrorNotACrash) {
  // Everything stays reachable from the suspended show/2: the heap cannot hold it.
  IuOptions options = small_options(std::size_t{1} << 14, std::size_t{1} << 13);
  Machine m(R"(
main :- gen(0, Xs), count(Xs, 0, N), show(N, Xs).
gen(N, Xs) :- Xs = [N|Xs1], add(N, 1, N1), gen(N1, Xs1).
count([_|Xs], N0, N) :- add(N0, 1, N1), count(Xs, N1, N).
show(done, _).
)",
            options);
  EXPECT_EQ(m.run("main", {}), RunStatus::Error);
  ASSERT_TRUE(m.iu->error().has_value());
  EXPECT_EQ(m.iu->error()->message.rfind("heap exhausted", 0), 0U) << m.iu->error()->message;
  EXPECT_LE(m.iu->heap.used_cells(), std::size_t{1} << 14);
}

}  // namespace
}  // namespace fleng::vm
