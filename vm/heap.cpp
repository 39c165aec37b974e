// Semispace reservation with mmap (MAP_NORESERVE: only touched pages use memory), the initial
// usable part of both spaces made resident up front, and page release after collection with
// madvise, so the resident size follows the live data.
#include "vm/heap.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <new>

namespace fleng::vm {

namespace {

Cell* reserve(std::size_t cells) {
  void* p = mmap(nullptr, cells * sizeof(Cell), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<Cell*>(p);
}

}  // namespace

Heap::Heap(unsigned iu, std::size_t max_cells, std::size_t initial_cells, bool populate)
    : iu_(iu), max_cells_(max_cells), initial_cells_(std::min(initial_cells, max_cells)) {
  spaces_[0] = reserve(max_cells_);
  spaces_[1] = reserve(max_cells_);
  space_ = spaces_[0];
  top_ = space_;
  limit_ = space_ + std::min(initial_cells, max_cells_);
  limit_moved();
  touched_cells_[0] = touched_cells_[1] = usable_cells();
  // The first usable cells are made resident now, at start-up, rather than one page fault per
  // 4 KiB while the program runs (the advice is only a hint: without it the pages fault in).
#ifdef MADV_POPULATE_WRITE
  // Both spaces: the first collection switches to the other one, whose pages would otherwise
  // fault in one by one while the program allocates into it.
  if (populate) {
    for (Cell* space : spaces_) madvise(space, usable_cells() * sizeof(Cell), MADV_POPULATE_WRITE);
  }
#endif
}

Heap::~Heap() {
  for (Cell* space : spaces_) {
    if (space != nullptr) munmap(space, max_cells_ * sizeof(Cell));
  }
}

void Heap::begin_collection() {
  peak_used_cells = std::max(peak_used_cells, used_cells());
  // The survivors take at most what the evacuated space holds.
  touched_cells_[1 - current_] = std::max(touched_cells_[1 - current_], used_cells());
  old_ = space_;
  current_ = 1 - current_;
  space_ = spaces_[current_];
  top_ = space_;
  limit_ = space_ + max_cells_;  // survivors always fit: they fitted in the old space
  limit_moved();
}

void Heap::end_collection(std::size_t headroom) {
  ++collections;
  const std::size_t live = used_cells();
  copied_cells += live;
  // Next collection when the heap has grown to kLiveMultiple times the live data (at least the
  // headroom, at least the initial size).
  std::size_t usable = std::max({live * kLiveMultiple, live + headroom, initial_cells_});
  // Past half the limit, only to twice the live data: the next collection then comes while
  // there is room left, and when it finds the heap crowded (a producer far ahead of its
  // consumers, Iu::crowded_after) and ends the time slice, the consumers can run. (Growing to
  // four times the live data right up to the limit, such a collection came with the heap full
  // of live cells: "heap exhausted" where the consumers would have freed them.)
  usable = std::min(usable, std::max({max_cells_ / 2, live * 2, live + headroom}));
  usable = std::min(usable, max_cells_);
  limit_ = space_ + usable;
  limit_moved();
  touched_cells_[current_] = std::max(touched_cells_[current_], usable);
  // The evacuated space is the next to-space, filled up to about `usable` cells: when it was
  // used to more than twice that, its pages beyond go back to the system (so the resident
  // size follows the live data); the others stay mapped (no page faults on every cycle). Only
  // the part it used is advised: over the whole reservation (a GiB by default) the call cost
  // a run keeping its live data growing, collected 1445 times, 11% of its time.
  const std::size_t page_cells = 4096 / sizeof(Cell);
  const std::size_t keep = (usable + page_cells - 1) / page_cells * page_cells;
  std::size_t& touched = touched_cells_[1 - current_];  // (never above max_cells_)
  if (touched > 2 * keep) {
    madvise(old_ + keep, (touched - keep) * sizeof(Cell), MADV_DONTNEED);
    touched = keep;
  }
  old_ = nullptr;
  grown_cells_ = 0;
}

bool Heap::grow(std::size_t cells) {
  if (free_cells() >= cells) return true;
  const std::size_t before = usable_cells();
  const std::size_t used = used_cells();
  const bool fits = max_cells_ - used >= cells;
  const std::size_t usable =
      fits ? std::min(max_cells_, std::max(before * 2, used + cells)) : max_cells_;
  limit_ = space_ + usable;
  limit_moved();
  touched_cells_[current_] = std::max(touched_cells_[current_], usable);
  grown_cells_ += usable - before;
  return fits;
}

}  // namespace fleng::vm
