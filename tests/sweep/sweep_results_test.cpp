// Result rows: parameters first, then the statistics under their --stats=json names, then the
// outcome; and the progress line.
#include "sweep/sweep_results.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "sweep/progress.hpp"

namespace fleng::sweep {
namespace {

nlohmann::json statistics() {
  return nlohmann::json{{"ius", 4},          {"static", "on"},
                        {"reductions", 120}, {"suspension_rate", 0.25},
                        {"per_iu", {{{"reductions", 60}}, {{"reductions", 60}}}},
                        {"network", {{"model", "multistage"}}}};
}

TEST(SweepResults, HeaderPutsParametersFirstAndLeavesArraysOut) {
  const auto header = results_header({"ius", "threshold"}, statistics());
  EXPECT_EQ(header, (CsvRow{"ius", "threshold", "network.model", "reductions", "static",
                            "suspension_rate", "exit_code", "error", "output_bytes",
                            "output_fnv1a"}));
}

TEST(SweepResults, RowFollowsTheHeader) {
  const auto header = results_header({"ius", "threshold"}, statistics());
  ConfigurationResult result;
  result.statistics = statistics();
  result.output = "430\n";
  const auto row = results_row(header, {"4", "8"}, result);
  EXPECT_EQ(row, (CsvRow{"4", "8", "multistage", "120", "on", "0.25", "0", "", "4",
                         output_digest("430\n")}));
  // A failed run without statistics still has its row, with the reason.
  ConfigurationResult failed;
  failed.exit_code = 1;
  failed.error = "p.fl:2:1: error: no matching clause";
  const auto bad = results_row(header, {"4", "1"}, failed);
  EXPECT_EQ(bad[3], "");
  EXPECT_EQ(bad[6], "1");
  EXPECT_EQ(bad[7], "p.fl:2:1: error: no matching clause");
}

TEST(SweepResults, RowAsJsonHasNumbersAsNumbers) {
  const CsvRow header = {"ius", "static", "reductions", "suspension_rate", "exit_code", "error",
                         "output_bytes", "output_fnv1a"};
  const CsvRow row = {"4", "on", "120", "0.25", "0", "", "4", "0000000000000001"};
  const auto json = row_to_json(header, row, 2);
  EXPECT_EQ(json["parameters"]["ius"], 4);
  EXPECT_EQ(json["parameters"]["static"], "on");
  EXPECT_EQ(json["statistics"]["reductions"], 120);
  EXPECT_DOUBLE_EQ(json["statistics"]["suspension_rate"].get<double>(), 0.25);
  EXPECT_EQ(json["exit_code"], 0);
  EXPECT_EQ(json["output_fnv1a"], "0000000000000001");
}

TEST(SweepResults, DigestIsFnv1a) {
  EXPECT_EQ(output_digest(""), "cbf29ce484222325");
  EXPECT_EQ(output_digest("a"), "af63dc4c8601ec8c");
}

TEST(Progress, BarLine) {
  EXPECT_EQ(Progress::bar_line(0, 4, 0, 8), "[........] 0/4 configurations, 0.0s elapsed, ~? remaining");
  EXPECT_EQ(Progress::bar_line(1, 4, 2.0, 8),
            "[##......] 1/4 configurations, 2.0s elapsed, ~6.0s remaining");
  EXPECT_EQ(Progress::bar_line(4, 4, 90, 8),
            "[########] 4/4 configurations, 1m30s elapsed, ~0.0s remaining");
  EXPECT_EQ(format_duration(7300), "2h01m");
}

TEST(Progress, RedrawsOneLineOnATerminalAndPrintsLinesOtherwise) {
  std::ostringstream terminal;
  Progress bar(terminal, true, 2);
  bar.finished("ius=4: ok", false);
  bar.finished("ius=16: exit 1 error: x", true);
  bar.close();
  const std::string t = terminal.str();
  EXPECT_EQ(t.find('\r'), 0U);  // redrawn in place
  EXPECT_NE(t.find("2/2 configurations"), std::string::npos);
  EXPECT_NE(t.find("failed: ius=16: exit 1 error: x\n"), std::string::npos);  // kept visible
  EXPECT_EQ(t.back(), '\n');

  std::ostringstream log;
  Progress lines(log, false, 2);
  lines.finished("ius=4: ok", false);
  lines.close();
  EXPECT_EQ(log.str().find('\r'), std::string::npos);
  EXPECT_EQ(log.str().rfind("sweep: 1/2 ius=4: ok (", 0), 0U);
}

}  // namespace
}  // namespace fleng::sweep
