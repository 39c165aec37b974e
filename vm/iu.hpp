// One Inference Unit as the reducer sees it: its heap, its goal pool, the goals suspended on
// its variables, its registers and counters. The reducer (UNIRED) runs goals from the pool
// (vm/reducer.cpp); binding a variable activates its hooked goals (the NIP's `bind` and
// `activate`); suspension hangs hooks on variables (`suspend`). Engines (kernel/) own one or
// more IUs and decide where spawned goals go; this class is the single-IU core they share.
//
// Glossary (PIE64 paper, section 3): IU = Inference Unit; UNIRED = the unifier-reducer that
// runs compiled code; NIP = network interface processor (remote memory, goal transfer,
// binding and activation across IUs); MP = management processor (goal pool, scheduling,
// memory management, load level).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "vm/atom_table.hpp"
#include "vm/builtin_outcome.hpp"
#include "vm/code.hpp"
#include "vm/goal_record.hpp"
#include "vm/heap.hpp"
#include "vm/remote_ops.hpp"
#include "vm/term_writer.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

class Collector;
class Iu;

/// Collects the heaps of several IUs together (the simulated machine, where pointers cross
/// between them): every IU's roots, and the cells `extra` points to. Each heap then keeps at
/// least `headroom` free cells if it can. Only at a point where no reduction is in progress.
void collect_together(const std::vector<Iu*>& ius, const std::vector<Cell*>& extra,
                      std::size_t headroom);

/// How the reducer runs: one IU alone; one reduction per `reduce` command of the simulated
/// machine (cycles counted, remote reads asked for); or batches of goals of the threads engine
/// (the machine's placements and messages, nothing counted).
enum class ExecMode : std::uint8_t { Local = 0, Simulated = 1, Threads = 2 };

/// What stopped a run.
enum class RunStatus { Success, Deadlock, Error, Halt, Interrupted };

struct RuntimeError {
  std::string message;   ///< e.g. "no matching clause"
  std::string goal;      ///< the offending goal, printed as a term
  SourceRef where;       ///< the predicate or call site
  /// The code address of the instruction that made the goal being reduced (0: unknown), for
  /// the report's "made at" line (vm/goal_sites.hpp).
  std::uint32_t site = 0;
};

struct IuOptions {
  std::size_t max_heap_cells = std::size_t{1} << 27;    ///< 1 GiB per semispace
  std::size_t initial_heap_cells = std::size_t{1} << 18;  ///< 2 MiB
  /// Collect at every allocation point: before each reduction, at each body's reservation,
  /// and on every first allocation attempt of a builtin (tests; a FLENG_GC_STRESS build makes
  /// it the default).
#ifdef FLENG_GC_STRESS_DEFAULT
  bool gc_stress = true;
#else
  bool gc_stress = false;
#endif
  std::uint32_t time_slice = 1000;  ///< direct reductions before a goal goes to the back
  /// Make the heap's initial part resident at creation (see Heap); off on the simulated
  /// machine, whose 1024 IUs would populate gigabytes they never use.
  bool populate_heap = true;
  /// A step limit (tests, fuzzing): once this many user-predicate reductions are done, the run
  /// stops with the error "step limit reached". Checked when a goal is taken from the pool
  /// (so a run may overshoot by one time slice); the simulated machine checks the sum over its
  /// IUs after each reduction (SimMachine). Off (the maximum) by default; the threads engine
  /// ignores it.
  std::uint64_t max_reductions = std::numeric_limits<std::uint64_t>::max();
  /// The machine's clock in MHz: work/1 busy-waits Cycles / clock_mhz microseconds on the host
  /// engines, the time those cycles take on the simulated machine (PIE64: 10 MHz).
  double clock_mhz = 10.0;
  /// The seed of the random builtins (the query's lineage key is lineage::root(seed)).
  std::uint64_t seed = 0;
  /// When the run started (now/1 on the engines that run on the host's clock).
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  /// The program's arguments, after `--` on the command line (argv/1); the same on every IU.
  std::vector<std::string> program_args;
  /// `--trace-goals` (local engine): each reduction, suspension and wake-up is written to this
  /// stream (vm/goal_trace.cpp), at most `trace_limit` lines; null: no trace.
  std::ostream* trace_goals = nullptr;
  std::uint64_t trace_limit = 10000;
};

