// Memory on the threads engine: objects larger than an IU's initial heap (its heap grows in
// place in the middle of a reduction, where it cannot be collected); a limit that is really too
// small is an error naming --heap and the limit; collection work grows linearly with the data
// when one IU holds much live data and another allocates fast (the heaps grow in place within
// a budget of the live data, instead of every small heap's fill collecting everything).
// Resident memory of idle IUs: tests/app/threads_memory_test.cpp (a process of its own).
#include <cstdint>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

class ThreadsMemoryTest : public test::SessionTest {
 protected:
  void threads(unsigned workers, unsigned ius) {
    auto& engine = session().engine();
    engine.simulated = false;
    engine.threads = true;
    engine.workers = workers;
    engine.machine.ius = ius;
  }
};

// Heaps of 512 KiB at first, 128 MiB at most; more IUs than workers, so they start small.
TEST_F(ThreadsMemoryTest, ObjectsLargerThanTheInitialHeapAreMade) {
  reopen(test::test_options(std::size_t{1} << 24, std::size_t{1} << 16));
  const std::string literal(100000, 'x');
  ASSERT_TRUE(load("big(S) :- S = \"" + literal + "\".\n")) << err.str();
  for (const unsigned workers : {1U, 2U}) {
    threads(workers, 4);
    EXPECT_EQ(value("new_vector(300000, 0, V), vector_size(V, X)"), "300000") << workers;
    EXPECT_EQ(value("numlist(1, 300000, L), list_to_tuple(L, T), arg(300000, T, X)"), "300000")
        << workers;
    EXPECT_EQ(value("big(S), length(S, X)"), "100000") << workers;
  }
}

TEST_F(ThreadsMemoryTest, AHeapLimitTooSmallIsAnErrorNamingTheOptionAndTheLimit) {
  reopen(test::test_options(std::size_t{1} << 17, std::size_t{1} << 14));  // 1 MiB
  ASSERT_TRUE(load("grow(N, L) :- add(N, 1, N1), grow(N1, [N|L]).\n")) << err.str();
  threads(2, 4);
  // One object larger than the limit (made in the middle of a reduction).
  const std::string vector = error_report("new_vector(300000, 0, V)");
  EXPECT_NE(vector.find("exhausted"), std::string::npos) << vector;
  EXPECT_NE(vector.find("the limit is 1.0 MiB (--heap MiB, or --set heap_cells=N)"), std::string::npos) << vector;
  // Live data that outgrows the limit (found by a collection).
  const std::string list = error_report("grow(0, [])");
  EXPECT_NE(list.find("exhausted"), std::string::npos) << list;
  EXPECT_NE(list.find("the limit is 1.00 MiB (--heap MiB, or --set heap_cells=N)"), std::string::npos) << list;
}

// One IU builds a list of N cells (all live until the end), another allocates 4N small
// structures that die at once. The cells copied by all collections together grow about like N
// (linear: 4x for 4x the data), where they grew like N squared while a small heap that filled
// up collected every heap (16x). Counted, not timed.
TEST_F(ThreadsMemoryTest, CollectionWorkGrowsLinearlyWithTheData) {
  reopen(test::test_options(std::size_t{1} << 24, std::size_t{1} << 16));
  ASSERT_TRUE(load(R"(
run(N, K) :- mul(N, 4, M), mk(N, [], L), churn(M) @ any(1), length(L, K).
mk(N, A, L) :- less(0, N, C), mk1(C, N, A, L).
mk1(true, N, A, L) :- sub(N, 1, N1), mk(N1, [N|A], L).
mk1(false, _, A, L) :- L = A.
churn(N) :- less(0, N, C), churn1(C, N).
churn1(true, N) :- sub(N, 1, N1), X = f(N, N1, N), churn2(X, N1).
churn1(false, _).
churn2(f(_, N1, _), N) :- churn(N1).
)")) << err.str();
  threads(1, 2);
  auto copied = [&](unsigned n) {
    const auto r = query("run(" + std::to_string(n) + ", K)");
    EXPECT_EQ(r.exit_code, kExitSuccess) << r.report;
    EXPECT_EQ(binding(r, "K"), std::to_string(n));
    std::uint64_t bytes = 0;
    for (const auto& iu : r.sim_statistics["per_iu"]) bytes += iu["gc_copied_bytes"].get<std::uint64_t>();
    return bytes;
  };
  const std::uint64_t small = copied(100000);
  const std::uint64_t large = copied(400000);
  ASSERT_GT(small, 0U);
  EXPECT_LT(large, small * 7) << small << " bytes copied for 100000 cells, " << large
                              << " for 400000";
}

}  // namespace
}  // namespace fleng::kernel
