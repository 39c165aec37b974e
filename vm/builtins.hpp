// The builtin table (generated from vm/builtins.def) and the signature of implementations.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "vm/builtin_outcome.hpp"
#include "vm/cell.hpp"
#include "vm/code.hpp"

namespace fleng::vm {

class Iu;

enum class BuiltinKind : std::uint8_t { Function, Procedure };


/// A builtin's implementation. `args` are its arguments (inputs of mode ? dereferenced and
/// bound, the runtime checked); a Function writes its result to `*out` (the last argument is
/// not in `args` then); a Procedure delivers its outputs itself (unify).
using BuiltinFn = Outcome (*)(Iu& iu, Cell* args, Cell* out);

struct BuiltinInfo {
  std::string_view name;
  std::uint32_t arity;
  std::string_view modes;
  BuiltinKind kind;
  BuiltinFn fn;
  /// `World` in vm/builtins.def: acts on the world outside the program (output, halt/1, ...).
  bool world = false;
};

namespace builtin_ids {
enum : BuiltinId {
#define FLENG_BUILTIN(id, name, arity, modes, kind, effect, fn) id,
#include "vm/builtins.def"
#undef FLENG_BUILTIN
  count
};
}  // namespace builtin_ids

#define FLENG_BUILTIN(id, name, arity, modes, kind, effect, fn) Outcome fn(Iu& iu, Cell* args, Cell* out);
#include "vm/builtins.def"
#undef FLENG_BUILTIN

inline constexpr std::array<BuiltinInfo, builtin_ids::count> kBuiltins = {{
#define FLENG_BUILTIN(id, name, arity, modes, kind, effect, fn) \
  BuiltinInfo{name, arity, modes, BuiltinKind::kind, &fn, std::string_view(#effect) == "World"},
#include "vm/builtins.def"
#undef FLENG_BUILTIN
}};

/// The builtin name/arity, if there is one.
std::optional<BuiltinId> find_builtin(std::string_view name, std::uint32_t arity);

}  // namespace fleng::vm
