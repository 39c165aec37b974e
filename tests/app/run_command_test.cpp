// `fleng run` as a user runs it (the binary, FLENG_BINARY): options that reach the engines and
// the errors of options, checked by exit code, output and message.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include <sys/wait.h>

#include "command_output.hpp"

namespace {

using fleng::test::Outcome;  // output: stdout and stderr together

Outcome fleng(const std::string& arguments) {
  return fleng::test::run_command(std::string(FLENG_BINARY) + " run " + arguments + " 2>&1");
}

const std::string kPrimes = std::string(FLENG_SOURCE_DIR) + "/examples/primes.fl";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("fleng-run-test-" + std::to_string(getpid()) + "-" + name))
      .string();
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
  EXPECT_NE(local.output.find("--engine local does not understand --trace"), std::string::npos)
      << local.output;
}

/// A shell command line with the binary as FLENG (for `ulimit` in front of it).
Outcome shell(const std::string& line) {
  return fleng::test::run_command("FLENG=" + std::string(FLENG_BINARY) + "; " + line + " 2>&1");
}

// Values outside a key's domain, however given, stop the run before it starts: exit 1, a message
// that starts with `fleng: ` and names the key, the value and the domain. None aborts.
TEST(RunCommand, BadMachineValuesAreErrorsNamingKeyValueAndDomain) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--set network.copies=-1", "machine key 'network.copies': -1 is out of its domain"},
      {"--set heap_cells=0", "machine key 'heap_cells': 0 is out of its domain"},
      {"--set heap_cells=1000000000000", "machine key 'heap_cells': 1000000000000 is out"},
      {"--set unired.suspend=-3", "machine key 'unired.suspend': -3 is out of its domain"},
      {"--set clock_mhz=0", "machine key 'clock_mhz': 0 is out of its domain (a number from"},
      {"--set ius=2.5", "machine key 'ius': 2.5 is out of its domain (an integer from 1 to 1024)"},
      {"--set threads.batch_goals=0 --engine threads", "machine key 'threads.batch_goals': 0"},
      {"--set threshold=abc", "machine key 'threshold': \"abc\" is out of its domain"},
      {"--set mp.reduce=true", "machine key 'mp.reduce': true is out of its domain"},
      {"--set network.latency=-5", "machine key 'network.latency': -5 is out of its domain"},
      {"--ius 1024 --set heap_cells=137438953472", "machine keys 'ius' and 'heap_cells': 1024 IUs"},
      {"--heap 1048576 --ius 1024", "--heap 1048576: machine keys 'ius' and 'heap_cells'"},
      {"--engine local --heap 1048576", "--heap 1048576: 1 IU x 1024 GiB of heap"},
      {"--engine threads --heap 1048576", "--heap 1048576: "},
      {"--heap 0", "--heap: Value 0 not in range"},
      {"--heap-min 0", "--heap-min: Value 0 not in range"},
      {"--engine local --heap 16 --heap-min 32", "--heap-min 32 MiB is more than the heap limit of 16 MiB"},
      {"--engine threads --heap-min 2000", "--heap-min 2000 MiB is more than the heap limit of 1024 MiB"},
      {"--engine sim --heap-min 32", "--heap-min is for the host engines"},
      {"--ius 2000", "--ius: Value 2000 not in range"},
      {"--ius 4 --set ius=16", "--set ius=16: the machine key 'ius' is already given by --ius 4"},
      {"--threshold 3 --set threshold=4", "the machine key 'threshold' is already given by"},
      {"--heap 8 --set heap_cells=4096", "the machine key 'heap_cells' is already given by --heap 8"},
      {"--set net_latency=1 --set network.latency=2", "already given by --set net_latency=1"},
  };
  for (const auto& [arguments, message] : cases) {
    const auto r = fleng(kPrimes + " -g 'run(100)' " + arguments);
    EXPECT_EQ(r.exit_code, 1) << arguments << ": " << r.output;
    EXPECT_EQ(r.output.rfind("fleng: ", 0), 0U) << arguments << ": " << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << arguments << ": " << r.output;
  }
}

TEST(RunCommand, BadValuesInAMachineFileAreErrorsToo) {
  const std::string file = temp_path("machine.json");
  for (const std::string json : {R"({"network": {"copies": -1}})", R"({"clock_mhz": 0})",
                                 R"({"ius": 2.5})", R"({"heap_cells": 1000000000000})"}) {
    std::ofstream(file) << json;
    const auto r = fleng(kPrimes + " -g 'run(100)' --machine " + file);
    EXPECT_EQ(r.exit_code, 1) << json << ": " << r.output;
    EXPECT_NE(r.output.find("fleng: machine key '"), std::string::npos) << json << ": " << r.output;
  }
  std::filesystem::remove(file);
}

