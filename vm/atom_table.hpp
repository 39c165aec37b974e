// Interned atoms and functors (name/arity pairs). One table per Runtime, shared by all IUs and
// workers: interning takes a lock (it happens when code is loaded and in a few builtins such as
// list_to_atom); reading a name by index takes a shared lock.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/cell.hpp"
#include "vm/evaluable.hpp"

namespace fleng::vm {

class AtomTable {
 public:
  AtomTable();

  /// The index of an atom, interning it on first use.
  std::uint64_t intern(std::string_view name);
  Cell atom(std::string_view name) { return make_atom(intern(name)); }
  /// The name of an interned atom.
  std::string name(std::uint64_t index) const;
  std::size_t size() const;

  /// The index of a functor name/arity, interning it on first use.
  std::uint32_t functor(std::uint64_t name_atom, std::uint32_t arity);
  std::uint64_t functor_name(std::uint32_t functor) const;
  std::uint32_t functor_arity(std::uint32_t functor) const;
  /// The number of functors interned so far.
  std::size_t functor_count() const;

  /// The arithmetic operation of a structure with this functor, if it is evaluable
  /// (vm/evaluable.hpp). No lock: these functors are registered first, at construction.
  std::optional<Evaluable> evaluable_functor(std::uint32_t functor) const {
    const std::uint32_t i = functor - first_evaluable_functor_;
    if (functor < first_evaluable_functor_ || i >= kEvaluableFunctors.size()) return std::nullopt;
    return kEvaluableFunctors[i].op;
  }
  /// The arithmetic constant an atom names (pi, e, inf, nan), if it is one. No lock.
  std::optional<Evaluable> evaluable_constant(std::uint64_t atom) const {
    for (std::size_t i = 0; i < kEvaluableConstants.size(); ++i) {
      if (evaluable_atoms_[i] == atom) return kEvaluableConstants[i].op;
    }
    return std::nullopt;
  }

 private:
  struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  mutable std::shared_mutex mutex_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint64_t, StringHash, std::equal_to<>> atoms_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> functors_;
  std::unordered_map<std::uint64_t, std::uint32_t> functor_index_;
  std::uint32_t first_evaluable_functor_ = 0;
  std::array<std::uint64_t, kEvaluableConstants.size()> evaluable_atoms_{};
};

}  // namespace fleng::vm
