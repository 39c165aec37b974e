// The product of the swept parameters, and the errors for parameters a run would not accept.
#include "sweep/sweep_plan.hpp"

#include <gtest/gtest.h>

namespace fleng::sweep {
namespace {

std::string error_of(auto&& action) {
  try {
    action();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(SweepPlan, ProductHasTheLastDimensionFastest) {
  SweepPlan plan;
  plan.add("ius", "4,16");
  plan.add("static", "off, on");
  plan.add("threshold", "1,8,128");
  const auto configurations = plan.configurations();
  ASSERT_EQ(configurations.size(), 12U);
  EXPECT_EQ(configurations[0].values, (std::vector<std::string>{"4", "off", "1"}));
  EXPECT_EQ(configurations[1].values, (std::vector<std::string>{"4", "off", "8"}));
  EXPECT_EQ(configurations[3].values, (std::vector<std::string>{"4", "on", "1"}));
  EXPECT_EQ(configurations[11].values, (std::vector<std::string>{"16", "on", "128"}));
  EXPECT_EQ(configurations[11].index, 11U);
  EXPECT_EQ(plan.describe(configurations[4]), "ius=4 static=on threshold=8");
}

TEST(SweepPlan, NothingSweptIsOneRun) {
  SweepPlan plan;
  const auto configurations = plan.configurations();
  ASSERT_EQ(configurations.size(), 1U);
  EXPECT_TRUE(configurations[0].values.empty());
  EXPECT_EQ(plan.describe(configurations[0]), "(default machine)");
}

TEST(SweepPlan, AppliesValuesToTheMachine) {
  SweepPlan plan;
  plan.add("ius", "4");
  plan.add("static", "off");
  plan.add_spec("set.network.copies=1,2");
  const auto configurations = plan.configurations();
  kernel::MachineDescription base;
  base.threshold = 3;
  const auto machine = plan.machine(base, configurations[1]);
  EXPECT_EQ(machine.ius, 4U);
  EXPECT_FALSE(machine.static_partitioning);
  EXPECT_EQ(machine.network.copies, 2U);
  EXPECT_EQ(machine.threshold, 3U);  // not swept: the base's
  EXPECT_EQ(plan.dimensions()[2].column, "set.network.copies");
}

TEST(SweepPlan, RejectsWhatARunWouldReject) {
  EXPECT_EQ(error_of([] { SweepPlan().add("speed", "1,2"); }),
            "cannot sweep 'speed': the parameters are ius, static, threshold and set.KEY");
  EXPECT_EQ(error_of([] { SweepPlan().add("ius", "1,,2"); }),
            "an empty value in the list of 'ius': '1,,2'");
  EXPECT_EQ(error_of([] { SweepPlan().add("ius", "4,4"); }),
            "the value '4' of 'ius' is listed twice");
  EXPECT_EQ(error_of([] { SweepPlan().add_spec("ius"); }), "--sweep wants NAME=V1,V2,...; got 'ius'");
  EXPECT_EQ(error_of([] {
              SweepPlan plan;
              plan.add("threshold", "1");
              plan.add_spec("threshold=2");
            }),
            "'threshold' is swept twice");
  EXPECT_EQ(error_of([] {
              SweepPlan plan;
              plan.add("ius", "4,2000");
              (void)plan.machine({}, plan.configurations()[1]);
            }),
            "ius=2000: machine key 'ius': 2000 is out of its domain (an integer from 1 to 1024)");
  EXPECT_EQ(error_of([] {
              SweepPlan plan;
              plan.add_spec("set.no_such_key=1");
              (void)plan.machine({}, plan.configurations()[0]);
            }),
            "set.no_such_key=1: unknown machine key 'no_such_key'");
}

TEST(SweepPlan, SplitsLists) {
  EXPECT_EQ(split_list("1, 2 ,3"), (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(split_list("on"), (std::vector<std::string>{"on"}));
}

}  // namespace
}  // namespace fleng::sweep
