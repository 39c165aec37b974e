// docs/builtins.md documents every builtin of vm/builtins.def and every library predicate of
// lib/*.fl, and names nothing else: one table row per predicate, its first cell `name/arity`.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "frontend/parse.hpp"
#include "kernel/session.hpp"
#include "vm/builtins.hpp"

namespace fleng::kernel {
namespace {

/// The `name/arity` of each row of the reference.
std::set<std::string> documented() {
  std::ifstream in(std::string(FLENG_SOURCE_DIR) + "/docs/builtins.md");
  EXPECT_TRUE(in.good()) << "docs/builtins.md is missing";
  std::set<std::string> names;
  const std::regex row(R"(^\| `([^`]+/[0-9]+)` \|)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, row)) names.insert(m[1]);
  }
  return names;
}

/// Library predicates meant to be called: not the helpers (lib/README.md), whose names end in
/// `_acc` or `_<digit>` or start with `$` (except the documented '$halt_after'/2).
bool is_helper(const std::string& name) {
  static const std::regex helper(R"((_acc|_[0-9]+)$)");
  return (name.starts_with('$') && name != "$halt_after") || std::regex_search(name, helper);
}

std::set<std::string> library_predicates() {
  std::set<std::string> names;
  for (const auto& [file, text] : embedded_files()) {
    const auto parsed = frontend::parse_source(std::string(file), std::string(text));
    EXPECT_TRUE(parsed.ok()) << file;
    for (const auto& item : parsed.program.items) {
      const auto* clause = std::get_if<frontend::Clause>(&item);
      if (clause == nullptr) continue;
      const std::string& name = clause->head->text;
      if (!is_helper(name)) names.insert(name + "/" + std::to_string(clause->head->arity()));
    }
  }
  return names;
}

std::string quoted(const std::string& name_arity) {
  // The reference writes '$halt_after'/2 with its quotes, as in a program.
  return name_arity.starts_with('$') ? "'" + name_arity.substr(0, name_arity.rfind('/')) + "'" +
                                           name_arity.substr(name_arity.rfind('/'))
                                     : name_arity;
}

TEST(BuiltinsReference, DocumentsEveryBuiltin) {
  const auto docs = documented();
  for (const auto& info : vm::kBuiltins) {
    const std::string name = std::string(info.name) + "/" + std::to_string(info.arity);
    EXPECT_TRUE(docs.contains(name)) << name << " (vm/builtins.def) has no row in docs/builtins.md";
  }
}

TEST(BuiltinsReference, DocumentsEveryLibraryPredicate) {
  const auto docs = documented();
  for (const auto& name : library_predicates()) {
    EXPECT_TRUE(docs.contains(quoted(name))) << name << " (lib/) has no row in docs/builtins.md";
  }
}

TEST(BuiltinsReference, NamesNothingThatDoesNotExist) {
  std::set<std::string> known;
  for (const auto& info : vm::kBuiltins) {
    known.insert(std::string(info.name) + "/" + std::to_string(info.arity));
  }
  for (const auto& name : library_predicates()) known.insert(quoted(name));
  for (const auto& name : documented()) {
    EXPECT_TRUE(known.contains(name)) << "docs/builtins.md documents " << name
                                      << ", which is neither a builtin nor in lib/";
  }
}

TEST(BuiltinsReference, HelpersAreRecognised) {
  EXPECT_TRUE(is_helper("length_acc"));
  EXPECT_TRUE(is_helper("nth_2"));
  EXPECT_TRUE(is_helper("$sort_merge"));
  EXPECT_FALSE(is_helper("$halt_after"));
  EXPECT_FALSE(is_helper("append"));
  EXPECT_FALSE(is_helper("max_list"));
  EXPECT_FALSE(is_helper("nth1"));  // a digit without an underscore is part of the name
  EXPECT_TRUE(is_helper("take_12"));
}

}  // namespace
}  // namespace fleng::kernel
