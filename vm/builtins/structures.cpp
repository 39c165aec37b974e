// Structures, tuples and vectors: functor/3, arg/3, make_tuple/2, tuple_to_list/2,
// list_to_tuple/2, new_vector/3, vector_element/3, set_vector_element/4, vector_size/2.
#include "vm/builtins/support.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

Outcome make_struct(Iu& iu, std::uint32_t functor, const std::vector<Cell>& args, Cell* out) {
  if (args.size() > kMaxObjectSize) {
    return iu.fail(fmt::format("structure too large: {} arguments (the limit is {})", args.size(),
                               kMaxObjectSize));
  }
  Cell* p = iu.allocate(1 + args.size());
  if (p == nullptr) return Outcome::NeedHeap;
  p[0] = make_header(BoxKind::Functor, static_cast<std::uint32_t>(args.size()), functor);
  std::copy(args.begin(), args.end(), p + 1);
  *out = make_pointer(Tag::Struct, p, iu.index());
  return Outcome::Done;
}

std::optional<std::uint32_t> index_of(Iu& iu, Cell c, std::uint32_t size, std::int64_t base,
                                      std::string_view what) {
  if (!is_integer(c)) {
    type_error(iu, "an integer index", c);
    return std::nullopt;
  }
  const std::int64_t i = integer_value(c) - base;
  if (i < 0 || i >= size) {
    iu.fail(fmt::format("{}: index {} out of range", what, integer_value(c)));
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(i);
}

}  // namespace

Outcome builtin_functor(Iu& iu, Cell* args, Cell*) {
  const Cell t = args[0];
  Cell name = t;
  std::int64_t arity = 0;
  if (is_struct(t)) {
    name = make_atom(iu.atoms.functor_name(struct_functor(t)));
    arity = struct_arity(t);
  } else if (is_cons(t)) {
    name = make_atom(atoms::kDot);
    arity = 2;
  }
  if (!iu.unify(args[1], name) || !iu.unify(args[2], make_small_int(arity))) {
    return iu.fail("output unification failed");
  }
  return Outcome::Done;
}

Outcome builtin_arg(Iu& iu, Cell* args, Cell* out) {
  const Cell t = args[1];
  if (is_cons(t)) {
    const auto i = index_of(iu, args[0], 2, 1, "arg/3");
    if (!i) return Outcome::Error;
    return deliver(out, *i == 0 ? car(t) : cdr(t));
  }
  if (!is_struct(t)) return type_error(iu, "a structure", t);
  const auto i = index_of(iu, args[0], struct_arity(t), 1, "arg/3");
  if (!i) return Outcome::Error;
  return deliver(out, struct_arg(t, *i));
}

Outcome builtin_make_tuple(Iu& iu, Cell* args, Cell* out) {
  if (!is_integer(args[0])) return type_error(iu, "an integer", args[0]);
  const std::int64_t n = integer_value(args[0]);
  if (n < 0 || n > kMaxObjectSize) return iu.fail(fmt::format("{}: size {} is out of range (0..{})", "make_tuple/2", n, kMaxObjectSize));
  if (n == 0) return deliver(out, make_atom(atoms::kBraces));
  Cell* p = iu.allocate(1 + 2 * static_cast<std::size_t>(n));
  if (p == nullptr) return Outcome::NeedHeap;
  const auto size = static_cast<std::uint32_t>(n);
  p[0] = make_header(BoxKind::Functor, size, iu.atoms.functor(atoms::kBraces, size));
  Cell* vars = p + 1 + size;
  for (std::uint32_t i = 0; i < size; ++i) {
    vars[i] = make_var_contents();
    p[1 + i] = make_pointer(Tag::Ref, vars + i, iu.index());
  }
  return deliver(out, make_pointer(Tag::Struct, p, iu.index()));
}

Outcome builtin_tuple_to_list(Iu& iu, Cell* args, Cell* out) {
  const Cell t = args[0];
  if (t == make_atom(atoms::kBraces)) return deliver(out, kNil);
  if (!is_struct(t)) return type_error(iu, "a tuple", t);
  std::vector<Cell> elements;
  for (std::uint32_t i = 0; i < struct_arity(t); ++i) elements.push_back(struct_arg(t, i));
  const Cell list = make_list(iu, elements);
  if (list == 0) return Outcome::NeedHeap;
  return deliver(out, list);
}

Outcome builtin_list_to_tuple(Iu& iu, Cell* args, Cell* out) {
  // Waits for the whole spine.
  const Cell l = spine_end(args[0]);
  if (l != 0 && is_unbound(l)) {
    iu.block_on(l);
    return Outcome::Suspend;
  }
  const auto elements = list_elements(args[0]);
  if (!elements) return type_error(iu, "a list", args[0]);
  if (elements->empty()) return deliver(out, make_atom(atoms::kBraces));
  return make_struct(iu, iu.atoms.functor(atoms::kBraces, static_cast<std::uint32_t>(elements->size())),
                     *elements, out);
}

Outcome builtin_new_vector(Iu& iu, Cell* args, Cell* out) {
  if (!is_integer(args[0])) return type_error(iu, "an integer", args[0]);
  const std::int64_t n = integer_value(args[0]);
  if (n < 0 || n > kMaxObjectSize) return iu.fail(fmt::format("{}: size {} is out of range (0..{})", "new_vector/3", n, kMaxObjectSize));
  Cell* p = iu.allocate(1 + static_cast<std::size_t>(n));
  if (p == nullptr) return Outcome::NeedHeap;
  p[0] = make_header(BoxKind::Vector, static_cast<std::uint32_t>(n));
  std::fill(p + 1, p + 1 + n, args[1]);
  return deliver(out, make_pointer(Tag::Box, p, iu.index()));
}

Outcome builtin_vector_element(Iu& iu, Cell* args, Cell* out) {
  if (!is_vector(args[0])) return type_error(iu, "a vector", args[0]);
  const auto i = index_of(iu, args[1], vector_size(args[0]), 0, "vector_element/3");
  if (!i) return Outcome::Error;
  return deliver(out, vector_element(args[0], *i));
}

Outcome builtin_set_vector_element(Iu& iu, Cell* args, Cell* out) {
  if (!is_vector(args[0])) return type_error(iu, "a vector", args[0]);
  const std::uint32_t n = vector_size(args[0]);
  const auto i = index_of(iu, args[1], n, 0, "set_vector_element/4");
  if (!i) return Outcome::Error;
  Cell* p = iu.allocate(1 + n);
  if (p == nullptr) return Outcome::NeedHeap;
  std::copy_n(address_of(args[0]), 1 + n, p);
  p[1 + *i] = args[2];
  return deliver(out, make_pointer(Tag::Box, p, iu.index()));
}

Outcome builtin_vector_size(Iu& iu, Cell* args, Cell* out) {
  if (!is_vector(args[0])) return type_error(iu, "a vector", args[0]);
  return deliver(out, make_small_int(vector_size(args[0])));
}

}  // namespace fleng::vm
