// Helpers shared by the kernel tests: a Session writing to string streams, programs written to
// temporary files, and compact access to a query's bindings and reports.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "kernel/session.hpp"

namespace fleng::kernel::test {

/// Small heaps: quick to map, and they make the collector work.
inline vm::IuOptions test_options(std::size_t max_cells = std::size_t{1} << 20,
                                  std::size_t initial_cells = std::size_t{1} << 16) {
  vm::IuOptions options;
  options.max_heap_cells = max_cells;
  options.initial_heap_cells = initial_cells;
  return options;
}

/// A hand-annotated primes sieve with a list counter (the machine tests' common program):
/// primes(300, Ps), count(Ps, 0, C) gives C = 62.
/// The session's queries run on the simulated machine: `ius` IUs, static partitioning
/// `static_on`, dynamic-partitioning threshold `threshold`, 2 MiB of heap per IU.
inline void simulate_on(Session& session, unsigned ius, bool static_on = true, unsigned threshold = 128) {
  auto& engine = session.engine();
  engine.simulated = true;
  engine.machine.ius = ius;
  engine.machine.static_partitioning = static_on;
  engine.machine.threshold = threshold;
  engine.machine.heap_cells = std::size_t{1} << 18;
}

inline const char* const kAnnotatedPrimes = R"(
primes(Max, Ps) :- gen(2, Max, Ns), sift(Ns, Ps).
gen(N, Max, Ns) :- less_eq(N, Max, C), gen1(C, N, Max, Ns).
gen1(true, N, Max, Ns) :- Ns = [N|Ns1], add(N, 1, N1), gen(N1, Max, Ns1).
gen1(false, _, _, Ns) :- Ns = [].
sift([], Ps) :- Ps = [].
sift([P|Xs], Ps) :- Ps = [P|Ps1], filter(P, Xs, Ys @ any(1)) @ to(1), sift(Ys, Ps1) @ to(1).
filter(_, [], Ys) :- Ys = [].
filter(P, [X|Xs], Ys) :- mod(X, P, M), equal(M, 0, Z), filter1(Z, P, X, Xs, Ys).
filter1(true, P, _, Xs, Ys) :- filter(P, Xs, Ys).
filter1(false, P, X, Xs, Ys) :- Ys = [X|Ys1], filter(P, Xs, Ys1).
count([], C0, C) :- C = C0.
count([_|Xs], C0, C) :- add(C0, 1, C1), count(Xs, C1, C).
)";

class SessionTest : public ::testing::Test {
 protected:
  SessionTest() : session_(std::make_unique<Session>(out, err, test_options())) {}

  ~SessionTest() override {
    for (const auto& f : files_) {
      std::error_code ignored;
      std::filesystem::remove(f, ignored);
    }
  }

  /// A new session with other options (the old one's output is kept in `out`/`err`).
  void reopen(vm::IuOptions options) { session_ = std::make_unique<Session>(out, err, options); }

  Session& session() { return *session_; }

  /// Writes `source` to a fresh temporary file and returns its path.
  std::string write_file(const std::string& source, const std::string& stem = "prog") {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string name = std::string("fleng_") + info->test_suite_name() + "_" + info->name() +
                             "_" + std::to_string(::getpid()) + "_" + stem + "_" +
                             std::to_string(files_.size()) + ".fl";
    const auto file = (std::filesystem::temp_directory_path() / name).string();
    std::ofstream(file) << source;
    files_.push_back(file);
    return file;
  }

  /// Loads a program from source text; false (and the diagnostics in `err`) on errors.
  bool load(const std::string& source) {
    path = write_file(source);
    return session_->load({path});
  }

  /// Runs a query; the output so far is cleared first.
  QueryResult query(const std::string& text) {
    out.str("");
    err.str("");
    return session_->run_query(text);
  }

  /// The printed value of a named variable of a query.
  static std::string binding(const QueryResult& r, const std::string& name) {
    for (const auto& [n, v] : r.bindings) {
      if (n == name) return v;
    }
    ADD_FAILURE() << "no binding for " << name;
    return "<none>";
  }

  /// Runs a query that must succeed and returns the value of `name`.
  std::string value(const std::string& text, const std::string& name = "X") {
    const auto r = query(text);
    EXPECT_EQ(r.exit_code, kExitSuccess) << text << "\n" << r.report;
    EXPECT_EQ(r.report, "") << text;
    return binding(r, name);
  }

  /// Runs a query that must stop with a runtime error and returns the report.
  std::string error_report(const std::string& text) {
    const auto r = query(text);
    EXPECT_EQ(r.status, vm::RunStatus::Error) << text;
    EXPECT_EQ(r.exit_code, kExitError) << text;
    return r.report;
  }

  /// The first line of an error report without its location: "error: ...".
  std::string error_message(const std::string& text) {
    const std::string report = error_report(text);
    const auto start = report.find("error: ");
    if (start == std::string::npos) return "no error in: " + report;
    return report.substr(start, report.find('\n', start) - start);
  }

  /// The `  goal: ...` line of an error report (without the prefix).
  std::string error_goal(const std::string& text) {
    const std::string report = error_report(text);
    const auto start = report.find("  goal: ");
    if (start == std::string::npos) return "no goal in: " + report;
    return report.substr(start + 8, report.find('\n', start) - start - 8);
  }

  std::ostringstream out;
  std::ostringstream err;
  std::string path;  ///< the last file load() wrote

 private:
  std::unique_ptr<Session> session_;
  std::vector<std::string> files_;
};

}  // namespace fleng::kernel::test
