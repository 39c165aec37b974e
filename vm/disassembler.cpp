// The disassembler, driven by the operand kinds of instructions.def.
#include "vm/disassembler.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "vm/term_writer.hpp"

namespace fleng::vm {

namespace {

std::string placement_text(std::uint64_t operand) {
  const auto kind = static_cast<std::uint32_t>(operand >> 32U);
  const auto label = static_cast<std::uint32_t>(operand);
  switch (kind) {
    case 0: return "unannotated";
    case 1: return fmt::format("any({})", label);
    case 2: return fmt::format("on({})", label);
    case 3: return fmt::format("to({})", label);
    default: return fmt::format("node({})", label);
  }
}

/// A register operand: r<n>, or #<constant> for a constant register.
std::string register_text(const CodeImage& image, const AtomTable& atoms, std::uint64_t reg) {
  if (reg >= kConstantRegisterBase && reg - kConstantRegisterBase < image.register_constants.size()) {
    return "#" + write_term(image.register_constants[reg - kConstantRegisterBase], atoms);
  }
  return fmt::format("r{}", reg);
}

std::uint64_t disassemble_one(const CodeImage& image, const AtomTable& atoms, std::uint64_t pc,
                              std::string& out) {
  const auto op = static_cast<Op>(image.code[pc]);
  const OpInfo& i = info(op);
  std::string line = fmt::format("  {:6}  {:<14}", pc, i.name);
  std::uint64_t at = pc + 1;
  bool first = true;
  for (const char kind : i.operands) {
    const std::uint64_t v = image.code[at++];
    std::string text;
    switch (kind) {
      case 'R': text = register_text(image, atoms, v); break;
      case 'C': text = write_term(v, atoms); break;
      case 'K': {
        const auto& n = image.numbers[v];
        text = n.is_float ? float_text(n.real) : std::to_string(n.integer);
        break;
      }
      case 'F':
        text = fmt::format("{}/{}", atoms.name(atoms.functor_name(static_cast<std::uint32_t>(v))),
                           atoms.functor_arity(static_cast<std::uint32_t>(v)));
        break;
      case 'P': {
        const auto& p = image.predicates[v];
        text = fmt::format("{}/{}", p.name, p.arity);
        break;
      }
      case 'B': text = fmt::format("builtin#{}", v); break;
      case 'L': text = fmt::format("@{}", v); break;
      case 'N': text = std::to_string(v); break;
      case 'T': text = placement_text(v); break;
      case 'V': {
        if (op == Op::execute) {  // (dst, src) pairs
          text = "moves(";
          for (std::uint64_t k = 0; k < v; k += 2) {
            if (k > 0) text += ", ";
            text += fmt::format("r{}<-{}", image.code[at], register_text(image, atoms, image.code[at + 1]));
            at += 2;
          }
          text += ")";
          break;
        }
        text = "(";
        for (std::uint64_t k = 0; k < v; ++k) {
          if (k > 0) text += ", ";
          text += register_text(image, atoms, image.code[at++]);
        }
        text += ")";
        break;
      }
      default: text = "?"; break;
    }
    line += first ? text : ", " + text;
    first = false;
  }
  out += line;
  out += '\n';
  return at;
}

}  // namespace

std::string disassemble(const CodeImage& image, const AtomTable& atoms, bool library) {
  // A clause's code runs from its head to the next clause's head (or the end of the code):
  // head, commit, local body (several `proceed`/`execute` with an inlined dispatch), then the
  // distributing body at the commit's address, unless the commit enters the local body in
  // both modes (vm::CompileOptions::host_threads).
  std::vector<std::uint64_t> starts;
  for (const auto& p : image.predicates) {
    for (const auto& c : p.clauses) starts.push_back(c.head_pc);
  }
  std::sort(starts.begin(), starts.end());
  std::string out;
  for (const auto& p : image.predicates) {
    if (!p.defined || p.builtin != kNoBuiltin || p.clauses.empty()) continue;
    if (p.from_library && !library) continue;
    out += fmt::format("{}/{}:  % {} clause(s), {}:{}\n", p.name, p.arity, p.clauses.size(),
                       p.source.file, frontend::to_string(p.source.span.begin));
    for (std::size_t c = 0; c < p.clauses.size(); ++c) {
      out += fmt::format(" clause {}:\n", c + 1);
      std::uint64_t pc = p.clauses[c].head_pc;
      const auto next = std::upper_bound(starts.begin(), starts.end(), pc);
      const std::uint64_t end = next == starts.end() ? image.code.size() : *next;
      std::uint64_t distributing = 0;
      while (pc < end) {
        if (distributing != 0 && pc == distributing) out += "   -- distributing body --\n";
        const std::uint64_t at = pc;
        const auto op = static_cast<Op>(image.code[pc]);
        pc = disassemble_one(image, atoms, pc, out);
        if (op == Op::commit && distributing == 0) {
          distributing = image.code[at + 1];
          if (distributing == pc) {
            out += "   -- one body: also the distributing body --\n";
            distributing = end;  // no second marker
          }
        }
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace fleng::vm
