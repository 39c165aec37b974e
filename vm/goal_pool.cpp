// GoalPool: the stack of ready goals, with the sentinel below its first goal (goal_pool.hpp).
#include "vm/goal_pool.hpp"

#include <algorithm>

#include "vm/goal_record.hpp"

namespace fleng::vm {

namespace {

constexpr std::size_t kFirstCapacity = 256;

// A goal record of no arguments whose predicate is GoalPool::kNoPredicate: never reduced, never
// on a heap (the GC does not see it: the pool's iteration leaves it out).
alignas(8) const Cell kSentinelRecord[goal_record::kHeaderCells] = {
    goal_record::header(0), goal_record::origin(GoalPool::kNoPredicate, 0), make_small_int(0)};

}  // namespace

Cell GoalPool::sentinel() { return make_pointer(Tag::Box, kSentinelRecord, 0); }

GoalPool::GoalPool() : cells_(std::make_unique<Cell[]>(kFirstCapacity + 1)) {
  cells_[0] = sentinel();
  top_ = base();
  end_ = cells_.get() + kFirstCapacity + 1;
}

void GoalPool::grow(std::size_t n) {
  std::size_t slots = static_cast<std::size_t>(end_ - cells_.get());
  const std::size_t used = static_cast<std::size_t>(top_ - cells_.get());
  while (slots - used < n) slots *= 2;
  auto cells = std::make_unique<Cell[]>(slots);
  std::copy(cells_.get(), top_, cells.get());
  cells_ = std::move(cells);
  top_ = cells_.get() + used;
  end_ = cells_.get() + slots;
}

void GoalPool::erase_oldest(std::size_t n) {
  std::copy(base() + n, top_, base());
  top_ -= n;
}

}  // namespace fleng::vm
