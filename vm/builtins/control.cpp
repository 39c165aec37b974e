// Control: true/0, call/1 .. call/8, halt/1, error/1, wait/2, deref/2; and the machine
// builtins current_node/1, num_nodes/1, reductions/1.
#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

Outcome builtin_true(Iu&, Cell*, Cell*) { return Outcome::Done; }

namespace {

/// Spawns `goal` with `extra` more arguments appended to its own (call/1 .. call/8), here or,
/// for `G @ node(N)`, on IU `node` (Iu::spawn_goal_on_node).
Outcome call_with(Iu& iu, Cell goal, const Cell* extra, std::uint32_t extra_count,
                  std::optional<std::uint64_t> node = std::nullopt) {
  std::uint64_t name = 0;
  std::vector<Cell> goal_args;
  if (is_atom(goal)) {
    name = atom_index(goal);
  } else if (is_struct(goal)) {
    name = iu.atoms.functor_name(struct_functor(goal));
    for (std::uint32_t i = 0; i < struct_arity(goal); ++i) goal_args.push_back(struct_arg(goal, i));
  } else if (is_cons(goal)) {
    name = atoms::kDot;
    goal_args = {car(goal), cdr(goal)};
  } else {
    return type_error(iu, "a callable term", goal);
  }
  goal_args.insert(goal_args.end(), extra, extra + extra_count);
  // A goal's arguments go to the argument registers, which end where the constant registers
  // begin (vm/code.hpp): no clause can take more.
  if (goal_args.size() > kConstantRegisterBase) {
    return iu.fail(fmt::format("call/{}: a goal of {} arguments is too large (the limit is {})",
                               1 + extra_count, goal_args.size(), kConstantRegisterBase));
  }
  const auto arity = static_cast<std::uint32_t>(goal_args.size());
  auto id = iu.image.find(name, arity);
  if (!id) {
    id = iu.image.predicate(name, iu.atoms.name(name), arity);
    iu.note_predicates_grew();
  }
  const bool spawned = node ? iu.spawn_goal_on_node(*node, *id, goal_args.data())
                             : iu.spawn_goal(*id, goal_args.data());
  if (!spawned) return Outcome::NeedHeap;
  return Outcome::Done;
}

}  // namespace

// `G @ node(N)` is compiled as '$on_node'(N, G) (vm/compiler.cpp): it waits for N (mode ?),
// then starts G on IU N modulo the number of IUs.
Outcome builtin_on_node(Iu& iu, Cell* args, Cell*) {
  const Cell n = deref(args[0]);
  if (!is_integer(n) || integer_value(n) < 0) {
    return iu.fail(fmt::format("node(N): the IU number must be a non-negative integer, not {}",
                               iu.format(n)));
  }
  return call_with(iu, deref(args[1]), nullptr, 0, static_cast<std::uint64_t>(integer_value(n)));
}

Outcome builtin_call(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], nullptr, 0); }
Outcome builtin_call2(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 1); }
Outcome builtin_call3(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 2); }
Outcome builtin_call4(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 3); }
Outcome builtin_call5(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 4); }
Outcome builtin_call6(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 5); }
Outcome builtin_call7(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 6); }
Outcome builtin_call8(Iu& iu, Cell* args, Cell*) { return call_with(iu, args[0], args + 1, 7); }

Outcome builtin_halt(Iu& iu, Cell* args, Cell*) {
  if (!is_integer(args[0])) return type_error(iu, "an integer exit code", args[0]);
  // A process exit status has 8 bits: 256 would exit 0, as if all went well.
  const std::int64_t code = integer_value(args[0]);
  if (code < 0 || code > 255) {
    return iu.fail(fmt::format("halt/1: exit code {} is out of range (0..255)", code));
  }
  iu.request_halt(static_cast<int>(code));
  return Outcome::Done;
}

Outcome builtin_error(Iu& iu, Cell* args, Cell*) {
  const Cell m = deref(args[0]);
  return iu.fail(is_atom(m) ? iu.atoms.name(atom_index(m)) : iu.format(m));
}

Outcome builtin_wait(Iu&, Cell*, Cell* out) { return deliver(out, kNil); }
Outcome builtin_deref(Iu&, Cell*, Cell* out) { return deliver(out, kNil); }

Outcome builtin_current_node(Iu& iu, Cell*, Cell* out) {
  return deliver(out, make_small_int(iu.index()));
}
Outcome builtin_num_nodes(Iu& iu, Cell*, Cell* out) {
  return deliver(out, make_small_int(iu.count()));
}
Outcome builtin_placement_of(Iu& iu, Cell* args, Cell* out) {
  const Cell table = deref(args[0]);
  const Cell key = deref(args[1]);
  const auto& tables = iu.image.placement_tables;
  if (!is_int(table) || small_int_value(table) < 0 ||
      static_cast<std::size_t>(small_int_value(table)) >= tables.size()) {
    return iu.fail(fmt::format("$placement_of/3: no placement table {}", iu.format(table)));
  }
  const auto& entries = tables[static_cast<std::size_t>(small_int_value(table))];
  // A key that is not an integer, or an empty table: the goal stays here.
  if (!is_integer(key) || entries.empty()) return deliver(out, make_small_int(iu.index()));
  // Binary search for the last entry at or below the key (the first entry below them all),
  // one unit of builtin work per probe.
  const std::int64_t k = integer_value(key);
  std::size_t lo = 0;
  std::size_t hi = entries.size();
  std::uint64_t probes = 0;
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    ++probes;
    if (entries[mid].first <= k) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  iu.charge_work(probes + 1);
  return deliver(out, make_small_int(entries[lo].second));
}

Outcome builtin_reductions(Iu& iu, Cell*, Cell* out) {
  iu.fold_native_counts();
  return deliver_int(iu, out, static_cast<std::int64_t>(iu.counters.reductions));
}

}  // namespace fleng::vm
