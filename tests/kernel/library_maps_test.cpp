// lib/maps.fl through Session queries: the ordered map's predicates, missing keys, and a map of
// 10,000 keys checked against std::map and for the AVL balance.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using LibraryMaps = test::SessionTest;

TEST_F(LibraryMaps, PutGetAndLookup) {
  EXPECT_EQ(value("map_new(X)"), "t");
  EXPECT_EQ(value("map_new(M0), map_put(M0, k, v, M), map_get(M, k, X)"), "v");
  EXPECT_EQ(value("list_to_map([b-2, a-1], M), map_get(M, a, X)"), "1");
  EXPECT_EQ(value("list_to_map([a-1], M0), map_put(M0, a, 2, M), map_get(M, a, X)"), "2");
  // Maps are values: the old map is unchanged.
  EXPECT_EQ(value("list_to_map([a-1], M0), map_put(M0, a, 2, M), map_get(M0, a, X)"), "1");
  EXPECT_EQ(value("list_to_map([a-1], M), map_lookup(M, z, none, X)"), "none");
  EXPECT_EQ(value("list_to_map([a-1], M), map_lookup(M, a, none, X)"), "1");
  EXPECT_EQ(value("map_new(M), map_lookup(M, a, 0, X)"), "0");
  // Keys in the standard order: any terms.
  EXPECT_EQ(value("list_to_map([f(x)-1, [1]-2, 3-3, 2.5-4], M), map_get(M, [1], X)"), "2");
}

TEST_F(LibraryMaps, MissingKeyIsAnError) {
  const std::string report = error_report("list_to_map([a-1], M), map_get(M, b, X)");
  EXPECT_NE(report.find("error: map_get/3: key not found"), std::string::npos) << report;
  EXPECT_NE(report.find("lib/maps.fl:"), std::string::npos) << report;
}

TEST_F(LibraryMaps, Conversions) {
  EXPECT_EQ(value("list_to_map([b-2, a-1, c-3], M), map_to_list(M, X)"), "[a-1,b-2,c-3]");
  EXPECT_EQ(value("list_to_map([b-2, a-1, b-3], M), map_to_list(M, X)"), "[a-1,b-3]");
  EXPECT_EQ(value("list_to_map([b-2, a-1], M), map_keys(M, X)"), "[a,b]");
  EXPECT_EQ(value("list_to_map([b-2, a-1], M), map_values(M, X)"), "[1,2]");
  EXPECT_EQ(value("list_to_map([b-2, a-1, b-0], M), map_size(M, X)"), "2");
  EXPECT_EQ(value("map_new(M), map_size(M, X)"), "0");
  EXPECT_EQ(value("map_new(M), map_to_list(M, X)"), "[]");
  EXPECT_EQ(value("list_to_map([], M), map_keys(M, X)"), "[]");
  EXPECT_EQ(error_message("list_to_map([a], M)"), "error: no matching clause for $map_put_all/3");
}

TEST_F(LibraryMaps, WaitsForTheKey) {
  EXPECT_EQ(query("list_to_map([a-1], M), map_put(M, K, 2, M1)").exit_code, kExitDeadlock);
  EXPECT_EQ(value("list_to_map([a-1], M), map_put(M, K, 2, M1), map_keys(M1, X), K = b"), "[a,b]");
}

TEST_F(LibraryMaps, TenThousandKeysAsStdMapAndBalanced) {
  // 10,007 keys in a scrambled order (i * 7919 mod 10007 runs through them all), then 1,993 of
  // them again with new values (the last value of a key counts).
  std::map<std::int64_t, std::int64_t> expected;
  std::string pairs = "[";
  for (std::int64_t i = 0; i < 12000; ++i) {
    const std::int64_t key = i * 7919 % 10007;
    expected[key] = i;
    pairs += (i > 0 ? "," : "") + std::to_string(key) + "-" + std::to_string(i);
  }
  pairs += "]";
  std::string list = "[";
  for (const auto& [k, v] : expected) {
    list += (list.size() > 1 ? "," : "") + std::to_string(k) + "-" + std::to_string(v);
  }
  list += "]";
  ASSERT_EQ(expected.size(), 10007U);
  // An AVL tree: every node's subtrees differ in height by at most one, heights are right.
  ASSERT_TRUE(load(R"(
avl(t, H, B) :- H = 0, B = true.
avl(t(_, _, H0, L, R), H, B) :-
    avl(L, HL, BL), avl(R, HR, BR), max(HL, HR, M), add(M, 1, H),
    sub(HL, HR, D), abs(D, AD), less_eq(AD, 1, B1), equal(H0, H, B2),
    equal([BL, BR, B1, B2], [true, true, true, true], B).
)"));
  const auto r = query("list_to_map(" + pairs + ", M), map_to_list(M, L), map_size(M, N), "
                       "avl(M, H, Balanced), map_get(M, 0, V0)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report.substr(0, 500);
  EXPECT_EQ(binding(r, "L"), list);
  EXPECT_EQ(binding(r, "N"), std::to_string(expected.size()));
  EXPECT_EQ(binding(r, "Balanced"), "true");
  // log2(n + 1) <= height < 1.45 log2(n + 2)
  const int height = std::stoi(binding(r, "H"));
  EXPECT_GE(height, 13);
  EXPECT_LE(height, 19);
  if (expected.contains(0)) {
    EXPECT_EQ(binding(r, "V0"), std::to_string(expected[0]));
  }
}

}  // namespace
}  // namespace fleng::kernel
