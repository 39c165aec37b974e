// The simulation engine's pending events, earliest first. Every simulated event is one push
// and one pop, so this is on the simulator's hottest path. Two facts of the simulation make a
// timing wheel fit: simulated time never goes back (an event is never scheduled before the
// last one taken), and nearly every event is due within a few hundred cycles. So an event due
// within kSlots cycles of the last one taken goes to the slot of its time in a wheel of kSlots
// first-in-first-out lists, found again by a bit scan of the slots in use; a later one goes to
// a 4-ary heap (far_). A slot holds events of one time only, in the order they were pushed,
// which is their sequence order, since the engine numbers events as it schedules them; a pop
// takes the earlier, by (time, sequence), of the wheel's first event and the heap's. The order
// is total, so the events come out exactly as from any correct priority queue: the simulation
// does not depend on this choice. (The 4-ary heap alone spent a fifth of the simulator's
// instructions on sifting.)
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace fleng::netsim {

/// A 4-ary min-heap by (time, sequence): the events beyond the wheel's reach.
template <typename Event>
class EventHeap {
 public:
  [[nodiscard]] bool empty() const { return heap_.empty(); }
  [[nodiscard]] const Event& top() const { return heap_.front(); }

  void push(const Event& event) {
    std::size_t hole = heap_.size();
    heap_.push_back(event);
    while (hole > 0) {
      const std::size_t parent = (hole - 1) / kArity;
      if (!before(event, heap_[parent])) break;
      heap_[hole] = heap_[parent];
      hole = parent;
    }
    heap_[hole] = event;
  }

  void pop() {
    const Event last = heap_.back();
    heap_.pop_back();
    const std::size_t size = heap_.size();
    if (size == 0) return;
    std::size_t hole = 0;
    for (;;) {
      const std::size_t first = hole * kArity + 1;
      if (first >= size) break;
      const std::size_t end = first + kArity < size ? first + kArity : size;
      std::size_t least = first;
      for (std::size_t child = first + 1; child < end; ++child) {
        if (before(heap_[child], heap_[least])) least = child;
      }
      if (!before(heap_[least], last)) break;
      heap_[hole] = heap_[least];
      hole = least;
    }
    heap_[hole] = last;
  }

  /// Strict order on (time, sequence); sequence numbers are unique.
  static bool before(const Event& a, const Event& b) {
    return a.time != b.time ? a.time < b.time : a.sequence < b.sequence;
  }

 private:
  static constexpr std::size_t kArity = 4;
  std::vector<Event> heap_;
};

template <typename Event>
class EventQueue {
 public:
  EventQueue() {
    heads_.fill(kNil);
    tails_.fill(kNil);
  }

  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] std::size_t size() const { return size_; }

  /// The time of the earliest event; the queue must not be empty.
  [[nodiscard]] std::uint64_t next_time() const {
    std::uint64_t time = std::numeric_limits<std::uint64_t>::max();
    if (in_wheel_ > 0) time = base_ + ((first_slot() - base_) & kMask);
    if (!far_.empty() && far_.top().time < time) time = far_.top().time;
    return time;
  }

  /// Adds an event, due at the time of the last one popped or later; events pushed for one
  /// time must come in sequence order (the engine's numbering guarantees it).
  void push(const Event& event) {
    assert(event.time >= base_);
    ++size_;
    if (event.time - base_ >= kSlots) {
      far_.push(event);
      return;
    }
    const std::uint32_t node = take_node();
    nodes_[node].event = event;
    nodes_[node].next = kNil;
    const auto slot = static_cast<std::size_t>(event.time & kMask);
    if (tails_[slot] == kNil) {
      heads_[slot] = node;
      used_[slot / 64] |= std::uint64_t{1} << (slot % 64);
    } else {
      nodes_[tails_[slot]].next = node;
    }
    tails_[slot] = node;
    ++in_wheel_;
  }

  /// Removes and returns the earliest event; the queue must not be empty.
  Event pop() {
    --size_;
    if (in_wheel_ > 0) {
      const std::size_t slot = first_slot();
      const std::uint32_t node = heads_[slot];
      const Event& near = nodes_[node].event;
      if (far_.empty() || EventHeap<Event>::before(near, far_.top())) {
        const Event event = near;
        heads_[slot] = nodes_[node].next;
        if (heads_[slot] == kNil) {
          tails_[slot] = kNil;
          used_[slot / 64] &= ~(std::uint64_t{1} << (slot % 64));
        }
        nodes_[node].next = free_;
        free_ = node;
        --in_wheel_;
        base_ = event.time;
        return event;
      }
    }
    const Event event = far_.top();
    far_.pop();
    base_ = event.time;
    return event;
  }

 private:
  static constexpr std::size_t kSlots = 1024;
  static constexpr std::uint64_t kMask = kSlots - 1;
  static constexpr std::uint32_t kNil = std::numeric_limits<std::uint32_t>::max();
  struct Node {
    Event event;
    std::uint32_t next;
  };

  /// The slot of the earliest event in the wheel (in_wheel_ > 0): the first slot in use at or
  /// after the slot of base_, going round.
  [[nodiscard]] std::size_t first_slot() const {
    const auto from = static_cast<std::size_t>(base_ & kMask);
    std::size_t word = from / 64;
    std::uint64_t bits = used_[word] & (~std::uint64_t{0} << (from % 64));
    for (std::size_t k = 0; k <= kWords; ++k) {
      if (bits != 0) return word * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      word = (word + 1) % kWords;
      bits = used_[word];
    }
    return from;  // not reached: in_wheel_ > 0
  }

  std::uint32_t take_node() {
    if (free_ != kNil) {
      const std::uint32_t node = free_;
      free_ = nodes_[node].next;
      return node;
    }
    nodes_.push_back(Node{});
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }

  static constexpr std::size_t kWords = kSlots / 64;
  std::array<std::uint32_t, kSlots> heads_;  // per slot: its first and last node, or kNil
  std::array<std::uint32_t, kSlots> tails_;
  std::array<std::uint64_t, kWords> used_{};  // bit per slot: not empty
  std::vector<Node> nodes_;                  // the wheel's events, linked per slot
  std::uint32_t free_ = kNil;                // unused nodes, linked
  std::size_t in_wheel_ = 0;
  EventHeap<Event> far_;
  std::uint64_t base_ = 0;  // the time of the last event popped
  std::size_t size_ = 0;
};

}  // namespace fleng::netsim
