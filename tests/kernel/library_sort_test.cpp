// lib/sort.fl through Session queries: sort/2, msort/2, keysort/2 and sort/4 against the
// answers of std::sort / std::stable_sort, on small cases, on every order, and on 10,000
// integers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using LibrarySort = test::SessionTest;

/// Integers from a fixed linear congruential sequence, in 0..range-1 (many repeats when range
/// is small).
std::vector<std::int64_t> pseudo_random(std::size_t n, std::uint64_t range) {
  std::vector<std::int64_t> xs;
  std::uint64_t state = 12345;
  for (std::size_t i = 0; i < n; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    xs.push_back(static_cast<std::int64_t>((state >> 33) % range));
  }
  return xs;
}

std::string list_text(const std::vector<std::int64_t>& xs) {
  std::string text = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (i > 0) text += ",";
    text += std::to_string(xs[i]);
  }
  return text + "]";
}

TEST_F(LibrarySort, Sort) {
  EXPECT_EQ(value("sort([b, a, c, a], X)"), "[a,b,c]");
  EXPECT_EQ(value("sort([], X)"), "[]");
  EXPECT_EQ(value("sort([x], X)"), "[x]");
  EXPECT_EQ(value("sort([3, 1, 2, 3, 1], X)"), "[1,2,3]");
  // The standard order: numbers < atoms < lists < structures; 1.0 before 1.
  EXPECT_EQ(value("sort([f(a), [1], b, 2, 1, 1.0, g(a, b), a], X)"), "[1.0,1,2,a,b,[1],f(a),g(a,b)]");
  EXPECT_EQ(value("sort([f(b), f(a), f(b)], X)"), "[f(a),f(b)]");
}

TEST_F(LibrarySort, Msort) {
  EXPECT_EQ(value("msort([b, a, c, a], X)"), "[a,a,b,c]");
  EXPECT_EQ(value("msort([], X)"), "[]");
  EXPECT_EQ(value("msort([2, 2, 2], X)"), "[2,2,2]");
}

TEST_F(LibrarySort, KeysortIsStable) {
  EXPECT_EQ(value("keysort([b-1, a-2, b-0, a-1], X)"), "[a-2,a-1,b-1,b-0]");
  EXPECT_EQ(value("keysort([], X)"), "[]");
  EXPECT_EQ(value("keysort([k-v], X)"), "[k-v]");
  EXPECT_EQ(error_message("keysort([a-1, b], X)"), "error: no matching clause for $sort_pair_keys/2");
}

TEST_F(LibrarySort, SortOnKeysAndOrders) {
  EXPECT_EQ(value("sort(0, @<, [c, a, b, a], X)"), "[a,b,c]");
  EXPECT_EQ(value("sort(0, @=<, [c, a, b, a], X)"), "[a,a,b,c]");
  EXPECT_EQ(value("sort(0, @>, [c, a, b, a], X)"), "[c,b,a]");
  EXPECT_EQ(value("sort(0, @>=, [c, a, b, a], X)"), "[c,b,a,a]");
  // On an argument: stable; @< and @> keep the first of the elements with equal keys.
  EXPECT_EQ(value("sort(2, @<, [f(a, 2), f(b, 1), f(c, 2)], X)"), "[f(b,1),f(a,2)]");
  EXPECT_EQ(value("sort(2, @>, [f(a, 2), f(b, 1), f(c, 2)], X)"), "[f(a,2),f(b,1)]");
  EXPECT_EQ(value("sort(2, @=<, [f(a, 2), f(b, 1), f(c, 2)], X)"), "[f(b,1),f(a,2),f(c,2)]");
  EXPECT_EQ(value("sort(2, @>=, [f(a, 2), f(b, 1), f(c, 2)], X)"), "[f(a,2),f(c,2),f(b,1)]");
  EXPECT_EQ(value("sort(1, @>=, [1-a, 3-b, 1-c], X)"), "[3-b,1-a,1-c]");
  EXPECT_EQ(error_message("sort(0, up, [b, a], X)"), "error: no matching clause for $sort_order/3");
  EXPECT_EQ(error_message("sort(3, @<, [f(a), f(b)], X)"), "error: arg/3: index 3 out of range");
}

TEST_F(LibrarySort, SortWaitsForItsList) {
  EXPECT_EQ(query("sort([b, a|T], X)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("sort([b, a|T], X), T = [c]"), "[a,b,c]");
  // Elements are compared as far as compare/3 needs them.
  EXPECT_EQ(value("msort([f(Y), e], X), Y = 1"), "[e,f(1)]");
}

TEST_F(LibrarySort, TenThousandIntegersAsStdSort) {
  const auto xs = pseudo_random(10000, 5000);
  auto sorted = xs;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(value("msort(" + list_text(xs) + ", X)"), list_text(sorted));
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  EXPECT_EQ(value("sort(" + list_text(xs) + ", X)"), list_text(sorted));
  auto descending = sorted;
  std::reverse(descending.begin(), descending.end());
  EXPECT_EQ(value("sort(0, @>, " + list_text(xs) + ", X)"), list_text(descending));
}

TEST_F(LibrarySort, KeysortOfTwoThousandPairsAsStdStableSort) {
  const auto keys = pseudo_random(2000, 50);
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  std::string text = "[";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    pairs.emplace_back(keys[i], static_cast<std::int64_t>(i));
    text += (i > 0 ? "," : "") + std::to_string(keys[i]) + "-" + std::to_string(i);
  }
  text += "]";
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string expected = "[";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    expected += (i > 0 ? "," : "") + std::to_string(pairs[i].first) + "-" +
                std::to_string(pairs[i].second);
  }
  expected += "]";
  EXPECT_EQ(value("keysort(" + text + ", X)"), expected);
}

}  // namespace
}  // namespace fleng::kernel
