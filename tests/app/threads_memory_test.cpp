// Resident memory of idle IUs on the threads engine, measured as the peak resident size of a
// `fleng run` process (wait4's rusage): hello world on 256 IUs must not map in their heaps
// (256 workers took 4 GB while the initial heaps were populated for every IU with a worker).
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

/// The peak resident size of `fleng run ARGS...` in KiB (-1 if it did not exit with 0).
long peak_rss_kib(const std::vector<std::string>& arguments) {
  std::vector<std::string> args{FLENG_BINARY, "run"};
  args.insert(args.end(), arguments.begin(), arguments.end());
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(FLENG_BINARY, argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (pid < 0 || wait4(pid, &status, 0, &usage) != pid) return -1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return usage.ru_maxrss;
}

TEST(ThreadsMemory, IdleIusStaySmall) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's shadow memory and thread state make resident memory no measure";
#endif
  const auto file = (std::filesystem::temp_directory_path() /
                     ("fleng-threads-memory-" + std::to_string(getpid()) + ".fl"))
                        .string();
  std::ofstream(file) << "main :- writeln(hello).\n";
  for (const char* workers : {"256", "2"}) {
    const long kib = peak_rss_kib({file, "--engine", "threads", "--workers", workers, "--ius", "256"});
    EXPECT_GT(kib, 0) << workers << " workers";
    EXPECT_LT(kib, 200 * 1024) << workers << " workers: " << kib << " KiB resident";
  }
  std::filesystem::remove(file);
}

}  // namespace
