// docs/builtins.md documents the library: every predicate of lib/*.fl that is not an internal
// helper has a row `| `name/arity` | ...` there, helpers are named so that they are recognisable
// (lib/README.md), and every row of the library tables names a library predicate or a builtin.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "frontend/parse.hpp"
#include "kernel/session.hpp"
#include "vm/builtins.hpp"

namespace fleng::kernel {
namespace {

/// Internal helpers: a name starting with '$', or ending in `_acc` or `_<digits>`.
bool is_helper(const std::string& name) {
  if (name.starts_with("$") || name.ends_with("_acc")) return true;
  const auto underscore = name.rfind('_');
  if (underscore == std::string::npos || underscore + 1 == name.size()) return false;
  return name.find_first_not_of("0123456789", underscore + 1) == std::string::npos;
}

std::string docs_text() {
  std::ifstream in(std::string(FLENG_SOURCE_DIR) + "/docs/builtins.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// name/arity of the rows of the tables in the sections whose title starts with `prefix`.
std::set<std::string> documented(const std::string& docs, const std::string& prefix) {
  std::set<std::string> rows;
  std::istringstream lines(docs);
  bool in_section = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("## ")) in_section = line.starts_with("## " + prefix);
    if (!in_section || !line.starts_with("| `")) continue;
    const auto end = line.find("` |", 3);
    if (end != std::string::npos) rows.insert(line.substr(3, end - 3));
  }
  return rows;
}

/// name/arity of every predicate the library files define, and of the internal ones.
std::set<std::string> library_predicates(bool helpers) {
  std::set<std::string> names;
  for (const auto& [file, text] : embedded_files()) {
    const auto parsed = frontend::parse_source(std::string(file), std::string(text));
    EXPECT_TRUE(parsed.ok()) << file;
    for (const auto& item : parsed.program.items) {
      const auto* clause = std::get_if<frontend::Clause>(&item);
      if (clause == nullptr) continue;
      const std::string name = clause->head->text;
      if (is_helper(name) == helpers) {
        names.insert(name + "/" + std::to_string(clause->head->args.size()));
      }
    }
  }
  return names;
}

TEST(LibraryReference, HelperNames) {
  EXPECT_TRUE(is_helper("$sort_merge"));
  EXPECT_TRUE(is_helper("sum_acc"));
  EXPECT_TRUE(is_helper("nth_1"));
  EXPECT_TRUE(is_helper("take_12"));
  EXPECT_FALSE(is_helper("nth1"));
  EXPECT_FALSE(is_helper("map_get"));
  EXPECT_FALSE(is_helper("sort_"));
}

TEST(LibraryReference, EveryLibraryPredicateHasARow) {
  const auto rows = documented(docs_text(), "");
  const auto predicates = library_predicates(false);
  EXPECT_GT(predicates.size(), 40U);
  for (const auto& p : predicates) EXPECT_TRUE(rows.contains(p)) << p << " has no row";
}

TEST(LibraryReference, LibraryRowsNameLibraryPredicatesOrBuiltins) {
  const auto rows = documented(docs_text(), "Library:");
  const auto predicates = library_predicates(false);
  EXPECT_GT(rows.size(), 40U);
  for (const auto& row : rows) {
    const auto slash = row.rfind('/');
    ASSERT_NE(slash, std::string::npos) << row;
    const bool builtin = vm::find_builtin(row.substr(0, slash),
                                          static_cast<std::uint32_t>(std::stoul(row.substr(slash + 1))))
                             .has_value();
    EXPECT_TRUE(predicates.contains(row) || builtin) << row << " is neither";
  }
}

TEST(LibraryReference, HelpersAreNotDocumented) {
  const auto rows = documented(docs_text(), "");
  for (const auto& h : library_predicates(true)) EXPECT_FALSE(rows.contains(h)) << h;
}

}  // namespace
}  // namespace fleng::kernel
