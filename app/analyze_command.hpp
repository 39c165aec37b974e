// `fleng analyze FILE...`: the static load partitioning of a program (its files analysed as one
// program, as `fleng run` loads them), printed as the annotated program in canonical layout (it
// parses and runs), with --explain and --dot.
#pragma once

#include <string>
#include <vector>

namespace fleng::app {

struct AnalyzeOptions {
  std::vector<std::string> files;
  bool explain = false;     ///< per clause: the walks found and why each annotation
  std::string dot_file;     ///< write the data-flow graphs (Graphviz)
  bool modes = false;       ///< print the modes found for every predicate
  /// --profile: the profiled loop iterations placed by this profile (the executor,
  /// analyzer/profile_placement.hpp) on top of the static partitioning.
  std::string profile_file;
};

/// Exit status 0, or 1 when the file has errors.
int run_analyze(const AnalyzeOptions& options);

}  // namespace fleng::app
