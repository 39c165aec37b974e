// Heap layouts of goal records and hooks (suspension records), with their accessors.
//
//   goal record  [HEADER Goal, size 2+n, aux state][origin (INT)][lineage (INT)]
//                [arg 1]...[arg n]
//                state = 2 * generation + (1 if suspended), modulo 2^32 (the header's aux)
//                origin = predicate + 2^32 * call site (the code address of the call that made
//                the goal, for error messages; 0 when unknown), plus kSlotVariables when some
//                of the arguments are variables kept in their slots (below)
//                lineage = the goal's lineage key (vm/lineage.hpp: random numbers); read only
//                where the IU keeps keys (Iu::keeps_lineage), so compiled code of a program
//                without random numbers leaves it unwritten (whatever the heap held: the
//                collector copies it as it is and does not scan it)
//   hook         [HEADER Hook, size 3][goal (BOX)][generation (INT)][next hook (BOX) or []]
//
// Slot variables: a record may keep a new variable that its goal reads in that argument's
// slot (KLIC's layout), as a list cell keeps its tail variable in its tail field (terms.hpp,
// field_term): the slot holds the variable's contents and the variable is a REF to the slot.
// Such a record says so in its origin (kSlotVariables); a reader of its arguments takes them
// with arg() (an unbound slot reads as a REF to it), and the collector moves the slots'
// variables with the record (gc.cpp). The one-IU engine's readers know them (the loop running
// native code, the deadlock report, the trace). No code makes such records: compiled code alone
// would lay out the heap unlike the interpreter, and the interpreter making them was measured
// slower (docs/native.md, "Slot variables, measured and not used").
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
/// The flag of the origin's predicate field saying that the record has slot variables (above).
inline constexpr PredicateId kSlotVariables = PredicateId{1} << 28;
inline PredicateId predicate(Cell goal) {
  return static_cast<PredicateId>(small_int_value(cells(goal)[1]) & (kSlotVariables - 1));
}
/// predicate() of a record known to have no slot variables (an engine that makes none): the
/// low half of the origin, without the mask (the interpreter's loop, where the mask cost 2% of
/// its instructions).
inline PredicateId plain_predicate(Cell goal) {
  return static_cast<PredicateId>(small_int_value(cells(goal)[1]) & 0xFFFFFFFF);
}
/// (One bit of the origin cell, tested as it is.)
inline bool has_slot_variables(Cell goal) {
  constexpr Cell kBit = make_small_int(kSlotVariables) ^ make_small_int(0);
  return (cells(goal)[1] & kBit) != 0;
}
inline std::uint32_t call_site(Cell goal) {
  return static_cast<std::uint32_t>(small_int_value(cells(goal)[1]) >> 32);
}
constexpr Cell origin(PredicateId predicate, std::uint64_t call_site) {
  return make_small_int(static_cast<std::int64_t>((call_site << 32) | predicate));
}
/// The low half of the origin cell of every goal of `predicate` (below kKeyedPredicates),
/// whatever its call site (the site lies above bit 34): compiled code recognises the goals it
/// takes in place by comparing it, without decoding the predicate (NativeAccess::goal_key).
constexpr std::uint32_t key(PredicateId predicate) {
  return static_cast<std::uint32_t>(origin(predicate, 0));
}
inline constexpr PredicateId kKeyedPredicates = kSlotVariables - 1;
/// The key of `predicate`'s goals whose records have slot variables (kSlotVariables).
constexpr std::uint32_t slot_variables_key(PredicateId predicate) { return key(predicate | kSlotVariables); }
inline std::int64_t state(Cell goal) { return header_aux(cells(goal)[0]); }
inline void set_state(Cell goal, std::int64_t state) {
  Cell& h = cells(goal)[0];
  h = (h & 0xFFFFFFFFU) | (static_cast<Cell>(static_cast<std::uint32_t>(state)) << 32);
}
inline std::uint64_t lineage(Cell goal) {
  return static_cast<std::uint64_t>(small_int_value(cells(goal)[2]));
}
inline Cell lineage_cell(std::uint64_t key) { return make_small_int(static_cast<std::int64_t>(key)); }
/// The argument slots as they are (a slot variable's contents, not a REF to it: see arg()).
inline Cell* args(Cell goal) { return cells(goal) + kHeaderCells; }
/// Argument `i` (0-based) as a term: a slot variable still unbound reads as a REF to its slot.
inline Cell arg(Cell goal, std::uint32_t i) {
  Cell* const slot = args(goal) + i;
  return is_var_contents(*slot) ? make_pointer(Tag::Ref, slot, iu_of(goal)) : *slot;
}
/// The arguments as terms (arg()) into `out`, arity(goal) cells.
inline void copy_args(Cell goal, Cell* out) {
  const std::uint32_t n = arity(goal);
  for (std::uint32_t i = 0; i < n; ++i) out[i] = arg(goal, i);
}

inline std::int64_t generation(std::int64_t state) { return state >> 1; }
inline bool is_suspended(std::int64_t state) { return (state & 1) != 0; }

}  // namespace fleng::vm::goal_record
