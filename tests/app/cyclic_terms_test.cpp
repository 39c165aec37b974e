// Cyclic and heavily shared terms through `fleng run` (the binary, FLENG_BINARY) on every engine:
// unification, compare/3, equal/3, printing, error and deadlock reports and the collector end
// with the rational-tree answer (docs/language.md, "Cyclic terms"); each run has a timeout, so
// a hang is a failure (exit 124 or a signal), not a stuck suite.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include "command_output.hpp"

namespace {

using fleng::test::Outcome;  // output: stdout and stderr together (the last 4 MiB at most)

/// `fleng run arguments`, killed after `seconds` (SIGINT first when `interrupt`, then SIGKILL).
Outcome fleng(const std::string& arguments, int seconds = 60, bool interrupt = false) {
  return fleng::test::run_command("timeout --preserve-status -k 10 " +
                           std::string(interrupt ? "-s INT " : "") + std::to_string(seconds) +
                           " " + FLENG_BINARY + " run " + arguments + " 2>&1");
}

/// A program in a temporary file (removed at the end of the test).
class Program {
 public:
  // Named after the test and the process: ctest runs tests in parallel processes.
  Program(const std::string& name, const std::string& text)
      : path_((std::filesystem::temp_directory_path() /
               ("fleng-cyclic-" + name + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" +
                std::to_string(getpid()) + ".fl"))
                  .string()) {
    std::ofstream(path_) << text;
  }
  ~Program() { std::filesystem::remove(path_); }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

#if defined(__SANITIZE_ADDRESS__)
// The simulated machine's fibers make ASan print false warnings (scripts/sanitize.sh leaves the
// sim tests out): under ASan only the other engines run here.
const std::vector<const char*> kEngines = {"local", "threads --workers 2"};
const std::vector<const char*> kSpreadEngines = kEngines;
#else
const std::vector<const char*> kEngines = {"local", "sim --ius 1", "sim --ius 4",
                                           "threads --workers 2"};
const std::vector<const char*> kSpreadEngines = {"local", "sim --ius 4", "sim --ius 4 --static on",
                                                 "threads --workers 2"};
#endif

const std::string kHello = "main :- writeln(hello).\n";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CyclicTerms, WritelnPrintsTheFiniteForm) {
  const Program p("hello", kHello);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine + " -g 'X = f(X), writeln(X)'");
    EXPECT_EQ(r.exit_code, 0) << engine << ": " << r.output;
    EXPECT_EQ(r.output, "@(_S1,[_S1=f(_S1)])\n") << engine;
  }
}

TEST(CyclicTerms, UnifyCompareAndEqualGiveTheRationalTreeAnswer) {
  const Program p("hello", kHello);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine +
                         " -g 'X = f(X), Y = f(Y), X = Y, compare(X, Y, R), equal(X, Y, Q), "
                         "writeln(R - Q)'");
    EXPECT_EQ(r.exit_code, 0) << engine << ": " << r.output;
    EXPECT_EQ(r.output, "=-true\n") << engine;
  }
}

TEST(CyclicTerms, FailedUnificationReportsTheCyclicGoal) {
  const Program p("hello", kHello);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine + " -g 'X = f(X), Y = g(Y), X = Y'");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "error: unification failed")) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "goal: @(_S1,[_S1=f(_S1)]) = @(_S1,[_S1=g(_S1)])"))
        << engine << ": " << r.output;
  }
}

TEST(CyclicTerms, DeadlockReportShowsTheCyclicGoal) {
  const Program p("hello", kHello);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine + " -g 'X = f(X, V), writeln(X)'");
    EXPECT_EQ(r.exit_code, 2) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "deadlock: 1 goal suspended")) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "writeln(@(_S1,[_S1=f(_S1,_G")) << engine << ": " << r.output;
  }
}

TEST(CyclicTerms, ACyclicListIsATypeError) {
  const Program p("hello", kHello);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine +
                         " -g \"X = [0'a|X], list_to_atom(X, A), writeln(A)\"");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "type error: expected a list of character codes, found "
                                   "@(_S1,[_S1=[97|_S1]])"))
        << engine << ": " << r.output;
  }
}

