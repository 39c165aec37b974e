// native/native_loader.hpp: the cache of compiled programs, and loading one with dlopen.
#include "native/native_loader.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "native/native_build.hpp"

namespace fleng::native {

namespace {

namespace fs = std::filesystem;

/// The function the shared object exports (C linkage, so dlsym finds it by this name).
constexpr const char* kEntrySymbol = "fleng_loaded_native_program";

/// What ties a shared object to the fleng binary it was made for (it calls that binary's
/// runtime, whose layout another build may change): the binary's size and time of change.
std::uint64_t runtime_key() {
  struct stat st {};
  if (::stat("/proc/self/exe", &st) != 0) return 0;
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const std::uint64_t word : {static_cast<std::uint64_t>(st.st_size),
                                   static_cast<std::uint64_t>(st.st_mtim.tv_sec),
                                   static_cast<std::uint64_t>(st.st_mtim.tv_nsec),
                                   static_cast<std::uint64_t>(st.st_ino)}) {
    h = (h ^ word) * 0x100000001b3ULL;
  }
  return h;
}

/// The shared object at `path` loaded, and its program; null with the reason on `err`.
const vm::NativeProgram* open_object(const fs::path& path, std::ostream& err) {
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = ::dlerror();
    err << fmt::format("fleng: cannot load the compiled program {}: {}\n", path.string(),
                       why != nullptr ? why : "unknown error");
    return nullptr;
  }
  using Entry = const vm::NativeProgram* (*)();
  auto* entry = reinterpret_cast<Entry>(::dlsym(handle, kEntrySymbol));
  if (entry == nullptr) {
    err << fmt::format("fleng: the compiled program {} has no {}\n", path.string(), kEntrySymbol);
    ::dlclose(handle);
    return nullptr;
  }
  // Loaded for the rest of the process: its code runs until the program ends.
  return entry();
}

}  // namespace

fs::path native_cache_folder() {
  if (const char* given = std::getenv("FLENG_NATIVE_CACHE"); given != nullptr && *given != '\0') {
    return given;
  }
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return fs::path(xdg) / "fleng" / "native";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return fs::path(home) / ".cache" / "fleng" / "native";
  }
  std::error_code ec;
  return fs::temp_directory_path(ec) / "fleng-native";
}

const vm::NativeProgram* load_native_code(const vm::CodeImage& image, const vm::AtomTable& atoms,
                                          const ClauseText& clause_text, std::ostream& err,
                                          std::ostream* progress) {
  const std::uint64_t fingerprint = vm::image_fingerprint(image, vm::ImageExtent::of(image));
  const fs::path folder = native_cache_folder();
  const fs::path object = folder / fmt::format("{:016x}-{:016x}.so", fingerprint, runtime_key());
  std::error_code ec;
  if (!fs::exists(object, ec)) {
    Toolchain toolchain;
    try {
      toolchain = find_toolchain();
    } catch (const std::exception& e) {
      err << "fleng: " << e.what() << '\n';
      return nullptr;
    }
    std::string cpp;
    try {
      cpp = emit_cpp(image, atoms, clause_text);
    } catch (const std::exception& e) {
      err << "fleng: internal error in the native back end: " << e.what() << '\n';
      return nullptr;
    }
    cpp += fmt::format(
        "\n// The entry `fleng run --compiled` looks up (native/native_loader.cpp).\n"
        "extern \"C\" const fleng::vm::NativeProgram* {}() {{ return &fleng_native_program(); }}\n",
        kEntrySymbol);
    // Compiled in a folder of its own inside the cache (the same file system), then renamed
    // into place: a run never sees half an object, and runs at the same time do not collide.
    fs::create_directories(folder, ec);
    std::string pattern = (folder / "build-XXXXXX").string();
    if (ec || ::mkdtemp(pattern.data()) == nullptr) {
      err << fmt::format("fleng: cannot write the cache of compiled programs {}\n", folder.string());
      return nullptr;
    }
    const fs::path work = pattern;
    if (progress != nullptr) *progress << "% compiling the program to native code\n" << std::flush;
    const fs::path source = work / "native.cpp";
    const fs::path built = work / "native.so";
    const bool compiled = write_source(source.string(), cpp) &&
                          compile_shared_object(toolchain, {source.string()}, built.string(), err);
    std::error_code moved;
    if (compiled) fs::rename(built, object, moved);
    fs::remove_all(work, ec);
    if (!compiled) {
      err << "fleng: the program could not be compiled to native code (--compiled)\n";
      return nullptr;
    }
    if (moved) {
      err << fmt::format("fleng: cannot write the cache of compiled programs {}: {}\n",
                         folder.string(), moved.message());
      return nullptr;
    }
  }
  const vm::NativeProgram* program = open_object(object, err);
  if (program != nullptr && !vm::native_code_matches(*program, image)) {
    err << fmt::format("fleng: the compiled program {} does not match the program; remove it\n",
                       object.string());
    return nullptr;
  }
  return program;
}

}  // namespace fleng::native
