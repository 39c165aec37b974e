// Tagged 64-bit cells: the one representation of Fleng terms on every engine. A pointer cell
// carries the number of the Inference Unit that owns the memory it points to, so "is this datum
// local?" is a compare on the cell itself (the PIE64 paper, section 3: one global address space
// over the IUs' heaps).
//
// Layout of a cell (bit 63 on the left):
//
//   63          51 50                                   3 2   0
//  +--------------+--------------------------------------+-----+
//  |   iu (13)    |        address bits 47..3 (45)       | tag |   REF VAR CONS STRUCT BOX
//  +--------------+--------------------------------------+-----+
//  |                 signed value (61)                   | tag |   INT
//  +-----------------------------------------------------+-----+
//  |                 atom index (61)                     | tag |   ATOM
//  +-------------------+-----------------+---------+-----+-----+
//  |     aux (32)      |    size (24)    |kind (5) | tag |         HEADER
//  +-------------------+-----------------+---------+-----------+
//
//  tag 0 REF     points at a variable cell. Every variable is reached through a REF; the cell it
//                points at holds VAR while unbound, the value once bound (a REF chain is
//                followed by deref).
//  tag 1 VAR     the contents of an unbound variable cell; the address field points at the first
//                hook (suspension record) of the goals waiting on it, or is 0.
//  tag 2 INT     an integer of 61 bits; wider 64-bit integers are boxed (BoxKind::Int64).
//  tag 3 ATOM    an index in the AtomTable; `[]` is atom 0.
//  tag 4 CONS    points at two cells: head, tail.
//  tag 5 STRUCT  points at a HEADER (BoxKind::Functor, aux = functor index, size = arity),
//                then the arguments.
//  tag 6 BOX     points at a HEADER of another kind: floats, 64-bit integers, vectors, goal
//                records, hooks.
//  tag 7 HEADER  the first cell of a STRUCT or BOX object, or a forwarding mark during GC.
//
// Heap objects are 8-byte aligned, hence the three free low bits. A HEADER cell is never a term
// and never appears as an argument.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace fleng::vm {

using Cell = std::uint64_t;

enum class Tag : std::uint8_t { Ref = 0, Var = 1, Int = 2, Atom = 3, Cons = 4, Struct = 5, Box = 6, Header = 7 };

/// What a HEADER cell starts.
enum class BoxKind : std::uint8_t {
  Functor = 0,  ///< a STRUCT; aux = functor index, size = arity
  Forward = 1,  ///< GC: the object has moved; the address field (bits 8..55) is its new place
  Float = 2,    ///< one cell of IEEE double bits
  Int64 = 3,    ///< one cell of a 64-bit integer that does not fit in 61 bits
  Vector = 4,   ///< size cells of elements
  Goal = 5,     ///< a goal record (kernel/goal.hpp): size = 2 + arity
  Hook = 6,     ///< a suspension record (kernel/goal.hpp)
  Filler = 7,   ///< unused space of size cells (heap padding)
};

inline constexpr unsigned kTagBits = 3;
inline constexpr Cell kTagMask = 7;
inline constexpr unsigned kIuShift = 51;
inline constexpr Cell kAddressMask = ((Cell{1} << kIuShift) - 1) & ~kTagMask;
inline constexpr unsigned kMaxIus = 1U << (64 - kIuShift);  // 8192

inline constexpr std::int64_t kSmallIntMin = -(std::int64_t{1} << 60);
inline constexpr std::int64_t kSmallIntMax = (std::int64_t{1} << 60) - 1;

constexpr Tag tag_of(Cell c) { return static_cast<Tag>(c & kTagMask); }
constexpr bool is_ref(Cell c) { return (c & kTagMask) == 0; }
constexpr bool is_var_contents(Cell c) { return tag_of(c) == Tag::Var; }
constexpr bool is_int(Cell c) { return tag_of(c) == Tag::Int; }
constexpr bool is_atom(Cell c) { return tag_of(c) == Tag::Atom; }
constexpr bool is_cons(Cell c) { return tag_of(c) == Tag::Cons; }
constexpr bool is_struct(Cell c) { return tag_of(c) == Tag::Struct; }
constexpr bool is_box(Cell c) { return tag_of(c) == Tag::Box; }
constexpr bool is_header(Cell c) { return tag_of(c) == Tag::Header; }
constexpr bool is_pointer(Cell c) {
  const auto t = tag_of(c);
  return t == Tag::Ref || t == Tag::Cons || t == Tag::Struct || t == Tag::Box;
}

// --- Pointers ----------------------------------------------------------------------------------

