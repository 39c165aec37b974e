// The REPL's answer lines (see answer_writer.hpp).
#include "vm/answer_writer.hpp"

#include <unordered_map>

#include "vm/terms.hpp"

namespace fleng::vm {

std::string fresh_variable_name(std::size_t n) {
  std::string name = "_";
  name += static_cast<char>('A' + n % 26);
  if (n >= 26) name += std::to_string(n / 26);
  return name;
}

std::vector<std::string> answer_lines(const std::vector<std::string>& names,
                                      const std::vector<Cell>& values, const AtomTable& atoms,
                                      WriteLimits limits) {
  std::vector<Cell> derefs;
  derefs.reserve(values.size());
  // An unbound value is named after the first query variable that has it.
  std::unordered_map<Cell, std::string> given;
  for (std::size_t i = 0; i < values.size() && i < names.size(); ++i) {
    derefs.push_back(deref(values[i]));
    if (is_unbound(derefs.back())) given.try_emplace(derefs.back(), names[i]);
  }
  std::size_t fresh = 0;
  AnswerStyle style;
  style.variable_name = [&](Cell variable) {
    const auto [it, added] = given.try_emplace(variable);
    if (added) it->second = fresh_variable_name(fresh++);
    return it->second;
  };
  std::vector<std::string> lines;
  std::unordered_map<Cell, std::string> last_alias;  // X = Y, Y = Z: each to the one before
  for (std::size_t i = 0; i < derefs.size(); ++i) {
    const Cell value = derefs[i];
    if (is_unbound(value)) {
      auto [previous, first] = last_alias.try_emplace(value, names[i]);
      if (!first) {
        lines.push_back(previous->second + " = " + names[i]);
        previous->second = names[i];
      }
      continue;
    }
    lines.push_back(names[i] + " = " + write_answer_term(value, atoms, style, limits));
  }
  return lines;
}

}  // namespace fleng::vm
