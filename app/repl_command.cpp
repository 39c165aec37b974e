// The REPL: `?- ` prompt with GNU readline (history in ~/.fleng_history), goals may span lines
// until the final `.`, each runs to quiescence and its answer prints in SWI-Prolog's layout
// (`X = f(1, _A),` / `Y = [1, 2].`, `true.` when nothing is bound). Commands start with `:`;
// `halt.` / `halt(N).` leave, `[user].` and `:add` add clauses, `help(Name).` prints the
// reference entry, `time(Goal).` times a goal. Ctrl-C interrupts a running goal (or clears the
// line at the prompt); Ctrl-D quits. When standard input is not a terminal, goals are read from
// it without prompts. Nothing a user types ends the REPL but halt, :quit and Ctrl-D: an error,
// even std::bad_alloc, is reported and the REPL carries on.
#include "app/repl_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <ranges>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <readline/history.h>
#include <readline/readline.h>

#include "app/builtin_help.hpp"
#include "app/engine_choice.hpp"
#include "app/machine_options.hpp"
#include "frontend/goal_text.hpp"
#include "frontend/parse.hpp"
#include "kernel/heap_memory.hpp"
#include "kernel/session.hpp"
#include "native/native_loader.hpp"
#include "vm/native_code.hpp"

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
    "Enter a goal ending with '.', for example:\n"
    "  ?- append([1, 2], [3], L).\n"
    "  ?- numlist(1, 10, Ns), sum_list(Ns, S).\n"
    "  ?- X = f(1, _), Y = [X, X].\n"
    "  ?- msort([c, a, b], L).\n"
    "  ?- time((numlist(1, 100000, _Ns), sum_list(_Ns, S))).\n"
    "  ?- help(append).\n"
    "The answer shows the variables of the goal, but not those whose names start with _.\n"
    "A goal commits to one clause and never backtracks: a goal whose input is unbound waits for\n"
    "it, so append(X, Y, [1, 2]) suspends (the REPL reports a deadlock) instead of enumerating.\n"
    "Goals:\n"
    "  help.                  this text\n"
    "  help(Name).  help(Name/Arity).   the reference entry of a builtin or library predicate\n"
    "  time(Goal).            run Goal, then print its reductions and seconds\n"
    "  [user].                type clauses to add, end with Ctrl-D (or end_of_file.)\n"
    "  halt.  halt(N).        leave the REPL (exit status 0, N)\n"
    "Commands:\n"
    "  :load FILE...          load files (replacing what was loaded)\n"
    "  :reload                load the same files again (dropping the clauses added)\n"
    "  :add CLAUSE            add a clause, kept until :reload or :load\n"
    "  :listing [Name[/Arity]] show the loaded clauses (a library predicate by name)\n"
    "  :help [NAME]           this text, or help(NAME)\n"
    "  :time GOAL             time(GOAL)\n"
    "  :stats                 statistics of the last goal\n"
    "  :engine [local|sim|threads]  show the engine and its settings, or change it: one IU\n"
    "                         (local), the simulated PIE64 (sim), or the machine on host\n"
    "                         threads (threads: as many IUs as workers)\n"
    "  :ius N                 Inference Units (sim or threads; from local, selects sim)\n"
    "  :workers K             host worker threads (selects threads)\n"
    "  :static on|off         the program's placements, or naive partitioning (as :ius)\n"
    "  :threshold T           dynamic partitioning threshold (as :ius)\n"
    "  :set key=value         any machine description key, docs/machine.md (as :ius)\n"
    "  :trace FILE|off        write each goal's timeline to FILE (as :ius; Perfetto)\n"
    "  :trace goals [N]|off   print each reduction, suspension and wake-up (local engine;\n"
    "                         at most N lines per goal, default 10000)\n"
    "  :seed [N]              show or set the seed of random/1 and the other random builtins\n"
    "  :quit                  leave (Ctrl-D too)\n"
    "Ctrl-C stops a running goal.\n";

/// A goal the REPL treats itself: `help(Name)`, `time(Goal)`, `[user]`.
struct TopGoal {
  enum class Kind { Query, Help, Time, ConsultUser } kind = Kind::Query;
  std::string argument;  ///< help: Name or Name/Arity; time: the goal's text
};

