// `mpirun -np R fleng sweep ...` as a user runs it: on 2 and on 3 ranks the CSV has the rows of
// the same sweep in one process, the configurations were run on more than one rank, and rank 0
// alone printed the progress and the summary; --resume under mpirun runs only the
// configurations missing from the CSV, also after a rank was killed in the middle of a sweep;
// an error in the options is reported once and stops every rank. Label `mpi` (scripts/sanitize.sh leaves these out: Open MPI's own allocations
// are reported as leaks).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "sweep/csv.hpp"
#include "../support/file_text.hpp"

namespace fleng::sweep {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

Outcome shell(const std::string& command_line) {
  const std::string command = std::string("cd ") + FLENG_SOURCE_DIR + " && " + command_line + " 2>&1";
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

/// `fleng ARGUMENTS` in one process, without mpirun.
Outcome fleng(const std::string& arguments) { return shell(std::string(FLENG_BINARY) + " " + arguments); }

/// The command line of `fleng ARGUMENTS` as every rank of an MPI job of `ranks` processes
/// (more ranks than cores are allowed, and so is root, as in the containers the tests run in).
std::string mpirun(int ranks, const std::string& arguments) {
  return std::string(FLENG_MPIRUN) + " --allow-run-as-root --oversubscribe -np " +
         std::to_string(ranks) + " " + FLENG_BINARY + " " + arguments;
}

Outcome fleng_on(int ranks, const std::string& arguments) { return shell(mpirun(ranks, arguments)); }

std::string slurp(const std::filesystem::path& path) { return fleng::test::file_text(path); }

/// The process that is rank `rank` of an MPI job whose command line holds `marker` (Open MPI
/// gives each rank its number in the environment), or 0.
pid_t rank_process(int rank, const std::string& marker) {
  const std::string variable = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string command = slurp(entry.path() / "cmdline");
    if (command.find(FLENG_BINARY) != 0 || command.find(marker) == std::string::npos) continue;
    const auto environment = slurp(entry.path() / "environ");
    std::istringstream variables(environment);
    for (std::string line; std::getline(variables, line, '\0');) {
      if (line == variable) return static_cast<pid_t>(std::stol(name));
    }
  }
  return 0;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

/// The rows of a CSV sorted, each with the columns whose values do not depend on the host (the
/// simulated machine is deterministic; none of the columns is a host timing today, but one
/// that is named host_* would not be compared).
std::vector<CsvRow> deterministic_rows(const CsvTable& table) {
  std::vector<CsvRow> rows;
  for (const auto& row : table.rows) {
    CsvRow kept;
    for (std::size_t c = 0; c < table.header.size(); ++c) {
      if (table.header[c].rfind("host", 0) != 0) kept.push_back(row[c]);
    }
    rows.push_back(std::move(kept));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

class SweepRanksCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fleng-sweep-ranks-" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string small_sweep() {
    return "sweep examples/primes_annotated.fl -g 'run(300)' --ius 1,4 --static off,on "
           "--thresholds 1,128";
  }

  /// The small sweep on `ranks` ranks has the rows of the sweep in one process, and every rank
  /// but 0 was silent.
  void expect_the_rows_of_one_process(int ranks) {
    const auto one = fleng(small_sweep() + " -o " + path("one.csv"));
    ASSERT_EQ(one.status, 0) << one.output;
    const auto spread = fleng_on(ranks, small_sweep() + " -j 1 -o " + path("ranks.csv"));
    ASSERT_EQ(spread.status, 0) << spread.output;
    const auto single = read_csv_file(path("one.csv"));
    const auto across = read_csv_file(path("ranks.csv"));
    EXPECT_EQ(across.header, single.header);
    ASSERT_EQ(across.rows.size(), 8U);
    EXPECT_EQ(deterministic_rows(across), deterministic_rows(single));
    // Rank 0 alone reports: one progress line per configuration, one summary.
    EXPECT_EQ(count(spread.output, "sweep: "), 9U) << spread.output;
    EXPECT_NE(spread.output.find(fmt_summary(ranks)), std::string::npos) << spread.output;
    for (int rank = 1; rank < ranks; ++rank) {
      EXPECT_NE(spread.output.find("on rank " + std::to_string(rank) + " ("), std::string::npos)
          << "rank " << rank << " ran nothing:\n" << spread.output;
    }
  }
  static std::string fmt_summary(int ranks) {
    return "(" + std::to_string(ranks) + " ranks, " + std::to_string(ranks) +
           " host threads in all), 0 skipped, 0 failed";
  }
  fs::path dir_;
};

TEST_F(SweepRanksCommand, TwoRanksWriteTheRowsOfOneProcess) { expect_the_rows_of_one_process(2); }

TEST_F(SweepRanksCommand, ThreeRanksWriteTheRowsOfOneProcess) { expect_the_rows_of_one_process(3); }

TEST_F(SweepRanksCommand, ResumeRunsOnlyTheMissingConfigurations) {
  ASSERT_EQ(fleng(small_sweep() + " -o " + path("full.csv")).status, 0);
  auto table = read_csv_file(path("full.csv"));
  {
    // The header and three rows, out of order, as a job whose rank died leaves them.
    std::ofstream out(path("part.csv"), std::ios::binary);
    out << csv_line(table.header) << csv_line(table.rows[6]) << csv_line(table.rows[0])
        << csv_line(table.rows[3]);
  }
  const auto resumed = fleng_on(2, small_sweep() + " --resume -o " + path("part.csv"));
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  EXPECT_EQ(count(resumed.output, "3 of 8 configurations already in"), 1U) << resumed.output;
  EXPECT_NE(resumed.output.find("sweep: 5 configurations run"), std::string::npos)
      << resumed.output;
  EXPECT_EQ(count(resumed.output, " on rank "), 5U) << resumed.output;  // the five missing ones
  const auto after = read_csv_file(path("part.csv"));
  EXPECT_EQ(deterministic_rows(after), deterministic_rows(table));
  // In the order of the plan, as in one process.
  for (std::size_t r = 0; r < after.rows.size(); ++r) {
    EXPECT_EQ(CsvRow(after.rows[r].begin(), after.rows[r].begin() + 3),
              CsvRow(table.rows[r].begin(), table.rows[r].begin() + 3));
  }
  const auto again = fleng_on(2, small_sweep() + " --resume -o " + path("part.csv"));
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_NE(again.output.find("sweep: 0 configurations run"), std::string::npos) << again.output;
}

// A rank killed in the middle of a sweep ends the job (mpirun stops the others); the CSV keeps
// every row rank 0 had received, whole, and --resume runs only the others.
TEST_F(SweepRanksCommand, ResumeAfterARankWasKilled) {
  const std::string sweep =
      "sweep examples/primes_annotated.fl -g 'run(3000)' --ius 4 --static off,on "
      "--thresholds 1,4,16,128";
  ASSERT_EQ(fleng(sweep + " -o " + path("full.csv")).status, 0);
  const pid_t job = fork();
  ASSERT_GE(job, 0);
  if (job == 0) {
    const auto command = std::string("cd ") + FLENG_SOURCE_DIR + " && exec " +
                         mpirun(2, sweep + " -j 1 -o " + path("killed.csv")) + " >" +
                         path("killed.log") + " 2>&1";
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Once two rows are in, rank 1 dies.
  pid_t victim = 0;
  int status = 0;
  bool ended = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (victim == 0 && !ended && std::chrono::steady_clock::now() < deadline) {
    const auto text = slurp(path("killed.csv"));
    if (std::count(text.begin(), text.end(), '\n') >= 3) victim = rank_process(1, path("killed.csv"));
    ended = waitpid(job, &status, WNOHANG) == job;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (victim != 0) {
    EXPECT_EQ(kill(victim, SIGKILL), 0);
  }
  if (!ended) {
    if (victim == 0) kill(job, SIGTERM);  // mpirun (exec'd by the shell) ends the job
    ASSERT_EQ(waitpid(job, &status, 0), job);
  }
  ASSERT_NE(victim, 0) << slurp(path("killed.log"));
  EXPECT_TRUE(!WIFEXITED(status) || WEXITSTATUS(status) != 0) << slurp(path("killed.log"));
  const auto left = read_csv_file(path("killed.csv"));  // whole rows only, or this throws
  ASSERT_GE(left.rows.size(), 2U);
  ASSERT_LT(left.rows.size(), 8U) << "the sweep ended before rank 1 was killed";

  const auto resumed = fleng_on(2, sweep + " --resume -o " + path("killed.csv"));
  ASSERT_EQ(resumed.status, 0) << resumed.output;
  EXPECT_NE(resumed.output.find(std::to_string(left.rows.size()) + " of 8 configurations already in"),
            std::string::npos)
      << resumed.output;
  EXPECT_EQ(count(resumed.output, " on rank "), 8U - left.rows.size()) << resumed.output;
  EXPECT_EQ(deterministic_rows(read_csv_file(path("killed.csv"))),
            deterministic_rows(read_csv_file(path("full.csv"))));
}

TEST_F(SweepRanksCommand, AnErrorIsReportedOnceAndStopsEveryRank) {
  const auto bad = fleng_on(2, "sweep examples/primes.fl --ius 4,0 -o " + path("r.csv"));
  EXPECT_NE(bad.status, 0);
  EXPECT_EQ(count(bad.output, "fleng: ius=0: machine key 'ius'"), 1U) << bad.output;
  const auto unwritable = fleng_on(2, small_sweep() + " -o /nonexistent-directory/r.csv");
  EXPECT_NE(unwritable.status, 0);
  EXPECT_EQ(count(unwritable.output, "cannot write this file"), 1U) << unwritable.output;
  EXPECT_EQ(unwritable.output.find("sweep:"), std::string::npos) << unwritable.output;
  // A configuration that fails is in its row; the job's status says so.
  const auto failing = fleng_on(2, "sweep examples/primes_annotated.fl -g 'run(300)' --ius 2 "
                                   "--sweep set.heap_cells=4096,100000 -o " + path("f.csv"));
  EXPECT_NE(failing.status, 0);
  EXPECT_NE(failing.output.find("2 configurations run"), std::string::npos) << failing.output;
  EXPECT_NE(failing.output.find("1 failed"), std::string::npos) << failing.output;
  EXPECT_EQ(read_csv_file(path("f.csv")).rows.size(), 2U);
}

}  // namespace
}  // namespace fleng::sweep
