// `fleng run`: loads the files, runs the goal on one Inference Unit, prints the error or
// deadlock report on stderr and, with --stats, the statistics on stderr (text) or stdout (json).
// Every option is checked before anything runs; nothing ends in std::terminate (an exception,
// even std::bad_alloc, is reported as `fleng: ...` with exit status 1).
#include "app/run_command.hpp"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analyzer/placement_profile.hpp"
#include "analyzer/profile_placement.hpp"
#include "app/machine_options.hpp"
#include "app/program_output.hpp"
#include "kernel/heap_memory.hpp"
#include "kernel/mpi_transport.hpp"
#include "kernel/session.hpp"
#include "native/native_loader.hpp"

namespace fleng::app {

namespace {

kernel::Session* g_session = nullptr;
/// Ctrl-C seen before the goal started (while the library and the program were compiled).
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) {
  g_interrupted = 1;
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

void print_sim_stats(const nlohmann::json& j) {
  auto u = [&](const char* key) { return j[key].get<std::uint64_t>(); };
  std::cerr << fmt::format(
      "-- statistics (simulated PIE64: {} IUs, static {}, threshold {}, {} network)\n"
      "makespan          {} cycles ({:.1f} us at the UNIRED clock)\n"
      "reductions        {}\n"
      "suspensions       {}  (rate {:.4f})\n"
      "UNIRED running    {} cycles\n"
      "UNIRED stalled    {} cycles  ({} remote reads)\n"
      "NIP running       {} cycles\n"
      "MP busy           {} cycles\n"
      "messages          {}  ({} words, {} goals sent)\n"
      "packets           {}  ({} words, {:.2f} messages per packet; aggregation window {})\n"
      "host time         {:.3f} s  ({:.0f} ns per reduction)\n",
      u("ius"), j["static"].get<std::string>(), u("threshold"), j["network"].get<std::string>(),
      u("makespan_cycles"), j["makespan_us"].get<double>(), u("reductions"), u("suspensions"),
      j["suspension_rate"].get<double>(), u("unired_run_cycles"), u("unired_stall_cycles"),
      u("remote_reads"), u("nip_run_cycles"), u("mp_cycles"), u("messages"), u("words_sent"),
      u("goals_sent"), u("packets"), u("packet_words_sent"),
      u("packets") == 0 ? 0.0
                        : static_cast<double>(u("messages")) / static_cast<double>(u("packets")),
      u("aggregation_window"), j["host_seconds"].get<double>(), j["host_ns_per_reduction"].get<double>());
  const auto& per_iu = j["per_iu"];
  if (per_iu.size() <= 1) return;
  std::cerr << "   IU  reductions  susp  run_cycles  stall_cycles  nip_cycles  mp_cycles  goals_in\n";
  for (std::size_t i = 0; i < per_iu.size(); ++i) {
    const auto& s = per_iu[i];
    std::cerr << fmt::format("{:>5} {:>11} {:>5} {:>11} {:>13} {:>11} {:>10} {:>9}\n", i,
                             s["reductions"].get<std::uint64_t>(),
                             s["suspensions"].get<std::uint64_t>(),
                             s["unired_run_cycles"].get<std::uint64_t>(),
                             s["unired_stall_cycles"].get<std::uint64_t>(),
                             s["nip_run_cycles"].get<std::uint64_t>(),
                             s["mp_cycles"].get<std::uint64_t>(),
                             s["goals_received"].get<std::uint64_t>());
  }
}

void print_threads_stats(const nlohmann::json& j) {
  auto u = [&](const char* key) { return j[key].get<std::uint64_t>(); };
  std::uint64_t goals_given = 0;
  for (const auto& iu : j["per_iu"]) goals_given += iu["goals_given"].get<std::uint64_t>();
  std::cerr << fmt::format(
      "-- statistics (threads engine: {} IUs on {} workers, static {}, threshold {})\n"
      "time              {:.3f} ms  ({:.0f} reductions/s)\n"
      "reductions        {}\n"
      "suspensions       {}  (rate {:.4f})\n"
      "activations       {}\n"
      "messages          {}  ({} goals sent, {} given to idle IUs)\n"
      "gc collections    {}  ({:.3f} ms)\n"
      "peak heap         {:.1f} MiB\n",
      u("ius"), u("workers"), j["static"].get<std::string>(), u("threshold"),
      j["elapsed_seconds"].get<double>() * 1e3, j["reductions_per_second"].get<double>(),
      u("reductions"), u("suspensions"), j["suspension_rate"].get<double>(), u("activations"),
      u("messages"), u("goals_sent"), goals_given, u("gc_collections"), j["gc_seconds"].get<double>() * 1e3,
      static_cast<double>(u("peak_heap_bytes")) / (1 << 20));
  std::cerr << "  worker  reductions  suspensions  batches  transfers  steals  busy_ms  idle_ms\n";
  const auto& workers = j["per_worker"];
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const auto& s = workers[w];
    std::cerr << fmt::format("{:>8} {:>11} {:>12} {:>8} {:>10} {:>7} {:>8.1f} {:>8.1f}\n", w,
                             s["reductions"].get<std::uint64_t>(),
                             s["suspensions"].get<std::uint64_t>(),
                             s["batches"].get<std::uint64_t>(),
                             s["transfers"].get<std::uint64_t>(),
                             s["steals"].get<std::uint64_t>(),
                             s["busy_seconds"].get<double>() * 1e3,
                             s["idle_seconds"].get<double>() * 1e3);
  }
}

/// Whether `path` can be written (checked before the run, so that a long run does not end
/// with its trace lost); leaves no file behind that was not there.
bool can_write(const std::string& path) {
  std::error_code ignored;
  const bool existed = std::filesystem::exists(path, ignored);
  const bool ok = static_cast<bool>(std::ofstream(path, std::ios::app));
  if (ok && !existed) std::filesystem::remove(path, ignored);
  return ok;
}

/// The exit status once the program's output is flushed: 1, with the reason, if any of it could
/// not be written.
void print_mpi_stats(const nlohmann::json& j) {
  const auto reductions = j.value("reductions", std::uint64_t{0});
  const auto messages = j.value("messages_sent", std::uint64_t{0});
  const auto words = j.value("words_sent", std::uint64_t{0});
  const double seconds = j.value("elapsed_seconds", 0.0);
  std::cerr << fmt::format(
      "-- statistics (mpi engine: {} IUs on {} ranks, {} workers on rank 0, static {}, threshold {})\n"
      "reductions        {}\n"
      "suspensions       {}\n"
      "goals sent        {}  (to other ranks)\n"
      "messages          {}  ({:.4f} per reduction)\n"
      "bytes             {}  ({:.2f} per reduction)\n"
      "exports           {}  (variables named to other ranks)\n"
      "time              {:.3f} ms\n"
      "reductions/s      {:.0f}\n",
      j.value("ius", 0U), j.value("ranks", 1), j.value("workers", 1U), j.value("static", true) ? "on" : "off",
      j.value("threshold", 0U), reductions, j.value("suspensions", std::uint64_t{0}),
      j.value("goals_sent", std::uint64_t{0}), messages,
      reductions == 0 ? 0.0 : static_cast<double>(messages) / static_cast<double>(reductions),
      words * 8, reductions == 0 ? 0.0 : 8.0 * static_cast<double>(words) / static_cast<double>(reductions),
      j.value("exports", std::uint64_t{0}), seconds * 1e3,
      seconds > 0 ? static_cast<double>(reductions) / seconds : 0.0);
}

int finish_output(ProgramOutput& output, int exit_code) {
  if (output.finish()) return exit_code;
  std::cerr << "fleng: error: cannot write the program's output: " << output.error() << '\n';
  return kernel::kExitError;
}

unsigned default_workers() {
  return std::max(1U, std::thread::hardware_concurrency());
}

std::size_t mib_to_cells(std::size_t mib) { return mib * (std::size_t{1} << 20) / sizeof(vm::Cell); }

/// The local and threads engines' heap per IU and semispace: --heap, checked against the host's
/// memory for all IUs; without it the default (1 GiB), or less when the IUs would together
/// exceed the host's memory (threads with many IUs).
std::size_t host_heap_cells(const RunOptions& options, unsigned ius) {
  if (options.heap_mib) {
    kernel::check_heap_memory(ius, mib_to_cells(*options.heap_mib),
                              fmt::format("--heap {}", *options.heap_mib));
    return mib_to_cells(*options.heap_mib);
  }
  return kernel::fair_heap_cells(ius, vm::IuOptions{}.max_heap_cells);
}

/// The first and least usable heap per semispace on the host engines: --heap-min (no more than
/// the limit), or the default, within the limit.
std::size_t least_heap_cells(const RunOptions& options, std::size_t max_cells) {
  if (!options.heap_min_mib) return std::min(vm::IuOptions{}.initial_heap_cells, max_cells);
  const std::size_t cells = mib_to_cells(*options.heap_min_mib);
  if (cells > max_cells) {
    throw std::invalid_argument(fmt::format(
        "--heap-min {} MiB is more than the heap limit of {} MiB per semispace (--heap)",
        *options.heap_min_mib, max_cells * sizeof(vm::Cell) >> 20));
  }
  return cells;
}

/// The keys the options set, for the rule that a key is given once (machine_options.hpp).
std::vector<app::KeySource> keys_given_by_options(const RunOptions& options) {
  std::vector<app::KeySource> given;
  if (options.ius) given.emplace_back("ius", fmt::format("--ius {}", *options.ius));
  if (options.static_partitioning) {
    given.emplace_back("static", "--static " + *options.static_partitioning);
  }
  if (options.threshold) given.emplace_back("threshold", fmt::format("--threshold {}", *options.threshold));
  if (options.heap_mib) given.emplace_back("heap_cells", fmt::format("--heap {}", *options.heap_mib));
  return given;
}

int run_checked(const RunOptions& options);

}  // namespace

