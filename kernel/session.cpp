// Loading, compiling and running queries; the error and deadlock reports.
#include "kernel/session.hpp"

#include <algorithm>
#include <ostream>
#include <set>

#include <fmt/format.h>

#include "frontend/ast_printer.hpp"
#include "frontend/goal_text.hpp"
#include "frontend/halt_after_output.hpp"
#include "frontend/program_files.hpp"
#include "frontend/strip_placements.hpp"
#include "frontend/lexemes.hpp"
#include "vm/answer_writer.hpp"
#include "vm/compiler.hpp"
#include "vm/disassembler.hpp"
#include "analyzer/lint.hpp"
#include "analyzer/modes.hpp"
#include "analyzer/partition.hpp"
#include "analyzer/profile_placement.hpp"
#include "kernel/profile_recorder.hpp"
#include "kernel/sim_machine.hpp"
#include "kernel/mpi_machine.hpp"
#include "kernel/threads_machine.hpp"
#include "vm/goal_record.hpp"
#include "vm/lineage.hpp"
#include "vm/input_readers.hpp"

namespace fleng::kernel {

namespace {

/// What interrupt() may stop while a query runs: set for the run, cleared however it ends
/// (also by an exception), so that a later Ctrl-C never reaches a machine that is gone.
template <class T>
class Running {
 public:
  Running(std::atomic<T*>& slot, T* what) : slot_(slot) { slot_.store(what); }
  ~Running() { slot_.store(nullptr); }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

 private:
  std::atomic<T*>& slot_;
};


/// Closes the readers of vm/input_readers.hpp that a run opened, when the run ends.
class ClosesInputs {
 public:
  explicit ClosesInputs(const void* owner) : owner_(owner) {}
  ~ClosesInputs() { vm::input::close_all(owner_); }
  ClosesInputs(const ClosesInputs&) = delete;
  ClosesInputs& operator=(const ClosesInputs&) = delete;

