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
#include <memory>
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
/// or a pair of Cells (two terms walked side by side).
template <typename Key, typename Hash = std::hash<Key>>
class WalkGuard {
 public:
  /// False when `key` was entered before (then the walk skips it); true otherwise.
  bool enter(const Key& key) {
    if (++steps_ <= kPlainSteps) [[likely]] return true;
    if (!seen_) seen_ = std::make_unique<std::unordered_set<Key, Hash>>();
    return seen_->insert(key).second;
  }
  /// Compound nodes (pairs) entered so far, including the skipped ones.
  [[nodiscard]] std::size_t steps() const { return steps_; }

 private:
  std::size_t steps_ = 0;
  std::unique_ptr<std::unordered_set<Key, Hash>> seen_;
};

using NodeGuard = WalkGuard<Cell>;
using PairGuard = WalkGuard<std::pair<Cell, Cell>, CellPairHash>;

}  // namespace fleng::vm
