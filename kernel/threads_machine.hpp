// The PIE64 machine on host threads (the `threads` engine): N Inference Units served by K
// worker threads of a oneTBB task arena, sharing memory, timed by the wall clock.
//
// Each IU is an actor. The K workers are the thread in run() (worker 0, while the run lasts)
// and K-1 oneTBB worker threads, each a loop (a oneTBB task on the machine's arena) from the
// machine's construction to its destruction; they take IU turns from a ready queue (FIFO). A
// worker with nothing to take looks for `threads.idle_spin` microseconds during a run, then
// sleeps on the queue's condition variable (nothing spins between runs); with as many CPUs as
// workers each is tied to one (`threads.pin_workers`). At most one worker runs an IU at a time
// (its `scheduled` flag says so): a turn applies the messages of the IU's inbox (the NIP's commands: a goal from another IU, a binding
// of one of its variables, a hook to hang on one, a goal of its own to wake), then reduces up to
// 8 batches of goals from its pool (a batch: 256 goals or 1000 reductions) with the machine's
// code (placements, dynamic partitioning; compiled with vm::CompileOptions::host_threads, so a
// clause that places no goal has one body), applying the inbox between batches; if work is
// left, the IU keeps its worker while no other IU is queued, and goes to the back of the queue
// otherwise. While another IU waits for work, batches and time slices are
// short (Batches below), so that what it waits for reaches it soon. Messages an IU
// sends wait in its outbox until the end of the batch, then go to each target's inbox under
// its mutex, one lock and one wake-up per target. Ownership is the rule that keeps this
// race-free:
//   - only an IU writes its own heap: a variable of another IU is bound, and a hook is hung on
//     it, by a message to its owner (vm::RemoteOps::bind/hook); a goal sent to another IU is a
//     message the target copies into its own heap; data placements (`to(L)` variables, `on`)
//     stay on the IU that makes them (remote reads are plain shared-memory reads here);
//   - every IU reads every heap: a variable cell is read with an acquire load and written by its
//     owner with a release store (vm/terms.hpp), so what a binding points to, built before it,
//     is visible to whoever sees the binding; other cells are written before they are published
//     and never change until a collection (which runs with every worker stopped);
//   - a message is published by the inbox mutex: everything its sender wrote before posting is
//     visible to the owner that takes it out.
//
// Termination: delivering messages pushes them, then sets the target's `scheduled` flag
// (seq_cst exchange) and queues a turn if the flag was clear; a turn that finds its IU with
// an empty pool delivers its outbox, clears the flag (seq_cst store), then looks at the inbox
// again under its mutex and takes another turn if something came. So at any time every IU with
// work has a turn queued or running, and the count of turns queued or running (`in_flight`, a
// "task" below) reaches zero only when no IU has work and no message is in flight: that is
// quiescence (success, or deadlock if goals are suspended). An error, halt/1 or an interrupt
// sets `stop_`; every turn stops at its next batch boundary.
//
// Garbage collection: an IU whose heap runs low between batches grows it in place (doubling,
// up to the limit) while the machine's growth since the last collection stays under the live
// data that collection left (`growth_budget_`), so that the work of collecting stays
// proportional to the data allocated, however the live data is spread over the IUs (an IU with
// little live data that filled its small heap again and again made every collection copy the
// others' large live data: 5 M list cells on 2 IUs, 3.3 s of 86 collections). Otherwise, and
// in the middle of a reduction when growth is the only way (vm::Iu::ensure_heap), it sets
// `collection_requested_`; every task then
// parks its IU (keeps the flag set, spawns nothing) instead of reducing; the task that brings
// the count of tasks to zero collects all heaps together (vm::collect_together; messages still
// in inboxes are roots), then restarts the parked IUs.
//
// Load: each IU publishes its pool size in a shared table (relaxed atomics) at its batch
// boundaries; a sender adds one for every goal it sends. `any`/naive placement picks the least
// loaded entry; the dynamic-partitioning flag is set from the least load and the threshold at
// each batch, as the simulated MP does.
//
// Work sharing: an IU whose turn ends with an empty pool sets its `hungry` flag (and a shared
// count); an IU that sees the count non-zero after a batch and has two goals or more claims a
// hungry IU (exchange on its flag) and sends it half of its oldest goals (up to 64) as Goal
// messages. Hungry IUs have no turn queued, and quiescence is unchanged.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/host_timers.hpp"
#include "kernel/machine_description.hpp"
#include "kernel/shared_output.hpp"
#include "kernel/threads_policy.hpp"
#include "vm/iu.hpp"

