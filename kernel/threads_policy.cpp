// The reducer's instance for the threads engine, and its batches (kernel/threads_policy.hpp).
#include "kernel/threads_policy.hpp"

#include "vm/reducer_loop.hpp"

namespace fleng::vm {
template RunStatus Iu::run_loop<kernel::ThreadsPolicy>(kernel::ThreadsPolicy&);
}  // namespace fleng::vm

namespace fleng::kernel {

vm::RunStatus ThreadsPolicy::run_batch(const BatchLimits& limits) {
  goals_left_ = limits.goals;
  start_reductions_ = iu_.counters.reductions;
  end_reductions_ = iu_.counters.reductions + limits.reductions;
  time_slice_ = std::max<std::uint32_t>(1, limits.time_slice);
  low_cells_ = limits.low_cells;
  waiting_ = limits.waiting;
  waiting_reductions_ = std::max<std::uint64_t>(1, limits.waiting_reductions);
  waiting_time_slice_ = std::max<std::uint32_t>(1, limits.waiting_time_slice);
  // The machine has just looked (BatchLimits::waiting): the first look is due after
  // `waiting_reductions` reductions.
  set_next_look();
  return iu_.run_loop(*this);
}

void ThreadsPolicy::look_for_waiting() {
  if (waiting_ != nullptr && waiting_->load(std::memory_order_relaxed) != 0) {
    // An IU waits: this batch ends as one begun now would (at least what it has done), and
    // its goals' slices are the short ones.
    const std::uint64_t short_end = start_reductions_ + waiting_reductions_;
    end_reductions_ = std::min(end_reductions_, std::max(short_end, iu_.counters.reductions));
    time_slice_ = std::min(time_slice_, waiting_time_slice_);
    waiting_ = nullptr;  // once per batch
  }
  set_next_look();
}

void ThreadsPolicy::set_next_look() {
  check_at_ = end_reductions_;
  if (waiting_ != nullptr) {
    check_at_ = std::min(check_at_, iu_.counters.reductions + waiting_reductions_);
  }
}

}  // namespace fleng::kernel
