// Fleng text read as data: each clause or directive of a source text as one term, the way
// read_file_terms/2 and term_to_atom/2 see it (`H :- B1, B2` is ':-'(H, ','(B1, B2)), `:- D`
// is ':-'(D), a goal placement `G @ to(1)` is '@'(G, to(1))). Only the syntax is checked: a
// data file need not be a program.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/parse.hpp"

namespace fleng::frontend {

struct ReadTermsResult {
  std::vector<TermPtr> terms;
  /// The first syntax error as `file:line:column: message` (empty: the text parsed).
  std::string error;
  SourcePosition at;      ///< where the error is
  std::string message;    ///< the error without its place
};

/// The terms of a text, each ended by `.`.
ReadTermsResult read_terms(const std::string& file_name, std::string source);

/// One term written without its final `.` (term_to_atom/2): any operator term, also `a, b`
/// or `H :- B`; an error unless the text holds exactly one term.
ReadTermsResult read_one_term(const std::string& file_name, const std::string& text);

}  // namespace fleng::frontend