struct IuCounters {
  std::uint64_t reductions = 0;   ///< user-predicate reductions (clause commits)
  std::uint64_t builtin_calls = 0;
  std::uint64_t suspensions = 0;
  std::uint64_t activations = 0;
  std::uint64_t goals_spawned = 0;
};

/// Cache-line aligned: on the threads engine each IU is written by its own worker, and two IUs
/// must not share a line (false sharing made two workers run a third slower).
class alignas(64) Iu {
 public:
  Iu(AtomTable& atoms, CodeImage& image, std::ostream& out, unsigned index, unsigned count,
     const IuOptions& options);

  AtomTable& atoms;
  CodeImage& image;
  std::ostream& out;
  Heap heap;
  IuCounters counters;

  [[nodiscard]] unsigned index() const { return index_; }
  [[nodiscard]] unsigned count() const { return count_; }

  // --- running -----------------------------------------------------------------------------------
  /// Adds goal `predicate(args)` to the pool (the top-level query, for instance), with the
  /// lineage key `lineage` (vm/lineage.hpp; the query's: lineage::root(seed)).
  bool add_goal(PredicateId predicate, const Cell* args, std::uint64_t lineage = 0);
  /// Runs until the pool is empty (then success or deadlock), an error, halt/1, or an
  /// interrupt request.
  RunStatus run();

  // --- on the simulated machine ------------------------------------------------------------------
  /// Joins a machine: remote operations go to `remote`, and the reducer adds up cycles.
  void attach(RemoteOps* remote, const SimCosts* costs) {
    remote_ = remote;
    costs_ = costs;
    static_partitioning_ = remote != nullptr && remote->static_partitioning();
  }
  /// Reduces one goal (and the goals it reduces directly), the UNIRED's `reduce` command.
  /// Success means the reduction ended normally.
  RunStatus reduce_goal(Cell goal);
  /// A batch of the threads engine: how many goals and reductions it may take, how many direct
  /// reductions each goal may make before it goes to the back (the time slice), and the free
  /// heap cells below which it stops.
  struct BatchLimits {
    std::uint32_t goals;
    std::uint64_t reductions;
    std::uint32_t time_slice;
    std::size_t low_cells;
    /// While not null: every `waiting_reductions` reductions the batch looks at this count (the
    /// machine's IUs waiting for work); once it is not zero the batch shortens to
    /// `waiting_reductions` reductions and its goals' slices to `waiting_time_slice`, so that
    /// what the waiting IU may need goes out soon (the machine sends it at the batch's end).
    const std::atomic<std::uint32_t>* waiting = nullptr;
    std::uint64_t waiting_reductions = 0;
    std::uint32_t waiting_time_slice = 0;
  };
  /// Threads engine: reduces goals of the pool, at most `limits.goals` (each with its direct
  /// reductions) and about `limits.reductions` (a goal is not cut short but by its slice),
  /// stopping early when the pool is empty or the heap runs low. Success means it stopped
  /// normally (the pool may still hold goals).
  RunStatus run_batch(const BatchLimits& limits);
  /// Charges `units` of a builtin's work (an expression node, a list element, a character) on the
  /// simulated machine: `unired.builtin_work` cycles each. Nothing on the other engines.
  void charge_work(std::uint64_t units) {
    if (costs_ != nullptr) cycles_ += units * costs_->builtin_work;
  }
  /// True on the simulated machine (cycles are counted, time is simulated).
  [[nodiscard]] bool simulated() const { return costs_ != nullptr; }
  /// work/1 on the simulated machine: the reduction takes `cycles` more UNIRED cycles.
  void charge_cycles(std::uint64_t cycles) { cycles_ += cycles; }
  /// UNIRED cycles added up since the last take_cycles().
  [[nodiscard]] std::uint64_t peek_cycles() const { return cycles_; }
  /// UNIRED cycles added up since the last call.
  std::uint64_t take_cycles() {
    const std::uint64_t c = cycles_;
    cycles_ = 0;
    return c;
  }
  /// The MP's dynamic-partitioning flag: true while the bodies that distribute are used.
  bool distribute = false;
  /// Takes the next goal of the pool (the MP's choice), or 0: the newest (LIFO).
  Cell take_goal();
  /// Takes the oldest goal of the pool, or 0: the MP's periodic FIFO pick (docs/engine.md), so
  /// that a goal woken behind a long chain of newer ones is not starved.
  Cell take_oldest_goal();
  /// Takes up to `n` of the oldest goals of the pool into `taken` (the threads engine gives them
  /// to an idle IU that asked for work: in a LIFO pool the oldest are the largest pieces).
  /// Goals preempted by their time slice are given only when the pool has none.
  void take_oldest_goals(std::size_t n, std::vector<Cell>& taken);
  [[nodiscard]] std::size_t pool_size() const { return pool_.size() + preempted_.size(); }
  /// A goal that arrived from the network (`newload`) or was woken here (`activate`).
  void accept_goal(Cell goal) { push(goal); }
  /// Binds a variable of this IU for another IU (the NIP's `bind`): unifies when the variable
  /// was bound meanwhile; activates the hooked goals. False when the unification fails.
  bool bind_here(Cell variable, Cell value);
  /// Hangs a hook of another IU on a variable of this IU (the NIP's `suspend`); when the
  /// variable is already bound the goal is activated instead.
  void hook_here(Cell variable, Cell hook);
  /// Activates one goal (hook semantics: only if still suspended under `generation`).
  void activate_goal(Cell goal, std::int64_t generation);
  /// Records a runtime error (the machine's own, e.g. a failed remote bind).
  void report_error(std::string message, std::string goal) {
    set_error(std::move(message), std::move(goal), {});
  }
  /// Asks a running run() to stop at the next reduction (from a signal handler: only sets a flag).
  void interrupt() {
    interrupt_requested_ = true;
    attention_ = true;
  }
  /// Set by interrupt() until the reducer notices it: long builtins (printing) poll it.
  [[nodiscard]] const std::atomic<bool>& interrupt_flag() const { return interrupt_requested_; }
  /// Empties the pool and forgets suspended goals (REPL, after an error or interrupt).
  void reset();

