// The canonical printer: one layout for every Fleng program, used by `fleng fmt`, by the
// analyzer's output and in messages. Printing is a fixed point (print(parse(print(p))) equals
// print(p)) and re-parsing the output gives an equal AST. Layout: a blank line between
// predicates and around directives, clauses of one predicate together, one body goal per line
// indented by four spaces, operators with spaces around them, `, ` between arguments, comments
// kept before the clause or goal they precede or at the end of their line.
#pragma once

#include <string>

#include "frontend/ast.hpp"

namespace fleng::frontend {

/// The whole program in canonical layout, ending with a newline (empty for an empty program
/// without comments).
std::string print_program(const Program& program);

/// One clause (with its comments), ending with a newline.
std::string print_clause(const Clause& clause);

/// One term, as it would appear as an argument.
std::string print_term(const Term& term);

}  // namespace fleng::frontend
