// Liveness of registers in clause bodies (native/body_liveness.hpp).
#include "native/body_liveness.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "native/predicate_clusters.hpp"
#include "vm/opcode.hpp"

namespace fleng::native {

using vm::Op;

namespace {

void add(std::vector<std::uint64_t>& to, std::uint64_t r) {
  if (r < vm::kConstantRegisterBase) to.push_back(r);
}

/// The `count` registers from code address `at` on.
void add_all(std::vector<std::uint64_t>& to, const std::vector<vm::Cell>& code, std::uint64_t at,
             std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) add(to, code[at + i]);
}

}  // namespace

RegisterUse body_register_use(const vm::CodeImage& image, std::uint64_t pc) {
  const std::vector<vm::Cell>& code = image.code;
  const auto op = static_cast<Op>(code[pc]);
  RegisterUse use;
  if (vm::info(op).operands == "BRNV") {
    // call_function and the fn_* instructions: B out new n regs...; a new output is made,
    // another one unified with.
    add_all(use.reads, code, pc + 5, code[pc + 4]);
    add(code[pc + 3] != 0 ? use.writes : use.reads, code[pc + 2]);
    return use;
  }
  switch (op) {
    case Op::put_var:
    case Op::put_var_at:
    case Op::put_const:
    case Op::put_number: add(use.writes, code[pc + 1]); break;
    case Op::put_cons:
      add(use.writes, code[pc + 1]);
      add(use.reads, code[pc + 2]);
      add(use.reads, code[pc + 3]);
      break;
    case Op::put_struct:  // R F n regs...
      add(use.writes, code[pc + 1]);
      add_all(use.reads, code, pc + 4, code[pc + 3]);
      break;
    case Op::move:
      add(use.writes, code[pc + 1]);
      add(use.reads, code[pc + 2]);
      break;
    case Op::place:
    case Op::label_from:
    case Op::if_not_const: add(use.reads, code[pc + 1]); break;
    case Op::resolve_any:
    case Op::reduced:
    case Op::proceed: break;
    case Op::unify:
      add(use.reads, code[pc + 1]);
      add(use.reads, code[pc + 2]);
      break;
    case Op::unify_list:  // out head tail fresh: a fresh tail is made, else read
      add(use.reads, code[pc + 1]);
      add(use.reads, code[pc + 2]);
      add(code[pc + 4] != 0 ? use.writes : use.reads, code[pc + 3]);
      break;
    case Op::call_builtin:  // B n regs...
      add_all(use.reads, code, pc + 3, code[pc + 2]);
      break;
    case Op::spawn:  // P n regs...
      add_all(use.reads, code, pc + 3, code[pc + 2]);
      break;
    case Op::spawn_at:  // P T n regs...
      add_all(use.reads, code, pc + 4, code[pc + 3]);
      break;
    case Op::execute: {
      // P arity 2m (dst, src)...: the moves in order (a cycle goes through a temporary, which
      // a move writes before one reads it); the registers the callee's arguments come from.
      const auto& callee = image.predicates.at(code[pc + 1]);
      const std::uint64_t n = code[pc + 2];
      std::map<std::uint64_t, std::uint64_t> source;
      for (std::uint64_t i = 0; i < code[pc + 3]; i += 2) {
        const auto it = source.find(code[pc + 5 + i]);
        source[code[pc + 4 + i]] = it == source.end() ? code[pc + 5 + i] : it->second;
      }
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t r = callee.arg_registers.empty() ? i : callee.arg_registers[i];
        const auto it = source.find(r);
        add(use.reads, it == source.end() ? r : it->second);
      }
      break;
    }
    default:
      throw std::logic_error(fmt::format("body liveness: unexpected {} in a body at {}", vm::info(op).name, pc));
  }
  return use;
}

std::vector<std::uint64_t> BodyLiveness::successors(std::uint64_t pc) const {
  const auto op = static_cast<Op>(image_.code[pc]);
  if (op == Op::proceed || op == Op::execute) return {};
  std::vector<std::uint64_t> next{pc + instruction_size(image_.code, pc)};
  if (op == Op::if_not_const) next.push_back(image_.code[pc + 3]);
  return next;
}

const std::set<std::uint64_t>& BodyLiveness::live_in(std::uint64_t pc) {
  if (const auto it = live_in_.find(pc); it != live_in_.end()) return it->second;
  // The instructions from `pc` to the body's ends not computed yet, then each after all of
  // its successors (they come later in the code: higher addresses first).
  std::set<std::uint64_t> pending;
  std::vector<std::uint64_t> work{pc};
  while (!work.empty()) {
    const std::uint64_t at = work.back();
    work.pop_back();
    if (live_in_.count(at) != 0 || !pending.insert(at).second) continue;
    for (const std::uint64_t next : successors(at)) {
      if (next <= at) throw std::logic_error(fmt::format("body liveness: a jump back from {} to {}", at, next));
      work.push_back(next);
    }
  }
  for (auto it = pending.rbegin(); it != pending.rend(); ++it) {
    const RegisterUse use = body_register_use(image_, *it);
    std::set<std::uint64_t> live = live_out(*it);
    for (const std::uint64_t r : use.writes) live.erase(r);
    live.insert(use.reads.begin(), use.reads.end());
    live_in_.emplace(*it, std::move(live));
  }
  return live_in_.at(pc);
}

std::set<std::uint64_t> BodyLiveness::live_out(std::uint64_t pc) {
  std::set<std::uint64_t> live;
  for (const std::uint64_t next : successors(pc)) {
    const std::set<std::uint64_t>& in = live_in(next);
    live.insert(in.begin(), in.end());
  }
  return live;
}

}  // namespace fleng::native
