// The code and the docs cite files of the repository only: no name of a file that users do not
// have (the project's planning notes, a path on the machine the project was written on), and
// every relative link of README.md and docs/*.md leads to a file or directory that exists.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include "../support/file_text.hpp"

namespace {

namespace fs = std::filesystem;

std::string slurp(const std::filesystem::path& path) { return fleng::test::file_text(path); }

const fs::path kRoot(FLENG_SOURCE_DIR);

bool cited_file(const fs::path& path) {
  static const std::vector<std::string> extensions = {".cpp", ".hpp", ".h", ".l", ".y", ".fl",
                                                      ".md", ".sh", ".py", ".txt", ".cmake", ".json"};
  const auto ext = path.extension().string();
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

TEST(Citations, NoFileOutsideTheRepositoryIsNamed) {
  // Spelled in pieces so that this file does not name them itself.
  const std::vector<std::string> outside = {std::string("FLENG") + ".md", std::string("ARCHITECTURE") + ".md",
                                            std::string("STYLE") + ".md", std::string("/work") + "/shared",
                                            std::string("seeds") + "/"};
  int files = 0;
  for (const char* top : {"frontend", "analyzer", "vm", "kernel", "netsim", "sweep", "app", "lib",
                          "examples", "docs", "scripts", "bench", "tests"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
      if (!entry.is_regular_file() || !cited_file(entry.path())) continue;
      const auto relative = fs::relative(entry.path(), kRoot).string();
      if (relative.starts_with("bench/results/")) continue;  // measurements as recorded
      const std::string text = slurp(entry.path());
      for (const auto& name : outside) {
        EXPECT_EQ(text.find(name), std::string::npos) << relative << " names " << name;
      }
      ++files;
    }
  }
  EXPECT_GT(files, 100);
}

TEST(Citations, EveryRelativeLinkOfTheDocsLeadsToAFile) {
  const std::regex link(R"(\]\(([^)#\s]+)(#[^)]*)?\))");
  std::vector<fs::path> pages = {kRoot / "README.md"};
  for (const auto& entry : fs::directory_iterator(kRoot / "docs")) {
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  }
  int links = 0;
  for (const auto& page : pages) {
    const std::string text = slurp(page);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator(); ++it) {
      const std::string target = (*it)[1].str();
      if (target.find("://") != std::string::npos || target.starts_with("mailto:")) continue;
      EXPECT_TRUE(fs::exists(page.parent_path() / target))
          << fs::relative(page, kRoot).string() << " links to " << target << ", which does not exist";
      ++links;
    }
  }
  EXPECT_GT(links, 10);
}

}  // namespace
