// The abstract syntax tree of a Fleng program: terms, placement annotations, goals, clauses,
// directives and the comments that the canonical printer keeps. Every node carries its source
// span. Equality (`same_term`, `same_program`) ignores spans, spellings and comments: two ASTs
// are equal when they denote the same program.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "frontend/source_location.hpp"

namespace fleng::frontend {

/// The four placement annotations of the PIE64 paper (section 5.2.1, docs/language.md,
/// placements), and `node(N)`, which names an IU by its number (as KL1's `@node(N)` pragma).
enum class PlacementKind { Local, Any, On, To, Node };

/// `@ local`, `@ any(L)`, `@ on(L)`, `@ to(L)` or `@ node(N)`; labels are small non-negative
/// integers local to one clause, never IU numbers. `node(N)` places a goal on IU N (modulo the
/// IU count): N is a variable (`variable`) or a non-negative integer (`label`).
struct Placement {
  PlacementKind kind = PlacementKind::Local;
  std::int64_t label = 0;  ///< unused for Local; the IU number of node(3)
  SourceSpan span;
  std::string variable;  ///< node(N): the variable's name; empty for node(3) and other kinds

  friend bool operator==(const Placement& a, const Placement& b) {
    return a.kind == b.kind && a.label == b.label && a.variable == b.variable;
  }
};

/// "local", "any(1)", ...
std::string to_string(const Placement& placement);

enum class TermKind {
  Variable,   ///< text = name; "_" is a fresh anonymous variable at each occurrence
  Atom,       ///< text = name (unquoted); `[]` and `{}` are atoms
  Integer,    ///< integer = value; text = spelling if not plain decimal (`16'ff`, `0'a`)
  Float,      ///< real = value; text = spelling as written
  String,     ///< text = contents (UTF-8, escapes resolved); denotes a list of character codes
  Compound,   ///< text = functor name, args = arguments (n >= 1); `{}`/n is a tuple
  List,       ///< args = elements (n >= 1), tail = what follows `|` (null means `[]`)
  Annotated,  ///< args[0] = the annotated term, placement = the annotation (`X @ any(1)`)
};

struct Term;
using TermPtr = std::unique_ptr<Term>;

/// One node of a term. A single node type keeps the tree easy to walk; `kind` says which
/// fields are meaningful. `depth` (1 for leaves) lets the parser bound nesting, so that every
/// recursive walk over a term stays within the stack.
struct Term {
  TermKind kind = TermKind::Atom;
  SourceSpan span;
  std::string text;
  std::int64_t integer = 0;
  double real = 0.0;
  std::vector<TermPtr> args;
  TermPtr tail;
  Placement placement;
  std::uint32_t depth = 1;

  [[nodiscard]] bool is_atom(std::string_view name) const {
    return kind == TermKind::Atom && text == name;
  }
  [[nodiscard]] bool is_callable() const {
    return kind == TermKind::Atom || kind == TermKind::Compound;
  }
  /// Arity of a callable term (0 for an atom).
  [[nodiscard]] std::size_t arity() const { return kind == TermKind::Compound ? args.size() : 0; }
};

/// The deepest nesting the parser accepts; deeper terms are reported as errors.
inline constexpr std::uint32_t kMaxTermDepth = 1000;

TermPtr make_variable(std::string name, SourceSpan span);
TermPtr make_atom(std::string name, SourceSpan span);
TermPtr make_integer(std::int64_t value, std::string spelling, SourceSpan span);
TermPtr make_float(double value, std::string spelling, SourceSpan span);
TermPtr make_string(std::string contents, SourceSpan span);
TermPtr make_compound(std::string functor, std::vector<TermPtr> args, SourceSpan span);
TermPtr make_list(std::vector<TermPtr> elements, TermPtr tail, SourceSpan span);
TermPtr make_annotated(TermPtr term, Placement placement, SourceSpan span);

/// A deep copy.
TermPtr clone(const Term& term);

/// Structural equality of two terms, ignoring spans and spellings.
bool same_term(const Term& a, const Term& b);

/// A comment kept for the printer, verbatim (`% ...` or `/* ... */`).
struct Comment {
  SourceSpan span;
  std::string text;
  bool own_line = false;  ///< nothing but layout precedes it on its line
  bool blank_line_after = false;  ///< an empty line separates it from what follows
};

/// A body goal, possibly with a placement (`add(Q, D, S) @ to(1)`).
struct Goal {
  TermPtr term;
  std::optional<Placement> placement;
  SourceSpan span;
  std::vector<Comment> leading_comments;  ///< own-line comments just before the goal
  std::optional<Comment> trailing_comment;  ///< a comment at the end of the goal's line
};

/// `Head.` or `Head :- Goal, ..., Goal.`
struct Clause {
  TermPtr head;
  bool has_body = false;  ///< written with `:-` (a body of `true` is kept as written)
  std::vector<Goal> body;
  SourceSpan span;
  std::vector<Comment> leading_comments;
  std::optional<Comment> trailing_comment;
};

/// `:- Term.`
struct Directive {
  TermPtr term;
  SourceSpan span;
  std::vector<Comment> leading_comments;
  std::optional<Comment> trailing_comment;
};

using Item = std::variant<Clause, Directive>;

/// A parsed source file.
struct Program {
  std::string file_name;
  std::vector<Item> items;
  std::vector<Comment> trailing_comments;  ///< comments after the last item
};

/// Name and arity of a predicate.
struct PredicateKey {
  std::string name;
  std::size_t arity = 0;

  friend bool operator==(const PredicateKey&, const PredicateKey&) = default;
  friend auto operator<=>(const PredicateKey&, const PredicateKey&) = default;
};

/// "name/arity".
std::string to_string(const PredicateKey& key);

/// The predicate a clause defines.
PredicateKey predicate_of(const Clause& clause);

/// Equality of two programs: same items in the same order, compared with `same_term`.
bool same_program(const Program& a, const Program& b);

/// Where an item starts and ends in the source.
const SourceSpan& span_of(const Item& item);

/// A copy of `program` whose clauses are rewritten by `rewrite` (directives, comments and
/// spans kept): the frame of every program-to-program pass (strip_placements.hpp,
/// halt_after_output.hpp).
Program rewrite_clauses(const Program& program,
                        const std::function<Clause(const Clause&)>& rewrite);

/// A copy of `clause` (comments and spans kept) whose terms are copied by `term_copy` and
/// whose goals keep their placement when `keep_goal_placement` says so.
Clause copy_clause(const Clause& clause, const std::function<TermPtr(const Term&)>& term_copy,
                   bool keep_goal_placement);

}  // namespace fleng::frontend
