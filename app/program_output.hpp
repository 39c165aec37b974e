// The program's standard output as `fleng run` hands it to the engines: every byte goes on to
// the real stdout, and this buffer remembers what `run` must know afterwards: whether a write
// failed (a full disk, a closed pipe: the run must not exit 0 with its output lost) and whether
// the output ended in the middle of a line (so that `--stats=json` starts a line of its own).
#pragma once

#include <cerrno>
#include <cstring>
#include <ostream>
#include <streambuf>
#include <string>

namespace fleng::app {

class ProgramOutput final : public std::streambuf {
 public:
  explicit ProgramOutput(std::streambuf* target) : target_(target) {}

  /// Flushes to the target; false (with the reason in error()) if any write failed.
  bool finish() {
    if (target_->pubsync() != 0) failed(errno);
    return error_.empty();
  }
  /// Why a write failed ("" if none did).
  [[nodiscard]] const std::string& error() const { return error_; }
  /// True when something was written and the last character was not a newline.
  [[nodiscard]] bool mid_line() const { return last_ != '\n' && last_ != 0; }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::streamsize written = target_->sputn(s, n);
    if (written != n) failed(errno);
    if (n > 0) last_ = s[n - 1];
    return n;  // the program goes on; the failure is reported when the run ends
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (traits_type::eq_int_type(target_->sputc(traits_type::to_char_type(c)),
                                 traits_type::eof())) {
      failed(errno);
    }
    last_ = traits_type::to_char_type(c);
    return c;
  }
  int sync() override {
    if (target_->pubsync() != 0) failed(errno);
    return 0;
  }

 private:
  void failed(int error_number) {
    if (error_.empty()) error_ = error_number != 0 ? std::strerror(error_number) : "write error";
  }

  std::streambuf* target_;
  std::string error_;
  char last_ = 0;
};

}  // namespace fleng::app
