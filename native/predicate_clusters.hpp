// Which predicates share one C++ function in native code (native/cpp_emitter.cpp). A call from
// one predicate's function into another's pays the callee's prologue and epilogue (its saved
// machine registers), the initialisation of its registers, and arguments beyond the fourth
// through the frame; a goal taken from the pool pays a call through the table of goal entries.
// Inside one function the same steps are jumps with the arguments in shared C++ variables, as
// KLIC compiles a module into one C function. The clusters group the predicates that reach one
// another by last calls (first) and spawned goals, each cluster bounded so that the function
// the system compiler gets stays small enough to allocate registers well.
#pragma once

#include <cstdint>
#include <vector>

#include "vm/code.hpp"

namespace fleng::native {

/// The size in code words of the instruction at `pc` of `code`.
std::uint64_t instruction_size(const std::vector<vm::Cell>& code, std::uint64_t pc);

/// A goal a predicate's clauses make: its predicate, and whether it is a last call (execute)
/// rather than a goal spawned on the pool (spawn, spawn_at).
struct GoalMade {
  vm::PredicateId target = 0;
  bool last_call = false;
};

/// The goals of every predicate's clauses, from each clause's head to the next clause's head
/// in code order (the end of the code for the last).
class GoalsMade {
 public:
  explicit GoalsMade(const vm::CodeImage& image);
  /// The goals predicate `id`'s clauses make, in code order.
  [[nodiscard]] std::vector<GoalMade> of(vm::PredicateId id) const;

 private:
  const vm::CodeImage& image_;
  std::vector<std::uint64_t> heads_;  ///< every clause's head, sorted
};

/// The predicates that share a function, each cluster's members in ascending order and the
/// clusters in the order of their first members: every native predicate (`native[i]`) is in
/// exactly one, most of them alone. Deterministic: the same image gives the same clusters.
std::vector<std::vector<vm::PredicateId>> predicate_clusters(const vm::CodeImage& image,
                                                             const std::vector<bool>& native,
                                                             const GoalsMade& goals);

/// Members beyond which a cluster grows no further.
inline constexpr std::size_t kMaxClusterMembers = 8;

}  // namespace fleng::native
