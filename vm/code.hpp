// The loaded program: UNIRED code for every predicate, the constant pool, the predicate table
// with its first-argument index, and the source locations the error messages cite.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/source_location.hpp"
#include "vm/cell.hpp"
#include "vm/goal_sites.hpp"
#include "vm/opcode.hpp"

namespace fleng::vm {

using PredicateId = std::uint32_t;
using BuiltinId = std::uint16_t;
inline constexpr BuiltinId kNoBuiltin = 0xFFFF;

/// Where a piece of code comes from, for messages.
struct SourceRef {
  std::string file;
  frontend::SourceSpan span;
};

/// One clause of a predicate: where its head code starts.
struct ClauseCode {
  std::uint32_t head_pc = 0;
  SourceRef source;
};

/// Ends every list of a ClauseIndex (the reducer walks a list without its size).
inline constexpr std::uint32_t kEndOfChain = 0xFFFFFFFF;

/// The index of a predicate on one argument (the first one that some clause's head does not
/// leave a variable; else the first): for each kind of value of that argument, the head code
/// addresses of the clauses that can match it, in textual order (clauses whose pattern there is
/// a variable are in every list), then kEndOfChain. In the list of a constant, a clause whose
/// head starts by matching the indexed argument against that constant is entered after that
/// instruction (the index has done it).
struct ClauseIndex {
  std::uint32_t argument = 0;                 ///< the register of the argument the lists are by
  bool trivial = false;  ///< no clause's head looks at any argument: every list is `all`
  std::vector<std::uint32_t> all;             ///< unbound first argument: every clause
  std::vector<std::uint32_t> cons;            ///< a list cell
  std::vector<std::uint32_t> other;           ///< anything no constant or functor list names
  std::vector<std::uint32_t> numbers;         ///< a boxed number (float, wide integer)
  std::vector<std::pair<Cell, std::vector<std::uint32_t>>> constants;       ///< atom/small int
  std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> functors;  ///< structure
};

struct Predicate {
  std::string name;
  std::uint32_t arity = 0;
  std::uint64_t name_atom = 0;
  bool defined = false;       ///< has clauses or is a builtin
  bool from_library = false;  ///< defined by lib/ (a user definition replaces it)
  BuiltinId builtin = kNoBuiltin;
  std::vector<ClauseCode> clauses;
  ClauseIndex index;
  /// The register of each argument while a clause is tried (docs/engine.md, "Argument
  /// registers"); empty: argument i in register i. Goal records keep argument order.
  std::vector<std::uint32_t> arg_registers;
  SourceRef source;      ///< the first clause
  SourceRef first_call;  ///< the first call to it in the program (for "undefined" messages)
};

/// A number too wide for an immediate cell, kept in the constant pool.
struct NumberConstant {
  bool is_float = false;
  std::int64_t integer = 0;
  double real = 0.0;
};

/// Registers limit of a clause (arguments, head sub-terms and body temporaries): the compiler
/// allocates no more, the reducer keeps this many; the constant registers follow.
inline constexpr std::uint32_t kMaxRegisters = 1024;
/// Registers from kConstantRegisterBase on hold constants (atoms, small integers) of the
/// program: an IU fills them from CodeImage::register_constants before it runs and no
/// instruction writes them, so a body reads a constant like any other register, without a
/// put_const. (kMaxRegisters, the registers of a clause, end where they begin.)
inline constexpr std::uint32_t kConstantRegisterBase = 1024;
static_assert(kMaxRegisters == kConstantRegisterBase);
inline constexpr std::uint32_t kMaxConstantRegisters = 4096;
/// Labels of placements per clause (the compiler's limit, the IU's label table).
inline constexpr std::uint32_t kMaxLabels = 64;

class CodeImage {
 public:
  std::vector<Cell> code;
  /// The constants of the constant registers, in register order from kConstantRegisterBase.
  std::vector<Cell> register_constants;
  std::vector<NumberConstant> numbers;
  std::vector<Predicate> predicates;
  /// Source of the builtin call (or unification) at a code address.
  std::unordered_map<std::uint32_t, SourceRef> call_sites;
  /// The clause and source variables of the goal made at a code address (vm/goal_sites.hpp).
  std::unordered_map<std::uint32_t, GoalSite> goal_sites;
  /// The lineage site key (vm/lineage.hpp) of each spawn, execute, reduced and builtin call,
  /// by code address, as the compiler notes them; site_keys holds them for the reducer (which
  /// reads one at every spawn and execute: a vector as long as the code, 0 elsewhere).
  std::unordered_map<std::uint32_t, std::uint64_t> site_at;
  std::vector<std::uint64_t> site_keys;
  /// The tables of a profile-guided executor that looks destinations up at run time
  /// ('$placement_of'/3): per table, (key, IU) sorted by key, a key's IU that of the last
  /// entry at or below it.
  std::vector<std::vector<std::pair<std::int64_t, std::uint32_t>>> placement_tables;
  /// The program or a query names a random builtin: its IUs keep lineage keys.
  bool random_used = false;

  /// Fills site_keys from site_at, after code was added.
  void index_sites();

  /// The predicate name/arity, created (undefined) on first reference.
  PredicateId predicate(std::uint64_t name_atom, const std::string& name, std::uint32_t arity);
  std::optional<PredicateId> find(std::uint64_t name_atom, std::uint32_t arity) const;
  /// The constant register holding `value` (an atom or small integer), made on first use;
  /// nullopt when they are all taken.
  std::optional<std::uint32_t> constant_register(Cell value);

 private:
  std::unordered_map<std::uint64_t, PredicateId> by_key_;
  std::unordered_map<Cell, std::uint32_t> constant_registers_;
};

}  // namespace fleng::vm
