// The standard library embedded in every session (lib/lists.fl, lib/streams.fl): the answers
// their header comments promise, streams consumed incrementally, errors.
#include <gtest/gtest.h>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using Library = test::SessionTest;

TEST_F(Library, EmbeddedFilesAreTheLibrary) {
  std::vector<std::string> names;
  for (const auto& [name, text] : embedded_files()) {
    names.emplace_back(name);
    EXPECT_FALSE(text.empty()) << name;
  }
  EXPECT_NE(std::find(names.begin(), names.end(), "lists.fl"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "streams.fl"), names.end());
  for (const char* file : {"sort.fl", "apply.fl", "maps.fl"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), file), names.end()) << file;
  }
}

TEST_F(Library, Append) {
  EXPECT_EQ(value("append([1,2], [3], X)"), "[1,2,3]");
  EXPECT_EQ(value("append([], [a], X)"), "[a]");
  EXPECT_EQ(value("append([a], [], X)"), "[a]");
  EXPECT_EQ(value("append([a,b], T, X)").substr(0, 7), "[a,b|_G");
}

TEST_F(Library, Length) {
  EXPECT_EQ(value("length([a,b,c], X)"), "3");
  EXPECT_EQ(value("length([], X)"), "0");
}

TEST_F(Library, Reverse) {
  EXPECT_EQ(value("reverse([1,2,3], X)"), "[3,2,1]");
  EXPECT_EQ(value("reverse([], X)"), "[]");
  EXPECT_EQ(value("numlist(1, 30, L), reverse(L, R), nth(1, R, X)"), "30");
}

TEST_F(Library, Nth) {
  EXPECT_EQ(value("nth(2, [a,b,c], X)"), "b");
  EXPECT_EQ(value("nth(1, [a,b,c], X)"), "a");
  EXPECT_EQ(value("nth(3, [a,b,c], X)"), "c");
  EXPECT_EQ(error_message("nth(4, [a,b,c], X)"), "error: nth/3: index out of range");
  EXPECT_EQ(error_message("nth(0, [a], X)"), "error: nth/3: index out of range");
  EXPECT_NE(error_report("nth(0, [a], X)").find("lib/lists.fl:"), std::string::npos);
}

TEST_F(Library, Member) {
  EXPECT_EQ(value("member(b, [a,b,c], X)"), "true");
  EXPECT_EQ(value("member(d, [a,b,c], X)"), "false");
  EXPECT_EQ(value("member(f(1), [f(2), f(1)], X)"), "true");
  EXPECT_EQ(value("member(x, [], X)"), "false");
}

TEST_F(Library, SumList) {
  EXPECT_EQ(value("sum_list([1,2,3,4], X)"), "10");
  EXPECT_EQ(value("sum_list([], X)"), "0");
  EXPECT_EQ(value("sum_list([1, 2.5], X)"), "3.5");
}

TEST_F(Library, Numlist) {
  EXPECT_EQ(value("numlist(1, 5, X)"), "[1,2,3,4,5]");
  EXPECT_EQ(value("numlist(3, 2, X)"), "[]");
  EXPECT_EQ(value("numlist(-1, 1, X)"), "[-1,0,1]");
}

TEST_F(Library, Last) {
  EXPECT_EQ(value("last([1,2,3], X)"), "3");
  EXPECT_EQ(value("last([only], X)"), "only");
  EXPECT_EQ(error_message("last([], X)"), "error: no matching clause for last/2");
}

TEST_F(Library, MaxAndMinList) {
  EXPECT_EQ(value("max_list([3,1,4,1,5], X)"), "5");
  EXPECT_EQ(value("min_list([3,1,4,1,5], X)"), "1");
  EXPECT_EQ(value("max_list([2, 2.5, 1], X)"), "2.5");
}

TEST_F(Library, Delete) {
  EXPECT_EQ(value("delete([a,b,a,c], a, X)"), "[b,c]");
  EXPECT_EQ(value("delete([], a, X)"), "[]");
}

