// `fleng sweep`: checks the options and the program, then hands over to sweep::run_sweep.
// Every option is checked before anything runs (a machine key is given once:
// machine_options.hpp); nothing ends in std::terminate.
#include "app/sweep_command.hpp"

#include <unistd.h>

#include <iostream>
#include <new>
#include <sstream>

#include <fmt/format.h>

#include "app/machine_options.hpp"
#include "kernel/session.hpp"
#include "sweep/sweep.hpp"

namespace fleng::app {

namespace {

int sweep_checked(const SweepCommandOptions& options) {
  sweep::SweepOptions sweep;
  sweep.program.files = options.files;
  sweep.program.goal = options.goal;
  sweep.program.seed = options.seed;
  sweep.csv_path = options.csv_path;
  sweep.json_path = options.json_path;
  sweep.plot_path = options.plot_path;
  sweep.report_path = options.report_path;
  sweep.command_line = options.command_line;
  sweep.resume = options.resume;
  sweep.jobs = options.jobs;
  try {
    if (!options.ius.empty()) sweep.plan.add("ius", options.ius);
    if (!options.statics.empty()) sweep.plan.add("static", options.statics);
    if (!options.thresholds.empty()) sweep.plan.add("threshold", options.thresholds);
    for (const auto& spec : options.sweeps) sweep.plan.add_spec(spec);
    // A swept key has its values from the sweep: --set and --heap may not give it too.
    std::vector<KeySource> given;
    for (const auto& d : sweep.plan.dimensions()) {
      given.emplace_back(assigned_key(d.machine_key), "the swept parameter " + d.column);
    }
    if (options.heap_mib) {
      const std::string heap = fmt::format("--heap {}", *options.heap_mib);
      for (const auto& [key, source] : given) {
        if (key == "heap_cells") {
          throw std::invalid_argument(
              fmt::format("{}: the machine key 'heap_cells' is already given by {}", heap, source));
        }
      }
      given.emplace_back("heap_cells", heap);
    }
    check_settings_given_once(options.settings, given);
    if (!options.machine_file.empty()) sweep.base.load(options.machine_file);
    if (options.heap_mib) {
      try {
        sweep.base.set("heap_cells=" +
                       std::to_string(*options.heap_mib * (std::size_t{1} << 20) / sizeof(vm::Cell)));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("--heap {}: {}", *options.heap_mib, e.what()));
      }
    }
    for (const auto& assignment : options.settings) sweep.base.set(assignment);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return kernel::kExitError;
  }
  {
    // The program is checked once here, so that a syntax error is reported once, with its
    // location, instead of in every row.
    std::ostringstream discard;
    kernel::Session session(discard, std::cerr);
    if (!session.load(options.files)) return kernel::kExitError;
  }
  return sweep::run_sweep(sweep, std::cerr, isatty(STDERR_FILENO) != 0);
}

}  // namespace

int run_sweep_command(const SweepCommandOptions& options) {
  try {
    return sweep_checked(options);
  } catch (const std::bad_alloc&) {
    std::cerr << "fleng: out of memory (std::bad_alloc); lower --ius, --heap or heap_cells, or -j\n";
  } catch (const std::exception& e) {
    std::cerr << "fleng: internal error: " << e.what() << '\n';
  }
  return kernel::kExitError;
}

}  // namespace fleng::app
