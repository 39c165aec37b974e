// The whole text of a file, for tests that compare what a command wrote (one place for what
// five test files each wrote out).
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace fleng::test {

/// The bytes of `path` as text; empty if it cannot be read.
inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace fleng::test