namespace fleng::kernel {

struct ThreadsOptions {
  unsigned workers = 0;             ///< host worker threads (0: one per core)
  vm::IuOptions iu;                 ///< heap sizes of every IU
  /// Chrome trace-event timeline of the run (each worker's turns and the collections), written
  /// when run() returns; empty for none.
  std::string trace_file;
};

class ThreadsMachine final : public vm::RemoteOps {
 public:
  ThreadsMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
                 const MachineDescription& machine, const ThreadsOptions& options);
  ~ThreadsMachine() override;

  [[nodiscard]] unsigned size() const { return static_cast<unsigned>(nodes_.size()); }
  [[nodiscard]] unsigned workers() const { return workers_; }
  vm::Iu& iu(unsigned i) { return *nodes_[i]->iu; }

  /// Runs the goals already in the pools to quiescence, an error, halt/1 or an interrupt.
  vm::RunStatus run();
  /// The IU that reported the error or halted, if any.
  [[nodiscard]] std::optional<unsigned> failed_iu() const;
  /// Asks the run to stop (signal-safe: sets flags only).
  void interrupt();

  /// Statistics in wall-clock terms (the keys of the simulator's where they apply).
  [[nodiscard]] nlohmann::json statistics() const;
  /// Why the --trace file could not be written after the last run (empty if it was, or none
  /// was asked for).
  [[nodiscard]] const std::string& trace_error() const { return trace_error_; }

  // --- vm::RemoteOps ---------------------------------------------------------------------------
  void read(vm::Iu& /*from*/, vm::Cell /*pointer*/) override {}  // shared memory: a plain load
  void bind(vm::Iu& from, vm::Cell variable, vm::Cell value) override;
  void hook(vm::Iu& from, vm::Cell variable, vm::Cell hook) override;
  void activate(vm::Iu& from, vm::Cell hook) override;
  unsigned least_loaded(vm::Iu& from) override;
  [[nodiscard]] bool static_partitioning() const override { return machine_.static_partitioning; }
  [[nodiscard]] bool writes_remote_heaps() const override { return false; }
  vm::Cell* allocate_on(vm::Iu& from, unsigned iu, std::size_t cells) override;
  void write_data(vm::Iu& /*from*/, unsigned /*iu*/, std::size_t /*words*/) override {}
  void send_goal(vm::Iu& from, unsigned iu, vm::Cell goal) override;
  void new_goal(vm::Iu& /*from*/) override {}
  /// timer/2: the IU keeps the goal; the timer thread wakes the IU at the deadline (a pending
  /// timer counts as work in flight, so the machine is not idle before it fires).
  bool start_timer(vm::Iu& from, double seconds, vm::Cell goal,
                   std::chrono::steady_clock::time_point deadline) override;

  /// A worker's oneTBB task: takes turns from the ready queue until the machine is destroyed
  /// (see start_workers).
  void worker_loop();

