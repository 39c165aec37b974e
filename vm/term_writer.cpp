// The term writer. Iterative over list spines; recursion only on nested arguments, bounded by
// a depth limit (deeper parts print as `...`) so that a cyclic or huge term cannot overflow the
// stack.
#include "vm/term_writer.hpp"

#include <cmath>

#include <fmt/format.h>

#include "frontend/lexemes.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

namespace {

constexpr int kMaxDepth = 1000;  // deeper parts print as `...` (keeps the stack small, even in fibers)

class Writer {
 public:
  Writer(std::string& out, const AtomTable& atoms, bool quoted, const VariableNames* names)
      : out_(out), atoms_(atoms), quoted_(quoted), names_(names) {}

  void write(Cell term, int max_priority, int depth) {
    if (depth > kMaxDepth) {
      out_ += "...";
      return;
    }
    term = deref(term);
    switch (tag_of(term)) {
      case Tag::Ref: {
        const Cell* p = address_of(term);
        const unsigned iu = iu_of(term);
        if (names_ != nullptr && iu < names_->bases.size() && names_->bases[iu] != nullptr &&
            p >= names_->bases[iu]) {
          const auto offset = static_cast<std::uint64_t>(p - names_->bases[iu]);
          out_ += iu == names_->own_iu ? fmt::format("_G{}", offset)
                                       : fmt::format("_G{}_{}", iu, offset);
        } else {
          out_ += fmt::format("_G{}", (term & kAddressMask) >> 3U);
        }
        return;
      }
      case Tag::Int: out_ += std::to_string(small_int_value(term)); return;
      case Tag::Atom: write_atom(atoms_.name(atom_index(term))); return;
      case Tag::Cons: write_list(term, depth); return;
      case Tag::Struct: write_struct(term, max_priority, depth); return;
      case Tag::Box: {
        const Cell header = header_of_box(term);
        switch (header_kind(header)) {
          case BoxKind::Float: out_ += float_text(float_value(term)); return;
          case BoxKind::Int64: out_ += std::to_string(integer_value(term)); return;
          case BoxKind::Vector: {
            out_ += "{vector:";
            for (std::uint32_t i = 0; i < vector_size(term); ++i) {
              if (i > 0) out_ += ',';
              write(vector_element(term, i), 999, depth + 1);
            }
            out_ += '}';
            return;
          }
          default: out_ += "<internal>"; return;
        }
      }
      default: out_ += "<invalid>"; return;
    }
  }

 private:
  void write_atom(const std::string& name) {
    out_ += quoted_ ? frontend::lexemes::atom_text(name) : name;
  }

  void write_list(Cell list, int depth) {
    out_ += '[';
    bool first = true;
    Cell slow = list;  // Floyd: a cyclic spine (no occurs check) is cut with `|...`
    bool advance_slow = false;
    for (;;) {
      if (!first) out_ += ',';
      first = false;
      write(car(list), 999, depth + 1);
      const Cell tail = deref(cdr(list));
      if (is_cons(tail)) {
        list = tail;
        if (advance_slow) slow = deref(cdr(slow));
        advance_slow = !advance_slow;
        if (list == slow) {
          out_ += "|...";
          break;
        }
        continue;
      }
      if (tail != kNil) {
        out_ += '|';
        write(tail, 999, depth + 1);
      }
      break;
    }
    out_ += ']';
  }

  void write_struct(Cell term, int max_priority, int depth) {
    const std::uint32_t functor = struct_functor(term);
    const std::string name = atoms_.name(atoms_.functor_name(functor));
    const std::uint32_t arity = struct_arity(term);
    if (name == "{}") {
      out_ += '{';
      write_args(term, arity, depth);
      out_ += '}';
      return;
    }
    if (arity == 2) {
      if (auto op = frontend::lexemes::infix_operator(name)) {
        const int p = op->priority;
        const int left = op->fixity == frontend::lexemes::Fixity::Yfx ? p : p - 1;
        const int right = op->fixity == frontend::lexemes::Fixity::Xfy ? p : p - 1;
        const bool parens = p > max_priority;
        if (parens) out_ += '(';
        write(struct_arg(term, 0), left, depth + 1);
        if (name == "," ) {
          out_ += ',';
        } else if (frontend::lexemes::is_name_atom(name) || name == "@" || name == ":-") {
          out_ += fmt::format(" {} ", name);
        } else {
          out_ += name;
        }
        // `a- -1` must not print as `a--1`.
        const std::size_t before = out_.size();
        write(struct_arg(term, 1), right, depth + 1);
        if (out_.size() > before && frontend::lexemes::is_symbol_atom(std::string(1, out_[before])) &&
            frontend::lexemes::is_symbol_atom(name)) {
          out_.insert(before, " ");
        }
        if (parens) out_ += ')';
        return;
      }
    }
    if (arity == 1 && frontend::lexemes::is_prefix_operator(name)) {
      const Cell arg = deref(struct_arg(term, 0));
      if (!is_int(arg) && !is_number(arg)) {
        const bool parens = 200 > max_priority;
        if (parens) out_ += '(';
        out_ += name;
        const std::size_t before = out_.size();
        write(arg, 200, depth + 1);
        if (out_.size() > before && frontend::lexemes::is_symbol_atom(std::string(1, out_[before]))) {
          out_.insert(before, " ");
        }
        if (parens) out_ += ')';
        return;
      }
    }
    out_ += quoted_ ? frontend::lexemes::atom_text(name) : name;
    out_ += '(';
    write_args(term, arity, depth);
    out_ += ')';
  }

  void write_args(Cell term, std::uint32_t arity, int depth) {
    for (std::uint32_t i = 0; i < arity; ++i) {
      if (i > 0) out_ += ',';
      write(struct_arg(term, i), 999, depth + 1);
    }
  }

  std::string& out_;
  const AtomTable& atoms_;
  bool quoted_;
  const VariableNames* names_;
};

}  // namespace

std::string float_text(double value) {
  // Not-a-number prints as `nan` whatever its sign bit (fmt would print `-nan`).
  if (std::isnan(value)) return "nan";
  std::string text = fmt::format("{}", value);
  const auto exponent = text.find_first_of("eE");
  const auto mantissa = text.substr(0, exponent);
  if (mantissa.find('.') == std::string::npos && text.find_first_of("ni") == std::string::npos) {
    text.insert(mantissa.size(), ".0");
  }
  return text;
}

void write_term(std::string& out, Cell term, const AtomTable& atoms, bool quoted,
                const VariableNames* names) {
  Writer(out, atoms, quoted, names).write(term, 1200, 0);
}

std::string write_term(Cell term, const AtomTable& atoms, bool quoted, const VariableNames* names) {
  std::string out;
  write_term(out, term, atoms, quoted, names);
  return out;
}

}  // namespace fleng::vm
