// `fleng run`: loads the files, runs the goal on one Inference Unit, prints the error or
// deadlock report on stderr and, with --stats, the statistics on stderr (text) or stdout (json).
#include "app/run_command.hpp"

#include <csignal>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kernel/session.hpp"

namespace fleng::app {

namespace {

kernel::Session* g_session = nullptr;

extern "C" void on_interrupt(int) {
  if (g_session != nullptr) g_session->interrupt();
}

nlohmann::json stats_json(const kernel::QueryResult& r) {
  const double seconds = std::chrono::duration<double>(r.elapsed).count();
  nlohmann::json j;
  j["engine"] = "local";
  j["ius"] = 1;
  j["reductions"] = r.counters.reductions;
  j["builtin_calls"] = r.counters.builtin_calls;
  j["suspensions"] = r.counters.suspensions;
  j["activations"] = r.counters.activations;
  j["goals_spawned"] = r.counters.goals_spawned;
  j["suspension_rate"] = r.counters.reductions == 0
                             ? 0.0
                             : static_cast<double>(r.counters.suspensions) /
                                   static_cast<double>(r.counters.reductions);
  j["gc_collections"] = r.collections;
  j["peak_heap_bytes"] = r.peak_heap_bytes;
  j["elapsed_seconds"] = seconds;
  j["reductions_per_second"] =
      seconds > 0 ? static_cast<double>(r.counters.reductions) / seconds : 0.0;
  return j;
}

}  // namespace

int run_program(const RunOptions& options) {
  vm::IuOptions iu;
  iu.max_heap_cells = options.heap_mib * (std::size_t{1} << 20) / sizeof(vm::Cell);
  iu.initial_heap_cells = std::min(iu.initial_heap_cells, iu.max_heap_cells);
  iu.gc_stress = options.gc_stress;
  kernel::Session session(std::cout, std::cerr, iu);
  if (!session.load(options.files)) return kernel::kExitError;
  if (options.dump == "code") {
    std::cout << session.disassembly();
    return kernel::kExitSuccess;
  }
  g_session = &session;
  std::signal(SIGINT, on_interrupt);
  const auto result = session.run_query(options.goal);
  std::signal(SIGINT, SIG_DFL);
  g_session = nullptr;
  std::cout.flush();
  std::cerr << result.report;
  if (options.stats == "json") {
    std::cout << stats_json(result).dump() << '\n';
  } else if (options.stats == "text") {
    const auto j = stats_json(result);
    std::cerr << fmt::format(
        "-- statistics (engine local, 1 IU)\n"
        "reductions        {}\n"
        "builtin calls     {}\n"
        "suspensions       {}  (rate {:.4f})\n"
        "activations       {}\n"
        "goals spawned     {}\n"
        "gc collections    {}\n"
        "peak heap         {:.1f} MiB\n"
        "time              {:.3f} ms\n"
        "reductions/s      {:.0f}\n",
        result.counters.reductions, result.counters.builtin_calls, result.counters.suspensions,
        j["suspension_rate"].get<double>(), result.counters.activations,
        result.counters.goals_spawned, result.collections,
        static_cast<double>(result.peak_heap_bytes) / (1 << 20),
        std::chrono::duration<double, std::milli>(result.elapsed).count(),
        j["reductions_per_second"].get<double>());
  }
  return result.exit_code;
}

}  // namespace fleng::app
