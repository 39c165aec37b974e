// The out-of-line steps of native code (vm/native_access.hpp), each the interpreter's own
// (vm/reducer_loop.hpp, vm/reducer.cpp), and the fingerprint that ties native code to its image.
#include "vm/native_access.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "vm/builtins.hpp"

namespace fleng::vm {

NativeAccess::IdentityResult NativeAccess::identity(Cell a, Cell b) {
  Cell blocking = 0;
  const Identity kind = passive_identity(a, b, blocking);
  return {kind, blocking};
}

bool NativeAccess::reserve(Iu& iu, NativeFrame& frame, std::size_t cells) {
  sync(iu, frame);
  if (iu.options_.gc_stress && cells > 0) iu.collect(cells, nullptr, 0);
  const std::uint64_t collections = iu.heap.collections;
  if (!iu.ensure_heap(cells)) return false;
  // The goal's time slice ends, as at the interpreter's commit (Iu::crowded_after).
  if (iu.crowded_after(collections)) frame.slice = 1;
  return true;
}

bool NativeAccess::call_builtin(Iu& iu, const NativeFrame& frame, std::uint64_t pc,
                                bool function) {
  sync(iu, frame);
  const bool ok = iu.call_builtin_inline(pc, function, iu.scratch_.data());
  // A builtin that had to wait left the variables it waits on: the body goes on, and the next
  // native reduction expects none.
  iu.blocked_.clear();
  return ok;
}

NativeOutcome NativeAccess::unify_failed(Iu& iu, const NativeFrame& frame, std::uint64_t pc,
                                         Cell a, Cell b) {
  sync(iu, frame);
  iu.set_error("unification failed", fmt::format("{} = {}", iu.format(a), iu.format(b)),
               iu.image.call_sites[static_cast<std::uint32_t>(pc)]);
  return NativeOutcome::Error;
}

NativeOutcome NativeAccess::output_failed(Iu& iu, const NativeFrame& frame, std::uint64_t pc,
                                          Cell a, Cell b, Cell out) {
  sync(iu, frame);
  const auto id = static_cast<BuiltinId>(iu.image.code[pc + 1]);
  iu.set_error("output unification failed",
               fmt::format("{}({}, {}, {})", kBuiltins[id].name, iu.format(a), iu.format(b),
                           iu.format(out)),
               iu.image.call_sites[static_cast<std::uint32_t>(pc)]);
  return NativeOutcome::Error;
}

NativeOutcome NativeAccess::builtin_goal_failed(Iu& iu, PredicateId pred, Cell goal) {
  const Predicate& predicate = iu.image.predicates[pred];
  Cell* const R = iu.registers_.data();
  goal_record::copy_args(goal, R);
  iu.current_goal_ = goal;
  iu.builtin_site_ = goal_record::call_site(goal);
  // (it counts the call itself)
  return iu.reduce_builtin_goal(predicate, pred, predicate.arity, iu.scratch_.data())
             ? NativeOutcome::Done
             : NativeOutcome::Error;
}

NativeOutcome NativeAccess::no_clause(Iu& iu, const NativeFrame& frame, PredicateId pred) {
  sync(iu, frame);
  const Predicate& predicate = iu.image.predicates[pred];
  Cell* const R = iu.registers_.data();
  if (!iu.blocked_.empty()) {
    return iu.suspend_goal(iu.current_goal_, pred, R, predicate.arity) ? NativeOutcome::Done
                                                                       : NativeOutcome::Error;
  }
  iu.set_error(fmt::format("no matching clause for {}/{}", predicate.name, predicate.arity),
               iu.format_goal(predicate.name, R, predicate.arity, iu.reduced_site()),
               predicate.source);
  iu.error_->site = iu.reduced_site();
  return NativeOutcome::Error;
}

namespace {

/// FNV-1a over 64-bit words.
class Fnv {
 public:
  void add(std::uint64_t word) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (word >> (8 * i)) & 0xFF;
      hash_ *= 0x100000001b3ULL;
    }
  }
  void add(const std::string& text) {
    add(text.size());
    for (const char c : text) add(static_cast<std::uint64_t>(static_cast<unsigned char>(c)));
  }
  void add_chain(const std::vector<std::uint32_t>& chain) {
    add(chain.size());
    for (const std::uint32_t pc : chain) add(pc);
  }
  [[nodiscard]] std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace

std::uint64_t image_fingerprint(const CodeImage& image, const ImageExtent& extent) {
  Fnv h;
  const std::size_t code_size = std::min(extent.code_size, image.code.size());
  const std::size_t predicate_count = std::min(extent.predicate_count, image.predicates.size());
  const std::size_t constants = std::min(extent.constant_count, image.register_constants.size());
  const std::size_t numbers = std::min(extent.number_count, image.numbers.size());
  h.add(code_size);
  for (std::size_t i = 0; i < code_size; ++i) h.add(image.code[i]);
  h.add(constants);
  for (std::size_t i = 0; i < constants; ++i) h.add(image.register_constants[i]);
  h.add(numbers);
  for (std::size_t i = 0; i < numbers; ++i) {
    const NumberConstant& n = image.numbers[i];
    h.add(n.is_float ? 1 : 0);
    h.add(static_cast<std::uint64_t>(n.integer));
    h.add(double_bits(n.real));
  }
  h.add(image.random_used ? 1 : 0);
  h.add(predicate_count);
  for (std::size_t i = 0; i < predicate_count; ++i) {
    const Predicate& p = image.predicates[i];
    h.add(p.name);
    h.add(p.arity);
    h.add(p.builtin);
    h.add(p.clauses.size());
    for (const ClauseCode& c : p.clauses) h.add(c.head_pc);
    const ClauseIndex& index = p.index;
    h.add(index.argument);
    h.add(index.trivial ? 1 : 0);
    h.add_chain(index.all);
    h.add_chain(index.cons);
    h.add_chain(index.other);
    h.add_chain(index.numbers);
    h.add(index.constants.size());
    for (const auto& [constant, chain] : index.constants) {
      h.add(constant);
      h.add_chain(chain);
    }
    h.add(index.functors.size());
    for (const auto& [functor, chain] : index.functors) {
      h.add(functor);
      h.add_chain(chain);
    }
    h.add(p.arg_registers.size());
    for (const std::uint32_t r : p.arg_registers) h.add(r);
  }
  for (std::size_t i = 0; i < code_size && i < image.site_keys.size(); ++i) h.add(image.site_keys[i]);
  return h.value();
}

void NativeSiteCounts::fold(IuCounters& counters) const {
  for (std::size_t k = 0; k < size; ++k) {
    const std::uint64_t runs = counts[k];
    if (runs == 0) continue;
    counters.reductions += runs * sites[k].reductions;
    counters.builtin_calls += runs * sites[k].builtin_calls;
    counters.goals_spawned += runs * sites[k].goals_spawned;
    counts[k] = 0;
  }
}

bool native_code_matches(const NativeProgram& program, const CodeImage& image) {
  const ImageExtent& e = program.extent;
  return image.code.size() >= e.code_size && image.predicates.size() >= e.predicate_count &&
         image.register_constants.size() >= e.constant_count &&
         image.numbers.size() >= e.number_count &&
         image_fingerprint(image, e) == program.fingerprint;
}

}  // namespace fleng::vm
