// The REPL's `help(Name)` and `:help NAME`: the entries of the builtin reference. The reference
// is docs/builtins.md itself, embedded in the binary when it is built (app/CMakeLists.txt), so
// the help and the reference are one table and the binary needs no docs/ directory at run time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fleng::app {

/// One row of a table of docs/builtins.md: a builtin or a library predicate.
struct ReferenceEntry {
  std::string section;  ///< the `## ` heading the table is under
  std::string name;     ///< as written in the first cell, without quotes (`'$halt_after'`: $halt_after)
  std::uint32_t arity = 0;
  std::string key;      ///< the first cell as written: `'$halt_after'/2`
  /// The other cells, each with its column's heading (`modes`, `waits for`, ...).
  std::vector<std::pair<std::string, std::string>> fields;
};

/// The entries of a reference text in the layout of docs/builtins.md (tables whose first
/// column holds `` `name/arity` ``), in the order written.
std::vector<ReferenceEntry> parse_reference(std::string_view markdown);

/// The entries of the embedded docs/builtins.md.
const std::vector<ReferenceEntry>& builtin_reference();

/// The help for `name` (all arities) or `name/arity`: each entry as readable text lines
/// wrapped at `width` columns; nothing when the reference has no such entry.
/// (builtin_arities tells what arities a name has, for the message when it has not that one.)
std::optional<std::string> builtin_help(const std::string& name,
                                        std::optional<std::uint32_t> arity, std::size_t width = 100);

/// The arities the reference documents for `name`, in order.
std::vector<std::uint32_t> builtin_arities(const std::string& name);

}  // namespace fleng::app
