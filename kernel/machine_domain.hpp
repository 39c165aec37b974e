// The domain of a machine description key: the values it accepts (an integer or a number
// between two bounds, a boolean, or one of a few words), checked when the key is set from a
// JSON file, `--set`, the REPL's `:set` or a sweep, and described in words for the error
// messages and docs/machine.md ("an integer from 1 to 1024").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fleng::kernel {

struct MachineDomain {
  enum class Kind { Integer, Number, Boolean, Choice };
  Kind kind = Kind::Integer;
  double min = 0;  ///< Integer, Number: the least value accepted
  double max = 0;  ///< Integer, Number: the greatest value accepted
  std::vector<std::string> choices;  ///< Choice: the words accepted

  static MachineDomain integer(std::int64_t min, std::int64_t max);
  static MachineDomain number(double min, double max);
  static MachineDomain boolean();
  static MachineDomain choice(std::vector<std::string> words);

  /// Whether `value` is in the domain. An Integer accepts a JSON integer or a number with no
  /// fraction (1e3); never a boolean or a string.
  [[nodiscard]] bool contains(const nlohmann::json& value) const;
  /// In words, as the docs and the messages say it: "an integer from 1 to 1024".
  [[nodiscard]] std::string text() const;
};

}  // namespace fleng::kernel
