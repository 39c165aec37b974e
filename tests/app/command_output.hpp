// Runs a shell command line as the app tests run the fleng binary, and keeps what it printed
// (stdout and stderr as the line redirects them) and how it ended. One place for popen, the
// exit status of a signalled process (128 + signal) and an output cap for runaway prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace fleng::test {

struct Outcome {
  int exit_code = -1;
  std::string output;
};

/// Runs `command` through the shell; output past `keep` bytes keeps only its last half.
inline Outcome run_command(const std::string& command,
                           std::size_t keep = std::size_t{1} << 22) {
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return outcome;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) {
    outcome.output += buffer.data();
    if (outcome.output.size() > keep) outcome.output.erase(0, outcome.output.size() - keep / 2);
  }
  const int status = pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
#if defined(__SANITIZE_ADDRESS__)
  // Under ASan the simulator's fiber switches make it print a warning about its stacks (not a
  // report: the run goes on); it is not the program's output.
  const std::string tail =
      "False positive error reports may follow\nFor details see "
      "https://github.com/google/sanitizers/issues/189\n";
  for (std::size_t at; (at = outcome.output.find("WARNING: ASan is ignoring requested "
                                                  "__asan_handle_no_return")) != std::string::npos;) {
    const std::size_t begin = outcome.output.rfind("==", outcome.output.rfind("==", at) - 1);
    const std::size_t end = outcome.output.find(tail, at);
    if (begin == std::string::npos || end == std::string::npos) break;
    outcome.output.erase(begin, end + tail.size() - begin);
  }
#endif
  return outcome;
}

}  // namespace fleng::test
