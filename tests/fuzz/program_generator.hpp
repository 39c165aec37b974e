// The runtime fuzzer's program generator and checker, shared by the libFuzzer target
// (tests/fuzz/runtime_fuzz.cpp) and the seeded test of the default suite
// (tests/kernel_sim/runtime_fuzz_seeds_test.cpp); no libFuzzer header, so it builds with any compiler.
//
// A byte string is read as a stream of choices (ByteSource; zeros once it runs out) and turned
// into a small well-formed Fleng program: a few predicates of arity 0-3 with moded arguments,
// clauses whose first arguments are pairwise exclusive patterns (integers, atoms, [], [H|T],
// structures), bodies of arithmetic, comparison and type-test builtins, `=` building terms,
// library list and stream predicates, calls to the other predicates (a DAG, plus recursion on
// the tail of a list), call/1, output, and placements (`@ on(L)` in heads, `@ any(L)`, `@ to(L)`,
// `@ local` on goals and fresh variables), and a `main` that calls them. The data flow of every
// body goes forward in textual order, so no cyclic term can be made, and the exclusive heads
// make every clause choice independent of when a variable is bound: unless the program uses a
// builtin whose answer depends on the machine (merge/3, is_unbound/2, current_node/1, ...), it
// is deterministic, and every engine must give it the same exit status and the same output.
//
// check_program runs it on the local engine and on the simulated machine (1-8 IUs, static
// partitioning on or off, both from the input) with a step limit and small heaps, and says what
// went wrong, if anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fleng::fuzz {

/// The fuzzer's bytes as a stream of choices; once they run out every choice is 0.
class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  /// A number in [0, n) (n >= 1).
  std::uint32_t below(std::uint32_t n);
  /// True with `percent` % probability (for random bytes).
  bool chance(std::uint32_t percent) { return below(100) < percent; }
  [[nodiscard]] bool exhausted() const { return at_ >= size_; }

 private:
  std::uint8_t next() { return at_ < size_ ? data_[at_++] : std::uint8_t{0}; }
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

struct GeneratedProgram {
  std::string text;            ///< the program (its entry is main/0)
  bool deterministic = true;   ///< no builtin whose answer depends on the engine
  bool line_output = true;     ///< output only by whole lines (else compared by characters)
  unsigned ius = 1;            ///< the simulated machine's IUs (1-8)
  bool static_partitioning = true;
};

GeneratedProgram generate_program(ByteSource& source);

struct RunLimits {
  std::uint64_t max_reductions = 20000;
  std::size_t local_heap_cells = std::size_t{1} << 19;  ///< 4 MiB per semispace
  std::uint64_t sim_heap_cells = std::uint64_t{1} << 18;  ///< 2 MiB per IU
};

/// One run's result.
struct EngineRun {
  int exit_code = 0;
  std::string output;
  std::string report;
  std::uint64_t reductions = 0;
  bool loaded = true;
  [[nodiscard]] bool step_limit() const;      ///< stopped by the step limit
  [[nodiscard]] bool out_of_memory() const;   ///< stopped by a heap limit
};

EngineRun run_program(const GeneratedProgram& program, bool simulated, const RunLimits& limits);

/// Runs the program on both engines; empty when all is well, else what went wrong with both
/// runs described.
std::string check_program(const GeneratedProgram& program, const RunLimits& limits);

}  // namespace fleng::fuzz
