// The sweep's parameters and their product (see sweep_plan.hpp).
#include "sweep/sweep_plan.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace fleng::sweep {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> values;
  std::size_t start = 0;
  while (true) {
    const auto comma = list.find(',', start);
    values.push_back(trim(list.substr(start, comma == std::string::npos ? std::string::npos
                                                                         : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return values;
}

void SweepPlan::add(const std::string& name, const std::string& list) {
  Dimension dimension;
  dimension.column = name;
  if (name == "ius" || name == "static" || name == "threshold") {
    dimension.machine_key = name;
  } else if (name.starts_with("set.") && name.size() > 4) {
    dimension.machine_key = name.substr(4);
  } else {
    throw std::invalid_argument(fmt::format(
        "cannot sweep '{}': the parameters are ius, static, threshold and set.KEY", name));
  }
  for (const auto& other : dimensions_) {
    if (other.machine_key == dimension.machine_key) {
      throw std::invalid_argument(fmt::format("'{}' is swept twice", name));
    }
  }
  dimension.values = split_list(list);
  for (std::size_t i = 0; i < dimension.values.size(); ++i) {
    if (dimension.values[i].empty()) {
      throw std::invalid_argument(fmt::format("an empty value in the list of '{}': '{}'", name, list));
    }
    if (std::find(dimension.values.begin(), dimension.values.begin() + static_cast<long>(i),
                  dimension.values[i]) != dimension.values.begin() + static_cast<long>(i)) {
      throw std::invalid_argument(
          fmt::format("the value '{}' of '{}' is listed twice", dimension.values[i], name));
    }
  }
  dimensions_.push_back(std::move(dimension));
}

void SweepPlan::add_spec(const std::string& spec) {
  const auto equals = spec.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw std::invalid_argument(fmt::format("--sweep wants NAME=V1,V2,...; got '{}'", spec));
  }
  add(trim(spec.substr(0, equals)), spec.substr(equals + 1));
}

std::vector<Configuration> SweepPlan::configurations() const {
  std::size_t count = 1;
  for (const auto& d : dimensions_) count *= d.values.size();
  std::vector<Configuration> result(count);
  for (std::size_t i = 0; i < count; ++i) {
    result[i].index = i;
    result[i].values.resize(dimensions_.size());
    std::size_t rest = i;
    for (std::size_t d = dimensions_.size(); d-- > 0;) {
      const auto& values = dimensions_[d].values;
      result[i].values[d] = values[rest % values.size()];
      rest /= values.size();
    }
  }
  return result;
}

kernel::MachineDescription SweepPlan::machine(const kernel::MachineDescription& base,
                                              const Configuration& configuration) const {
  kernel::MachineDescription machine = base;
  for (std::size_t d = 0; d < dimensions_.size(); ++d) {
    try {
      machine.set(dimensions_[d].machine_key + "=" + configuration.values[d]);
    } catch (const std::exception& e) {
      throw std::invalid_argument(
          fmt::format("{}={}: {}", dimensions_[d].column, configuration.values[d], e.what()));
    }
  }
  return machine;
}

std::string SweepPlan::describe(const Configuration& configuration) const {
  std::string text;
  for (std::size_t d = 0; d < dimensions_.size(); ++d) {
    if (d > 0) text += ' ';
    text += dimensions_[d].column + "=" + configuration.values[d];
  }
  return text.empty() ? "(default machine)" : text;
}

}  // namespace fleng::sweep
