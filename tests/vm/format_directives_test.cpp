// Parsing format/2 control strings (vm/format_directives.hpp).
#include <gtest/gtest.h>

#include "vm/format_directives.hpp"

namespace fleng::vm::format_directives {
namespace {

std::string shape(const Parsed& p) {
  std::string s;
  for (const auto& piece : p.pieces) {
    if (const auto* t = std::get_if<std::string>(&piece)) {
      s += "[" + *t + "]";
    } else {
      const auto& d = std::get<Directive>(piece);
      s += "<" + (d.count ? std::to_string(*d.count) : std::string()) + d.kind + ">";
    }
  }
  return s;
}

TEST(FormatDirectives, TextAndDirectives) {
  EXPECT_EQ(shape(parse("x = ~w~n")), "[x = ]<w><n>");
  EXPECT_EQ(shape(parse("~2d~10f~3n~~")), "<2d><10f><3n><~>");
  EXPECT_EQ(shape(parse("plain")), "[plain]");
  EXPECT_EQ(shape(parse("")), "");
  for (const char* all : {"~w", "~q", "~p", "~a", "~d", "~f", "~e", "~g", "~s", "~n", "~c", "~~"}) {
    EXPECT_TRUE(parse(all).error.empty()) << all;
  }
}

TEST(FormatDirectives, WhichTakeAnArgument) {
  EXPECT_TRUE((Directive{'w', {}}.takes_argument()));
  EXPECT_FALSE((Directive{'n', 2}.takes_argument()));
  EXPECT_FALSE((Directive{'~', {}}.takes_argument()));
}

TEST(FormatDirectives, Errors) {
  EXPECT_EQ(parse("a ~z").error, "unknown directive ~z");
  EXPECT_EQ(parse("~3x").error, "unknown directive ~3x");
  EXPECT_EQ(parse("end ~").error,
            "the control string ends inside a directive (a `~` with no letter)");
  EXPECT_EQ(parse("~12").error,
            "the control string ends inside a directive (a `~` with no letter)");
  EXPECT_FALSE(parse("~99999d").error.empty());
}

}  // namespace
}  // namespace fleng::vm::format_directives
