// The lint checks: undefined calls, singletons, clauses that can never be chosen, predicates
// hiding library ones or builtins, predicates split across files.
#include "analyzer/lint.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

namespace fleng::analyzer {

namespace {

using frontend::Clause;
using frontend::PredicateKey;
using frontend::SourceSpan;
using frontend::Term;
using frontend::TermKind;

struct BuiltinName {
  const char* name;
  std::size_t arity;
};

constexpr BuiltinName kBuiltinNames[] = {
#define FLENG_BUILTIN(id, name, arity, modes, kind, effect, fn) {name, arity},
#include "vm/builtins.def"
#undef FLENG_BUILTIN
};

/// Prolog's comparisons written as goals (`X > Y`): the frontend reports them with a hint of
/// its own, so the linter does not add a "did you mean" for them.
bool is_prolog_comparison(const PredicateKey& key) {
  static const std::set<std::string> names = {"<", ">", "=<", ">=", "=:=", "=\\="};
  return key.arity == 2 && names.contains(key.name);
}

std::string location(const frontend::ParseResult& file, const SourceSpan& span) {
  return fmt::format("{}:{}:{}", file.program.file_name, span.begin.line, span.begin.column);
}

void warn(std::vector<LintFinding>& findings, LintKind kind, std::size_t file, SourceSpan span,
          std::string message) {
  findings.push_back({kind, file, {frontend::Severity::Warning, span, std::move(message)}});
}

/// The library files that are not also program files.
std::vector<const frontend::ParseResult*> library_files(const LintInput& input) {
  std::vector<const frontend::ParseResult*> out;
  for (const auto* lib : input.library) {
    const bool in_program = std::any_of(input.files.begin(), input.files.end(),
                                        [&](const auto* file) { return file->source == lib->source; });
    if (!in_program) out.push_back(lib);
  }
  return out;
}

/// Each clause of the program with the index of its file, in load order.
template <class F>
void for_each_clause(const LintInput& input, F&& visit) {
  for (std::size_t f = 0; f < input.files.size(); ++f) {
    for (const auto& item : input.files[f]->program.items) {
      if (const auto* clause = std::get_if<Clause>(&item)) visit(f, *clause);
    }
  }
}

/// The predicates defined in `files`, each with the file defining it first.
std::map<PredicateKey, const frontend::ParseResult*> defined_in(
    const std::vector<const frontend::ParseResult*>& files) {
  std::map<PredicateKey, const frontend::ParseResult*> out;
  for (const auto* file : files) {
    for (const auto& item : file->program.items) {
      if (const auto* clause = std::get_if<Clause>(&item)) out.emplace(predicate_of(*clause), file);
    }
  }
  return out;
}

std::set<PredicateKey> builtin_keys() {
  std::set<PredicateKey> out;
  for (const auto& b : kBuiltinNames) out.insert({b.name, b.arity});
  return out;
}

std::string join_keys(const std::vector<PredicateKey>& keys) {
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += i + 1 == keys.size() ? " and " : ", ";
    out += to_string(keys[i]);
  }
  return out;
}

/// The message for a call to `key`, defined nowhere among `known`.
std::string undefined_message(const PredicateKey& key, const std::set<PredicateKey>& known) {
  std::vector<PredicateKey> other_arities;
  for (const auto& k : known) {
    if (k.name == key.name) other_arities.push_back(k);
  }
  if (!other_arities.empty()) {
    return fmt::format("{} is not defined; {} {}", to_string(key), join_keys(other_arities),
                       other_arities.size() == 1 ? "is" : "are");
  }
  const std::size_t limit = key.name.size() <= 4 ? 1 : 2;
  const PredicateKey* best = nullptr;
  std::size_t best_distance = 0;
  for (const auto& k : known) {
    const std::size_t d = edit_distance(key.name, k.name);
    if (d > limit) continue;
    const auto rank = [&](const PredicateKey& c, std::size_t dist) {
      return std::make_pair(c.arity == key.arity ? 0 : 1, dist);
    };
    if (best == nullptr || rank(k, d) < rank(*best, best_distance)) {
      best = &k;
      best_distance = d;
    }
  }
  if (best != nullptr) {
    return fmt::format("{} is not defined; did you mean {}?", to_string(key), to_string(*best));
  }
  return fmt::format("{} is not defined", to_string(key));
}

void count_variables(const Term& term, std::map<std::string, std::pair<std::size_t, SourceSpan>>& counts,
                     std::vector<std::string>& order) {
  if (term.kind == TermKind::Variable) {
    if (term.text.starts_with('_')) return;
    auto [it, fresh] = counts.try_emplace(term.text, std::size_t{0}, term.span);
    if (fresh) order.push_back(term.text);
    ++it->second.first;
    return;
  }
  for (const auto& arg : term.args) count_variables(*arg, counts, order);
  if (term.tail) count_variables(*term.tail, counts, order);
}

/// A position in a head seen as nested terms: a list node from its `index`-th element on is
/// the cons cell of that element and the rest, so `[a|[b]]` and `[a, b]` compare equal.
struct View {
  const Term* term = nullptr;  ///< null: the empty list that ends a list without a tail
  std::size_t index = 0;
};

View resolve(View v) {
  while (v.term != nullptr) {
    if (v.term->kind == TermKind::Annotated) {
      v = {v.term->args.front().get(), 0};
    } else if (v.term->kind == TermKind::List && v.index >= v.term->args.size()) {
      v = {v.term->tail.get(), 0};
    } else {
      break;
    }
  }
  return v;
}

bool is_nil(View v) { return v.term == nullptr || v.term->is_atom("[]"); }
bool is_cons(View v) { return v.term != nullptr && v.term->kind == TermKind::List; }

/// Strict equality of two parts of a head: false whenever it is not certain (`_` equals
/// nothing, a string is never compared with a list of codes).
bool same(View a, View b);

bool same_args(const Term& a, const Term& b) {
  if (a.args.size() != b.args.size()) return false;
  for (std::size_t i = 0; i < a.args.size(); ++i) {
    if (!same({a.args[i].get(), 0}, {b.args[i].get(), 0})) return false;
  }
  return true;
}

bool same(View a, View b) {
  a = resolve(a);
  b = resolve(b);
  if (is_nil(a) || is_nil(b)) return is_nil(a) && is_nil(b);
  if (is_cons(a) || is_cons(b)) {
    return is_cons(a) && is_cons(b) && same({a.term->args[a.index].get(), 0}, {b.term->args[b.index].get(), 0}) &&
           same({a.term, a.index + 1}, {b.term, b.index + 1});
  }
  const Term& x = *a.term;
  const Term& y = *b.term;
  if (x.kind != y.kind) return false;
  switch (x.kind) {
    case TermKind::Variable: return x.text != "_" && x.text == y.text;
    case TermKind::Atom:
    case TermKind::String: return x.text == y.text;
    case TermKind::Integer: return x.integer == y.integer;
    case TermKind::Float: return x.real == y.real;
    case TermKind::Compound: return x.text == y.text && same_args(x, y);
    default: return false;
  }
}

/// One-way matching: does `general` match every term `specific` matches?
class Subsumption {
 public:
  bool match(View g, View s) {
    g = resolve(g);
    s = resolve(s);
    if (g.term != nullptr && g.term->kind == TermKind::Variable) {
      if (g.term->text == "_") return true;
      const auto [it, fresh] = bound_.try_emplace(g.term->text, s);
      return fresh || same(it->second, s);
    }
    if (s.term != nullptr && s.term->kind == TermKind::Variable) return false;
    if (is_nil(g) || is_nil(s)) return is_nil(g) && is_nil(s);
    if (is_cons(g) || is_cons(s)) {
      return is_cons(g) && is_cons(s) &&
             match({g.term->args[g.index].get(), 0}, {s.term->args[s.index].get(), 0}) &&
             match({g.term, g.index + 1}, {s.term, s.index + 1});
    }
    const Term& x = *g.term;
    const Term& y = *s.term;
    if (x.kind != y.kind) return false;
    if (x.kind == TermKind::Compound) {
      if (x.text != y.text || x.args.size() != y.args.size()) return false;
      for (std::size_t i = 0; i < x.args.size(); ++i) {
        if (!match({x.args[i].get(), 0}, {y.args[i].get(), 0})) return false;
      }
      return true;
    }
    return same(g, s);
  }

