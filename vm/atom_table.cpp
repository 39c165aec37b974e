// Atom and functor interning.
#include "vm/atom_table.hpp"

#include <stdexcept>

namespace fleng::vm {

AtomTable::AtomTable() {
  // The reserved atoms of cell.hpp, in their order.
  for (const char* name : {"[]", "true", "false", "{}", ".", "-", "<", "=", ">"}) intern(name);
  // The evaluable functors, in the order of vm/evaluable.hpp (evaluable_functor() subtracts).
  first_evaluable_functor_ = static_cast<std::uint32_t>(functors_.size());
  for (const auto& f : kEvaluableFunctors) functor(intern(f.name), f.arity);
  for (std::size_t i = 0; i < kEvaluableConstants.size(); ++i) {
    evaluable_atoms_[i] = intern(kEvaluableConstants[i].name);
  }
}

std::uint64_t AtomTable::intern(std::string_view name) {
  {
    std::shared_lock lock(mutex_);
    if (auto it = atoms_.find(name); it != atoms_.end()) return it->second;
  }
  std::unique_lock lock(mutex_);
  if (auto it = atoms_.find(name); it != atoms_.end()) return it->second;
  const std::uint64_t index = names_.size();
  names_.emplace_back(name);
  atoms_.emplace(std::string(name), index);
  return index;
}

std::string AtomTable::name(std::uint64_t index) const {
  std::shared_lock lock(mutex_);
  return index < names_.size() ? names_[index] : std::string("$bad_atom");
}

std::size_t AtomTable::size() const {
  std::shared_lock lock(mutex_);
  return names_.size();
}

std::uint32_t AtomTable::functor(std::uint64_t name_atom, std::uint32_t arity) {
  const std::uint64_t full_key = (name_atom << 24U) | arity;
  {
    std::shared_lock lock(mutex_);
    if (auto it = functor_index_.find(full_key); it != functor_index_.end()) return it->second;
  }
  std::unique_lock lock(mutex_);
  if (auto it = functor_index_.find(full_key); it != functor_index_.end()) return it->second;
  if (functors_.size() >= 0xFFFFFFFFU) throw std::length_error("too many functors");
  const auto index = static_cast<std::uint32_t>(functors_.size());
  functors_.emplace_back(name_atom, arity);
  functor_index_.emplace(full_key, index);
  return index;
}

std::uint64_t AtomTable::functor_name(std::uint32_t functor) const {
  std::shared_lock lock(mutex_);
  return functors_[functor].first;
}

std::uint32_t AtomTable::functor_arity(std::uint32_t functor) const {
  std::shared_lock lock(mutex_);
  return functors_[functor].second;
}

std::size_t AtomTable::functor_count() const {
  std::shared_lock lock(mutex_);
  return functors_.size();
}

}  // namespace fleng::vm
