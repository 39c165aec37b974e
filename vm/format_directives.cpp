// Parsing format/2 control strings (see format_directives.hpp).
#include "vm/format_directives.hpp"

#include <fmt/format.h>

namespace fleng::vm::format_directives {

Parsed parse(std::string_view control) {
  Parsed parsed;
  std::string text;
  for (std::size_t i = 0; i < control.size(); ++i) {
    if (control[i] != '~') {
      text += control[i];
      continue;
    }
    Directive d;
    std::size_t j = i + 1;
    if (j < control.size() && control[j] >= '0' && control[j] <= '9') {
      unsigned n = 0;
      while (j < control.size() && control[j] >= '0' && control[j] <= '9') {
        n = n * 10 + static_cast<unsigned>(control[j] - '0');
        if (n > 1000) {
          parsed.error = fmt::format("the count of ~{} is too large (at most 1000)",
                                     control.substr(i + 1, j + 1 - i));
          return parsed;
        }
        ++j;
      }
      d.count = n;
    }
    if (j >= control.size()) {
      parsed.error = "the control string ends inside a directive (a `~` with no letter)";
      return parsed;
    }
    d.kind = control[j];
    static constexpr std::string_view kKnown = "wqpadfegsnc~";
    if (kKnown.find(d.kind) == std::string_view::npos) {
      parsed.error = fmt::format("unknown directive ~{}", control.substr(i + 1, j - i));
      return parsed;
    }
    if (!text.empty()) parsed.pieces.emplace_back(std::move(text));
    text.clear();
    parsed.pieces.emplace_back(d);
    i = j;
  }
  if (!text.empty()) parsed.pieces.emplace_back(std::move(text));
  return parsed;
}

}  // namespace fleng::vm::format_directives