 private:
  /// Wake: a timer of the IU is due (HostTimers); the IU moves its due sleepers to its pool.
  enum class MessageKind : std::uint8_t { Goal, Bind, Hook, Activate, Wake };
  struct Message {
    MessageKind kind;
    vm::Cell a;
    vm::Cell b;
  };
  /// Counters of one IU, written only by the task running it.
  struct IuCounters {
    std::uint64_t messages_sent = 0;
    std::uint64_t goals_sent = 0;
    std::uint64_t goals_received = 0;
    std::uint64_t batches = 0;
    std::uint64_t goals_given = 0;  ///< sent to IUs that had run out of work (see feed)
    std::uint64_t feeds = 0;        ///< times it gave goals to a hungry IU
  };
  /// One turn of an IU on a worker, for the trace (--trace).
  struct TurnEvent {
    enum class End : std::uint8_t { Dry, Again, Parked, Stopped, Collection };
    unsigned iu;
    std::chrono::steady_clock::time_point start;
    std::chrono::steady_clock::duration length;
    std::uint64_t reductions;
    std::uint32_t batches;
    End end;
  };
  /// Counters of one worker thread, written only by it.
  struct alignas(64) WorkerCounters {
    std::uint64_t reductions = 0;
    std::uint64_t suspensions = 0;
    std::uint64_t batches = 0;
    std::uint64_t transfers = 0;  ///< batches of an IU that last ran on another worker
    std::uint64_t steals = 0;     ///< work given by its IUs to IUs that had run out
    std::chrono::nanoseconds busy{0};
    std::vector<TurnEvent> trace;  ///< its turns, when tracing
  };
  struct Outgoing {
    unsigned to;
    Message message;
  };
  struct alignas(64) Node {
    std::unique_ptr<std::ostream> out;  // this IU's stream over the shared output
    std::unique_ptr<vm::Iu> iu;
    std::unique_ptr<ThreadsPolicy> policy;  // the reducer's engine policy for `iu`: its batches
    std::mutex inbox_mutex;
    std::vector<Message> inbox;         // guarded by inbox_mutex
    std::vector<Message> taken;         // the messages being applied (the task's own)
    std::vector<Outgoing> outbox;       // sent during this batch (the task's own)
    std::atomic<bool> scheduled{false};
    std::atomic<bool> has_mail{false};  // inbox non-empty (a hint; the mutex decides)
    std::atomic<bool> hungry{false};    // ran out of work: the next IU with spare goals feeds it
    std::vector<vm::Cell> given;        // goals being given away (the task's own)
    bool parked = false;                // waiting for a collection (only while it has no task)
    int last_worker = -1;
    IuCounters counters;
  };

  void start_workers();
  /// Starts every IU with work (parked ones, idle ones with goals or mail); only while no task
  /// runs. False if there was none.
  bool start_ready();
  void finish_task();  // the end of every task: the last one says the machine is idle
  void post(vm::Iu& from, unsigned to, const Message& message);
  /// Delivers IU `i`'s outbox to the inboxes (its task calls it at the end of every batch and
  /// before its turn ends, so no message stays behind when the IU stops or parks).
  void flush(unsigned i);
  void schedule(unsigned i);  // queues a turn of the IU (its flag already set)
  /// Waits for a turn (spins for idle_spin_ during a run, then sleeps); false at shutdown,
  /// and for the thread in run() (`caller`) when the run is over.
  bool take_turn(unsigned& i, bool had_turn, bool caller);
  /// Runs IU `i`'s turns while it has work and no other IU is queued, then ends the task.
  void serve(unsigned i);
  /// One turn of IU `i`: true if it has work left and needs another (its flag stays set).
  bool run_iu(unsigned i);
  /// Applies the inbox; false if the IU must wait for a collection (heap low).
  bool apply_messages(unsigned i);
  void apply(unsigned i, const Message& message);
  void publish_load(unsigned i);
  /// Work sharing: an IU whose pool runs dry says it is hungry; an IU with two goals or more
  /// gives half of its oldest ones to a hungry IU at its next batch boundary.
  void mark_hungry(unsigned i);
  void mark_fed(unsigned i);
  void feed_hungry(unsigned i, WorkerCounters& worker);
  /// Records the first IU that stopped the run (an error or halt/1) and stops every worker.
  void fail(unsigned i);
  void collect();
  void write_trace();
  /// The worker running this (the thread in run() is worker 0) and its counters (the trace's
  /// track, the turns' time).
  [[nodiscard]] unsigned current_worker_index() const;
  WorkerCounters& current_worker();
  [[nodiscard]] std::size_t low_cells(const vm::Iu& iu) const;
  /// An IU whose heap has fewer than `cells` free between batches: grows it in place within
  /// growth_budget_ (see the header); false if it did not (the caller asks for a collection).
  bool grow_heap(vm::Iu& iu, std::size_t cells);
  void request_collection();