/// The three parts do not overlap (cells are 8-aligned, addresses below 2^kIuShift), so they are
/// added: an addition folds into the address arithmetic before it (one `lea` for `p + k` and its
/// tag, where an `or` took an instruction of its own).
inline Cell make_pointer(Tag tag, const Cell* address, unsigned iu) {
  return (static_cast<Cell>(iu) << kIuShift) + std::bit_cast<std::uintptr_t>(address) +
         static_cast<Cell>(tag);
}
inline Cell* address_of(Cell c) { return std::bit_cast<Cell*>(static_cast<std::uintptr_t>(c & kAddressMask)); }
constexpr unsigned iu_of(Cell c) { return static_cast<unsigned>(c >> kIuShift); }
/// The same pointer with another tag (e.g. a REF to the first cell of a CONS).
constexpr Cell retag(Cell c, Tag tag) { return (c & ~kTagMask) | static_cast<Cell>(tag); }

/// Contents of an unbound variable cell, with its first hook (or none).
inline Cell make_var_contents(Cell first_hook = 0) { return (first_hook & ~kTagMask) | static_cast<Cell>(Tag::Var); }
/// The hook list of an unbound variable's contents (a BOX pointer without its tag, or 0).
constexpr Cell hooks_of(Cell var_contents) { return var_contents & ~kTagMask; }

// --- Immediates --------------------------------------------------------------------------------

constexpr bool fits_small_int(std::int64_t v) { return v >= kSmallIntMin && v <= kSmallIntMax; }
constexpr Cell make_small_int(std::int64_t v) {
  return (static_cast<Cell>(v) << kTagBits) | static_cast<Cell>(Tag::Int);
}
constexpr std::int64_t small_int_value(Cell c) { return static_cast<std::int64_t>(c) >> kTagBits; }

constexpr Cell make_atom(std::uint64_t index) { return (index << kTagBits) | static_cast<Cell>(Tag::Atom); }
constexpr std::uint64_t atom_index(Cell c) { return c >> kTagBits; }

// --- Headers -----------------------------------------------------------------------------------

constexpr Cell make_header(BoxKind kind, std::uint32_t size, std::uint32_t aux = 0) {
  return (static_cast<Cell>(aux) << 32) | (static_cast<Cell>(size & 0xFFFFFFU) << 8) |
         (static_cast<Cell>(kind) << kTagBits) | static_cast<Cell>(Tag::Header);
}
constexpr BoxKind header_kind(Cell h) { return static_cast<BoxKind>((h >> kTagBits) & 0x1F); }
constexpr std::uint32_t header_size(Cell h) { return static_cast<std::uint32_t>((h >> 8) & 0xFFFFFFU); }
constexpr std::uint32_t header_aux(Cell h) { return static_cast<std::uint32_t>(h >> 32); }
constexpr std::uint32_t kMaxObjectSize = 0xFFFFFFU;

inline Cell make_forward(const Cell* new_address) {
  return (static_cast<Cell>(std::bit_cast<std::uintptr_t>(new_address)) << 5) |
         (static_cast<Cell>(BoxKind::Forward) << kTagBits) | static_cast<Cell>(Tag::Header);
}
inline bool is_forward(Cell c) { return is_header(c) && header_kind(c) == BoxKind::Forward; }
inline Cell* forward_address(Cell c) {
  return std::bit_cast<Cell*>(static_cast<std::uintptr_t>((c >> 8) << 3));
}

// --- Floats --------------------------------------------------------------------------------------

inline Cell double_bits(double d) { return std::bit_cast<Cell>(d); }
inline double bits_double(Cell c) { return std::bit_cast<double>(c); }

/// Reserved atom indices (the AtomTable interns these first, in this order).
namespace atoms {
inline constexpr std::uint64_t kNil = 0;       // []
inline constexpr std::uint64_t kTrue = 1;      // true
inline constexpr std::uint64_t kFalse = 2;     // false
inline constexpr std::uint64_t kBraces = 3;    // {}
inline constexpr std::uint64_t kDot = 4;       // '.'
inline constexpr std::uint64_t kMinus = 5;     // -
inline constexpr std::uint64_t kLess = 6;      // <
inline constexpr std::uint64_t kEqual = 7;     // =
inline constexpr std::uint64_t kGreater = 8;   // >
inline constexpr std::uint64_t kCount = 9;
}  // namespace atoms

inline constexpr Cell kNil = make_atom(atoms::kNil);
inline constexpr Cell kTrue = make_atom(atoms::kTrue);
inline constexpr Cell kFalse = make_atom(atoms::kFalse);

}  // namespace fleng::vm
