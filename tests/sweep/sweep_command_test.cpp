// `fleng sweep` as a user runs it: the CSV's shape, the same bytes whatever the number of host
// threads, the seed of the random builtins, --resume running only what is missing, a failing
// configuration in its row, the JSON results, the figures, and the errors for bad options.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sweep/configuration_run.hpp"
#include "sweep/csv.hpp"
#include "../support/file_text.hpp"

namespace fleng::sweep {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

Outcome fleng(const std::string& arguments) {
  const std::string command =
      std::string("cd ") + FLENG_SOURCE_DIR + " && " + FLENG_BINARY + " " + arguments + " 2>&1";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return outcome;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) outcome.output.append(buffer, n);
  const int status = pclose(pipe);
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

std::string slurp(const std::filesystem::path& path) { return fleng::test::file_text(path); }

class SweepCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fleng-sweep-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
            "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string small_sweep() {
    return "sweep examples/primes_annotated.fl -g 'run(300)' --ius 1,4 --static off,on "
           "--thresholds 1,128";
  }
  fs::path dir_;
};

TEST_F(SweepCommand, OneRowPerConfigurationInPlanOrder) {
  const auto run = fleng(small_sweep() + " -o " + path("r.csv"));
  ASSERT_EQ(run.status, 0) << run.output;
  const auto table = read_csv_file(path("r.csv"));
  ASSERT_GE(table.header.size(), 10U);
  EXPECT_EQ(table.header[0], "ius");
  EXPECT_EQ(table.header[1], "static");
  EXPECT_EQ(table.header[2], "threshold");
  for (const char* column : {"unired_run_cycles", "unired_stall_cycles", "nip_run_cycles",
                             "suspension_rate", "makespan_cycles", "remote_reads", "exit_code",
                             "error", "output_fnv1a"}) {
    EXPECT_GE(table.column(column), 0) << column;
  }
  EXPECT_LT(table.column("ius"), 1);  // the parameter, not repeated among the statistics
  ASSERT_EQ(table.rows.size(), 8U);
  const std::vector<std::string> first = {"1", "off", "1"};
  EXPECT_EQ(std::vector<std::string>(table.rows[0].begin(), table.rows[0].begin() + 3), first);
  const std::vector<std::string> last = {"4", "on", "128"};
  EXPECT_EQ(std::vector<std::string>(table.rows[7].begin(), table.rows[7].begin() + 3), last);
  const auto digest = static_cast<std::size_t>(table.column("output_fnv1a"));
  const auto exit_code = static_cast<std::size_t>(table.column("exit_code"));
  for (const auto& row : table.rows) {
    EXPECT_EQ(row[exit_code], "0");
    EXPECT_EQ(row[digest], table.rows[0][digest]);  // the same answer (62 primes) everywhere
  }
  // A row is the same simulation as `fleng run` with those options.
  const auto single = fleng(
      "run examples/primes_annotated.fl -g 'run(300)' --engine sim --ius 4 --static off "
      "--threshold 1 "
      "--stats=json");
  ASSERT_EQ(single.status, 0);
  const auto stats = nlohmann::json::parse(single.output.substr(single.output.find('{')));
  const auto makespan = static_cast<std::size_t>(table.column("makespan_cycles"));
  EXPECT_EQ(table.rows[4][makespan], std::to_string(stats["makespan_cycles"].get<std::uint64_t>()));
}

TEST_F(SweepCommand, TheSeedGivesTheSameRandomNumbersOnEveryConfiguration) {
  const std::string sweep =
      "sweep examples/montecarlo_pi.fl -g 'run(500)' --ius 1,4 --static off,on --thresholds 8 ";
  ASSERT_EQ(fleng(sweep + "--seed 5 -o " + path("five.csv")).status, 0);
  ASSERT_EQ(fleng(sweep + "--seed 6 -o " + path("six.csv")).status, 0);
  const auto five = read_csv_file(path("five.csv"));
  const auto six = read_csv_file(path("six.csv"));
  const auto digest = static_cast<std::size_t>(five.column("output_fnv1a"));
  ASSERT_EQ(five.rows.size(), 4U);
  for (const auto& row : five.rows) EXPECT_EQ(row[digest], five.rows[0][digest]);
  for (const auto& row : six.rows) EXPECT_EQ(row[digest], six.rows[0][digest]);
  EXPECT_NE(five.rows[0][digest], six.rows[0][digest]);  // another seed, another estimate
  // The same numbers as `fleng run` on the local engine with that seed.
  const auto local = fleng("run examples/montecarlo_pi.fl -g 'run(500)' --engine local --seed 5");
  ASSERT_EQ(local.status, 0);
  EXPECT_EQ(five.rows[0][digest], output_digest(local.output));
  EXPECT_EQ(fleng(sweep + "--seed -1 -o " + path("bad.csv")).status, 1);
}