 private:
  const void* owner_;
};

constexpr std::size_t kDeadlockGoalsShown = 20;

/// The deadlock report: the count, then the goals' lines (the first kDeadlockGoalsShown).
std::string deadlock_report(std::uint64_t total, const std::vector<std::string>& lines) {
  std::string report = fmt::format("deadlock: {} goal{} suspended\n", total, total == 1 ? "" : "s");
  for (std::size_t i = 0; i < lines.size() && i < kDeadlockGoalsShown; ++i) report += lines[i];
  if (total > kDeadlockGoalsShown) {
    report += fmt::format("  ... and {} more\n", total - kDeadlockGoalsShown);
  }
  return report;
}

std::string location_text(const vm::SourceRef& where) {
  if (where.file.empty()) return {};
  if (where.span.begin.line == 0) return where.file;
  return fmt::format("{}:{}:{}", where.file, where.span.begin.line, where.span.begin.column);
}

/// Where the goal made at code address `site` was made, for reports: `made at f.fl:3:9 by
/// main/0` (the goal's place in the body of a clause of main/0), empty when not known or when
/// the query made it.
std::string made_at(const vm::CodeImage& image, std::uint32_t site) {
  if (site == 0) return {};
  const auto call = image.call_sites.find(site);
  const auto goal = image.goal_sites.find(site);
  if (call == image.call_sites.end() || goal == image.goal_sites.end()) return {};
  const std::string where = location_text(call->second);
  const std::string& clause = goal->second.clause;
  if (clause.starts_with("$query")) return {};  // the query's own goals: nothing to add
  return where.empty() ? fmt::format("made by {}", clause) : fmt::format("made at {} by {}", where, clause);
}

void collect_variables(const frontend::Term& term, std::vector<std::string>& names,
                       std::set<std::string>& seen) {
  if (term.kind == frontend::TermKind::Variable) {
    if (!term.text.starts_with('_') && seen.insert(term.text).second) names.push_back(term.text);
    return;
  }
  for (const auto& arg : term.args) collect_variables(*arg, names, seen);
  if (term.tail) collect_variables(*term.tail, names, seen);
}

}  // namespace

Session::Session(std::ostream& out, std::ostream& err, vm::IuOptions options)
    : out_(out), err_(err), options_(options), atoms_(std::make_unique<vm::AtomTable>()),
      image_(std::make_unique<vm::CodeImage>()) {
  for (const auto& [name, text] : embedded_files()) {
    library_.push_back(std::make_unique<frontend::ParseResult>(
        frontend::parse_source("lib/" + std::string(name), std::string(text))));
  }
  // Not compiled yet: load() compiles the library with the program, and a query run without a
  // load compiles the library alone then (compiling it here too doubled `fleng run`'s start).
}

Session::~Session() = default;

bool Session::load(const std::vector<std::string>& files) {
  files_ = files;  // even when they fail to load: the user fixes them and reloads
  return adopt(frontend::read_program(files));
}

std::optional<std::size_t> Session::add_clauses(const std::string& name, const std::string& text) {
  frontend::ProgramFiles program;
  frontend::add_parsed(program,
                       std::make_unique<frontend::ParseResult>(frontend::parse_source(name, text)),
                       ".");
  program.print(err_);
  if (!program.ok()) return std::nullopt;
  std::size_t clauses = 0;
  for (const auto& file : program.files) {
    for (const auto& item : file->program.items) clauses += std::holds_alternative<frontend::Clause>(item);
  }
  const std::size_t before = added_.size();
  for (auto& file : program.files) added_.push_back(std::move(file));
  if (compile()) return clauses;
  added_.resize(before);  // the program as it was
  compile();
  return std::nullopt;
}

bool Session::load_text(const std::string& name, const std::string& text) {
  files_.clear();
  frontend::ProgramFiles program;
  frontend::add_parsed(program, std::make_unique<frontend::ParseResult>(frontend::parse_source(name, text)),
                       ".");
  return adopt(std::move(program));
}

bool Session::load_texts(const std::vector<std::pair<std::string, std::string>>& texts) {
  files_.clear();  // (nothing to reload from disk)
  return adopt(frontend::program_from_texts(texts));
}

std::vector<std::pair<std::string, std::string>> Session::source_texts(bool with_library) const {
  std::vector<std::pair<std::string, std::string>> texts;
  if (with_library) {
    for (const auto& lib : library_) texts.emplace_back(lib->program.file_name, lib->source);
  }
  for (const auto& source : sources_) texts.emplace_back(source->program.file_name, source->source);
  return texts;
}

bool Session::adopt(frontend::ProgramFiles program) {
  if (program.ok()) {
    // The linter's warnings that matter when running (docs/language.md, programs of several
    // files): calls to undefined predicates and predicates split across files.
    analyzer::LintInput input;
    for (const auto& file : program.files) input.files.push_back(file.get());
    for (const auto& lib : library_) input.library.push_back(lib.get());
    std::vector<analyzer::LintFinding> findings;
    analyzer::check_undefined_calls(input, findings);
    analyzer::check_split_predicates(input, findings);
    for (auto& finding : findings) {
      program.files[finding.file]->diagnostics.warning(finding.diagnostic.span,
                                                       std::move(finding.diagnostic.message));
    }
  }
  program.print(err_);
  if (!program.ok()) return false;
  sources_ = std::move(program.files);
  added_.clear();
  return compile();
}

bool Session::compile() {
  atoms_ = std::make_unique<vm::AtomTable>();
  image_ = std::make_unique<vm::CodeImage>();
  std::vector<vm::SourceUnit> units;
  for (const auto& lib : library_) {
    if (lib->ok()) units.push_back({&lib->program, true});
  }
  // On the simulated machine with static partitioning, the analyzer's placements are inserted
  // first (clauses with placements written by hand keep theirs); without it (the naive
  // partitioning) the program runs without any placement, as if none had been written.
  compiled_ = true;
  compiled_for_ = placements_wanted();
  compiled_traced_ = traced();
  analyzed_programs_.clear();
  std::vector<const frontend::ParseResult*> sources;
  for (const auto& source : sources_) sources.push_back(source.get());
  for (const auto& source : added_) sources.push_back(source.get());
  for (const frontend::ParseResult* source : sources) {
    // halt/1 waits for the output written before it in its body (halt_after_output.hpp).
    analyzed_programs_.push_back(
        std::make_unique<frontend::Program>(frontend::halt_after_output(source->program)));
    const frontend::Program& program = *analyzed_programs_.back();
    if (compiled_for_ == Placements::Stripped) {
      analyzed_programs_.push_back(
          std::make_unique<frontend::Program>(frontend::strip_placements(program)));
      units.push_back({analyzed_programs_.back().get(), false});
    } else if (compiled_for_ == Placements::Analyzed ||
               compiled_for_ == Placements::AnalyzedGoalsOnly) {
      frontend::DiagnosticSink ignored(program.file_name);
      const auto modes = analyzer::analyze_modes(program, ignored);
      frontend::Program annotated = analyzer::annotate(program, modes);
      if (compiled_for_ == Placements::AnalyzedGoalsOnly) {
        annotated = frontend::keep_goal_placements(annotated);
      }
      analyzed_programs_.push_back(std::make_unique<frontend::Program>(std::move(annotated)));
      units.push_back({analyzed_programs_.back().get(), false});
    } else {
      units.push_back({&program, false});
    }
    // The profile-guided executor: its placements on top of those above, where goals are placed.
    if (engine_.placement_profile && compiled_for_ != Placements::AsWritten) {
      analyzed_programs_.push_back(std::make_unique<frontend::Program>(analyzer::place_by_profile(
          *units.back().program, *engine_.placement_profile, nullptr, &program, engine_.profile_form,
          &image_->placement_tables)));
      units.back().program = analyzed_programs_.back().get();
    }
  }
  std::vector<frontend::Diagnostic> errors;
  std::vector<std::string> files;
  const bool ok = vm::compile_program(units, *atoms_, *image_, errors, files, compile_options());
  for (std::size_t i = 0; i < errors.size(); ++i) {
    err_ << frontend::format_diagnostic(files[i], errors[i], {});
  }
  return ok;
}

void Session::interrupt() {
  if (vm::Iu* iu = running_.load(); iu != nullptr) iu->interrupt();
  if (ThreadsMachine* machine = running_threads_.load(); machine != nullptr) machine->interrupt();
  if (SimMachine* machine = running_sim_.load(); machine != nullptr) machine->interrupt();
  if (MpiMachine* machine = running_mpi_.load(); machine != nullptr) machine->interrupt();
}

QueryResult Session::run_query(const std::string& text, const std::string& origin) {
  QueryResult result;
  if (!compiled_ || compiled_for_ != placements_wanted() ||
      compiled_traced_ != traced()) {
    compile();  // nothing loaded yet, or the engine settings changed since the compilation
  }
  // One goal (`a, b.`) per query: a text of several (`a. b.`) would lose all but the first.
  const auto split = frontend::split_goals(text);
  if (!split.scan_error && split.goals.size() + (split.rest.empty() ? 0 : 1) > 1) {
    result.status = vm::RunStatus::Error;
    result.exit_code = kExitError;
    result.report = fmt::format(
        "{}: error: {} goals given where one is run at a time; join them with ',' to run them "
        "as one goal\n",
        origin, split.goals.size() + (split.rest.empty() ? 0 : 1));
    return result;
  }
  // The query is parsed as the body of a clause; its line 2 is the user's line 1.
  // A comment after the final `.` is not part of the goal.
  std::string body = !split.scan_error && split.goals.size() == 1 ? split.goals.front() : text;
  while (!body.empty() && (body.back() == ' ' || body.back() == '\n' || body.back() == '\t')) {
    body.pop_back();
  }
  if (!body.empty() && body.back() == '.') body.pop_back();
  auto parsed = frontend::parse_source(origin, "'$query' :-\n" + body + "\n.");
  if (!parsed.ok()) {
    std::string report;
    const auto body_lines = static_cast<std::uint32_t>(std::count(body.begin(), body.end(), '\n') + 1);
    for (auto diagnostic : parsed.diagnostics.diagnostics()) {
      if (diagnostic.span.begin.line > body_lines + 1) {
        // At the `.` the wrapper added: the goal itself ended too early.
        const auto last_line_start = body.rfind('\n');
        const std::string last_line =
            last_line_start == std::string::npos ? body : body.substr(last_line_start + 1);
        diagnostic.span.begin = {body_lines + 1, static_cast<std::uint32_t>(last_line.size() + 1)};
        diagnostic.span.end = diagnostic.span.begin;
        const std::string from = "unexpected end of clause '.'";
        if (const auto at = diagnostic.message.find(from); at != std::string::npos) {
          diagnostic.message.replace(at, from.size(), "unexpected end of the goal");
        }
      }
      if (diagnostic.span.begin.line > 1) {
        --diagnostic.span.begin.line;
        --diagnostic.span.end.line;
      }
      report += frontend::format_diagnostic(origin, diagnostic, body);
    }
    result.status = vm::RunStatus::Error;
    result.exit_code = kExitError;
    result.report = report;
    return result;
  }
  auto& clause = std::get<frontend::Clause>(parsed.program.items.front());
  for (auto& goal : clause.body) {  // line 2 of the wrapper is line 1 of the query
    --goal.span.begin.line;
    --goal.span.end.line;
  }
  // `halt` is `halt(0)` in a query (SWI-Prolog's halt/0), unless the program defines halt/0.
  if (!defines("halt", 0)) {
    for (auto& goal : clause.body) {
      if (goal.term->is_atom("halt")) {
        std::vector<frontend::TermPtr> args;
        args.push_back(frontend::make_integer(0, "0", goal.term->span));
        goal.term = frontend::make_compound("halt", std::move(args), goal.term->span);
      }
    }
  }
  frontend::halt_after_output(clause.body);
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const auto& goal : clause.body) collect_variables(*goal.term, names, seen);