  [[nodiscard]] const std::optional<RuntimeError>& error() const { return error_; }
  [[nodiscard]] int halt_code() const { return halt_code_; }
  /// Suspended goals and the variables each waits on (for the deadlock report), oldest first.
  struct SuspendedGoal {
    Cell goal;
    std::vector<Cell> variables;
  };
  std::vector<SuspendedGoal> suspended_goals() const;
  std::size_t suspended_count() const;

  /// Extra GC roots (the query's variables); updated in place by the collector.
  std::vector<Cell> roots;

  // --- services for builtins ---------------------------------------------------------------------
  /// Active unification (docs/engine.md); false on failure (the caller reports it). The
  /// common cases, an unbound variable nobody waits on meeting a value or another local
  /// variable, are handled inline.
  bool unify(Cell a, Cell b) {
    a = deref(a);
    b = deref(b);
    if (a == b) return true;
    if (is_unbound(a) && !is_unbound(b) && iu_of(a) == index_ && hooks_of(*address_of(a)) == 0) {
      store_var_cell(address_of(a), b);
      return true;
    }
    if (is_unbound(b) && !is_unbound(a) && iu_of(b) == index_ && hooks_of(*address_of(b)) == 0) {
      store_var_cell(address_of(b), a);
      return true;
    }
    if (is_unbound(a) && is_unbound(b) && iu_of(a) == index_ && iu_of(b) == index_) {
      // Two local variables: the higher is bound to the lower (as unify_general does), here
      // when it has no hooks to hand over.
      const Cell higher = a > b ? a : b;
      if (hooks_of(*address_of(higher)) == 0) {
        store_var_cell(address_of(higher), a > b ? b : a);
        return true;
      }
    }
    return unify_general(a, b);
  }
  bool unify_general(Cell a, Cell b);
  /// Records a variable the current builtin or clause waits on.
  void block_on(Cell unbound) { blocked_.push_back(unbound); }
  std::vector<Cell>& blocked() { return blocked_; }
  /// Reports a fatal error for the current goal; returns Outcome::Error.
  Outcome fail(std::string message);
  /// Requests a stop with an exit code (halt/1).
  void request_halt(int code);
  /// Allocates `n` cells, or nullptr (return Outcome::NeedHeap).
  Cell* allocate(std::size_t n) {
    if (options_.gc_stress && (stress_toggle_ = !stress_toggle_)) return nullptr;
    return heap.allocate(n);
  }
  /// The first unbound variable of a `g` input `term` of the builtin goal `goal` (0: an
  /// inline call, no record), or 0 when the term is ground; resumes where the last scan of
  /// the same goal stopped when that was a stream's tail (vm/ground_wait.hpp).
  Cell ground_wait(Cell term, Cell goal);
  /// A goal record for `predicate(args)` pushed on the pool (call/1), made at the call site of
  /// the builtin being run (for the location of its errors); false if the heap is full.
  bool spawn_goal(PredicateId predicate, const Cell* args);
  /// As spawn_goal, for the goal of `G @ node(N)` ('$on_node'/2): on IU N modulo the IU count
  /// (`writel` to another IU), or on the least-loaded IU under naive partitioning; here on the
  /// one-IU engine. False if a heap is full.
  bool spawn_goal_on_node(std::uint64_t node, PredicateId predicate, const Cell* args);
  /// The lineage key a random builtin being run draws from (vm/lineage.hpp): the same for the
  /// call whether it runs at once or later from a goal record, on whichever IU.
  [[nodiscard]] std::uint64_t draw_key() const { return builtin_key_; }
  /// True when this IU keeps lineage keys: the program names a random builtin.
  [[nodiscard]] bool keeps_lineage() const { return lineage_on_; }
  /// Seconds since the run started: the simulated time of this IU on the simulated machine,
  /// the host's steady clock elsewhere (now/1).
  [[nodiscard]] double now_seconds() const;
  /// As spawn_goal, but the goal waits behind every ready goal (with those whose time slice ran
  /// out): the continuation of a reader, so that its consumer takes a chunk before the next.
  bool spawn_goal_later(PredicateId predicate, const Cell* args);
  /// A goal record made by the builtin being run (call/N, a reader's continuation, timer/2):
  /// at its call site, with its lineage key; 0 if the heap is full.
  Cell make_builtin_goal(PredicateId predicate, const Cell* args);
  /// timer/2: `goal` (a record on this heap) enters the pool `seconds` from now, without
  /// holding the IU busy meanwhile: the simulated machine delivers it at that simulated time;
  /// on the host engines it sleeps here (a GC root) until its deadline, and the threads
  /// engine wakes the IU then.
  void start_timer(double seconds, Cell goal);
  /// Host engines: moves the sleeping goals whose deadline has passed into the pool.
  void wake_sleepers();
  /// Host engines: goals waiting for their timer's deadline.
  [[nodiscard]] std::size_t sleeper_count() const { return sleepers_.size(); }
  /// The clock of the machine in MHz (IuOptions::clock_mhz).
  [[nodiscard]] double clock_mhz() const { return options_.clock_mhz; }
  /// The program's arguments (`fleng run prog.fl -- a b`), for argv/1.
  [[nodiscard]] const std::vector<std::string>& program_args() const { return options_.program_args; }
  /// Ensures `cells` free cells, collecting if needed (roots: registers, pool, suspended goals,
  /// `roots`, and `extra` which is updated). False if the heap is exhausted.
  bool ensure_heap(std::size_t cells, Cell* extra = nullptr, std::size_t extra_count = 0);

