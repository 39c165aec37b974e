// Which engine a command line means (app/engine_choice.hpp): the table of options that only
// some engines understand and the rule that resolves them, without running anything.
#include "app/engine_choice.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

using fleng::app::choose_engine;
using fleng::app::Engine;
using fleng::app::engine_for_setting;
using fleng::app::GivenOption;
using fleng::app::understood_by;

std::string error_of(std::optional<Engine> engine, const std::vector<GivenOption>& options) {
  try {
    choose_engine(engine, options);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(EngineChoice, TheTable) {
  for (const char* option : {"ius", "static", "threshold", "machine", "set", "trace"}) {
    const auto engines = understood_by(option);
    EXPECT_FALSE(engines.local) << option;
    EXPECT_TRUE(engines.sim) << option;
    EXPECT_TRUE(engines.threads) << option;
  }
  EXPECT_EQ(understood_by("workers").describe(), "threads and mpi");
  EXPECT_EQ(understood_by("gc-stress").describe(), "local");
  EXPECT_EQ(understood_by("trace-goals").describe(), "local");
  EXPECT_EQ(understood_by("time-slice").describe(), "local");
  for (const char* option : {"goal", "stats", "heap", "seed", "dump"}) {
    EXPECT_EQ(understood_by(option).describe(), "local, sim, threads and mpi") << option;
  }
}

TEST(EngineChoice, LocalUnlessAnOptionSaysOtherwise) {
  EXPECT_EQ(choose_engine(std::nullopt, {}), Engine::Local);
  EXPECT_EQ(choose_engine(std::nullopt, {{"heap", "--heap 8"}, {"seed", "--seed 3"}}),
            Engine::Local);
  EXPECT_EQ(choose_engine(std::nullopt, {{"gc-stress", "--gc-stress"}}), Engine::Local);
}

TEST(EngineChoice, AnOptionOfTheSimulatorSelectsIt) {
  for (const char* option : {"ius", "static", "threshold", "machine", "set", "trace"}) {
    EXPECT_EQ(choose_engine(std::nullopt, {{option, std::string("--") + option + " x"}}),
              Engine::Sim)
        << option;
  }
}

TEST(EngineChoice, WorkersSelectThreadsAndKeepTheMachineOptions) {
  EXPECT_EQ(choose_engine(std::nullopt, {{"workers", "--workers 2"}}), Engine::Threads);
  // --ius alone means sim; with --workers, the threads engine's IUs (in either order).
  EXPECT_EQ(choose_engine(std::nullopt, {{"workers", "--workers 2"}, {"ius", "--ius 4"}}),
            Engine::Threads);
  EXPECT_EQ(choose_engine(std::nullopt, {{"ius", "--ius 4"}, {"workers", "--workers 2"}}),
            Engine::Threads);
}

TEST(EngineChoice, AGivenEngineIsObeyed) {
  EXPECT_EQ(choose_engine(Engine::Sim, {}), Engine::Sim);
  EXPECT_EQ(choose_engine(Engine::Threads, {{"ius", "--ius 4"}}), Engine::Threads);
  EXPECT_EQ(choose_engine(Engine::Local, {{"heap", "--heap 8"}}), Engine::Local);
}

TEST(EngineChoice, AnOptionTheGivenEngineDoesNotUnderstandIsAnErrorSayingWhy) {
  EXPECT_EQ(error_of(Engine::Local, {{"ius", "--ius 4"}}),
            "--engine local does not understand --ius 4 (an option of the sim, threads and mpi "
            "engines); leave out --engine or say --engine sim");
  EXPECT_EQ(error_of(Engine::Sim, {{"workers", "--workers 2"}}),
            "--engine sim does not understand --workers 2 (an option of the threads and mpi engines); "
            "leave out --engine or say --engine threads");
  EXPECT_NE(error_of(Engine::Threads, {{"gc-stress", "--gc-stress"}}).find("--engine local"),
            std::string::npos);
}

TEST(EngineChoice, OptionsOfDifferentEnginesAreAnErrorNamingBoth) {
  EXPECT_EQ(error_of(std::nullopt, {{"gc-stress", "--gc-stress"}, {"workers", "--workers 2"}}),
            "--gc-stress and --workers 2 need different engines (--gc-stress: local; --workers "
            "2: threads and mpi); give the options of one engine");
  // The option named is the one that conflicts, not merely an earlier one.
  const std::string message =
      error_of(std::nullopt, {{"heap", "--heap 8"}, {"ius", "--ius 4"}, {"gc-stress", "--gc-stress"}});
  EXPECT_EQ(message.rfind("--ius 4 and --gc-stress need different engines", 0), 0U) << message;
}

TEST(EngineChoice, TheReplMovesToAnEngineThatUnderstandsTheSetting) {
  EXPECT_EQ(engine_for_setting(Engine::Local, "ius"), Engine::Sim);
  EXPECT_EQ(engine_for_setting(Engine::Local, "workers"), Engine::Threads);
  EXPECT_EQ(engine_for_setting(Engine::Sim, "workers"), Engine::Threads);
  EXPECT_EQ(engine_for_setting(Engine::Threads, "ius"), Engine::Threads);
  EXPECT_EQ(engine_for_setting(Engine::Sim, "threshold"), Engine::Sim);
  EXPECT_EQ(engine_for_setting(Engine::Local, "seed"), Engine::Local);
}

TEST(EngineChoice, EngineNames) {
  for (const Engine e : {Engine::Local, Engine::Sim, Engine::Threads}) {
    EXPECT_EQ(fleng::app::engine_named(fleng::app::engine_name(e)), e);
  }
  EXPECT_EQ(fleng::app::engine_named("simulator"), std::nullopt);
}

}  // namespace
