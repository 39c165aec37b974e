// The placement profile's file (analyzer/placement_profile.hpp) and the profile-guided
// executor's rewrite and staleness check (analyzer/profile_placement.hpp).
#include <gtest/gtest.h>

#include <string>

#include "analyzer/placement_profile.hpp"
#include "analyzer/profile_placement.hpp"
#include "frontend/ast_printer.hpp"
#include "frontend/parse.hpp"

namespace fleng::analyzer {
namespace {

const char* kProgram =
    "loop(I, N) :- less(I, N, R), loop1(R, I, N).\n"
    "loop1(true, I, N) :- work(I, N), I1 is I + 1, loop(I1, N).\n"
    "loop1(false, _, _).\n"
    "work(I, N) :- J is I * N, writeln(J).\n";

/// A profile of `loop/2`'s `work(I, N)` goal on 4 IUs: keys 1 and 2 read IU 1's data, key 3
/// IU 3's, key 4 nothing.
PlacementProfile small_profile(const frontend::Program& program) {
  PlacementProfile p;
  p.files = {"t.fl"};
  p.goal = "loop(1, 5)";
  p.ius = 4;
  p.partitioning = "static";
  p.clauses = clause_fingerprints(program);
  ProfileSite site;
  site.clause = "loop1/3";
  site.ordinal = 1;
  site.position = 1;
  site.goal = "work/2";
  site.source = "t.fl:2:23";
  site.key_argument = 1;
  for (std::int64_t k = 1; k <= 4; ++k) {
    ProfileInstance in;
    in.key = k;
    in.reductions = 1;
    in.ran_on[0] = 1;
    if (k <= 2) in.read[1] = 5;
    if (k == 3) in.read[3] = 2;
    if (k == 3) in.written[0] = 1;
    site.instances.push_back(in);
  }
  p.sites.push_back(site);
  return p;
}

TEST(PlacementProfile, WrittenAndReadBackTheSame) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  ASSERT_TRUE(parsed.ok());
  const auto profile = small_profile(parsed.program);
  const std::string text = profile_json(profile);
  const auto back = parse_profile(text, "p.profile");
  ASSERT_TRUE(back.profile.has_value()) << back.error;
  EXPECT_EQ(profile_json(*back.profile), text);
}

TEST(PlacementProfile, BadFilesAreLocatedErrors) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  const std::string text = profile_json(small_profile(parsed.program));
  const auto truncated = parse_profile(text.substr(0, text.size() / 2), "p.profile");
  EXPECT_FALSE(truncated.profile.has_value());
  EXPECT_NE(truncated.error.find("p.profile:"), std::string::npos) << truncated.error;
  EXPECT_NE(truncated.error.find("truncated"), std::string::npos) << truncated.error;
  const auto foreign = parse_profile("{\"format\": \"other\"}", "p.profile");
  EXPECT_EQ(foreign.error, "p.profile: error: not a fleng profile (no \"format\": \"fleng-profile\")");
  EXPECT_EQ(parse_profile("\n", "p.profile").error, "p.profile: error: the profile is empty");
  const auto not_json = parse_profile("hello\n", "p.profile");
  EXPECT_EQ(not_json.error, "p.profile:1:1: error: not a fleng profile (not valid JSON)");
  std::string other_version = text;
  other_version.replace(other_version.find("\"version\":1"), 11, "\"version\":7");
  EXPECT_NE(parse_profile(other_version, "p.profile").error.find("version 7 is not supported"),
            std::string::npos);
  std::string bad_iu = text;
  bad_iu.replace(bad_iu.find("\"ius\":4"), 7, "\"ius\":2");
  EXPECT_NE(parse_profile(bad_iu, "p.profile").error.find("IU 3 is not one of the profile's 2 IUs"),
            std::string::npos);
  EXPECT_EQ(read_profile("/nonexistent/p.profile").error,
            "/nonexistent/p.profile: error: cannot read the profile");
}

