// The one-IU engine running a program's native code (vm/native_code.hpp): vm::LocalPolicy's
// goals, slices and timers, plus the table of native entries the loop calls. Iu::run() uses it
// when IuOptions::native is set; vm/native_policy.cpp instantiates the loop for it.
#pragma once

#include <limits>

#include "vm/local_policy.hpp"
#include "vm/native_code.hpp"

namespace fleng::vm {

class NativeLocalPolicy : public LocalPolicy {
 public:
  NativeLocalPolicy(Iu& iu, const NativeProgram& program)
      : LocalPolicy(iu), program_(program) {
    NativeFrame& frame = iu.native_frame();
    frame = NativeFrame{};
    frame.goal_entries = program.goal_entries;
    frame.goal_entry_count = program.goal_entries != nullptr ? program.extent.predicate_count : 0;
    frame.goal_switch_budget = program.goal_switches;
    // The runs of the program's count sites, folded into the IU's counters wherever they are
    // read (Iu::fold_native_counts) and when the run ends.
    for (std::size_t k = 0; k < program.site_count; ++k) program.site_counts[k] = 0;
    iu.use_native_counts({program.sites, program.site_counts, program.site_count});
  }
  ~NativeLocalPolicy() {
    iu_.fold_native_counts();
    iu_.use_native_counts({});
  }
  NativeLocalPolicy(const NativeLocalPolicy&) = delete;
  NativeLocalPolicy& operator=(const NativeLocalPolicy&) = delete;

  /// LocalPolicy's step limit, on the counters with the count sites' runs in them.
  bool admit_goal() {
    if (max_reductions_ != std::numeric_limits<std::uint64_t>::max()) iu_.fold_native_counts();
    return LocalPolicy::admit_goal();
  }

  /// The native entry of `pred`, or null (interpreted).
  [[nodiscard]] NativeEntry native_entry(PredicateId pred) const {
    return pred < program_.extent.predicate_count ? program_.entries[pred] : nullptr;
  }
  /// The IU's frame (Iu::native_frame), where compiled code finds it.
  NativeFrame& native_frame() { return iu_.native_frame(); }

 private:
  const NativeProgram& program_;
};

static_assert(EnginePolicy<NativeLocalPolicy>);
static_assert(RunsNativeCode<NativeLocalPolicy>);

}  // namespace fleng::vm