// Cyclic terms made by goals spread over the IUs, unified and compared across them.
TEST(CyclicTerms, AcrossInferenceUnits) {
  const Program p("spread",
                  "main :- a(X) @ any(1), b(Y) @ any(2), c(Z) @ any(3), same(X, Y, Z).\n"
                  "a(X) :- X = f(X, L), L = [1, 2|L].\n"
                  "b(Y) :- Y = f(Y, [1, 2|L]), L = [1, 2|L].\n"
                  "c(Z) :- Z = f(f(Z, L), L), L = [1, 2, 1, 2|L].\n"
                  "same(X, Y, Z) :- X = Y, Y = Z, compare(X, Z, C), equal(Y, Z, E), "
                  "writeln(C - E), writeln(Z).\n");
  for (const char* engine : kSpreadEngines) {
    const auto r = fleng(p.path() + " --engine " + engine);
    EXPECT_EQ(r.exit_code, 0) << engine << ": " << r.output;
    EXPECT_TRUE(contains(r.output, "=-true\n")) << engine << ": " << r.output;
    // The same rational tree, printed from whichever of X, Y, Z the others were bound to.
    EXPECT_TRUE(contains(r.output, "@(_S1,[_S1=f(f(_S1,_S2),_S2),_S2=[1,2,1,2|_S2]])\n") ||
                contains(r.output, "@(_S1,[_S1=f(_S1,_S2),_S2=[1,2|_S2]])\n"))
        << engine << ": " << r.output;
  }
}

const std::string kDag =
    "dag(0, X) :- X = a.\n"
    "dag(N, X) :- sub(N, 1, N1), dag(N1, Y), X = f(Y, Y).\n"
    "main :- dag(60, A), dag(60, B), A = B, compare(A, B, C), equal(A, B, E), writeln(C - E).\n"
    "show :- dag(60, A), writeln(A).\n"
    "bad :- dag(60, A), deref(A, D), q(D, A).\n"
    "q([], A) :- A = g.\n";

// X60 = f(X59, X59), ...: a tree of 2^60 leaves, walked once per node.
TEST(CyclicTerms, HeavilySharedTermsUnifyAndCompareQuickly) {
  const Program p("dag", kDag);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine);
    EXPECT_EQ(r.exit_code, 0) << engine << ": " << r.output;
    EXPECT_EQ(r.output, "=-true\n") << engine;
  }
}

// A report of a goal with such an argument shows the first MiB of it.
TEST(CyclicTerms, ReportsOfHugeGoalsEnd) {
  const Program p("dag", kDag);
  for (const char* engine : kEngines) {
    const auto r = fleng(p.path() + " --engine " + engine + " -g bad");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output.substr(0, 200);
    EXPECT_TRUE(contains(r.output, "error: unification failed")) << engine;
    EXPECT_TRUE(contains(r.output, "...),...) = g\n")) << engine;
  }
}

// Printing it never ends; an interrupt stops the printing (local engine).
TEST(CyclicTerms, AnInterruptStopsTheWritingOfAHugeTerm) {
  const Program p("dag", kDag);
  for (const std::string engine : {"local", "sim --ius 1", "sim --ius 4", "threads --workers 2"}) {
    const auto r = fleng(p.path() + " --engine " + engine + " -g show", 1, true);
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output.substr(0, 200);
    EXPECT_TRUE(contains(r.output, "...),...)\ninterrupted\n"))
        << engine << ": " << r.output.substr(r.output.size() > 200 ? r.output.size() - 200 : 0);
  }
}

TEST(CyclicTerms, CollectionsWhileACyclicTermIsLive) {
  const Program p("gc",
                  "main :- X = f(X, Y), Y = [1, 2|Y], loop(2000, X).\n"
                  "loop(0, X) :- writeln(X).\n"
                  "loop(N, X) :- sub(N, 1, N1), Z = g(Z, N), loop(N1, X).\n");
  const auto r = fleng(p.path() + " --engine local --gc-stress --heap 1");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "@(_S1,[_S1=f(_S1,_S2),_S2=[1,2|_S2]])\n");
}

}  // namespace
