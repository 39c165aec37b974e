// lib/apply.fl through Session queries: maplist/2..5, foldl/4..6, include/3, exclude/3, with
// builtins and user predicates as goals, lists that arrive later, and errors.
#include <gtest/gtest.h>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using LibraryApply = test::SessionTest;

TEST_F(LibraryApply, Maplist) {
  // The goals run concurrently: the lines come in either order.
  EXPECT_EQ(query("maplist(writeln, [a, b])").exit_code, kExitSuccess);
  EXPECT_TRUE(out.str() == "a\nb\n" || out.str() == "b\na\n") << out.str();
  EXPECT_EQ(value("maplist(add(1), [1, 2, 3], X)"), "[2,3,4]");
  EXPECT_EQ(value("maplist(add(1), [], X)"), "[]");
  EXPECT_EQ(value("maplist(add, [1, 2], [10, 20], X)"), "[11,22]");
  EXPECT_EQ(value("maplist(compute, [+, *], [2, 3], [4, 5], X)"), "[6,15]");
  // The other lists may be inputs.
  EXPECT_EQ(value("maplist(add, [1, 2], [10, 20], [A, B]), X = A/B"), "11/22");
  EXPECT_EQ(value("maplist(=, [1, 2], X)"), "[1,2]");
  ASSERT_TRUE(load("triple(X, Y, Z, R) :- R = t(X, Y, Z).\n"
                   "double(X, Y) :- mul(X, 2, Y).\n"));
  EXPECT_EQ(value("maplist(triple, [1, 2], [a, b], [x, y], X)"), "[t(1,a,x),t(2,b,y)]");
  EXPECT_EQ(value("maplist(double, [1, 2, 3], X)"), "[2,4,6]");
}

TEST_F(LibraryApply, MaplistFollowsAStream) {
  EXPECT_EQ(query("maplist(add(1), [1|T], X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("maplist(add(1), [1|T], X), T = [2|T1], T1 = []"), "[2,3]");
  EXPECT_EQ(value("maplist(add(1), L, X), numlist(1, 5, L)"), "[2,3,4,5,6]");
}

TEST_F(LibraryApply, MaplistErrors) {
  EXPECT_EQ(error_message("maplist(add(1), [a], X)"), "error: type error: expected a number, found a");
  EXPECT_EQ(error_message("maplist(add, [1, 2], [1], X)"), "error: unification failed");
  EXPECT_EQ(error_message("maplist(3, [1], X)"), "error: type error: expected a callable term, found 3");
  EXPECT_EQ(error_message("maplist(no_such, [1], X)"), "error: undefined predicate no_such/2");
}

TEST_F(LibraryApply, Foldl) {
  EXPECT_EQ(value("foldl(add, [1, 2, 3], 0, X)"), "6");
  EXPECT_EQ(value("foldl(add, [], 7, X)"), "7");
  EXPECT_EQ(value("foldl(compute, [+, *], [2, 3], 1, X)"), "9");
  ASSERT_TRUE(load("cons(X, Acc, R) :- R = [X|Acc].\n"
                   "dot(X, Y, Acc0, Acc) :- mul(X, Y, P), add(Acc0, P, Acc).\n"
                   "sum3(X, Y, Z, Acc0, Acc) :- add(X, Y, S), add(S, Z, T), add(Acc0, T, Acc).\n"));
  // SWI-Prolog's argument order: call(G, Element, Acc0, Acc).
  EXPECT_EQ(value("foldl(cons, [1, 2, 3], [], X)"), "[3,2,1]");
  EXPECT_EQ(value("foldl(dot, [1, 2, 3], [4, 5, 6], 0, X)"), "32");
  EXPECT_EQ(value("foldl(sum3, [1, 2], [10, 20], [100, 200], 0, X)"), "333");
  EXPECT_EQ(value("numlist(1, 1000, L), foldl(add, L, 0, X)"), "500500");
}

TEST_F(LibraryApply, IncludeAndExclude) {
  EXPECT_EQ(value("include(less(2), [1, 3, 2, 5], X)"), "[3,5]");
  EXPECT_EQ(value("exclude(less(2), [1, 3, 2, 5], X)"), "[1,2]");
  EXPECT_EQ(value("include(less(2), [], X)"), "[]");
  EXPECT_EQ(value("include(integer, [1, a, 2.5, 3], X)"), "[1,3]");
  EXPECT_EQ(value("exclude(atom, [1, a, f(b)], X)"), "[1,f(b)]");
  ASSERT_TRUE(load("even(X, B) :- mod(X, 2, M), equal(M, 0, B).\n"));
  EXPECT_EQ(value("numlist(1, 10, L), include(even, L, X)"), "[2,4,6,8,10]");
  // The test must answer true or false.
  EXPECT_EQ(error_message("include(add(1), [1], X)"), "error: no matching clause for $include/5");
}

}  // namespace
}  // namespace fleng::kernel
