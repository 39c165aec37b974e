// The REPL driven through a pseudo-terminal, as a person would use it: prompts, a goal and its
// bindings, a goal over two lines, :help, Ctrl-C on a long goal, Ctrl-D to quit, the history
// file, [user]. ended by Ctrl-D, halt. And piped: every example :help shows works, help(Name)
// knows every entry of docs/builtins.md, time(Goal) prints its line. (Transcripts of piped
// sessions are golden files: tests/golden/repl/.) The fleng binary is FLENG_BINARY; examples
// come from FLENG_SOURCE_DIR.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "command_output.hpp"

namespace {

class Terminal {
 public:
  Terminal(const std::string& home, const std::vector<std::string>& args) {
    pid_ = forkpty(&master_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      setenv("HOME", home.c_str(), 1);
      setenv("TERM", "dumb", 1);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(FLENG_BINARY));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(FLENG_BINARY, argv.data());
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) close(master_);
  }

  void type(const std::string& text) {
    ASSERT_EQ(write(master_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  /// Reads until `expected` appears in the output since the last expect (or the time runs out).
  bool expect(const std::string& expected, int timeout_ms = 10000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      if (const auto at = buffer_.find(expected); at != std::string::npos) {
        buffer_.erase(0, at + expected.size());
        return true;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return false;
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char chunk[4096];
      const ssize_t n = read(master_, chunk, sizeof chunk);
      if (n <= 0) return false;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  const std::string& pending() const { return buffer_; }

  /// Waits for the process to end; its exit status, or -1 on timeout.
  int wait_exit(int timeout_ms = 10000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      char chunk[4096];
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, 50) > 0 && read(master_, chunk, sizeof chunk) > 0) continue;
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int master_ = -1;
  std::string buffer_;
};

std::string temp_home() {
  auto dir = std::filesystem::temp_directory_path() /
             ("fleng_repl_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir.string();
}

const std::string kPrimes = std::string(FLENG_SOURCE_DIR) + "/examples/primes.fl";

TEST(Repl, GoalsBindingsAndQuit) {
  const std::string home = temp_home();
  Terminal t(home, {"repl", kPrimes});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("primes(30, Ps).\r");
  EXPECT_TRUE(t.expect("Ps = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29].")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  // A goal over two lines: the continuation prompt, then the answer.
  t.type("X =\r");
  EXPECT_TRUE(t.expect("|  ")) << t.pending();
  t.type("[1, 2].\r");
  EXPECT_TRUE(t.expect("X = [1, 2].")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("true.\r");
  EXPECT_TRUE(t.expect("true.")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":help\r");
  EXPECT_TRUE(t.expect(":listing")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("no_such(1).\r");
  EXPECT_TRUE(t.expect("undefined predicate no_such/1")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("\x04");  // Ctrl-D
  EXPECT_EQ(t.wait_exit(), 0);
  std::ifstream history(home + "/.fleng_history");
  std::string text((std::istreambuf_iterator<char>(history)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("primes(30, Ps)."), std::string::npos) << text;
  std::filesystem::remove_all(home);
}

TEST(Repl, CtrlCInterruptsARunningGoal) {
  const std::string home = temp_home();
  Terminal t(home, {"repl", kPrimes});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("run(100000000).\r");  // minutes of work
  usleep(300 * 1000);
  t.type("\x03");  // Ctrl-C
  EXPECT_TRUE(t.expect("interrupted", 5000)) << t.pending();
  ASSERT_TRUE(t.expect("?- ", 5000)) << t.pending();
  // The REPL is usable afterwards.
  t.type("length([a, b, c], N).\r");
  EXPECT_TRUE(t.expect("N = 3")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":quit\r");
  EXPECT_EQ(t.wait_exit(), 0);
  std::filesystem::remove_all(home);
}

TEST(Repl, EngineThreadsRunsGoalsOnWorkersAndStopsOnCtrlC) {
  const std::string home = temp_home();
  Terminal t(home, {"repl", kPrimes});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":engine threads\r");
  EXPECT_TRUE(t.expect("engine threads: ")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":workers 2\r");
  EXPECT_TRUE(t.expect("on 2 workers")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":ius 8\r");
  EXPECT_TRUE(t.expect("engine threads: 8 IUs on 2 workers")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("primes(30, Ps).\r");
  EXPECT_TRUE(t.expect("Ps = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29].")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":stats\r");
  EXPECT_TRUE(t.expect("threads engine: 8 IUs on 2 workers")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  // :trace: the next goal's timeline in the file, then off again.
  const std::string trace = home + "/trace.json";
  t.type(":trace " + trace + "\r");
  EXPECT_TRUE(t.expect("trace of each goal to " + trace)) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("primes(100, Ps), count(Ps, 0, C).\r");
  EXPECT_TRUE(t.expect("C = 25")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  {
    std::ifstream in(trace);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find(R"("name":"worker 1")"), std::string::npos) << text.substr(0, 300);
  }
  t.type(":trace off\r");
  EXPECT_TRUE(t.expect("trace off")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("run(100000000).\r");  // minutes of work
  usleep(300 * 1000);
  t.type("\x03");  // Ctrl-C
  EXPECT_TRUE(t.expect("interrupted", 5000)) << t.pending();
  ASSERT_TRUE(t.expect("?- ", 5000)) << t.pending();
  t.type(":engine local\r");
  EXPECT_TRUE(t.expect("engine local")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("length([a, b, c], N).\r");
  EXPECT_TRUE(t.expect("N = 3")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":quit\r");
  EXPECT_EQ(t.wait_exit(), 0);
  std::filesystem::remove_all(home);
}

// Piped: bad machine values are reported and the REPL carries on; `:set ius=N` is `:ius N`.
TEST(Repl, BadMachineValuesAreReportedAndTheReplGoesOn) {
  const std::string command = "printf ':set network.copies=-1\\n:set clock_mhz=0\\n:ius 1024\\n"
                              ":set heap_cells=137438953472\\n:set ius=2\\nX = 1.\\n' | " +
                              std::string(FLENG_BINARY) + " repl 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char chunk[4096];
  for (std::size_t n; (n = fread(chunk, 1, sizeof chunk, pipe)) > 0;) output.append(chunk, n);
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
  EXPECT_NE(output.find("error: machine key 'network.copies': -1 is out of its domain"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("error: machine key 'clock_mhz': 0 is out of its domain"), std::string::npos);
  EXPECT_NE(output.find("error: machine keys 'ius' and 'heap_cells'"), std::string::npos) << output;
  EXPECT_NE(output.find("engine sim: 2 IUs"), std::string::npos) << output;  // :set ius=2 is :ius 2
  EXPECT_NE(output.find("X = 1"), std::string::npos) << output;
}

}  // namespace

namespace {

// :load of a file with an unknown directive fails with its location and the REPL goes on;
// :load of a program with an undefined call warns and loads it.
TEST(Repl, LoadReportsDirectiveErrorsAndUndefinedCalls) {
  const std::string home = temp_home() + "_load";
  std::filesystem::create_directories(home);
  std::ofstream(home + "/bad.fl") << ":- initialization(main).\nmain.\n";
  std::ofstream(home + "/warn.fl") << "main(X) :- X = 1.\nlater :- nosuch(1).\n";
  Terminal t(home, {"repl"});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":load " + home + "/bad.fl\r");
  EXPECT_TRUE(t.expect("bad.fl:1:1: error: unknown directive initialization/1")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type(":load " + home + "/warn.fl\r");
  EXPECT_TRUE(t.expect("warn.fl:2:10: warning: nosuch/1 is not defined")) << t.pending();
  EXPECT_TRUE(t.expect("loaded")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("main(X).\r");
  EXPECT_TRUE(t.expect("X = 1")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("\x04");
  EXPECT_EQ(t.wait_exit(), 0);
  std::filesystem::remove_all(home);
}

// `:trace goals` traces the goals that follow on stderr (vm/goal_trace.cpp), with the names
// of the clause's variables; `:trace goals off` stops it.
TEST(Repl, TraceGoalsPrintsEachReduction) {
  const std::string home = temp_home() + "_trace";
  std::filesystem::create_directories(home);
  std::ofstream(home + "/p.fl") << "p(X) :- q(X, Y), writeln(Y).\nq(a, Y) :- Y = b.\n";
  std::ofstream(home + "/goals.txt") << ":load " << home << "/p.fl\n:trace goals\np(a).\n"
                                     << ":trace goals off\np(a).\n:trace goals 0\n";
  const auto r = fleng::test::run_command(std::string(FLENG_BINARY) + " repl < " + home +
                                          "/goals.txt 2>&1");
  EXPECT_NE(r.output.find("reduce   p(a)  by clause 1 of p/1 at " + home + "/p.fl:1"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("reduce   q(a, Y)  by clause 1 of q/2"), std::string::npos) << r.output;
  // Traced once: the second p(a) runs untraced.
  const std::size_t first = r.output.find("reduce   p(a)");
  EXPECT_EQ(r.output.find("reduce   p(a)", first + 1), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(":trace goals: '0' is not a positive number of lines"), std::string::npos)
      << r.output;
  std::filesystem::remove_all(home);
}

}  // namespace

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("fleng_repl_" + std::to_string(getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path.string();
}

/// `fleng repl ARGS` with `input` piped to it.
fleng::test::Outcome piped_repl(const std::string& input, const std::string& args = "") {
  const std::string file = write_temp("input", input);
  auto outcome = fleng::test::run_command(std::string(FLENG_BINARY) + " repl " + args + " < " +
                                          file + " 2>&1");
  std::filesystem::remove(file);
  return outcome;
}

// [user]. at a terminal: clauses until Ctrl-D, then the REPL goes on with them; halt. leaves
// with status 0 (and halt(N) with N, below).
TEST(Repl, ConsultUserEndsWithCtrlDAndHaltLeaves) {
  const std::string home = temp_home() + "_user";
  std::filesystem::create_directories(home);
  Terminal t(home, {"repl"});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("[user].\r");
  ASSERT_TRUE(t.expect("|: ")) << t.pending();
  t.type("square(X, Y) :- Y is X * X.\r");
  ASSERT_TRUE(t.expect("|: ")) << t.pending();
  t.type("\x04");  // Ctrl-D ends the clauses, not the REPL
  EXPECT_TRUE(t.expect("added 1 clause")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("square(7, Y).\r");
  EXPECT_TRUE(t.expect("Y = 49.")) << t.pending();
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("halt.\r");
  EXPECT_EQ(t.wait_exit(), 0);
  std::filesystem::remove_all(home);
}

TEST(Repl, HaltWithAStatusLeavesWithIt) {
  const std::string home = temp_home() + "_halt";
  std::filesystem::create_directories(home);
  Terminal t(home, {"repl"});
  ASSERT_TRUE(t.expect("?- ")) << t.pending();
  t.type("halt(4).\r");
  EXPECT_EQ(t.wait_exit(), 4);
  std::filesystem::remove_all(home);
}

/// The goals `:help` shows as examples (its lines `  ?- GOAL.`).
std::vector<std::string> help_examples() {
  const auto help = piped_repl(":help\n");
  EXPECT_EQ(help.exit_code, 0) << help.output;
  std::vector<std::string> examples;
  std::istringstream lines(help.output);
  for (std::string line; std::getline(lines, line);) {
    if (const auto at = line.find("?- "); at != std::string::npos) {
      examples.push_back(line.substr(at + 3));
    }
  }
  return examples;
}

// Every example :help shows runs to an answer: no error, no deadlock, nothing undefined.
TEST(Repl, EveryHelpExampleWorks) {
  const auto examples = help_examples();
  ASSERT_GE(examples.size(), 5U);
  for (const std::string& example : examples) {
    const auto run = piped_repl(example + "\n");
    EXPECT_EQ(run.exit_code, 0) << example << "\n" << run.output;
    for (const char* bad : {"error: ", "deadlock", "undefined", "no entry"}) {
      EXPECT_EQ(run.output.find(bad), std::string::npos) << example << "\n" << run.output;
    }
    EXPECT_FALSE(run.output.empty()) << example;
  }
  // What :help says of append(X, Y, [1, 2]): it suspends, a deadlock (exit status 2).
  const auto suspends = piped_repl("append(X, Y, [1, 2]).\n");
  EXPECT_EQ(suspends.exit_code, 2) << suspends.output;
  EXPECT_NE(suspends.output.find("deadlock"), std::string::npos) << suspends.output;
}

// The help knows every entry of docs/builtins.md (the copy built into the binary is the file).
TEST(Repl, HelpKnowsEveryEntryOfTheReference) {
  std::ifstream in(std::string(FLENG_SOURCE_DIR) + "/docs/builtins.md");
  ASSERT_TRUE(in.good());
  std::string input;
  std::size_t entries = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("| `")) continue;
    const auto end = line.find("` |");
    const std::string key = line.substr(3, end - 3);  // name/arity, the name maybe quoted
    const auto slash = key.rfind('/');
    if (end == std::string::npos || slash == std::string::npos ||
        key.find_first_not_of("0123456789", slash + 1) != std::string::npos) {
      continue;  // not an entry (another table's row)
    }
    input += "help(" + key + ").\n";
    ++entries;
  }
  ASSERT_GE(entries, 100U);
  const auto run = piped_repl(input);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("no entry"), std::string::npos) << run.output;
  // One heading line `name/arity  (Section)` per entry.
  std::size_t headings = 0;
  for (std::size_t at = 0; (at = run.output.find("  (", at)) != std::string::npos; ++at) ++headings;
  EXPECT_GE(headings, entries);
}

// time(Goal) and :time GOAL: the answer, then `% N reductions, S seconds`; on the simulator
// also its cycles.
TEST(Repl, TimePrintsReductionsAndSeconds) {
  const auto run = piped_repl(
      "time((numlist(1, 1000, _Ns), sum_list(_Ns, S))).\n:time length([a, b], N)\n"
      ":engine sim\ntime(numlist(1, 10, L)).\ntime(X = f(,)).\n");
  EXPECT_EQ(run.exit_code, 1) << run.output;  // the last goal's syntax error
  const std::regex first(R"(S = 500500\.\n% ([0-9]+) reductions, [0-9]+\.[0-9]{3} seconds\n)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(run.output, m, first)) << run.output;
  EXPECT_GT(std::stoul(m[1]), 1000U);  // numlist and sum_list reduce once per element at least
  EXPECT_TRUE(std::regex_search(
      run.output, std::regex(R"(N = 2\.\n% [0-9]+ reductions, [0-9]+\.[0-9]{3} seconds\n)")))
      << run.output;
  EXPECT_TRUE(std::regex_search(
      run.output,
      std::regex(R"(L = \[1, 2, .*\]\.\n% [0-9]+ reductions, [0-9.]+ seconds, [0-9]+ simulated cycles\n)")))
      << run.output;
  // A goal that does not parse is reported where it was typed, and not timed.
  EXPECT_EQ(run.output.find("% 0 reductions"), std::string::npos) << run.output;
  EXPECT_TRUE(run.output.ends_with("<query>:1:12: error: unexpected ',', expected a term\n"
                                   "time(X = f(,))\n"
                                   "           ^\n"))
      << run.output;
}

}  // namespace
