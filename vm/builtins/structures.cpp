// Structures, tuples and vectors: functor/3, =../2 (both ways), arg/3, make_tuple/2,
// tuple_to_list/2, list_to_tuple/2, new_vector/3, vector_element/3, set_vector_element/4,
// vector_size/2.
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

/// The name and arity of a bound term: a structure's, '.'/2 for a list cell, the term itself
/// and 0 for an atomic term (and a vector).
std::pair<Cell, std::int64_t> name_and_arity(Iu& iu, Cell t) {
  if (is_struct(t)) return {make_atom(iu.atoms.functor_name(struct_functor(t))), struct_arity(t)};
  if (is_cons(t)) return {make_atom(atoms::kDot), 2};
  return {t, 0};
}

/// A new term named `name` with `arity` arguments, each taken from `args` or, when `args` is
/// null, a fresh variable: a list cell for '.'/2, `name` itself for arity 0. `who` names the
/// builtin in errors.
Outcome build_term(Iu& iu, Cell name, std::int64_t arity, const Cell* args, std::string_view who,
                   Cell* out) {
  if (arity < 0 || arity > kMaxObjectSize) {
    return iu.fail(fmt::format("{}: arity {} is out of range (0..{})", who, arity, kMaxObjectSize));
  }
  if (arity == 0) {
    if (!is_atom(name) && !is_number(name)) return type_error(iu, "an atomic name", name);
    *out = name;
    return Outcome::Done;
  }
  if (!is_atom(name)) return type_error(iu, "an atom as the name", name);
  const auto n = static_cast<std::uint32_t>(arity);
  const bool list_cell = name == make_atom(atoms::kDot) && n == 2;
  const std::size_t head = list_cell ? 0 : 1;
  Cell* p = iu.allocate(head + n + (args == nullptr ? n : 0));
  if (p == nullptr) return Outcome::NeedHeap;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (args != nullptr) {
      p[head + i] = args[i];
    } else {
      Cell* var = p + head + n + i;
      *var = make_var_contents();
      p[head + i] = make_pointer(Tag::Ref, var, iu.index());
    }
  }
  iu.charge_work(n);
  if (list_cell) {
    *out = make_pointer(Tag::Cons, p, iu.index());
  } else {
    p[0] = make_header(BoxKind::Functor, n, iu.atoms.functor(atom_index(name), n));
    *out = make_pointer(Tag::Struct, p, iu.index());
  }
  return Outcome::Done;
}

Outcome unify_output(Iu& iu, Cell target, Cell value) {
  if (!iu.unify(target, value)) return iu.fail("output unification failed");
  return Outcome::Done;
}

}  // namespace

Outcome builtin_functor(Iu& iu, Cell* args, Cell*) {
  const Cell t = deref(args[0]);
  if (!is_unbound(t)) {
    const auto [name, arity] = name_and_arity(iu, t);
    if (!iu.unify(args[1], name) || !iu.unify(args[2], make_small_int(arity))) {
      return iu.fail("output unification failed");
    }
    return Outcome::Done;
  }
  // Construct: waits for the name and the arity (or for T, which decides the other way).
  const Cell name = deref(args[1]);
  const Cell arity = deref(args[2]);
  if (is_unbound(name) || is_unbound(arity)) {
    iu.block_on(t);
    if (is_unbound(name)) iu.block_on(name);
    if (is_unbound(arity)) iu.block_on(arity);
    return Outcome::Suspend;
  }
  if (!is_integer(arity)) return type_error(iu, "an integer arity", arity);
  Cell built = 0;
  const Outcome o = build_term(iu, name, integer_value(arity), nullptr, "functor/3", &built);
  if (o != Outcome::Done) return o;
  return unify_output(iu, t, built);
}

Outcome builtin_univ(Iu& iu, Cell* args, Cell*) {
  const Cell t = deref(args[0]);
  if (!is_unbound(t)) {
    std::vector<Cell> elements;
    const auto [name, arity] = name_and_arity(iu, t);
    elements.push_back(name);
    if (is_cons(t)) {
      elements.push_back(car(t));
      elements.push_back(cdr(t));
    } else {
      for (std::int64_t i = 0; i < arity; ++i) {
        elements.push_back(struct_arg(t, static_cast<std::uint32_t>(i)));
      }
    }
    const Cell list = make_list(iu, elements);
    if (list == 0) return Outcome::NeedHeap;
    iu.charge_work(elements.size() - 1);  // one unit per argument
    return unify_output(iu, args[1], list);
  }
  // Construct: waits for the list's spine and its head (or for T).
  const Cell end = spine_end(args[1]);
  const Cell first = is_cons(deref(args[1])) ? deref(car(deref(args[1]))) : 0;
  if ((end != 0 && is_unbound(end)) || (first != 0 && is_unbound(first))) {
    iu.block_on(t);
    if (end != 0 && is_unbound(end)) iu.block_on(end);
    if (first != 0 && is_unbound(first)) iu.block_on(first);
    return Outcome::Suspend;
  }
  const auto elements = list_elements(args[1]);
  if (!elements || elements->empty()) return type_error(iu, "a non-empty list", args[1]);
  Cell built = 0;
  const Outcome o = build_term(iu, first, static_cast<std::int64_t>(elements->size()) - 1,
                               elements->data() + 1, "=../2", &built);
  if (o != Outcome::Done) return o;
  return unify_output(iu, t, built);
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