 private:
  std::map<std::string, View> bound_;
};

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

bool reported_when_loading(LintKind kind) {
  return kind == LintKind::UndefinedCall || kind == LintKind::SplitPredicate;
}

void check_undefined_calls(const LintInput& input, std::vector<LintFinding>& findings) {
  std::set<PredicateKey> known = builtin_keys();
  for (const auto& [key, file] : defined_in(input.files)) known.insert(key);
  for (const auto& [key, file] : defined_in(library_files(input))) known.insert(key);
  for_each_clause(input, [&](std::size_t f, const Clause& clause) {
    for (const auto& goal : clause.body) {
      const Term& t = *goal.term;
      if (!t.is_callable()) continue;
      const PredicateKey key{t.text, t.arity()};
      if (known.contains(key) || is_prolog_comparison(key)) continue;
      warn(findings, LintKind::UndefinedCall, f, t.span, undefined_message(key, known));
    }
  });
}

void check_singletons(const LintInput& input, std::vector<LintFinding>& findings) {
  for_each_clause(input, [&](std::size_t f, const Clause& clause) {
    std::map<std::string, std::pair<std::size_t, SourceSpan>> counts;
    std::vector<std::string> order;
    count_variables(*clause.head, counts, order);
    for (const auto& goal : clause.body) {
      count_variables(*goal.term, counts, order);
      // `G @ node(N)`: N is a use of the variable.
      if (goal.placement && !goal.placement->variable.empty()) {
        Term variable;
        variable.kind = TermKind::Variable;
        variable.span = goal.placement->span;
        variable.text = goal.placement->variable;
        count_variables(variable, counts, order);
      }
    }
    std::vector<std::string> singletons;
    for (const auto& name : order) {
      if (counts.at(name).first == 1) singletons.push_back(name);
    }
    if (singletons.empty()) return;
    std::string list;
    for (const auto& name : singletons) list += (list.empty() ? "" : ",") + name;
    warn(findings, LintKind::Singleton, f, counts.at(singletons.front()).second,
         fmt::format("singleton variables: [{}] (in a clause of {}; write _{} if it is meant)",
                     list, to_string(predicate_of(clause)), singletons.front()));
  });
}

void check_unreachable_clauses(const LintInput& input, std::vector<LintFinding>& findings) {
  struct Earlier {
    std::size_t file;
    const Clause* clause;
  };
  std::map<PredicateKey, std::vector<Earlier>> seen;
  for_each_clause(input, [&](std::size_t f, const Clause& clause) {
    auto& earlier = seen[predicate_of(clause)];
    for (const auto& e : earlier) {
      Subsumption subsumption;
      if (!subsumption.match({e.clause->head.get(), 0}, {clause.head.get(), 0})) continue;
      warn(findings, LintKind::UnreachableClause, f, clause.head->span,
           fmt::format("this clause of {} can never be chosen: the clause at {} matches every "
                       "call it matches, and the first clause that matches is chosen",
                       to_string(predicate_of(clause)),
                       location(*input.files[e.file], e.clause->head->span)));
      break;
    }
    earlier.push_back({f, &clause});
  });
}

namespace {

/// The clauses of `key` in `files`, in order.
std::vector<const Clause*> clauses_of(const std::vector<const frontend::ParseResult*>& files,
                                      const PredicateKey& key) {
  std::vector<const Clause*> out;
  for (const auto* file : files) {
    for (const auto& item : file->program.items) {
      const auto* clause = std::get_if<Clause>(&item);
      if (clause != nullptr && predicate_of(*clause) == key) out.push_back(clause);
    }
  }
  return out;
}

/// Whether two definitions are the same clauses (a program that copies a library predicate
/// as it is hides nothing).
bool same_definition(const std::vector<const Clause*>& a, const std::vector<const Clause*>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!frontend::same_term(*a[i]->head, *b[i]->head) || a[i]->body.size() != b[i]->body.size()) {
      return false;
    }
    for (std::size_t g = 0; g < a[i]->body.size(); ++g) {
      const auto& x = a[i]->body[g];
      const auto& y = b[i]->body[g];
      if (!frontend::same_term(*x.term, *y.term) || x.placement != y.placement) return false;
    }
  }
  return true;
}

}  // namespace