  /// The batch sizes, from the machine description's `threads.*` keys.
  ///  - A batch ends after `goals` goals or `reductions` reductions, whichever comes first; its
  ///    messages then go out. Bounded by reductions, a batch of a pipeline's long-running goals
  ///    (a filter with a long input) still ends every few microseconds, so that its consumers
  ///    on other IUs hear of new elements at once (primes below 30000 on 2 workers, median of
  ///    7: 134 ms by goals alone, 85 ms with 1000 reductions). One IU alone: by goals only.
  ///  - While an IU waits for work (it ran dry and nobody fed it: work sharing's `hungry`) and
  ///    a worker could run it (no more IU tasks queued or running than workers), batches end
  ///    after `waiting_reductions` and a goal yields after `waiting_time_slice` direct
  ///    reductions (instead of `reductions` and `time_slice`), so that what an IU binds reaches
  ///    the goals waiting for it on other IUs within a few microseconds. Without it, the
  ///    elements of a pipeline travel in trains of hundreds, each filter taking the whole
  ///    train before the next one sees any, and two IUs take turns instead of overlapping
  ///    (primes below 30000, medians of 9 interleaved runs in quiet minutes: 2 workers 44.1 ms
  ///    against 74.1 ms on one, where long batches alone gave 50.4 ms against 78.0 ms;
  ///    docs/threads.md). With every worker busy the long ones apply: fewer preemptions, fewer
  ///    suspended consumers.
  ///  - An IU that begins to wait during another's long batch: when every IU has a worker, a
  ///    long batch looks at hungry_count_ every `waiting_reductions` reductions (also between
  ///    pieces of a goal's slice) and turns into a short one the first time it is not zero
  ///    (BatchLimits::waiting).
  struct Batches {
    std::uint32_t goals;
    std::uint64_t reductions;
    std::uint32_t time_slice;
    std::uint64_t waiting_reductions;
    std::uint32_t waiting_time_slice;
  };

  MachineDescription machine_;
  ThreadsOptions options_;
  Batches batches_{};
  unsigned workers_ = 1;
  SharedOutput shared_out_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<const vm::Heap*> heaps_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> load_;  // published load per IU
  std::vector<WorkerCounters> worker_counters_;
  struct Runtime;  // the oneTBB arena, the count of tasks, the idle signal
  std::unique_ptr<Runtime> runtime_;

  // A cache line each: stop_ is read by every worker at every batch.
  alignas(64) std::atomic<std::uint64_t> handover_{0};  // see WorkerLoopTask in the .cpp
  alignas(64) std::atomic<bool> stop_{false};  // read by every worker at every batch
  std::atomic<bool> interrupted_{false};
  /// One IU: the thread in run() runs its turns itself (schedule() only notes that another
  /// turn is due), see run().
  std::atomic<bool> alone_turn_due_{false};
  /// How long a worker with no turn to take looks at the ready queue before it sleeps.
  std::chrono::nanoseconds idle_spin_{0};
  /// The CPU of each worker (threads.pin_workers, and no more workers than CPUs; empty: the
  /// kernel places them). Left to itself, the kernel often put a woken worker on the CPU of
  /// the worker that woke it, where it waited up to a scheduler tick (4 ms) for that one to
  /// stop, while its own CPU stayed idle: at the start of a run on 2 workers, the second
  /// worker's first turn came 1-4 ms late in most runs (docs/threads.md).
  std::vector<std::size_t> worker_cpus_;
  /// The CPUs of the thread that made the machine (the process's): where an unpinned worker
  /// runs, also a oneTBB thread that an earlier machine pinned.
  std::vector<std::size_t> process_cpus_;
  std::atomic<bool> collection_requested_{false};
  /// Cells the heaps may still grow in place before the next collection: the live data of the
  /// last collection (none before the first), taken by grow_heap.
  alignas(64) std::atomic<std::int64_t> growth_budget_{0};
  std::atomic<int> failed_{-1};
  alignas(64) std::atomic<unsigned> rotate_{0};  // where least_loaded starts looking
  // IUs whose `hungry` flag is set (a hint; batches look at it, BatchLimits::waiting)
  alignas(64) std::atomic<std::uint32_t> hungry_count_{0};
  alignas(64) std::uint64_t collections_ = 0;
  std::chrono::steady_clock::time_point run_start_{};
  std::string trace_error_;  // why the trace could not be written (empty: it was, or none)
  std::chrono::nanoseconds elapsed_{0};
  std::chrono::nanoseconds gc_time_{0};
  /// timer/2 (after runtime_: destroyed first, its thread calls finish_task).
  std::unique_ptr<HostTimers> timers_;
  /// A timer of IU i is due: wake the IU (a Wake message), then count the timer out.
  void timer_due(unsigned i);
};

}  // namespace fleng::kernel
