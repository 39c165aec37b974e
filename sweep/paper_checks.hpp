// The conclusions of the PIE64 paper's evaluation (Murakami et al., "Load Distribution System
// of PIE64", about 1994, section 6), checked against a sweep's results with stated, mechanical
// criteria: the same criteria as bench/pie64_summary.py (docs/evaluation-pie64.md), plus two
// the paper could not measure (the makespan): whether dynamic partitioning shortens the run of
// the program without annotations, and which thresholds give the shortest runs. The verdicts
// are what the numbers say; a conclusion the model does not reproduce is reported, not an error.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sweep/csv.hpp"

namespace fleng::sweep {

enum class Verdict { Holds, Partly, Fails, NotChecked, Information };

struct PaperCheck {
  PaperCheck() = default;
  PaperCheck(std::string name_of_check, std::string how_decided)
      : name(std::move(name_of_check)), criterion(std::move(how_decided)) {}

  std::string name;       ///< "(a) static partitioning reduces UNIRED stall and NIP time"
  std::string criterion;  ///< how it is decided, in one sentence
  Verdict verdict = Verdict::NotChecked;
  int hits = 0;   ///< cases where it holds
  int total = 0;  ///< cases looked at
  std::vector<std::string> details;  ///< the numbers, one line per IU count or setting
};

/// "holds", "partly (3 of 6)", "does not hold", "not checked", "measured".
std::string verdict_text(const PaperCheck& check);

/// The checks for the successful rows of `table` (exit_code 0). They need the columns ius,
/// static (off and on), threshold (two values at least) and the statistics of the simulator;
/// a check whose configurations are missing is NotChecked, with the reason in `details`.
/// Other swept parameters: each combination of their values is checked on its own (the name
/// of each check then ends with it, e.g. "[set.mp.fifo_period=1]").
std::vector<PaperCheck> check_paper_conclusions(const CsvTable& table, std::size_t parameter_count);

}  // namespace fleng::sweep
