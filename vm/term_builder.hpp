// Parsed terms (frontend/ast.hpp) made into heap terms: the one conversion from the parser's
// AST to cells, used by read_file_terms/2 and term_to_atom/2. The cells are counted first and
// taken in one allocation, so a builtin knows before it changes anything whether the heap has
// room (Outcome::NeedHeap otherwise).
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>

#include "frontend/ast.hpp"
#include "vm/atom_table.hpp"
#include "vm/cell.hpp"

namespace fleng::vm {

/// The heap cells `term` needs (variables, structures, list cells, boxed numbers).
std::size_t term_cells(const frontend::Term& term);

/// Builds terms into a block of cells the caller allocated (term_cells of each term).
/// Variables of the same name within one term are one variable; `_` is fresh at each
/// occurrence; new_term() forgets the names (variables are fresh per term).
class TermBuilder {
 public:
  TermBuilder(AtomTable& atoms, unsigned iu, Cell* cells) : atoms_(atoms), iu_(iu), next_(cells) {}

  Cell build(const frontend::Term& term);
  void new_term() { variables_.clear(); }
  /// Where the next cell would go (the caller checks it used what it allocated).
  [[nodiscard]] const Cell* next() const { return next_; }

 private:
  Cell* take(std::size_t n) {
    Cell* p = next_;
    next_ += n;
    return p;
  }
  Cell compound(const std::string& name, const std::vector<frontend::TermPtr>& args);

  AtomTable& atoms_;
  unsigned iu_;
  Cell* next_;
  std::unordered_map<std::string, Cell> variables_;
};

}  // namespace fleng::vm
