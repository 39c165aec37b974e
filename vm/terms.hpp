// Small inline helpers over cells: dereferencing, integers (61-bit immediate or boxed 64-bit),
// floats (boxed), structure access. Allocation goes through a Heap and may fail (nullptr or a
// false return), in which case the caller collects and retries.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

#include "vm/cell.hpp"
#include "vm/heap.hpp"

namespace fleng::vm {

/// Reads a variable cell. On the threads engine another IU's thread may bind it at the same
/// time: an acquire load pairs with the owner's release store in store_var_cell, so whatever
/// the binding points to (built before it) is visible too. On x86-64 both are plain moves.
inline Cell load_cell(const Cell* p) {
  return std::atomic_ref<Cell>(*const_cast<Cell*>(p)).load(std::memory_order_acquire);
}
/// Writes a variable cell that other threads may be reading (a binding, a new hook list):
/// only the IU that owns the cell writes it (other IUs send it a message).
inline void store_var_cell(Cell* p, Cell value) {
  std::atomic_ref<Cell>(*p).store(value, std::memory_order_release);
}

/// Follows REF chains to a value or to the REF of an unbound variable.
inline Cell deref(Cell c) {
  while (is_ref(c)) {
    const Cell contents = load_cell(address_of(c));
    if (is_var_contents(contents)) return c;
    c = contents;
  }
  return c;
}

/// True for a dereferenced cell that is an unbound variable (a REF to VAR contents).
inline bool is_unbound(Cell dereferenced) { return is_ref(dereferenced); }

inline Cell header_of_box(Cell box) { return *address_of(box); }
inline bool is_box_of(Cell c, BoxKind kind) {
  return is_box(c) && header_kind(header_of_box(c)) == kind;
}

inline bool is_float(Cell c) { return is_box_of(c, BoxKind::Float); }
inline double float_value(Cell c) { return bits_double(address_of(c)[1]); }
inline bool is_big_int(Cell c) { return is_box_of(c, BoxKind::Int64); }
inline bool is_integer(Cell c) { return is_int(c) || is_big_int(c); }
inline bool is_number(Cell c) { return is_integer(c) || is_float(c); }
inline std::int64_t integer_value(Cell c) {
  return is_int(c) ? small_int_value(c) : static_cast<std::int64_t>(address_of(c)[1]);
}
inline bool is_vector(Cell c) { return is_box_of(c, BoxKind::Vector); }

/// An integer cell: immediate when it fits in 61 bits, else a 2-cell box (nullopt: heap full).
inline std::optional<Cell> make_integer(Heap& heap, std::int64_t v) {
  if (fits_small_int(v)) return make_small_int(v);
  Cell* p = heap.allocate(2);
  if (p == nullptr) return std::nullopt;
  p[0] = make_header(BoxKind::Int64, 1);
  p[1] = static_cast<Cell>(v);
  return make_pointer(Tag::Box, p, heap.iu());
}

inline std::optional<Cell> make_float(Heap& heap, double d) {
  Cell* p = heap.allocate(2);
  if (p == nullptr) return std::nullopt;
  p[0] = make_header(BoxKind::Float, 1);
  p[1] = double_bits(d);
  return make_pointer(Tag::Box, p, heap.iu());
}

/// A fresh unbound variable (nullopt: heap full).
inline std::optional<Cell> make_variable(Heap& heap) {
  Cell* p = heap.allocate(1);
  if (p == nullptr) return std::nullopt;
  p[0] = make_var_contents();
  return make_pointer(Tag::Ref, p, heap.iu());
}

/// The term in the field `p` of an object of IU `iu`. A list cell's tail may be an unbound
/// variable itself (its VAR contents in the field: compiled code and the one-IU engine make
/// stream cells so, two cells instead of a list cell and a variable cell; docs/engine.md,
/// "Terms"): the term is
/// then a REF to the field. Every reader of a tail goes through here (or cdr).
inline Cell field_term(const Cell* p, unsigned iu) {
  const Cell c = load_cell(p);
  return is_var_contents(c) ? make_pointer(Tag::Ref, p, iu) : c;
}

inline Cell car(Cell cons) { return address_of(cons)[0]; }
inline Cell cdr(Cell cons) { return field_term(address_of(cons) + 1, iu_of(cons)); }

inline std::uint32_t struct_functor(Cell s) { return header_aux(*address_of(s)); }
inline std::uint32_t struct_arity(Cell s) { return header_size(*address_of(s)); }
/// Argument i (0-based) of a STRUCT.
inline Cell struct_arg(Cell s, std::uint32_t i) { return address_of(s)[1 + i]; }

inline std::uint32_t vector_size(Cell v) { return header_size(header_of_box(v)); }
inline Cell vector_element(Cell v, std::uint32_t i) { return address_of(v)[1 + i]; }

}  // namespace fleng::vm
