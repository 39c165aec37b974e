// The heap of one Inference Unit: two semispaces reserved up front (virtual memory only; pages
// are used as the heap grows and returned after each collection), a bump allocator, and the
// space switch of the copying collector (vm/gc.hpp). The usable size starts small and grows
// with the live data, up to the configured maximum; beyond it allocation fails and the runtime
// reports heap exhaustion.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "vm/cell.hpp"

namespace fleng::vm {

class Heap {
 public:
  /// After a collection the usable size is this many times the live data: the next collection
  /// comes after three times the live data is allocated, so copying costs a third of a cell per
  /// allocated cell (at twice, a whole one: a workload that keeps a large data set live, such as
  /// the neural examples, spent a third of its time copying it).
  static constexpr std::size_t kLiveMultiple = 4;

  /// `max_cells` bounds each semispace; `initial_cells` is the first usable size.
  /// `populate`: make the initial usable part resident now (one IU at host speed); the
  /// simulated machine's many IUs leave their pages to fault in as they are used.
  Heap(unsigned iu, std::size_t max_cells, std::size_t initial_cells, bool populate = true);
  ~Heap();
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;

  /// `n` cells, or nullptr when the usable space is full (collect, then retry).
  Cell* allocate(std::size_t n) {
    if (static_cast<std::size_t>(limit_ - top_) < n) return nullptr;
    Cell* p = top_;
    top_ += n;
    return p;
  }
  /// `n` cells of space already made free (a clause body takes what its commit reserved).
  Cell* take(std::size_t n) {
    Cell* p = top_;
    top_ += n;
    return p;
  }
  [[nodiscard]] std::size_t free_cells() const { return static_cast<std::size_t>(limit_ - top_); }
  /// The room to native_limit(): free_cells(), or at most 0 while every reservation is to
  /// collect first (--gc-stress).
  [[nodiscard]] std::ptrdiff_t native_room() const { return native_limit_ - top_; }
  /// The end compiled code tests a body's cells against before it takes them (the top plus the
  /// cells past it: native_cells::short_of), so that the test is one comparison instead of a
  /// comparison and a test of the option; it keeps it while nothing collects.
  [[nodiscard]] const Cell* native_limit() const { return native_limit_; }
  /// Every reservation collects first (the IU's --gc-stress): native_room() is never enough.
  void set_collect_always(bool on) {
    collect_always_ = on;
    limit_moved();
  }
  /// Free cells every reduction starts with (Iu::kMinFreeCells: head matching allocates
  /// nothing, a body reserves its own needs at its commit).
  static constexpr std::size_t kMinFreeCells = 4096;
  /// Whether compiled code is to leave the next goal to the loop rather than take it itself
  /// (NativeAccess::ready_goal): fewer than kMinFreeCells free, or at least a collection due
  /// while every reservation is to collect first (--gc-stress), or timers pending or a step
  /// limit (poll: Iu::update_native_poll), or the IU's attention flag up (stop_native_goals):
  /// one comparison for all four, of the top against an address kept for it (a load of the
  /// limit, a subtraction and a comparison took an instruction more). Written limit <= top:
  /// GCC then compares the loaded limit with the top in memory, where `top >= limit` had it
  /// load both into registers in tak's function (an instruction more at every body's end).
  [[nodiscard]] bool native_goal_due() const {
    return native_goal_limit_.load(std::memory_order_relaxed) <= reinterpret_cast<std::uintptr_t>(top_);
  }
  void set_native_poll(bool on) {
    native_poll_ = on;
    limit_moved();
  }
  /// Makes native_goal_due() true until resume_native_goals(): the IU's attention flag
  /// went up (Iu::raise_attention). Safe from a signal handler and from another thread (two
  /// atomic stores), as the flag's own store.
  void stop_native_goals() {
    native_goals_stopped_.store(true);
    native_goal_limit_.store(0);
  }
  /// Ends stop_native_goals(), by the heap's own thread (the flag went down).
  void resume_native_goals() {
    native_goals_stopped_.store(false);
    limit_moved();
  }
  [[nodiscard]] std::size_t used_cells() const { return static_cast<std::size_t>(top_ - space_); }
  [[nodiscard]] std::size_t usable_cells() const { return static_cast<std::size_t>(limit_ - space_); }
  [[nodiscard]] std::size_t max_cells() const { return max_cells_; }
  [[nodiscard]] unsigned iu() const { return iu_; }