TEST_F(SweepCommand, SameBytesWhateverTheThreads) {
  ASSERT_EQ(fleng(small_sweep() + " -j 1 -o " + path("one.csv")).status, 0);
  ASSERT_EQ(fleng(small_sweep() + " -j 2 -o " + path("two.csv")).status, 0);
  EXPECT_EQ(slurp(path("one.csv")), slurp(path("two.csv")));
}

TEST_F(SweepCommand, ResumeRunsOnlyTheMissingConfigurations) {
  ASSERT_EQ(fleng(small_sweep() + " -o " + path("full.csv")).status, 0);
  const auto full = slurp(path("full.csv"));
  // Keep the header and three rows, out of order, as an interrupted sweep leaves them.
  auto table = read_csv_file(path("full.csv"));
  {
    std::ofstream out(path("part.csv"), std::ios::binary);
    out << csv_line(table.header) << csv_line(table.rows[6]) << csv_line(table.rows[0])
        << csv_line(table.rows[3]);
  }
  const auto resumed = fleng(small_sweep() + " --resume -o " + path("part.csv"));
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("3 of 8 configurations already in"), std::string::npos)
      << resumed.output;
  EXPECT_NE(resumed.output.find("sweep: 5 configurations run"), std::string::npos)
      << resumed.output;
  EXPECT_EQ(slurp(path("part.csv")), full);
  // Everything there: nothing runs.
  const auto again = fleng(small_sweep() + " --resume -o " + path("part.csv"));
  EXPECT_NE(again.output.find("sweep: 0 configurations run"), std::string::npos) << again.output;
  EXPECT_EQ(slurp(path("part.csv")), full);
  // Without --resume the file is replaced.
  ASSERT_EQ(fleng(small_sweep() + " -o " + path("part.csv")).status, 0);
  EXPECT_EQ(slurp(path("part.csv")), full);
}

TEST_F(SweepCommand, ResumeRefusesAFileOfAnotherSweep) {
  ASSERT_EQ(fleng(small_sweep() + " -o " + path("r.csv")).status, 0);
  const auto other = fleng("sweep examples/primes_annotated.fl -g 'run(300)' --thresholds 1,2 "
                           "--resume -o " + path("r.csv"));
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.output.find("does not start with the columns of this sweep (threshold)"),
            std::string::npos)
      << other.output;
}

TEST_F(SweepCommand, AFailingConfigurationIsReportedInItsRow) {
  const auto run = fleng("sweep examples/primes_annotated.fl -g 'run(300)' --ius 2 "
                         "--sweep set.heap_cells=4096,100000 -o " + path("r.csv"));
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.output.find("2 configurations run"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("1 failed"), std::string::npos) << run.output;
  const auto table = read_csv_file(path("r.csv"));
  ASSERT_EQ(table.rows.size(), 2U);
  const auto exit_code = static_cast<std::size_t>(table.column("exit_code"));
  const auto error = static_cast<std::size_t>(table.column("error"));
  EXPECT_EQ(table.rows[0][exit_code], "1");
  EXPECT_NE(table.rows[0][error].find("heap of IU"), std::string::npos) << table.rows[0][error];
  EXPECT_EQ(table.rows[1][exit_code], "0");
  EXPECT_EQ(table.rows[1][error], "");
}

