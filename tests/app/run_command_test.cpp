// `fleng run` as a user runs it (the binary, FLENG_BINARY): options that reach the engines and
// the errors of options, checked by exit code, output and message.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <sys/wait.h>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

Outcome fleng(const std::string& arguments) {
  const std::string command = std::string(FLENG_BINARY) + " run " + arguments + " 2>&1";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return outcome;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) {
    outcome.output += buffer.data();
  }
  const int status = pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

const std::string kPrimes = std::string(FLENG_SOURCE_DIR) + "/examples/primes.fl";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("fleng-run-test-" + name)).string();
}

TEST(RunCommand, ThreadsEngineWritesItsTrace) {
  const std::string trace = temp_path("threads-trace.json");
  const auto r = fleng(kPrimes + " -g 'run(1000)' --engine threads --workers 2 --trace " + trace);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "168\n");
  std::ifstream in(trace);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(trace);
  EXPECT_NE(text.str().find(R"("name":"worker 1")"), std::string::npos) << text.str().substr(0, 400);
  EXPECT_NE(text.str().find(R"("name":"IU 0")"), std::string::npos);
}

// Checked before the run: a long run does not end with its trace lost, and nothing crashes.
TEST(RunCommand, ATraceFileThatCannotBeWrittenIsAnError) {
  for (const char* engine : {"sim --ius 2", "threads"}) {
    const auto r = fleng(kPrimes + " -g 'run(100)' --engine " + engine +
                         " --trace /nonexistent-directory/trace.json");
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.output;
    EXPECT_EQ(r.output, "fleng: cannot write the trace file /nonexistent-directory/trace.json\n")
        << engine;
  }
  const auto local = fleng(kPrimes + " -g 'run(100)' --engine local --trace " + temp_path("x"));
  EXPECT_EQ(local.exit_code, 1) << local.output;
  EXPECT_NE(local.output.find("--trace need"), std::string::npos) << local.output;
}

}  // namespace
