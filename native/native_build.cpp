// native/native_build.hpp: finding the toolchain beside the fleng binary, running the compiler.
#include "native/native_build.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

extern char** environ;

namespace fleng::native {

namespace {

namespace fs = std::filesystem;

/// The first line of a small text file, or empty.
std::string first_line(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

/// `program` as found on PATH (or as given when it has a slash), or empty.
std::string on_path(const std::string& program) {
  if (program.find('/') != std::string::npos) {
    return ::access(program.c_str(), X_OK) == 0 ? program : std::string();
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(start, end - start)) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    start = end + 1;
  }
  return {};
}

}  // namespace

Toolchain find_toolchain() {
  fs::path dir;
  if (const char* given = std::getenv("FLENG_NATIVE_DIR"); given != nullptr && *given != '\0') {
    dir = given;
  } else {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw std::runtime_error("cannot find the fleng binary's folder (/proc/self/exe)");
    dir = self.parent_path() / "native";
  }
  Toolchain t;
  t.compile_rsp = (dir / "compile.rsp").string();
  t.link_rsp = (dir / "link.rsp").string();
  for (const std::string& file : {t.compile_rsp, t.link_rsp}) {
    if (!fs::is_regular_file(file)) {
      throw std::runtime_error(fmt::format(
          "{} is missing: `fleng build` needs the build folder fleng was built in (its "
          "libraries and native/), or FLENG_NATIVE_DIR naming that native/ folder",
          file));
    }
  }
  std::string compiler = first_line(dir / "compiler.txt");
  if (const char* cxx = std::getenv("CXX"); cxx != nullptr && *cxx != '\0') compiler = cxx;
  if (compiler.empty()) compiler = "c++";
  t.compiler = on_path(compiler);
  if (t.compiler.empty()) {
    throw std::runtime_error(fmt::format(
        "no C++ compiler: {} is not installed (install g++: apt-get install g++, or set CXX)",
        compiler));
  }
  return t;
}

bool write_source(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

namespace {

/// Runs the compiler with `words` (its path first): true when it exits with 0.
bool run_compiler(const Toolchain& toolchain, std::vector<std::string> words, std::ostream& err) {
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  err.flush();
  pid_t pid = 0;
  if (const int e = ::posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ); e != 0) {
    err << fmt::format("fleng: cannot run the C++ compiler {}: {}\n", toolchain.compiler,
                       std::strerror(e));
    return false;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      err << fmt::format("fleng: waiting for the C++ compiler: {}\n", std::strerror(errno));
      return false;
    }
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  err << fmt::format("fleng: the C++ compiler {} failed ({})\n", toolchain.compiler,
                     WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                       : std::string("killed by a signal"));
  return false;
}

}  // namespace

bool compile_executable(const Toolchain& toolchain, const std::vector<std::string>& sources,
                        const std::string& output, std::ostream& err) {
  std::vector<std::string> words{toolchain.compiler, "@" + toolchain.compile_rsp};
  for (const std::string& source : sources) words.push_back(source);
  words.push_back("@" + toolchain.link_rsp);
  words.push_back("-o");
  words.push_back(output);
  return run_compiler(toolchain, std::move(words), err);
}

bool compile_shared_object(const Toolchain& toolchain, const std::vector<std::string>& sources,
                           const std::string& output, std::ostream& err) {
  std::vector<std::string> words{toolchain.compiler, "@" + toolchain.compile_rsp, "-fPIC", "-shared"};
  for (const std::string& source : sources) words.push_back(source);
  words.push_back("-o");
  words.push_back(output);
  return run_compiler(toolchain, std::move(words), err);
}

}  // namespace fleng::native
