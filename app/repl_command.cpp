// The REPL: `?- ` prompt with GNU readline (history in ~/.fleng_history), goals may span lines
// until the final `.`, each runs to quiescence and its bindings print. Commands start with `:`.
// Ctrl-C interrupts a running goal (or clears the line at the prompt); Ctrl-D quits. When
// standard input is not a terminal, goals are read from it without prompts. Nothing a user
// types ends the REPL but :quit and Ctrl-D: an error, even std::bad_alloc, is reported and the
// REPL carries on.
#include "app/repl_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <readline/history.h>
#include <readline/readline.h>

#include "app/machine_options.hpp"
#include "frontend/goal_text.hpp"
#include "kernel/heap_memory.hpp"
#include "kernel/session.hpp"

namespace fleng::app {

namespace {

kernel::Session* g_session = nullptr;
volatile std::sig_atomic_t g_running = 0;

extern "C" void on_sigint(int) {
  if (g_running != 0) {
    if (g_session != nullptr) g_session->interrupt();
    return;
  }
  // At the prompt: drop the line being typed and show a fresh prompt.
  rl_replace_line("", 0);
  rl_crlf();
  rl_on_new_line();
  rl_redisplay();
}

std::string history_file() {
  const char* home = std::getenv("HOME");
  return home != nullptr ? std::string(home) + "/.fleng_history" : std::string(".fleng_history");
}

std::string trim(std::string s) {
  const auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return {};
  const auto end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

/// True when the text typed so far ends a goal: a final `.` that is not part of a symbol atom.
bool complete(const std::string& text) {
  const std::string t = trim(text);
  if (t.empty() || t.back() != '.') return false;
  if (t.size() == 1) return true;
  static const std::string kSymbolChars = "+-*/\\^<>=~:.?@#&$";
  return kSymbolChars.find(t[t.size() - 2]) == std::string::npos;
}

const char* kHelp =
    "Enter a goal ending with '.', e.g.  ?- append(X, Y, [1,2]).  or  ?- primes(30, Ps).\n"
    "Commands:\n"
    "  :load FILE...          load files (replacing what was loaded)\n"
    "  :reload                load the same files again\n"
    "  :listing [Name[/Arity]] show the loaded clauses\n"
    "  :stats                 statistics of the last goal\n"
    "  :engine local|sim|threads  one IU (local), the simulated PIE64 (sim), or the machine\n"
    "                         on host threads (threads: as many IUs as workers)\n"
    "  :ius N                 Inference Units (implies :engine sim unless threads)\n"
    "  :workers K             host worker threads (implies :engine threads)\n"
    "  :static on|off         the program's placements, or naive partitioning\n"
    "  :threshold T           dynamic partitioning threshold\n"
    "  :set key=value         any machine description key (see docs/machine.md)\n"
    "  :trace FILE|off        write each goal's timeline to FILE (sim, threads; Perfetto)\n"
    "  :trace goals [N]|off   print each reduction, suspension and wake-up (local engine;\n"
    "                         at most N lines per goal, default 10000)\n"
    "  :seed [N]              show or set the seed of random/1 and the other random builtins\n"
    "  :help                  this text\n"
    "  :quit                  leave (Ctrl-D too)\n"
    "Ctrl-C stops a running goal.\n";

class Repl {
 public:
  Repl(kernel::Session& session, bool interactive)
      : session_(session), interactive_(interactive) {}

  int run() {
    if (interactive_) {
      std::cout << "fleng 0.1.0 -- type :help for help, Ctrl-D to quit\n";
      using_history();
      read_history(history_file().c_str());
    }
    std::string pending;
    for (;;) {
      std::string line;
      if (!read_line(pending.empty() ? "?- " : "|  ", line)) break;
      if (pending.empty()) {
        const std::string t = trim(line);
        if (t.empty()) continue;
        if (t.front() == ':') {
          remember(t);
          if (!guarded([&] { return command(t); })) break;
          continue;
        }
      }
      pending += line;
      pending += '\n';
      // Every goal of the text runs, in order (`X = 1. Y = 2.`); a goal still being typed
      // (no final `.` yet) waits for the next line.
      const frontend::GoalTexts split = frontend::split_goals(pending);
      if (split.scan_error ? !complete(pending) : (split.goals.empty() || !split.rest.empty())) {
        continue;
      }
      remember(trim(pending));
      pending.clear();
      for (const std::string& goal : split.goals) {
        // (a goal that could not run, e.g. out of memory, does not stop the others)
        if (!guarded([&] { return query(trim(goal)); })) break;
      }
    }
    if (interactive_) {
      write_history(history_file().c_str());
      std::cout << '\n';
    }
    return exit_status_;
  }

 private:
  /// Runs `step` (a command or a goal); an exception is reported and the REPL goes on.
  template <class Step>
  bool guarded(Step step) {
    try {
      return step();
    } catch (const std::bad_alloc&) {
      report_failure("out of memory (std::bad_alloc): the machine's heaps could not be reserved; "
                     "lower :ius, :workers or heap_cells");
    } catch (const std::exception& e) {
      report_failure(std::string("internal error: ") + e.what());
    }
    return true;
  }

  void report_failure(const std::string& message) {
    g_running = 0;
    std::cout.flush();
    std::cout << "error: " << message << '\n';
    std::cout.flush();
    if (!interactive_) exit_status_ = kernel::kExitError;
  }

  bool read_line(const char* prompt, std::string& line) {
    if (interactive_) {
      char* text = readline(prompt);
      if (text == nullptr) return false;
      line = text;
      std::free(text);
      return true;
    }
    return static_cast<bool>(std::getline(std::cin, line));
  }

  void remember(const std::string& entry) {
    if (interactive_) add_history(entry.c_str());
  }

  /// Runs one goal and prints its answer; false when it halted (the goals after it do not run).
  bool query(const std::string& goal) {
    // The threads engine's heaps (1 GiB per IU) lowered to a share of the host's memory when
    // there are many IUs, as `fleng run` does.
    auto& heap = session_.options();
    const auto& engine = session_.engine();
    heap.max_heap_cells = kernel::fair_heap_cells(engine.threads ? engine.machine.ius : 1,
                                                  vm::IuOptions{}.max_heap_cells);
    heap.initial_heap_cells = std::min(vm::IuOptions{}.initial_heap_cells, heap.max_heap_cells);
    g_running = 1;
    last_ = session_.run_query(goal, "<query>");
    g_running = 0;
    std::cout.flush();
    if (!last_->report.empty()) std::cout << last_->report;
    if (last_->status == vm::RunStatus::Success || last_->status == vm::RunStatus::Deadlock) {
      for (const auto& [name, value] : last_->bindings) std::cout << name << " = " << value << '\n';
      if (last_->status == vm::RunStatus::Success && last_->bindings.empty()) {
        std::cout << "true.\n";
      }
    }
    if (last_->status == vm::RunStatus::Halt) {
      exit_status_ = last_->exit_code;
    } else if (!interactive_ && last_->exit_code != 0) {
      exit_status_ = last_->exit_code;  // a script reports its last failure
    }
    std::cout.flush();
    return last_->status != vm::RunStatus::Halt;
  }

  /// Runs a `:command`; false to quit.
  bool command(const std::string& text) {
    std::istringstream in(text.substr(1));
    std::string name;
    in >> name;
    std::vector<std::string> args;
    for (std::string a; in >> a;) args.push_back(a);
    if (name == "quit" || name == "q" || name == "halt") return false;
    if (name == "help" || name == "h") {
      std::cout << kHelp;
    } else if (name == "load" || name == "l") {
      if (args.empty()) {
        std::cout << "usage: :load FILE...\n";
      } else if (session_.load(args)) {
        std::cout << fmt::format("loaded {}\n", fmt::join(args, ", "));
      }
    } else if (name == "reload" || name == "r") {
      if (session_.files().empty()) {
        std::cout << "nothing loaded yet\n";
      } else if (session_.reload()) {
        std::cout << fmt::format("reloaded {}\n", fmt::join(session_.files(), ", "));
      }
    } else if (name == "listing") {
      std::string predicate = args.empty() ? "" : args.front();
      std::optional<std::uint32_t> arity;
      if (const auto slash = predicate.rfind('/'); slash != std::string::npos) {
        try {
          arity = static_cast<std::uint32_t>(std::stoul(predicate.substr(slash + 1)));
          predicate = predicate.substr(0, slash);
        } catch (const std::exception&) {
          std::cout << "usage: :listing [Name[/Arity]]\n";
          return true;
        }
      }
      const std::string clauses = session_.listing(predicate, arity);
      std::cout << (clauses.empty() ? "no such clauses loaded\n" : clauses);
    } else if (name == "engine" || name == "ius" || name == "static" || name == "threshold" ||
               name == "set" || name == "workers") {
      machine_command(name, args);
    } else if (name == "trace") {
      trace_command(args);
    } else if (name == "seed") {
      seed_command(args);
    } else if (name == "stats") {
      if (!last_) {
        std::cout << "no goal run yet\n";
      } else if (!last_->sim_statistics.is_null() && last_->sim_statistics["engine"] == "threads") {
        const auto& j = last_->sim_statistics;
        std::cout << fmt::format(
            "threads engine: {} IUs on {} workers, static {}, threshold {}\n"
            "time {:.3f} ms, reductions {}, suspensions {} (rate {:.4f}), messages {}, goals sent "
            "{}, gc collections {}\n",
            j["ius"].get<unsigned>(), j["workers"].get<unsigned>(), j["static"].get<std::string>(),
            j["threshold"].get<unsigned>(), j["elapsed_seconds"].get<double>() * 1e3,
            j["reductions"].get<std::uint64_t>(), j["suspensions"].get<std::uint64_t>(),
            j["suspension_rate"].get<double>(), j["messages"].get<std::uint64_t>(),
            j["goals_sent"].get<std::uint64_t>(), j["gc_collections"].get<std::uint64_t>());
      } else if (!last_->sim_statistics.is_null()) {
        const auto& j = last_->sim_statistics;
        std::cout << fmt::format(
            "simulated PIE64: {} IUs, static {}, threshold {}\n"
            "makespan {} cycles, reductions {}, suspensions {} (rate {:.4f})\n"
            "UNIRED running {} cycles, stalled {} cycles ({} remote reads)\n"
            "NIP running {} cycles, MP busy {} cycles, messages {} in {} packets, goals sent {}\n",
            j["ius"].get<unsigned>(), j["static"].get<std::string>(),
            j["threshold"].get<unsigned>(), j["makespan_cycles"].get<std::uint64_t>(),
            j["reductions"].get<std::uint64_t>(), j["suspensions"].get<std::uint64_t>(),
            j["suspension_rate"].get<double>(), j["unired_run_cycles"].get<std::uint64_t>(),
            j["unired_stall_cycles"].get<std::uint64_t>(), j["remote_reads"].get<std::uint64_t>(),
            j["nip_run_cycles"].get<std::uint64_t>(), j["mp_cycles"].get<std::uint64_t>(),
            j["messages"].get<std::uint64_t>(), j["packets"].get<std::uint64_t>(),
            j["goals_sent"].get<std::uint64_t>());
      } else {
        const auto& c = last_->counters;
        const double ms = std::chrono::duration<double, std::milli>(last_->elapsed).count();
        std::cout << fmt::format(
            "reductions {}, builtin calls {}, suspensions {}, activations {}, goals spawned {},\n"
            "gc collections {}, peak heap {:.1f} MiB, time {:.3f} ms\n",
            c.reductions, c.builtin_calls, c.suspensions, c.activations, c.goals_spawned,
            last_->collections, static_cast<double>(last_->peak_heap_bytes) / (1 << 20), ms);
      }
    } else {
      std::cout << fmt::format("unknown command :{} (try :help)\n", name);
    }
    return true;
  }

  /// :trace FILE (every later goal on the sim or threads engine rewrites FILE), :trace off.
  void trace_command(const std::vector<std::string>& args) {
    auto& engine = session_.engine();
    if (!args.empty() && args[0] == "goals") {
      trace_goals_command(args);
      return;
    }
    if (args.size() != 1) {
      std::cout << "usage: :trace FILE|off\n";
      return;
    }
    if (args[0] == "off") {
      engine.trace_file.clear();
      std::cout << "trace off\n";
      return;
    }
    engine.trace_file = args[0];
    std::cout << fmt::format("trace of each goal to {}{}\n", args[0],
                             engine.simulated || engine.threads
                                 ? ""
                                 : " (on the sim and threads engines; now local)");
  }

  /// :trace goals [N], :trace goals off: the trace of each reduction (vm/goal_trace.cpp).
  void trace_goals_command(const std::vector<std::string>& args) {
    auto& options = session_.options();
    if (args.size() > 2) {
      report_failure("usage: :trace goals [N]|off");
      return;
    }
    if (args.size() == 2 && args[1] == "off") {
      options.trace_goals = nullptr;
      std::cout << "trace of goals off\n";
      return;
    }
    if (args.size() == 2) {
      const std::string& text = args[1];
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc{} || end != text.data() + text.size() || value == 0) {
        report_failure(fmt::format(":trace goals: '{}' is not a positive number of lines", text));
        return;
      }
      options.trace_limit = value;
    }
    options.trace_goals = &std::cerr;
    const auto& engine = session_.engine();
    std::cout << fmt::format("trace of goals on stderr, at most {} lines per goal{}\n",
                             options.trace_limit,
                             engine.simulated || engine.threads ? " (on the local engine; now another)"
                                                                : "");
  }

  /// :seed [N]: the seed of the random builtins (the same seed, the same numbers on every engine).
  void seed_command(const std::vector<std::string>& args) {
    auto& seed = session_.options().seed;
    if (args.size() > 1) {
      report_failure("usage: :seed [N]");
      return;
    }
    if (args.size() == 1) {
      const std::string& text = args.front();
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc{} || end != text.data() + text.size()) {
        report_failure(fmt::format(":seed: '{}' is not an integer from 0 to {}", text, UINT64_MAX));
        return;
      }
      seed = value;
    }
    std::cout << "seed " << seed << '\n';
  }

