// split_goals (frontend/goal_text.hpp): the goals of a typed text, cut at the scanner's `.`.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/goal_text.hpp"

namespace fleng::frontend {
namespace {

TEST(GoalText, EveryGoalOfALineIsKept) {
  const auto split = split_goals("X = 1. Y = 2.\n");
  EXPECT_EQ(split.goals, (std::vector<std::string>{"X = 1.", " Y = 2."}));
  EXPECT_EQ(split.rest, "");
  EXPECT_FALSE(split.scan_error);
}

TEST(GoalText, ACommentAfterTheLastGoalIsNotAGoal) {
  const auto split = split_goals("writeln(a). % say a\n");
  EXPECT_EQ(split.goals, std::vector<std::string>{"writeln(a)."});
  EXPECT_EQ(split.rest, "");
}

TEST(GoalText, AGoalStillBeingTypedIsTheRest) {
  const auto split = split_goals("a. b(1,\n");
  EXPECT_EQ(split.goals, std::vector<std::string>{"a."});
  EXPECT_EQ(split.rest, " b(1,\n");
  EXPECT_TRUE(split_goals("X = [1,\n").goals.empty());
}

TEST(GoalText, DotsInsideAtomsStringsAndSymbolsDoNotEndAGoal) {
  const auto split = split_goals("X = 'a. b', Y = \"c. d\", Z =.. [f], W = 1.5.");
  ASSERT_EQ(split.goals.size(), 1U);
  EXPECT_EQ(split.rest, "");
  EXPECT_EQ(split_goals("/* a. b. */ c.").goals.size(), 1U);
}

TEST(GoalText, AnUnscannableTextIsOneGoalForTheParserToReport) {
  const auto split = split_goals("X = 'abc.\n");
  EXPECT_TRUE(split.scan_error);
  EXPECT_EQ(split.goals.size(), 1U);
}

}  // namespace
}  // namespace fleng::frontend
