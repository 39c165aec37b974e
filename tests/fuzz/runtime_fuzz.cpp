// libFuzzer target for the runtime (scripts/fuzz-runtime.sh): the input is a stream of choices
// from which program_generator.cpp makes a small well-formed Fleng program; it runs on the
// local engine and on the simulated machine (1-8 IUs, from the input) with a step limit and
// small heaps. Crashes and sanitizer reports are libFuzzer's; a run that never ends is its
// timeout (-timeout); a run past the step limit, an error without a report, or engines that
// disagree about a deterministic program abort with both runs printed.
// FLENG_FUZZ_SHOW=1 prints each input's program and results (to reproduce a finding:
// build-fuzz/tests/fuzz/runtime_fuzz crash-...).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tests/fuzz/program_generator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fleng::fuzz::ByteSource source(data, size);
  const fleng::fuzz::GeneratedProgram program = fleng::fuzz::generate_program(source);
  const fleng::fuzz::RunLimits limits;
  static const bool show = std::getenv("FLENG_FUZZ_SHOW") != nullptr;
  if (show) {
    const auto local = fleng::fuzz::run_program(program, false, limits);
    const auto sim = fleng::fuzz::run_program(program, true, limits);
    std::fprintf(stderr, "%s--- %u IUs, static %s, deterministic %d\n--- local: exit %d, %llu reductions\n%s%s"
                 "--- sim: exit %d, %llu reductions\n%s%s",
                 program.text.c_str(), program.ius, program.static_partitioning ? "on" : "off",
                 program.deterministic ? 1 : 0, local.exit_code,
                 static_cast<unsigned long long>(local.reductions), local.report.c_str(),
                 local.output.c_str(), sim.exit_code, static_cast<unsigned long long>(sim.reductions),
                 sim.report.c_str(), sim.output.c_str());
  }
  const std::string problem = fleng::fuzz::check_program(program, limits);
  if (!problem.empty()) {
    std::fprintf(stderr, "runtime_fuzz: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
