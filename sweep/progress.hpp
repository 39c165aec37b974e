// The sweep's progress on standard error: on a terminal one line redrawn in place (a bar,
// configurations done, elapsed time, estimated time remaining); otherwise one plain line per
// finished configuration, so that logs and pipes get readable text. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <string>

namespace fleng::sweep {

class Progress {
 public:
  /// `total` configurations to run in this invocation (skipped ones excluded).
  Progress(std::ostream& out, bool terminal, std::size_t total);

  /// One configuration finished; `what` describes it and its outcome.
  void finished(const std::string& what, bool failed);
  /// Ends the display (the terminal line is kept, followed by a newline).
  void close();

  /// The bar line for `done` of `total` after `elapsed` seconds (exposed for tests).
  static std::string bar_line(std::size_t done, std::size_t total, double elapsed_seconds,
                              std::size_t width = 30);

 private:
  std::ostream& out_;
  bool terminal_;
  std::size_t total_;
  std::size_t done_ = 0;
  std::size_t failed_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  bool closed_ = false;
};

/// `1m05s`, `12.3s`.
std::string format_duration(double seconds);

}  // namespace fleng::sweep