Engine chosen_engine(const RunOptions& options) {
  std::vector<GivenOption> given;
  if (options.ius) given.push_back({"ius", fmt::format("--ius {}", *options.ius)});
  if (options.workers) given.push_back({"workers", fmt::format("--workers {}", *options.workers)});
  if (options.static_partitioning) {
    given.push_back({"static", "--static " + *options.static_partitioning});
  }
  if (options.threshold) {
    given.push_back({"threshold", fmt::format("--threshold {}", *options.threshold)});
  }
  if (!options.machine_file.empty()) given.push_back({"machine", "--machine " + options.machine_file});
  for (const auto& assignment : options.settings) given.push_back({"set", "--set " + assignment});
  if (!options.trace_file.empty()) given.push_back({"trace", "--trace " + options.trace_file});
  if (!options.profile_file.empty()) given.push_back({"profile", "--profile " + options.profile_file});
  if (options.gc_stress) given.push_back({"gc-stress", "--gc-stress"});
  if (options.trace_goals) given.push_back({"trace-goals", "--trace-goals"});
  if (options.time_slice) {
    given.push_back({"time-slice", fmt::format("--time-slice {}", *options.time_slice)});
  }
  std::optional<Engine> named;
  if (options.engine) {
    named = engine_named(*options.engine);
    if (!named) throw std::invalid_argument("--engine " + *options.engine + ": not local, sim, threads or mpi");
  }
  return choose_engine(named, given);
}