TEST_F(Library, MergeOfTwoStreamsSumsTo5050) {
  const auto r = query("numlist(1, 50, A), numlist(51, 100, B), merge(A, B, M), sum_list(M, S), "
                       "length(M, N)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "S"), "5050");
  EXPECT_EQ(binding(r, "N"), "100");
}

TEST_F(Library, MergeKeepsTheOrderOfEachInput) {
  const auto r = query("merge([1,2,3], [a,b], M), delete(M, 1, M1), delete(M1, 2, M2), "
                       "delete(M2, 3, Letters), delete(M, a, N1), delete(N1, b, Numbers)");
  EXPECT_EQ(binding(r, "Letters"), "[a,b]");
  EXPECT_EQ(binding(r, "Numbers"), "[1,2,3]");
}

TEST_F(Library, MergeOfStreamsThatArriveLater) {
  ASSERT_TRUE(load(R"(
main(S) :- merge(A, B, M), count(M, S), produce(a, 3, A), produce(b, 4, B).
produce(_, 0, Xs) :- Xs = [].
produce(T, N, Xs) :- greater(N, 0, C), produce1(C, T, N, Xs).
produce1(true, T, N, Xs) :- Xs = [T|Xs1], sub(N, 1, N1), produce(T, N1, Xs1).
)"));
  EXPECT_EQ(value("main(X)"), "7");
}

TEST_F(Library, MergeAll) {
  const auto r = query("merge_all([[1],[2,3],[]], S), sum_list(S, Sum), length(S, N)");
  EXPECT_EQ(binding(r, "Sum"), "6");
  EXPECT_EQ(binding(r, "N"), "3");
  EXPECT_EQ(value("merge_all([], X)"), "[]");
}

TEST_F(Library, TakeAndDrop) {
  EXPECT_EQ(value("take(2, [a,b,c], X)"), "[a,b]");
  EXPECT_EQ(value("take(5, [a], X)"), "[a]");
  EXPECT_EQ(value("take(0, [a], X)"), "[]");
  EXPECT_EQ(value("drop(2, [a,b,c], X)"), "[c]");
  EXPECT_EQ(value("drop(5, [a], X)"), "[]");
  EXPECT_EQ(value("drop(0, [a], X)"), "[a]");
}

TEST_F(Library, TakeCutsOffAnEndlessStream) {
  // The producer never closes its stream; take/3 ends anyway, and halt/1 stops the producer.
  ASSERT_TRUE(load("nat(N, Xs) :- Xs = [N|Xs1], add(N, 1, N1), nat(N1, Xs1).\n"
                   "show(X) :- deref(X, D), show1(D, X).\n"
                   "show1([], X) :- writeln(X, D), stop(D).\n"
                   "stop([]) :- halt(0).\n"));
  const auto r = query("nat(0, Ns), take(3, Ns, X), show(X)");
  EXPECT_EQ(r.status, vm::RunStatus::Halt);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(out.str(), "[0,1,2]\n");
  EXPECT_EQ(binding(r, "X"), "[0,1,2]");
}

TEST_F(Library, Count) {
  EXPECT_EQ(value("count([a,b,c], X)"), "3");
  EXPECT_EQ(value("count([], X)"), "0");
  // count/2 waits for the stream to be closed.
  const auto r = query("count([a|T], N)");
  EXPECT_EQ(r.exit_code, kExitDeadlock);
  EXPECT_EQ(value("count([a|T], X), T = [b]"), "2");
}

TEST_F(Library, Filters) {
  EXPECT_EQ(value("remove_multiples(3, [3,4,5,6,7], X)"), "[4,5,7]");
  EXPECT_EQ(value("filter_less(3, [1,5,2,3], X)"), "[1,2]");
  EXPECT_EQ(value("filter_not_less(3, [1,5,2,3], X)"), "[5,3]");
}

TEST_F(Library, PartitionOfShortLists) {
  const auto r = query("partition(3, [5,1], L, G)");
  EXPECT_EQ(binding(r, "L"), "[1]");
  EXPECT_EQ(binding(r, "G"), "[5]");
}

TEST_F(Library, Partition) {
  const auto r = query("partition(3, [1,5,2,3], L, G)");
  EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "L"), "[1,2]");
  EXPECT_EQ(binding(r, "G"), "[5,3]");
}

