// The rewrite of node_placements.hpp.
#include "frontend/node_placements.hpp"

#include <algorithm>
#include <cstdint>

namespace fleng::frontend {

namespace {

bool on_variable_node(const Goal& goal) {
  return goal.placement && goal.placement->kind == PlacementKind::Node && !on_constant_node(goal);
}

}  // namespace

bool on_constant_node(const Goal& goal) {
  return goal.placement && goal.placement->kind == PlacementKind::Node &&
         goal.placement->variable.empty() && goal.placement->label >= 0 &&
         goal.placement->label <= std::int64_t{0xFFFFFFFF};
}

bool places_on_nodes(const std::vector<Goal>& body) {
  return std::any_of(body.begin(), body.end(), on_variable_node);
}

std::vector<Goal> goals_on_nodes(const std::vector<Goal>& body) {
  std::vector<Goal> goals;
  goals.reserve(body.size());
  for (const auto& goal : body) {
    Goal copy;
    copy.span = goal.span;
    if (on_variable_node(goal)) {
      const Placement& node = *goal.placement;
      std::vector<TermPtr> args;
      args.push_back(node.variable.empty() ? make_integer(node.label, {}, node.span)
                                           : make_variable(node.variable, node.span));
      args.push_back(clone(*goal.term));
      copy.term = make_compound("$on_node", std::move(args), goal.span);
    } else {
      copy.term = clone(*goal.term);
      copy.placement = goal.placement;
    }
    goals.push_back(std::move(copy));
  }
  return goals;
}

}  // namespace fleng::frontend
