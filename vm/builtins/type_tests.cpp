// Type tests: wait until the argument is bound, then answer true or false (is_unbound/2 never
// waits; it is for debugging).
#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_is_integer(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_integer(args[0])); }
Outcome builtin_is_float(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_float(args[0])); }
Outcome builtin_is_number(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_number(args[0])); }
Outcome builtin_is_atom(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_atom(args[0])); }
Outcome builtin_is_list(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_cons(args[0])); }
Outcome builtin_is_tuple(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_struct(args[0])); }
Outcome builtin_is_vector(Iu&, Cell* args, Cell* out) { return deliver_bool(out, is_vector(args[0])); }
Outcome builtin_is_unbound(Iu&, Cell* args, Cell* out) {
  return deliver_bool(out, is_unbound(deref(args[0])));
}

}  // namespace fleng::vm
