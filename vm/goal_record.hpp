// Heap layouts of goal records and hooks (suspension records), with their accessors.
//
//   goal record  [HEADER Goal, size 2+n, aux state][origin (INT)][lineage (INT)]
//                [arg 1]...[arg n]
//                state = 2 * generation + (1 if suspended), modulo 2^32 (the header's aux)
//                origin = predicate + 2^32 * call site (the code address of the call that made
//                the goal, for error messages; 0 when unknown)
//                lineage = the goal's lineage key (vm/lineage.hpp: random numbers); read only
//                where the IU keeps keys (Iu::keeps_lineage), so compiled code of a program
//                without random numbers leaves it unwritten (whatever the heap held: the
//                collector copies it as it is and does not scan it)
//   hook         [HEADER Hook, size 3][goal (BOX)][generation (INT)][next hook (BOX) or []]
//
// A goal suspended on several variables has a hook on each; the first binding activates it and
// bumps its generation, so the other hooks are recognised as stale (docs/engine.md). The
// generation wraps at 2^31: a hook is stale as long as its goal was activated fewer than 2^31
// times since it was hung, and every activation needs a binding of one of the variables the
// goal waited on.
#pragma once

#include <cstdint>

#include "vm/cell.hpp"
#include "vm/code.hpp"

namespace fleng::vm::goal_record {

inline constexpr std::uint32_t kHeaderCells = 3;
inline constexpr std::uint32_t kHookCells = 4;

/// The header of a new goal record of `arity` arguments: state 0 (generation 0, not suspended).
constexpr Cell header(std::uint32_t arity) { return make_header(BoxKind::Goal, kHeaderCells - 1 + arity, 0); }

inline Cell* cells(Cell goal) { return address_of(goal); }
inline std::uint32_t arity(Cell goal) { return header_size(cells(goal)[0]) - (kHeaderCells - 1); }
inline PredicateId predicate(Cell goal) {
  return static_cast<PredicateId>(small_int_value(cells(goal)[1]) & 0xFFFFFFFF);
}
inline std::uint32_t call_site(Cell goal) {
  return static_cast<std::uint32_t>(small_int_value(cells(goal)[1]) >> 32);
}
constexpr Cell origin(PredicateId predicate, std::uint64_t call_site) {
  return make_small_int(static_cast<std::int64_t>((call_site << 32) | predicate));
}
/// The low half of the origin cell of every goal of `predicate` (below 2^29 - 1), whatever its
/// call site (the site lies above bit 34): compiled code recognises the goals it takes in place
/// by comparing it, without decoding the predicate (NativeAccess::goal_key).
constexpr std::uint32_t key(PredicateId predicate) {
  return static_cast<std::uint32_t>(origin(predicate, 0));
}
inline constexpr PredicateId kKeyedPredicates = (PredicateId{1} << 29) - 1;
inline std::int64_t state(Cell goal) { return header_aux(cells(goal)[0]); }
inline void set_state(Cell goal, std::int64_t state) {
  Cell& h = cells(goal)[0];
  h = (h & 0xFFFFFFFFU) | (static_cast<Cell>(static_cast<std::uint32_t>(state)) << 32);
}
inline std::uint64_t lineage(Cell goal) {
  return static_cast<std::uint64_t>(small_int_value(cells(goal)[2]));
}
inline Cell lineage_cell(std::uint64_t key) { return make_small_int(static_cast<std::int64_t>(key)); }
inline Cell* args(Cell goal) { return cells(goal) + kHeaderCells; }

inline std::int64_t generation(std::int64_t state) { return state >> 1; }
inline bool is_suspended(std::int64_t state) { return (state & 1) != 0; }

}  // namespace fleng::vm::goal_record
