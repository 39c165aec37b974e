// `fleng analyze FILE`: the static load partitioning of a program, printed as the annotated
// program in canonical layout (it parses and runs), with --explain and --dot.
#pragma once

#include <string>

namespace fleng::app {

struct AnalyzeOptions {
  std::string file;
  bool explain = false;     ///< per clause: the walks found and why each annotation
  std::string dot_file;     ///< write the data-flow graphs (Graphviz)
  bool modes = false;       ///< print the modes found for every predicate
};

/// Exit status 0, or 1 when the file has errors.
int run_analyze(const AnalyzeOptions& options);

}  // namespace fleng::app