void configure_engine(kernel::Session& session, Engine chosen, const RunOptions& options) {
  check_settings_given_once(options.settings, keys_given_by_options(options));
  auto& engine = session.engine();
  engine.simulated = chosen == Engine::Sim;
  engine.threads = chosen == Engine::Threads;
  engine.mpi = chosen == Engine::Mpi;
  if (chosen == Engine::Local) return;
  // The host engines' heaps are the host's (--heap, per IU); the simulator's its description's.
  const bool threads = engine.threads || engine.mpi;
  if (engine.threads) {
    engine.workers = options.workers.value_or(default_workers());
    // As many IUs as workers unless told otherwise.
    engine.machine.set("ius=" + std::to_string(options.ius.value_or(engine.workers)));
  }
  if (engine.mpi) {
    engine.workers = options.workers.value_or(0);  // per rank; 0: the rank's cores
    // As many IUs as ranks unless told otherwise (docs/distributed.md).
    engine.machine.set("ius=" + std::to_string(options.ius.value_or(
                                    static_cast<unsigned>(kernel::MpiTransport::world().size()))));
  }
  if (!options.machine_file.empty()) engine.machine.load(options.machine_file);
  // heap_cells given in the description or with --set: the threads engine's heap per IU
  // too (as --heap is), not only the simulator's.
  const bool heap_cells_given =
      engine.machine.heap_cells != kernel::MachineDescription{}.heap_cells ||
      std::any_of(options.settings.begin(), options.settings.end(),
                  [](const std::string& s) { return s.rfind("heap_cells=", 0) == 0; });
  if (options.ius) engine.machine.set("ius=" + std::to_string(*options.ius));
  if (options.static_partitioning) engine.machine.set("static=" + *options.static_partitioning);
  if (options.threshold) engine.machine.set("threshold=" + std::to_string(*options.threshold));
  if (options.heap_mib && !threads) {
    try {
      engine.machine.set("heap_cells=" + std::to_string(mib_to_cells(*options.heap_mib)));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("--heap {}: {}", *options.heap_mib, e.what()));
    }
  }
  for (const auto& assignment : options.settings) engine.machine.set(assignment);
  if (threads) {
    auto& threads_iu = session.options();
    threads_iu.max_heap_cells = heap_cells_given ? engine.machine.heap_cells
                                                 : host_heap_cells(options, engine.machine.ius);
    threads_iu.initial_heap_cells = least_heap_cells(options, threads_iu.max_heap_cells);
  }
  engine.trace_file = options.trace_file;
}

