// A machine key is given once (see machine_options.hpp).
#include "app/machine_options.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace fleng::app {

std::string assigned_key(const std::string& assignment) {
  std::string key = assignment.substr(0, assignment.find('='));
  while (!key.empty() && key.back() == ' ') key.pop_back();
  while (!key.empty() && key.front() == ' ') key.erase(0, 1);
  return key == "net_latency" ? "network.latency" : key;
}

void check_settings_given_once(const std::vector<std::string>& settings,
                               const std::vector<KeySource>& others) {
  std::vector<KeySource> given = others;
  for (const auto& assignment : settings) {
    const std::string key = assigned_key(assignment);
    for (const auto& [other_key, source] : given) {
      if (other_key != key) continue;
      throw std::invalid_argument(fmt::format(
          "--set {}: the machine key '{}' is already given by {}; give it once", assignment, key,
          source));
    }
    given.emplace_back(key, "--set " + assignment);
  }
}

}  // namespace fleng::app
