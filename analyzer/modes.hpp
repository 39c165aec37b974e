// Mode analysis (the PIE64 paper, section 5.2.2): for every argument of every predicate of a
// program, whether it is an input (the predicate needs its value), an output (the predicate
// binds it) or unknown. A fixpoint over the whole program, seeded by the builtins' declared
// modes (vm/builtins.def, the table the runtime uses) and by head patterns (an argument
// matched against a non-variable is an input).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace fleng::analyzer {

enum class Mode { Unknown, In, Out };

/// "?", "^" or "*" (the notation of mode declarations).
char mode_char(Mode mode);

using Modes = std::vector<Mode>;

class ModeTable {
 public:
  /// The modes of a predicate: builtins from their table, user predicates from the analysis;
  /// nullopt for a predicate the program neither defines nor the runtime provides.
  [[nodiscard]] std::optional<Modes> modes(const frontend::PredicateKey& key) const;
  /// The mode of argument `i` of a goal (Unknown when nothing is known).
  [[nodiscard]] Mode mode(const frontend::PredicateKey& key, std::size_t i) const;

  /// Whether a goal of `key` waits for argument `i` before it can commit: a builtin's input,
  /// or a position some clause head of a user predicate matches against a non-variable. An
  /// input that the predicate only passes on (an accumulator threaded to a later `add`) is
  /// needed eventually, but the goal runs without it.
  [[nodiscard]] bool waits_for(const frontend::PredicateKey& key, std::size_t i) const;

  std::map<frontend::PredicateKey, Modes> user;
  /// Per user predicate, the argument positions its clause heads match (see waits_for).
  std::map<frontend::PredicateKey, std::vector<bool>> matched;
};

/// Whether `key` is a builtin that acts on the world outside the program (output, halt/1,
/// error/1: `World` in vm/builtins.def). The partitioning never places such a goal elsewhere.
bool acts_on_world(const frontend::PredicateKey& key);

/// Runs the analysis over a program. `:- mode p(?, ^).` declarations take precedence; a body
/// that contradicts a declaration (binding an input, or needing an output) is reported to
/// `diagnostics` with its location.
ModeTable analyze_modes(const frontend::Program& program, frontend::DiagnosticSink& diagnostics);

}  // namespace fleng::analyzer