TEST_F(SweepCommand, JsonHasEveryConfigurationWithItsPerIuFigures) {
  ASSERT_EQ(fleng(small_sweep() + " -o " + path("r.csv") + " --json " + path("r.json")).status, 0);
  std::ifstream in(path("r.json"));
  const auto json = nlohmann::json::parse(in);
  EXPECT_EQ(json["parameters"], (nlohmann::json{"ius", "static", "threshold"}));
  ASSERT_EQ(json["results"].size(), 8U);
  const auto& last = json["results"][7];
  EXPECT_EQ(last["parameters"]["ius"], 4);
  EXPECT_EQ(last["parameters"]["static"], "on");
  EXPECT_EQ(last["statistics"]["per_iu"].size(), 4U);
  EXPECT_EQ(last["output"], "62\n");
  EXPECT_EQ(last["exit_code"], 0);
}

TEST_F(SweepCommand, PlotsTheFigures) {
  const auto run = fleng(small_sweep() + " -o " + path("r.csv") + " --plot " + path("fig.svg"));
  ASSERT_EQ(run.status, 0) << run.output;
  for (const char* name : {"fig-1ius.svg", "fig-1ius.png", "fig-4ius.svg", "fig-4ius.png",
                           "fig.svg", "fig.png", "fig.gp"}) {
    ASSERT_TRUE(fs::exists(path(name))) << name;
    EXPECT_GT(fs::file_size(path(name)), 1000U) << name;
  }
  EXPECT_NE(slurp(path("fig-4ius.svg")).find("<svg"), std::string::npos);
  EXPECT_EQ(slurp(path("fig.png")).substr(1, 3), "PNG");
}

// --report: one HTML page with a figure per IU count and the makespan's, every configuration
// in the table, the paper's checks, the command as typed; gnuplot's files do not stay behind.
TEST_F(SweepCommand, WritesTheHtmlReport) {
  const auto run = fleng(small_sweep() + " -o " + path("r.csv") + " --report " + path("r.html"));
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("sweep: wrote " + path("r.html")), std::string::npos) << run.output;
  const auto page = slurp(path("r.html"));
  std::size_t svgs = 0;
  for (auto at = page.find("<svg"); at != std::string::npos; at = page.find("<svg", at + 1)) ++svgs;
  EXPECT_EQ(svgs, 3U);  // 1 IU, 4 IUs, makespan
  const auto table = read_csv_file(path("r.csv"));
  std::size_t rows = 0;
  for (auto at = page.find("<tr><td>"); at != std::string::npos; at = page.find("<tr><td>", at + 1)) ++rows;
  EXPECT_EQ(rows, table.rows.size());
  EXPECT_NE(page.find("(a) static partitioning reduces UNIRED stall and NIP time"), std::string::npos);
  EXPECT_NE(page.find("--thresholds 1,128 -o " + path("r.csv") + " --report " + path("r.html") + "</pre>"),
            std::string::npos);
  EXPECT_NE(page.find("-g &#39;run(300)&#39;"), std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 2);  // r.csv, r.html
}

TEST_F(SweepCommand, BadOptionsAndProgramsStopBeforeRunning) {
  const auto bad_name = fleng("sweep examples/primes.fl --sweep speed=1,2 -o " + path("r.csv"));
  EXPECT_EQ(bad_name.status, 1);
  EXPECT_NE(bad_name.output.find("cannot sweep 'speed'"), std::string::npos) << bad_name.output;
  const auto bad_value = fleng("sweep examples/primes.fl --ius 4,0 -o " + path("r.csv"));
  EXPECT_EQ(bad_value.status, 1);
  EXPECT_NE(bad_value.output.find(
                "fleng: ius=0: machine key 'ius': 0 is out of its domain (an integer from 1 to 1024)"),
            std::string::npos)
      << bad_value.output;
  {
    std::ofstream bad(path("bad.fl"));
    bad << "main :- X = .\n";
  }
  const auto syntax = fleng("sweep " + path("bad.fl") + " --ius 1,2 -o " + path("r.csv"));
  EXPECT_EQ(syntax.status, 1);
  EXPECT_NE(syntax.output.find("bad.fl:1:"), std::string::npos) << syntax.output;
  EXPECT_FALSE(fs::exists(path("r.csv")));
  const auto plot = fleng("sweep examples/primes.fl --ius 1 -o " + path("r.csv") + " --plot " +
                          path("x.png"));
  EXPECT_EQ(plot.status, 1);
  EXPECT_NE(plot.output.find("fleng: --plot " + path("x.png") + ": wants a file name ending in .svg"), std::string::npos);
  const auto report = fleng("sweep examples/primes.fl --ius 1 -o " + path("r.csv") + " --report " +
                            path("x.svg"));
  EXPECT_EQ(report.status, 1);
  EXPECT_NE(report.output.find("fleng: --report " + path("x.svg") + ": wants a file name ending in .html"),
            std::string::npos)
      << report.output;
  EXPECT_FALSE(fs::exists(path("r.csv")));
}

