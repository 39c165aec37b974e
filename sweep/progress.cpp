// Progress display of a sweep (see progress.hpp).
#include "sweep/progress.hpp"

#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace fleng::sweep {

std::string format_duration(double seconds) {
  if (seconds < 60) return fmt::format("{:.1f}s", seconds);
  const auto whole = static_cast<long>(std::lround(seconds));
  if (whole < 3600) return fmt::format("{}m{:02}s", whole / 60, whole % 60);
  return fmt::format("{}h{:02}m", whole / 3600, (whole % 3600) / 60);
}

Progress::Progress(std::ostream& out, bool terminal, std::size_t total)
    : out_(out), terminal_(terminal), total_(total), start_(std::chrono::steady_clock::now()) {
  if (terminal_ && total_ > 0) {
    out_ << '\r' << bar_line(0, total_, 0) << std::flush;
  }
}

std::string Progress::bar_line(std::size_t done, std::size_t total, double elapsed_seconds,
                               std::size_t width) {
  const std::size_t filled = total == 0 ? width : done * width / total;
  std::string bar(filled, '#');
  bar.append(width - filled, '.');
  std::string remaining = "?";
  if (done == total) {
    remaining = format_duration(0);
  } else if (done > 0) {
    remaining = format_duration(elapsed_seconds / static_cast<double>(done) *
                                static_cast<double>(total - done));
  }
  return fmt::format("[{}] {}/{} configurations, {} elapsed, ~{} remaining", bar, done, total,
                     format_duration(elapsed_seconds), remaining);
}

void Progress::finished(const std::string& what, bool failed) {
  const std::lock_guard lock(mutex_);
  ++done_;
  if (failed) ++failed_;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (terminal_) {
    if (failed) out_ << "\r\033[K" << "failed: " << what << '\n';
    out_ << "\r\033[K" << bar_line(done_, total_, elapsed) << std::flush;
  } else {
    out_ << fmt::format("sweep: {}/{} {} ({} elapsed)\n", done_, total_, what,
                        format_duration(elapsed))
         << std::flush;
  }
}

void Progress::close() {
  const std::lock_guard lock(mutex_);
  if (closed_) return;
  closed_ = true;
  if (terminal_ && total_ > 0) out_ << '\n' << std::flush;
}

}  // namespace fleng::sweep
