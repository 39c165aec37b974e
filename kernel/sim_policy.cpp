// The reducer's instance for the simulated machine (kernel/sim_policy.hpp).
#include "kernel/sim_policy.hpp"

#include "vm/reducer_loop.hpp"

namespace fleng::vm {
template RunStatus Iu::run_loop<kernel::SimPolicy>(kernel::SimPolicy&);
}  // namespace fleng::vm

namespace fleng::kernel {

vm::RunStatus SimPolicy::reduce(vm::Cell goal) {
  pending_ = goal;
  if (recorder_ == nullptr) [[likely]] return iu_.run_loop(*this);
  recorder_->begin(iu_.index(), goal, iu_.heap.top());
  const vm::RunStatus status = iu_.run_loop(*this);
  recorder_->end(iu_.index());
  return status;
}

}  // namespace fleng::kernel
