// A session: the program loaded from source files (with the embedded standard library), and
// queries run against it on one Inference Unit. `fleng run` makes one query; the REPL many.
// Reports (errors, deadlock, bindings, statistics) are produced here so that every front end
// prints the same thing.
#pragma once

#include <atomic>
#include <chrono>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analyzer/placement_profile.hpp"
#include "analyzer/profile_placement.hpp"
#include "frontend/parse.hpp"
#include "frontend/program_files.hpp"
#include "kernel/machine_description.hpp"
#include "vm/compiler.hpp"
#include "vm/atom_table.hpp"
#include "vm/code.hpp"
#include "vm/iu.hpp"

namespace fleng::kernel {

/// Exit statuses (docs/engine.md).
inline constexpr int kExitSuccess = 0;
inline constexpr int kExitError = 1;
inline constexpr int kExitDeadlock = 2;

struct QueryResult {
  vm::RunStatus status = vm::RunStatus::Success;
  int exit_code = kExitSuccess;
  /// Named variables of the query and their values, printed (`X = [1,2,3]`).
  std::vector<std::pair<std::string, std::string>> bindings;
  /// The answer as the REPL prints it (vm/answer_writer.hpp): `X = f(1, _A)`, one per line.
  std::vector<std::string> answer;
  std::string report;  ///< the error or deadlock report (empty on success)
  vm::IuCounters counters;
  std::uint64_t collections = 0;
  std::size_t peak_heap_bytes = 0;
  std::chrono::nanoseconds elapsed{0};
  /// The simulated machine's statistics (empty for the local engine).
  nlohmann::json sim_statistics;
};

/// Which engine runs the queries, and its settings.
struct EngineOptions {
  bool simulated = false;          ///< the simulated PIE64 (else one IU, host speed)
  bool threads = false;            ///< the machine on host threads (`machine` gives IUs etc.)
  bool mpi = false;                ///< the machine over the ranks of an mpirun job
  unsigned workers = 0;            ///< threads engine: worker threads (0: one per core); mpi: per rank
  MachineDescription machine;      ///< the simulated machine (and the threads engine's IUs)
  std::string trace_file;          ///< Chrome trace of the simulation, if set
  /// `fleng profile` (the inspector, simulated machine only): the goal sites each run sees are
  /// added here (kernel/profile_recorder.hpp); null: no inspector.
  std::vector<analyzer::ProfileSite>* profile_sites = nullptr;
  /// The inspector's instance keys: "name/arity" -> the argument (from 1) that keys its goals.
  std::map<std::string, std::uint32_t> profile_keys;
  /// `--profile` (the executor): placements from this profile on the machines that place
  /// goals (analyzer/profile_placement.hpp); null: none. Set by Session::use_profile.
  std::shared_ptr<const analyzer::PlacementProfile> placement_profile;
  /// How the executor finds an iteration's IU: constants in code, or a table looked up at run
  /// time (the original inspector-executor, for comparison).
  analyzer::ExecutorForm profile_form = analyzer::ExecutorForm::Constants;
};

class SimMachine;
class ThreadsMachine;
class MpiMachine;

class Session {
 public:
  Session(std::ostream& out, std::ostream& err, vm::IuOptions options = {});
  ~Session();

  /// Loads (replacing what was loaded) the files and those they include; diagnostics go to
  /// `err`. False on errors.
  bool load(const std::vector<std::string>& files);
  /// Loads (replacing what was loaded) one source given as text, named `name` in messages
  /// (tests, fuzzing). False on errors.
  bool load_text(const std::string& name, const std::string& text);
  /// Loads (replacing what was loaded) a program given as texts (name, contents) in the order
  /// load() read its files, includes among them: a compiled program's embedded sources.
  bool load_texts(const std::vector<std::pair<std::string, std::string>>& texts);
  /// The texts of the loaded program's files (name, contents) in the order read, and with
  /// `with_library` those of the standard library first.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> source_texts(bool with_library) const;
  /// Loads again the files of the last load(), without the clauses added since.
  bool reload() { return load(files_); }
  /// Adds the clauses of `text` (the REPL's `[user].` and `:add`), named `name` in messages, to
  /// the loaded program until the next load() or reload(). Their number, or nothing (the
  /// diagnostics printed, the program unchanged) when they have errors.
  std::optional<std::size_t> add_clauses(const std::string& name, const std::string& text);
  [[nodiscard]] const std::vector<std::string>& files() const { return files_; }

  /// Makes `profile` (read from `path`) guide the placements of the loaded program on a machine
  /// of several IUs (engine().placement_profile). An error message naming `path` when it does
  /// not match the program as loaded or the machine's IU count (nothing changes then); empty
  /// when it is taken. `explanation`, if given, receives the executor's decisions.
  std::string use_profile(std::shared_ptr<const analyzer::PlacementProfile> profile,
                          const std::string& path, std::string* explanation = nullptr);
  /// The loaded program's files as one program (the first file's clauses first), as the
  /// profile's clause fingerprints see it.
  [[nodiscard]] frontend::Program loaded_program() const;
  /// The loaded program's files, in the order loaded.
  [[nodiscard]] std::vector<const frontend::Program*> loaded_files() const;