  std::vector<frontend::Diagnostic> errors;
  const vm::PredicateId query =
      vm::compile_query(clause.body, names, *atoms_, *image_, origin, errors, compile_options());
  if (!errors.empty()) {
    for (const auto& e : errors) result.report += frontend::format_diagnostic(origin, e, {});
    result.status = vm::RunStatus::Error;
    result.exit_code = kExitError;
    return result;
  }

  options_.started = std::chrono::steady_clock::now();  // now/1 counts from here
  // The inputs a run opened (read_lines/2, ...) are closed when it ends, however it ends.
  const ClosesInputs closes_inputs(atoms_.get());
  if (engine_.threads) return run_threads(query, names);
  if (engine_.mpi) return run_mpi(query, names);
  if (engine_.simulated) return run_simulated(query, names);

  vm::Iu iu(*atoms_, *image_, out_, 0, 1, options_);
  for (std::size_t i = 0; i < names.size(); ++i) iu.roots.push_back(*vm::make_variable(iu.heap));
  iu.add_goal(query, iu.roots.data(), vm::lineage::root(options_.seed));
  const Running running(running_, &iu);
  const auto start = std::chrono::steady_clock::now();
  result.status = iu.run();
  result.elapsed = std::chrono::steady_clock::now() - start;
  out_.flush();

