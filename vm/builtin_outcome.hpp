// What a builtin (or a clause attempt) ends with: kept apart from the builtin table
// (vm/builtins.hpp) so that the IU's header does not depend on the list of builtins.
#pragma once

#include <cstdint>

namespace fleng::vm {

/// What a builtin (or a clause attempt) ends with.
enum class Outcome : std::uint8_t {
  Done,      ///< finished; outputs delivered
  Suspend,   ///< must wait: the variables are in Iu::blocked(); nothing was changed
  NeedHeap,  ///< the heap is full: collect and run the builtin again (nothing was changed)
  Error,     ///< fatal: Iu::fail() was called with the message
};

}  // namespace fleng::vm
