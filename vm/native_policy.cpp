// The reducer loop's instance for native code on one IU (vm/native_policy.hpp), in a
// translation unit of its own so that the interpreter's instance (vm/reducer.cpp) is compiled
// as it was.
#include "vm/native_policy.hpp"

#include "vm/reducer_loop.hpp"

namespace fleng::vm {

template RunStatus Iu::run_loop<NativeLocalPolicy>(NativeLocalPolicy&);

RunStatus Iu::run_native(const NativeProgram& program) {
  NativeLocalPolicy policy(*this, program);
  return run_loop(policy);
}

}  // namespace fleng::vm
