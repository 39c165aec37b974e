// `fleng sweep`: checks the options and the program, then hands over to sweep::run_sweep.
// Every option is checked before anything runs (a machine key is given once:
// machine_options.hpp); nothing ends in std::terminate. Under mpirun every rank checks them,
// rank 0 runs the sweep and the others follow it (sweep/sweep_ranks.hpp).
#include "app/sweep_command.hpp"

#include <unistd.h>

#include <iostream>
#include <new>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "app/machine_options.hpp"
#include "kernel/mpi_transport.hpp"
#include "kernel/session.hpp"
#include "sweep/sweep.hpp"
#include "sweep/sweep_ranks.hpp"

namespace fleng::app {

namespace {

/// The sweep's options from the command's, or nullopt after an error written to `errors`.
std::optional<sweep::SweepOptions> prepare(const SweepCommandOptions& options,
                                           std::ostream& errors) {
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
    errors << "fleng: " << e.what() << '\n';
    return std::nullopt;
  }
  {
    // The program is checked once here, so that a syntax error is reported once, with its
    // location, instead of in every row.
    std::ostringstream discard;
    kernel::Session session(discard, errors);
    if (!session.load(options.files)) return std::nullopt;
  }
  return sweep;
}

/// One rank of an MPI job: every rank prepares, rank 0 alone reports (its own errors, and
/// another rank's when it differs), and they start together or not at all.
int sweep_on_ranks(const SweepCommandOptions& options, kernel::MpiTransport& world) {
  sweep::SweepRanks ranks(world);
  std::ostringstream errors;
  const auto sweep = prepare(options, errors);
  if (ranks.rank() == 0) std::cerr << errors.str();
  if (!sweep) {
    const unsigned no_threads = 0;
    ranks.start(std::cerr, errors.str(), no_threads);
    return kernel::kExitError;
  }
  if (ranks.rank() == 0) return sweep::run_sweep(*sweep, std::cerr, isatty(STDERR_FILENO) != 0, &ranks);
  return sweep::follow_sweep(*sweep, ranks);
}

int sweep_checked(const SweepCommandOptions& options) {
  auto& world = kernel::MpiTransport::world();
  if (world.size() > 1) return sweep_on_ranks(options, world);
  const auto sweep = prepare(options, std::cerr);
  if (!sweep) return kernel::kExitError;
  return sweep::run_sweep(*sweep, std::cerr, isatty(STDERR_FILENO) != 0);
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
  // The other ranks of an MPI job may be waiting for this one: the job ends here.
  if (kernel::MpiTransport::launched_by_mpirun()) {
    try {
      auto& world = kernel::MpiTransport::world();
      if (world.size() > 1) world.abort(kernel::kExitError);
    } catch (const std::exception&) {
      // MPI itself failed to start: there is no job to end.
    }
  }
  return kernel::kExitError;
}

}  // namespace fleng::app
