// Programs of several files (program_files.hpp): include by relative path, from a nested
// directory, an include cycle, a missing file, an error inside an included file, a file read once;
// the directives check (directives.hpp).
#include "frontend/program_files.hpp"

#include "frontend/directives.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

namespace fleng::frontend {
namespace {

namespace fs = std::filesystem;

/// A fresh directory of source files, removed afterwards.
class ProgramFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            (std::string("fleng_program_files_") + info->name() + "_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path path = root_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
  }
  static std::string printed(const ProgramFiles& program) {
    std::ostringstream out;
    program.print(out);
    return out.str();
  }
  static std::size_t clauses(const ProgramFiles& program) {
    std::size_t n = 0;
    for (const auto& file : program.files) {
      for (const auto& item : file->program.items) n += std::holds_alternative<Clause>(item) ? 1U : 0U;
    }
    return n;
  }

  fs::path root_;
};

TEST_F(ProgramFilesTest, IncludeRelativeToTheIncludingFileInAllSpellings) {
  const auto main = write("main.fl",
                          ":- include('a.fl').\n:- include(\"b.fl\").\n:- include(c).\nmain.\n");
  write("a.fl", "a.\n");
  write("b.fl", "b.\n");
  write("c.fl", "c.\n");
  const auto program = read_program({main});
  EXPECT_TRUE(program.ok()) << printed(program);
  ASSERT_EQ(program.files.size(), 4U);
  EXPECT_EQ(clauses(program), 4U);
}

TEST_F(ProgramFilesTest, NestedDirectoriesAndReadOnce) {
  const auto main = write("main.fl", ":- include('sub/x.fl').\n:- include('y.fl').\nmain.\n");
  write("sub/x.fl", ":- include('../y.fl').\n:- include('deeper/z').\nx.\n");
  write("sub/deeper/z.fl", "z.\n");
  write("y.fl", "y.\n");
  const auto program = read_program({main, main});
  EXPECT_TRUE(program.ok()) << printed(program);
  EXPECT_EQ(program.files.size(), 4U);  // y.fl once, main.fl once
  EXPECT_EQ(clauses(program), 4U);
}

TEST_F(ProgramFilesTest, CycleIsAnErrorAtTheDirectiveNamingTheChain) {
  const auto a = write("a.fl", "a.\n:- include(b).\n");
  write("b.fl", ":- include(a).\nb.\n");
  const auto program = read_program({a});
  EXPECT_FALSE(program.ok());
  const std::string text = printed(program);
  EXPECT_NE(text.find("b.fl:1:1: error: include cycle: " + a + " includes " +
                      (root_ / "b.fl").string() + " includes " + (root_ / "a.fl").string()),
            std::string::npos)
      << text;
}

TEST_F(ProgramFilesTest, MissingFileIsAnErrorAtTheDirective) {
  const auto a = write("a.fl", "a.\n\n:- include(nothing_here).\n");
  const auto program = read_program({a});
  EXPECT_FALSE(program.ok());
  EXPECT_NE(printed(program).find("a.fl:3:1: error: cannot include " +
                                  (root_ / "nothing_here.fl").string() + ": no such file"),
            std::string::npos)
      << printed(program);
}

TEST_F(ProgramFilesTest, ErrorInsideAnIncludedFileHasItsOwnLocation) {
  const auto a = write("a.fl", ":- include(b).\na.\n");
  write("b.fl", "b.\nc :- d(.\n");
  const auto program = read_program({a});
  EXPECT_FALSE(program.ok());
  EXPECT_NE(printed(program).find((root_ / "b.fl").string() + ":2:"), std::string::npos)
      << printed(program);
}

TEST_F(ProgramFilesTest, UnknownDirectivesAreErrorsWithHints) {
  const auto a = write("a.fl",
                       ":- initialization(main).\n:- dynamic(x/1).\n:- foo.\n:- include(f(x)).\n"
                       ":- mode p(?).\np(_).\n");
  const auto program = read_program({a});
  EXPECT_FALSE(program.ok());
  const std::string text = printed(program);
  EXPECT_NE(text.find("a.fl:1:1: error: unknown directive initialization/1: the directives are "
                      "mode/1 and include/1; Fleng runs no goal when it loads a file: run it "
                      "with `fleng run FILE -g main`"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("a.fl:2:1: error: unknown directive dynamic/1"), std::string::npos) << text;
  EXPECT_NE(text.find("no dynamic predicates"), std::string::npos) << text;
  EXPECT_NE(text.find("a.fl:3:1: error: unknown directive foo/0"), std::string::npos) << text;
  EXPECT_NE(text.find("a.fl:4:12: error: include/1 expects a file name"), std::string::npos)
      << text;
  EXPECT_EQ(program.files.front()->diagnostics.error_count(), 4U);  // not the mode directive
}

TEST_F(ProgramFilesTest, ParsedTextIncludesRelativeToTheGivenDirectory) {
  write("lib.fl", "l.\n");
  ProgramFiles program;
  add_parsed(program, std::make_unique<ParseResult>(parse_source("<stdin>", ":- include(lib).\n")),
             root_.string());
  EXPECT_TRUE(program.ok()) << printed(program);
  EXPECT_EQ(program.files.size(), 2U);
}

}  // namespace
}  // namespace fleng::frontend

namespace fleng::frontend {
namespace {

TEST(Directives, InitializationHintNamesTheGoal) {
  auto parsed = parse_source("a.fl", ":- initialization(start).\nstart.\n");
  check_directives(parsed.program, parsed.diagnostics);
  ASSERT_EQ(parsed.diagnostics.diagnostics().size(), 1U);
  EXPECT_NE(parsed.diagnostics.diagnostics().front().message.find("`fleng run FILE -g start`"),
            std::string::npos)
      << parsed.diagnostics.diagnostics().front().message;
}

}  // namespace
}  // namespace fleng::frontend
