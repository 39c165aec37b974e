// The term writer. Iterative over list spines; recursion only on nested arguments, bounded by
// a depth limit (deeper parts print as `...`) so that a huge term cannot overflow the stack.
// A cyclic term prints in SWI-Prolog's finite form @(Term, [_S1=Def, ...]): the nodes a cycle
// returns to are named _S<n> (found by cycle_targets, only for terms too large for a quick walk).
#include "vm/term_writer.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "frontend/lexemes.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

namespace {

constexpr int kMaxDepth = 1000;  // deeper parts print as `...` (keeps the stack small, even in fibers)

bool is_compound(Cell c) { return is_cons(c) || is_struct(c) || is_vector(c); }

/// The sub-terms of a compound node: the cells from `first`, `count` of them.
std::pair<const Cell*, std::uint32_t> children(Cell node) {
  const Cell* p = address_of(node);
  if (is_cons(node)) return {p, 2};
  return {p + 1, header_size(*p)};  // STRUCT arguments or vector elements
}

/// The compound nodes of `term` that a depth-first walk enters again below themselves (the
/// targets of its back edges), in the order found; empty for a finite term. A term of fewer
/// than kQuickNodes nodes (as a tree) is finite and needs no map.
std::vector<Cell> cycle_targets(Cell term) {
  constexpr std::size_t kQuickNodes = std::size_t{1} << 16;
  std::vector<Cell> pending{term};
  std::size_t nodes = 0;
  while (!pending.empty() && nodes < kQuickNodes) {
    const Cell t = deref(pending.back());
    pending.pop_back();
    if (!is_compound(t)) continue;
    ++nodes;
    const auto [first, count] = children(t);
    for (std::uint32_t i = 0; i < count; ++i) pending.push_back(field_term(first + i, iu_of(t)));
  }
  if (pending.empty()) return {};
  // Depth first with the nodes on the path (true) and those done (false).
  std::vector<Cell> targets;
  std::unordered_map<Cell, bool> on_path;
  struct Frame {
    Cell node;
    std::uint32_t next;
  };
  std::vector<Frame> path;
  const Cell root = deref(term);
  on_path[root] = true;
  path.push_back({root, 0});
  while (!path.empty()) {
    Frame& frame = path.back();
    const auto [first, count] = children(frame.node);
    if (frame.next == count) {
      on_path[frame.node] = false;
      path.pop_back();
      continue;
    }
    const Cell child = deref(field_term(first + frame.next++, iu_of(frame.node)));
    if (!is_compound(child)) continue;
    const auto [it, fresh] = on_path.try_emplace(child, true);
    if (fresh) {
      path.push_back({child, 0});
    } else if (it->second &&
               std::find(targets.begin(), targets.end(), child) == targets.end()) {
      targets.push_back(child);
    }
  }
  return targets;
}

class Writer {
 public:
  Writer(std::string& out, const AtomTable& atoms, bool quoted, const VariableNames* names,
         WriteLimits limits, const AnswerStyle* answer = nullptr)
      : out_(out), atoms_(atoms), quoted_(quoted), names_(names), limits_(limits),
        end_(limits.max_chars == 0 ? 0 : out.size() + limits.max_chars), answer_(answer),
        comma_(answer != nullptr ? ", " : ",") {}

  /// The whole term: in the finite form @(Term, [_S1=Def, ...]) if it is cyclic.
  void write_top(Cell term, int max_priority) {
    const std::vector<Cell> targets = cycle_targets(term);
    if (targets.empty()) {
      write(term, max_priority, 0);
      return;
    }
    for (std::size_t i = 0; i < targets.size(); ++i) cycle_names_[targets[i]] = i + 1;
    out_ += "@(";
    write(term, 999, 0);
    out_ += comma_;
    out_ += '[';
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (i > 0) out_ += comma_;
      out_ += fmt::format("_S{}=", i + 1);
      defining_ = targets[i];
      write(targets[i], 699, 0);
    }
    out_ += "])";
  }

  void write(Cell term, int max_priority, int depth) {
    if (depth > kMaxDepth || stopped()) {
      out_ += "...";
      return;
    }
    term = deref(term);
    if (!cycle_names_.empty() && write_cycle_name(term)) return;
    switch (tag_of(term)) {
      case Tag::Ref: {
        if (answer_ != nullptr && answer_->variable_name) {
          out_ += answer_->variable_name(term);
          return;
        }
        const Cell* p = address_of(term);
        const unsigned iu = iu_of(term);
        if (names_ != nullptr && !names_->source.empty()) {
          if (const auto it = names_->source.find(p); it != names_->source.end()) {
            out_ += it->second;
            return;
          }
        }
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
              if (i > 0) out_ += comma_;
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
  /// A node a cycle returns to prints as its name, except at the start of its definition.
  bool write_cycle_name(Cell term) {
    if (term == defining_) {
      defining_ = 0;
      return false;
    }
    const auto it = cycle_names_.find(term);
    if (it == cycle_names_.end()) return false;
    out_ += fmt::format("_S{}", it->second);
    return true;
  }

  /// True once the writer is to stop (WriteLimits): the rest prints as `...`.
  bool stopped() {
    if (stopped_ || (++polls_ & 0xFFFU) != 0) return stopped_;
    if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (end_ != 0 && out_.size() > end_) stopped_ = true;
    return stopped_;
  }

  void write_atom(const std::string& name) {
    out_ += quoted_ ? frontend::lexemes::atom_text(name) : name;
  }

  void write_list(Cell list, int depth) {
    out_ += '[';
    bool first = true;
    for (;;) {
      if (!first) out_ += comma_;
      first = false;
      write(car(list), 999, depth + 1);
      const Cell tail = deref(cdr(list));
      if (is_cons(tail) && !cycle_names_.contains(tail) && !stopped()) {  // a cyclic spine ends at a name
        list = tail;
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
          out_ += comma_;
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
      if (i > 0) out_ += comma_;
      write(struct_arg(term, i), 999, depth + 1);
    }
  }

  std::string& out_;
  const AtomTable& atoms_;
  bool quoted_;
  const VariableNames* names_;
  WriteLimits limits_;
  std::size_t end_;  // out_'s size past which the writer stops (0: none)
  std::uint32_t polls_ = 0;
  bool stopped_ = false;
  std::unordered_map<Cell, std::size_t> cycle_names_;  // node -> n of _S<n>
  Cell defining_ = 0;  // the node whose definition _S<n>=... is being written
  const AnswerStyle* answer_;  // the REPL's answer style, or null
  const char* comma_;          // between arguments and elements: "," or, in answers, ", "
};

}  // namespace

std::string atom_name_text(std::string_view name) { return frontend::lexemes::atom_text(name); }

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
                const VariableNames* names, WriteLimits limits) {
  Writer(out, atoms, quoted, names, limits).write_top(term, 1200);
}

std::string write_answer_term(Cell term, const AtomTable& atoms, const AnswerStyle& style,
                              WriteLimits limits) {
  std::string out;
  Writer(out, atoms, true, nullptr, limits, &style).write_top(term, 699);
  return out;
}

std::string write_term(Cell term, const AtomTable& atoms, bool quoted, const VariableNames* names,
                       WriteLimits limits) {
  std::string out;
  write_term(out, term, atoms, quoted, names, limits);
  return out;
}

}  // namespace fleng::vm
