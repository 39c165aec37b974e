// The control string of format/2,3 split into literal text and `~` directives: `~w`, `~Nd`,
// `~~`, ... An unknown directive or a `~` at the end is an error naming it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fleng::vm::format_directives {

struct Directive {
  char kind = 'w';                    ///< the directive letter (`~` for `~~`)
  std::optional<unsigned> count;      ///< the numeric argument N of `~Nd`, `~Nf`, `~Nn`, `~Nc`
  [[nodiscard]] bool takes_argument() const {
    return kind != 'n' && kind != '~';
  }
};

using Piece = std::variant<std::string, Directive>;

struct Parsed {
  std::vector<Piece> pieces;
  std::string error;  ///< empty when the string is valid
};

/// The directives this parser knows: w q p a d f e g s n c ~.
Parsed parse(std::string_view control);

}  // namespace fleng::vm::format_directives
