// Output shared by IUs running on several host threads: each IU writes through its own
// std::ostream (stream objects keep state, so they are not shared), and all of them through one
// unbuffered stream buffer that passes every write on to the real stream under a lock. The
// output builtins write a whole term at once, so a term is never cut by another IU's output,
// and a write is in the real stream before the builtin binds its `Done` variable.
#pragma once

#include <mutex>
#include <ostream>
#include <streambuf>

namespace fleng::kernel {

class SharedOutput final : public std::streambuf {
 public:
  explicit SharedOutput(std::ostream& target) : target_(target) {}

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::lock_guard lock(mutex_);
    target_.write(s, n);
    return target_ ? n : 0;
  }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const std::lock_guard lock(mutex_);
    target_.put(traits_type::to_char_type(c));
    return target_ ? c : traits_type::eof();
  }
  int sync() override {
    const std::lock_guard lock(mutex_);
    target_.flush();
    return target_ ? 0 : -1;
  }

 private:
  std::ostream& target_;
  std::mutex mutex_;
};

}  // namespace fleng::kernel
