// Where goals are made, for the reports a person debugs with: for each instruction that makes
// a goal (spawn, spawn_at, execute, a builtin call), the clause whose body holds the goal and
// where the source variables of the goal's arguments are, so that a deadlock report can say
// `wait_for(X) ... (made at f.fl:3:9 by main/0)` instead of `wait_for(_G12)`.
//
// The table is kept beside the code (CodeImage::goal_sites, by code address) and read only when
// a report or a trace line is written; a goal record already carries the code address of the
// instruction that made it (vm/goal_record.hpp), so the reducer does no more work for it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/source_location.hpp"
#include "vm/cell.hpp"
#include "vm/term_writer.hpp"

namespace fleng::vm {

/// One source variable inside a goal's argument: `argument`, then the steps down to it
/// (kConsHead, kConsTail, or the index of a structure's field).
struct SiteVariable {
  static constexpr std::int32_t kConsHead = -1;
  static constexpr std::int32_t kConsTail = -2;
  std::uint32_t argument = 0;
  std::vector<std::int32_t> steps;
  std::string name;
};

struct GoalSite {
  std::string clause;  ///< the predicate of the clause whose body holds the goal, `main/0`
  std::vector<SiteVariable> variables;
  std::uint32_t ordinal = 0;   ///< that clause's number among the predicate's clauses, from 1
  std::uint32_t position = 0;  ///< the goal's place in the body as compiled, from 1
  frontend::SourceSpan span;   ///< the goal in the source
};

/// Adds to `names.source` the name of every source variable of `site` that is still an
/// unbound variable in the goal's arguments `args` (the first name wins for a variable that
/// several places share).
void name_site_variables(const GoalSite& site, const Cell* args, std::uint32_t arity,
                         VariableNames& names);

}  // namespace fleng::vm
