// The simulation engine's pending events, earliest first: a 4-ary min-heap in one vector.
// Every simulated event is one push and one pop, so this is on the simulator's hottest path;
// with four children per node the heap is half as deep as a binary one (std::priority_queue),
// and a pop's sift-down moves the hole with half as many hard-to-predict steps. The order is
// total (time, then the sequence number the engine stamps), so any correct heap pops the same
// events in the same order: the simulation does not depend on this choice.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace fleng::netsim {

template <typename Event>
class EventQueue {
 public:
  [[nodiscard]] bool empty() const { return heap_.empty(); }
  [[nodiscard]] std::size_t size() const { return heap_.size(); }
  /// The earliest event; the queue must not be empty.
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

  /// Removes the earliest event; the queue must not be empty.
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

 private:
  static constexpr std::size_t kArity = 4;
  /// Strict order on (time, sequence); sequence numbers are unique.
  static bool before(const Event& a, const Event& b) {
    return a.time != b.time ? a.time < b.time : a.sequence < b.sequence;
  }
  std::vector<Event> heap_;
};

}  // namespace fleng::netsim