// Extremes inside the domains run (or end in a named error), never abort or hang.
TEST(RunCommand, ExtremeValuesInsideTheDomainsRun) {
  const auto huge = fleng(kPrimes + " -g 'run(100)' --engine sim --ius 16 --set unired.reduce_dispatch=1000000 "
                                    "--set network.latency=1000000 --set nip.message=1000000 "
                                    "--set network.bytes_per_word=64 --set clock_mhz=0.001");
  EXPECT_EQ(huge.exit_code, 0) << huge.output;
  EXPECT_EQ(huge.output, "25\n");
  const auto many = fleng(kPrimes + " -g 'run(100)' --engine sim --ius 1024 --set heap_cells=65536");
  EXPECT_EQ(many.exit_code, 0) << many.output;
  const auto tiny = fleng(kPrimes + " -g 'run(100)' --engine sim --ius 2 --set heap_cells=4096");
  EXPECT_EQ(tiny.exit_code, 1) << tiny.output;
  EXPECT_NE(tiny.output.find("exhausted"), std::string::npos) << tiny.output;
  const auto batches = fleng(kPrimes + " -g 'run(100)' --engine threads --workers 2 "
                                       "--set threads.batch_goals=1 --set threads.batch_reductions=1 "
                                       "--set threads.time_slice=1");
  EXPECT_EQ(batches.exit_code, 0) << batches.output;
  EXPECT_EQ(batches.output, "25\n");
}

// A heap the host cannot give (here: an address-space limit) is an error, not an abort.
TEST(RunCommand, AHeapBeyondTheAddressSpaceLimitIsAnError) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer reserves terabytes of shadow memory: it cannot start under "
                  "ulimit -v";
#endif
  const auto r = shell("ulimit -v 1000000; $FLENG run " + kPrimes + " -g 'run(100)' --engine sim --ius 64");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("fleng: machine keys 'ius' and 'heap_cells'"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("address-space limit"), std::string::npos) << r.output;
}

// --heap-min keeps a host engine's heaps at least that large after each collection: the same
// answer with fewer collections.
TEST(RunCommand, HeapMinCollectsLessOftenWithTheSameAnswer) {
  for (const char* engine : {"local", "threads --workers 2"}) {
    const auto collections = [&](const std::string& more) {
      const auto r = fleng::test::run_command(std::string(FLENG_BINARY) + " run " + kPrimes +
                                              " -g 'run(30000)' --stats json --engine " + engine +
                                              more + " 2>&1");
      EXPECT_EQ(r.exit_code, 0) << r.output;
      EXPECT_EQ(r.output.rfind("3245\n", 0), 0U) << r.output;
      const auto at = r.output.find("\"gc_collections\":");
      EXPECT_NE(at, std::string::npos) << r.output;
      return at == std::string::npos ? 0UL : std::stoul(r.output.substr(at + 17));
    };
    const unsigned long plain = collections("");
    const unsigned long large = collections(" --heap-min 64");
    EXPECT_GT(plain, 1UL) << engine;
    EXPECT_LT(large, plain) << engine;
  }
}

/// A counter of --stats json in `output` (0 when it is missing, with a failure).
unsigned long stat_of(const std::string& output, const std::string& name) {
  const auto at = output.find("\"" + name + "\":");
  EXPECT_NE(at, std::string::npos) << name << " in " << output;
  return at == std::string::npos ? 0UL : std::stoul(output.substr(at + name.size() + 3));
}

// The local engine's time slice (docs/engine.md, "The time slice"): by default the sieve's
// generator and each filter finish their streams before the next stage runs, so nothing
// suspends; --time-slice 1000 (the simulated PIE64's slice) interleaves the stages, which then
// suspend on each other's streams. The answer and the work are the same.
TEST(RunCommand, TimeSliceSetsHowLongAGoalRunsBeforeOthers) {
  const auto run = [](const std::string& more) {
    return fleng::test::run_command(std::string(FLENG_BINARY) + " run " + kPrimes +
                                    " -g 'run(3000)' --stats json" + more + " 2>&1");
  };
  const auto long_slice = run("");
  const auto short_slice = run(" --time-slice 1000");
  for (const auto* r : {&long_slice, &short_slice}) {
    EXPECT_EQ(r->exit_code, 0) << r->output;
    EXPECT_EQ(r->output.rfind("430\n", 0), 0U) << r->output;
  }
  EXPECT_EQ(stat_of(long_slice.output, "suspensions"), 0UL);
  EXPECT_GT(stat_of(short_slice.output, "suspensions"), 100UL);
  EXPECT_EQ(stat_of(long_slice.output, "reductions"), stat_of(short_slice.output, "reductions"));

  const auto sim = fleng(kPrimes + " -g 'run(100)' --engine sim --time-slice 10");
  EXPECT_EQ(sim.exit_code, 1) << sim.output;
  EXPECT_NE(sim.output.find("--engine sim does not understand --time-slice 10"), std::string::npos)
      << sim.output;
  const auto zero = fleng(kPrimes + " --time-slice 0");
  EXPECT_EQ(zero.exit_code, 1) << zero.output;
  EXPECT_NE(zero.output.find("--time-slice"), std::string::npos) << zero.output;
}

}  // namespace
