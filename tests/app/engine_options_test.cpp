// The engine options as a user types them (the binary, FLENG_BINARY): `fleng run` on the local
// engine unless an option says otherwise, contradictions as errors, `--stats` anywhere,
// `fleng FILE...` and `fleng repl --engine ...`, `:engine` in the REPL, `analyze` of several
// files, and the defaults in `--help`. The rule itself: tests/app/engine_choice_test.cpp.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "command_output.hpp"

namespace {

using fleng::test::Outcome;

const std::string kSource = FLENG_SOURCE_DIR;
const std::string kQueens = kSource + "/examples/queens.fl";

/// `fleng ARGUMENTS` with stdout and stderr together.
Outcome fleng(const std::string& arguments) {
  return fleng::test::run_command(std::string(FLENG_BINARY) + " " + arguments + " 2>&1");
}

/// `fleng ARGUMENTS` with stdout only.
Outcome fleng_stdout(const std::string& arguments) {
  return fleng::test::run_command(std::string(FLENG_BINARY) + " " + arguments + " 2>/dev/null");
}

/// The engine named by `fleng run ... --stats json`'s object (its last line).
std::string engine_of_run(const std::string& options) {
  const auto r = fleng_stdout("run " + kQueens + " -g 'run(5)' --stats json " + options);
  EXPECT_EQ(r.exit_code, 0) << options << ": " << r.output;
  const auto brace = r.output.find('{');
  if (brace == std::string::npos) return "(no statistics: " + r.output + ")";
  return nlohmann::json::parse(r.output.substr(brace))["engine"].get<std::string>();
}

TEST(EngineOptions, RunIsLocalUnlessAnOptionSaysOtherwise) {
  EXPECT_EQ(engine_of_run(""), "local");
  EXPECT_EQ(engine_of_run("--heap 64 --seed 3"), "local");
  EXPECT_EQ(engine_of_run("--ius 4"), "sim");
  EXPECT_EQ(engine_of_run("--static off"), "sim");
  EXPECT_EQ(engine_of_run("--threshold 2"), "sim");
  EXPECT_EQ(engine_of_run("--set mp.fifo_period=4"), "sim");
  EXPECT_EQ(engine_of_run("--machine " + kSource + "/examples/machines/pie64-aggregating.json"),
            "sim");
  EXPECT_EQ(engine_of_run("--workers 2"), "threads");
  EXPECT_EQ(engine_of_run("--workers 2 --ius 4"), "threads");
  EXPECT_EQ(engine_of_run("--engine sim"), "sim");
  EXPECT_EQ(engine_of_run("--engine threads --ius 3"), "threads");
}

TEST(EngineOptions, TraceSelectsTheSimulator) {
  const std::string trace = std::filesystem::temp_directory_path() /
                            ("fleng-engine-options-" + std::to_string(getpid()) + ".json");
  EXPECT_EQ(engine_of_run("--trace " + trace), "sim");
  EXPECT_TRUE(std::filesystem::exists(trace));
  std::filesystem::remove(trace);
}

TEST(EngineOptions, AContradictionIsAnErrorThatSaysWhy) {
  const auto local = fleng("run " + kQueens + " --engine local --ius 4");
  EXPECT_EQ(local.exit_code, 1) << local.output;
  EXPECT_EQ(local.output,
            "fleng: --engine local does not understand --ius 4 (an option of the sim, threads and mpi "
            "engines); leave out --engine or say --engine sim\n");
  const auto sim = fleng("run " + kQueens + " --workers 2 --engine sim");
  EXPECT_EQ(sim.exit_code, 1) << sim.output;
  EXPECT_NE(sim.output.find("--engine sim does not understand --workers 2"), std::string::npos)
      << sim.output;
  const auto both = fleng("run " + kQueens + " --gc-stress --workers 2");
  EXPECT_EQ(both.exit_code, 1) << both.output;
  EXPECT_NE(both.output.find("need different engines"), std::string::npos) << both.output;
  EXPECT_NE(both.output.find("--gc-stress: local"), std::string::npos) << both.output;
  EXPECT_NE(both.output.find("--workers 2: threads"), std::string::npos) << both.output;
  const auto trace = fleng("run " + kQueens + " --engine local --trace /tmp/x.json");
  EXPECT_EQ(trace.exit_code, 1) << trace.output;
  EXPECT_NE(trace.output.find("--engine local does not understand --trace"), std::string::npos);
}

TEST(EngineOptions, StatsAnywhereWithOrWithoutAValue) {
  // --stats before the file: the file is not taken for the value.
  const auto before = fleng("run --stats " + kQueens + " -g 'run(5)'");
  EXPECT_EQ(before.exit_code, 0) << before.output;
  EXPECT_EQ(before.output.rfind("10\n-- statistics (engine local, 1 IU)", 0), 0U) << before.output;
  const auto json = fleng_stdout("run --stats json " + kQueens + " -g 'run(5)'");
  EXPECT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("\"engine\":\"local\""), std::string::npos) << json.output;
  const auto text = fleng("run " + kQueens + " -g 'run(5)' --stats text --engine sim --ius 2");
  EXPECT_NE(text.output.find("-- statistics (simulated PIE64: 2 IUs"), std::string::npos)
      << text.output;
  const auto last = fleng("run " + kQueens + " -g 'run(5)' --stats");
  EXPECT_NE(last.output.find("-- statistics (engine local"), std::string::npos) << last.output;
  const auto bad = fleng("run " + kQueens + " --stats=xml");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
}

