// Building heap terms from parsed terms (see term_builder.hpp).
#include "vm/term_builder.hpp"

#include "frontend/utf8.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

using frontend::Term;
using frontend::TermKind;

namespace {

std::size_t string_length(const std::string& text) {
  std::size_t n = 0;
  for (const char c : text) if (!frontend::utf8::is_continuation(static_cast<unsigned char>(c))) ++n;
  return n;
}

/// The annotation of `X @ any(1)` as a term: local, any(1), on(1), to(1), node(N) (and N's cell).
std::size_t placement_cells(const frontend::Placement& p) {
  if (p.kind == frontend::PlacementKind::Local) return 0;
  return p.variable.empty() ? 2 : 3;
}

}  // namespace

std::size_t term_cells(const Term& term) {
  switch (term.kind) {
    case TermKind::Variable: return 1;
    case TermKind::Atom: return 0;
    case TermKind::Integer: return fits_small_int(term.integer) ? 0 : 2;
    case TermKind::Float: return 2;
    case TermKind::String: return 2 * string_length(term.text);
    case TermKind::Compound: {
      std::size_t n = 1 + term.args.size();
      for (const auto& a : term.args) n += term_cells(*a);
      return n;
    }
    case TermKind::List: {
      std::size_t n = 2 * term.args.size() + (term.tail ? term_cells(*term.tail) : 0);
      for (const auto& a : term.args) n += term_cells(*a);
      return n;
    }
    case TermKind::Annotated:
      return 3 + term_cells(*term.args.front()) + placement_cells(term.placement);
  }
  return 0;
}

Cell TermBuilder::compound(const std::string& name, const std::vector<frontend::TermPtr>& args) {
  const auto arity = static_cast<std::uint32_t>(args.size());
  Cell* p = take(1 + arity);
  p[0] = make_header(BoxKind::Functor, arity, atoms_.functor(atoms_.intern(name), arity));
  for (std::size_t i = 0; i < args.size(); ++i) p[1 + i] = build(*args[i]);
  return make_pointer(Tag::Struct, p, iu_);
}

Cell TermBuilder::build(const Term& term) {
  switch (term.kind) {
    case TermKind::Variable: {
      if (term.text != "_") {
        if (auto it = variables_.find(term.text); it != variables_.end()) return it->second;
      }
      Cell* p = take(1);
      p[0] = make_var_contents();
      const Cell var = make_pointer(Tag::Ref, p, iu_);
      if (term.text != "_") variables_.emplace(term.text, var);
      return var;
    }
    case TermKind::Atom: return atoms_.atom(term.text);
    case TermKind::Integer: {
      if (fits_small_int(term.integer)) return make_small_int(term.integer);
      Cell* p = take(2);
      p[0] = make_header(BoxKind::Int64, 1);
      p[1] = static_cast<Cell>(term.integer);
      return make_pointer(Tag::Box, p, iu_);
    }
    case TermKind::Float: {
      Cell* p = take(2);
      p[0] = make_header(BoxKind::Float, 1);
      p[1] = double_bits(term.real);
      return make_pointer(Tag::Box, p, iu_);
    }
    case TermKind::String: {
      const std::size_t n = string_length(term.text);
      Cell* p = take(2 * n);
      std::size_t pos = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const auto code = frontend::utf8::decode(term.text, pos);
        std::int64_t value = 0;
        if (code) {
          value = static_cast<std::int64_t>(*code);
        } else {
          value = static_cast<unsigned char>(term.text[pos]);
          ++pos;
        }
        p[2 * i] = make_small_int(value);
        p[2 * i + 1] = i + 1 < n ? make_pointer(Tag::Cons, p + 2 * i + 2, iu_) : kNil;
      }
      return n == 0 ? kNil : make_pointer(Tag::Cons, p, iu_);
    }
    case TermKind::Compound: return compound(term.text, term.args);
    case TermKind::List: {
      Cell* p = take(2 * term.args.size());
      for (std::size_t i = 0; i < term.args.size(); ++i) p[2 * i] = build(*term.args[i]);
      for (std::size_t i = 0; i + 1 < term.args.size(); ++i) {
        p[2 * i + 1] = make_pointer(Tag::Cons, p + 2 * i + 2, iu_);
      }
      p[2 * term.args.size() - 1] = term.tail ? build(*term.tail) : kNil;
      return make_pointer(Tag::Cons, p, iu_);
    }
    case TermKind::Annotated: {
      Cell* p = take(3);
      p[0] = make_header(BoxKind::Functor, 2, atoms_.functor(atoms_.intern("@"), 2));
      p[1] = build(*term.args.front());
      const auto& placement = term.placement;
      if (placement.kind == frontend::PlacementKind::Local) {
        p[2] = atoms_.atom("local");
      } else {
        const char* name = placement.kind == frontend::PlacementKind::Any    ? "any"
                           : placement.kind == frontend::PlacementKind::On   ? "on"
                           : placement.kind == frontend::PlacementKind::Node ? "node"
                                                                             : "to";
        Cell* q = take(2);
        q[0] = make_header(BoxKind::Functor, 1, atoms_.functor(atoms_.intern(name), 1));
        if (placement.variable.empty()) {
          q[1] = make_small_int(placement.label);
        } else {
          frontend::Term variable;
          variable.kind = TermKind::Variable;
          variable.text = placement.variable;
          q[1] = build(variable);
        }
        p[2] = make_pointer(Tag::Struct, q, iu_);
      }
      return make_pointer(Tag::Struct, p, iu_);
    }
  }
  return kNil;
}

}  // namespace fleng::vm
