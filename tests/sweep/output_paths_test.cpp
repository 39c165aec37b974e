// The sweep's output files, checked before it runs: distinct, writable, nothing left behind.
#include "sweep/output_paths.hpp"

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

namespace fs = std::filesystem;

std::string error_of(const OutputPaths& paths) {
  try {
    check_output_paths(paths);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

class OutputPathsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // One directory per test and process: ctest runs tests side by side, and another checkout's
    // suite may run at the same time.
    dir_ = fs::temp_directory_path() /
           ("fleng-output-paths-" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(OutputPathsTest, DistinctWritableFilesPassAndLeaveNothingBehind) {
  EXPECT_EQ(error_of({path("r.csv"), path("r.json"), path("r.svg"), ""}), "");
  EXPECT_TRUE(fs::is_empty(dir_));
  { std::ofstream(path("kept.csv")) << "x\n"; }
  EXPECT_EQ(error_of({path("kept.csv"), "", "", ""}), "");
  std::ifstream in(path("kept.csv"));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "x");  // an existing file is not truncated by the check
}

TEST_F(OutputPathsTest, TwoOutputsToOneFileAreRefused) {
  EXPECT_EQ(error_of({path("s.csv"), path("s.csv"), "", ""}),
            "-o " + path("s.csv") + " and --json " + path("s.csv") +
                " are the same file: give each output a file of its own");
  // The same file under another name.
  EXPECT_NE(error_of({path("s.csv"), (dir_ / "." / "s.csv").string(), "", ""}), "");
  EXPECT_NE(error_of({path("f.png"), "", path("f.svg"), ""}), "");  // --plot also writes f.png
  EXPECT_NE(error_of({path("f.gp"), "", path("f.svg"), ""}), "");
  EXPECT_EQ(error_of({path("r.html"), "", "", path("r.html")}),
            "-o " + path("r.html") + " and --report " + path("r.html") +
                " are the same file: give each output a file of its own");
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(OutputPathsTest, UnwritableFilesAndBadPlotAndReportNamesAreRefused) {
  EXPECT_EQ(error_of({"/nonexistent-directory/r.csv", "", "", ""}),
            "-o /nonexistent-directory/r.csv: cannot write this file");
  EXPECT_EQ(error_of({path("r.csv"), dir_.string(), "", ""}),
            "--json " + dir_.string() + ": cannot write this file");  // a directory
  EXPECT_EQ(error_of({path("r.csv"), "", path("r.png"), ""}),
            "--plot " + path("r.png") +
                ": wants a file name ending in .svg (the PNG files are written next to it)");
  EXPECT_EQ(error_of({path("r.csv"), "", "", path("r.svg")}),
            "--report " + path("r.svg") + ": wants a file name ending in .html (the report is one HTML page)");
  EXPECT_EQ(error_of({path("r.csv"), "", "", "/nonexistent-directory/r.html"}),
            "--report /nonexistent-directory/r.html: cannot write this file");
  EXPECT_EQ(error_of({path("r.csv"), "", "", path("r.html")}), "");
  EXPECT_TRUE(fs::is_empty(dir_));
}

}  // namespace
}  // namespace fleng::sweep
