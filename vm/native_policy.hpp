// The one-IU engine running a program's native code (vm/native_code.hpp): vm::LocalPolicy's
// goals, slices and timers, plus the table of native entries the loop calls. Iu::run() uses it
// when IuOptions::native is set; vm/native_policy.cpp instantiates the loop for it.
#pragma once

#include "vm/local_policy.hpp"
#include "vm/native_code.hpp"

namespace fleng::vm {

class NativeLocalPolicy : public LocalPolicy {
 public:
  NativeLocalPolicy(Iu& iu, const NativeProgram& program) : LocalPolicy(iu), program_(program) {
    frame_.goal_entries = program.goal_entries;
    frame_.goal_entry_count = program.goal_entries != nullptr ? program.extent.predicate_count : 0;
    frame_.goal_switch_budget = program.goal_switches;
  }

  /// The native entry of `pred`, or null (interpreted).
  [[nodiscard]] NativeEntry native_entry(PredicateId pred) const {
    return pred < program_.extent.predicate_count ? program_.entries[pred] : nullptr;
  }
  NativeFrame& native_frame() { return frame_; }

 private:
  const NativeProgram& program_;
  NativeFrame frame_;
};

static_assert(EnginePolicy<NativeLocalPolicy>);
static_assert(RunsNativeCode<NativeLocalPolicy>);

}  // namespace fleng::vm
