// Terms as words between ranks (kernel/wire_terms.hpp): the encoder walks a term graph
// breadth-first, numbering its objects; the decoder allocates all of them in one block, then
// fills their slots.
#include "kernel/wire_terms.hpp"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "vm/terms.hpp"

namespace fleng::kernel::wire {

namespace {

using vm::Cell;

enum class SlotKind : std::uint64_t { Object = 0, Variable = 1, AtomText = 7 };
enum class ObjectKind : std::uint64_t { Cons = 0, Struct = 1, Float = 2, Int64 = 3, Vector = 4 };

constexpr std::uint64_t slot_word(SlotKind kind, std::uint64_t payload) {
  return (payload << 3) | static_cast<std::uint64_t>(kind);
}
constexpr std::uint64_t object_word(ObjectKind kind, std::uint64_t size) {
  return (size << 8) | static_cast<std::uint64_t>(kind);
}
constexpr std::size_t text_words(std::size_t bytes) { return (bytes + 7) / 8; }

[[noreturn]] void malformed(const char* what) {
  throw std::runtime_error(fmt::format("malformed term from another rank: {}", what));
}

/// Reads words of a group with bounds checks.
struct Reader {
  std::span<const std::uint64_t> words;
  std::size_t at = 0;
  std::uint64_t next() {
    if (at >= words.size()) malformed("it ends early");
    return words[at++];
  }
  void skip(std::size_t n) {
    if (words.size() - at < n) malformed("it ends early");
    at += n;
  }
};

/// The words a slot takes after its first word.
std::size_t slot_extra_words(std::uint64_t first) {
  switch (static_cast<SlotKind>(first & 7)) {
    case SlotKind::Variable: return 1;
    case SlotKind::AtomText: return text_words(first >> 3);
    default: return 0;
  }
}

}  // namespace

// --- encoding --------------------------------------------------------------------------------

Encoder::Encoder(const vm::AtomTable& atoms, SharedTables shared,
                 std::function<VariableName(vm::Cell)> name_of)
    : atoms_(atoms), shared_(shared), name_of_(std::move(name_of)) {}

std::uint64_t Encoder::object_number(Cell c) {
  const auto [it, fresh] = numbers_.try_emplace(vm::address_of(c), objects_.size());
  if (fresh) {
    objects_.push_back(c);
    switch (vm::tag_of(c)) {
      case vm::Tag::Cons: heap_cells_ += 2; break;
      case vm::Tag::Struct: heap_cells_ += 1 + vm::struct_arity(c); break;
      default: heap_cells_ += 1 + vm::header_size(vm::header_of_box(c)); break;
    }
  }
  return it->second;
}

void Encoder::atom_slot(std::uint64_t atom, std::vector<std::uint64_t>& out) {
  if (atom < shared_.atoms) {
    out.push_back(vm::make_atom(atom));
    return;
  }
  const std::string text = atoms_.name(atom);
  out.push_back(slot_word(SlotKind::AtomText, text.size()));
  const std::size_t at = out.size();
  out.resize(at + text_words(text.size()), 0);
  std::memcpy(out.data() + at, text.data(), text.size());
}

void Encoder::slot(Cell c, std::vector<std::uint64_t>& out) {
  c = vm::deref(c);
  switch (vm::tag_of(c)) {
    case vm::Tag::Int: out.push_back(c); return;
    case vm::Tag::Atom: atom_slot(vm::atom_index(c), out); return;
    case vm::Tag::Ref: {
      const VariableName name = name_of_(c);
      out.push_back(slot_word(SlotKind::Variable, name.rank));
      out.push_back(name.entry);
      return;
    }
    case vm::Tag::Cons:
    case vm::Tag::Struct: out.push_back(slot_word(SlotKind::Object, object_number(c))); return;
    case vm::Tag::Box: {
      const vm::BoxKind kind = vm::header_kind(vm::header_of_box(c));
      if (kind != vm::BoxKind::Float && kind != vm::BoxKind::Int64 && kind != vm::BoxKind::Vector) {
        throw std::runtime_error("a goal record or hook cannot be sent to another rank");
      }
      out.push_back(slot_word(SlotKind::Object, object_number(c)));
      return;
    }
    default: throw std::runtime_error("a cell that is not a term cannot be sent to another rank");
  }
}

void Encoder::encode(std::span<const Cell> roots, std::vector<std::uint64_t>& out) {
  numbers_.clear();
  objects_.clear();
  heap_cells_ = 0;
  const std::size_t start = out.size();
  out.resize(start + 4, 0);  // words, roots, objects, cells: filled in at the end
  for (const Cell root : roots) slot(root, out);
  // Objects in the order they were numbered; slots number new ones as they go.
  for (std::size_t i = 0; i < objects_.size(); ++i) {
    const Cell c = objects_[i];
    switch (vm::tag_of(c)) {
      case vm::Tag::Cons:
        out.push_back(object_word(ObjectKind::Cons, 2));
        slot(vm::car(c), out);
        slot(vm::cdr(c), out);
        break;
      case vm::Tag::Struct: {
        const std::uint32_t arity = vm::struct_arity(c);
        const std::uint32_t functor = vm::struct_functor(c);
        out.push_back(object_word(ObjectKind::Struct, arity));
        if (functor < shared_.functors) {
          out.push_back(std::uint64_t{functor} << 1);
        } else {
          out.push_back((std::uint64_t{arity} << 1) | 1);
          atom_slot(atoms_.functor_name(functor), out);
        }
        for (std::uint32_t k = 0; k < arity; ++k) slot(vm::struct_arg(c, k), out);
        break;
      }
      default: {
        const Cell header = vm::header_of_box(c);
        switch (vm::header_kind(header)) {
          case vm::BoxKind::Float:
            out.push_back(object_word(ObjectKind::Float, 1));
            out.push_back(vm::address_of(c)[1]);
            break;
          case vm::BoxKind::Int64:
            out.push_back(object_word(ObjectKind::Int64, 1));
            out.push_back(vm::address_of(c)[1]);
            break;
          default: {
            const std::uint32_t n = vm::vector_size(c);
            out.push_back(object_word(ObjectKind::Vector, n));
            for (std::uint32_t k = 0; k < n; ++k) slot(vm::vector_element(c, k), out);
            break;
          }
        }
      }
    }
  }
  out[start] = out.size() - start;
  out[start + 1] = roots.size();
  out[start + 2] = objects_.size();
  out[start + 3] = heap_cells_;
}

// --- decoding ----------------------------------------------------------------------------------

namespace {

/// Where the roots and objects of a group are, and where each object goes in its block.
struct Layout {
  std::size_t length = 0;
  std::size_t cells = 0;
  std::size_t variables = 0;
  std::vector<std::size_t> roots_at;
  std::vector<std::size_t> object_at;
  std::vector<std::size_t> offset;
};

Layout scan(std::span<const std::uint64_t> words) {
  if (words.size() < 4) malformed("it ends early");
  Layout layout;
  layout.length = static_cast<std::size_t>(words[0]);
  const auto n_roots = static_cast<std::size_t>(words[1]);
  const auto count = static_cast<std::size_t>(words[2]);
  const auto cells = static_cast<std::size_t>(words[3]);
  if (layout.length < 4 || layout.length > words.size()) malformed("a wrong length");
  if (n_roots > layout.length || count > layout.length) malformed("a wrong count");
  Reader r{words.first(layout.length), 4};
  auto skip_slot = [&]() {
    const std::uint64_t w = r.next();
    if ((w & 7) == static_cast<std::uint64_t>(SlotKind::Variable)) ++layout.variables;
    r.skip(slot_extra_words(w));
  };
  for (std::size_t k = 0; k < n_roots; ++k) {
    layout.roots_at.push_back(r.at);
    skip_slot();
  }
  layout.object_at.resize(count);
  layout.offset.resize(count);
  std::size_t used = 0;
  for (std::size_t i = 0; i < count; ++i) {
    layout.object_at[i] = r.at;
    const std::uint64_t head = r.next();
    const std::uint64_t size = head >> 8;
    layout.offset[i] = used;
    switch (static_cast<ObjectKind>(head & 0xFF)) {
      case ObjectKind::Cons:
        if (size != 2) malformed("a list cell of the wrong size");
        used += 2;
        skip_slot();
        skip_slot();
        break;
      case ObjectKind::Struct: {
        if (size > vm::kMaxObjectSize) malformed("a structure too large");
        const std::uint64_t functor = r.next();
        if ((functor & 1) != 0) r.skip(slot_extra_words(r.next()));
        used += 1 + size;
        for (std::uint64_t k = 0; k < size; ++k) skip_slot();
        break;
      }
      case ObjectKind::Float:
      case ObjectKind::Int64:
        r.skip(1);
        used += 2;
        break;
      case ObjectKind::Vector:
        if (size > vm::kMaxObjectSize) malformed("a vector too large");
        used += 1 + size;
        for (std::uint64_t k = 0; k < size; ++k) skip_slot();
        break;
      default: malformed("an unknown object kind");
    }
  }
  if (used != cells) malformed("a wrong cell count");
  if (r.at != layout.length) malformed("words left over");
  layout.cells = used;
  return layout;
}

}  // namespace

GroupShape shape_of(std::span<const std::uint64_t> words) {
  const Layout layout = scan(words);
  return {.words = layout.length,
          .roots = layout.roots_at.size(),
          .cells = layout.cells,
          .variables = layout.variables};
}

std::size_t decode(std::span<const std::uint64_t> words, vm::AtomTable& atoms, SharedTables shared,
                   vm::Heap& heap, const std::function<Cell(const VariableName&)>& variable_for,
                   std::vector<Cell>& roots) {
  const Layout layout = scan(words);
  const std::size_t length = layout.length;
  const std::size_t count = layout.object_at.size();
  const std::size_t used = layout.cells;
  const auto& object_at = layout.object_at;
  const auto& offset = layout.offset;
  const std::size_t n_roots = layout.roots_at.size();
  roots.assign(n_roots, 0);
  Cell* base = used == 0 ? nullptr : heap.allocate(used);
  if (used != 0 && base == nullptr) throw std::runtime_error("heap full while taking a term from another rank");

  auto tag_of_object = [&](std::size_t i) {
    switch (static_cast<ObjectKind>(words[object_at[i]] & 0xFF)) {
      case ObjectKind::Cons: return vm::Tag::Cons;
      case ObjectKind::Struct: return vm::Tag::Struct;
      default: return vm::Tag::Box;
    }
  };
  auto read_atom = [&](Reader& in, std::uint64_t w) -> std::uint64_t {
    if ((w & 7) == static_cast<std::uint64_t>(SlotKind::AtomText)) {
      const std::size_t bytes = w >> 3;
      const std::size_t at = in.at;
      in.skip(text_words(bytes));
      std::string text(bytes, '\0');
      std::memcpy(text.data(), words.data() + at, bytes);
      return atoms.intern(text);
    }
    if (!vm::is_atom(w) || vm::atom_index(w) >= shared.atoms) malformed("a bad atom");
    return vm::atom_index(w);
  };
  auto read_slot = [&](Reader& in) -> Cell {
    const std::uint64_t w = in.next();
    if (vm::is_int(w)) return w;
    if (vm::is_atom(w) || (w & 7) == static_cast<std::uint64_t>(SlotKind::AtomText)) {
      return vm::make_atom(read_atom(in, w));
    }
    if ((w & 7) == static_cast<std::uint64_t>(SlotKind::Variable)) {
      const VariableName name{static_cast<std::uint32_t>(w >> 3), in.next()};
      return variable_for(name);
    }
    if ((w & 7) != static_cast<std::uint64_t>(SlotKind::Object)) malformed("a bad slot");
    const std::uint64_t i = w >> 3;
    if (i >= count) malformed("a reference to a missing object");
    return vm::make_pointer(tag_of_object(i), base + offset[i], heap.iu());
  };

  // Pass 2: fill every object, then the roots.
  for (std::size_t i = 0; i < count; ++i) {
    Reader in{words.first(length), object_at[i]};
    const std::uint64_t head = in.next();
    const std::uint64_t size = head >> 8;
    Cell* p = base + offset[i];
    switch (static_cast<ObjectKind>(head & 0xFF)) {
      case ObjectKind::Cons:
        p[0] = read_slot(in);
        p[1] = read_slot(in);
        break;
      case ObjectKind::Struct: {
        const std::uint64_t f = in.next();
        std::uint32_t functor = 0;
        if ((f & 1) == 0) {
          if ((f >> 1) >= shared.functors) malformed("a bad functor");
          functor = static_cast<std::uint32_t>(f >> 1);
        } else {
          if ((f >> 1) != size) malformed("a functor of the wrong arity");
          functor = atoms.functor(read_atom(in, in.next()), static_cast<std::uint32_t>(size));
        }
        p[0] = vm::make_header(vm::BoxKind::Functor, static_cast<std::uint32_t>(size), functor);
        for (std::uint64_t k = 0; k < size; ++k) p[1 + k] = read_slot(in);
        break;
      }
      case ObjectKind::Float:
        p[0] = vm::make_header(vm::BoxKind::Float, 1);
        p[1] = in.next();
        break;
      case ObjectKind::Int64:
        p[0] = vm::make_header(vm::BoxKind::Int64, 1);
        p[1] = in.next();
        break;
      case ObjectKind::Vector:
        p[0] = vm::make_header(vm::BoxKind::Vector, static_cast<std::uint32_t>(size));
        for (std::uint64_t k = 0; k < size; ++k) p[1 + k] = read_slot(in);
        break;
    }
  }
  for (std::size_t k = 0; k < n_roots; ++k) {
    Reader in{words.first(length), layout.roots_at[k]};
    roots[k] = read_slot(in);
  }
  return length;
}

}  // namespace fleng::kernel::wire