  /// Text of a term (for messages and REPL answers): at most about kMaxFormatChars
  /// characters (the rest prints as `...`), so that a report of a goal whose argument is a
  /// heavily shared term (a tree exponential in its size) ends on every engine.
  std::string format(Cell term) const;
  /// The text of goal `name(args)` made at code address `site` (0: unknown): its unbound
  /// variables named by the source variables of that goal in its clause where they still are
  /// (vm/goal_sites.hpp), `_G<n>` otherwise.
  std::string format_goal(const std::string& name, const Cell* args, std::uint32_t arity,
                          std::uint32_t site) const;
  /// Variable names for the goal made at `site` with arguments `args` (format_goal's).
  VariableNames goal_variable_names(const Cell* args, std::uint32_t arity, std::uint32_t site) const;
  static constexpr std::size_t kMaxFormatChars = std::size_t{1} << 20;
  /// How variables are named in this IU's output (see term_writer.hpp).
  VariableNames variable_names() const;
  /// On a machine of several IUs: every IU's heap, for naming variables of other IUs.
  void set_machine_heaps(const std::vector<const Heap*>* heaps) { machine_heaps_ = heaps; }

 private:
  friend class Reducer;
  friend class Collector;
  friend void collect_together(const std::vector<Iu*>&, const std::vector<Cell*>&, std::size_t);
  void evacuate_roots(Collector& gc);

