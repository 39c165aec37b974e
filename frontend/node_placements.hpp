// `G @ node(N)`: a goal placed on IU N by its number (docs/language.md, placements). With N
// an integer literal the destination is a constant, written into the goal's spawn_at by the
// compiler (in both bodies). With N a variable the compiler turns the goal into the builtin
// call '$on_node'(N, G) (vm/builtins/control.cpp), which waits until N is bound, then starts
// G on IU N modulo the number of IUs. So the goal
// waits for N on every engine (the one-IU engine runs it here), and a goal whose IU number
// is computed in the same body (`I is K mod 4, work(K) @ node(I)`) starts once it is known.
#pragma once

#include <vector>

#include "frontend/ast.hpp"

namespace fleng::frontend {

/// `@ node(K)` with K an integer literal (below 2^32): a constant destination, which the
/// compiler writes into the goal's spawn instruction (no builtin call, nothing to wait for).
bool on_constant_node(const Goal& goal);

/// True when a goal of `body` carries `@ node(N)` with N a variable (or a literal too large
/// for a constant destination).
bool places_on_nodes(const std::vector<Goal>& body);

/// A copy of `body` in which every such `G @ node(N)` is the goal '$on_node'(N, G) without a
/// placement; the other goals are copied as they are (same places, spans and placements).
std::vector<Goal> goals_on_nodes(const std::vector<Goal>& body);

}  // namespace fleng::frontend
