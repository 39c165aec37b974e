// Time: now/1, seconds since the run started: the simulated time of the IU that runs the goal
// on the simulated machine (so that simulated runs stay deterministic), the host's steady clock
// on the local and threads engines (docs/builtins.md).
#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_now(Iu& iu, Cell*, Cell* out) { return deliver_float(iu, out, iu.now_seconds()); }

}  // namespace fleng::vm