  Cell make_goal_record(PredicateId predicate, const Cell* args, std::uint32_t arity,
                        std::uint32_t site = 0);
  /// The code address that made the goal being reduced: its record's, or for a goal reduced
  /// directly the `execute` (exec_site_).
  [[nodiscard]] std::uint32_t reduced_site() const {
    return current_goal_ != 0 ? goal_record::call_site(current_goal_) : exec_site_;
  }
  template <ExecMode kMode>
  RunStatus run_loop(Cell single_goal);
  /// Dereference, asking the machine for remote cells (simulated machine only).
  template <ExecMode kMode>
  Cell deref_at(Cell c) {
    if constexpr (kMode != ExecMode::Simulated) {
      return deref(c);
    } else {
      while (is_ref(c)) {
        if (iu_of(c) != index_) remote_->read(*this, c);
        const Cell contents = load_cell(address_of(c));
        if (is_var_contents(contents)) return c;
        c = contents;
      }
      return c;
    }
  }
  unsigned placement_target(std::uint64_t operand);
  /// Fills the constant registers the image has made since the last time.
  void load_constant_registers() {
    for (; constants_loaded_ < image.register_constants.size(); ++constants_loaded_) {
      registers_[kConstantRegisterBase + constants_loaded_] = image.register_constants[constants_loaded_];
    }
  }
  bool reduce_builtin_goal(const Predicate& predicate, PredicateId pred, std::uint32_t arity,
                           Cell* scratch);
  bool call_builtin_inline(std::uint64_t pc, bool function, Cell* scratch);
  bool grow_heap_for_builtin(std::size_t& headroom);
  void push(Cell goal) { pool_.push_back(goal); }
  void bind(Cell var_ref, Cell value);
  void activate_hooks(Cell hooks);
  bool suspend_goal(Cell goal_or_zero, PredicateId predicate, const Cell* args,
                    std::uint32_t arity);
  void collect(std::size_t need, Cell* extra, std::size_t extra_count);
  /// Threads engine: the batch's look at BatchLimits::waiting (due at batch_check_at_, and at
  /// the end of every piece of a goal's slice): shortens the batch and its slices once an IU
  /// waits, and sets the next look.
  void look_for_waiting();
  /// The count of reductions of the batch's next look (or its end, if sooner).
  void set_next_look();
  /// The next piece of a goal's slice of which `given` direct reductions are gone: the rest,
  /// or at most `waiting_reductions` of it while the batch looks for waiting IUs.
  [[nodiscard]] std::uint32_t slice_piece(std::uint32_t given) const {
    const std::uint32_t rest = batch_time_slice_ - given;
    if (batch_waiting_ == nullptr) return rest;
    return std::min(rest, static_cast<std::uint32_t>(batch_waiting_reductions_));
  }
  void set_error(std::string message, std::string goal, SourceRef where);

  unsigned index_;
  unsigned count_;
  IuOptions options_;
  std::uint32_t exec_site_ = 0;  // the `execute` of the goal reduced directly (for reports)
  // --trace-goals (vm/goal_trace.cpp): the lines still to write; tracing_ once set up.
  bool tracing_ = false;
  std::uint64_t trace_left_ = 0;
  void trace_line(const std::string& line);
  void trace_reduce(PredicateId predicate, std::uint64_t commit_pc, const Cell* registers);
  void trace_builtin(PredicateId predicate, const Cell* registers, std::uint32_t arity);
  void trace_suspend(Cell goal, const std::vector<Cell>& variables);
  void trace_wake(Cell goal);

