// The call graph of a program and its strongly connected components: which predicates are
// recursive (they can call themselves, directly or through others) and which recurse together.
// The partitioner uses it to recognise a clause that starts a new pipeline stage: it calls
// itself again (another stage will follow) and spawns a process of its own (a recursive
// predicate of another component), as primes' sift does with filter.
#pragma once

#include <map>
#include <set>
#include <vector>

#include "frontend/ast.hpp"

namespace fleng::analyzer {

class CallGraph {
 public:
  explicit CallGraph(const frontend::Program& program);

  /// True when `key` can reach itself (directly or through other predicates of the program).
  [[nodiscard]] bool recursive(const frontend::PredicateKey& key) const;
  /// True when `a` and `b` are in one component (each can reach the other), or are equal.
  [[nodiscard]] bool same_component(const frontend::PredicateKey& a,
                                    const frontend::PredicateKey& b) const;
  /// True when a goal of `from` can lead to a call of `to` (through any chain of the program's
  /// predicates), or they are equal.
  [[nodiscard]] bool reaches(const frontend::PredicateKey& from, const frontend::PredicateKey& to) const;

 private:
  std::map<frontend::PredicateKey, std::set<frontend::PredicateKey>> calls_;
  std::map<frontend::PredicateKey, int> component_;
  std::set<frontend::PredicateKey> recursive_;
};

}  // namespace fleng::analyzer
