// The pool of ready goals of one IU: a stack of goal records (BOX cells), the newest on top.
//
// Below its first goal the pool keeps a sentinel: the BOX of a static record whose predicate is
// kNoPredicate, so that back() of an empty pool is a goal record too. Compiled code takes the
// next goal in place (vm/native_access.hpp: ready_goal) by reading the top's predicate and
// comparing it with the ones its body knows; the sentinel's matches none and ends the body
// where an unknown predicate does (NativeAccess::switch_goal), so that taking a goal needs no
// test of emptiness of its own. Everything else sees only the goals: empty(), size(), the
// iteration (GC roots) and the oldest goals (load distribution) leave the sentinel out.
#pragma once

#include <bit>
#include <cstddef>
#include <memory>

#include "vm/cell.hpp"
#include "vm/code.hpp"
#include "vm/goal_record.hpp"

namespace fleng::vm {

class GoalPool {
 public:
  /// The predicate of the sentinel's record: no predicate of any program (ids are indices of
  /// the image's predicate table), the largest a record's origin holds (goal_record.hpp; no
  /// slot variables), which no compiled code has a key for (kKeyedPredicates).
  static constexpr PredicateId kNoPredicate = goal_record::kKeyedPredicates;

  GoalPool();
  GoalPool(const GoalPool&) = delete;
  GoalPool& operator=(const GoalPool&) = delete;

  [[nodiscard]] bool empty() const { return top_ == base(); }
  [[nodiscard]] std::size_t size() const { return static_cast<std::size_t>(top_ - base()); }
  /// The newest goal; the sentinel when the pool is empty.
  [[nodiscard]] Cell back() const { return top_[-1]; }
  /// The oldest goal (not empty()).
  [[nodiscard]] Cell front() const { return base()[0]; }
  void push_back(Cell goal) {
    if (top_ == end_) [[unlikely]] grow(1);
    *top_++ = goal;
  }
  /// Room for `n` more goals on top, returned to be filled at once: the caller writes the `n`
  /// goals, oldest first, before anything else reads the pool.
  /// (The test compares the new top with the end as addresses: the sum is the new top as
  /// well, where `end_ - top_ < n` took a load and a subtraction more.)
  Cell* claim(std::size_t n) {
    if (std::bit_cast<std::uintptr_t>(top_) + n * sizeof(Cell) > std::bit_cast<std::uintptr_t>(end_))
        [[unlikely]] {
      grow(n);
    }
    Cell* const slots = top_;
    top_ += n;
    return slots;
  }
  /// Drops the newest goal (not empty()).
  void pop_back() { --top_; }
  /// Drops the `n` oldest goals (n <= size()), keeping the others in order.
  void erase_oldest(std::size_t n);
  void clear() { top_ = base(); }

  Cell* begin() { return base(); }
  Cell* end() { return top_; }
  [[nodiscard]] const Cell* begin() const { return base(); }
  [[nodiscard]] const Cell* end() const { return top_; }

  /// The sentinel (the BOX of the static record back() of an empty pool is).
  static Cell sentinel();

 private:
  [[nodiscard]] Cell* base() const { return cells_.get() + 1; }
  /// Doubles the slots until `n` more goals fit.
  void grow(std::size_t n);

  std::unique_ptr<Cell[]> cells_;  // [sentinel][goal 1]...[goal n] ... end_
  Cell* top_ = nullptr;            // one past the newest goal
  Cell* end_ = nullptr;            // one past the last slot
};

}  // namespace fleng::vm
