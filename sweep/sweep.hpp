// `fleng sweep`: runs one program on the simulated machine for every configuration of a
// SweepPlan, side by side on the host's cores (oneTBB; each configuration is one deterministic
// simulation), and writes one CSV row per configuration as it finishes; at the end the rows
// are put in the order of the plan, and the JSON results, gnuplot figures and the HTML report
// are written.
// `resume` keeps the rows already in the CSV file and runs only the missing configurations.
// Under mpirun the configurations are spread over the job's ranks (sweep_ranks.hpp).
#pragma once

#include <iosfwd>
#include <string>

#include "kernel/machine_description.hpp"
#include "sweep/configuration_run.hpp"
#include "sweep/sweep_plan.hpp"

namespace fleng::sweep {

struct SweepOptions {
  Program program;
  kernel::MachineDescription base;  ///< --machine and --set applied
  SweepPlan plan;
  std::string csv_path;
  std::string json_path;  ///< "" for none
  std::string plot_path;  ///< "" for none; see sweep_plot.hpp for the files written
  std::string report_path;   ///< "" for none; the HTML page of sweep_report.hpp
  std::string command_line;  ///< as typed, shown in the report
  bool resume = false;
  unsigned jobs = 0;      ///< host threads; 0 = one per core
};

class SweepRanks;

/// Exit status: 0 when every configuration ran and succeeded; 1 when one failed (its row says
/// why), the sweep was interrupted, or an option or a file was wrong (message on `log`,
/// starting with `fleng: `). The output files and every configuration's machine are checked
/// before anything runs.
/// With `ranks` (rank 0 of an MPI job, sweep_ranks.hpp), the configurations are handed out to
/// every rank, and this one writes what the others send; `ranks` must not be started yet.
int run_sweep(const SweepOptions& options, std::ostream& log, bool terminal,
              SweepRanks* ranks = nullptr);

/// Every rank but 0 of an MPI job: runs the configurations rank 0 hands out and sends their
/// results back; writes nothing but errors. Exit status 0, or 1 when this rank could not
/// start (its error is sent to rank 0, which reports it).
int follow_sweep(const SweepOptions& options, SweepRanks& ranks);

}  // namespace fleng::sweep