  result.counters = iu.counters;
  result.collections = iu.heap.collections;
  result.peak_heap_bytes = std::max(iu.heap.peak_used_cells, iu.heap.used_cells()) * sizeof(vm::Cell);
  for (std::size_t i = 0; i < names.size(); ++i) {
    result.bindings.emplace_back(names[i], iu.format(iu.roots[i]));
  }
  result.answer =
      vm::answer_lines(names, iu.roots, *atoms_, {.max_chars = vm::Iu::kMaxFormatChars});
  finish(result, {&iu}, std::nullopt);
  return result;
}

QueryResult Session::run_simulated(vm::PredicateId query, const std::vector<std::string>& names) {
  SimMachine machine(*atoms_, *image_, out_, engine_.machine, engine_.trace_file,
                     options_.program_args);
  machine.set_max_reductions(options_.max_reductions);
  std::optional<ProfileRecorder> recorder;
  if (engine_.profile_sites != nullptr) {
    recorder.emplace(*image_, machine.size(), engine_.profile_keys);
    machine.set_recorder(&*recorder);
  }
  const Running running(running_sim_, &machine);
  QueryResult result = run_on(machine, query, names);
  if (recorder) recorder->add_to(*engine_.profile_sites);
  return result;
}

std::vector<const frontend::Program*> Session::loaded_files() const {
  std::vector<const frontend::Program*> files;
  for (const auto& source : sources_) files.push_back(&source->program);
  return files;
}

