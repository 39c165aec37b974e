// Native code: a program compiled to C++ by `fleng build` (native/cpp_emitter.hpp) runs its
// predicates as C++ functions instead of interpreted UNIRED code, inside the same reducer loop
// (vm/reducer_loop.hpp, vm/native_policy.hpp): the loop takes goals from the pool, and calls a
// predicate's native entry where it would have interpreted its clauses. This header is the
// contract between the two: what an entry is given, what it returns, and the table of entries
// the generated code defines, tied to the one code image it was made from by a fingerprint.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "vm/cell.hpp"
#include "vm/code.hpp"

namespace fleng::vm {

class Iu;

/// How a chain of native reductions ended.
enum class NativeOutcome : std::uint8_t {
  Done,      ///< the last body ended (proceed), or the goal suspended: take the next goal
  /// The last body ended and the next goal of the pool has a goal entry: the loop calls
  /// frame.next_entry(frame.next_goal) at once (a return and a call rather than a chain of
  /// tail calls, so that the C++ stack stays bounded where the compiler makes no tail calls).
  NextGoal,
  TailCall,  ///< reduce frame.pred next (a builtin, an interpreted predicate, or the slice ran out)
  Error,     ///< a runtime error was recorded on the IU
};

struct NativeFrame;
struct IuCounters;

/// What one count site of native code stands for each time it runs (NativeProgram::sites): a
/// clause's commit, or an inlined clause's, with the builtin calls and the goals spawned that
/// always follow it in the body before its next branch. The code counts runs of the site
/// (NativeProgram::site_counts), one increment instead of one per counter and event; the IU's
/// counters get the products when they are read (NativeSiteCounts::fold).
struct NativeSite {
  std::uint32_t reductions = 0;
  std::uint32_t builtin_calls = 0;
  std::uint32_t goals_spawned = 0;
};

/// The runs of a program's count sites during one run of native code, and the fold of them into
/// an IU's counters (Iu::fold_native_counts: before anything reads the counters).
struct NativeSiteCounts {
  const NativeSite* sites = nullptr;
  std::uint64_t* counts = nullptr;  ///< one per site
  std::size_t size = 0;
  /// Adds counts x sites to `counters` and sets the counts to 0.
  void fold(IuCounters& counters) const;
};

/// A predicate's entry for a goal record at the top of the pool (`goal`): it takes the goal
/// from the pool and reduces it, or returns Done leaving it there for the loop (a builtin
/// goal whose inputs its fast path cannot take).
using NativeGoalEntry = NativeOutcome (*)(Iu& iu, NativeFrame& frame, Cell goal);

/// The state a chain of native reductions carries between predicates (one per IU: the IU's own,
/// Iu::native_frame, which generated code addresses from the IU; the native policy sets it up
/// for its program and the loop resets it at each entry): the time slice left, and on return
/// what the loop is to reduce next.
struct NativeFrame {
  std::uint32_t slice = 0;  ///< direct reductions left before the goal goes to the back
  /// The `execute` that made the goal being reduced directly (its code address), 0 while the
  /// goal is the one taken from the pool (its record is the current goal).
  std::uint32_t site = 0;
  PredicateId pred = 0;     ///< TailCall: the predicate to reduce next (arguments in registers)
  std::uint32_t arity = 0;  ///< TailCall: its arity
  /// The predicate a call of a cluster's function (native/cpp_emitter.cpp: one C++ function for
  /// predicates that call one another) starts at: its index among the cluster's members.
  std::uint32_t member = 0;
  /// The program's goal entries (NativeProgram::goal_entries): a body that ends takes the next
  /// goal of the pool itself when it has one (NativeAccess::next_goal).
  const NativeGoalEntry* goal_entries = nullptr;
  std::size_t goal_entry_count = 0;
  NativeGoalEntry next_entry = nullptr;  ///< NextGoal: the entry to call
  Cell next_goal = 0;                    ///< NextGoal: the goal (the top of the pool)
  /// Goals the end of a body may still take from the pool and call itself (a tail call) before
  /// it returns NextGoal to the loop, which sets it to goal_switch_budget at each call: a bound
  /// on the C++ stack where the compiler makes no tail calls (NativeProgram::goal_switches).
  std::uint32_t goal_switches = 0;
  std::uint32_t goal_switch_budget = 0;
  /// Arguments beyond the fourth of a call between native predicates (the first four are C++
  /// arguments, which a tail call passes in machine registers).
  Cell extra[kMaxRegisters];

