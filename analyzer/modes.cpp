// The mode fixpoint. The builtins' modes come from vm/builtins.def, read here through its
// X-macro (the analyzer sits below the vm in the layering, so it includes the table, not the vm).
#include "analyzer/modes.hpp"

#include <set>
#include <string_view>

#include <fmt/format.h>

namespace fleng::analyzer {

namespace {

using frontend::Term;
using frontend::TermKind;

struct BuiltinModes {
  const char* name;
  std::size_t arity;
  const char* modes;
  bool acts_on_world;
};

constexpr BuiltinModes kBuiltinModes[] = {
#define FLENG_BUILTIN(id, name, arity, modes, kind, effect, fn) \
  {name, arity, modes, std::string_view(#effect) == "World"},
#include "vm/builtins.def"
#undef FLENG_BUILTIN
};

Mode from_char(char c) {
  switch (c) {
    case '?':
    case 'g':
    case 'i': return Mode::In;
    case '^': return Mode::Out;
    default: return Mode::Unknown;
  }
}

const Term& unannotated(const Term& t) {
  return t.kind == TermKind::Annotated ? *t.args.front() : t;
}

/// Per clause: which head variables the body binds and which it needs.
struct Use {
  std::set<std::string> binds;
  std::set<std::string> needs;
};

void variables_in(const Term& t, std::set<std::string>& out) {
  if (t.kind == TermKind::Variable && t.text != "_") out.insert(t.text);
  for (const auto& a : t.args) variables_in(*a, out);
  if (t.tail) variables_in(*t.tail, out);
}

Use body_use(const frontend::Clause& clause, const ModeTable& table) {
  Use use;
  for (const auto& goal : clause.body) {
    const Term& g = *goal.term;
    if (!g.is_callable()) continue;
    const frontend::PredicateKey key{g.text, g.arity()};
    if (key.name == "=" && key.arity == 2) {
      // `V = Term`: V is bound by the unification (when the other side is not a variable).
      const Term& a = unannotated(*g.args[0]);
      const Term& b = unannotated(*g.args[1]);
      if (a.kind == TermKind::Variable && b.kind != TermKind::Variable) use.binds.insert(a.text);
      if (b.kind == TermKind::Variable && a.kind != TermKind::Variable) use.binds.insert(b.text);
      continue;
    }
    for (std::size_t i = 0; i < g.args.size(); ++i) {
      const Term& arg = unannotated(*g.args[i]);
      switch (table.mode(key, i)) {
        case Mode::Out:
          if (arg.kind == TermKind::Variable) use.binds.insert(arg.text);
          break;
        case Mode::In: variables_in(arg, use.needs); break;
        case Mode::Unknown: break;
      }
    }
  }
  return use;
}

/// Parses `:- mode p(?, ^).` into a key and modes; nullopt if the directive is something else.
std::optional<std::pair<frontend::PredicateKey, Modes>> declaration(const frontend::Directive& d) {
  const Term& t = *d.term;
  if (t.kind != TermKind::Compound || t.text != "mode" || t.args.size() != 1) return std::nullopt;
  const Term& p = *t.args.front();
  Modes modes;
  if (p.kind == TermKind::Compound) {
    for (const auto& a : p.args) {
      if (a->kind != TermKind::Atom || a->text.size() != 1) return std::nullopt;
      modes.push_back(from_char(a->text[0]));
    }
  } else if (p.kind != TermKind::Atom) {
    return std::nullopt;
  }
  return std::make_pair(frontend::PredicateKey{p.text, modes.size()}, modes);
}

}  // namespace

char mode_char(Mode mode) {
  switch (mode) {
    case Mode::In: return '?';
    case Mode::Out: return '^';
    case Mode::Unknown: return '*';
  }
  return '*';
}

bool acts_on_world(const frontend::PredicateKey& key) {
  for (const auto& b : kBuiltinModes) {
    if (key.name == b.name && key.arity == b.arity) return b.acts_on_world;
  }
  return false;
}

std::optional<Modes> ModeTable::modes(const frontend::PredicateKey& key) const {
  if (auto it = user.find(key); it != user.end()) return it->second;
  for (const auto& b : kBuiltinModes) {
    if (key.name == b.name && key.arity == b.arity) {
      Modes m;
      for (std::size_t i = 0; i < b.arity; ++i) m.push_back(from_char(b.modes[i]));
      return m;
    }
  }
  return std::nullopt;
}

Mode ModeTable::mode(const frontend::PredicateKey& key, std::size_t i) const {
  if (auto it = user.find(key); it != user.end()) return i < it->second.size() ? it->second[i] : Mode::Unknown;
  const auto m = modes(key);
  return m && i < m->size() ? (*m)[i] : Mode::Unknown;
}

bool ModeTable::waits_for(const frontend::PredicateKey& key, std::size_t i) const {
  if (auto it = matched.find(key); it != matched.end()) {
    return i < it->second.size() && it->second[i];
  }
  return mode(key, i) == Mode::In;
}

ModeTable analyze_modes(const frontend::Program& program, frontend::DiagnosticSink& diagnostics) {
  ModeTable table;
  std::map<frontend::PredicateKey, std::vector<const frontend::Clause*>> clauses;
  std::map<frontend::PredicateKey, std::pair<Modes, frontend::SourceSpan>> declared;
  for (const auto& item : program.items) {
    if (const auto* c = std::get_if<frontend::Clause>(&item)) {
      if (c->head->is_callable()) clauses[frontend::predicate_of(*c)].push_back(c);
    } else if (auto d = declaration(std::get<frontend::Directive>(item))) {
      declared[d->first] = {d->second, std::get<frontend::Directive>(item).span};
    }
  }
  for (const auto& [key, list] : clauses) {
    table.user[key] = Modes(key.arity, Mode::Unknown);
    std::vector<bool>& matched = table.matched[key];
    matched.assign(key.arity, false);
    for (const frontend::Clause* c : list) {
      // Head variables a builtin of the body needs: the clause waits for them at once too.
      std::set<std::string> builtin_needs;
      for (const auto& goal : c->body) {
        const Term& g = unannotated(*goal.term);
        if (!g.is_callable() || (g.text == "=" && g.arity() == 2)) continue;
        const frontend::PredicateKey callee{g.text, g.arity()};
        if (clauses.contains(callee)) continue;  // a user predicate: not at once
        for (std::size_t j = 0; j < g.args.size(); ++j) {
          if (table.mode(callee, j) == Mode::In) variables_in(unannotated(*g.args[j]), builtin_needs);
        }
      }
      for (std::size_t i = 0; i < key.arity; ++i) {
        const Term& arg = unannotated(*c->head->args[i]);
        if (arg.kind != TermKind::Variable || builtin_needs.contains(arg.text)) matched[i] = true;
      }
    }
  }
  for (const auto& [key, d] : declared) table.user[key] = d.first;

  // Fixpoint: modes only move from Unknown to In or Out, so this ends.
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [key, list] : clauses) {
      if (declared.contains(key)) continue;
      Modes& modes = table.user[key];
      for (std::size_t i = 0; i < key.arity; ++i) {
        if (modes[i] != Mode::Unknown) continue;
        Mode found = Mode::Unknown;
        for (const frontend::Clause* c : list) {
          const Term& arg = unannotated(*c->head->args[i]);
          if (arg.kind != TermKind::Variable) {
            found = Mode::In;  // a head pattern inspects it
            break;
          }
          if (arg.text == "_") continue;
          const Use use = body_use(*c, table);
          if (use.binds.contains(arg.text)) {
            found = Mode::Out;
          } else if (use.needs.contains(arg.text) && found == Mode::Unknown) {
            found = Mode::In;
          }
        }
        if (found != Mode::Unknown) {
          modes[i] = found;
          changed = true;
        }
      }
    }
  }

  // Declarations are checked against the clauses.
  for (const auto& [key, d] : declared) {
    const auto it = clauses.find(key);
    if (it == clauses.end()) continue;
    for (const frontend::Clause* c : it->second) {
      const Use use = body_use(*c, table);
      for (std::size_t i = 0; i < key.arity; ++i) {
        const Term& arg = unannotated(*c->head->args[i]);
        if (d.first[i] == Mode::Out && arg.kind != TermKind::Variable) {
          diagnostics.error(arg.span, fmt::format("argument {} of {} is declared output (^) but "
                                                  "this head inspects it",
                                                  i + 1, frontend::to_string(key)));
        }
        if (d.first[i] == Mode::In && arg.kind == TermKind::Variable &&
            use.binds.contains(arg.text)) {
          diagnostics.error(arg.span, fmt::format("argument {} of {} is declared input (?) but "
                                                  "this clause binds it",
                                                  i + 1, frontend::to_string(key)));
        }
      }
    }
  }
  return table;
}

}  // namespace fleng::analyzer