TEST(EngineOptions, FlengFileStartsTheReplWithTheFilesLoaded) {
  const auto r = fleng::test::run_command("printf 'run(5).\\n' | " + std::string(FLENG_BINARY) +
                                          " " + kQueens + " 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("10\n"), std::string::npos) << r.output;
  // With the engine options of run, after the files.
  const auto sim = fleng::test::run_command("printf ':engine\\n' | " + std::string(FLENG_BINARY) +
                                            " " + kQueens + " --ius 4 2>&1");
  EXPECT_NE(sim.output.find("engine sim: 4 IUs, static on, threshold 8"), std::string::npos)
      << sim.output;
  // A word that is neither a subcommand nor a file stays an error.
  const auto typo = fleng("rnu");
  EXPECT_EQ(typo.exit_code, 1) << typo.output;
  // A .fl file that does not exist: the REPL says so (located) and goes on.
  const auto missing = fleng::test::run_command("printf 'X = 1.\\n' | " +
                                                std::string(FLENG_BINARY) + " no_such.fl 2>&1");
  EXPECT_NE(missing.output.find("no_such.fl"), std::string::npos) << missing.output;
  EXPECT_NE(missing.output.find("X = 1"), std::string::npos) << missing.output;
}

TEST(EngineOptions, ReplTakesTheEngineOptionsAndEngineShowsThem) {
  const auto piped = [](const std::string& input, const std::string& options) {
    return fleng::test::run_command("printf '" + input + "' | " + std::string(FLENG_BINARY) +
                                    " repl " + options + " 2>&1");
  };
  auto r = piped(":engine\\n", "");
  EXPECT_EQ(r.output, "engine local (one IU at host speed)\n");
  r = piped(":engine\\n", "--engine sim");
  EXPECT_NE(r.output.find("engine sim: 64 IUs, static on, threshold 8"), std::string::npos)
      << r.output;
  r = piped(":engine\\n", "--workers 2 --ius 3 --static off");
  EXPECT_NE(r.output.find("engine threads: 3 IUs on 2 workers, static off, threshold 8"),
            std::string::npos)
      << r.output;
  r = piped(":engine\\n", "--engine local --ius 4");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("--engine local does not understand --ius 4"), std::string::npos)
      << r.output;
  // The same table at the prompt: a setting the engine does not understand moves to one that does.
  r = piped(":static off\\n:engine\\n:workers 2\\n:threshold 3\\n:engine local\\n:engine\\n", "");
  EXPECT_NE(r.output.find("engine sim: 64 IUs, static off, threshold 8\n"
                          "engine sim: 64 IUs, static off, threshold 8\n"
                          "engine threads: 2 IUs on 2 workers, static off, threshold 8\n"
                          "engine threads: 2 IUs on 2 workers, static off, threshold 3\n"
                          "engine local (one IU at host speed)\n"
                          "engine local (one IU at host speed)\n"),
            std::string::npos)
      << r.output;
}

TEST(EngineOptions, AnalyzeTakesSeveralFiles) {
  const std::string dir = std::filesystem::temp_directory_path() /
                          ("fleng-analyze-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/a.fl") << "main :- numlist(1, 10, L), sum(L, 0, S), writeln(S).\n";
  std::ofstream(dir + "/b.fl")
      << "sum([], A, S) :- S = A.\nsum([X|Xs], A, S) :- A1 is A + X, sum(Xs, A1, S).\n";
  const auto r = fleng_stdout("analyze " + dir + "/a.fl " + dir + "/b.fl");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("sum(L, 0, S @ any(2)) @ to(2)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sum([X|Xs], A, S) :-"), std::string::npos) << r.output;
  // The annotated program of both files runs as one program.
  std::ofstream(dir + "/both.fl") << r.output;
  const auto run = fleng_stdout("run " + dir + "/both.fl --engine sim --ius 4");
  EXPECT_EQ(run.output, "55\n");
  // An error in the second file is reported with its location.
  std::ofstream(dir + "/c.fl") << "p :- q(.\n";
  const auto bad = fleng("analyze " + dir + "/a.fl " + dir + "/c.fl");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find(dir + "/c.fl:1:"), std::string::npos) << bad.output;
  std::filesystem::remove_all(dir);
}

TEST(EngineOptions, HelpShowsEveryDefault) {
  const auto run = fleng("run --help");
  EXPECT_EQ(run.exit_code, 0);
  for (const char* text :
       {"local: one IU at host speed (the default)", "simulated machine (default: 64)",
        "least-loaded IU) (default: on)", "least load level is >= T (default: 8)",
        "(default: 1024 on local and threads", "default: one per core", "TEXT=main",
        "SEED=0", "--machine", "default: none"}) {
    EXPECT_NE(run.output.find(text), std::string::npos) << text << "\n" << run.output;
  }
  const auto repl = fleng("repl --help");
  EXPECT_NE(repl.output.find("local: one IU at host speed (the default)"), std::string::npos)
      << repl.output;
  const auto sweep = fleng("sweep --help");
  for (const char* text : {"(default: 64, the machine's)", "(default: on)", "(default: 8)",
                           "(default: 16, the machine key heap_cells)"}) {
    EXPECT_NE(sweep.output.find(text), std::string::npos) << text << "\n" << sweep.output;
  }
}

}  // namespace
