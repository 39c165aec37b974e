// Termination of walks over terms that may be cyclic or heavily shared. There is no occurs
// check, so `X = f(X)` makes a rational tree (a cycle through a compound term), and a DAG such
// as X1 = f(X0,X0), X2 = f(X1,X1), ... unfolds to a tree exponential in its size. A walk
// (unification, identity, standard order, groundness) counts the compound nodes it enters and,
// only past kPlainSteps of them (ordinary terms never get there, so they pay one increment and
// one compare per node), remembers what it has entered: a node (or a pair of nodes, for walks
// over two terms) entered again is skipped. A walk then enters each node (pair) at most once
// more, so it ends on every term in time and memory linear in the nodes (pairs) it reaches.
//
// Skipping a pair seen before is exactly the rational-tree answer: for unification and
// identity the pair is already being (or has been) made equal, so assuming it equal is the
// coinductive reading (as SWI-Prolog does); a difference, if any, is found on the first visit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <utility>

#include "vm/cell.hpp"

namespace fleng::vm {

/// Compound nodes a walk enters before it starts remembering them.
inline constexpr std::size_t kPlainSteps = std::size_t{1} << 16;

struct CellPairHash {
  std::size_t operator()(const std::pair<Cell, Cell>& p) const noexcept {
    return std::hash<Cell>{}(p.first * 0x9E3779B97F4A7C15ULL ^ p.second);
  }
};

/// Remembers the keys a walk has entered once it is long (see above). Key: a Cell (one term)
/// or a pair of Cells (two terms walked side by side). On the walk's stack only a counter (in
/// a register, trivially destroyed: the loops of ordinary walks stay as they were); the memory
/// of a long walk is the thread's own, one per key type, claimed and emptied by the next long
/// walk. Walks do not nest or yield today; should one find the memory claimed by another
/// meanwhile, it claims it anew: it may walk more, but never skips a key it has not entered.
template <typename Key, typename Hash = std::hash<Key>>
class WalkGuard {
 public:
  /// False when `key` was entered before (then the walk skips it); true otherwise.
  bool enter(const Key& key) {
    if (++steps_ <= kPlainSteps) [[likely]] return true;
    const Remembered r = remember(key, steps_);  // by value: the counter stays in a register
    steps_ = r.steps;
    return r.fresh;
  }

 private:
  /// A claim moves the counter to its own range, claim << kClaimShift and up: the counter
  /// then names the walk that owns the memory (the next value it will show is `expected`).
  static constexpr unsigned kClaimShift = 40;
  struct Memory {
    std::unordered_set<Key, Hash> seen;
    std::uint64_t claims = 0;
    std::uint64_t expected = 0;
  };
  struct Remembered {
    bool fresh;
    std::uint64_t steps;
  };

  // Out of line: the walks' loops stay as small as they were without the guard.
  [[gnu::noinline, gnu::cold]] static Remembered remember(Key key, std::uint64_t steps) {
    thread_local Memory memory;
    if (steps != memory.expected) {  // a new long walk (or the memory was claimed meanwhile)
      if (memory.seen.bucket_count() > (std::size_t{1} << 20)) {
        std::unordered_set<Key, Hash>().swap(memory.seen);  // a huge walk's memory goes
      } else {
        memory.seen.clear();
      }
      steps = ++memory.claims << kClaimShift;
    }
    memory.expected = steps + 1;
    return {memory.seen.insert(key).second, steps};
  }

  std::uint64_t steps_ = 0;
};

using NodeGuard = WalkGuard<Cell>;
using PairGuard = WalkGuard<std::pair<Cell, Cell>, CellPairHash>;

}  // namespace fleng::vm