TEST(ProfilePlacement, AStaleProfileIsRefusedWithTheClause) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  const auto profile = small_profile(parsed.program);
  EXPECT_EQ(profile_mismatch(profile, parsed.program, 4, "p.profile"), "");
  EXPECT_NE(profile_mismatch(profile, parsed.program, 16, "p.profile")
                .find("the profile was made on 4 IUs, this run has 16"),
            std::string::npos);
  // A changed clause, named with its place; a comment or layout change is not a change.
  auto changed = frontend::parse_source(
      "t.fl", std::string(kProgram).replace(std::string(kProgram).find("I * N"), 5, "I + N"));
  EXPECT_EQ(profile_mismatch(profile, changed.program, 4, "p.profile"),
            "p.profile: error: the profile does not match the program: clause 1 of work/2 "
            "(t.fl:4:1) changed since the profile was made; make a new profile");
  auto commented = frontend::parse_source("t.fl", std::string("% a comment\n") + kProgram);
  EXPECT_EQ(profile_mismatch(profile, commented.program, 4, "p.profile"), "");
  auto added = frontend::parse_source("t.fl", std::string(kProgram) + "extra.\n");
  EXPECT_NE(profile_mismatch(profile, added.program, 4, "p.profile").find("extra/0"),
            std::string::npos);
}

TEST(ProfilePlacement, KeyRangesBecomeTestsWithConstantDestinations) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  const auto profile = small_profile(parsed.program);
  std::string why;
  const auto executor = place_by_profile(parsed.program, profile, &why);
  const std::string text = frontend::print_program(executor);
  // Keys 1-2 -> IU 1 (rule 1), 3 -> IU 3 (rule 1), 4 -> no data: a tie, the previous IU (3).
  EXPECT_NE(why.find("keys 1..2 -> IU 1: 2 iterations, 0 of 10 words exchanged; rule (1) x2"),
            std::string::npos) << why;
  EXPECT_NE(why.find("keys 3..4 -> IU 3: 2 iterations, 1 of 3 words exchanged; rule (1) x1, rule (2) x1"),
            std::string::npos) << why;
  EXPECT_NE(text.find("'$placed_loop1/3_1_1'(I, N)"), std::string::npos) << text;
  EXPECT_NE(text.find("less(A1, 3, R)"), std::string::npos) << text;
  EXPECT_NE(text.find("work(A1, A2) @ node(1)"), std::string::npos) << text;
  EXPECT_NE(text.find("work(A1, A2) @ node(3)"), std::string::npos) << text;
  // The printed executor parses back (it is a program like any other).
  EXPECT_TRUE(frontend::parse_source("x.fl", text).ok()) << text;
}

TEST(ProfilePlacement, TheLookupFormReadsATableAtRunTime) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  const auto profile = small_profile(parsed.program);
  PlacementTables tables;
  const std::string text = frontend::print_program(
      place_by_profile(parsed.program, profile, nullptr, nullptr, ExecutorForm::Lookup, &tables));
  EXPECT_NE(text.find("'$placement_of'(0, I, PlacedIu_1)"), std::string::npos) << text;
  EXPECT_NE(text.find("work(I, N) @ node(PlacedIu_1)"), std::string::npos) << text;
  ASSERT_EQ(tables.size(), 1U);
  // One entry per range, by its first key.
  EXPECT_EQ(tables[0], (std::vector<std::pair<std::int64_t, std::uint32_t>>{{1, 1}, {3, 3}}));
  EXPECT_TRUE(frontend::parse_source("x.fl", text).ok()) << text;
}

TEST(ProfilePlacement, IterationsThatGoWhereTheyAreMadeUseTheIusOwnNumber) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  auto profile = small_profile(parsed.program);
  // Keys 1-2 were made on IU 1, keys 3-4 on IU 3: where the rules send them.
  for (auto& in : profile.sites[0].instances) in.made_on[*in.key <= 2 ? 1U : 3U] = 1;
  std::string why;
  const std::string text = frontend::print_program(place_by_profile(parsed.program, profile, &why));
  EXPECT_NE(text.find("current_node(PlacedIu_1),"), std::string::npos) << text;
  EXPECT_NE(text.find("work(I, N) @ node(PlacedIu_1)"), std::string::npos) << text;
  EXPECT_EQ(text.find("$placed"), std::string::npos) << text;
  EXPECT_NE(why.find("every iteration goes to the IU whose body makes it"), std::string::npos) << why;
}

TEST(ProfilePlacement, OneRangeIsAConstantNodeOnTheGoalItself) {
  auto parsed = frontend::parse_source("t.fl", kProgram);
  auto profile = small_profile(parsed.program);
  for (auto& in : profile.sites[0].instances) {
    in.read.clear();
    in.written.clear();
    in.read[2] = 1;
  }
  const std::string text = frontend::print_program(place_by_profile(parsed.program, profile));
  EXPECT_NE(text.find("work(I, N) @ node(2)"), std::string::npos) << text;
  EXPECT_EQ(text.find("$placed"), std::string::npos) << text;
}

}  // namespace
}  // namespace fleng::analyzer
