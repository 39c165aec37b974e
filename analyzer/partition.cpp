// Data-flow graphs, walks and annotation insertion (see partition.hpp for the algorithm).
#include "analyzer/partition.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "frontend/ast_printer.hpp"

namespace fleng::analyzer {

namespace {

using frontend::PlacementKind;
using frontend::Term;
using frontend::TermKind;

const Term& unannotated(const Term& t) {
  return t.kind == TermKind::Annotated ? *t.args.front() : t;
}

void variables_in(const Term& t, std::vector<std::string>& out) {
  if (t.kind == TermKind::Variable && t.text != "_") {
    if (std::find(out.begin(), out.end(), t.text) == out.end()) out.push_back(t.text);
  }
  for (const auto& a : t.args) variables_in(*a, out);
  if (t.tail) variables_in(*t.tail, out);
}

bool has_placement(const Term& t) {
  if (t.kind == TermKind::Annotated) return true;
  for (const auto& a : t.args) {
    if (has_placement(*a)) return true;
  }
  return t.tail && has_placement(*t.tail);
}

bool hand_annotated(const frontend::Clause& clause) {
  if (has_placement(*clause.head)) return true;
  for (const auto& g : clause.body) {
    if (g.placement || has_placement(*g.term)) return true;
  }
  return false;
}

/// Wraps the first occurrence of variable `name` in `term` with a placement; true if found.
bool annotate_first(frontend::TermPtr& term, const std::string& name,
                    const frontend::Placement& placement) {
  if (term->kind == TermKind::Variable && term->text == name) {
    term = frontend::make_annotated(std::move(term), placement, {});
    return true;
  }
  if (term->kind == TermKind::Annotated) return false;
  for (auto& a : term->args) {
    if (annotate_first(a, name, placement)) return true;
  }
  return term->tail && annotate_first(term->tail, name, placement);
}

frontend::Clause clone_clause(const frontend::Clause& c) {
  frontend::Clause copy;
  copy.head = frontend::clone(*c.head);
  copy.has_body = c.has_body;
  copy.span = c.span;
  copy.leading_comments = c.leading_comments;
  copy.trailing_comment = c.trailing_comment;
  for (const auto& g : c.body) {
    frontend::Goal goal;
    goal.term = frontend::clone(*g.term);
    goal.placement = g.placement;
    goal.span = g.span;
    goal.leading_comments = g.leading_comments;
    goal.trailing_comment = g.trailing_comment;
    copy.body.push_back(std::move(goal));
  }
  return copy;
}

std::string goal_text(const frontend::Goal& goal) { return frontend::print_term(*goal.term); }

/// on(L) for output streams (see partition.hpp): an output argument V of the head that the
/// body binds to a new structure S (`V = S`) whose new variables are outputs of a call to the
/// clause's own component (the stream goes on there) is built where V lives:
/// `V @ on(L)` in the head, `S @ to(L)` and its passed-on variables `@ to(L)`.
void place_output_streams(const frontend::Clause& clause, frontend::Clause& copy,
                          const ModeTable& modes, const CallGraph& calls, int label,
                          std::string* explain) {
  if (!clause.head->is_callable() || clause.head->kind != TermKind::Compound) return;
  const auto self = frontend::predicate_of(clause);
  const DataflowGraph graph = dataflow(clause, modes);
  const std::set<std::string> fresh(graph.new_variables.begin(), graph.new_variables.end());
  for (std::size_t i = 0; i < clause.head->args.size() && label <= 63; ++i) {
    const Term& arg = *clause.head->args[i];
    if (arg.kind != TermKind::Variable || arg.text == "_" || modes.mode(self, i) != Mode::Out) {
      continue;
    }
    for (std::size_t g = 0; g < clause.body.size(); ++g) {
      const Term& t = *clause.body[g].term;
      if (!(t.is_callable() && t.text == "=" && t.arity() == 2)) continue;
      std::size_t side = 2;
      for (std::size_t s = 0; s < 2; ++s) {
        const Term& v = *t.args[s];
        const Term& other = *t.args[1 - s];
        if (v.kind == TermKind::Variable && v.text == arg.text &&
            (other.kind == TermKind::List || other.kind == TermKind::Compound)) {
          side = 1 - s;
        }
      }
      if (side == 2) continue;
      // The structure's new variables that a call of this component binds: the stream's rest.
      std::vector<std::string> inside;
      variables_in(*t.args[side], inside);
      std::vector<std::string> passed;
      std::string continuation;
      for (const auto& v : inside) {
        if (!fresh.contains(v)) continue;
        for (const auto& node : graph.goals) {
          const Term& callee = *clause.body[node.index].term;
          if (!callee.is_callable() || node.index == g) continue;
          const frontend::PredicateKey key{callee.text, callee.arity()};
          if (!calls.same_component(key, self) || !calls.recursive(self)) continue;
          if (std::find(node.binds.begin(), node.binds.end(), v) != node.binds.end()) {
            passed.push_back(v);
            if (continuation.empty()) continuation = goal_text(clause.body[node.index]);
          }
        }
      }
      if (passed.empty()) continue;
      const frontend::Placement on{PlacementKind::On, label, {}, {}};
      const frontend::Placement to{PlacementKind::To, label, {}, {}};
      frontend::TermPtr& structure = copy.body[g].term->args[side];
      copy.head->args[i] = frontend::make_annotated(std::move(copy.head->args[i]), on, {});
      for (const auto& v : passed) annotate_first(structure, v, to);
      structure = frontend::make_annotated(std::move(structure), to, {});
      if (explain != nullptr) {
        *explain += fmt::format(
            "  {} @ on({}): the clause builds its output {} and the stream goes on in {}: it is "
            "built on the IU that holds {}, where its reader is (writes go afar, reads stay "
            "local)\n",
            arg.text, label, arg.text, continuation, arg.text);
      }
      ++label;
      break;
    }
  }
}

/// Grain size (see partition.hpp): walks made only of builtins join the walk of the goal that
/// uses what they compute.
std::size_t merge_builtin_walks(const frontend::Clause& clause, const DataflowGraph& graph,
                                std::vector<Walk>& walks) {
  std::size_t count = 0;
  auto builtin = [&](std::size_t g) {
    const Term& t = unannotated(*clause.body[g].term);
    return t.is_callable() && !(t.text == "=" && t.arity() == 2) && !graph.user_goal[g];
  };
  for (bool merged = true; merged && walks.size() >= 2;) {
    merged = false;
    for (std::size_t w = 0; w < walks.size() && !merged; ++w) {
      if (!std::all_of(walks[w].goals.begin(), walks[w].goals.end(), builtin)) continue;
      std::set<std::string> made;
      for (const std::size_t g : walks[w].goals) {
        made.insert(graph.goals[g].binds.begin(), graph.goals[g].binds.end());
      }
      for (std::size_t u = 0; u < walks.size() && !merged; ++u) {
        if (u == w) continue;
        const bool uses =
            std::any_of(walks[u].goals.begin(), walks[u].goals.end(), [&](std::size_t g) {
              const auto& needs = graph.goals[g].needs;
              return std::any_of(needs.begin(), needs.end(),
                                 [&](const std::string& v) { return made.contains(v); });
            });
        if (!uses) continue;
        Walk& into = walks[u];
        into.goals.insert(into.goals.end(), walks[w].goals.begin(), walks[w].goals.end());
        std::sort(into.goals.begin(), into.goals.end());
        into.variables.insert(into.variables.begin(), walks[w].variables.begin(),
                              walks[w].variables.end());
        walks.erase(walks.begin() + static_cast<std::ptrdiff_t>(w));
        merged = true;
        ++count;
      }
    }
  }
  return count;
}

}  // namespace

std::set<frontend::PredicateKey> placed_by_callers(const frontend::Program& program,
                                                   const ModeTable& modes, const CallGraph& calls) {
  std::set<frontend::PredicateKey> placed;
  for (const auto& item : program.items) {
    const auto* clause = std::get_if<frontend::Clause>(&item);
    if (clause == nullptr) continue;
    auto note = [&](const Term& t) {
      const Term& g = unannotated(t);
      if (g.is_callable() && modes.user.contains({g.text, g.arity()})) {
        placed.insert({g.text, g.arity()});
      }
    };
    const ClausePartition p = partition(*clause, modes, &calls);
    if (p.hand_annotated) {
      for (const auto& goal : clause->body) {
        if (goal.placement) note(*goal.term);
      }
      continue;
    }
    for (const auto& w : p.walks) {
      if (w.label == 0) continue;
      for (const std::size_t g : w.goals) note(*clause->body[g].term);
    }
  }
  return placed;
}

DataflowGraph dataflow(const frontend::Clause& clause, const ModeTable& modes) {
  DataflowGraph graph;
  // Inputs that the clause's own recursive call only passes on (ModeTable::waits_for): an edge
  // only from a builtin's result (see below).
  std::vector<std::vector<std::string>> passed_on(clause.body.size());
  const frontend::PredicateKey self =
      clause.head->is_callable() ? frontend::predicate_of(clause) : frontend::PredicateKey{};
  std::vector<std::string> head_vars;
  variables_in(*clause.head, head_vars);
  for (std::size_t index = 0; index < clause.body.size(); ++index) {
    const Term& g = *clause.body[index].term;
    DataflowGraph::GoalNode node{index, {}, {}, {}};
    std::vector<std::string> all;
    variables_in(g, all);
    for (const auto& v : all) {
      if (std::find(head_vars.begin(), head_vars.end(), v) == head_vars.end() &&
          std::find(graph.new_variables.begin(), graph.new_variables.end(), v) ==
              graph.new_variables.end()) {
        graph.new_variables.push_back(v);
      }
    }
    graph.user_goal.push_back(g.is_callable() && modes.user.contains({g.text, g.arity()}));
    if (g.is_callable()) {
      const frontend::PredicateKey key{g.text, g.arity()};
      if (key.name == "=" && key.arity == 2) {
        // V = Term binds V (needs nothing); Term = V likewise.
        const Term& a = unannotated(*g.args[0]);
        const Term& b = unannotated(*g.args[1]);
        if (a.kind == TermKind::Variable) node.binds.push_back(a.text);
        if (b.kind == TermKind::Variable && a.kind != TermKind::Variable) {
          node.binds.push_back(b.text);
        }
      } else {
        for (std::size_t i = 0; i < g.args.size(); ++i) {
          const Term& arg = unannotated(*g.args[i]);
          switch (modes.mode(key, i)) {
            case Mode::Out:
              if (arg.kind == TermKind::Variable && arg.text != "_") node.binds.push_back(arg.text);
              break;
            case Mode::In:
              if (key != self || modes.waits_for(key, i)) {
                variables_in(arg, node.needs);
              } else {
                variables_in(arg, passed_on[index]);
              }
              break;
            case Mode::Unknown: break;
          }
        }
      }
    }
    graph.goals.push_back(std::move(node));
  }
  // The loop goes on without the values it only threads through: an input of the clause's
  // own recursive call that the predicate does not wait for (no head matches it, no builtin of
  // its bodies needs it) is an edge only when a builtin computes it here (builtins compute
  // locally and stay with their consumer); made by another user goal - an accumulator, queens'
  // A1 from check(..., A0, A1) to try(Ps, [P|Rs], Board, A1, A) - the next round of the loop
  // runs at the same time as the goal that makes it.
  {
    std::set<std::string> by_builtin;
    for (const auto& node : graph.goals) {
      const Term& g = *clause.body[node.index].term;
      if (!g.is_callable() || (g.text == "=" && g.arity() == 2)) continue;
      if (modes.user.contains(frontend::PredicateKey{g.text, g.arity()})) continue;
      by_builtin.insert(node.binds.begin(), node.binds.end());
    }
    for (auto& node : graph.goals) {
      for (const auto& v : passed_on[node.index]) {
        if (std::find(node.needs.begin(), node.needs.end(), v) != node.needs.end()) continue;
        if (by_builtin.contains(v)) {
          node.needs.push_back(v);
        } else if (std::find(node.passes.begin(), node.passes.end(), v) == node.passes.end()) {
          node.passes.push_back(v);
        }
      }
    }
  }
  // A variable in a position of unknown mode that another goal binds is taken as an input:
  // something produced in a body and passed on is there to be used.
  std::set<std::string> bound;
  for (const auto& node : graph.goals) bound.insert(node.binds.begin(), node.binds.end());
  for (auto& node : graph.goals) {
    const Term& g = *clause.body[node.index].term;
    if (!g.is_callable() || (g.text == "=" && g.arity() == 2)) continue;
    const frontend::PredicateKey key{g.text, g.arity()};
    for (std::size_t i = 0; i < g.args.size(); ++i) {
      if (modes.mode(key, i) != Mode::Unknown) continue;
      std::vector<std::string> vars;
      variables_in(unannotated(*g.args[i]), vars);
      for (const auto& v : vars) {
        const bool own = std::find(node.binds.begin(), node.binds.end(), v) != node.binds.end();
        if (bound.contains(v) && !own &&
            std::find(node.needs.begin(), node.needs.end(), v) == node.needs.end()) {
          node.needs.push_back(v);
        }
      }
    }
  }
  return graph;
}

ClausePartition partition(const frontend::Clause& clause, const ModeTable& modes,
                          const CallGraph* calls, bool placed_by_caller) {
  ClausePartition result;
  result.hand_annotated = hand_annotated(clause);
  const DataflowGraph graph = dataflow(clause, modes);
  const std::set<std::string> fresh(graph.new_variables.begin(), graph.new_variables.end());
  // Producers of each new variable.
  std::map<std::string, std::vector<std::size_t>> producers;
  for (const auto& node : graph.goals) {
    for (const auto& v : node.binds) {
      if (fresh.contains(v)) producers[v].push_back(node.index);
    }
  }
  // Dependency order (Kahn; ties in textual order).
  const std::size_t n = graph.goals.size();
  std::vector<std::set<std::size_t>> before(n);
  for (const auto& node : graph.goals) {
    for (const auto& v : node.needs) {
      for (const std::size_t p : producers[v]) {
        if (p != node.index) before[node.index].insert(p);
      }
    }
  }
  std::vector<std::size_t> order;
  std::vector<bool> placed(n, false);
  while (order.size() < n) {
    std::size_t next = n;
    for (std::size_t i = 0; i < n && next == n; ++i) {
      if (placed[i]) continue;
      if (std::all_of(before[i].begin(), before[i].end(), [&](std::size_t p) { return placed[p]; })) {
        next = i;
      }
    }
    if (next == n) {  // a cycle (goals needing each other): take the first left
      next = static_cast<std::size_t>(std::find(placed.begin(), placed.end(), false) - placed.begin());
    }
    placed[next] = true;
    order.push_back(next);
  }
  // Walks. A unification only computes here: it stays with the goals that use what it builds
  // and is placed nowhere itself.
  auto is_unification = [&](std::size_t g) {
    const Term& t = *clause.body[g].term;
    return t.is_callable() && t.text == "=" && t.arity() == 2;
  };
  std::vector<int> walk_of(n, -1);
  std::vector<std::size_t> tail;  // per walk, its last goal
  for (const std::size_t g : order) {
    if (is_unification(g)) continue;
    int chosen = -1;
    for (const std::size_t p : before[g]) {
      if (is_unification(p)) continue;
      const int w = walk_of[p];
      if (w >= 0 && tail[static_cast<std::size_t>(w)] == p &&
          (chosen < 0 || p > tail[static_cast<std::size_t>(chosen)])) {
        chosen = w;
      }
    }
    if (chosen < 0) {
      chosen = static_cast<int>(tail.size());
      tail.push_back(g);
      result.walks.push_back(Walk{});
    } else {
      tail[static_cast<std::size_t>(chosen)] = g;
    }
    walk_of[g] = chosen;
    result.walks[static_cast<std::size_t>(chosen)].goals.push_back(g);
  }
  // Each new variable belongs to the walk of the goal that binds it, else of its first user.
  for (const auto& v : graph.new_variables) {
    std::size_t owner = n;
    for (const std::size_t p : producers[v]) {
      if (!is_unification(p)) {
        owner = p;
        break;
      }
    }
    if (owner == n) {
      for (const auto& node : graph.goals) {
        if (is_unification(node.index)) continue;
        std::vector<std::string> in_goal;
        variables_in(*clause.body[node.index].term, in_goal);
        if (std::find(in_goal.begin(), in_goal.end(), v) != in_goal.end()) {
          owner = node.index;
          break;
        }
      }
    }
    if (owner < n && walk_of[owner] >= 0) {
      result.walks[static_cast<std::size_t>(walk_of[owner])].variables.push_back(v);
    }
  }
  for (auto& w : result.walks) std::sort(w.goals.begin(), w.goals.end());
  if (placed_by_caller && result.walks.size() >= 2) {
    result.merged_builtin_walks = merge_builtin_walks(clause, graph, result.walks);
  }
  // One walk: a new pipeline stage when it calls its own predicate again and spawns a process
  // of another component (see partition.hpp).
  if (result.walks.size() == 1 && calls != nullptr && clause.head->is_callable()) {
    // The stage: a call of the clause's own predicate and a process (a recursive predicate of
    // another component) joined by a stream, one binding what the other needs (sift: filter
    // -> Ys -> sift; nrev: nrev -> Ys1 -> append).
    const auto self = frontend::predicate_of(clause);
    auto key_of = [&](std::size_t g) {
      const Term& t = unannotated(*clause.body[g].term);
      return t.is_callable() ? frontend::PredicateKey{t.text, t.arity()} : frontend::PredicateKey{};
    };
    // The stream joining them, if `from` binds a new variable `to` needs.
    auto stream = [&](std::size_t from, std::size_t to) -> std::string {
      for (const auto& v : graph.goals[from].binds) {
        const auto& needs = graph.goals[to].needs;
        if (fresh.contains(v) && std::find(needs.begin(), needs.end(), v) != needs.end()) return v;
      }
      return {};
    };
    const Walk walk = result.walks.front();
    for (const std::size_t s : walk.goals) {
      if (key_of(s) != self) continue;
      for (const std::size_t r : walk.goals) {
        const auto key = key_of(r);
        if (r == s || !calls->recursive(key) || calls->same_component(key, self)) continue;
        // The consumer moves with the stream to a new IU; the producer stays here, next to
        // its own input, which comes through the head from the stage before: the stream is
        // then read where it lives and written from afar (writes do not stall the UNIRED).
        std::size_t producer = r;
        std::size_t consumer = s;
        std::string v = stream(r, s);
        if (v.empty()) {
          producer = s;
          consumer = r;
          v = stream(s, r);
        }
        if (v.empty()) continue;
        Walk stays;
        Walk moves;
        moves.label = 1;
        moves.goals.push_back(consumer);
        moves.variables.push_back(v);
        for (const std::size_t g : walk.goals) {
          if (g != consumer) stays.goals.push_back(g);
        }
        // The other new variables stay here (the consumer binds them from afar).
        for (const auto& x : walk.variables) {
          if (x != v) stays.variables.push_back(x);
        }
        result.walks = {stays, moves};
        result.pipeline_process = frontend::to_string(key);
        result.pipeline_stream = v;
        result.pipeline_producer = producer;
        result.pipeline_consumer = consumer;
        return result;
      }
    }
  }
  // Labels only where there is concurrency to spread.
  if (result.walks.size() >= 2) {
    std::sort(result.walks.begin(), result.walks.end(),
              [](const Walk& a, const Walk& b) { return a.goals.front() < b.goals.front(); });
    // The loop goes on here: the last walk that calls the clause's own predicate again keeps
    // no label (its data are here; the other walks are the work it hands out).
    std::size_t stays = result.walks.size();
    if (clause.head->is_callable()) {
      const auto self = frontend::predicate_of(clause);
      std::size_t last_call = 0;
      for (std::size_t w = 0; w < result.walks.size(); ++w) {
        for (const std::size_t g : result.walks[w].goals) {
          const Term& t = unannotated(*clause.body[g].term);
          if (t.is_callable() && frontend::PredicateKey{t.text, t.arity()} == self &&
              (stays == result.walks.size() || g >= last_call)) {
            stays = w;
            last_call = g;
          }
        }
      }
    }
    // Labels 1..63 (the compiler's limit): walks past that stay local, and so do walks of
    // output and halt/1 that can run at once (Walk::in_textual_order).
    // Ready at once: no variable of its inputs is new in this body (a new one may be made by
    // another goal, even one whose modes are unknown); its outputs (a Done) do not count.
    auto ready_on_world = [&](std::size_t g) {
      const Term& t = unannotated(*clause.body[g].term);
      if (!t.is_callable() || !acts_on_world({t.text, t.arity()})) return false;
      std::vector<std::string> used;
      for (std::size_t i = 0; i < t.args.size(); ++i) {
        if (modes.mode({t.text, t.arity()}, i) != Mode::Out) variables_in(*t.args[i], used);
      }
      return std::none_of(used.begin(), used.end(),
                          [&](const std::string& v) { return fresh.contains(v); });
    };
    for (Walk& w : result.walks) {
      w.in_textual_order = std::all_of(w.goals.begin(), w.goals.end(), ready_on_world);
    }
    int label = 0;
    for (std::size_t i = 0; i < result.walks.size() && label < 63; ++i) {
      if (i != stays && !result.walks[i].in_textual_order) result.walks[i].label = ++label;
    }
    result.loop_stays = stays < result.walks.size();
  }
  return result;
}

frontend::Program annotate(const frontend::Program& program, const ModeTable& modes,
                           std::string* explain) {
  const CallGraph calls(program);
  const std::set<frontend::PredicateKey> placed = placed_by_callers(program, modes, calls);
  frontend::Program out;
  out.file_name = program.file_name;
  out.trailing_comments = program.trailing_comments;
  for (const auto& item : program.items) {
    if (const auto* d = std::get_if<frontend::Directive>(&item)) {
      frontend::Directive copy;
      copy.term = frontend::clone(*d->term);
      copy.span = d->span;
      copy.leading_comments = d->leading_comments;
      copy.trailing_comment = d->trailing_comment;
      out.items.emplace_back(std::move(copy));
      continue;
    }
    const auto& clause = std::get<frontend::Clause>(item);
    frontend::Clause copy = clone_clause(clause);
    const bool by_caller =
        clause.head->is_callable() && placed.contains(frontend::predicate_of(clause));
    const ClausePartition p = partition(clause, modes, &calls, by_caller);
    if (explain != nullptr) {
      *explain += fmt::format("{}:{}: {}\n", program.file_name,
                              frontend::to_string(clause.span.begin),
                              frontend::print_term(*clause.head));
    }
    if (p.hand_annotated) {
      if (explain != nullptr) *explain += "  placements written by hand: kept\n";
      out.items.emplace_back(std::move(copy));
      continue;
    }
    if (explain != nullptr) {
      const DataflowGraph graph = dataflow(clause, modes);
      std::set<std::string> made;  // the values made by goals of this body
      for (const auto& node : graph.goals) made.insert(node.binds.begin(), node.binds.end());
      for (const auto& node : graph.goals) {
        for (const auto& v : node.passes) {
          if (!made.contains(v)) continue;
          *explain += fmt::format(
              "  {} does not wait for {}: {} only passes it on (no head matches it, no builtin "
              "needs it), so the next round of the loop runs while {} is made\n",
              goal_text(clause.body[node.index]), v,
              frontend::to_string(frontend::predicate_of(clause)), v);
        }
      }
      if (p.merged_builtin_walks > 0) {
        *explain += fmt::format(
            "  a caller places {}: {} walk(s) of builtins only stay with the goal that uses "
            "their results (grain size: a message per step would cost more than the builtins)\n",
            frontend::to_string(frontend::predicate_of(clause)), p.merged_builtin_walks);
      }
      for (const auto& w : p.walks) {
        std::string goals;
        for (const std::size_t g : w.goals) {
          goals += (goals.empty() ? "" : ", ") + goal_text(clause.body[g]);
        }
        *explain += fmt::format("  walk{}: {}{}\n",
                                w.label > 0 ? fmt::format(" {}", w.label) : std::string(), goals,
                                w.label != 0 ? ""
                                : w.in_textual_order
                                    ? " (stays here: output and halt/1 that can run at once run "
                                      "where the body runs, in textual order)"
                                : p.loop_stays
                                    ? " (stays here: the loop goes on next to its data, the "
                                      "other walks are the work it hands out)"
                                    : "");
      }
      if (!p.pipeline_process.empty()) {
        *explain += fmt::format(
            "  one walk, a new pipeline stage: {} calls itself again and spawns {}, a process of "
            "its own; they run together, joined by the stream {}. Split there: the consumer {} "
            "moves with the stream to the least-loaded IU, the producer {} stays next to its "
            "input (reads stay local, writes go afar)\n",
            frontend::to_string(frontend::predicate_of(clause)), p.pipeline_process,
            p.pipeline_stream, goal_text(clause.body[p.pipeline_consumer]),
            goal_text(clause.body[p.pipeline_producer]));
      } else if (p.walks.size() < 2) {
        *explain += p.merged_builtin_walks > 0 ? "  one walk then: stays local\n"
                                               : "  one walk: no concurrency to spread, stays local\n";
      }
    }
    for (const auto& w : p.walks) {
      if (w.label == 0) continue;
      const auto label = static_cast<std::int64_t>(w.label);
      for (const std::size_t g : w.goals) {
        copy.body[g].placement = frontend::Placement{PlacementKind::To, label, {}, {}};
      }
      bool first = true;
      for (const auto& v : w.variables) {
        const frontend::Placement placement{first ? PlacementKind::Any : PlacementKind::To,
                                            label, {}, {}};
        for (auto& goal : copy.body) {
          if (annotate_first(goal.term, v, placement)) break;
        }
        if (explain != nullptr) {
          *explain += fmt::format("  {} @ {}: {}\n", v, frontend::to_string(placement),
                                  first ? "the walk's first allocation: the least-loaded IU"
                                        : "allocated on the walk's IU");
        }
        first = false;
      }
      if (first) {  // nothing allocated: the walk's first goal picks the IU
        copy.body[w.goals.front()].placement = frontend::Placement{PlacementKind::Any, label, {}, {}};
        if (explain != nullptr) {
          *explain += fmt::format("  {} @ any({}): the walk allocates nothing; its first goal "
                                  "goes to the least-loaded IU\n",
                                  goal_text(clause.body[w.goals.front()]), w.label);
        }
      }
    }
    int next_label = 1;
    for (const auto& w : p.walks) next_label = std::max(next_label, w.label + 1);
    place_output_streams(clause, copy, modes, calls, next_label, explain);
    out.items.emplace_back(std::move(copy));
  }
  return out;
}

std::string dataflow_dot(const frontend::Program& program, const ModeTable& modes) {
  const CallGraph calls(program);
  const std::set<frontend::PredicateKey> placed = placed_by_callers(program, modes, calls);
  std::string out = "digraph dataflow {\n  rankdir=LR;\n  node [fontname=\"monospace\"];\n";
  std::size_t cluster = 0;
  for (const auto& item : program.items) {
    const auto* clause = std::get_if<frontend::Clause>(&item);
    if (clause == nullptr || clause->body.empty()) continue;
    const DataflowGraph g = dataflow(*clause, modes);
    const bool by_caller =
        clause->head->is_callable() && placed.contains(frontend::predicate_of(*clause));
    const ClausePartition p = partition(*clause, modes, &calls, by_caller);
    std::map<std::size_t, int> label_of;
    for (const auto& w : p.walks) {
      for (const std::size_t goal : w.goals) label_of[goal] = w.label;
    }
    auto escape = [](std::string s) {
      std::string r;
      for (char c : s) {
        if (c == '"' || c == '\\') r += '\\';
        r += c;
      }
      return r;
    };
    out += fmt::format("  subgraph cluster_{} {{\n    label=\"{}\";\n", cluster,
                       escape(frontend::print_term(*clause->head)));
    for (const auto& node : g.goals) {
      const int label = label_of[node.index];
      out += fmt::format("    c{}_g{} [shape=box,label=\"{}{}\"];\n", cluster, node.index,
                         escape(goal_text(clause->body[node.index])),
                         label > 0 ? fmt::format("\\n[{}]", label) : std::string());
      for (const auto& v : node.needs) {
        out += fmt::format("    c{}_v_{} -> c{}_g{};\n", cluster, v, cluster, node.index);
      }
      for (const auto& v : node.binds) {
        out += fmt::format("    c{}_g{} -> c{}_v_{};\n", cluster, node.index, cluster, v);
      }
    }
    std::set<std::string> vars;
    for (const auto& node : g.goals) {
      vars.insert(node.needs.begin(), node.needs.end());
      vars.insert(node.binds.begin(), node.binds.end());
    }
    for (const auto& v : vars) {
      out += fmt::format("    c{}_v_{} [shape=ellipse,label=\"{}\"];\n", cluster, v, v);
    }
    out += "  }\n";
    ++cluster;
  }
  out += "}\n";
  return out;
}

}  // namespace fleng::analyzer
