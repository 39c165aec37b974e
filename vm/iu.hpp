// One Inference Unit as the reducer sees it: its heap, its goal pool, the goals suspended on
// its variables, its registers and counters. The reducer (UNIRED) runs goals from the pool
// (vm/reducer_loop.hpp); binding a variable activates its hooked goals (the NIP's `bind` and
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
#include "vm/engine_policy.hpp"
#include "vm/goal_pool.hpp"
#include "vm/goal_record.hpp"
#include "vm/heap.hpp"
#include "vm/native_code.hpp"
#include "vm/remote_ops.hpp"
#include "vm/term_writer.hpp"
#include "vm/terms.hpp"

namespace fleng::vm {

class Collector;
class Iu;
struct NativeProgram;

/// Collects the heaps of several IUs together (the simulated machine, where pointers cross
/// between them): every IU's roots, and the cells `extra` points to. `ius` is indexed by IU
/// number; a null entry is an IU not collected (one of another MPI rank). Each heap then keeps at
/// least `headroom` free cells if it can. Only at a point where no reduction is in progress.
void collect_together(const std::vector<Iu*>& ius, const std::vector<Cell*>& extra,
                      std::size_t headroom);

struct RuntimeError {
  std::string message;   ///< e.g. "no matching clause"
  std::string goal;      ///< the offending goal, printed as a term
  SourceRef where;       ///< the predicate or call site
  /// The code address of the instruction that made the goal being reduced (0: unknown), for
  /// the report's "made at" line (vm/goal_sites.hpp).
  std::uint32_t site = 0;
};

/// Direct reductions before a goal goes to the back of the queue, on the one-IU engine (and
/// in the REPL): long enough that a producer usually finishes its stream before its consumers
/// start (depth first, the consumers then never suspend and no pipeline of suspended goals is
/// live at each collection), short enough that an infinite producer still lets the others run
/// (docs/engine.md, "The time slice"). `fleng run --time-slice N` sets it.
inline constexpr std::uint32_t kHostTimeSlice = 1'000'000;
/// The time slice of the simulated PIE64's and the mpi engine's IUs, whose goals other IUs
/// wait for (the threads engine's are the machine keys threads.time_slice and
/// threads.waiting_time_slice).
inline constexpr std::uint32_t kMachineTimeSlice = 1000;

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
  std::uint32_t time_slice = kHostTimeSlice;  ///< direct reductions before a goal goes to the back
  /// Make the heap's initial part resident at creation (see Heap); off on the simulated
  /// machine, whose 1024 IUs would populate gigabytes they never use.
  bool populate_heap = true;
  /// A step limit (tests, fuzzing): once this many user-predicate reductions are done, the run
  /// stops with the error "step limit reached". Checked when a goal is taken from the pool
  /// (so a run may overshoot by one time slice, which a limit caps at kMachineTimeSlice: the
  /// Iu's constructor); the simulated machine checks the sum over its
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
  /// The program's native code (`fleng build`, vm/native_code.hpp): run() calls its
  /// predicates' entries instead of interpreting them; null: everything is interpreted. The
  /// local engine only.
  const NativeProgram* native = nullptr;
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
  /// interrupt request: the one-IU engine (vm/local_policy.hpp).
  RunStatus run();
  /// run() with the predicates of `program` run as native code (vm/native_policy.cpp).
  RunStatus run_native(const NativeProgram& program);
  /// Native code counts its count sites' runs (vm/native_code.hpp: NativeSite) rather than the
  /// reductions, builtin calls and goals spawned themselves: the run's counts, which
  /// fold_native_counts adds to `counters` (nothing when native code is not running). Whatever
  /// reads the counters during a run folds them first.
  void use_native_counts(const NativeSiteCounts& counts) { native_counts_ = counts; }
  void fold_native_counts() {
    if (native_counts_.counts != nullptr) native_counts_.fold(counters);
  }
  /// The state native code carries between predicates (vm/native_code.hpp), set up by the
  /// native policy for its program. It is the IU's own, so that compiled code finds it at a
  /// fixed offset from the IU (NativeAccess::frame) and keeps no register for a pointer to it.
  NativeFrame& native_frame() { return native_frame_; }
  /// The reducer under an engine's policy (vm/engine_policy.hpp): reduces goals until the
  /// policy stops it, an error, halt/1 or an interrupt. Defined in vm/reducer_loop.hpp,
  /// instantiated by each engine's translation unit.
  template <EnginePolicy Policy>
  RunStatus run_loop(Policy& policy);
  /// Free cells guaranteed at the start of every reduction (Heap::kMinFreeCells).
  static constexpr std::size_t kMinFreeCells = Heap::kMinFreeCells;

