// The gnuplot script of a sweep: one figure per IU count with static off left of static on,
// data for every successful configuration, failed ones left out, missing columns reported.
#include "sweep/sweep_plot.hpp"

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

CsvTable table() {
  CsvTable t;
  t.header = {"ius", "static", "threshold", "makespan_cycles", "nip_run_cycles",
              "suspension_rate", "unired_run_cycles", "unired_stall_cycles", "exit_code"};
  for (const char* ius : {"4", "16"}) {
    for (const char* st : {"on", "off"}) {
      for (const char* threshold : {"128", "1"}) {
        t.rows.push_back({ius, st, threshold, "2000000", "300000", "0.5", "1000000", "500000", "0"});
      }
    }
  }
  t.rows.push_back({"64", "on", "1", "", "", "", "", "", "1"});  // failed: not drawn
  return t;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(SweepPlot, OneFigurePerIuCountInThePapersLayout) {
  const auto script = plot_script(table(), 3, "out/r.svg", "primes.fl run(3000)");
  EXPECT_EQ(count(script, " << EOD"), 4U);  // 2 IU counts x static off/on
  EXPECT_NE(script.find("set output \"out/r-4ius.svg\""), std::string::npos);
  EXPECT_NE(script.find("set output \"out/r-16ius.png\""), std::string::npos);
  EXPECT_NE(script.find("set output \"out/r.svg\""), std::string::npos);
  EXPECT_EQ(script.find("r-64ius"), std::string::npos);
  EXPECT_NE(script.find("set logscale x 2"), std::string::npos);
  // Static off is drawn first (left column), as in the paper.
  EXPECT_LT(script.find("set title \"static off\""), script.find("set title \"static on\""));
  // Thresholds in increasing order, values in millions of cycles.
  EXPECT_NE(script.find("1 1 0.5 0.3 0.5 2\n128 1 0.5 0.3 0.5 2\n"), std::string::npos);
  EXPECT_EQ(count(script, "set multiplot layout 4,2"), 4U);  // 2 IU counts x svg/png
}

TEST(SweepPlot, OtherSweptParametersBecomeLabelledLines) {
  CsvTable t = table();
  t.header.insert(t.header.begin() + 3, "set.network.copies");
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    t.rows[r].insert(t.rows[r].begin() + 3, r % 2 == 0 ? "1" : "2");
  }
  const auto script = plot_script(t, 4, "r.svg", "t");
  EXPECT_NE(script.find("title \"set.network.copies=1\""), std::string::npos);
  EXPECT_NE(script.find("title \"set.network.copies=2\""), std::string::npos);
}

TEST(SweepPlot, MissingColumnIsAnError) {
  CsvTable t = table();
  t.header[3] = "something_else";
  try {
    (void)plot_script(t, 3, "r.svg", "t");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "the results have no column 'makespan_cycles'");
  }
}

}  // namespace
}  // namespace fleng::sweep