// Two outputs to one file, or a file that cannot be written, are found before anything runs,
// and the check leaves no file behind.
TEST_F(SweepCommand, OutputFilesAreCheckedBeforeRunning) {
  const auto same = fleng(small_sweep() + " -o " + path("s.csv") + " --json " + path("s.csv"));
  EXPECT_EQ(same.status, 1);
  EXPECT_NE(same.output.find("fleng: -o " + path("s.csv") + " and --json " + path("s.csv") +
                             " are the same file"),
            std::string::npos)
      << same.output;
  EXPECT_EQ(same.output.find("sweep:"), std::string::npos) << same.output;  // nothing ran
  const auto png = fleng(small_sweep() + " -o " + path("f.png") + " --plot " + path("f.svg"));
  EXPECT_EQ(png.status, 1);
  EXPECT_NE(png.output.find("are the same file"), std::string::npos) << png.output;
  for (const std::string option : {"-o", "--json", "--plot", "--report"}) {
    const std::string bad = "/nonexistent-directory/r." +
                            std::string(option == "--plot" ? "svg" : (option == "--report" ? "html" : "x"));
    const std::string csv = option == "-o" ? bad : path("r.csv");
    const auto r = fleng(small_sweep() + " -o " + csv + (option == "-o" ? "" : " " + option + " " + bad));
    EXPECT_EQ(r.status, 1) << option;
    EXPECT_NE(r.output.find("fleng: " + option + " " + bad + ": cannot write this file"),
              std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("sweep:"), std::string::npos) << r.output;
  }
  EXPECT_TRUE(fs::is_empty(dir_));  // no file left behind
}

// A machine key is given once: a swept key may not be --set too, nor heap_cells with --heap.
TEST_F(SweepCommand, ASettingOfASweptKeyIsRefused) {
  for (const std::string set : {"ius=16", "threshold=4", "static=on", "net_latency=5"}) {
    const auto r = fleng(small_sweep() + " --sweep set.network.latency=0,5 --set " + set + " -o " +
                         path("r.csv"));
    EXPECT_EQ(r.status, 1) << set;
    EXPECT_NE(r.output.find("fleng: --set " + set + ": the machine key"), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("is already given by the swept parameter"), std::string::npos)
        << r.output;
  }
  const auto heap = fleng("sweep examples/primes.fl --ius 1 --heap 4 --set heap_cells=4096 -o " +
                          path("r.csv"));
  EXPECT_EQ(heap.status, 1);
  EXPECT_NE(heap.output.find("fleng: --set heap_cells=4096: the machine key 'heap_cells' is already "
                             "given by --heap 4"),
            std::string::npos)
      << heap.output;
  const auto values = fleng("sweep examples/primes.fl --ius 1 --set unired.suspend=-3 -o " +
                            path("r.csv"));
  EXPECT_EQ(values.status, 1);
  EXPECT_NE(values.output.find("fleng: machine key 'unired.suspend': -3 is out of its domain"),
            std::string::npos)
      << values.output;
  EXPECT_TRUE(fs::is_empty(dir_));
}

// A key not swept may be --set: it applies to every configuration (and is not ignored).
TEST_F(SweepCommand, ASettingOfAKeyNotSweptAppliesToEveryConfiguration) {
  const auto r = fleng("sweep examples/primes_annotated.fl -g 'run(100)' --thresholds 1,128 "
                       "--set ius=3 -o " + path("r.csv"));
  EXPECT_EQ(r.status, 0) << r.output;
  const auto table = read_csv_file(path("r.csv"));
  const auto ius = static_cast<std::size_t>(table.column("ius"));
  ASSERT_EQ(table.rows.size(), 2U);
  for (const auto& row : table.rows) EXPECT_EQ(row[ius], "3");
}

}  // namespace
}  // namespace fleng::sweep