frontend::Program Session::loaded_program() const {
  frontend::Program out;
  for (const auto& source : sources_) {
    if (out.file_name.empty()) out.file_name = source->program.file_name;
    for (const auto& item : source->program.items) {
      if (const auto* clause = std::get_if<frontend::Clause>(&item)) {
        out.items.emplace_back(frontend::copy_clause(
            *clause, [](const frontend::Term& t) { return frontend::clone(t); }, true));
      }
    }
  }
  return out;
}

std::string Session::use_profile(std::shared_ptr<const analyzer::PlacementProfile> profile,
                                 const std::string& path, std::string* explanation) {
  std::string error = analyzer::profile_mismatch(*profile, loaded_files(), engine_.machine.ius, path);
  const frontend::Program program = loaded_program();
  if (!error.empty()) return error;
  if (explanation != nullptr) {
    analyzer::PlacementTables ignored;
    static_cast<void>(
        analyzer::place_by_profile(program, *profile, explanation, &program, engine_.profile_form, &ignored));
  }
  engine_.placement_profile = std::move(profile);
  // Compiled again with the profile's placements (so that --dump code shows them too).
  if (!compile()) return fmt::format("{}: error: the program placed by the profile does not compile", path);
  return {};
}

QueryResult Session::run_threads(vm::PredicateId query, const std::vector<std::string>& names) {
  ThreadsOptions options;
  options.workers = engine_.workers;
  options.iu = options_;
  options.iu.trace_goals = nullptr;  // --trace-goals follows the local engine only
  options.trace_file = engine_.trace_file;
  ThreadsMachine machine(*atoms_, *image_, out_, engine_.machine, options);
  const Running running(running_threads_, &machine);
  return run_on(machine, query, names);
}

QueryResult Session::run_mpi(vm::PredicateId query, const std::vector<std::string>& names) {
  QueryResult result;
  MpiTransport& world = MpiTransport::world();
  MpiOptions options;
  options.iu = options_;
  options.iu.trace_goals = nullptr;
  options.workers = engine_.workers;
  const bool many = engine_.machine.ius > 1;
  options.error_report = [this, &world, many](const vm::Iu& iu) {
    return error_report(iu, many ? fmt::format(" (on IU {}, rank {})", iu.index(), world.rank()) : "");
  };
  options.suspended_lines = [this, many](const vm::Iu& iu) {
    return suspended_lines(iu, many, kDeadlockGoalsShown);
  };
  std::unique_ptr<MpiMachine> machine;
  try {
    machine = std::make_unique<MpiMachine>(*atoms_, *image_, out_, engine_.machine, options, world);
  } catch (const std::invalid_argument& e) {
    result.status = vm::RunStatus::Error;
    result.exit_code = kExitError;
    result.report = fmt::format("error: {}\n", e.what());
    return result;
  }
  std::vector<vm::Cell>* roots = nullptr;
  if (world.rank() == 0) {
    vm::Iu& home = machine->iu(0);  // the query starts on IU 0, its variables live there
    for (std::size_t i = 0; i < names.size(); ++i) home.roots.push_back(*vm::make_variable(home.heap));
    home.add_goal(query, home.roots.data(), vm::lineage::root(options_.seed));
    roots = &home.roots;
  }
  const Running running(running_mpi_, machine.get());
  const auto start = std::chrono::steady_clock::now();
  result.status = machine->run();
  result.elapsed = std::chrono::steady_clock::now() - start;
  out_.flush();
  result.counters = machine->total_counters();
  result.sim_statistics = machine->statistics();
  result.sim_statistics["reductions"] = result.counters.reductions;
  result.sim_statistics["suspensions"] = result.counters.suspensions;
  result.sim_statistics["static"] = engine_.machine.static_partitioning;
  result.sim_statistics["threshold"] = engine_.machine.threshold;
  if (roots != nullptr) {
    const vm::Iu& home = machine->iu(0);
    for (std::size_t i = 0; i < names.size(); ++i) {
      result.bindings.emplace_back(names[i], home.format((*roots)[i]));
    }
    result.answer = vm::answer_lines(names, *roots, *atoms_, {.max_chars = vm::Iu::kMaxFormatChars});
  }
  switch (result.status) {
    case vm::RunStatus::Success: result.exit_code = kExitSuccess; break;
    case vm::RunStatus::Halt: result.exit_code = machine->halt_code(); break;
    case vm::RunStatus::Interrupted:
      result.exit_code = kExitError;
      result.report = "interrupted\n";
      break;
    case vm::RunStatus::Error:
      result.exit_code = kExitError;
      result.report = machine->error_report();
      break;
    case vm::RunStatus::Deadlock:
      result.exit_code = kExitDeadlock;
      result.report = deadlock_report(machine->suspended_count(), machine->suspended_lines());
      break;
  }
  return result;
}

