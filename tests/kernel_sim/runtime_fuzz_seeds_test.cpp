// The runtime fuzzer's generator and checker (tests/fuzz/program_generator.hpp) over fixed
// seeds, so that the default suite runs what scripts/fuzz-runtime.sh fuzzes: each seed's bytes
// make a program that runs on the local engine and on the simulated machine with a step limit
// and small heaps, without a crash, within the limit, and with the same answer from both when it
// is deterministic. (Labelled `sim` with the machine's tests: the ASan run leaves fibers out.)
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "tests/fuzz/program_generator.hpp"

namespace fleng::fuzz {
namespace {

constexpr unsigned kSeeds = 300;

std::vector<std::uint8_t> seed_bytes(unsigned seed) {
  std::mt19937_64 random(seed);
  std::vector<std::uint8_t> bytes(1024);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(random());
  return bytes;
}

TEST(RuntimeFuzzSeeds, EveryProgramLoadsRunsWithinTheLimitAndBothEnginesAgree) {
  RunLimits limits;
  limits.max_reductions = 5000;
  unsigned successes = 0;
  unsigned compared = 0;
  for (unsigned seed = 0; seed < kSeeds; ++seed) {
    const auto bytes = seed_bytes(seed);
    ByteSource source(bytes.data(), bytes.size());
    const GeneratedProgram program = generate_program(source);
    const std::string problem = check_program(program, limits);
    EXPECT_EQ(problem, "") << "seed " << seed;
    const EngineRun local = run_program(program, false, limits);
    if (local.exit_code == 0) ++successes;
    if (program.deterministic) ++compared;
  }
  // The generator is of use only if many of its programs get somewhere.
  EXPECT_GT(successes, kSeeds / 10);
  EXPECT_GT(compared, kSeeds / 2);
}

TEST(RuntimeFuzzSeeds, TheStepLimitStopsALoopOnBothEngines) {
  GeneratedProgram program;
  program.text = "main :- loop(0).\nloop(N) :- add(N, 1, N1), loop(N1).\n";
  program.ius = 4;
  RunLimits limits;
  limits.max_reductions = 3000;
  for (const bool simulated : {false, true}) {
    const EngineRun run = run_program(program, simulated, limits);
    EXPECT_EQ(run.exit_code, 1) << simulated;
    EXPECT_TRUE(run.step_limit()) << run.report;
    EXPECT_GE(run.reductions, 3000U);
    EXPECT_LE(run.reductions, 3000U + 1000U * 5);
  }
  // A run that finishes at the limit is not stopped.
  program.text = "main :- loop(0).\nloop(N) :- less(N, 10, C), loop1(C, N).\n"
                 "loop1(true, N) :- add(N, 1, N1), loop(N1).\nloop1(false, _).\n";
  for (const bool simulated : {false, true}) {
    limits.max_reductions = 1000;
    const EngineRun full = run_program(program, simulated, limits);
    ASSERT_EQ(full.exit_code, 0) << full.report;
    limits.max_reductions = full.reductions;
    EXPECT_EQ(run_program(program, simulated, limits).exit_code, 0) << simulated;
  }
}

TEST(RuntimeFuzzSeeds, TheSameBytesMakeTheSameProgram) {
  const auto bytes = seed_bytes(7);
  ByteSource a(bytes.data(), bytes.size());
  ByteSource b(bytes.data(), bytes.size());
  EXPECT_EQ(generate_program(a).text, generate_program(b).text);
  ByteSource empty(nullptr, 0);
  EXPECT_NE(generate_program(empty).text.find("main"), std::string::npos);
}

}  // namespace
}  // namespace fleng::fuzz
