// The linter behind `fleng check` (docs/user-guide.md, fleng check): warnings about a program
// that parses and passes the checks but is probably wrong. One function per check. The known
// predicates are the program's, the standard library's (passed in, as the session embeds it)
// and the builtins of vm/builtins.def (read here through the table itself), so that every
// builtin or library predicate added later is known without a list to keep up to date.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.hpp"
#include "frontend/parse.hpp"

namespace fleng::analyzer {

enum class LintKind {
  UndefinedCall,     ///< a goal calls a predicate defined nowhere ("did you mean")
  Singleton,         ///< a named variable occurring once in a clause
  UnreachableClause, ///< an earlier clause's head subsumes this one's
  HidesLibrary,      ///< a user predicate has the name/arity of a library predicate or builtin
  SplitPredicate,    ///< the clauses of a predicate are in more than one file
};

struct LintFinding {
  LintKind kind = LintKind::UndefinedCall;
  std::size_t file = 0;  ///< index into LintInput::files
  frontend::Diagnostic diagnostic;  ///< a warning
};

struct LintInput {
  /// The program's files, in load order (with the files they include).
  std::vector<const frontend::ParseResult*> files;
  /// The standard library's files; one whose text is that of a program file is left out (the
  /// library checked as a program hides nothing).
  std::vector<const frontend::ParseResult*> library;
};

/// Every check, findings in the order of the checks.
std::vector<LintFinding> lint(const LintInput& input);

/// Whether `fleng run` and the REPL's :load report this kind too (the others only `check`);
/// they run check_undefined_calls and check_split_predicates only.
bool reported_when_loading(LintKind kind);

void check_undefined_calls(const LintInput& input, std::vector<LintFinding>& findings);
void check_singletons(const LintInput& input, std::vector<LintFinding>& findings);
void check_unreachable_clauses(const LintInput& input, std::vector<LintFinding>& findings);
void check_hidden_predicates(const LintInput& input, std::vector<LintFinding>& findings);
void check_split_predicates(const LintInput& input, std::vector<LintFinding>& findings);

/// The edit (Levenshtein) distance of two names, over bytes.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace fleng::analyzer