template <class Machine>
QueryResult Session::run_on(Machine& machine, vm::PredicateId query,
                            const std::vector<std::string>& names) {
  QueryResult result;
  vm::Iu& home = machine.iu(0);  // the query starts on IU 0, its variables live there
  for (std::size_t i = 0; i < names.size(); ++i) {
    home.roots.push_back(*vm::make_variable(home.heap));
  }
  home.add_goal(query, home.roots.data(), vm::lineage::root(options_.seed));
  const auto start = std::chrono::steady_clock::now();
  result.status = machine.run();
  result.elapsed = std::chrono::steady_clock::now() - start;
  out_.flush();
  result.sim_statistics = machine.statistics();
  std::vector<const vm::Iu*> ius;
  for (unsigned i = 0; i < machine.size(); ++i) {
    const vm::Iu& iu = machine.iu(i);
    ius.push_back(&iu);
    result.counters.reductions += iu.counters.reductions;
    result.counters.builtin_calls += iu.counters.builtin_calls;
    result.counters.suspensions += iu.counters.suspensions;
    result.counters.activations += iu.counters.activations;
    result.counters.goals_spawned += iu.counters.goals_spawned;
    result.collections = std::max<std::uint64_t>(result.collections, iu.heap.collections);
    result.peak_heap_bytes = std::max(result.peak_heap_bytes, iu.heap.used_cells() * sizeof(vm::Cell));
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    result.bindings.emplace_back(names[i], home.format(home.roots[i]));
  }
  result.answer =
      vm::answer_lines(names, home.roots, *atoms_, {.max_chars = vm::Iu::kMaxFormatChars});
  finish(result, ius, machine.failed_iu());
  if (const std::string& error = machine.trace_error(); !error.empty()) {
    // The run itself is reported as it ended; the trace asked for is missing.
    result.report += "error: " + error + "\n";
    if (result.exit_code == kExitSuccess) result.exit_code = kExitError;
  }
  return result;
}

void Session::finish(QueryResult& result, const std::vector<const vm::Iu*>& ius,
                     std::optional<unsigned> failed) const {
  const bool many = ius.size() > 1;
  switch (result.status) {
    case vm::RunStatus::Success: result.exit_code = kExitSuccess; break;
    case vm::RunStatus::Halt: result.exit_code = ius[failed.value_or(0)]->halt_code(); break;
    case vm::RunStatus::Interrupted:
      result.exit_code = kExitError;
      result.report = "interrupted\n";
      break;
    case vm::RunStatus::Error: {
      result.exit_code = kExitError;
      const vm::Iu& iu = *ius[failed.value_or(0)];
      result.report = error_report(iu, many ? fmt::format(" (on IU {})", iu.index()) : "");
      break;
    }
    case vm::RunStatus::Deadlock: {
      result.exit_code = kExitDeadlock;
      std::size_t total = 0;
      std::vector<std::string> lines;
      for (const vm::Iu* iu : ius) {
        total += iu->suspended_count();
        if (lines.size() >= kDeadlockGoalsShown) continue;
        for (auto& line : suspended_lines(*iu, many, kDeadlockGoalsShown - lines.size())) {
          lines.push_back(std::move(line));
        }
      }
      result.report = deadlock_report(total, lines);
      break;
    }
  }
}

std::string Session::error_report(const vm::Iu& iu, const std::string& on) const {
  const auto& error = *iu.error();
  const std::string where = location_text(error.where);
  std::string report = fmt::format("{}error: {}{}\n", where.empty() ? "" : where + ": ", error.message, on);
  if (!error.goal.empty()) report += fmt::format("  goal: {}\n", error.goal);
  if (const std::string made = made_at(*image_, error.site); !made.empty()) {
    report += fmt::format("  {}\n", made);
  }
  return report;
}

