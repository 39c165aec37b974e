// `fleng profile` (profile_command.hpp).
#include "app/profile_command.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "analyzer/placement_profile.hpp"
#include "app/program_output.hpp"
#include "kernel/session.hpp"

namespace fleng::app {

namespace {

/// "name/arity:arg" -> ("name/arity", arg); an error message names the word.
std::map<std::string, std::uint32_t> parse_keys(const std::vector<std::string>& keys) {
  std::map<std::string, std::uint32_t> out;
  for (const auto& word : keys) {
    const auto colon = word.rfind(':');
    const auto slash = word.rfind('/', colon);
    const auto bad = [&] {
      return std::invalid_argument(fmt::format(
          "--key {}: expected NAME/ARITY:ARG, the argument (from 1) whose value keys the goals", word));
    };
    if (colon == std::string::npos || slash == std::string::npos || slash == 0) throw bad();
    std::uint32_t arity = 0;
    std::uint32_t arg = 0;
    try {
      std::size_t used = 0;
      arity = static_cast<std::uint32_t>(std::stoul(word.substr(slash + 1, colon - slash - 1), &used));
      if (used != colon - slash - 1) throw bad();
      arg = static_cast<std::uint32_t>(std::stoul(word.substr(colon + 1), &used));
      if (used != word.size() - colon - 1) throw bad();
    } catch (const std::logic_error&) {
      throw bad();
    }
    if (arg == 0 || arg > arity) {
      throw std::invalid_argument(fmt::format("--key {}: argument {} is not one of the {} of {}",
                                              word, arg, arity, word.substr(0, colon)));
    }
    out[word.substr(0, colon)] = arg;
  }
  return out;
}

}  // namespace

int run_profile(const ProfileOptions& options) {
  RunOptions run = options.run;
  if (run.engine && *run.engine != "sim") {
    std::cerr << "fleng: profile runs on the simulated machine (--engine sim), not --engine "
              << *run.engine << '\n';
    return kernel::kExitError;
  }
  run.engine = "sim";
  std::map<std::string, std::uint32_t> keys;
  try {
    static_cast<void>(chosen_engine(run));  // an option the simulator does not take (--workers)
    keys = parse_keys(options.keys);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return kernel::kExitError;
  }
  // The profile can be written (checked before the runs; a file made by the check goes again
  // if no profile is written).
  std::error_code ignored;
  const bool existed = std::filesystem::exists(options.output, ignored);
  {
    std::ofstream probe(options.output, std::ios::app);
    if (!probe) {
      std::cerr << "fleng: cannot write the profile " << options.output << '\n';
      return kernel::kExitError;
    }
  }
  const auto forget_probe = [&] {
    if (!existed) std::filesystem::remove(options.output, ignored);
  };
  vm::IuOptions iu;
  iu.program_args = run.program_args;
  iu.seed = run.seed;
  ProgramOutput output(std::cout.rdbuf());
  std::ostream out(&output);
  kernel::Session session(out, std::cerr, iu);
  try {
    configure_engine(session, Engine::Sim, run);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    forget_probe();
    return kernel::kExitError;
  }
  if (!session.load(run.files)) {
    forget_probe();
    return kernel::kExitError;
  }
  analyzer::PlacementProfile profile;
  profile.files = run.files;
  profile.goal = run.goal;
  profile.ius = session.engine().machine.ius;
  profile.runs = options.runs;
  profile.partitioning = session.engine().machine.static_partitioning ? "static" : "naive";
  profile.clauses = analyzer::clause_fingerprints(session.loaded_files());
  profile.keys = keys;
  session.engine().profile_sites = &profile.sites;
  session.engine().profile_keys = keys;
  const auto started = std::chrono::steady_clock::now();
  for (unsigned r = 0; r < options.runs; ++r) {
    // Each run its own seed (a program that draws random numbers shows other iterations).
    session.options().seed = run.seed + r;
    const auto result = session.run_query(run.goal);
    out.flush();
    if (result.exit_code != kernel::kExitSuccess) {
      std::cerr << result.report;
      std::cerr << fmt::format("fleng: the inspector's run {} of {} did not succeed: no profile written\n",
                               r + 1, options.runs);
      forget_probe();
      return result.exit_code;
    }
    if (result.sim_statistics.contains("makespan_cycles")) {
      profile.makespan_cycles = result.sim_statistics["makespan_cycles"].get<std::uint64_t>();
    }
  }
  profile.host_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // Instances in key order (the order rules (1)-(4) take them), the keyless one last.
  std::size_t instances = 0;
  for (auto& site : profile.sites) {
    std::stable_sort(site.instances.begin(), site.instances.end(),
                     [](const analyzer::ProfileInstance& a, const analyzer::ProfileInstance& b) {
                       if (a.key.has_value() != b.key.has_value()) return a.key.has_value();
                       return a.key && *a.key < *b.key;
                     });
    instances += site.instances.size();
  }
  std::ofstream file(options.output, std::ios::trunc);
  file << analyzer::profile_json(profile);
  file.close();
  if (!file) {
    std::cerr << "fleng: cannot write the profile " << options.output << '\n';
    return kernel::kExitError;
  }
  std::cerr << fmt::format("fleng profile: {} goal sites, {} instances, {} run{} on {} IUs in {:.2f} s "
                           "on the host: {}\n",
                           profile.sites.size(), instances, options.runs, options.runs == 1 ? "" : "s",
                           profile.ius, profile.host_seconds, options.output);
  if (!output.finish()) {
    std::cerr << "fleng: error: cannot write the program's output: " << output.error() << '\n';
    return kernel::kExitError;
  }
  return kernel::kExitSuccess;
}

}  // namespace fleng::app