/// What `goal` (its text, with or without the final `.`) asks of the REPL. Decided on the
/// parsed goal, so `help (x)` or `time(a), b` are ordinary queries.
TopGoal classify(std::string goal) {
  goal = trim(goal);
  while (goal.starts_with('%')) {  // comment lines before the goal
    const auto newline = goal.find('\n');
    goal = newline == std::string::npos ? std::string() : trim(goal.substr(newline + 1));
  }
  if (!goal.empty() && goal.back() == '.') goal = trim(goal.substr(0, goal.size() - 1));
  if (goal == "[user]") return {TopGoal::Kind::ConsultUser, {}};
  if (goal == "help") return {TopGoal::Kind::Help, {}};  // as :help
  const bool help = goal.starts_with("help(");
  const bool time = goal.starts_with("time(");
  if ((!help && !time) || !goal.ends_with(')')) return {};
  auto parsed = frontend::parse_source("<query>", "'$query' :-\n" + goal + "\n.");
  if (!parsed.ok() || parsed.program.items.size() != 1) {
    // help(=/2), help(is/2): an operator needs parentheses to be an operand, (=)/2, but help
    // takes it as typed.
    if (help) return {TopGoal::Kind::Help, trim(goal.substr(5, goal.size() - 6))};
    return {};
  }
  const auto* clause = std::get_if<frontend::Clause>(&parsed.program.items.front());
  if (clause == nullptr || clause->body.size() != 1 || clause->body.front().placement) return {};
  const frontend::Term& term = *clause->body.front().term;
  if (term.kind != frontend::TermKind::Compound || term.args.size() != 1) return {};
  // The argument as typed: between `help(` / `time(` and the final `)`.
  const std::string inner = goal.substr(5, goal.size() - 6);
  if (term.text == "help") return {TopGoal::Kind::Help, trim(inner)};
  if (term.text == "time") {
    // Blanks where `time(` was, so that a message about the goal has the column as typed.
    std::string argument = std::string(5, ' ') + inner;
    // time((A, B)): the conjunction A, B (its parentheses become blanks too).
    const auto open = argument.find_first_not_of(" \t\n");
    const auto close = argument.find_last_not_of(" \t\n");
    if (term.args.front()->kind == frontend::TermKind::Compound && term.args.front()->text == "," &&
        open != std::string::npos && argument[open] == '(' && argument[close] == ')') {
      argument[open] = ' ';
      argument.erase(close);
    }
    return {TopGoal::Kind::Time, argument};
  }
  return {};
}

class Repl {
 public:
  Repl(kernel::Session& session, bool interactive, bool compiled)
      : session_(session), interactive_(interactive), compiled_(compiled) {}

  int run() {
    if (interactive_) {
      std::cout << "fleng 0.1.0 -- type :help for help, halt. or Ctrl-D to quit\n";
      using_history();
      read_history(history_file().c_str());
    }
    std::string pending;
    while (!quit_) {
      std::string line;
      if (!read_line(pending.empty() ? "?- " : "|  ", line)) break;
      if (pending.empty()) {
        const std::string t = trim(line);
        if (t.empty() || t.front() == '%') continue;  // a comment line (scripts) is no goal
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
        if (!guarded([&] { return top_goal(goal); })) {
          quit_ = true;  // halted: the goals after it do not run
          break;
        }
      }
    }
    if (interactive_) {
      write_history(history_file().c_str());
      if (!quit_) std::cout << '\n';
    }
    return exit_status_;
  }

 private:
  /// One goal typed at the prompt; false when it halted.
  bool top_goal(const std::string& goal) {
    const TopGoal what = classify(goal);
    switch (what.kind) {
      case TopGoal::Kind::Query: return query(trim(goal), false);
      case TopGoal::Kind::Time: return query(what.argument, true);
      case TopGoal::Kind::Help:
        if (what.argument.empty()) {
          std::cout << kHelp;
        } else {
          help(what.argument);
        }
        return true;
      case TopGoal::Kind::ConsultUser: consult_user(); return true;
    }
    return true;
  }

  /// help(Name), help(Name/Arity), :help NAME: the entries of the builtin reference.
  void help(const std::string& argument) {
    std::string name = argument;
    std::optional<std::uint32_t> arity;
    if (const auto slash = name.rfind('/'); slash != std::string::npos && slash > 0) {
      std::uint32_t n = 0;
      const std::string digits = trim(name.substr(slash + 1));
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
      if (ec == std::errc{} && end == digits.data() + digits.size() && !digits.empty()) {
        arity = n;
        name = trim(name.substr(0, slash));
      }
    }
    if (name.size() >= 2 && name.front() == '(' && name.back() == ')') {  // (=)/2
      name = trim(name.substr(1, name.size() - 2));
    }
    if (name.size() >= 2 && name.front() == '\'' && name.back() == '\'') {
      name = name.substr(1, name.size() - 2);
    }
    if (const auto text = builtin_help(name, arity)) {
      std::cout << *text;
      return;
    }
    const std::string shown = arity ? fmt::format("{}/{}", name, *arity) : name;
    std::string hint;
    if (const auto arities = builtin_arities(name); !arities.empty()) {
      hint = fmt::format(" ({} documents {})", name,
                         fmt::join(arities | std::views::transform([&](std::uint32_t a) {
                                     return fmt::format("{}/{}", name, a);
                                   }),
                                   ", "));
    } else if (!session_.listing(name, arity).empty()) {
      hint = fmt::format(" (a predicate of the program or the library: :listing {})", shown);
    }
    report_failure(fmt::format("no entry for {} in the builtin reference{}", shown, hint));
  }

