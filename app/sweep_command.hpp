// `fleng sweep FILE... -g GOAL --ius 4,16,64 --static off,on --thresholds 1,2,...
// -o results.csv [--json F] [--plot F.svg] [--report F.html] [--sweep set.KEY=V1,V2] [--resume]`: the threshold
// sweeps of the PIE64 paper's evaluation (sweep/ does the work). Under `mpirun -np R` the
// configurations are spread over the R ranks (sweep/sweep_ranks.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fleng::app {

struct SweepCommandOptions {
  std::vector<std::string> files;
  std::string goal = "main";
  std::uint64_t seed = 0;  ///< of the random builtins
  std::string ius;         ///< comma-separated lists, "" when not swept
  std::string statics;
  std::string thresholds;
  std::vector<std::string> sweeps;    ///< --sweep NAME=V1,V2,...
  std::vector<std::string> settings;  ///< --set key=value, the same for every configuration
  std::string machine_file;
  std::optional<std::size_t> heap_mib;
  std::string csv_path;
  std::string json_path;
  std::string plot_path;
  std::string report_path;
  std::string command_line;  ///< for the report
  bool resume = false;
  unsigned jobs = 0;
};

int run_sweep_command(const SweepCommandOptions& options);

}  // namespace fleng::app
