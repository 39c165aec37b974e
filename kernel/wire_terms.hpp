// Terms as words on the wire between MPI ranks (kernel/mpi_machine.hpp): a term is copied by
// value, its unbound variables travel as names (the rank that exported the variable and the
// entry of its export table), which the receiver turns into local variables standing for them.
//
// The copy is of a graph, not a tree: every compound object (list cell, structure, float,
// 64-bit integer, vector) is sent once and referred to by number, so shared subterms stay
// shared and a cyclic term (X = f(X)) ends. Atoms and functors the program had when the run
// began are sent as their index (every rank compiled the same program and query, so those
// tables agree); those made during the run (atom_codes/2, functor/3, ...) as their text.
//
// Layout of one group of terms (encode of n roots):
//   [words of the group] [roots n] [objects M] [heap cells] [n root slots ...] [M objects ...]
// A slot is one word whose low 3 bits say what it is:
//   INT or ATOM tag   the cell itself (an integer, an atom of the shared table)
//   0  (object)       bits 3..: the number of an object of the group
//   1  (variable)     bits 3..: the exporting rank; the next word: its export entry
//   7  (atom text)    bits 3..: the length in bytes; the bytes follow, 8 to a word
// An object: [kind | size << 8] then
//   Cons      two slots (head, tail)
//   Struct    the functor: a word (index << 1) for a shared one, else (arity << 1 | 1) and an
//             atom slot for its name; then `arity` slots
//   Float     one word of IEEE bits        Int64   one word
//   Vector    `size` slots
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "vm/atom_table.hpp"
#include "vm/cell.hpp"
#include "vm/heap.hpp"

namespace fleng::kernel::wire {

/// A variable exported by a rank: that rank, and the entry of its export table.
struct VariableName {
  std::uint32_t rank = 0;
  std::uint64_t entry = 0;
};

/// The atoms and functors every rank has under the same index (those of the program and the
/// query, interned before the run begins).
struct SharedTables {
  std::uint64_t atoms = 0;
  std::uint64_t functors = 0;
  static SharedTables of(const vm::AtomTable& atoms) {
    return {atoms.size(), atoms.functor_count()};
  }
};

/// Encodes groups of terms read from this process's heaps.
class Encoder {
 public:
  /// `name_of` names an unbound variable met in a term (a REF to its VAR cell).
  Encoder(const vm::AtomTable& atoms, SharedTables shared,
          std::function<VariableName(vm::Cell)> name_of);
  /// Appends the group of `roots` to `out`.
  void encode(std::span<const vm::Cell> roots, std::vector<std::uint64_t>& out);

 private:
  void slot(vm::Cell c, std::vector<std::uint64_t>& out);
  void atom_slot(std::uint64_t atom, std::vector<std::uint64_t>& out);
  std::uint64_t object_number(vm::Cell c);

  const vm::AtomTable& atoms_;
  SharedTables shared_;
  std::function<VariableName(vm::Cell)> name_of_;
  std::unordered_map<const vm::Cell*, std::uint64_t> numbers_;
  std::vector<vm::Cell> objects_;
  std::uint64_t heap_cells_ = 0;
};

/// What a group needs before it is decoded: its length in words, the heap cells of its
/// objects, and its variable names (each made into a local variable by the receiver). Throws
/// std::runtime_error on a malformed group.
struct GroupShape {
  std::size_t words = 0;
  std::size_t roots = 0;
  std::size_t cells = 0;
  std::size_t variables = 0;
};
GroupShape shape_of(std::span<const std::uint64_t> words);

/// Builds the group at the start of `words` on `heap` (which must have GroupShape::cells free
/// cells beyond what `variable_for` allocates), setting `roots` to its roots; returns the
/// words it used. Throws std::runtime_error on a malformed group. `variable_for` gives the local variable (a REF) standing for a name.
std::size_t decode(std::span<const std::uint64_t> words, vm::AtomTable& atoms, SharedTables shared,
                   vm::Heap& heap, const std::function<vm::Cell(const VariableName&)>& variable_for,
                   std::vector<vm::Cell>& roots);

}  // namespace fleng::kernel::wire
