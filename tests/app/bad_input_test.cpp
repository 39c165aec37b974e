// What careless input does to `fleng` (the binary, FLENG_BINARY), class by class: a directory
// given as a program, several goals where one is run, output that cannot be written, exit
// codes that do not fit a process status, Ctrl-C on every engine, and terms whose text must
// read back. Each case: a clear message, a non-zero exit status, nothing lost or crashed.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "command_output.hpp"


namespace {

using fleng::test::Outcome;

/// Runs `fleng ARGUMENTS` through the shell (so redirections work), stdout and stderr together.
Outcome fleng(const std::string& arguments, const std::string& redirect = "2>&1") {
  return fleng::test::run_command(std::string(FLENG_BINARY) + " " + arguments + " " + redirect);
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("fleng-bad-input-" + std::to_string(getpid()) + "-" + name))
      .string();
}

/// A file with `text`, removed at the end of the test.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text) : path_(temp_path(name)) {
    std::ofstream(path_) << text;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

const std::vector<std::string> kEngines = {"local", "sim --ius 1", "sim --ius 4",
                                           "threads --workers 2"};

TEST(BadInput, ADirectoryIsNotAProgram) {
  const std::string dir = temp_path("dir");
  std::filesystem::create_directories(dir);
  const auto machine = fleng("run " + dir + "/../x.fl --engine sim --machine " + dir);
  EXPECT_EQ(machine.exit_code, 1) << machine.output;
  EXPECT_NE(machine.output.find("fleng: cannot read machine description " + dir +
                                ": it is a directory"),
            std::string::npos)
      << machine.output;
  for (const std::string command : {"run", "check", "fmt", "analyze"}) {
    const auto r = fleng(command + " " + dir);
    EXPECT_EQ(r.exit_code, 1) << command << ": " << r.output;
    EXPECT_NE(r.output.find(dir + ": error: cannot read the program: it is a directory"),
              std::string::npos)
        << command << ": " << r.output;
  }
  std::filesystem::remove_all(dir);
}

TEST(BadInput, SeveralGoalsGivenToRunAreRefusedNotDropped) {
  const TempFile program("p.fl", "main :- writeln(main).\n");
  for (const std::string& engine : kEngines) {
    const auto r = fleng("run " + program.path() + " --engine " + engine +
                         " -g 'writeln(a). writeln(b).'");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output;
    EXPECT_NE(r.output.find("2 goals given where one is run at a time"), std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("a\n"), std::string::npos) << "nothing runs: " << r.output;
  }
  // A goal without its final `.` followed by another is two goals too; a comment is none.
  EXPECT_EQ(fleng("run " + program.path() + " -g 'writeln(a). writeln(b)'").exit_code, 1);
  const auto commented = fleng("run " + program.path() + " --engine local -g 'writeln(a). % c'");
  EXPECT_EQ(commented.exit_code, 0) << commented.output;
  EXPECT_EQ(commented.output, "a\n");
}

TEST(BadInput, TheReplRunsEveryGoalOfALine) {
  const TempFile input("goals.txt", "X = 1. Y = 2.\nZ = 3. % a comment\nW = [1,\n2]. V = a.\n");
  const auto r = fleng("repl < " + input.path());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "X = 1.\nY = 2.\nZ = 3.\nW = [1, 2].\nV = a.\n");
}

TEST(BadInput, OutputThatCannotBeWrittenIsAnError) {
  const TempFile program("p.fl", "main :- writeln(hello).\n");
  for (const std::string& engine : kEngines) {
    const auto r = fleng("run " + program.path() + " --engine " + engine, "2>&1 >/dev/full");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output;
    EXPECT_NE(r.output.find("cannot write the program's output: No space left on device"),
              std::string::npos)
        << engine << ": " << r.output;
  }
}

TEST(BadInput, JsonStatisticsStartALineOfTheirOwn) {
  const TempFile program("p.fl", "main :- write(no_newline).\n");
  for (const std::string& engine : kEngines) {
    const auto r = fleng("run " + program.path() + " --engine " + engine + " --stats=json",
                         "2>/dev/null");
    EXPECT_EQ(r.exit_code, 0) << engine;
    EXPECT_EQ(r.output.rfind("no_newline\n{", 0), 0U) << engine << ": " << r.output;
  }
}

