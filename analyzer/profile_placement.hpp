// The profile-guided executor (the inspector-executor method, analyzer/placement_profile.hpp):
// a program whose profiled loop iterations are placed by rules (1)-(4)
// (analyzer/iteration_allocation.hpp), with their destinations written as constants.
//
// A site is placed when it is a call of a program predicate whose instances have integer keys
// (at least two of them) and read or write any data at all, whose goal carries no placement
// written by hand, and which is neither the loop's own recursion (a predicate of the caller's
// call-graph component) nor made inside another placed iteration; with --key marks, only the
// marked predicates' goals are placed. Every other goal keeps the placement it had. A placed site's goal becomes:
//   - `G @ node(K)` when every iteration goes to IU K (a constant destination: the compiler
//     writes it into the spawn instruction);
//   - otherwise a call of a generated dispatch predicate '$placed_<n>' with the same
//     arguments: a binary tree of `less(Key, Split, R)` tests over the key ranges of the
//     allocation (consecutive keys on one IU form a range), whose leaves are `G @ node(K)`.
//     Constants in code, no table looked up at run time (the paper's constant folding). A key
//     that is not an integer when the goal runs leaves the goal where it is.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/placement_profile.hpp"
#include "frontend/ast.hpp"

namespace fleng::analyzer {

/// Why `profile` (read from `path`) cannot guide `program` (the program as written) on `ius`
/// IUs: an error message starting with `path`, or empty when it matches. Refused: another IU
/// count, a predicate added or removed, a clause added, removed or changed (the fingerprints).
std::string profile_mismatch(const PlacementProfile& profile, const frontend::Program& program,
                             unsigned ius, const std::string& path);
/// The same for a program of several files, in the order loaded (a clause's place in a message
/// names its own file).
std::string profile_mismatch(const PlacementProfile& profile,
                             const std::vector<const frontend::Program*>& files, unsigned ius,
                             const std::string& path);

/// How the executor finds an iteration's IU: from constants in code (the paper's method), or
/// by looking its key up in a table at run time (the original inspector-executor, for
/// comparison): `'$placement_of'(Table, Key, N), G @ node(N)`.
enum class ExecutorForm { Constants, Lookup };

/// The tables of the Lookup form, in table-number order: (key, IU) sorted by key.
using PlacementTables = std::vector<std::vector<std::pair<std::int64_t, std::uint32_t>>>;

/// The executor: `program` (with whatever placements it carries: the analyzer's or none) with
/// each placed site rewritten as above. `explanation`, if given, receives one paragraph per
/// site: the decision, the rule behind each range and the words it rests on. `written`: the
/// program as written (the same clauses), whose goals with a placement written by hand keep it.
frontend::Program place_by_profile(const frontend::Program& program, const PlacementProfile& profile,
                                   std::string* explanation = nullptr,
                                   const frontend::Program* written = nullptr,
                                   ExecutorForm form = ExecutorForm::Constants,
                                   PlacementTables* tables = nullptr);

}  // namespace fleng::analyzer
