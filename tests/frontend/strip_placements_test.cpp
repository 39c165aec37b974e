// Removing placements (frontend/strip_placements.cpp): all of them for the naive partitioning,
// the data placements only for host threads (the goal placements and the labels they use stay).
#include <gtest/gtest.h>

#include <string>

#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"
#include "frontend/strip_placements.hpp"

namespace fleng::frontend {
namespace {

Program parsed(const std::string& text) {
  auto result = parse_source("t.fl", text);
  EXPECT_TRUE(result.ok()) << text;
  return std::move(result.program);
}

std::string printed(const std::string& text) { return print_program(parsed(text)); }

// sift/2 of primes as the analyzer annotates it, and a head label that only data uses.
constexpr const char* kSift = R"(sift([P|Xs], Ps @ on(2)) :-
    Ps = ([P|Ps1 @ to(2)] @ to(2)),
    filter(P, Xs, Ys @ any(1)),
    sift(Ys, Ps1) @ to(1).
)";
constexpr const char* kFilter1 = R"(filter1(false, P, X, Xs, Ys @ on(1)) :-
    Ys = ([X|Ys1 @ to(1)] @ to(1)),
    filter(P, Xs, Ys1).
)";

TEST(StripPlacements, RemovesEveryPlacement) {
  EXPECT_EQ(print_program(strip_placements(parsed(kSift))), printed(R"(sift([P|Xs], Ps) :-
    Ps = [P|Ps1],
    filter(P, Xs, Ys),
    sift(Ys, Ps1).
)"));
}

TEST(KeepGoalPlacements, KeepsGoalPlacementsAndTheLabelsTheyUse) {
  // Label 1 places the goal sift(Ys, Ps1): its definition `Ys @ any(1)` stays. Label 2 only
  // places data (the list cell on the IU of Ps): gone, with the head's on(2).
  EXPECT_EQ(print_program(keep_goal_placements(parsed(kSift))), printed(R"(sift([P|Xs], Ps) :-
    Ps = [P|Ps1],
    filter(P, Xs, Ys @ any(1)),
    sift(Ys, Ps1) @ to(1).
)"));
}

TEST(KeepGoalPlacements, DropsHeadLabelsOnlyDataUses) {
  EXPECT_EQ(print_program(keep_goal_placements(parsed(kFilter1))),
            printed(R"(filter1(false, P, X, Xs, Ys) :-
    Ys = [X|Ys1],
    filter(P, Xs, Ys1).
)"));
  // A head label that places a goal stays.
  EXPECT_EQ(print_program(keep_goal_placements(parsed("p(X @ on(1)) :- q(X) @ to(1).\n"))),
            printed("p(X @ on(1)) :- q(X) @ to(1).\n"));
}

TEST(KeepGoalPlacements, KeepsLocalAndAnyGoals) {
  const char* text = "p(X) :- q(X) @ local, s(Y @ to(3)), r(X, Y) @ any(3).\n";
  EXPECT_EQ(print_program(keep_goal_placements(parsed(text))),
            printed("p(X) :- q(X) @ local, s(Y), r(X, Y) @ any(3).\n"));
}

}  // namespace
}  // namespace fleng::frontend
