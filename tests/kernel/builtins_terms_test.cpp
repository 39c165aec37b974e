// The term builtins through Session queries (docs/builtins.md, structures): =../2 and
// functor/3 both ways, copy_term/2, call/2 .. call/8; suspension until a way is decidable,
// located errors.
#include <gtest/gtest.h>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using TermBuiltins = test::SessionTest;

TEST_F(TermBuiltins, UnivDecomposes) {
  EXPECT_EQ(value("f(a, B, [c]) =.. X"), "[f,a,_G0,[c]]");
  EXPECT_EQ(value("abc =.. X"), "[abc]");
  EXPECT_EQ(value("42 =.. X"), "[42]");
  EXPECT_EQ(value("2.5 =.. X"), "[2.5]");
  EXPECT_EQ(value("[] =.. X"), "[[]]");
  EXPECT_EQ(value("[1, 2] =.. X"), "['.',1,[2]]");
  EXPECT_EQ(value("{a, b} =.. X"), "[{},a,b]");
  EXPECT_EQ(value("T = g(x), T =.. X"), "[g,x]");
  EXPECT_EQ(value("(a + b) =.. X"), "[+,a,b]");
  // The list may be given: it is unified.
  EXPECT_EQ(value("f(a) =.. [F, X]"), "a");
  EXPECT_EQ(error_message("f(a) =.. [g, X]"), "error: output unification failed");
}

TEST_F(TermBuiltins, UnivBuilds) {
  EXPECT_EQ(value("X =.. [f, a, b]"), "f(a,b)");
  EXPECT_EQ(value("X =.. [abc]"), "abc");
  EXPECT_EQ(value("X =.. [7]"), "7");
  EXPECT_EQ(value("X =.. [1.5]"), "1.5");
  EXPECT_EQ(value("X =.. ['.', h, t]"), "[h|t]");
  EXPECT_EQ(value("X =.. ['.', h]"), "'.'(h)");
  EXPECT_EQ(value("X =.. [{}, a, b]"), "{a,b}");
  EXPECT_EQ(value("X =.. [+, 1, 2]"), "1+2");
  EXPECT_EQ(value("X =.. [f, A, A], A = z"), "f(z,z)");  // arguments need not be bound
  EXPECT_EQ(value("X =.. [f|T], T = [a]"), "f(a)");
  // Round trip.
  EXPECT_EQ(value("f(a, g(b)) =.. L, X =.. L"), "f(a,g(b))");
}

TEST_F(TermBuiltins, UnivWaitsForTheSpineAndTheName) {
  auto r = query("X =.. L");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  '=..'(X, L)  waiting on X, L\n");
  r = query("X =.. [F, a]");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_NE(r.report.find("waiting on"), std::string::npos) << r.report;
  EXPECT_EQ(query("X =.. [f, a|T]").exit_code, kExitDeadlock);
  EXPECT_EQ(value("X =.. [F, a], F = g"), "g(a)");
  EXPECT_EQ(value("X =.. [f, a|T], T = [b]"), "f(a,b)");
  // T bound later decides the other way.
  EXPECT_EQ(value("T =.. X, T = p(q)"), "[p,q]");
}

TEST_F(TermBuiltins, UnivErrors) {
  EXPECT_EQ(error_report("X =.. []"),
            "<goal>:1:1: error: type error: expected a non-empty list, found []\n"
            "  goal: '=..'(X, [])\n");
  EXPECT_EQ(error_message("X =.. foo"), "error: type error: expected a non-empty list, found foo");
  EXPECT_EQ(error_message("X =.. [f|g]"), "error: type error: expected a non-empty list, found [f|g]");
  EXPECT_EQ(error_message("X =.. [f(a)]"), "error: type error: expected an atomic name, found f(a)");
  EXPECT_EQ(error_message("X =.. [f(a), b]"),
            "error: type error: expected an atom as the name, found f(a)");
  EXPECT_EQ(error_message("X =.. [1, b]"), "error: type error: expected an atom as the name, found 1");
  EXPECT_EQ(error_message("L = [f, a|L], X =.. L"),
            "error: type error: expected a non-empty list, found @(_S1,[_S1=[f,a|_S1]])");
  // In a clause body, the error names the clause's line.
  ASSERT_TRUE(load("p(X) :-\n    X =.. [].\n"));
  EXPECT_NE(error_report("p(X)").find(":2:5: error: type error"), std::string::npos);
}

TEST_F(TermBuiltins, FunctorDecomposes) {
  EXPECT_EQ(value("functor(f(a, b), F, N), X = F/N"), "f/2");
  EXPECT_EQ(value("functor([a], F, N), X = F/N"), "'.'/2");
  EXPECT_EQ(value("functor(abc, F, N), X = F/N"), "abc/0");
  EXPECT_EQ(value("functor(3, F, N), X = F/N"), "3/0");
  EXPECT_EQ(value("functor(f(a), F, N), N = 1, X = F"), "f");
}

