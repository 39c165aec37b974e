// The HTML report's structure: one page with every part in order (conclusions, figures, the
// results table, how it was run), each figure inline with ids of its own, every CSV row and
// column in the table, text escaped, and nothing loaded from outside the page.
#include "sweep/sweep_report.hpp"

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The start of what gnuplot's svg terminal writes, ids in both quote styles.
const char* kSvg =
    "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
    "<svg width=\"300\" height=\"200\" viewBox=\"0 0 300 200\" xmlns=\"http://www.w3.org/2000/svg\" "
    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n<g id=\"gnuplot_canvas\"><defs>"
    "<path id='gpPt0' d='M-1,0 h2'/></defs><use xlink:href='#gpPt0' x='5' y='5'/>"
    "<rect fill=\"url(#grad)\" width=\"1\" height=\"1\"/></g></svg>\n";

ReportInput input() {
  ReportInput in;
  in.title = "primes_annotated.fl run(300)";
  in.command_line = "build/fleng sweep examples/primes_annotated.fl -g 'run(300)' --ius 1,4";
  in.made = "2026-11-25 12:00 UTC";
  in.host = "2 x Some CPU";
  in.machine = nlohmann::json{{"ius", 64}, {"network", "multistage"}};
  in.swept = {"ius=1,4", "static=off,on"};
  in.table.header = {"ius", "static", "makespan_cycles", "error", "exit_code"};
  in.table.rows = {{"1", "off", "300", "", "0"},
                   {"4", "off", "120", "", "0"},
                   {"4", "on", "", "deadlock: <2 goals> & more", "2"}};
  in.parameter_count = 2;
  in.figures = {{"4 IUs", kSvg}, {"Makespan", kSvg}};
  PaperCheck check{"(a) static <partitioning>", "on below off"};
  check.verdict = Verdict::Partly;
  check.hits = 1;
  check.total = 2;
  check.details = {"4 IUs: 0.5"};
  in.checks = {check};
  return in;
}

TEST(SweepReport, OnePageWithEveryPartInOrder) {
  const auto page = report_html(input());
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">")) << page.substr(0, 60);
  EXPECT_TRUE(page.ends_with("</html>\n"));
  EXPECT_EQ(count(page, "<meta charset=\"utf-8\">"), 1U);
  const auto conclusions = page.find("id=\"conclusions\"");
  const auto figures = page.find("id=\"figures\"");
  const auto results = page.find("id=\"results\"");
  const auto how = page.find("id=\"how\"");
  ASSERT_NE(conclusions, std::string::npos);
  EXPECT_LT(conclusions, figures);
  EXPECT_LT(figures, results);
  EXPECT_LT(results, how);
  EXPECT_NE(page.find("3 configurations (1 failed), swept over ius=1,4; static=off,on"), std::string::npos);
}

TEST(SweepReport, FiguresAreInlineWithIdsOfTheirOwn) {
  const auto page = report_html(input());
  EXPECT_EQ(count(page, "<svg"), 2U);
  EXPECT_EQ(count(page, "<figure id=\"figure-"), 2U);
  EXPECT_EQ(page.find("<?xml"), std::string::npos);
  EXPECT_EQ(count(page, "id=\"f1-gnuplot_canvas\""), 1U);
  EXPECT_EQ(count(page, "id='f2-gpPt0'"), 1U);
  EXPECT_EQ(count(page, "xlink:href='#f2-gpPt0'"), 1U);
  EXPECT_EQ(count(page, "url(#f1-grad)"), 1U);
  EXPECT_EQ(count(page, "id='gpPt0'"), 0U);  // no id is left unprefixed
  EXPECT_NE(page.find("<figcaption>Figure 2: Makespan</figcaption>"), std::string::npos);
}

TEST(SweepReport, TheResultsTableHasEveryRowAndColumnEscaped) {
  const auto page = report_html(input());
  const auto table = page.substr(page.find("<table class=\"results\""));
  const auto body = table.substr(0, table.find("</table>"));
  EXPECT_EQ(count(body, "<th>"), 5U);
  EXPECT_EQ(count(body, "<tr>") + count(body, "<tr class=\"failed\">"), 4U);  // header + 3 rows
  EXPECT_EQ(count(body, "<tr class=\"failed\">"), 1U);
  EXPECT_NE(body.find("<td>deadlock: &lt;2 goals&gt; &amp; more</td>"), std::string::npos);
  EXPECT_NE(page.find("<td>(a) static &lt;partitioning&gt;</td>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"verdict\">partly (1 of 2)</td>"), std::string::npos);
  EXPECT_NE(page.find("--ius 1,4</pre>"), std::string::npos);
  EXPECT_NE(page.find("-g &#39;run(300)&#39;"), std::string::npos);
  EXPECT_NE(page.find("&quot;network&quot;: &quot;multistage&quot;"), std::string::npos);
  EXPECT_NE(page.find("<pre id=\"host\">2 x Some CPU</pre>"), std::string::npos);
}

TEST(SweepReport, NothingIsLoadedFromElsewhere) {
  const auto page = report_html(input());
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("@import"), std::string::npos);
  // The only addresses are the SVG namespaces, which name, not load.
  std::size_t addresses = count(page, "http://") + count(page, "https://");
  EXPECT_EQ(addresses, count(page, "http://www.w3.org/"));
  EXPECT_EQ(count(page, "<script>"), 1U);
  EXPECT_NE(page.find("data-sortable"), std::string::npos);
}

TEST(SweepReport, ACommandLineIsQuotedForTheShell) {
  const char* argv[] = {"build/fleng", "sweep", "x.fl", "-g", "run(300)", "--set", "a=b c", "it's"};
  EXPECT_EQ(shell_command_line(8, argv),
            "build/fleng sweep x.fl -g 'run(300)' --set 'a=b c' 'it'\\''s'");
}

}  // namespace
}  // namespace fleng::sweep