  /// [user].: clauses typed until Ctrl-D (end of input) or a line `end_of_file.`, added to the
  /// program; their messages say `user:LINE:COLUMN`, LINE counted from the line after [user].
  void consult_user() {
    std::string text;
    for (std::string line;;) {
      if (!read_line("|: ", line)) {
        if (interactive_) std::cout << '\n';
        break;
      }
      if (trim(line) == "end_of_file.") break;
      text += line;
      text += '\n';
    }
    add_clauses(text);
  }

  void add_clauses(const std::string& text) {
    std::cout.flush();
    const auto added = session_.add_clauses("user", text);
    if (!added) {
      if (!interactive_) exit_status_ = kernel::kExitError;
      return;
    }
    std::cout << fmt::format("added {} clause{}\n", *added, *added == 1 ? "" : "s");
  }

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

  /// Runs one goal and prints its answer (then, when `timed`, its reductions and seconds);
  /// false when it halted.
  bool query(const std::string& goal, bool timed) {
    use_native_code();
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
      // SWI-Prolog's layout: `X = 1,` / `Y = 2.`; `true.` when there is nothing to show.
      const auto& lines = last_->answer;
      for (std::size_t i = 0; i < lines.size(); ++i) {
        std::cout << lines[i] << (i + 1 < lines.size() ? ",\n" : ".\n");
      }
      if (last_->status == vm::RunStatus::Success && lines.empty()) std::cout << "true.\n";
    }
    if (timed && last_->elapsed.count() > 0) {  // (a goal that did not parse never ran)
      const double seconds = std::chrono::duration<double>(last_->elapsed).count();
      std::string cycles;
      if (!last_->sim_statistics.is_null() && last_->sim_statistics.contains("makespan_cycles")) {
        cycles = fmt::format(", {} simulated cycles",
                             last_->sim_statistics["makespan_cycles"].get<std::uint64_t>());
      }
      std::cout << fmt::format("% {} reductions, {:.3f} seconds{}\n", last_->counters.reductions,
                               seconds, cycles);
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
    // The rest of the line as typed (:add CLAUSE, :time GOAL).
    std::string rest;
    std::getline(in, rest);
    rest = trim(rest);
    std::vector<std::string> args;
    std::istringstream words(rest);
    for (std::string a; words >> a;) args.push_back(a);
    if (name == "quit" || name == "q" || name == "halt") {
      quit_ = true;
      return false;
    }
    if (name == "help" || name == "h") {
      if (rest.empty()) {
        std::cout << kHelp;
      } else {
        help(rest);
      }
    } else if (name == "add") {
      if (rest.empty()) {
        report_failure("usage: :add CLAUSE  (e.g. :add double(X, Y) :- Y is 2 * X.)");
      } else {
        add_clauses(rest.ends_with('.') ? rest + "\n" : rest + ".\n");
      }
    } else if (name == "time") {
      if (rest.empty()) {
        report_failure("usage: :time GOAL");
      } else if (!query(std::string(text.find(rest, 1), ' ') + rest, true)) {  // columns as typed
        quit_ = true;
        return false;
      }
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
      std::cout << (clauses.empty() ? predicate.empty() ? "no clauses loaded\n"
                                                        : "no such predicate in the program or "
                                                          "the library\n"
                                    : clauses);
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
    switch_engine(engine_for_setting(current_engine(), "trace"));
    std::cout << fmt::format("trace of each goal to {}\n", args[0]);
    print_engine();
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

  /// --compiled: the program's native code on the local engine, made again (or taken from the
  /// cache of compiled programs) when the program changed since (:load, :reload, :add, [user]:
  /// its fingerprint no longer matches); none on the other engines, which interpret. Without a
  /// compiler (or when the compile fails) the REPL says so and goes on interpreting.
  void use_native_code() {
    if (!compiled_) return;
    const vm::NativeProgram*& native = session_.options().native;
    if (current_engine() != Engine::Local) {
      native = nullptr;
      return;
    }
    if (native != nullptr && vm::native_code_matches(*native, session_.image())) return;
    std::cout.flush();
    // At the prompt, a line says why the goal waits (the compile takes seconds); a script's
    // output stays that of the goals.
    native = native::load_native_code(session_.image(), session_.atoms(),
                                      native::clause_text_of(session_.source_texts(true)),
                                      std::cout, interactive_ ? &std::cout : nullptr);
    if (native == nullptr) {
      std::cout << "(--compiled is off: goals run interpreted)\n";
      compiled_ = false;
    }
  }

  /// The engine the session runs goals on.
  Engine current_engine() const {
    const auto& engine = session_.engine();
    return engine.threads ? Engine::Threads : engine.simulated ? Engine::Sim : Engine::Local;
  }

  /// Moves to `to` (the threads engine with as many IUs as workers when it comes from another
  /// engine, `workers` of them, 0 for the current count or one per core).
  void switch_engine(Engine to, unsigned workers = 0) {
    auto& engine = session_.engine();
    const bool was_threads = engine.threads;
    engine.simulated = to == Engine::Sim;
    engine.threads = to == Engine::Threads;
    if (to != Engine::Threads) return;
    if (workers != 0) {
      engine.workers = workers;
    } else if (engine.workers == 0) {
      engine.workers = std::max(1U, std::thread::hardware_concurrency());
    }
    if (!was_threads) engine.machine.set("ius=" + std::to_string(engine.workers));
  }

  /// `:engine` with no argument: the engine and its settings.
  void print_engine() const {
    const auto& engine = session_.engine();
    const std::string partitioning =
        fmt::format("static {}, threshold {}", engine.machine.static_partitioning ? "on" : "off",
                    engine.machine.threshold);
    const std::string trace =
        engine.trace_file.empty() ? "" : fmt::format(", trace to {}", engine.trace_file);
    switch (current_engine()) {
      case Engine::Threads:
        std::cout << fmt::format("engine threads: {} IUs on {} workers, {}{}\n",
                                 engine.machine.ius, engine.workers, partitioning, trace);
        break;
      case Engine::Sim:
        std::cout << fmt::format("engine sim: {} IUs, {}{}\n", engine.machine.ius, partitioning,
                                 trace);
        break;
      case Engine::Local:
      case Engine::Mpi:  // never the REPL's (machine_command refuses it)
        std::cout << "engine local (one IU at host speed)\n";
        break;
    }
  }

  /// :engine, :ius, :workers, :static, :threshold, :set: a setting the current engine does not
  /// understand moves to the first engine that does (engine_choice.hpp), as on the command line.
  void machine_command(const std::string& name, const std::vector<std::string>& args) {
    auto& engine = session_.engine();
    try {
      if (name == "engine") {
        if (args.empty()) {
          print_engine();
          return;
        }
        const auto named = args.size() == 1 ? engine_named(args[0]) : std::nullopt;
        if (!named) {
          std::cout << "usage: :engine [local|sim|threads]\n";
          return;
        }
        if (*named == Engine::Mpi) {
          std::cout << "the mpi engine runs programs under mpirun (fleng run --engine mpi, "
                       "docs/distributed.md), not at the prompt\n";
          return;
        }
        switch_engine(*named);
      } else if (name == "workers") {
        const unsigned long k = args.size() == 1 ? std::stoul(args[0]) : 0;
        if (k < 1 || k > 256) {
          std::cout << "usage: :workers K  (1..256)\n";
          return;
        }
        switch_engine(engine_for_setting(current_engine(), "workers"), static_cast<unsigned>(k));
      } else if (args.size() != 1) {
        std::cout << fmt::format("usage: :{} VALUE\n", name);
        return;
      } else {
        engine.machine.set(name == "set" ? args[0] : name + "=" + args[0]);
        switch_engine(engine_for_setting(current_engine(), name));
      }
    } catch (const std::exception& e) {
      std::cout << "error: " << e.what() << '\n';
      return;
    }
    print_engine();
  }

  kernel::Session& session_;
  bool interactive_;
  bool compiled_;  ///< --compiled (use_native_code)
  std::optional<kernel::QueryResult> last_;
  int exit_status_ = 0;
  bool quit_ = false;  ///< halt, :quit: leave the REPL
};

}  // namespace

int run_repl(const RunOptions& repl_options) {
  vm::IuOptions options;
  options.program_args = repl_options.program_args;
  options.seed = repl_options.seed;
  kernel::Session session(std::cout, std::cout, options);
  try {
    configure_engine(session, chosen_engine(repl_options), repl_options);
  } catch (const std::exception& e) {
    std::cerr << "fleng: " << e.what() << '\n';
    return kernel::kExitError;
  }
  const auto& files = repl_options.files;
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
  Repl repl(session, interactive, repl_options.compiled);
  const int status = repl.run();
  g_session = nullptr;
  return status;
}

}  // namespace fleng::app
