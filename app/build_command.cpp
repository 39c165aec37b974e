// app/build_command.hpp: load as `fleng run` does on the local engine, emit C++, compile, and
// move the executable into place only when everything worked (nothing half-written).
#include "app/build_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "app/check_command.hpp"
#include "kernel/session.hpp"
#include "native/cpp_emitter.hpp"
#include "native/native_build.hpp"

namespace fleng::app {

namespace {

namespace fs = std::filesystem;

/// A C++ raw string literal of `text`, with a delimiter the text does not contain.
std::string raw_literal(const std::string& text) {
  std::string delimiter = "fleng";
  for (int i = 0; text.find(")" + delimiter + "\"") != std::string::npos; ++i) {
    delimiter = fmt::format("fleng{}", i);
  }
  return fmt::format("R\"{0}({1}){0}\"", delimiter, text);
}

/// The main() of the executable: the sources and the native program.
std::string main_source(const std::string& name,
                        const std::vector<std::pair<std::string, std::string>>& sources) {
  std::string text;
  text += "// The main() of a program compiled by `fleng build`: its sources, and run's options\n";
  text += "// (app/compiled_main.hpp). Generated; do not edit.\n";
  text += "#include \"app/compiled_main.hpp\"\n\n";
  text += "const fleng::vm::NativeProgram& fleng_native_program();\n\n";
  text += "int main(int argc, char** argv) {\n";
  text += "  const fleng::app::CompiledProgram program{\n";
  text += fmt::format("      {},\n", raw_literal(name));
  text += "      {\n";
  for (const auto& [file, contents] : sources) {
    text += fmt::format("          {{{}, {}}},\n", raw_literal(file), raw_literal(contents));
  }
  text += "      },\n";
  text += "      fleng_native_program()};\n";
  text += "  return fleng::app::compiled_program_main(argc, argv, program);\n";
  text += "}\n";
  return text;
}


}  // namespace

int run_build(const BuildOptions& options) {
  if (options.werror && run_check(CheckOptions{options.files, true}) != 0) return 1;
  native::Toolchain toolchain;
  try {
    toolchain = native::find_toolchain();
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return 1;
  }
  {
    // The executable's folder, before the minutes a large program's compile may take.
    std::error_code ec;
    const fs::path folder = fs::absolute(options.output, ec).parent_path();
    if (!fs::is_directory(folder, ec)) {
      std::cerr << "fleng: cannot write " << options.output << ": no folder " << folder.string()
                << '\n';
      return 1;
    }
  }
  kernel::Session session(std::cout, std::cerr);
  if (!session.load(options.files)) return 1;
  const auto sources = session.source_texts(false);
  std::string cpp;
  try {
    cpp = native::emit_cpp(session.image(), session.atoms(),
                           native::clause_text_of(session.source_texts(true)));
  } catch (const std::exception& e) {
    std::cerr << "fleng: internal error in the native back end: " << e.what() << '\n';
    return 1;
  }
  // The C++ in a folder of its own (kept with --keep-cpp), the executable written beside its
  // final name and renamed into place.
  std::error_code ec;
  fs::path folder;
  if (!options.cpp_folder.empty()) {
    folder = options.cpp_folder;
    fs::create_directories(folder, ec);
  } else {
    std::string pattern = (fs::temp_directory_path(ec) / "fleng-build-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      std::cerr << "fleng: cannot make a temporary folder in " << fs::temp_directory_path(ec) << '\n';
      return 1;
    }
    folder = pattern;
  }
  const fs::path native_cpp = folder / "native.cpp";
  const fs::path main_cpp = folder / "main.cpp";
  const std::string name = options.files.empty() ? std::string("program") : options.files.front();
  if (!native::write_source(native_cpp.string(), cpp) ||
      !native::write_source(main_cpp.string(), main_source(name, sources))) {
    std::cerr << "fleng: cannot write the generated C++ in " << folder.string() << '\n';
    if (options.cpp_folder.empty()) fs::remove_all(folder, ec);
    return 1;
  }
  const std::string partial = options.output + ".partial";
  const bool built = native::compile_executable(toolchain, {native_cpp.string(), main_cpp.string()},
                                                partial, std::cerr);
  if (options.cpp_folder.empty()) fs::remove_all(folder, ec);
  if (!built) {
    fs::remove(partial, ec);
    return 1;
  }
  fs::rename(partial, options.output, ec);
  if (ec) {
    std::cerr << "fleng: cannot write " << options.output << ": " << ec.message() << '\n';
    fs::remove(partial, ec);
    return 1;
  }
  return 0;
}

}  // namespace fleng::app
