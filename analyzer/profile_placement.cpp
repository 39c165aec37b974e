// The profile-guided executor (profile_placement.hpp).
#include "analyzer/profile_placement.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "analyzer/call_graph.hpp"
#include "analyzer/iteration_allocation.hpp"

namespace fleng::analyzer {

namespace {

using frontend::Clause;
using frontend::Goal;
using frontend::Placement;
using frontend::PlacementKind;
using frontend::Program;
using frontend::Term;
using frontend::TermKind;
using frontend::TermPtr;

/// Consecutive keys allocated to one IU.
struct KeyRange {
  std::int64_t first = 0;
  std::int64_t last = 0;
  unsigned iu = 0;
  std::uint64_t iterations = 0;
  std::uint64_t exchanged = 0;  // the words the range's iterations exchange there
  std::uint64_t touched = 0;    // all the words they read or write
  std::array<std::uint64_t, 5> by_rule{};  // iterations per rule (1..4)
};

frontend::PredicateKey key_of(const std::string& text) {
  const auto slash = text.rfind('/');
  if (slash == std::string::npos) return {text, 0};
  return {text.substr(0, slash), static_cast<std::size_t>(std::stoul(text.substr(slash + 1)))};
}

/// Why a site is not placed (empty: it is). With marks (--key), exactly the marked
/// predicates' goals are the iterations; without, a call of a program predicate that is not
/// the loop's own recursion (a goal of the caller's call-graph component: the loop goes on
/// where it is) and that has no node(N) written by hand.
std::string not_placed_because(const ProfileSite& site, const PlacementProfile& profile,
                               const std::set<std::string>& defined, const CallGraph& graph) {
  if (!defined.contains(site.goal)) return "not a predicate of the program";
  if (!profile.keys.empty()) {
    if (!profile.keys.contains(site.goal)) return "not marked with --key";
  } else if (graph.same_component(key_of(site.clause), key_of(site.goal))) {
    return fmt::format("the loop itself ({} recurses through {}): it goes on where it is",
                       site.clause, site.goal);
  }
  std::size_t keyed = 0;
  std::uint64_t words = 0;
  for (const auto& instance : site.instances) {
    if (instance.key) ++keyed;
    for (const auto& [iu, n] : instance.read) words += n;
    for (const auto& [iu, n] : instance.written) words += n;
  }
  if (keyed < 2) return "fewer than two iterations with an integer key";
  if (words == 0) return "reads and writes no data";
  // An iteration's goals are made by one loop, on one IU, at every outer step; goals of one key
  // made on several IUs are not one iteration (a step or block number that the goals of
  // every block share): more than 1% of such keys and the key does not tell iterations apart.
  std::size_t spread = 0;
  for (const auto& instance : site.instances) {
    if (instance.key && instance.made_on.size() > 1) {
      std::uint64_t all = 0;
      std::uint64_t most = 0;
      for (const auto& [iu, n] : instance.made_on) {
        all += n;
        most = std::max(most, n);
      }
      if (most * 2 <= all) ++spread;  // no IU made most of them
    }
  }
  if (spread * 100 > keyed) {
    return fmt::format("its key (argument {}) does not tell iterations apart: the goals of one key "
                       "were made on several IUs ({} keys); mark the loop index with --key",
                       site.key_argument, spread);
  }
  return {};
}

/// The allocation of a site's keyed iterations, as ranges of keys. `where_made`: every
/// iteration goes to the one IU whose bodies made its goals.
std::vector<KeyRange> allocate_site(const ProfileSite& site, unsigned ius, bool& where_made) {
  std::vector<const ProfileInstance*> keyed;
  for (const auto& instance : site.instances) {
    if (instance.key) keyed.push_back(&instance);
  }
  std::sort(keyed.begin(), keyed.end(),
            [](const ProfileInstance* a, const ProfileInstance* b) { return *a->key < *b->key; });
  std::vector<std::vector<std::uint64_t>> table;
  table.reserve(keyed.size());
  for (const ProfileInstance* instance : keyed) {
    std::vector<std::uint64_t> row(ius, 0);
    for (const auto& [iu, n] : instance->read) row[iu] += n;
    for (const auto& [iu, n] : instance->written) row[iu] += n;
    table.push_back(std::move(row));
  }
  const auto choices = allocate_iterations(table);
  // Where made: the IU that made most of the iteration's goals. A goal's maker is found by its
  // record's address, which a collection may give to another goal: a few strays are noise, so
  // the site counts as made where it goes when at most 1% of its iterations are not.
  std::size_t elsewhere = 0;
  for (std::size_t i = 0; i < keyed.size(); ++i) {
    const auto& made = keyed[i]->made_on;
    const auto most = std::max_element(made.begin(), made.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    if (most == made.end() || most->first != choices[i].iu) ++elsewhere;
  }
  where_made = elsewhere * 100 <= keyed.size();
  std::vector<KeyRange> ranges;
  for (std::size_t i = 0; i < keyed.size(); ++i) {
    const auto& choice = choices[i];
    if (ranges.empty() || ranges.back().iu != choice.iu) {
      ranges.push_back(KeyRange{*keyed[i]->key, *keyed[i]->key, choice.iu, 0, 0, 0, {}});
    }
    KeyRange& r = ranges.back();
    r.last = *keyed[i]->key;
    ++r.iterations;
    r.exchanged += choice.exchanged;
    for (const auto w : table[i]) r.touched += w;
    ++r.by_rule[static_cast<std::size_t>(choice.rule)];
  }
  return ranges;
}

TermPtr variable(const std::string& name) { return frontend::make_variable(name, {}); }

std::vector<TermPtr> argument_variables(std::size_t arity) {
  std::vector<TermPtr> args;
  for (std::size_t i = 1; i <= arity; ++i) args.push_back(variable(fmt::format("A{}", i)));
  return args;
}

Goal plain_goal(TermPtr term, std::optional<Placement> placement = std::nullopt) {
  Goal goal;
  goal.term = std::move(term);
  goal.placement = std::move(placement);
  return goal;
}

Clause make_clause(TermPtr head, std::vector<Goal> body) {
  Clause clause;
  clause.head = std::move(head);
  clause.has_body = true;
  clause.body = std::move(body);
  return clause;
}

/// The goal `name(A1..An)`, or `name(first, A1..An)`.
TermPtr call(const std::string& name, std::size_t arity, TermPtr first = nullptr) {
  std::vector<TermPtr> args;
  if (first) args.push_back(std::move(first));
  for (auto& a : argument_variables(arity)) args.push_back(std::move(a));
  if (args.empty()) return frontend::make_atom(name, {});
  return frontend::make_compound(name, std::move(args), {});
}

/// Builds the dispatch predicates of one placed site (see the header).
class DispatchBuilder {
 public:
  DispatchBuilder(std::string base, std::string goal_name, std::size_t arity, std::uint32_t key,
                  const std::vector<KeyRange>& ranges, std::vector<Clause>& out)
      : base_(std::move(base)), goal_(std::move(goal_name)), arity_(arity), key_(key),
        ranges_(ranges), out_(out) {}

  /// The root predicate's name; its clauses are added to `out`.
  std::string build() {
    // base(A..) :- integer(Ak, I), base_int(I, A..).
    const std::string checked = base_ + "_int";
    {
      std::vector<Goal> body;
      std::vector<TermPtr> test;
      test.push_back(variable(fmt::format("A{}", key_)));
      test.push_back(variable("I"));
      body.push_back(plain_goal(frontend::make_compound("integer", std::move(test), {})));
      body.push_back(plain_goal(call(checked, arity_, variable("I"))));
      out_.push_back(make_clause(call(base_, arity_), std::move(body)));
    }
    std::vector<Goal> tree = body(0, ranges_.size());
    out_.push_back(make_clause(call(checked, arity_, frontend::make_atom("true", {})), std::move(tree)));
    {
      std::vector<Goal> here;
      here.push_back(plain_goal(call(goal_, arity_)));  // not an integer: stays here
      out_.push_back(make_clause(call(checked, arity_, frontend::make_atom("false", {})), std::move(here)));
    }
    return base_;
  }

 private:
  /// The body that places ranges [a, b).
  std::vector<Goal> body(std::size_t a, std::size_t b) {
    std::vector<Goal> goals;
    if (b - a == 1) {
      Placement node;
      node.kind = PlacementKind::Node;
      node.label = ranges_[a].iu;
      goals.push_back(plain_goal(call(goal_, arity_), node));
      return goals;
    }
    const std::size_t mid = a + (b - a) / 2;
    const std::string next = fmt::format("{}_{}", base_, ++nodes_);
    std::vector<TermPtr> test;
    test.push_back(variable(fmt::format("A{}", key_)));
    test.push_back(frontend::make_integer(ranges_[mid].first, {}, {}));
    test.push_back(variable("R"));
    goals.push_back(plain_goal(frontend::make_compound("less", std::move(test), {})));
    goals.push_back(plain_goal(call(next, arity_, variable("R"))));
    // Both subtrees first, so that the two clauses of `next` stand together in the program.
    std::vector<Goal> below = body(a, mid);
    std::vector<Goal> above = body(mid, b);
    out_.push_back(make_clause(call(next, arity_, frontend::make_atom("true", {})), std::move(below)));
    out_.push_back(make_clause(call(next, arity_, frontend::make_atom("false", {})), std::move(above)));
    return goals;
  }

  std::string base_;
  std::string goal_;
  std::size_t arity_;
  std::uint32_t key_;
  const std::vector<KeyRange>& ranges_;
  std::vector<Clause>& out_;
  unsigned nodes_ = 0;
};

/// Labels an `any`/`on` defines in a term.
void defined_labels(const Term& t, std::set<std::int64_t>& out) {
  if (t.kind == TermKind::Annotated &&
      (t.placement.kind == PlacementKind::Any || t.placement.kind == PlacementKind::On)) {
    out.insert(t.placement.label);
  }
  for (const auto& a : t.args) defined_labels(*a, out);
  if (t.tail) defined_labels(*t.tail, out);
}

/// A copy of `t` whose `X @ to(L)` for an undefined L is plain X.
TermPtr without_dangling(const Term& t, const std::set<std::int64_t>& defined) {
  if (t.kind == TermKind::Annotated && t.placement.kind == PlacementKind::To &&
      !defined.contains(t.placement.label)) {
    return without_dangling(*t.args.front(), defined);
  }
  TermPtr copy = frontend::clone(t);
  for (std::size_t i = 0; i < t.args.size(); ++i) copy->args[i] = without_dangling(*t.args[i], defined);
  if (t.tail) copy->tail = without_dangling(*t.tail, defined);
  return copy;
}

/// A clause some of whose goals lost their placement: a `to(L)` whose `any(L)` went with them
/// would name a label nothing sets, so it goes too (the datum or goal stays here).
void drop_dangling_labels(Clause& clause) {
  std::set<std::int64_t> defined;
  defined_labels(*clause.head, defined);
  for (const auto& goal : clause.body) {
    defined_labels(*goal.term, defined);
    if (goal.placement && goal.placement->kind == PlacementKind::Any) defined.insert(goal.placement->label);
  }
  for (auto& goal : clause.body) {
    goal.term = without_dangling(*goal.term, defined);
    if (goal.placement && goal.placement->kind == PlacementKind::To &&
        !defined.contains(goal.placement->label)) {
      goal.placement.reset();
    }
  }
}

/// `goal @ node(N)`, N the variable `iu_variable` that `computes` binds; `before` becomes that
/// goal, which the clause runs just before `goal`.
void place_on_computed_node(Goal& goal, const std::string& iu_variable, TermPtr computes, Goal& before) {
  before = plain_goal(std::move(computes));
  Placement node;
  node.kind = PlacementKind::Node;
  node.variable = iu_variable;
  goal.placement = node;
}

std::string rule_counts(const KeyRange& r) {
  std::string out;
  for (std::size_t rule = 1; rule <= 4; ++rule) {
    if (r.by_rule[rule] == 0) continue;
    out += fmt::format("{}rule ({}) x{}", out.empty() ? "" : ", ", rule, r.by_rule[rule]);
  }
  return out;
}

std::string key_text(const KeyRange& r) {
  return r.first == r.last ? fmt::format("{}", r.first) : fmt::format("{}..{}", r.first, r.last);
}

}  // namespace

std::string profile_mismatch(const PlacementProfile& profile, const Program& program, unsigned ius,
                             const std::string& path) {
  return profile_mismatch(profile, std::vector<const Program*>{&program}, ius, path);
}

std::string profile_mismatch(const PlacementProfile& profile, const std::vector<const Program*>& files,
                             unsigned ius, const std::string& path) {
  if (profile.ius != ius) {
    return fmt::format("{}: error: the profile was made on {} IUs, this run has {}: make a new "
                       "profile with --ius {}",
                       path, profile.ius, ius, ius);
  }
  const auto now = clause_fingerprints(files);
  const auto where = [&](const std::string& predicate, std::size_t i) {
    std::size_t n = 0;
    for (const Program* program : files) {
      for (const auto& item : program->items) {
        if (const auto* clause = std::get_if<Clause>(&item)) {
          if (frontend::to_string(frontend::predicate_of(*clause)) != predicate) continue;
          if (n++ == i) {
            return fmt::format(" ({}:{}:{})", program->file_name, clause->span.begin.line,
                               clause->span.begin.column);
          }
        }
      }
    }
    return std::string{};
  };
  for (const auto& [predicate, hashes] : profile.clauses) {
    const auto it = now.find(predicate);
    if (it == now.end()) {
      return fmt::format("{}: error: the profile does not match the program: {} is no longer "
                         "defined; make a new profile",
                         path, predicate);
    }
    for (std::size_t i = 0; i < std::max(hashes.size(), it->second.size()); ++i) {
      if (i >= hashes.size() || i >= it->second.size() || hashes[i] != it->second[i]) {
        const bool added = i >= hashes.size();
        const bool removed = i >= it->second.size();
        return fmt::format("{}: error: the profile does not match the program: clause {} of {}{} "
                           "{} since the profile was made; make a new profile",
                           path, i + 1, predicate, removed ? "" : where(predicate, i),
                           added ? "was added" : removed ? "was removed" : "changed");
      }
    }
  }
  for (const auto& [predicate, hashes] : now) {
    if (!profile.clauses.contains(predicate)) {
      return fmt::format("{}: error: the profile does not match the program: {}{} was added "
                         "since the profile was made; make a new profile",
                         path, predicate, where(predicate, 0));
    }
  }
  return {};
}

Program place_by_profile(const Program& program, const PlacementProfile& profile,
                         std::string* explanation, const Program* written, ExecutorForm form,
                         PlacementTables* tables) {
  std::set<std::string> defined;
  for (const auto& item : program.items) {
    if (const auto* clause = std::get_if<Clause>(&item)) {
      defined.insert(frontend::to_string(frontend::predicate_of(*clause)));
    }
  }
  const CallGraph graph(program);
  // The placed sites by (clause predicate, ordinal, position), with their rewritten goal.
  std::map<std::tuple<std::string, std::uint32_t, std::uint32_t>, const ProfileSite*> placed;
  std::map<const ProfileSite*, std::vector<KeyRange>> allocations;
  std::set<const ProfileSite*> stay_where_made;
  // Goals with a placement written by hand keep it (as the static partitioning keeps them).
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t>> written_placed;
  if (written != nullptr) {
    std::map<std::string, std::uint32_t> numbers;
    for (const auto& item : written->items) {
      const auto* clause = std::get_if<Clause>(&item);
      if (clause == nullptr) continue;
      const std::string predicate = frontend::to_string(frontend::predicate_of(*clause));
      const std::uint32_t ordinal = ++numbers[predicate];
      for (std::uint32_t i = 0; i < clause->body.size(); ++i) {
        if (clause->body[i].placement) written_placed.insert({predicate, ordinal, i + 1});
      }
    }
  }
  const auto not_placed = [&](const ProfileSite& site, const std::string& why) {
    if (explanation != nullptr && defined.contains(site.goal)) {
      *explanation += fmt::format("{} (clause {} of {}, goal {}, {}): not placed: {}\n\n", site.goal,
                                  site.ordinal, site.clause, site.position, site.source, why);
    }
  };
  std::vector<const ProfileSite*> candidates;
  for (const auto& site : profile.sites) {
    std::string why = not_placed_because(site, profile, defined, graph);
    if (why.empty() && written_placed.contains({site.clause, site.ordinal, site.position})) {
      why = "a placement written by hand";
    }
    if (!why.empty()) {
      not_placed(site, why);
      continue;
    }
    candidates.push_back(&site);
  }
  // A goal made inside another placed iteration (its clause reached from that iteration's
  // predicate) for the same index (each of its keys is one of that iteration's keys:
  // relax_sum(I, ..) inside relax_point(I, ..)) is part of that iteration: it goes where the
  // iteration goes. (A loop over steps that reaches the iterations is not their iteration.)
  const auto keys_of = [](const ProfileSite& site) {
    std::set<std::int64_t> keys;
    for (const auto& instance : site.instances) {
      if (instance.key) keys.insert(*instance.key);
    }
    return keys;
  };
  for (const ProfileSite* site : candidates) {
    const ProfileSite* outer = nullptr;
    const auto inner_keys = keys_of(*site);
    for (const ProfileSite* other : candidates) {
      if (other == site || !graph.reaches(key_of(other->goal), key_of(site->clause)) ||
          graph.reaches(key_of(site->goal), key_of(other->clause))) {
        continue;
      }
      const auto outer_keys = keys_of(*other);
      if (std::includes(outer_keys.begin(), outer_keys.end(), inner_keys.begin(), inner_keys.end())) {
        outer = other;
      }
    }
    if (outer != nullptr) {
      not_placed(*site, fmt::format("part of the iteration {} ({}): it runs where that one runs",
                                    outer->goal, outer->source));
      continue;
    }
    placed[{site->clause, site->ordinal, site->position}] = site;
    bool where_made = false;
    allocations[site] = allocate_site(*site, profile.ius, where_made);
    if (where_made) stay_where_made.insert(site);
  }

  std::vector<Clause> generated;
  std::map<std::string, std::uint32_t> ordinals;
  Program out = frontend::rewrite_clauses(program, [&](const Clause& clause) {
    const std::string predicate = frontend::to_string(frontend::predicate_of(clause));
    const std::uint32_t ordinal = ++ordinals[predicate];
    Clause copy = frontend::copy_clause(clause, [](const Term& t) { return frontend::clone(t); }, true);
    bool changed = false;
    std::map<std::uint32_t, Goal> lookups;  // the table look-up before the goal at a position
    for (std::uint32_t position = 1; position <= copy.body.size(); ++position) {
      const auto it = placed.find({predicate, ordinal, position});
      if (it == placed.end()) continue;
      const ProfileSite& site = *it->second;
      Goal& goal = copy.body[position - 1];
      if (frontend::to_string(frontend::PredicateKey{goal.term->text, goal.term->arity()}) != site.goal) {
        continue;  // profile_mismatch refuses such a profile; never rewrite another goal
      }
      if (goal.placement && goal.placement->kind == PlacementKind::Node) {
        if (explanation != nullptr) {
          *explanation += fmt::format("{} (clause {} of {}, goal {}, {}): not placed: node(N) written by hand\n\n",
                                      site.goal, site.ordinal, site.clause, site.position, site.source);
        }
        continue;
      }
      const auto& ranges = allocations[&site];
      changed = true;
      if (explanation != nullptr) {
        std::uint64_t iterations = 0;
        std::uint64_t exchanged = 0;
        std::uint64_t touched = 0;
        for (const auto& r : ranges) {
          iterations += r.iterations;
          exchanged += r.exchanged;
          touched += r.touched;
        }
        *explanation += fmt::format(
            "{} (clause {} of {}, goal {}, {}): {} iterations keyed on argument {}, {} range{} of "
            "keys; {} of the {} words they touch cross the network (profiled on {} IUs)\n",
            site.goal, site.ordinal, site.clause, site.position, site.source, iterations,
            site.key_argument, ranges.size(), ranges.size() == 1 ? "" : "s", exchanged, touched,
            profile.ius);
        for (const auto& r : ranges) {
          *explanation += fmt::format("  keys {} -> IU {}: {} iteration{}, {} of {} words exchanged; {}\n",
                                      key_text(r), r.iu, r.iterations, r.iterations == 1 ? "" : "s",
                                      r.exchanged, r.touched, rule_counts(r));
        }
      }
      if (form == ExecutorForm::Lookup) {
        // The run-time inspector-executor: every iteration looks its IU up in a table.
        const auto table = static_cast<std::int64_t>(tables != nullptr ? tables->size() : 0);
        if (tables != nullptr) {
          tables->emplace_back();
          for (const auto& r : ranges) tables->back().emplace_back(r.first, r.iu);
        }
        const std::string iu_variable = fmt::format("PlacedIu_{}", position);
        std::vector<TermPtr> args;
        args.push_back(frontend::make_integer(table, {}, {}));
        args.push_back(site.key_argument >= 1 && site.key_argument <= goal.term->arity()
                           ? frontend::clone(*goal.term->args[site.key_argument - 1])
                           : frontend::make_atom("none", {}));
        args.push_back(variable(iu_variable));
        place_on_computed_node(goal, iu_variable, frontend::make_compound("$placement_of", std::move(args), goal.span),
                               lookups[position]);
        if (explanation != nullptr) {
          *explanation += fmt::format("  written as '$placement_of'({}, Key, N), {} @ node(N): a table of {} "
                                      "entries looked up at run time\n\n",
                                      table, site.goal, ranges.size());
        }
        continue;
      }
      if (stay_where_made.contains(&site)) {
        // The paper's SPMD executor: each IU runs the iterations it makes; the destination is
        // the IU's own number, a constant of its code. The goal goes through this IU's pool, as
        // a goal sent to IU K does (reduced at once instead, with `@ local`, each iteration
        // would hold up the loop that makes the others: docs/evaluation-ie.md measures both).
        const std::string iu_variable = fmt::format("PlacedIu_{}", position);
        std::vector<TermPtr> args;
        args.push_back(variable(iu_variable));
        place_on_computed_node(goal, iu_variable, frontend::make_compound("current_node", std::move(args), goal.span),
                               lookups[position]);
        if (explanation != nullptr) {
          *explanation += fmt::format("  every iteration goes to the IU whose body makes it: written as "
                                      "current_node(N), {} @ node(N)\n\n",
                                      site.goal);
        }
        continue;
      }
      if (ranges.size() == 1) {
        Placement node;
        node.kind = PlacementKind::Node;
        node.label = ranges.front().iu;
        goal.placement = node;
        if (explanation != nullptr) *explanation += fmt::format("  written as {} @ node({})\n\n", site.goal, node.label);
        continue;
      }
      // Named by the site, so that the executors of several files never share a name.
      const std::string base = fmt::format("$placed_{}_{}_{}", site.clause, site.ordinal, site.position);
      const std::size_t arity = goal.term->arity();
      DispatchBuilder(base, goal.term->text, arity, site.key_argument, ranges, generated).build();
      goal.term = goal.term->kind == TermKind::Compound
                      ? frontend::make_compound(base, std::move(goal.term->args), goal.term->span)
                      : frontend::make_atom(base, goal.term->span);
      goal.placement.reset();
      if (explanation != nullptr) {
        *explanation += fmt::format("  written as a call of '{}'/{}: {} tests of the key, constants in code\n\n",
                                    base, arity, ranges.size() - 1);
      }
    }
    if (!lookups.empty()) {
      std::vector<Goal> body;
      for (std::uint32_t position = 1; position <= copy.body.size(); ++position) {
        const auto it = lookups.find(position);
        if (it != lookups.end()) body.push_back(std::move(it->second));
        body.push_back(std::move(copy.body[position - 1]));
      }
      copy.body = std::move(body);
    }
    if (changed) drop_dangling_labels(copy);
    return copy;
  });
  for (auto& clause : generated) out.items.emplace_back(std::move(clause));
  return out;
}

}  // namespace fleng::analyzer
