// Session::load of programs of several files: includes, directives, a user predicate hiding a
// library one for that program only, and the warnings printed when loading (undefined calls,
// predicates split across files), which do not stop the program from running.
#include <gtest/gtest.h>

#include <filesystem>

#include "session_support.hpp"

namespace fleng::kernel {
namespace {

using SessionLoad = test::SessionTest;

TEST_F(SessionLoad, IncludedClausesArePartOfTheProgram) {
  const std::string words = write_file("word(W) :- W = hello.\n", "words");
  const std::string name = std::filesystem::path(words).filename().string();
  ASSERT_TRUE(load(":- include('" + name + "').\nmain(X) :- word(X).\n")) << err.str();
  EXPECT_EQ(err.str(), "");
  EXPECT_EQ(value("main(X)"), "hello");
}

TEST_F(SessionLoad, UnknownDirectiveStopsTheLoad) {
  EXPECT_FALSE(load(":- initialization(main).\nmain.\n"));
  EXPECT_NE(err.str().find(":1:1: error: unknown directive initialization/1"), std::string::npos)
      << err.str();
  EXPECT_FALSE(session().load_text("t.fl", ":- foo.\n"));
}

TEST_F(SessionLoad, UserPredicateHidesTheLibraryOneForThisProgramOnly) {
  ASSERT_TRUE(load("append(_, _, Zs) :- Zs = mine.\n")) << err.str();
  EXPECT_EQ(err.str(), "");  // hiding is reported by `fleng check` only
  EXPECT_EQ(value("append([1], [2], X)"), "mine");
  ASSERT_TRUE(load("main.\n")) << err.str();
  EXPECT_EQ(value("append([1], [2], X)"), "[1,2]");
}

TEST_F(SessionLoad, UndefinedCallIsAWarningAndTheProgramStillRuns) {
  ASSERT_TRUE(load("main(X) :- X = 1.\nlater :- apend([1], [], _).\n")) << err.str();
  EXPECT_NE(err.str().find(":2:10: warning: apend/3 is not defined; did you mean append/3?"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(err.str().find("singleton"), std::string::npos) << err.str();
  EXPECT_EQ(value("main(X)"), "1");
}

TEST_F(SessionLoad, SplitPredicateIsAWarning) {
  const std::string a = write_file("p(1).\n", "a");
  const std::string b = write_file("p(2).\n", "b");
  ASSERT_TRUE(session().load({a, b})) << err.str();
  EXPECT_NE(err.str().find(b + ":1:1: warning: the clauses of p/1 are split across files: it also "
                           "has clauses at " + a + ":1:1"),
            std::string::npos)
      << err.str();
}

}  // namespace
}  // namespace fleng::kernel