  bool static_partitioning_ = false;  // the machine's, read once at attach (spawn_at asks often)
  std::vector<Cell> pool_;         // ready goals (records); the top is reduced next
  std::deque<Cell> preempted_;     // goals whose time slice ran out, run after the pool drains
  /// timer/2 on the host engines: goals and the deadlines they enter the pool at, in deadline
  /// order (Iu::start_timer).
  struct Sleeper {
    std::chrono::steady_clock::time_point deadline;
    Cell goal;
  };
  std::vector<Sleeper> sleepers_;
  std::vector<Cell> suspended_;    // registry: goal, generation, n, vars... per suspension
  std::size_t suspended_live_ = 0;
  std::vector<Cell> blocked_;
  std::array<std::vector<void*>, 3> threaded_code_;  // by ExecMode: the reducer's handler per code address
  /// Handlers of the reducer for common operand values of one instruction (docs/engine.md,
  /// "Specialised handlers"): chosen when the code is threaded, same effect as the general one.
  struct SpecialHandlers {
    std::array<void*, 4> execute_moves;  ///< execute with 0..3 register moves
    void* commit_nothing;                ///< commit reserving no cells
    void* commit_checked;                ///< commit with a heap check, no GC stress
    void* unify_list_new;                ///< unify_list making the tail variable (N = 1)
    void* commit_traced;                 ///< commit under --trace-goals (every commit)
  };
  void thread_code(std::vector<void*>& threaded, void* const* dispatch,
                   const SpecialHandlers& special) const;
  /// What the reducer needs first of a predicate when it reduces a goal of it, in one small
  /// record per predicate (remade with the threaded code: code and predicates only grow
  /// together, by a query's).
  struct Entry {
    enum Kind : std::uint8_t { Indexed, AllClauses, NoClauses };
    const std::uint32_t* cons = nullptr;  ///< the clauses for a list cell in the index argument
    const std::uint32_t* all = nullptr;   ///< every clause (an unbound index argument)
    std::uint32_t argument = 0;           ///< the index argument's register
    /// When the first clause for a list cell starts by matching the index argument as a list
    /// (append's `[X|Xs]`): the code after that match and the registers its head and tail go
    /// to, so the prologue does the match itself (0: no such clause).
    std::uint32_t cons_body = 0;
    std::uint32_t cons_registers = 0;
    Kind kind = NoClauses;  ///< Indexed; AllClauses (no argument, no head looks); builtin/undefined
  };
  std::vector<Entry> entries_;
  void make_entries();
 public:
  /// A builtin added a predicate to the image (call/1 of one never seen): the reducer renews
  /// what it keeps of the predicates after the builtin.
  void note_predicates_grew() { predicates_grew_ = true; }
 private:
  bool predicates_grew_ = false;
  std::vector<Cell> registers_;    // the clause's registers, then the constant registers
  std::vector<Cell> scratch_;      // parallel moves and builtin arguments (one per IU, made once)
  std::size_t constants_loaded_ = 0;  // constant registers filled from the image so far
  std::vector<std::pair<Cell, Cell>> unify_stack_;
  Cell current_goal_ = 0;          // record of the goal being reduced, if it has one
  /// Builtin goals waiting for a ground input on the tail of a stream: where the scan goes on
  /// (vm/ground_wait.hpp). Cleared at every collection (records and variables move).
  std::unordered_map<Cell, Cell> ground_resume_;
  std::uint32_t builtin_site_ = 0;  // call site (code address) of the builtin being run, or 0
  std::uint64_t lineage_ = 0;      // lineage key of the goal being reduced (vm/lineage.hpp)
  std::uint64_t builtin_key_ = 0;  // lineage key of the builtin call being run (draw_key())
  bool lineage_on_ = false;        // keeps lineage keys (CodeImage::random_used at creation)
  bool stress_toggle_ = false;     // gc_stress: every other builtin allocation fails first
  RemoteOps* remote_ = nullptr;    // the machine, when there are other IUs
  const std::vector<const Heap*>* machine_heaps_ = nullptr;
  const SimCosts* costs_ = nullptr;
  std::uint64_t cycles_ = 0;
  std::uint32_t batch_left_ = 0;       // threads engine: goals left in this batch
  std::uint64_t batch_end_reductions_ = 0;  // threads engine: the batch ends at this count
  std::uint32_t batch_time_slice_ = 1000;    // threads engine: this batch's time slice
  std::size_t batch_low_cells_ = 0;    // threads engine: end the batch below this many free cells
  // Threads engine, while another IU may start waiting (BatchLimits::waiting): the next count
  // of reductions at which the batch looks (or its end, if sooner), and what it shortens to.
  std::uint64_t batch_check_at_ = 0;
  std::uint64_t batch_start_reductions_ = 0;
  const std::atomic<std::uint32_t>* batch_waiting_ = nullptr;
  std::uint64_t batch_waiting_reductions_ = 0;
  std::uint32_t batch_waiting_time_slice_ = 0;
  std::array<unsigned, kMaxLabels> labels_{};  // the IUs of the placement labels of the current clause

  std::optional<RuntimeError> error_;
  int halt_code_ = 0;
  bool halted_ = false;
  std::atomic<bool> interrupt_requested_{false};
  /// Set with error_, halted_ or interrupt_requested_: the reducer tests this one flag between
  /// reductions.
  std::atomic<bool> attention_{false};
};

}  // namespace fleng::vm
