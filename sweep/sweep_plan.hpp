// What a sweep runs: the swept parameters (dimensions), each with its list of values, and the
// configurations of their Cartesian product. A parameter is a run option: `ius`, `static`,
// `threshold`, or `set.KEY` for any key of the machine description (docs/machine.md). Every
// parameter is applied to the machine description as `KEY=VALUE`, the way `fleng run --set`
// applies it, so a sweep accepts exactly the values a run accepts.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kernel/machine_description.hpp"

namespace fleng::sweep {

struct Dimension {
  std::string column;       ///< CSV column: `ius`, `static`, `threshold`, `set.net_latency`
  std::string machine_key;  ///< machine description key: `ius`, ..., `net_latency`
  std::vector<std::string> values;
};

/// One point of the product: a value (as written by the user) per dimension, in order.
struct Configuration {
  std::size_t index = 0;  ///< position in the product (the order of the output rows)
  std::vector<std::string> values;
};

class SweepPlan {
 public:
  /// Adds a dimension `name` with the comma-separated `list` of values. Throws
  /// std::invalid_argument for an unknown name, a repeated name, an empty or repeated value.
  void add(const std::string& name, const std::string& list);
  /// Adds `NAME=V1,V2,...` (the --sweep option).
  void add_spec(const std::string& spec);

  [[nodiscard]] const std::vector<Dimension>& dimensions() const { return dimensions_; }
  /// The Cartesian product, the last dimension varying fastest. One empty configuration when
  /// nothing is swept (a sweep of one run).
  [[nodiscard]] std::vector<Configuration> configurations() const;
  /// The machine `base` with the configuration's values applied. Throws std::invalid_argument
  /// for a value the machine description rejects, naming the parameter.
  [[nodiscard]] kernel::MachineDescription machine(const kernel::MachineDescription& base,
                                                   const Configuration& configuration) const;
  /// `ius=4 static=on threshold=8`: the configuration for messages.
  [[nodiscard]] std::string describe(const Configuration& configuration) const;

 private:
  std::vector<Dimension> dimensions_;
};

/// Splits `1,2,3` into its values (surrounding blanks removed).
std::vector<std::string> split_list(const std::string& list);

}  // namespace fleng::sweep
