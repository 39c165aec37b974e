// Static load partitioning (the PIE64 paper, section 5.2): per clause, the data-flow graph of
// its body (goal nodes and variable nodes; a variable -> goal edge when the goal needs the
// variable's value, a goal -> variable edge when the goal binds it, from the modes), its
// partition into walks, and the annotations that place each walk on its own IU.
//
// Edges come from the modes; a variable in a position of unknown mode that another goal of the
// body binds counts as an input there. The clause's own recursive call does not wait for an
// input it only passes on (ModeTable::waits_for: no head matches it, no builtin of its bodies
// needs it) unless a builtin of the body computes it: an accumulator threaded through a loop
// (queens' try/5) leaves the next round free to run while the value is made.
//
// The algorithm. Goals on one walk cannot run at the same time (each waits for the one before),
// so they can share an IU without losing concurrency; independent walks get different labels.
// Goals are taken in dependency order (textual order among independent ones); a goal extends
// the walk of a goal that produces one of its inputs, if that goal is still the walk's last
// (among several, the walk whose last goal comes latest in the text); otherwise it starts a
// new walk. A predicate that a caller already places (placed_by_callers) keeps its walks made
// only of builtins with the walk that uses their results (grain size). Then, when a clause has
// two walks or more, the last walk with the clause's own recursive call stays here (the loop
// goes on next to its data) and each other walk L gets a label: its goals
// `@ to(L)`, the first variable it allocates `@ any(L)` (the least-loaded IU is chosen there)
// and its other new variables `@ to(L)`; a walk that allocates nothing has `@ any(L)` on its
// first goal instead. A clause with one walk has no concurrency to spread and stays local,
// except a new pipeline stage: a clause whose one walk calls its own predicate again (so
// another stage will follow it) and calls a recursive predicate of another component of the
// call graph (a process of its own, running as long as its input stream) - primes' sift,
// `filter(P, Xs, Ys), sift(Ys, Ps1)`. The walk waits for nothing of its own clause, but it runs
// at the same time as the stage that feeds it (the goals on one walk of a stream pipeline do
// run together, which the walk rule does not see); kept local, every stage of the pipeline
// would pile up on one IU. Such a walk is split at the stream: its consumer (sift) and the
// stream (Ys) go to the least-loaded IU (`Ys @ any(1)`, `sift(Ys, Ps1) @ to(1)`), and the
// producer (filter) stays here, next to its input, which the stage before produced here. So
// each stream is read on the IU where it lives and written from afar: writes (binds) are
// messages that do not stall the UNIRED, reads are round trips that do.
// Clauses that carry placements written by hand are kept as they are (the frontend checks them).
// Unifications (`=`) compute locally: they join no walk and carry no placement (their new
// variables belong to the walk of the goal that binds them).
// Output streams: a clause that binds an output argument V of its head to a new structure
// whose new variables a call of its own component goes on binding (`Ys = [X|Ys1]`, then
// `filter(P, Xs, Ys1)`) builds it where V lives: `Ys @ on(L)` in the head, the structure and
// those variables `@ to(L)`. V was allocated next to its reader, so the stream is written from
// afar and read locally (annotate() does this after the walks).
// This reproduces the paper's Figure 7 from its Figure 5.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "analyzer/call_graph.hpp"
#include "analyzer/modes.hpp"
#include "frontend/ast.hpp"

namespace fleng::analyzer {

/// The data-flow graph of one clause body.
struct DataflowGraph {
  struct GoalNode {
    std::size_t index;               ///< position in the body
    std::vector<std::string> needs;  ///< variables whose value it needs
    std::vector<std::string> binds;  ///< variables it binds
    /// Inputs of the clause's own recursive call that it only passes on (no edge).
    std::vector<std::string> passes;
  };
  std::vector<GoalNode> goals;
  std::vector<bool> user_goal;             ///< per body goal: a call of a program predicate
  std::vector<std::string> new_variables;  ///< body-only variables, in order of first occurrence
};

DataflowGraph dataflow(const frontend::Clause& clause, const ModeTable& modes);

struct Walk {
  int label = 0;                       ///< 1-based; 0 when the clause stays local
  std::vector<std::size_t> goals;      ///< body positions
  std::vector<std::string> variables;  ///< new variables it allocates
  /// Only builtins that act on the world (output, halt/1) and need nothing this body makes:
  /// they run at once, here, in textual order, so the walk is never placed elsewhere (there
  /// it could print after output written later, or be cut off by a halt/1 that overtook it).
  bool in_textual_order = false;
};

struct ClausePartition {
  bool hand_annotated = false;
  std::vector<Walk> walks;
  /// A new pipeline stage (then walks = {stays here, moves with label 1}): the process it
  /// spawns, the stream between producer and consumer, and their body positions.
  std::string pipeline_process;
  std::string pipeline_stream;
  std::size_t pipeline_producer = 0;
  std::size_t pipeline_consumer = 0;
  /// Walks of builtins joined to their consumer's walk (the predicate is placed by a caller).
  std::size_t merged_builtin_walks = 0;
  /// One walk (the one with the clause's last recursive call) kept here, unlabelled.
  bool loop_stays = false;
};

/// `calls` (the program's call graph) enables the pipeline-stage rule; without it a clause
/// with one walk always stays local.
ClausePartition partition(const frontend::Clause& clause, const ModeTable& modes,
                          const CallGraph* calls = nullptr, bool placed_by_caller = false);

/// The program predicates that some caller places (a goal of a labelled walk, or a goal with a
/// placement written by hand): their clauses keep builtin-only walks with their consumer.
std::set<frontend::PredicateKey> placed_by_callers(const frontend::Program& program,
                                                   const ModeTable& modes, const CallGraph& calls);

/// The program with annotations inserted (a copy; comments kept). With `explain`, a text that
/// says per clause which walks were found and why each annotation was chosen.
frontend::Program annotate(const frontend::Program& program, const ModeTable& modes,
                           std::string* explain = nullptr);

/// The data-flow graphs as Graphviz, one cluster per clause.
std::string dataflow_dot(const frontend::Program& program, const ModeTable& modes);

}  // namespace fleng::analyzer