TEST(BadInput, AnExitCodeThatDoesNotFitAProcessStatusIsAnError) {
  const TempFile program("p.fl", "main :- writeln(hi).\n");
  for (const std::string& engine : kEngines) {
    for (const std::string code : {"256", "-1", "4294967296"}) {
      const auto r = fleng("run " + program.path() + " --engine " + engine + " -g 'halt(" +
                           code + ")'");
      EXPECT_EQ(r.exit_code, 1) << engine << " halt(" << code << "): " << r.output;
      EXPECT_NE(r.output.find("out of range (0..255)"), std::string::npos) << r.output;
    }
    EXPECT_EQ(fleng("run " + program.path() + " --engine " + engine + " -g 'halt(255)'").exit_code,
              255);
  }
}

TEST(BadInput, NotANumberPrintsAsNan) {
  const TempFile program("p.fl", "main :- mul(1.0e308, 10.0, I), sub(I, I, N), writeln(N).\n");
  const auto r = fleng("run " + program.path() + " --engine local");
  EXPECT_EQ(r.output, "nan\n");
}

TEST(BadInput, QuotedAtomsWithControlCharactersReadBack) {
  // The writer quotes an atom of NUL, SOH, newline, DEL and `\`; the program that reads that
  // text back must get the same character codes.
  const TempFile program(
      "write.fl", "main :- list_to_atom([97, 0, 1, 10, 127, 92, 98], A), writeln(f(A)).\n");
  const auto written = fleng("run " + program.path() + " --engine local", "2>&1");
  ASSERT_EQ(written.exit_code, 0) << written.output;
  ASSERT_EQ(written.output.find('\0'), std::string::npos);
  std::string term = written.output.substr(0, written.output.find('\n'));
  const TempFile reader("read.fl", "main :- X = " + term +
                                       ", X = f(A), atom_to_list(A, L), writeln(L).\n");
  const auto read = fleng("run " + reader.path() + " --engine local");
  EXPECT_EQ(read.exit_code, 0) << term << ": " << read.output;
  EXPECT_EQ(read.output, "[97,0,1,10,127,92,98]\n") << term;
}

