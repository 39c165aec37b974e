// The clusters of predicates that share a C++ function (native/predicate_clusters.hpp).
#include "native/predicate_clusters.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "vm/opcode.hpp"

namespace fleng::native {

using vm::Op;

std::uint64_t instruction_size(const std::vector<vm::Cell>& code, std::uint64_t pc) {
  const auto op = static_cast<Op>(code[pc]);
  std::uint64_t at = pc + 1;
  for (const char kind : vm::info(op).operands) at += kind == 'V' ? 1 + code[at] : 1;
  return at - pc;
}

GoalsMade::GoalsMade(const vm::CodeImage& image) : image_(image) {
  for (const vm::Predicate& q : image.predicates) {
    for (const vm::ClauseCode& c : q.clauses) heads_.push_back(c.head_pc);
  }
  std::sort(heads_.begin(), heads_.end());
}

std::vector<GoalMade> GoalsMade::of(vm::PredicateId id) const {
  std::vector<GoalMade> goals;
  for (const vm::ClauseCode& clause : image_.predicates[id].clauses) {
    std::uint64_t pc = clause.head_pc;
    const auto next = std::upper_bound(heads_.begin(), heads_.end(), clause.head_pc);
    const std::uint64_t end = next == heads_.end() ? image_.code.size() : *next;
    while (pc < end) {
      const auto op = static_cast<Op>(image_.code[pc]);
      if (op == Op::spawn || op == Op::spawn_at || op == Op::execute) {
        goals.push_back({static_cast<vm::PredicateId>(image_.code[pc + 1]), op == Op::execute});
      }
      pc += instruction_size(image_.code, pc);
    }
  }
  return goals;
}

std::vector<std::vector<vm::PredicateId>> predicate_clusters(const vm::CodeImage& image,
                                                             const std::vector<bool>& native,
                                                             const GoalsMade& goals) {
  const std::size_t n = image.predicates.size();
  // The links between two native predicates: last calls before spawned goals, each kind in
  // the order of the predicates (so that the result depends on the image alone).
  std::vector<std::tuple<int, vm::PredicateId, vm::PredicateId>> links;
  for (std::size_t i = 0; i < n; ++i) {
    if (!native[i]) continue;
    for (const GoalMade& g : goals.of(static_cast<vm::PredicateId>(i))) {
      if (g.target == i || g.target >= n || !native[g.target]) continue;
      links.emplace_back(g.last_call ? 0 : 1, static_cast<vm::PredicateId>(i), g.target);
    }
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  // Union-find, a root standing for its cluster with the cluster's size.
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<std::size_t> size(n, 1);
  const auto root = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& [kind, from, to] : links) {
    const std::size_t a = root(from);
    const std::size_t b = root(to);
    if (a == b || size[a] + size[b] > kMaxClusterMembers) continue;
    const auto [big, small] = std::minmax(a, b);
    parent[small] = big;
    size[big] += size[small];
  }
  std::vector<std::vector<vm::PredicateId>> clusters;
  std::vector<std::size_t> cluster_of_root(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!native[i]) continue;
    const std::size_t r = root(i);
    if (cluster_of_root[r] == n) {
      cluster_of_root[r] = clusters.size();
      clusters.emplace_back();
    }
    clusters[cluster_of_root[r]].push_back(static_cast<vm::PredicateId>(i));
  }
  return clusters;
}

}  // namespace fleng::native
