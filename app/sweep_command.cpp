// `fleng sweep`: checks the options and the program, then hands over to sweep::run_sweep.
#include "app/sweep_command.hpp"

#include <unistd.h>

#include <iostream>
#include <sstream>

#include "kernel/session.hpp"
#include "sweep/sweep.hpp"

namespace fleng::app {

int run_sweep_command(const SweepCommandOptions& options) {
  sweep::SweepOptions sweep;
  sweep.program.files = options.files;
  sweep.program.goal = options.goal;
  sweep.csv_path = options.csv_path;
  sweep.json_path = options.json_path;
  sweep.plot_path = options.plot_path;
  sweep.resume = options.resume;
  sweep.jobs = options.jobs;
  try {
    if (!options.machine_file.empty()) sweep.base.load(options.machine_file);
    if (options.heap_mib) {
      sweep.base.set("heap_cells=" +
                     std::to_string(*options.heap_mib * (std::size_t{1} << 20) / sizeof(vm::Cell)));
    }
    for (const auto& assignment : options.settings) sweep.base.set(assignment);
    if (!options.ius.empty()) sweep.plan.add("ius", options.ius);
    if (!options.statics.empty()) sweep.plan.add("static", options.statics);
    if (!options.thresholds.empty()) sweep.plan.add("threshold", options.thresholds);
    for (const auto& spec : options.sweeps) sweep.plan.add_spec(spec);
  } catch (const std::exception& e) {
    std::cerr << "fleng sweep: " << e.what() << '\n';
    return kernel::kExitError;
  }
  if (!options.plot_path.empty() && !options.plot_path.ends_with(".svg")) {
    std::cerr << "fleng sweep: --plot wants a file name ending in .svg (the PNG files are written "
                 "next to it)\n";
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

}  // namespace fleng::app