/// Starts `fleng ARGS` with its output in a pipe, sends SIGINT after `delay`, and waits up to
/// `limit` for it to end. The exit status (-1: it did not end in time, and was killed).
int interrupted_exit(const std::vector<std::string>& args, std::string& output,
                     std::chrono::milliseconds delay, std::chrono::milliseconds limit) {
  int fds[2];
  if (pipe(fds) != 0) return -2;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    std::vector<char*> argv{const_cast<char*>(FLENG_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(FLENG_BINARY, argv.data());
    _exit(127);
  }
  close(fds[1]);
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  std::this_thread::sleep_for(delay);
  kill(pid, SIGINT);
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  int result = -1;
  for (;;) {
    std::array<char, 4096> buffer{};
    for (ssize_t n; (n = read(fds[0], buffer.data(), buffer.size())) > 0;) {
      output.append(buffer.data(), static_cast<std::size_t>(n));
    }
    if (waitpid(pid, &status, WNOHANG) == pid) {
      result = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  close(fds[0]);
  return result;
}

TEST(BadInput, CtrlCStopsARunningGoalOnEveryEngine) {
  const TempFile program("loop.fl", "main :- loop(0).\nloop(N) :- add(N, 1, M), loop(M).\n");
  for (const std::vector<std::string>& engine :
       {std::vector<std::string>{"local"}, {"sim", "--ius", "1"}, {"sim", "--ius", "16"},
        {"threads", "--workers", "2"}}) {
    std::vector<std::string> args{"run", program.path(), "--engine"};
    args.insert(args.end(), engine.begin(), engine.end());
    std::string output;
    const int status = interrupted_exit(args, output, std::chrono::milliseconds(300),
                                        std::chrono::milliseconds(3000));
    EXPECT_EQ(status, 1) << engine.front() << ": " << output;
    EXPECT_NE(output.find("interrupted"), std::string::npos) << engine.front() << ": " << output;
  }
}

}  // namespace

namespace {

TEST(BadInput, ArithmeticEdgesAreLocatedErrorsThatSayWhy) {
  const TempFile program("arith.fl",
                         "main :- writeln(start).\n"
                         "via_call :- call(div(1, 0, _)).\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"shl(1, 63, X)", "integer overflow in shl/3"},
      {"shl(-2, 63, X)", "integer overflow in shl/3"},
      {"list_to_number(\"99999999999999999999999\", X)",
       "integer overflow in list_to_number/2"},
      {"list_to_number(\"1.0e999\", X)", "float overflow in list_to_number/2"},
      {"new_vector(10000000000, 0, X)", "new_vector/3: size 10000000000 is out of range (0..16777215)"},
      {"make_tuple(-1, X)", "make_tuple/2: size -1 is out of range (0..16777215)"},
  };
  for (const std::string& engine : kEngines) {
    for (const auto& [goal, message] : cases) {
      const auto r = fleng("run " + program.path() + " --engine " + engine + " -g '" + goal +
                           ", writeln(X)'");
      EXPECT_EQ(r.exit_code, 1) << engine << " " << goal << ": " << r.output;
      EXPECT_NE(r.output.find("<goal>:1:1: error: " + message), std::string::npos)
          << engine << " " << goal << ": " << r.output;
    }
    // An error of a goal run by call/1 names the line of the call.
    const auto r = fleng("run " + program.path() + " --engine " + engine + " -g via_call");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find(program.path() + ":2:13: error: division by zero in div/3"),
              std::string::npos)
        << engine << ": " << r.output;
  }
  const auto fits = fleng("run " + program.path() + " --engine local -g 'shl(-1, 63, X), writeln(X)'");
  EXPECT_EQ(fits.output, "-9223372036854775808\n");
}

}  // namespace

namespace {

TEST(BadInput, OutputBeforeHaltIsKeptAndInOrderOnEveryEngine) {
  const TempFile program("halt.fl",
                         "main :- writeln(one), q.\n"
                         "q :- writeln(two), writeln(three), halt(4).\n");
  for (const std::string& engine : kEngines) {
    for (const std::string statics : {"on", "off"}) {
      const std::string options =
          engine == "local" ? engine : engine + " --static " + statics;
      const auto r = fleng("run " + program.path() + " --engine " + options);
      EXPECT_EQ(r.exit_code, 4) << options << ": " << r.output;
      EXPECT_EQ(r.output, "one\ntwo\nthree\n") << options;
    }
  }
}

}  // namespace

namespace {

// A machine key means the same on every engine that has what it sets: heap_cells limits the
// threads engine's heaps too, as --heap does.
TEST(BadInput, HeapCellsLimitsTheThreadsEngineToo) {
  const TempFile program("list.fl",
                         "main :- numlist(1, 300000, L), writeln(L).\n");
  const auto small = fleng("run " + program.path() +
                           " --engine threads --workers 2 --set heap_cells=8192", "2>&1 >/dev/null");
  EXPECT_EQ(small.exit_code, 1) << small.output;
  EXPECT_NE(small.output.find("exhausted"), std::string::npos) << small.output;
  EXPECT_NE(small.output.find("heap_cells"), std::string::npos) << small.output;
  const auto enough = fleng("run " + program.path() +
                            " --engine threads --workers 2 --set heap_cells=4194304", "2>&1 >/dev/null");
  EXPECT_EQ(enough.exit_code, 0) << enough.output;
}

}  // namespace

namespace {

// The common idiom: compute, print, halt. The halt/1 (ready at once) must not end the run
// before the writeln/1 that waits for the result has written it.
TEST(BadInput, HaltWaitsForTheOutputWrittenBeforeIt) {
  const TempFile program("compute.fl",
                         "main :- p(X), writeln(X), writeln(done), halt(3).\n"
                         "p(X) :- q(Y), add(Y, 1, X).\n"
                         "q(Y) :- Y = 41.\n");
  for (const std::string& engine : kEngines) {
    const auto r = fleng("run " + program.path() + " --engine " + engine);
    EXPECT_EQ(r.exit_code, 3) << engine << ": " << r.output;
    // (The goals start in textual order on one IU and on every engine: writeln(X) waits for p,
    // writeln(done) after it; the halt waits for both.)
    EXPECT_EQ(r.output, "42\ndone\n") << engine;
  }
  const auto goal = fleng("run " + program.path() + " --engine sim -g 'p(X), writeln(X), halt(4)'");
  EXPECT_EQ(goal.exit_code, 4) << goal.output;
  EXPECT_EQ(goal.output, "42\n");
}

}  // namespace
