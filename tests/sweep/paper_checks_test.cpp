// The paper's conclusions checked in C++ give the verdicts and numbers that bench/pie64_summary.py
// gives on the same CSV (bench/results/pie64/primes.csv, the evaluation's primes sweep), and a
// sweep that lacks what a check needs says so instead of guessing.
#include "sweep/paper_checks.hpp"

#include <algorithm>
#include <stdexcept>

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

const PaperCheck& named(const std::vector<PaperCheck>& checks, const std::string& start) {
  const auto it = std::find_if(checks.begin(), checks.end(),
                               [&](const PaperCheck& c) { return c.name.starts_with(start); });
  if (it == checks.end()) throw std::runtime_error("no check " + start);
  return *it;
}

bool has_line(const PaperCheck& check, const std::string& line) {
  return std::find(check.details.begin(), check.details.end(), line) != check.details.end();
}

TEST(PaperChecks, AgreeWithTheEvaluationSummaryOnThePrimesSweep) {
  const auto table = read_csv_file(std::string(FLENG_SOURCE_DIR) + "/bench/results/pie64/primes.csv");
  const auto checks = check_paper_conclusions(table, 3);
  const auto& a = named(checks, "(a)");
  EXPECT_EQ(a.verdict, Verdict::Partly);
  EXPECT_EQ(verdict_text(a), "partly (35 of 36)");
  EXPECT_TRUE(has_line(a, "4 IUs: both lower at 11 of 12 thresholds; on/off stall 0.72-1.04, NIP 0.56-0.97"));
  const auto& b = named(checks, "(b)");
  EXPECT_EQ(verdict_text(b), "partly (3 of 6)");
  EXPECT_TRUE(has_line(b, "4 IUs static off: threshold 1/128 stall 0.45, NIP 0.33"));
  const auto& c = named(checks, "(c)");
  EXPECT_EQ(c.verdict, Verdict::Fails);
  EXPECT_TRUE(has_line(c, "4 IUs: suspension rate 0.042 at threshold 1, 0.406 at 128; UNIRED run 1/128 0.48"));
  const auto& d = named(checks, "(d)");
  EXPECT_EQ(d.verdict, Verdict::Holds);
  EXPECT_TRUE(has_line(d, "static off: spread 4 IUs 61%, 16 IUs 0%, 64 IUs 0%"));
  const auto& e = named(checks, "(e)");
  EXPECT_EQ(e.verdict, Verdict::Fails);
  EXPECT_TRUE(has_line(e, "saving of static on over off in stall+NIP: 4 IUs +26%, 16 IUs +36%, 64 IUs +19%"));
  // Makespan (docs/evaluation-pie64.md's table): static off 3.29 M at threshold 1 on 4 IUs,
  // 7.32 M at 32; threshold 128 is not the worst, so (f) compares with it.
  const auto& f = named(checks, "(f)");
  EXPECT_EQ(verdict_text(f), "partly (1 of 3)");
  EXPECT_NE(f.details.front().find("3.29 M cycles at threshold 1"), std::string::npos) << f.details.front();
  const auto& g = named(checks, "(g)");
  EXPECT_EQ(verdict_text(g), "partly (2 of 3)");  // static on loses on 4 IUs (4.66 M against 3.29 M)
  const auto& best = named(checks, "Best thresholds");
  EXPECT_EQ(best.verdict, Verdict::Information);
  EXPECT_TRUE(std::any_of(best.details.begin(), best.details.end(), [](const std::string& line) {
    return line.starts_with("64 IUs static off: every threshold");
  }));
}

CsvTable small(const std::vector<std::string>& statics) {
  CsvTable t;
  t.header = {"ius", "static", "threshold", "unired_run_cycles", "unired_stall_cycles",
              "nip_run_cycles", "suspension_rate", "makespan_cycles", "exit_code"};
  for (const char* ius : {"4", "16"}) {
    for (const auto& st : statics) {
      for (const char* threshold : {"1", "128"}) {
        const bool on = st == "on";
        const bool low = std::string(threshold) == "1";
        const char* nip = on ? (low ? "40" : "250") : (low ? "50" : "300");
        t.rows.push_back({ius, st, threshold, "1000", on ? "100" : "200", nip,
                          low ? "0.2" : "0.1", low ? "900" : "1000", "0"});
      }
    }
  }
  return t;
}

TEST(PaperChecks, DecidedFromTheNumbersGiven) {
  const auto checks = check_paper_conclusions(small({"off", "on"}), 3);
  EXPECT_EQ(named(checks, "(a)").verdict, Verdict::Holds);  // stall 100 < 200, NIP 40 < 50, 250 < 300
  EXPECT_EQ(named(checks, "(b)").verdict, Verdict::Fails);  // stall equal at both thresholds
  EXPECT_EQ(named(checks, "(c)").verdict, Verdict::Fails);  // UNIRED run equal
  EXPECT_EQ(named(checks, "(f)").verdict, Verdict::Holds);  // 900 against 1000
  EXPECT_EQ(named(checks, "(g)").verdict, Verdict::Fails);  // same makespans
}

TEST(PaperChecks, WhatASweepLacksIsNotChecked) {
  const auto checks = check_paper_conclusions(small({"on"}), 3);
  const auto& a = named(checks, "(a)");
  EXPECT_EQ(a.verdict, Verdict::NotChecked);
  EXPECT_EQ(verdict_text(a), "not checked");
  EXPECT_EQ(a.details, std::vector<std::string>{"needs static off and on (--static off,on)"});
  EXPECT_EQ(named(checks, "(b)").verdict, Verdict::Fails);  // thresholds are there

  CsvTable no_stats;
  no_stats.header = {"ius", "exit_code"};
  const auto none = check_paper_conclusions(no_stats, 1);
  ASSERT_EQ(none.size(), 1U);
  EXPECT_EQ(none[0].verdict, Verdict::NotChecked);
  EXPECT_EQ(none[0].details[0], "the results have no column unired_run_cycles, unired_stall_cycles, "
                                "nip_run_cycles, suspension_rate, makespan_cycles, static, threshold");
}

TEST(PaperChecks, FailedRowsAreLeftOutAndOtherParametersCheckedApart) {
  auto t = small({"off", "on"});
  t.header.insert(t.header.begin() + 3, "set.mp.fifo_period");
  for (auto& row : t.rows) row.insert(row.begin() + 3, "8");
  auto more = t.rows;
  for (auto& row : more) row[3] = "1";
  t.rows.insert(t.rows.end(), more.begin(), more.end());
  t.rows.push_back({"64", "on", "1", "8", "", "", "", "", "", "1"});  // failed: no 64-IU case
  const auto checks = check_paper_conclusions(t, 4);
  EXPECT_EQ(named(checks, "(a) static partitioning reduces UNIRED stall and NIP time [set.mp.fifo_period=8]").total, 4);
  EXPECT_EQ(named(checks, "(a) static partitioning reduces UNIRED stall and NIP time [set.mp.fifo_period=1]").total, 4);
}

}  // namespace
}  // namespace fleng::sweep
