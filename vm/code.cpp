// The predicate table and the constant registers of a code image.
#include "vm/code.hpp"

namespace fleng::vm {

namespace {
std::uint64_t key_of(std::uint64_t name_atom, std::uint32_t arity) {
  return (name_atom << 16U) | arity;
}
}  // namespace

PredicateId CodeImage::predicate(std::uint64_t name_atom, const std::string& name,
                                 std::uint32_t arity) {
  const auto key = key_of(name_atom, arity);
  if (auto it = by_key_.find(key); it != by_key_.end()) return it->second;
  const auto id = static_cast<PredicateId>(predicates.size());
  Predicate p;
  p.name = name;
  p.arity = arity;
  p.name_atom = name_atom;
  predicates.push_back(std::move(p));
  by_key_.emplace(key, id);
  return id;
}

void CodeImage::index_sites() {
  site_keys.resize(code.size(), 0);
  for (const auto& [pc, key] : site_at) {
    if (pc < site_keys.size()) site_keys[pc] = key;
  }
}

std::optional<PredicateId> CodeImage::find(std::uint64_t name_atom, std::uint32_t arity) const {
  if (auto it = by_key_.find(key_of(name_atom, arity)); it != by_key_.end()) return it->second;
  return std::nullopt;
}

std::optional<std::uint32_t> CodeImage::constant_register(Cell value) {
  if (auto it = constant_registers_.find(value); it != constant_registers_.end()) return it->second;
  if (register_constants.size() >= kMaxConstantRegisters) return std::nullopt;
  const auto reg = kConstantRegisterBase + static_cast<std::uint32_t>(register_constants.size());
  register_constants.push_back(value);
  constant_registers_.emplace(value, reg);
  return reg;
}

}  // namespace fleng::vm