bool use_profile_file(kernel::Session& session, const std::string& path, std::ostream* explain) {
  auto read = analyzer::read_profile(path);
  if (!read.profile) {
    std::cerr << read.error << '\n';
    return false;
  }
  std::string explanation;
  const std::string error =
      session.use_profile(std::make_shared<const analyzer::PlacementProfile>(std::move(*read.profile)),
                          path, explain != nullptr ? &explanation : nullptr);
  if (!error.empty()) {
    std::cerr << error << '\n';
    return false;
  }
  if (explain != nullptr) *explain << explanation;
  return true;
}

int run_program(const RunOptions& options) {
  try {
    return run_checked(options);
  } catch (const std::bad_alloc&) {
    std::cout.flush();
    std::cerr << "fleng: out of memory (std::bad_alloc): the machine's heaps could not be reserved "
                 "or the run outgrew the host's memory; lower --ius, --heap or heap_cells (limit: "
              << kernel::format_bytes(kernel::heap_memory_limit().bytes) << ", "
              << kernel::heap_memory_limit().what << ")\n";
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "fleng: internal error: " << e.what() << '\n';
  }
  return kernel::kExitError;
}

namespace {

int run_checked(const RunOptions& options) {
  // Ctrl-C from the start: during loading it stops the run before the goal, as it stops the
  // goal (`interrupted`, exit status 1), instead of killing the process.
  std::signal(SIGINT, on_interrupt);
  vm::IuOptions iu;
  iu.program_args = options.program_args;
  Engine engine = Engine::Local;
  try {
    engine = chosen_engine(options);
    if (engine == Engine::Local) iu.max_heap_cells = host_heap_cells(options, 1);
    if (engine == Engine::Sim && options.heap_min_mib) {
      throw std::invalid_argument(
          "--heap-min is for the host engines: the simulator's heaps have their full size "
          "(heap_cells, --heap) from the start");
    }
    iu.initial_heap_cells = least_heap_cells(options, iu.max_heap_cells);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return kernel::kExitError;
  }
  iu.gc_stress = options.gc_stress;
  iu.seed = options.seed;
  if (options.trace_goals) iu.trace_goals = &std::cerr;
  iu.trace_limit = options.trace_limit;
  if (options.time_slice) iu.time_slice = *options.time_slice;
  ProgramOutput output(std::cout.rdbuf());
  std::ostream out(&output);
  // The mpi engine: rank 0 reports (load errors too); the other ranks' output goes to it.
  const bool other_rank = engine == Engine::Mpi && kernel::MpiTransport::world().rank() != 0;
  std::ostream no_output(nullptr);
  kernel::Session session(out, other_rank ? no_output : std::cerr, iu);
  try {
    configure_engine(session, engine, options);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return kernel::kExitError;
  }
  if (!options.trace_file.empty() && !can_write(options.trace_file)) {
    std::cerr << "fleng: cannot write the trace file " << options.trace_file << '\n';
    return kernel::kExitError;
  }
  if (!(options.embedded_sources.empty() ? session.load(options.files)
                                          : session.load_texts(options.embedded_sources))) {
    return kernel::kExitError;
  }
  if (options.native != nullptr && engine == Engine::Local && !options.trace_goals) {
    // A compiled program's native code, made from the program as this fleng compiles it.
    if (!vm::native_code_matches(*options.native, session.image())) {
      std::cerr << "fleng: the native code of this executable does not match its program as "
                   "compiled by the fleng it is linked with; build it again with fleng build\n";
      return kernel::kExitError;
    }
    session.options().native = options.native;
  }
  if (options.compiled && options.native == nullptr) {
    if (engine == Engine::Local && !options.trace_goals) {
      const vm::NativeProgram* program = native::load_native_code(
          session.image(), session.atoms(), native::clause_text_of(session.source_texts(true)),
          std::cerr);
      if (program == nullptr) return kernel::kExitError;
      session.options().native = program;
    } else if (!other_rank) {
      std::cerr << "fleng: note: --compiled is for the local engine; "
                << (options.trace_goals ? "--trace-goals" : "this engine")
                << " interprets the program\n";
    }
  }
  if (options.profile_form == "lookup") session.engine().profile_form = analyzer::ExecutorForm::Lookup;
  if (!options.profile_file.empty() &&
      !use_profile_file(session, options.profile_file,
                        options.explain && !other_rank ? &std::cerr : nullptr)) {
    return kernel::kExitError;
  }
  if (!options.profile_file.empty() && !session.engine().machine.static_partitioning && !other_rank) {
    // Naive partitioning sends every goal to the least-loaded IU, placed iterations too.
    std::cerr << "fleng: warning: --static off places every goal by the load: the profile's "
                 "placements are not followed (its tests still run)\n";
  }
  if (options.dump == "code") {
    out << session.disassembly();
    return finish_output(output, kernel::kExitSuccess);
  }
  g_session = &session;
  if (g_interrupted != 0) {
    g_session = nullptr;
    std::cerr << "interrupted\n";
    return kernel::kExitError;
  }
  const auto result = session.run_query(options.goal);
  std::signal(SIGINT, SIG_DFL);
  g_session = nullptr;
  out.flush();
  if (other_rank) return result.exit_code;  // rank 0 reports the run
  std::cerr << result.report;
  // The JSON statistics start a line of their own, after whatever the program wrote.
  if (options.stats == "json" && output.mid_line()) out << '\n';
  // A goal that never ran on a machine (a syntax error in it, say) has no statistics: the local
  // engine's block would name an engine that was not asked for.
  if (engine != Engine::Local && result.sim_statistics.is_null()) return finish_output(output, result.exit_code);
  if (!result.sim_statistics.is_null() && engine == Engine::Mpi) {
    if (options.stats == "json") {
      out << result.sim_statistics.dump() << '\n';
    } else if (options.stats == "text") {
      print_mpi_stats(result.sim_statistics);
    }
    return finish_output(output, result.exit_code);
  }
  if (!result.sim_statistics.is_null() && engine == Engine::Threads) {
    if (options.stats == "json") {
      out << result.sim_statistics.dump() << '\n';
    } else if (options.stats == "text") {
      print_threads_stats(result.sim_statistics);
    }
    return finish_output(output, result.exit_code);
  }
  if (!result.sim_statistics.is_null()) {
    // The JSON holds only simulated figures, so that two runs give the same bytes; the host's
    // time is in the text form (and measured from outside by bench/sim_speed.sh).
    if (options.stats == "json") {
      out << result.sim_statistics.dump() << '\n';
    } else if (options.stats == "text") {
      auto j = result.sim_statistics;
      j["host_seconds"] = std::chrono::duration<double>(result.elapsed).count();
      const auto reductions = j["reductions"].get<std::uint64_t>();
      j["host_ns_per_reduction"] = reductions == 0 ? 0.0
                                                   : j["host_seconds"].get<double>() * 1e9 /
                                                         static_cast<double>(reductions);
      print_sim_stats(j);
    }
    return finish_output(output, result.exit_code);
  }
  if (options.stats == "json") {
    out << stats_json(result).dump() << '\n';
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
  return finish_output(output, result.exit_code);
}

}  // namespace

}  // namespace fleng::app