TEST_F(Library, PrimeSieveFromLibraryParts) {
  ASSERT_TRUE(load(R"(
sift([], Ps) :- Ps = [].
sift([P|Xs], Ps) :- Ps = [P|Ps1], remove_multiples(P, Xs, Ys), sift(Ys, Ps1).
primes(Max, Ps) :- numlist(2, Max, Ns), sift(Ns, Ps).
)"));
  const auto r = query("primes(1000, Ps), count(Ps, N), last(Ps, L)");
  EXPECT_EQ(binding(r, "N"), "168");
  EXPECT_EQ(binding(r, "L"), "997");
}

TEST_F(Library, UserDefinitionsReplaceLibraryPredicates) {
  ASSERT_TRUE(load("append(_, _, Zs) :- Zs = mine.\n"));
  EXPECT_EQ(value("append([1], [2], X)"), "mine");
  // Other library predicates are still there.
  EXPECT_EQ(value("reverse([1,2], X)"), "[2,1]");
  // A different arity is a different predicate (and undefined).
  EXPECT_EQ(error_message("append([1], [2], X, Y)"), "error: undefined predicate append/4");
}

TEST_F(Library, UserPredicatesNamedLikeBuiltinsReplaceThem) {
  ASSERT_TRUE(load("add(X, Y, Z) :- Z = plus(X, Y).\n"));
  EXPECT_EQ(value("add(1, 2, X)"), "plus(1,2)");
  EXPECT_EQ(value("sub(3, 2, X)"), "1");
}

TEST_F(Library, Nth0AndNth1) {
  EXPECT_EQ(value("nth0(0, [a,b,c], X)"), "a");
  EXPECT_EQ(value("nth0(2, [a,b,c], X)"), "c");
  EXPECT_EQ(value("nth1(1, [a,b,c], X)"), "a");
  EXPECT_EQ(value("nth1(3, [a,b,c], X)"), "c");
  EXPECT_EQ(error_message("nth0(3, [a,b,c], X)"), "error: nth0/3: index out of range");
  EXPECT_EQ(error_message("nth0(-1, [a], X)"), "error: nth0/3: index out of range");
  EXPECT_EQ(error_message("nth1(0, [a], X)"), "error: nth1/3: index out of range");
  EXPECT_EQ(error_message("nth1(2, [a], X)"), "error: nth1/3: index out of range");
  EXPECT_EQ(value("nth0(1, [a|T], X), T = [b]"), "b");
}

TEST_F(Library, Pairs) {
  const auto r = query("pairs_keys_values([a-1, b-2], K, V)");
  EXPECT_EQ(binding(r, "K"), "[a,b]");
  EXPECT_EQ(binding(r, "V"), "[1,2]");
  EXPECT_EQ(value("pairs_keys_values([], X, V)"), "[]");
  EXPECT_EQ(value("pairs_keys([a-1, b-2], X)"), "[a,b]");
  EXPECT_EQ(value("pairs_values([a-1, b-2], X)"), "[1,2]");
  EXPECT_EQ(error_message("pairs_keys([a], X)"), "error: no matching clause for pairs_keys/2");
}

TEST_F(Library, Zip) {
  EXPECT_EQ(value("zip([a, b], [1, 2], X)"), "[a-1,b-2]");
  EXPECT_EQ(value("zip([a, b, c], [1], X)"), "[a-1]");
  EXPECT_EQ(value("zip([a], [1, 2], X)"), "[a-1]");
  EXPECT_EQ(value("zip([], Y, X)"), "[]");
  EXPECT_EQ(value("zip([a, b], Y, X), Y = [1|T], T = [2]"), "[a-1,b-2]");
  // zip/3 then pairs_keys_values/3 give back the lists.
  EXPECT_EQ(value("zip([a, b], [1, 2], P), pairs_keys_values(P, K, V), X = K/V"), "[a,b]/[1,2]");
}

}  // namespace
}  // namespace fleng::kernel