void check_hidden_predicates(const LintInput& input, std::vector<LintFinding>& findings) {
  const auto library_inputs = library_files(input);
  const auto library = defined_in(library_inputs);
  const auto builtins = builtin_keys();
  std::set<PredicateKey> reported;
  for_each_clause(input, [&](std::size_t f, const Clause& clause) {
    const PredicateKey key = predicate_of(clause);
    if (!reported.insert(key).second) return;
    if (builtins.contains(key)) {
      warn(findings, LintKind::HidesLibrary, f, clause.head->span,
           fmt::format("{} hides the builtin {}", to_string(key), to_string(key)));
    } else if (const auto it = library.find(key);
               it != library.end() &&
               !same_definition(clauses_of(input.files, key), clauses_of(library_inputs, key))) {
      warn(findings, LintKind::HidesLibrary, f, clause.head->span,
           fmt::format("{} hides the library predicate {} ({})", to_string(key), to_string(key),
                       it->second->program.file_name));
    }
  });
}

void check_split_predicates(const LintInput& input, std::vector<LintFinding>& findings) {
  std::map<PredicateKey, std::pair<std::size_t, const Clause*>> first;
  std::set<PredicateKey> reported;
  for_each_clause(input, [&](std::size_t f, const Clause& clause) {
    const PredicateKey key = predicate_of(clause);
    const auto [it, fresh] = first.try_emplace(key, f, &clause);
    if (fresh || it->second.first == f || !reported.insert(key).second) return;
    warn(findings, LintKind::SplitPredicate, f, clause.head->span,
         fmt::format("the clauses of {} are split across files: it also has clauses at {}",
                     to_string(key), location(*input.files[it->second.first], it->second.second->head->span)));
  });
}

std::vector<LintFinding> lint(const LintInput& input) {
  std::vector<LintFinding> findings;
  check_undefined_calls(input, findings);
  check_singletons(input, findings);
  check_unreachable_clauses(input, findings);
  check_hidden_predicates(input, findings);
  check_split_predicates(input, findings);
  return findings;
}

}  // namespace fleng::analyzer
