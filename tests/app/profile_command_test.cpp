// `fleng profile` (app/profile_command.cpp) and the executor's options `fleng run --profile`
// and `fleng analyze --profile`, through the binary as a user runs them: the profiled run gives
// the answers of the unprofiled one, a stale, missing, truncated or foreign profile is a
// located error with exit status 1.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "command_output.hpp"
#include "../support/file_text.hpp"

namespace {

using fleng::test::run_command;

const std::string kFleng = FLENG_BINARY;
const std::string kSource = FLENG_SOURCE_DIR;
const std::string kBlocks = kSource + "/tests/golden/data/profile_blocks.fl";

/// A scratch directory of its own for each test.
std::string scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("fleng-profile-test-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string slurp_file(const std::filesystem::path& path) { return fleng::test::file_text(path); }

TEST(ProfileCommand, TheProfiledRunGivesTheSameAnswers) {
  const std::string dir = scratch("same");
  const auto profile = run_command(kFleng + " profile " + kBlocks + " --ius 4 -o " + dir + "/p.profile 2>&1");
  ASSERT_EQ(profile.exit_code, 0) << profile.output;
  EXPECT_NE(profile.output.find("fleng profile: "), std::string::npos) << profile.output;
  EXPECT_NE(profile.output.find("on 4 IUs"), std::string::npos) << profile.output;
  const auto plain = run_command(kFleng + " run " + kBlocks + " --ius 4 2>&1");
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_EQ(plain.output, "10656\n");
  for (const std::string engine : {"sim", "threads"}) {
    for (const std::string form : {"constants", "lookup"}) {
      const auto placed = run_command(kFleng + " run " + kBlocks + " --engine " + engine +
                                      " --ius 4 --profile " + dir + "/p.profile --profile-form " + form + " 2>&1");
      EXPECT_EQ(placed.exit_code, 0) << engine << " " << form << ": " << placed.output;
      EXPECT_EQ(placed.output, plain.output) << engine << " " << form;
    }
  }
  // The stencil: the same checksum with the profile as without, on the simulator.
  const std::string stencil = kSource + "/examples/stencil/stencil.fl";
  const std::string mesh = " -- " + kSource + "/examples/stencil/data/mesh-256.csv 2 particles";
  ASSERT_EQ(run_command(kFleng + " profile " + stencil + " --ius 16 -o " + dir + "/s.profile" + mesh +
                        " 2>&1").exit_code, 0);
  const auto stencil_plain = run_command(kFleng + " run " + stencil + " --ius 16" + mesh + " 2>&1");
  EXPECT_NE(stencil_plain.output.find("checksum"), std::string::npos) << stencil_plain.output;
  for (const std::string form : {"constants", "lookup"}) {
    const auto placed = run_command(kFleng + " run " + stencil + " --ius 16 --profile " + dir +
                                    "/s.profile --profile-form " + form + mesh + " 2>&1");
    EXPECT_EQ(placed.output, stencil_plain.output) << form;
  }
  // Naive partitioning does not follow the profile: the answers stay, with a warning.
  const auto naive = run_command(kFleng + " run " + kBlocks + " --ius 4 --static off --profile " + dir +
                                 "/p.profile 2>&1");
  EXPECT_EQ(naive.exit_code, 0) << naive.output;
  EXPECT_EQ(naive.output, "fleng: warning: --static off places every goal by the load: the profile's "
                          "placements are not followed (its tests still run)\n10656\n");
  // --profile alone selects the simulated machine (as --ius does).
  const auto alone = run_command(kFleng + " run " + kBlocks + " --profile " + dir +
                                 "/p.profile --set ius=4 2>&1");
  EXPECT_EQ(alone.output, plain.output);
}

TEST(ProfileCommand, ExplainShowsEachDecisionAndItsData) {
  const std::string dir = scratch("explain");
  ASSERT_EQ(run_command(kFleng + " profile " + kBlocks + " --ius 4 -o " + dir + "/p.profile 2>&1").exit_code, 0);
  const auto run = run_command(kFleng + " run " + kBlocks + " --ius 4 --explain --profile " + dir +
                               "/p.profile 2>&1 >/dev/null");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  // The iteration iter(I, T, S) of loop1/5 is placed; the loops themselves are not.
  EXPECT_NE(run.output.find("iter/3 (clause 2 of loop1/5, goal 2"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("32 iterations keyed on argument 1"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("rule (1)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("not placed: the loop itself"), std::string::npos) << run.output;
  // analyze prints the executor: it parses and runs with the same answer.
  const auto analyzed = run_command(kFleng + " analyze " + kBlocks + " --profile " + dir +
                                    "/p.profile > " + dir + "/executor.fl 2>&1");
  ASSERT_EQ(analyzed.exit_code, 0) << slurp_file(dir + "/executor.fl");
  const std::string executor = slurp_file(dir + "/executor.fl");
  // Every iteration's words are mostly on IU 1 (the tuple of the blocks' references, which
  // the simulated UNIRED reads, lives there): one range, a constant destination.
  EXPECT_NE(run.output.find("keys 1..32 -> IU 1: 32 iterations"), std::string::npos) << run.output;
  EXPECT_NE(executor.find("iter(I, T, S) @ node(1)"), std::string::npos) << executor;
  const auto rerun = run_command(kFleng + " run " + dir + "/executor.fl --ius 4 2>&1");
  EXPECT_EQ(rerun.output, "10656\n");
}

TEST(ProfileCommand, MarkedKeysChooseTheIterations) {
  const std::string dir = scratch("keys");
  ASSERT_EQ(run_command(kFleng + " profile " + kBlocks + " --ius 4 --key fill/3:1 -o " + dir +
                        "/p.profile 2>&1").exit_code, 0);
  const auto run = run_command(kFleng + " analyze " + kBlocks + " --explain --profile " + dir +
                               "/p.profile 2>&1 >/dev/null");
  EXPECT_NE(run.output.find("iter/3 (clause 2 of loop1/5, goal 2, "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("not placed: not marked with --key"), std::string::npos) << run.output;
  const auto bad = run_command(kFleng + " profile " + kBlocks + " --ius 4 --key fill/3:9 -o " + dir +
                               "/q.profile 2>&1");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.output, "fleng: --key fill/3:9: argument 9 is not one of the 3 of fill/3\n");
}

TEST(ProfileCommand, AStaleProfileIsRefused) {
  const std::string dir = scratch("stale");
  ASSERT_EQ(run_command(kFleng + " profile " + kBlocks + " --ius 4 -o " + dir + "/p.profile 2>&1").exit_code, 0);
  // Another IU count.
  const auto other = run_command(kFleng + " run " + kBlocks + " --ius 8 --profile " + dir + "/p.profile 2>&1");
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_EQ(other.output, dir + "/p.profile: error: the profile was made on 4 IUs, this run has 8: make "
                                "a new profile with --ius 8\n");
  // A changed clause.
  std::string text = slurp_file(kBlocks);
  text.replace(text.find("S is X + Y"), 10, "S is X - Y");
  std::ofstream(dir + "/changed.fl") << text;
  const auto changed = run_command(kFleng + " run " + dir + "/changed.fl --ius 4 --profile " + dir +
                                   "/p.profile 2>&1");
  EXPECT_EQ(changed.exit_code, 1);
  EXPECT_NE(changed.output.find("p.profile: error: the profile does not match the program: clause 1 "
                                "of iter/3 ("),
            std::string::npos)
      << changed.output;
  EXPECT_NE(changed.output.find("changed since the profile was made"), std::string::npos);
  // A program of two files: the changed clause is named in its own file.
  const std::string all = slurp_file(kBlocks);
  const auto cut = all.find("iter(I, T, S) :-");
  ASSERT_NE(cut, std::string::npos);
  std::ofstream(dir + "/a.fl") << all.substr(0, cut);
  std::ofstream(dir + "/b.fl") << all.substr(cut);
  ASSERT_EQ(run_command(kFleng + " profile " + dir + "/a.fl " + dir + "/b.fl --ius 4 -o " + dir +
                        "/ab.profile 2>&1").exit_code, 0);
  const auto both = run_command(kFleng + " run " + dir + "/a.fl " + dir + "/b.fl --ius 4 --profile " + dir +
                                "/ab.profile 2>&1");
  EXPECT_EQ(both.output, "10656\n");
  std::string b = all.substr(cut);
  b.replace(b.find("S is X + Y"), 10, "S is X - Y");
  std::ofstream(dir + "/b.fl") << b;
  const auto in_b = run_command(kFleng + " run " + dir + "/a.fl " + dir + "/b.fl --ius 4 --profile " + dir +
                                "/ab.profile 2>&1");
  EXPECT_EQ(in_b.exit_code, 1);
  EXPECT_NE(in_b.output.find("clause 1 of iter/3 (" + dir + "/b.fl:1:1) changed"), std::string::npos)
      << in_b.output;
  const auto analyzed = run_command(kFleng + " analyze " + dir + "/a.fl " + dir + "/b.fl --profile " + dir +
                                    "/ab.profile 2>&1 >/dev/null");
  EXPECT_NE(analyzed.output.find("(" + dir + "/b.fl:1:1) changed"), std::string::npos) << analyzed.output;
}

TEST(ProfileCommand, MissingTruncatedAndForeignProfilesAreLocatedErrors) {
  const std::string dir = scratch("bad");
  const auto missing = run_command(kFleng + " run " + kBlocks + " --ius 4 --profile " + dir + "/none 2>&1");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.output, dir + "/none: error: cannot read the profile\n");
  ASSERT_EQ(run_command(kFleng + " profile " + kBlocks + " --ius 4 -o " + dir + "/p.profile 2>&1").exit_code, 0);
  const std::string text = slurp_file(dir + "/p.profile");
  std::ofstream(dir + "/cut.profile") << text.substr(0, text.size() / 3);
  const auto cut = run_command(kFleng + " run " + kBlocks + " --ius 4 --profile " + dir + "/cut.profile 2>&1");
  EXPECT_EQ(cut.exit_code, 1);
  EXPECT_NE(cut.output.find(dir + "/cut.profile:"), std::string::npos) << cut.output;
  EXPECT_NE(cut.output.find("truncated"), std::string::npos) << cut.output;
  std::ofstream(dir + "/foreign.profile") << "{\"traceEvents\": []}\n";
  const auto foreign = run_command(kFleng + " analyze " + kBlocks + " --profile " + dir + "/foreign.profile 2>&1");
  EXPECT_EQ(foreign.exit_code, 1);
  EXPECT_EQ(foreign.output,
            dir + "/foreign.profile: error: not a fleng profile (no \"format\": \"fleng-profile\")\n");
  // The profile is written only by a run that succeeded.
  const auto fails = run_command(kFleng + " profile " + kBlocks + " -g nosuch --ius 4 -o " + dir +
                                 "/f.profile 2>&1");
  EXPECT_EQ(fails.exit_code, 1);
  EXPECT_NE(fails.output.find("no profile written"), std::string::npos) << fails.output;
  EXPECT_FALSE(std::filesystem::exists(dir + "/f.profile"));
  const auto workers = run_command(kFleng + " profile " + kBlocks + " --workers 2 -o " + dir + "/w.profile 2>&1");
  EXPECT_EQ(workers.exit_code, 1);
  EXPECT_NE(workers.output.find("--workers 2"), std::string::npos) << workers.output;
  // The profile runs on the simulated machine only.
  const auto threads = run_command(kFleng + " profile " + kBlocks + " --engine threads -o " + dir +
                                   "/t.profile 2>&1");
  EXPECT_EQ(threads.exit_code, 1);
  EXPECT_NE(threads.output.find("profile runs on the simulated machine"), std::string::npos);
}

}  // namespace