std::vector<std::string> Session::suspended_lines(const vm::Iu& iu, bool many, std::size_t limit) const {
  std::vector<std::string> lines;
  for (const auto& entry : iu.suspended_goals()) {
    if (lines.size() >= limit) break;
    const vm::Cell goal = entry.goal;
    const auto& predicate = image_->predicates[vm::goal_record::predicate(goal)];
    const std::uint32_t site = vm::goal_record::call_site(goal);
    std::vector<vm::Cell> terms(vm::goal_record::arity(goal));
    vm::goal_record::copy_args(goal, terms.data());
    const vm::Cell* args = terms.data();
    std::string shown = iu.format_goal(predicate.name, args, predicate.arity, site);
    const vm::VariableNames names = iu.goal_variable_names(args, predicate.arity, site);
    std::string waits;
    for (const vm::Cell v : entry.variables) {
      waits += (waits.empty() ? "" : ", ") + vm::write_term(v, *atoms_, true, &names);
    }
    if (const std::string made = made_at(*image_, site); !made.empty()) {
      waits += "  (" + made + ")";
    }
    lines.push_back(fmt::format("  {}{}  waiting on {}\n",
                                many ? fmt::format("[IU {}] ", iu.index()) : "", shown, waits));
  }
  return lines;
}

bool Session::defines(const std::string& name, std::size_t arity) const {
  for (const auto* sources : {&sources_, &added_}) {
    for (const auto& source : *sources) {
      for (const auto& item : source->program.items) {
        const auto* clause = std::get_if<frontend::Clause>(&item);
        if (clause != nullptr && clause->head->text == name && clause->head->arity() == arity) {
          return true;
        }
      }
    }
  }
  return false;
}

std::string Session::listing(const std::string& name, std::optional<std::uint32_t> arity) const {
  auto clauses_of = [&](const frontend::ParseResult& source) {
    std::string out;
    for (const auto& item : source.program.items) {
      const auto* clause = std::get_if<frontend::Clause>(&item);
      if (clause == nullptr) continue;
      if (!name.empty() && clause->head->text != name) continue;
      if (arity && clause->head->arity() != *arity) continue;
      out += frontend::print_clause(*clause);
    }
    return out;
  };
  std::string out;
  for (const auto* sources : {&sources_, &added_}) {
    for (const auto& source : *sources) out += clauses_of(*source);
  }
  if (!out.empty() || name.empty()) return out;
  // Not in the program: the library's predicate of that name (which the program would hide),
  // each clause with the comment block just above it (not the file's heading).
  for (const auto& lib : library_) {
    std::string clauses;
    for (const auto& item : lib->program.items) {
      const auto* clause = std::get_if<frontend::Clause>(&item);
      if (clause == nullptr || clause->head->text != name) continue;
      if (arity && clause->head->arity() != *arity) continue;
      frontend::Clause shown{.head = frontend::clone(*clause->head), .has_body = clause->has_body,
                             .body = {}, .span = clause->span, .leading_comments = {},
                             .trailing_comment = clause->trailing_comment};
      for (const auto& goal : clause->body) {
        shown.body.push_back(frontend::Goal{.term = frontend::clone(*goal.term),
                                            .placement = goal.placement, .span = goal.span,
                                            .leading_comments = goal.leading_comments,
                                            .trailing_comment = goal.trailing_comment});
      }
      // The comments of the last block: none separated from the clause by a blank line.
      const auto& comments = clause->leading_comments;
      std::size_t first = comments.size();
      while (first > 0 && !comments[first - 1].blank_line_after) --first;
      shown.leading_comments.assign(comments.begin() + static_cast<std::ptrdiff_t>(first), comments.end());
      clauses += frontend::print_clause(shown);
    }
    if (!clauses.empty()) out += fmt::format("% {}\n{}", lib->program.file_name, clauses);
  }
  return out;
}

std::string Session::disassembly() const { return vm::disassemble(*image_, *atoms_); }

}  // namespace fleng::kernel
