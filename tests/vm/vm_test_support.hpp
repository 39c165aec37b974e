// Helpers shared by the vm tests: a program compiled into a CodeImage with one Inference Unit
// on it, and builders of heap terms.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "frontend/parse.hpp"
#include "vm/atom_table.hpp"
#include "vm/code.hpp"
#include "vm/compiler.hpp"
#include "vm/goal_record.hpp"
#include "vm/iu.hpp"
#include "vm/term_writer.hpp"
#include "vm/terms.hpp"

namespace fleng::vm::test {

/// Small heaps for tests: quick to map, quick to fill.
inline IuOptions small_options(std::size_t max_cells = std::size_t{1} << 18,
                               std::size_t initial_cells = std::size_t{1} << 14) {
  IuOptions options;
  options.max_heap_cells = max_cells;
  options.initial_heap_cells = initial_cells;
  return options;
}

/// A compiled program (user code only, no library) and one IU to run it.
class Machine {
 public:
  explicit Machine(const std::string& source = "", IuOptions options = small_options())
      : parsed_(frontend::parse_source("t.fl", source)) {
    for (const auto& d : parsed_.diagnostics.diagnostics()) {
      ADD_FAILURE() << frontend::format_diagnostic("t.fl", d, parsed_.source);
    }
    std::vector<frontend::Diagnostic> errors;
    std::vector<std::string> files;
    compiled_ = compile_program({SourceUnit{&parsed_.program, false}}, atoms, image, errors, files);
    for (const auto& e : errors) ADD_FAILURE() << e.message;
    iu = std::make_unique<Iu>(atoms, image, out, 0, 1, options);
  }

  [[nodiscard]] bool compiled() const { return compiled_; }

  PredicateId predicate(const std::string& name, std::uint32_t arity) {
    const auto id = image.find(atoms.intern(name), arity);
    EXPECT_TRUE(id.has_value()) << name << "/" << arity;
    return id.value_or(0);
  }

  // --- term builders (on the IU's heap, never collecting: a full heap throws) -----------------
  Cell* allocate(std::size_t n) {
    Cell* p = iu->heap.allocate(n);
    if (p == nullptr) throw std::runtime_error("test term builder: the heap is full");
    return p;
  }
  Cell var() {
    Cell* p = allocate(1);
    p[0] = make_var_contents();
    return make_pointer(Tag::Ref, p, iu->index());
  }
  Cell atom(const std::string& name) { return atoms.atom(name); }
  static Cell integer(std::int64_t v) { return make_small_int(v); }
  Cell number(std::int64_t v) {
    if (fits_small_int(v)) return make_small_int(v);
    Cell* p = allocate(2);
    p[0] = make_header(BoxKind::Int64, 1);
    p[1] = static_cast<Cell>(v);
    return make_pointer(Tag::Box, p, iu->index());
  }
  Cell real(double d) {
    Cell* p = allocate(2);
    p[0] = make_header(BoxKind::Float, 1);
    p[1] = double_bits(d);
    return make_pointer(Tag::Box, p, iu->index());
  }
  Cell cons(Cell head, Cell tail) {
    Cell* p = allocate(2);
    p[0] = head;
    p[1] = tail;
    return make_pointer(Tag::Cons, p, iu->index());
  }
  Cell list(std::initializer_list<Cell> elements, Cell tail = kNil) {
    const std::vector<Cell> v(elements);
    for (auto it = v.rbegin(); it != v.rend(); ++it) tail = cons(*it, tail);
    return tail;
  }
  Cell compound(const std::string& name, std::initializer_list<Cell> args) {
    const auto n = static_cast<std::uint32_t>(args.size());
    Cell* p = allocate(1 + n);
    p[0] = make_header(BoxKind::Functor, n, atoms.functor(atoms.intern(name), n));
    std::uint32_t i = 1;
    for (const Cell a : args) p[i++] = a;
    return make_pointer(Tag::Struct, p, iu->index());
  }
  Cell vector(std::initializer_list<Cell> elements) {
    const auto n = static_cast<std::uint32_t>(elements.size());
    Cell* p = allocate(1 + n);
    p[0] = make_header(BoxKind::Vector, n);
    std::uint32_t i = 1;
    for (const Cell e : elements) p[i++] = e;
    return make_pointer(Tag::Box, p, iu->index());
  }

  /// A goal record of `name`/(1 + others) whose first argument is a new variable kept in its
  /// slot (vm/goal_record.hpp, slot variables), the others after it: the record, and the
  /// variable as a REF to the slot.
  std::pair<Cell, Cell> goal_with_slot_variable(const std::string& name, std::initializer_list<Cell> others) {
    const auto n = static_cast<std::uint32_t>(1 + others.size());
    Cell* p = allocate(goal_record::kHeaderCells + n);
    p[0] = goal_record::header(n);
    p[1] = goal_record::origin(predicate(name, n) | goal_record::kSlotVariables, 0);
    p[2] = goal_record::lineage_cell(0);
    p[3] = make_var_contents();
    std::uint32_t i = 4;
    for (const Cell a : others) p[i++] = a;
    return {make_pointer(Tag::Box, p, iu->index()), make_pointer(Tag::Ref, p + 3, iu->index())};
  }

  /// The text of a term as error messages show it.
  std::string text(Cell term) const { return iu->format(term); }
  /// Unquoted text without variable numbering concerns (ground terms).
  std::string plain(Cell term) const { return write_term(term, atoms, true); }

  /// Runs `name(args)` to quiescence.
  RunStatus run(const std::string& name, std::initializer_list<Cell> args) {
    const std::vector<Cell> v(args);
    EXPECT_TRUE(iu->add_goal(predicate(name, static_cast<std::uint32_t>(v.size())), v.data()));
    return iu->run();
  }

  AtomTable atoms;
  CodeImage image;
  std::ostringstream out;
  std::unique_ptr<Iu> iu;

 private:
  frontend::ParseResult parsed_;
  bool compiled_ = false;
};

}  // namespace fleng::vm::test
