// docs/tutorial.md is tested as it reads: every ```console block is run, command by command
// (`$ ` lines, `build/fleng` being the fleng under test), and what it prints must be the lines
// that follow the command in the block (a line `...` stands for any number of lines, a line
// ending in `...` for any end of that line: host times, the order of parallel progress
// reports); every ```fleng block marked
// `file=PATH` must be PATH's text or a verbatim part of it, so the programs shown are the
// programs shipped and run. The commands run in a fresh directory where `examples` is the
// repository's, so files they write (a sweep's results) go there and later commands see them.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include "../support/file_text.hpp"

namespace {

namespace fs = std::filesystem;

std::string slurp(const std::filesystem::path& path) { return fleng::test::file_text(path); }

struct Block {
  std::string info;  // the words after ```
  std::vector<std::string> lines;
  int line = 0;  // of the opening fence, 1-based
};

std::vector<Block> blocks_of(const std::string& markdown) {
  std::vector<Block> blocks;
  std::istringstream in(markdown);
  std::string text;
  int number = 0;
  Block* open = nullptr;
  while (std::getline(in, text)) {
    ++number;
    if (text.starts_with("```")) {
      if (open == nullptr) {
        blocks.push_back({text.substr(3), {}, number});
        open = &blocks.back();
      } else {
        open = nullptr;
      }
    } else if (open != nullptr) {
      open->lines.push_back(text);
    }
  }
  return blocks;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// Whether `actual` is `expected` where each `...` line matches any number of lines, and a line
/// ending in `...` matches one line that starts with what comes before the dots.
bool matches(const std::vector<std::string>& expected, std::size_t e,
             const std::vector<std::string>& actual, std::size_t a) {
  if (e == expected.size()) return a == actual.size();
  if (expected[e] == "...") {
    for (std::size_t skip = a; skip <= actual.size(); ++skip) {
      if (matches(expected, e + 1, actual, skip)) return true;
    }
    return false;
  }
  if (a == actual.size()) return false;
  const std::string& line = expected[e];
  const bool same = line.ends_with("...") ? actual[a].starts_with(line.substr(0, line.size() - 3))
                                          : line == actual[a];
  return same && matches(expected, e + 1, actual, a + 1);
}

std::string run(const std::string& command, const fs::path& dir) {
  std::string line = command;
  if (line.starts_with("build/fleng")) line = std::string(FLENG_BINARY) + line.substr(11);
  const std::string shell = "cd '" + dir.string() + "' && " + line + " 2>&1";
  std::string output;
  FILE* pipe = popen(shell.c_str(), "r");
  if (pipe == nullptr) return "popen failed";
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    output += "[exit status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + "]\n";
  }
  return output;
}

class Tutorial : public ::testing::Test {
 protected:
  void SetUp() override {
    markdown_ = slurp(fs::path(FLENG_SOURCE_DIR) / "docs/tutorial.md");
    ASSERT_FALSE(markdown_.empty());
    dir_ = fs::temp_directory_path() / ("fleng-tutorial-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::create_directory_symlink(fs::path(FLENG_SOURCE_DIR) / "examples", dir_ / "examples");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string markdown_;
  fs::path dir_;
};

TEST_F(Tutorial, EveryCommandPrintsWhatTheTutorialShows) {
  int commands = 0;
  for (const auto& block : blocks_of(markdown_)) {
    if (block.info != "console") continue;
    std::size_t i = 0;
    while (i < block.lines.size()) {
      ASSERT_TRUE(block.lines[i].starts_with("$ "))
          << "docs/tutorial.md:" << block.line + 1 + static_cast<int>(i)
          << ": a console block starts each command with '$ '";
      const std::string command = block.lines[i].substr(2);
      const int at = block.line + 1 + static_cast<int>(i);
      std::vector<std::string> expected;
      for (++i; i < block.lines.size() && !block.lines[i].starts_with("$ "); ++i) {
        expected.push_back(block.lines[i]);
      }
      const std::string output = run(command, dir_);
      EXPECT_TRUE(matches(expected, 0, lines_of(output), 0))
          << "docs/tutorial.md:" << at << ": $ " << command << "\nprinted:\n" << output;
      ++commands;
    }
  }
  EXPECT_GE(commands, 8);
}

TEST_F(Tutorial, EveryProgramShownIsTheFileShipped) {
  int programs = 0;
  for (const auto& block : blocks_of(markdown_)) {
    const auto at = block.info.find("file=");
    if (!block.info.starts_with("fleng") || at == std::string::npos) continue;
    const std::string path = block.info.substr(at + 5);
    const std::string file = slurp(fs::path(FLENG_SOURCE_DIR) / path);
    ASSERT_FALSE(file.empty()) << "docs/tutorial.md:" << block.line << ": no file " << path;
    std::string shown;
    for (const auto& line : block.lines) shown += line + "\n";
    EXPECT_NE(file.find(shown), std::string::npos)
        << "docs/tutorial.md:" << block.line << ": the block is not a part of " << path;
    ++programs;
  }
  EXPECT_GE(programs, 4);
}

// The matcher itself: `...` spans any lines, and anything else must be equal.
TEST(TutorialMatcher, DotsSpanAnyLinesAndTheRestMustBeEqual) {
  EXPECT_TRUE(matches({"a", "...", "d"}, 0, {"a", "b", "c", "d"}, 0));
  EXPECT_TRUE(matches({"a", "...", "d"}, 0, {"a", "d"}, 0));
  EXPECT_FALSE(matches({"a", "...", "d"}, 0, {"a", "b", "c"}, 0));
  EXPECT_FALSE(matches({"a"}, 0, {"a", "b"}, 0));
  EXPECT_FALSE(matches({"48"}, 0, {"47"}, 0));
  EXPECT_TRUE(matches({"run in ..."}, 0, {"run in 1.5s"}, 0));
  EXPECT_FALSE(matches({"run in ..."}, 0, {"ran in 1.5s"}, 0));
}

}  // namespace
