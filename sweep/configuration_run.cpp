// Running one configuration of a sweep (see configuration_run.hpp).
#include "sweep/configuration_run.hpp"

#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "kernel/session.hpp"

namespace fleng::sweep {

namespace {

std::string first_line(const std::string& text) {
  const auto end = text.find('\n');
  return text.substr(0, end);
}

}  // namespace

ConfigurationResult run_configuration(const Program& program,
                                      const kernel::MachineDescription& machine) {
  ConfigurationResult result;
  const auto start = std::chrono::steady_clock::now();
  std::ostringstream out;
  std::ostringstream err;
  try {
    kernel::Session session(out, err);
    session.options().seed = program.seed;
    session.engine().simulated = true;
    session.engine().machine = machine;
    if (!session.load(program.files)) {
      result.exit_code = kernel::kExitError;
      result.error = first_line(err.str());
    } else {
      const auto query = session.run_query(program.goal);
      result.exit_code = query.exit_code;
      result.error = first_line(query.report);
      result.statistics = query.sim_statistics;
    }
  } catch (const std::exception& e) {
    result.exit_code = kernel::kExitError;
    result.error = fmt::format("internal error: {}", e.what());
  }
  result.output = out.str();
  result.host_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string output_digest(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", hash);
}

}  // namespace fleng::sweep
