// Message aggregation in the simulated NIP (nip.aggregation_window, nip.packet_words): off, every
// message is a packet of its own; on, a program that sends many small goals to one IU sends
// fewer packets than messages, prints the same, and gives the same statistics every run; the
// word limit holds; the keys' domains.
#include <gtest/gtest.h>

#include "../kernel/session_support.hpp"
#include "kernel/sim_machine.hpp"

namespace fleng::kernel {
namespace {

using test::SessionTest;

// spray(N, T, Xs): N goals cell(K, X) sent one after the other to the IU that owns T (any(1)
// picks it), each binding a variable of this IU, so the goals go one way in a stream and the
// bindings come back in another; the sum of the values is the answer.
const char* const kSpray =
    "go(N, S) :- box(T @ any(1)), spray(N, T, Xs), sum(Xs, 0, S).\n"
    "box(_).\n"
    "spray(N, T, Xs) :- less_eq(1, N, C), spray1(C, N, T, Xs).\n"
    "spray1(false, _, _, Xs) :- Xs = [].\n"
    "spray1(true, N, T @ on(1), Xs) :- cell(N, X) @ to(1), Xs = [X | Xs1], N1 is N - 1,\n"
    "    spray(N1, T, Xs1).\n"
    "cell(N, X) :- X = N.\n"
    "sum([], A, S) :- S = A.\n"
    "sum([X | Xs], A, S) :- A1 is A + X, sum(Xs, A1, S).\n";

class AggregationTest : public SessionTest {
 protected:
  void simulate(unsigned ius, std::uint32_t window, std::uint32_t packet_words = 32) {
    test::simulate_on(session(), ius);
    auto& engine = session().engine();
    engine.machine.aggregation_window = window;
    engine.machine.packet_words = packet_words;
  }
  static std::uint64_t u(const nlohmann::json& j, const char* key) {
    return j[key].get<std::uint64_t>();
  }
};

TEST_F(AggregationTest, OffEveryMessageIsAPacket) {
  ASSERT_TRUE(load(std::string(test::kAnnotatedPrimes) + kSpray)) << err.str();
  for (const char* goal : {"primes(300, Ps), count(Ps, 0, C)", "go(200, C)"}) {
    simulate(16, 0);
    const auto r = query(goal);
    ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
    const auto& j = r.sim_statistics;
    EXPECT_GT(u(j, "messages"), 100U) << goal;
    EXPECT_EQ(u(j, "packets"), u(j, "messages")) << goal;
    EXPECT_EQ(u(j, "packet_words_sent"), u(j, "words_sent")) << goal;
    EXPECT_EQ(u(j, "aggregation_window"), 0U);
    for (const auto& iu : j["per_iu"]) EXPECT_EQ(u(iu, "packets"), u(iu, "messages"));
  }
}

TEST_F(AggregationTest, AWindowPacksManySmallGoalsIntoFewerPackets) {
  ASSERT_TRUE(load(kSpray)) << err.str();
  simulate(4, 0);
  const auto off = query("go(300, S)");
  ASSERT_EQ(off.exit_code, kExitSuccess) << off.report;
  EXPECT_EQ(binding(off, "S"), "45150");
  simulate(4, 400);
  const auto on = query("go(300, S)");
  ASSERT_EQ(on.exit_code, kExitSuccess) << on.report;
  EXPECT_EQ(binding(on, "S"), "45150");  // the same answer
  const auto& j = on.sim_statistics;
  EXPECT_EQ(u(j, "aggregation_window"), 400U);
  EXPECT_GE(u(j, "goals_sent"), 300U);
  // The messages are those of the run without aggregation, in fewer packets.
  EXPECT_GE(u(j, "messages"), 600U);  // 300 goals out, 300 bindings back
  EXPECT_LT(u(j, "packets") * 2, u(j, "messages")) << j.dump();
  // Each further message in a packet adds its command word.
  EXPECT_EQ(u(j, "packet_words_sent"), u(j, "words_sent") + u(j, "messages") - u(j, "packets"));
  // One nip.message per packet end instead of per message end.
  EXPECT_LT(u(j, "nip_run_cycles"), u(off.sim_statistics, "nip_run_cycles"));
}

TEST_F(AggregationTest, SameStatisticsEveryRun) {
  ASSERT_TRUE(load(std::string(test::kAnnotatedPrimes) + kSpray)) << err.str();
  for (const char* goal : {"primes(300, Ps), count(Ps, 0, C)", "go(150, C)"}) {
    simulate(16, 100);
    const auto a = query(goal);
    const auto b = query(goal);
    ASSERT_EQ(a.exit_code, kExitSuccess) << a.report;
    EXPECT_EQ(a.sim_statistics.dump(), b.sim_statistics.dump()) << goal;
    EXPECT_EQ(binding(a, "C"), binding(b, "C"));
  }
}

TEST_F(AggregationTest, SameAnswersWithAggregationOnEveryMachine) {
  // Goals, bindings, hooks and wake-ups in packets, with collections while packets wait.
  ASSERT_TRUE(load(test::kAnnotatedPrimes)) << err.str();
  for (const unsigned ius : {2U, 16U, 64U}) {
    for (const bool static_on : {true, false}) {
      simulate(ius, 50);
      session().engine().machine.static_partitioning = static_on;
      session().engine().machine.threshold = 8;
      const auto r = query("primes(1000, Ps), count(Ps, 0, C)");
      ASSERT_EQ(r.exit_code, kExitSuccess) << ius << " " << static_on << " " << r.report;
      EXPECT_EQ(binding(r, "C"), "168") << ius << " IUs, static " << static_on;
      EXPECT_LE(u(r.sim_statistics, "packets"), u(r.sim_statistics, "messages"));
    }
  }
  simulate(4, 200);
  session().engine().machine.heap_cells = std::size_t{1} << 14;
  const auto r = query("primes(1000, Ps), count(Ps, 0, C)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "C"), "168");
  EXPECT_GT(u(r.sim_statistics, "gc_collections"), 5U);
  EXPECT_LT(u(r.sim_statistics, "packets"), u(r.sim_statistics, "messages"));
}

TEST_F(AggregationTest, PacketWordsBoundThePackets) {
  // A goal cell(N, X) is a message of 5 words (docs/machine.md); with packets of at most 11
  // words two go together (5 + 1 + 5), never three: at least half as many packets as goals.
  ASSERT_TRUE(load(kSpray)) << err.str();
  simulate(2, 100000, 11);
  const auto r = query("go(100, S)");
  ASSERT_EQ(r.exit_code, kExitSuccess) << r.report;
  EXPECT_EQ(binding(r, "S"), "5050");
  const auto& iu0 = r.sim_statistics["per_iu"][0];
  const auto& iu1 = r.sim_statistics["per_iu"][1];
  // IU 0 sends the goals (and nothing else goes to IU 1 but them and reads).
  EXPECT_EQ(u(iu0, "goals_sent"), 100U);
  EXPECT_GE(u(iu0, "packets"), 50U);
  // A packet is never longer than its limit.
  EXPECT_EQ(u(iu0, "largest_packet_words"), 11U);
  EXPECT_LE(u(r.sim_statistics, "largest_packet_words"), 11U);
  // Bindings (2 words) back to IU 0: up to three a packet (2 + 3 + 3 = 8; a fourth makes 11).
  EXPECT_GT(u(iu1, "messages"), u(iu1, "packets"));
  // With room for many, far fewer packets.
  simulate(2, 100000, 1000);
  const auto wide = query("go(100, S)");
  EXPECT_EQ(binding(wide, "S"), "5050");
  EXPECT_LT(u(wide.sim_statistics["per_iu"][0], "packets") * 4,
            u(wide.sim_statistics["per_iu"][0], "goals_sent"));
  EXPECT_GT(u(wide.sim_statistics, "largest_packet_words"), 11U);
}

TEST(AggregationKeys, DomainsAndDefaults) {
  MachineDescription m;
  EXPECT_EQ(m.aggregation_window, 0U);  // off: PIE64's NIP did not aggregate
  EXPECT_EQ(m.packet_words, 32U);
  m.set("nip.aggregation_window=40");
  m.set("nip.packet_words=64");
  EXPECT_EQ(m.aggregation_window, 40U);
  EXPECT_EQ(m.packet_words, 64U);
  EXPECT_EQ(m.to_json()["nip.aggregation_window"], 40U);
  auto message = [&](const std::string& assignment) -> std::string {
    try {
      m.set(assignment);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(message("nip.aggregation_window=-1"),
            "machine key 'nip.aggregation_window': -1 is out of its domain (an integer from 0 "
            "to 1000000)");
  EXPECT_EQ(message("nip.packet_words=0"),
            "machine key 'nip.packet_words': 0 is out of its domain (an integer from 1 to 65536)");
  EXPECT_EQ(message("nip.aggregation_window=2.5"),
            "machine key 'nip.aggregation_window': 2.5 is out of its domain (an integer from 0 "
            "to 1000000)");
  EXPECT_EQ(message("nip.packet_words=many"),
            "machine key 'nip.packet_words': \"many\" is out of its domain (an integer from 1 to "
            "65536)");
  EXPECT_EQ(m.aggregation_window, 40U);  // rejected values change nothing
  EXPECT_EQ(m.packet_words, 64U);
}

}  // namespace
}  // namespace fleng::kernel
