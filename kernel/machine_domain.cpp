// The domains of the machine keys (see machine_domain.hpp).
#include "kernel/machine_domain.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace fleng::kernel {

MachineDomain MachineDomain::integer(std::int64_t min, std::int64_t max) {
  return MachineDomain{Kind::Integer, static_cast<double>(min), static_cast<double>(max), {}};
}

MachineDomain MachineDomain::number(double min, double max) {
  return MachineDomain{Kind::Number, min, max, {}};
}

MachineDomain MachineDomain::boolean() { return MachineDomain{Kind::Boolean, 0, 0, {}}; }

MachineDomain MachineDomain::choice(std::vector<std::string> words) {
  return MachineDomain{Kind::Choice, 0, 0, std::move(words)};
}

bool MachineDomain::contains(const nlohmann::json& value) const {
  switch (kind) {
    case Kind::Boolean: return value.is_boolean();
    case Kind::Choice:
      return value.is_string() &&
             std::find(choices.begin(), choices.end(), value.get<std::string>()) != choices.end();
    case Kind::Integer:
    case Kind::Number: {
      if (!value.is_number()) return false;  // a boolean is not a number here
      const double x = value.get<double>();
      if (!std::isfinite(x) || x < min || x > max) return false;
      if (kind == Kind::Number) return true;
      // An integer: no fraction, and a JSON integer's exact value within the bounds (a double
      // rounds 2^63 + 1 to 2^63).
      if (value.is_number_float()) return std::floor(x) == x;
      return true;
    }
  }
  return false;
}

std::string MachineDomain::text() const {
  switch (kind) {
    case Kind::Boolean: return "true or false";
    case Kind::Choice: {
      std::string text;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
        text += choices[i];
      }
      return text;
    }
    case Kind::Integer:
      return fmt::format("an integer from {} to {}", static_cast<std::int64_t>(min),
                         static_cast<std::int64_t>(max));
    case Kind::Number: return fmt::format("a number from {} to {}", min, max);
  }
  return {};
}

}  // namespace fleng::kernel