  /// A goal taken from the pool starts: `time_slice` reductions left, site 0. One 64-bit store
  /// for the two neighbouring fields (the slice in the low half on a little-endian machine),
  /// where GCC makes two of `slice = ...; site = 0;` (a store of a load and of a constant).
  void start_goal(std::uint32_t time_slice) {
    if constexpr (std::endian::native == std::endian::little) {
      const std::uint64_t both = time_slice;
      std::memcpy(static_cast<void*>(this), &both, sizeof both);
    } else {
      slice = time_slice;
      site = 0;
    }
  }
};
static_assert(std::is_standard_layout_v<NativeFrame> && offsetof(NativeFrame, slice) == 0 &&
                  offsetof(NativeFrame, site) == sizeof(std::uint32_t),
              "NativeFrame::start_goal stores slice and site together");

/// A predicate's entry: its arguments are in the IU's registers, where its clauses keep them
/// (Predicate::arg_registers), as for the interpreter.
using NativeEntry = NativeOutcome (*)(Iu& iu, NativeFrame& frame);

/// How much of an image a program's native code was made from (a query appends to each).
struct ImageExtent {
  std::size_t code_size = 0;
  std::size_t predicate_count = 0;
  std::size_t constant_count = 0;  ///< constant registers
  std::size_t number_count = 0;    ///< constant-pool numbers

  static ImageExtent of(const CodeImage& image) {
    return {image.code.size(), image.predicates.size(), image.register_constants.size(),
            image.numbers.size()};
  }
};

/// The native code of one program: an entry per predicate of the image it was compiled from
/// (null: that predicate is interpreted: builtins, undefined ones, the query's).
struct NativeProgram {
  std::uint64_t fingerprint = 0;  ///< image_fingerprint() of the image it was made from
  ImageExtent extent;             ///< how much of that image
  const NativeEntry* entries = nullptr;  ///< extent.predicate_count of them
  /// Per predicate, its entry for a goal taken from the pool (NativeAccess::to_loop: through
  /// the loop); the builtin functions with a fast path have one too. Null: none at all.
  const NativeGoalEntry* goal_entries = nullptr;
  /// NativeFrame::goal_switch_budget: how many goals of the pool the native code may take in
  /// a row by tail calls (0 where its compiler makes no tail calls: without optimisation, or
  /// with a sanitizer).
  std::uint32_t goal_switches = 0;
  /// The code keeps the goals' lineage keys (the program uses random numbers): native code
  /// without them runs only where nothing does (Iu::run).
  bool lineage = false;
  /// The count sites (NativeSite), `site_count` of them, and the runs of each the code counts
  /// (an array of the generated code: a program's native code runs on one IU at a time, the
  /// local engine's; NativeLocalPolicy folds the runs into its counters).
  const NativeSite* sites = nullptr;
  std::uint64_t* site_counts = nullptr;
  std::size_t site_count = 0;
};

/// A hash of everything in an image that native code depends on (the code, the predicates and
/// their indexes, the constants) within `extent`: the same program compiled by the same compiler
/// gives the same fingerprint, anything else a different one. (A query appends code,
/// predicates and constants: the program's part stays.)
std::uint64_t image_fingerprint(const CodeImage& image, const ImageExtent& extent);

/// True when `program` was made from the program `image` holds (its prefix of that size).
bool native_code_matches(const NativeProgram& program, const CodeImage& image);

}  // namespace fleng::vm

namespace fleng::vm {

/// An engine policy that runs native code (vm/native_policy.hpp): the loop calls a predicate's
/// entry, when it has one, where it would interpret the predicate's clauses.
template <class P>
concept RunsNativeCode = requires(P& p, PredicateId id) {
  { p.native_entry(id) } -> std::same_as<NativeEntry>;
  { p.native_frame() } -> std::same_as<NativeFrame&>;
};

}  // namespace fleng::vm
