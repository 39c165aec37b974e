// `fleng build` as a user runs it (the binary, FLENG_BINARY): the executable it makes takes
// run's options and gives run's answers, statistics and errors; a program that does not load,
// a missing compiler and --werror are located errors that leave no file behind.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "command_output.hpp"

namespace {

namespace fs = std::filesystem;
using fleng::test::Outcome;

class BuildCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fleng-build-test-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  static Outcome build(const std::string& arguments, const std::string& environment = "") {
    return fleng::test::run_command(environment + " " + FLENG_BINARY + " build " + arguments + " 2>&1");
  }
  static Outcome run(const std::string& command) { return fleng::test::run_command(command + " 2>&1"); }

  fs::path dir_;
};

const std::string kExamples = std::string(FLENG_SOURCE_DIR) + "/examples/";

TEST_F(BuildCommand, TheExecutableTakesRunsOptionsAndGivesRunsAnswers) {
  const std::string exe = path("primes");
  const auto built = build(kExamples + "primes.fl -o " + exe);
  ASSERT_EQ(built.exit_code, 0) << built.output;
  EXPECT_EQ(built.output, "");
  const auto compiled = run(exe + " -g 'run(1000)' --stats json");
  const auto interpreted =
      run(std::string(FLENG_BINARY) + " run " + kExamples + "primes.fl -g 'run(1000)' --stats json");
  ASSERT_EQ(compiled.exit_code, 0) << compiled.output;
  // The same answer and the same counts (only the times differ).
  const auto counts = [](const std::string& out) {
    const auto at = out.find("\"reductions\"");
    return out.substr(0, out.find('{')) + out.substr(at, out.find(',', at) - at);
  };
  EXPECT_EQ(counts(compiled.output), counts(interpreted.output));
  EXPECT_EQ(compiled.output.substr(0, 4), "168\n");
  // Program arguments, halt/1's status, other engines (interpreted), --help.
  const std::string args = write("args.fl", "main :- argv(L), writeln(L), halt(3).\n");
  ASSERT_EQ(build(args + " -o " + path("args")).exit_code, 0);
  const auto with_args = run(path("args") + " -- a 2");
  EXPECT_EQ(with_args.exit_code, 3);
  EXPECT_EQ(with_args.output, "[a,2]\n");
  const auto threads = run(exe + " -g 'run(100)' --engine threads --workers 2");
  EXPECT_EQ(threads.exit_code, 0) << threads.output;
  EXPECT_EQ(threads.output, "25\n");
  const auto help = run(exe + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("compiled by fleng build"), std::string::npos) << help.output;
  const auto bad = run(exe + " --heap nothing");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.output.find("--heap"), std::string::npos) << bad.output;
}

// Registers live across a collection are saved and restored around it: every reservation and
// builtin collects under --gc-stress, and the answers stay.
TEST_F(BuildCommand, CompiledCodeSurvivesCollectionsEverywhere) {
  const std::string exe = path("queens");
  ASSERT_EQ(build(kExamples + "queens.fl -o " + exe).exit_code, 0);
  const auto r = run(exe + " -g 'run(6)' --gc-stress");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "4\n");
  const std::string nrev = path("nrev");
  ASSERT_EQ(build(kExamples + "nrev.fl -o " + nrev).exit_code, 0);
  const auto n = run(nrev + " --gc-stress");
  const auto expected = run(std::string(FLENG_BINARY) + " run " + kExamples + "nrev.fl");
  EXPECT_EQ(n.exit_code, 0) << n.output;
  EXPECT_EQ(n.output, expected.output);
  // And it collects at every reservation and builtin allocation, as the interpreter does,
  // except where a body's path takes no cells: the interpreter reserves a body's cells at its
  // commit, compiled code where a path first takes some (docs/native.md), so it collects at most
  // as often (nrev: 530 against 532) and not much less.
  const auto collections = [](const std::string& out) {
    const auto at = out.find("\"gc_collections\":");
    return at == std::string::npos ? -1L : std::stol(out.substr(at + 17));
  };
  const auto stressed = run(nrev + " --gc-stress --stats json");
  const auto stressed_interpreted =
      run(std::string(FLENG_BINARY) + " run " + kExamples + "nrev.fl --gc-stress --stats json");
  const long compiled = collections(stressed.output);
  const long interpreted = collections(stressed_interpreted.output);
  EXPECT_GT(compiled, 0) << stressed.output;
  EXPECT_LE(compiled, interpreted) << stressed.output << stressed_interpreted.output;
  EXPECT_GE(compiled * 10, interpreted * 9) << stressed.output << stressed_interpreted.output;
}

TEST_F(BuildCommand, AProgramThatDoesNotLoadIsALocatedErrorAndNoFile) {
  const std::string broken = write("broken.fl", "main :- writeln(hello.\n");
  const auto r = build(broken + " -o " + path("broken"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find(broken + ":1:"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(path("broken")));
  EXPECT_FALSE(fs::exists(path("broken.partial")));
}

TEST_F(BuildCommand, AnOutputInAFolderThatDoesNotExistIsAnError) {
  const auto r = build(kExamples + "fib.fl -o " + path("no/such/folder/fib"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("fleng: cannot write " + path("no/such/folder/fib") + ": no folder"),
            std::string::npos)
      << r.output;
}

TEST_F(BuildCommand, WerrorMakesTheLintersWarningsErrors) {
  const std::string undefined = write("undefined.fl", "main :- nothing_here(1).\n");
  const auto lenient = build(undefined + " -o " + path("lenient"));
  EXPECT_EQ(lenient.exit_code, 0) << lenient.output;
  const auto strict = build("--werror " + undefined + " -o " + path("strict"));
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_NE(strict.output.find("nothing_here/1"), std::string::npos) << strict.output;
  EXPECT_FALSE(fs::exists(path("strict")));
}

TEST_F(BuildCommand, AMissingCompilerSaysWhatToInstall) {
  const auto r = build(kExamples + "fib.fl -o " + path("fib"), "CXX=/nonexistent/c++");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("no C++ compiler"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("apt-get install g++"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(path("fib")));
}

TEST_F(BuildCommand, KeepCppLeavesReadableDeterministicCode) {
  ASSERT_EQ(build(kExamples + "fib.fl -o " + path("fib1") + " --keep-cpp " + path("one")).exit_code, 0);
  ASSERT_EQ(build(kExamples + "fib.fl -o " + path("fib2") + " --keep-cpp " + path("two")).exit_code, 0);
  std::ifstream a(path("one/native.cpp"));
  std::ifstream b(path("two/native.cpp"));
  const std::string one((std::istreambuf_iterator<char>(a)), std::istreambuf_iterator<char>());
  const std::string two((std::istreambuf_iterator<char>(b)), std::istreambuf_iterator<char>());
  EXPECT_EQ(one, two);
  EXPECT_NE(one.find("// fib1/3\n"), std::string::npos);
  EXPECT_NE(one.find("//   fib1(false, N, F) :-"), std::string::npos);
  EXPECT_TRUE(fs::exists(path("one/main.cpp")));
}

}  // namespace
