// Random numbers: random/1, random_int/2, random_normal/3. Each call draws from its own lineage
// key (vm/lineage.hpp), derived from the seed and from where the call stands in the tree of
// reductions: the same program with the same seed draws the same numbers on every engine,
// whatever IU or thread runs the call and in whatever order (docs/builtins.md).
#include <cmath>
#include <numbers>

#include "vm/builtins/support.hpp"
#include "vm/lineage.hpp"

namespace fleng::vm {

using namespace builtins;

namespace {

/// Keys exist only where the program names a random builtin (vm/lineage.hpp); a name made
/// while the program runs (atom_codes, =..) comes too late for the goals already made.
bool keys_kept(Iu& iu, std::string_view name) {
  if (iu.keeps_lineage()) return true;
  iu.fail(fmt::format("{}: a random builtin called by a name made while the program ran; write "
                      "its name in the program (e.g. in a clause that is never called) so that "
                      "the run keeps the keys its numbers are drawn from", name));
  return false;
}

/// The j-th 64-bit number of a call's stream (j = 1, 2, ...).
std::uint64_t draw_bits(const Iu& iu, std::uint64_t j) {
  return lineage::mix(lineage::child(iu.draw_key(), j) ^ (j << 60U));
}

double draw_uniform(const Iu& iu, std::uint64_t j) {
  return static_cast<double>(draw_bits(iu, j) >> 11U) * 0x1.0p-53;
}

}  // namespace

Outcome builtin_random(Iu& iu, Cell*, Cell* out) {
  if (!keys_kept(iu, "random/1")) return Outcome::Error;
  return deliver_float(iu, out, draw_uniform(iu, 1));
}

Outcome builtin_random_int(Iu& iu, Cell* args, Cell* out) {
  if (!is_integer(args[0])) return type_error(iu, "a positive integer", args[0]);
  const std::int64_t n = integer_value(args[0]);
  if (n <= 0) return iu.fail(fmt::format("random_int/2: the bound {} is not positive", n));
  if (!keys_kept(iu, "random_int/2")) return Outcome::Error;
  // Unbiased: the draws at or above the last whole multiple of the range are drawn again
  // (with the call's next number: fewer than one draw in 2^31 for bounds below 2^32).
  const auto range = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
  for (std::uint64_t j = 1;; ++j) {
    const std::uint64_t x = draw_bits(iu, j);
    if (x < limit) return deliver_int(iu, out, static_cast<std::int64_t>(x % range));
  }
}

Outcome builtin_random_normal(Iu& iu, Cell* args, Cell* out) {
  const auto mean = number_of(args[0]);
  const auto sd = number_of(args[1]);
  if (!mean) return type_error(iu, "a number", args[0]);
  if (!sd) return type_error(iu, "a number", args[1]);
  if (!(sd->as_double() >= 0) || !std::isfinite(sd->as_double())) {
    return iu.fail(fmt::format("random_normal/3: the standard deviation {} is not a finite "
                               "number >= 0", iu.format(args[1])));
  }
  if (!keys_kept(iu, "random_normal/3")) return Outcome::Error;
  // Box-Muller with u1 in (0, 1].
  const double u1 = 1.0 - draw_uniform(iu, 1);
  const double u2 = draw_uniform(iu, 2);
  const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
  return deliver_float(iu, out, mean->as_double() + sd->as_double() * z);
}

}  // namespace fleng::vm