  /// :engine, :ius, :workers, :static, :threshold, :set.
  void machine_command(const std::string& name, const std::vector<std::string>& args) {
    auto& engine = session_.engine();
    auto use_threads = [&](unsigned workers) {
      const bool was_threads = engine.threads;
      engine.simulated = false;
      engine.threads = true;
      engine.workers = workers != 0 ? workers : std::max(1U, std::thread::hardware_concurrency());
      if (!was_threads) engine.machine.set("ius=" + std::to_string(engine.workers));
    };
    try {
      if (name == "engine") {
        if (args.size() != 1 || (args[0] != "local" && args[0] != "sim" && args[0] != "threads")) {
          std::cout << "usage: :engine local|sim|threads\n";
          return;
        }
        if (args[0] == "threads") {
          use_threads(engine.workers);
        } else {
          engine.simulated = args[0] == "sim";
          engine.threads = false;
        }
      } else if (name == "workers") {
        const unsigned long k = args.size() == 1 ? std::stoul(args[0]) : 0;
        if (k < 1 || k > 256) {
          std::cout << "usage: :workers K  (1..256)\n";
          return;
        }
        use_threads(static_cast<unsigned>(k));
      } else if (args.size() != 1) {
        std::cout << fmt::format("usage: :{} VALUE\n", name);
        return;
      } else if (name == "set") {
        engine.machine.set(args[0]);
        // `:set ius=16` is `:ius 16`: a key means the same however it is given.
        if (assigned_key(args[0]) == "ius" && !engine.threads) engine.simulated = true;
      } else {
        engine.machine.set(name + "=" + args[0]);
        if (name == "ius" && !engine.threads) engine.simulated = true;
      }
    } catch (const std::exception& e) {
      std::cout << "error: " << e.what() << '\n';
      return;
    }
    const std::string partitioning =
        fmt::format("static {}, threshold {}", engine.machine.static_partitioning ? "on" : "off",
                    engine.machine.threshold);
    if (engine.threads) {
      std::cout << fmt::format("engine threads: {} IUs on {} workers, {}\n", engine.machine.ius,
                               engine.workers, partitioning);
    } else if (engine.simulated) {
      std::cout << fmt::format("engine sim: {} IUs, {}\n", engine.machine.ius, partitioning);
    } else {
      std::cout << "engine local (one IU)\n";
    }
  }

  kernel::Session& session_;
  bool interactive_;
  std::optional<kernel::QueryResult> last_;
  int exit_status_ = 0;
};

}  // namespace

int run_repl(const std::vector<std::string>& files, const std::vector<std::string>& program_args,
             std::uint64_t seed) {
  vm::IuOptions options;
  options.program_args = program_args;
  options.seed = seed;
  kernel::Session session(std::cout, std::cout, options);
  if (!files.empty() && !session.load(files)) {
    // Keep going with what loaded: the user can fix the file and :reload.
    std::cout << "(some files did not load)\n";
  }
  const bool interactive = isatty(STDIN_FILENO) != 0;
  g_session = &session;
  rl_catch_signals = 0;
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  Repl repl(session, interactive);
  const int status = repl.run();
  g_session = nullptr;
  return status;
}

}  // namespace fleng::app