  // --- on a machine of several IUs ---------------------------------------------------------------
  /// Joins a machine: remote operations go to `remote` (and costs, if it simulates time).
  void attach(RemoteOps* remote) {
    remote_ = remote;
    static_partitioning_ = remote != nullptr && remote->static_partitioning();
    simulated_ = remote != nullptr && remote->simulated();
  }
  /// The machine this IU joined (null: the one-IU engine).
  [[nodiscard]] RemoteOps* machine() const { return remote_; }
  [[nodiscard]] bool static_partitioning() const { return static_partitioning_; }
  /// Charges `units` of a builtin's work (an expression node, a list element, a character) on the
  /// simulated machine (RemoteOps::charge_builtin_work). Nothing on the other engines.
  void charge_work(std::uint64_t units) {
    if (simulated_) remote_->charge_builtin_work(*this, units);
  }
  /// True on the simulated machine (cycles are counted, time is simulated).
  [[nodiscard]] bool simulated() const { return simulated_; }
  /// The MP's dynamic-partitioning flag: true while the bodies that distribute are used.
  bool distribute = false;
  /// Takes the next goal of the pool (the MP's choice), or 0: the newest (LIFO), else the
  /// oldest of those whose time slice ran out.
  Cell take_goal() {
    if (!pool_.empty()) {
      const Cell goal = pool_.back();
      pool_.pop_back();
      return goal;
    }
    if (!preempted_.empty()) {
      const Cell goal = preempted_.front();
      preempted_.pop_front();
      return goal;
    }
    return 0;
  }
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
    raise_attention();
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
  /// inline call, no record), or 0 when the term is ground; goes on from where the last walk
  /// of the same goal stopped (vm/ground_wait.hpp).
  Cell ground_wait(Cell term, Cell goal);
  /// How many goals' ground walks are remembered (for tests).
  [[nodiscard]] std::size_t remembered_ground_walks() const { return ground_resume_.size(); }
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
  [[nodiscard]] bool has_sleepers() const { return !sleepers_.empty(); }
  /// Host engines, nothing to do but timers: sleeps until the first deadline, at most a little
  /// while (so that an interrupt is seen).
  void sleep_until_first_timer();
  /// True while goals are suspended (a pool that empties then is a deadlock).
  [[nodiscard]] bool has_suspended_goals() const { return suspended_live_ > 0; }
  [[nodiscard]] const IuOptions& options() const { return options_; }
  // --- placements (the machine engines' policies) -----------------------------------------------
  /// The IU a datum of put_var_at / place goes to: its label's under static partitioning, here
  /// otherwise.
  [[nodiscard]] unsigned placement_target(std::uint64_t operand) const {
    const auto kind = static_cast<std::uint32_t>(operand >> 32U);
    const auto label = static_cast<std::uint32_t>(operand);
    // Naive partitioning (--static off) ignores the program's placements: every goal to the
    // least-loaded IU, every datum here.
    if (!remote_->static_partitioning()) return index_;
    if (kind == 0) return index_;
    return labels_[label];
  }
  /// The IU a goal of spawn_at goes to: naive partitioning sends every goal to the
  /// least-loaded IU; with static partitioning an unannotated goal stays here, a constant
  /// `node(K)` goes to IU K modulo the IU count, and an annotated one to its label's IU.
  unsigned goal_placement(std::uint64_t placement) {
    if (!static_partitioning_) return remote_->least_loaded(*this);
    const auto kind = static_cast<std::uint32_t>(placement >> 32U);
    if (kind == 0) return index_;
    if (kind == kNodePlacement) return static_cast<std::uint32_t>(placement) % count_;
    return labels_[static_cast<std::uint32_t>(placement) & (kMaxLabels - 1)];
  }
  /// on(L): the IU that owns the datum received here (a non-pointer means this IU). Local
  /// references are followed; the first one into another IU names that IU without a remote
  /// read (an output variable received from a consumer elsewhere is owned there).
  [[nodiscard]] unsigned owner_iu(Cell datum) const {
    while (is_ref(datum) && iu_of(datum) == index_) {
      const Cell contents = *address_of(datum);
      if (is_var_contents(contents)) break;
      datum = contents;
    }
    return is_pointer(datum) ? iu_of(datum) : index_;
  }
  /// The clock of the machine in MHz (IuOptions::clock_mhz).
  [[nodiscard]] double clock_mhz() const { return options_.clock_mhz; }
  /// The program's arguments (`fleng run prog.fl -- a b`), for argv/1.
  [[nodiscard]] const std::vector<std::string>& program_args() const { return options_.program_args; }
  /// Ensures `cells` free cells, collecting if needed (roots: registers, pool, suspended goals,
  /// `roots`, and `extra` which is updated). False if the heap is exhausted.
  bool ensure_heap(std::size_t cells, Cell* extra = nullptr, std::size_t extra_count = 0);
  /// After a body's reservation (ensure_heap): it collected (`collections` was heap.collections
  /// before) and more than a quarter of the heap's limit is still live. The running goal's
  /// time slice then ends, so that a producer far ahead of its consumers lets them run before
  /// it exhausts the heap: a long time slice must not cost a stream program its bounded memory
  /// (docs/engine.md, "The time slice").
  [[nodiscard]] bool crowded_after(std::uint64_t collections) const {
    return heap.collections != collections && heap.used_cells() > heap.max_cells() / 4;
  }

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
  friend struct NativeAccess;  // generated native code (vm/native_access.hpp)
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
  bool simulated_ = false;  // the machine's, read once at attach: costs go to it
  GoalPool pool_;                  // ready goals (records); the top is reduced next
  std::deque<Cell> preempted_;     // goals whose time slice ran out, run after the pool drains
  /// timer/2 on the host engines: goals and the deadlines they enter the pool at, in deadline
  /// order (Iu::start_timer).
  struct Sleeper {
    std::chrono::steady_clock::time_point deadline;
    Cell goal;
  };
  std::vector<Sleeper> sleepers_;
  /// What native code tests at the end of a body instead of the timers and the step limit
  /// (NativeAccess::ready_goal, through Heap::native_goal_due): timers are pending, or the run
  /// has a step limit, so the loop is to take every goal. Kept wherever sleepers_ changes.
  void update_native_poll() {
    heap.set_native_poll(!sleepers_.empty() ||
                         options_.max_reductions != std::numeric_limits<std::uint64_t>::max());
  }
  std::vector<Cell> suspended_;    // registry: goal, generation, n, vars... per suspension
  std::size_t suspended_live_ = 0;
  std::vector<Cell> blocked_;
  /// The reducer's handler per code address, one table per instance of the loop (an engine
  /// policy's), found by that instance's dispatch table.
  struct ThreadedCode {
    void* const* dispatch;
    std::vector<void*> handlers;
  };
  std::vector<ThreadedCode> threaded_code_;
  std::vector<void*>& threaded_code_for(void* const* dispatch) {
    for (ThreadedCode& t : threaded_code_) {
      if (t.dispatch == dispatch) return t.handlers;
    }
    return threaded_code_.emplace_back(ThreadedCode{dispatch, {}}).handlers;
  }
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
  /// Builtin goals waiting for a ground input: where each one's walk goes on, the variable it
  /// stopped at last (vm/ground_wait.hpp). Cleared at every collection (records and variables
  /// move).
  std::unordered_map<Cell, std::vector<Cell>> ground_resume_;
  std::vector<Cell> ground_walk_;  // the walk of the current ground_wait (storage kept)
  std::uint32_t builtin_site_ = 0;  // call site (code address) of the builtin being run, or 0
  std::uint64_t lineage_ = 0;      // lineage key of the goal being reduced (vm/lineage.hpp)
  std::uint64_t builtin_key_ = 0;  // lineage key of the builtin call being run (draw_key())
  bool lineage_on_ = false;        // keeps lineage keys (CodeImage::random_used at creation)
  bool stress_toggle_ = false;     // gc_stress: every other builtin allocation fails first
  RemoteOps* remote_ = nullptr;    // the machine, when there are other IUs
  const std::vector<const Heap*>* machine_heaps_ = nullptr;
  std::array<unsigned, kMaxLabels> labels_{};  // the IUs of the placement labels of the current clause

  std::optional<RuntimeError> error_;
  int halt_code_ = 0;
  bool halted_ = false;
  std::atomic<bool> interrupt_requested_{false};
  /// Set with error_, halted_ or interrupt_requested_: the reducer tests this one flag between
  /// reductions.
  std::atomic<bool> attention_{false};
  /// attention_ up, and native code's end of a body told to stop taking goals itself
  /// (Heap::stop_native_goals): from a signal handler, another thread, or the IU's own.
  void raise_attention() {
    attention_ = true;
    heap.stop_native_goals();
  }
  /// attention_ down again (the IU's own thread).
  void clear_attention() {
    attention_ = false;
    heap.resume_native_goals();
  }
  /// The count sites of the native code running (use_native_counts), last of the members: the
  /// interpreter's stay where they were.
  NativeSiteCounts native_counts_;
  NativeFrame native_frame_;  ///< native_frame(): after the members the interpreter uses
};

}  // namespace fleng::vm
