// read_program: the files of a program and those they include, checked for cycles.
#include "frontend/program_files.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "frontend/directives.hpp"

namespace fleng::frontend {

namespace {

namespace fs = std::filesystem;

/// A path that names a file the same way however it was reached (`a/../b.fl` is `b.fl`).
std::string identity_of(const fs::path& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? fs::absolute(path, ec).lexically_normal().string() : canonical.string();
}

class Reader {
 public:
  explicit Reader(ProgramFiles& program) : program_(program) {
    for (const auto& file : program_.files) seen_.push_back(identity_of(file->program.file_name));
  }

  void read_file(const std::string& path) {
    const std::string identity = identity_of(path);
    if (std::find(seen_.begin(), seen_.end(), identity) != seen_.end()) return;
    seen_.push_back(identity);
    add(std::make_unique<ParseResult>(parse_file(path)), fs::path(path).parent_path(), identity);
  }

  void add(std::unique_ptr<ParseResult> parsed, const fs::path& directory,
           const std::string& identity) {
    ParseResult& file = *parsed;
    program_.files.push_back(std::move(parsed));
    check_directives(file.program, file.diagnostics);
    chain_.push_back({identity, file.program.file_name});
    for (const auto& item : file.program.items) {
      const auto* directive = std::get_if<Directive>(&item);
      if (directive == nullptr) continue;
      const auto name = included_file(*directive);
      if (!name || name->empty()) continue;
      include(file, *directive, directory / *name);
    }
    chain_.pop_back();
  }

 private:
  void include(ParseResult& from, const Directive& directive, const fs::path& path) {
    const std::string identity = identity_of(path);
    const auto in_chain = std::find_if(chain_.begin(), chain_.end(),
                                       [&](const auto& link) { return link.first == identity; });
    if (in_chain != chain_.end()) {
      std::string cycle;
      for (auto link = in_chain; link != chain_.end(); ++link) cycle += link->second + " includes ";
      from.diagnostics.error(directive.span,
                             fmt::format("include cycle: {}{}", cycle, path.string()));
      return;
    }
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      from.diagnostics.error(
          directive.span,
          fmt::format("cannot include {}: {}", path.string(),
                      fs::exists(path, ec) ? "it is not a regular file" : "no such file"));
      return;
    }
    if (std::find(seen_.begin(), seen_.end(), identity) != seen_.end()) return;  // read once
    seen_.push_back(identity);
    add(std::make_unique<ParseResult>(parse_file(path.string())), path.parent_path(), identity);
  }

  ProgramFiles& program_;
  std::vector<std::string> seen_;
  /// The files being read, outermost first: identity and name as written.
  std::vector<std::pair<std::string, std::string>> chain_;
};

}  // namespace

bool ProgramFiles::ok() const {
  return std::all_of(files.begin(), files.end(), [](const auto& file) { return file->ok(); });
}

void ProgramFiles::print(std::ostream& out) const {
  for (const auto& file : files) file->diagnostics.print(out, file->source);
}

ProgramFiles read_program(const std::vector<std::string>& paths) {
  ProgramFiles program;
  Reader reader(program);
  for (const auto& path : paths) reader.read_file(path);
  return program;
}

void add_file(ProgramFiles& program, const std::string& path) {
  Reader reader(program);
  reader.read_file(path);
}

void add_parsed(ProgramFiles& program, std::unique_ptr<ParseResult> parsed,
                const std::string& base_directory) {
  Reader reader(program);
  const std::string identity = "<text>" + parsed->program.file_name;
  reader.add(std::move(parsed), fs::path(base_directory), identity);
}

ProgramFiles program_from_texts(const std::vector<std::pair<std::string, std::string>>& texts) {
  ProgramFiles program;
  for (const auto& [name, text] : texts) {
    auto parsed = std::make_unique<ParseResult>(parse_source(name, text));
    check_directives(parsed->program, parsed->diagnostics);
    program.files.push_back(std::move(parsed));
  }
  return program;
}

}  // namespace fleng::frontend