  /// Runs a query (`Goal, Goal, ...`, with or without the final `.`), to quiescence.
  QueryResult run_query(const std::string& text, const std::string& origin = "<goal>");

  /// Asks the running query to stop (signal-safe).
  void interrupt();

  /// The canonical listing of a loaded predicate (the program and the clauses added: all of
  /// them when `name` is empty); a predicate named that is not in the program is looked up in
  /// the standard library (each library file's clauses after a `% lib/FILE` line).
  std::string listing(const std::string& name, std::optional<std::uint32_t> arity) const;
  /// The UNIRED code of the loaded program.
  std::string disassembly() const;

  vm::AtomTable& atoms() { return *atoms_; }
  vm::CodeImage& image() { return *image_; }
  vm::IuOptions& options() { return options_; }
  EngineOptions& engine() { return engine_; }

 private:
  /// Makes `program` (read, with the files it includes) the loaded one if it has no errors;
  /// prints its diagnostics and the linter's warnings that matter when running.
  bool adopt(frontend::ProgramFiles program);
  bool compile();
  /// True when the program (files and added clauses) has a clause for name/arity.
  [[nodiscard]] bool defines(const std::string& name, std::size_t arity) const;
  QueryResult run_simulated(vm::PredicateId query, const std::vector<std::string>& names);
  QueryResult run_threads(vm::PredicateId query, const std::vector<std::string>& names);
  QueryResult run_mpi(vm::PredicateId query, const std::vector<std::string>& names);
  /// The report of an IU's error; `on` says where (" (on IU 3)"), empty on one IU.
  std::string error_report(const vm::Iu& iu, const std::string& on) const;
  /// The deadlock report's line for each goal suspended on an IU (at most `limit`), with the
  /// IU's number when `many`.
  std::vector<std::string> suspended_lines(const vm::Iu& iu, bool many, std::size_t limit) const;
  /// The query on a machine of several IUs (simulated or on threads): starts on IU 0.
  template <class Machine>
  QueryResult run_on(Machine& machine, vm::PredicateId query, const std::vector<std::string>& names);
  /// Exit code and report (error or deadlock) of a finished run over these IUs.
  void finish(QueryResult& result, const std::vector<const vm::Iu*>& ius,
              std::optional<unsigned> failed) const;

  std::ostream& out_;
  std::ostream& err_;
  vm::IuOptions options_;
  EngineOptions engine_;
  std::vector<std::string> files_;
  std::vector<std::unique_ptr<frontend::ParseResult>> library_;
  std::vector<std::unique_ptr<frontend::ParseResult>> sources_;
  std::vector<std::unique_ptr<frontend::ParseResult>> added_;  ///< add_clauses()'s, in order
  /// What the compiled program does with placements: as written (one IU at host speed, where
  /// they do not matter), the analyzer's added (--static on), none at all (--static off); on
  /// host threads with static partitioning, the analyzer's goal placements only and one body
  /// for the clauses that place no goal (frontend::keep_goal_placements,
  /// vm::CompileOptions::host_threads).
  enum class Placements { AsWritten, Analyzed, AnalyzedGoalsOnly, Stripped };
  [[nodiscard]] Placements placements_wanted() const {
    const bool host = engine_.threads || engine_.mpi;  // the machines on the host's cores
    if (!engine_.simulated && !host) return Placements::AsWritten;
    // One IU on host threads never distributes: the program as written, as on the local engine.
    if (host && engine_.machine.ius == 1) return Placements::AsWritten;
    if (!engine_.machine.static_partitioning) return Placements::Stripped;
    return host ? Placements::AnalyzedGoalsOnly : Placements::Analyzed;
  }
  [[nodiscard]] vm::CompileOptions compile_options() const {
    return vm::CompileOptions{.host_threads = compiled_for_ == Placements::AnalyzedGoalsOnly,
                              .inline_dispatch = !compiled_traced_};
  }
  bool compiled_ = false;  ///< compile() ran (a load, or the first query without one)
  Placements compiled_for_ = Placements::AsWritten;
  bool compiled_traced_ = false;  ///< compiled for --trace-goals (no inlined dispatch)
  /// --trace-goals applies: it follows the reductions of the local engine only.
  [[nodiscard]] bool traced() const {
    return options_.trace_goals != nullptr && !engine_.simulated && !engine_.threads && !engine_.mpi;
  }
  std::vector<std::unique_ptr<frontend::Program>> analyzed_programs_;
  std::unique_ptr<vm::AtomTable> atoms_;
  std::unique_ptr<vm::CodeImage> image_;
  // What interrupt() stops: set by the thread running a query, read by whoever interrupts (a
  // signal handler, another thread).
  std::atomic<vm::Iu*> running_{nullptr};
  std::atomic<ThreadsMachine*> running_threads_{nullptr};
  std::atomic<SimMachine*> running_sim_{nullptr};
  std::atomic<MpiMachine*> running_mpi_{nullptr};
};

/// The standard library files embedded at build time (lib/*.fl): name and contents.
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_files();

}  // namespace fleng::kernel