  /// True if `p` lies in the current (from-) space.
  [[nodiscard]] bool contains(const Cell* p) const { return p >= space_ && p < space_ + max_cells_; }

  // --- Collection (used by vm/gc.cpp) ----------------------------------------------------------
  /// Switches to the other semispace; allocation then copies survivors there.
  void begin_collection();
  /// True if `p` lies in the space being evacuated.
  [[nodiscard]] bool in_old_space(const Cell* p) const { return p >= old_ && p < old_ + max_cells_; }
  [[nodiscard]] Cell* top() const { return top_; }
  [[nodiscard]] Cell* space_begin() const { return space_; }
  /// Ends a collection: sets the usable size to kLiveMultiple times the live data, at least
  /// `headroom` of it free and at least the initial size (within the maximum), and releases the
  /// old space's pages beyond it when that space was used to more than twice that size.
  void end_collection(std::size_t headroom);

  /// Raises the usable size in place, without a collection (nothing moves: the space is
  /// reserved up to the maximum), so that at least `cells` are free: to twice the usable size
  /// at least (geometric growth), within the maximum. False if even the maximum does not leave
  /// `cells` free (the usable size is then the maximum). For machines of several IUs, which
  /// cannot collect one heap in the middle of a reduction, and whose collections stop every IU.
  bool grow(std::size_t cells);
  /// Cells added to the usable size by grow() since the last collection.
  [[nodiscard]] std::size_t grown_cells() const { return grown_cells_; }

  /// Counters.
  std::uint64_t collections = 0;
  std::uint64_t copied_cells = 0;
  std::size_t peak_used_cells = 0;

 private:
  unsigned iu_;
  std::size_t max_cells_;
  std::size_t initial_cells_;
  Cell* spaces_[2] = {nullptr, nullptr};
  /// Of each space, the cells below which pages may be resident (the most it was usable
  /// since its pages were last released): end_collection releases pages of that part only.
  std::size_t touched_cells_[2] = {0, 0};
  int current_ = 0;
  Cell* space_ = nullptr;  // current space
  Cell* old_ = nullptr;    // the space being evacuated, during a collection
  Cell* top_ = nullptr;
  Cell* limit_ = nullptr;
  Cell* native_limit_ = nullptr;  // limit_, or space_ when collect_always_ (native_room())
  // The address of kMinFreeCells below native_limit_, or 0 when native_poll_ or
  // native_goals_stopped_: native_goal_due() from the top (an atomic: stop_native_goals comes
  // from signal handlers and other threads)
  std::atomic<std::uintptr_t> native_goal_limit_{0};
  std::atomic<bool> native_goals_stopped_{false};
  bool collect_always_ = false;
  bool native_poll_ = false;
  std::size_t grown_cells_ = 0;

  /// Keeps native_limit_ and native_goal_limit_ with limit_ and space_; called wherever either
  /// moves.
  void limit_moved() {
    native_limit_ = collect_always_ ? space_ : limit_;
    const auto limit = reinterpret_cast<std::uintptr_t>(native_limit_);
    constexpr std::uintptr_t kRoom = kMinFreeCells * sizeof(Cell);
    native_goal_limit_.store(native_poll_ || limit < kRoom ? 0 : limit - kRoom);
    // Stored, then the stop looked at (both sequentially consistent): a stop_native_goals that
    // comes between is seen here or stores its 0 after this store, never lost under it.
    if (native_goals_stopped_.load()) native_goal_limit_.store(0);
  }
};

}  // namespace fleng::vm
