// The fleng binary reading standard input (the path user_input of read_lines/2, read_csv/2,
// read_file_terms/2) and taking program arguments after `--` (argv/1), as a user runs it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "command_output.hpp"

namespace {

class ProgramInput : public ::testing::Test {
 protected:
  ProgramInput()
      : dir_(std::filesystem::temp_directory_path() /
             ("fleng_program_input_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~ProgramInput() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string program(const std::string& name, const std::string& text) {
    const auto path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  /// `printf INPUT | fleng run FILE ARGS`, stdout and stderr together.
  static fleng::test::Outcome run(const std::string& input, const std::string& file,
                                  const std::string& arguments) {
    return fleng::test::run_command("printf '" + input + "' | " + FLENG_BINARY + " run " + file +
                                    " " + arguments + " 2>&1");
  }

 private:
  std::filesystem::path dir_;
};

TEST_F(ProgramInput, ReadLinesFromStandardInput) {
  const auto p = program("lines.fl", "main :- read_lines(user_input, L), length(L, N), "
                                     "format(\"~d ~q~n\", [N, L]).\n");
  for (const char* engine : {"local", "sim", "threads"}) {
    const auto r = run("ab\\ncd\\r\\n\\nlast", p, std::string("--engine ") + engine);
    EXPECT_EQ(r.exit_code, 0) << engine << r.output;
    EXPECT_EQ(r.output, "4 [[97,98],[99,100],[],[108,97,115,116]]\n") << engine;
  }
}

TEST_F(ProgramInput, ReadCsvAndTermsFromStandardInput) {
  const auto csv = program("csv.fl", "main :- read_csv(user_input, R), format(\"~q~n\", [R]).\n");
  auto r = run("a,b\\n1,\"x,y\"\\n", csv, "--engine local");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "[[a,b],[1,'x,y']]\n");
  const auto terms = program("terms.fl", "main :- read_file_terms(user_input, T), format(\"~q~n\", [T]).\n");
  r = run("f(1).\\ng([a]).\\n", terms, "--engine local");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "[f(1),g([a])]\n");
}

TEST_F(ProgramInput, ArgumentsAfterTheDoubleDash) {
  const auto p = program("args.fl", "main :- argv(A), format(\"~q~n\", [A]).\n");
  auto r = run("", p, "--engine sim --ius 4 -- x 2 -g y");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "[x,2,'-g',y]\n");  // after --, options are the program's words
  r = run("", p, "--engine local");
  EXPECT_EQ(r.output, "[]\n");
  const auto help = fleng::test::run_command(std::string(FLENG_BINARY) + " run --help 2>&1");
  EXPECT_NE(help.output.find("-- ARG..."), std::string::npos) << help.output;
}

TEST_F(ProgramInput, ReplTakesArgumentsToo) {
  const auto p = program("args.fl", "main :- argv(A), format(\"~q~n\", [A]).\n");
  const auto r = fleng::test::run_command("printf 'main.\\n' | " + std::string(FLENG_BINARY) +
                                          " repl " + p + " -- a 1 2>&1");
  EXPECT_NE(r.output.find("[a,1]"), std::string::npos) << r.output;
}

}  // namespace