TEST_F(TermBuiltins, FunctorBuilds) {
  EXPECT_TRUE(value("functor(X, f, 3)").starts_with("f(_G")) << value("functor(X, f, 3)");
  EXPECT_EQ(value("functor(T, f, 2), T = f(a, b), X = T"), "f(a,b)");
  EXPECT_EQ(value("functor(X, foo, 0)"), "foo");
  EXPECT_EQ(value("functor(X, 12, 0)"), "12");
  EXPECT_EQ(value("functor(X, 2.5, 0)"), "2.5");
  EXPECT_EQ(value("functor(T, '.', 2), T = [a|b], X = T"), "[a|b]");
  EXPECT_EQ(value("functor(T, {}, 2), T = {1, 2}, X = T"), "{1,2}");
  // The arguments are distinct fresh variables.
  EXPECT_EQ(value("functor(T, f, 2), T = f(a, B), is_unbound(B, X)"), "true");
  EXPECT_EQ(value("functor(T, f, 1000), arg(1000, T, A), A = last, arg(1000, T, X)"), "last");
}

TEST_F(TermBuiltins, FunctorWaitsUntilOneWayIsDecidable) {
  auto r = query("functor(T, f, A)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(r.report, "deadlock: 1 goal suspended\n  functor(T, f, A)  waiting on T, A\n");
  EXPECT_EQ(query("functor(T, N, 2)").exit_code, kExitDeadlock);
  EXPECT_EQ(query("functor(T, N, A)").exit_code, kExitDeadlock);
  EXPECT_TRUE(value("functor(X, f, A), A = 2").starts_with("f(_G"));
  EXPECT_EQ(value("functor(T, N, 2), N = g, T = g(1, 2), X = T"), "g(1,2)");
  EXPECT_EQ(value("functor(T, N, A), T = h(x), X = N/A"), "h/1");
}

TEST_F(TermBuiltins, FunctorErrors) {
  EXPECT_EQ(error_report("functor(T, f, -1)"),
            "<goal>:1:1: error: functor/3: arity -1 is out of range (0..16777215)\n"
            "  goal: functor(T, f, -1)\n");
  EXPECT_EQ(error_message("functor(T, f, 16777216)"),
            "error: functor/3: arity 16777216 is out of range (0..16777215)");
  EXPECT_EQ(error_message("functor(T, f, a)"), "error: type error: expected an integer arity, found a");
  EXPECT_EQ(error_message("functor(T, f(x), 0)"), "error: type error: expected an atomic name, found f(x)");
  EXPECT_EQ(error_message("functor(T, f(x), 1)"),
            "error: type error: expected an atom as the name, found f(x)");
  EXPECT_EQ(error_message("functor(T, 3, 1)"), "error: type error: expected an atom as the name, found 3");
  EXPECT_EQ(error_message("functor(f(a), g, N)"), "error: output unification failed");
}

TEST_F(TermBuiltins, CopyTerm) {
  EXPECT_EQ(value("copy_term(f(a, [1, 2.5], \"s\"), X)"), "f(a,[1,2.5],[115])");
  EXPECT_EQ(value("copy_term(abc, X)"), "abc");
  EXPECT_EQ(value("copy_term(1152921504606846976, X)"), "1152921504606846976");
  // Fresh variables: binding the copy leaves the original unbound.
  EXPECT_EQ(value("copy_term(f(Y), C), C = f(a), is_unbound(Y, X)"), "true");
  EXPECT_EQ(value("copy_term(Y, C), C = a, is_unbound(Y, X)"), "true");
  // Shared variables stay shared in the copy.
  EXPECT_EQ(value("copy_term(f(Y, Z, Y), C), C = f(a, b, W), X = W"), "a");
  EXPECT_EQ(error_message("copy_term(f(Y, Y), C), C = f(a, b)"), "error: unification failed");
  // It does not wait; a binding made later does not reach the copy.
  EXPECT_EQ(value("copy_term(g(Y), C), C = g(V), is_unbound(V, X)"), "true");
  // Bound parts are copied as they are.
  EXPECT_EQ(value("Y = b, copy_term(f(Y, [Y]), X)"), "f(b,[b])");
  // Vectors are copied with their elements.
  EXPECT_EQ(value("new_vector(2, V0, V), copy_term(V, C), vector_element(C, 0, E), E = x, "
                  "is_unbound(V0, X)"),
            "true");
}

TEST_F(TermBuiltins, CopyTermOfCyclicAndLargeTerms) {
  // A cyclic term copies as the same rational tree.
  EXPECT_EQ(value("T = f(T, Y), copy_term(T, C), C = f(C1, Z), Z = a, equal(C, C1, X)"), "true");
  EXPECT_EQ(value("L = [a, b|L], copy_term(L, C), equal(L, C, X)"), "true");
  EXPECT_EQ(value("L = [a, b|L], copy_term(L, C), C = [X|_]"), "a");
  // A list longer than the walk's plain steps, and a term with a long cycle. (copy_term/2
  // does not wait: copy_ground/2 copies once the term is complete.)
  ASSERT_TRUE(load("copy_ground(T, C) :- deref(T, D), copy_ground_1(D, T, C).\n"
                   "copy_ground_1([], T, C) :- copy_term(T, C).\n"));
  EXPECT_EQ(value("numlist(1, 200000, L), copy_ground(L, C), last(C, X)"), "200000");
  EXPECT_EQ(value("numlist(1, 100000, L), append(L, T, T), copy_ground(T, C), equal(T, C, X)"),
            "true");
}

TEST_F(TermBuiltins, CallWithExtraArguments) {
  EXPECT_EQ(value("call(add(1), 2, X)"), "3");
  EXPECT_EQ(value("call(add, 1, 2, X)"), "3");
  EXPECT_EQ(value("call(compute, +, 1, 2, X)"), "3");
  EXPECT_EQ(value("call(=(X), a)"), "a");
  EXPECT_EQ(value("call(=, X, b)"), "b");
  ASSERT_TRUE(load("p(A, B, C, D, E, F, G, R) :- R = [A, B, C, D, E, F, G].\n"
                   "q :- writeln(q).\n"));
  EXPECT_EQ(value("call(p(1), 2, 3, 4, 5, 6, 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(value("call(p(1, 2), 3, 4, 5, 6, 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(value("call(p(1, 2, 3), 4, 5, 6, 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(value("call(p(1, 2, 3, 4), 5, 6, 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(value("call(p(1, 2, 3, 4, 5), 6, 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(value("call(p(1, 2, 3, 4, 5, 6), 7, X)"), "[1,2,3,4,5,6,7]");
  EXPECT_EQ(error_message("call(p, 1, 2, 3, 4, 5, 6, 7, X)"), "error: undefined predicate call/9");
  EXPECT_EQ(query("call(writeln, hello)").exit_code, kExitSuccess);
  EXPECT_EQ(out.str(), "hello\n");
  // Waits for the goal.
  EXPECT_EQ(query("call(G, 1, X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("call(G, 1, X), G = add(2)"), "3");
}

TEST_F(TermBuiltins, CallWithExtraArgumentsErrors) {
  EXPECT_EQ(error_report("call(3, a)"),
            "<goal>:1:1: error: type error: expected a callable term, found 3\n  goal: call(3, a)\n");
  EXPECT_EQ(error_message("call(2.5, a, b)"), "error: type error: expected a callable term, found 2.5");
  EXPECT_EQ(error_message("call(nothing_here, a)"), "error: undefined predicate nothing_here/1");
  // More arguments than a goal can have (the argument registers).
  EXPECT_EQ(error_message("functor(G, f, 1024), call(G, a)"),
            "error: call/2: a goal of 1025 arguments is too large (the limit is 1024)");
  EXPECT_EQ(error_message("functor(G, f, 10000), call(G)"),
            "error: call/1: a goal of 10000 arguments is too large (the limit is 1024)");
  EXPECT_EQ(error_message("functor(G, f, 1024), call(G)"), "error: undefined predicate f/1024");
  // An error of the called goal names the line of the call.
  ASSERT_TRUE(load("p :-\n    call(add(a), 1, _).\n"));
  EXPECT_NE(error_report("p").find(":2:5: error: type error: expected a number, found a"),
            std::string::npos)
      << error_report("p");
}

TEST_F(TermBuiltins, SameAnswersWhenEveryOtherAllocationFails) {
  // Each builtin allocates once per attempt, so it succeeds after the collection.
  vm::IuOptions options = test::test_options();
  options.gc_stress = true;
  reopen(options);
  EXPECT_EQ(value("copy_term(f(Y, g(Z, [a, b]), Y), C), C = f(1, g(2, L), W), X = W/L"), "1/[a,b]");
  EXPECT_EQ(value("T = f(T, a), copy_term(T, C), C = f(D, E), equal(C, D, B), X = B/E"), "true/a");
  EXPECT_EQ(value("split_string(\"a,b,,c\", \",\", \"\", X)"), "[[97],[98],[],[99]]");
  EXPECT_EQ(value("functor(T, f, 2), T = f(1, 2), T =.. X"), "[f,1,2]");
  EXPECT_EQ(value("atom_codes(A, \"abc\"), atom_concat(A, d, B), atom_codes(B, X)"), "[97,98,99,100]");
  EXPECT_EQ(value("number_codes(N, \"12\"), number_codes(N, X)"), "[49,50]");
  EXPECT_EQ(value("call(add(1), 2, X)"), "3");
  EXPECT_EQ(value("numlist(1, 30, L), reverse(L, R), msort(R, S), nth1(30, S, X)"), "30");
  EXPECT_EQ(value("list_to_map([b-2, a-1, c-3], M), map_to_list(M, X)"), "[a-1,b-2,c-3]");
}

}  // namespace
}  // namespace fleng::kernel
