// The threads engine: worker loops on a oneTBB arena and their ready queue of IU turns,
// inboxes, the load table, stop-the-world collection and wall-clock statistics (the protocol
// is described in threads_machine.hpp).
#include "kernel/threads_machine.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <latch>
#include <limits>
#include <ostream>

#include <fmt/format.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include "kernel/worker_loop_task.hpp"
#include "vm/goal_record.hpp"

namespace fleng::kernel {

namespace {
using Clock = std::chrono::steady_clock;
/// Free cells below which an IU stops and asks for a collection: an eighth of its usable heap,
/// and at least enough for a few large clause bodies (a reduction needs 4096 at its start).
constexpr std::size_t kMinLowCells = std::size_t{1} << 14;
/// Free cells every heap gets after a collection beyond its live data (if the maximum allows;
/// the heap also doubles with the live data, as on one IU). Small, so that the spaces stay
/// resident: a larger one faults fresh pages in after every collection.
constexpr std::size_t kHeadroomCells = std::size_t{1} << 16;
/// The first usable heap of every IU (8 MiB): a collection stops every worker, so the threads
/// engine collects less often than one IU alone (which starts with 2 MiB).
constexpr std::size_t kInitialHeapCells = std::size_t{1} << 20;
/// Batches an IU runs in one turn on its worker before it lets other IUs have the worker
/// (messages to it are applied between batches).
constexpr unsigned kBatchesPerTurn = 8;
/// The most goals an IU gives a hungry IU at once (half of its pool, up to this).
constexpr std::size_t kMaxGiven = 64;

/// How long a worker that has not had a turn yet looks at the ready queue before it sleeps
/// (from the machine's construction, which comes right before its run).
constexpr std::chrono::microseconds kFirstTurnSpin{1000};
/// The CPUs the calling thread may run on, in order (empty if the kernel does not say).
std::vector<std::size_t> allowed_cpus() {
  std::vector<std::size_t> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (std::size_t c = 0; c < CPU_SETSIZE; ++c) {
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  }
  return cpus;
}

/// Lets the calling thread run on these CPUs only (nothing if there are none); false if the
/// kernel refused.
bool set_current_thread_cpus(const std::vector<std::size_t>& cpus) {
  if (cpus.empty()) return false;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (const std::size_t cpu : cpus) CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

}  // namespace

struct ThreadsMachine::Runtime {
  explicit Runtime(unsigned count) : workers(count) {}
  // K workers: the thread that calls run() (the arena's slot for a master, which it never
  // takes: it serves turns outside the arena) and K-1 oneTBB worker threads.
  WorkerArena workers;
  std::atomic<std::int64_t> in_flight{0};  // IU turns queued or running
  // The ready queue: IUs due a turn, in the order they became due (FIFO, so that IUs sharing
  // a worker take turns). A worker with nothing to run looks at `ready_count` for
  // `idle_spin` microseconds, then sleeps on `ready_cv`.
  std::mutex ready_mutex;
  std::condition_variable ready_cv;
  std::deque<unsigned> ready;             // guarded by ready_mutex
  unsigned sleeping = 0;                  // workers waiting on ready_cv; guarded
  bool shutdown = false;                  // the loops return; guarded
  unsigned exited = 0;                    // loops that have returned; guarded
  // The last task to finish sets `idle` under ready_mutex and wakes every sleeper: the thread
  // in run() may destroy the machine as soon as it sees it, and the task touches nothing
  // after the unlock.
  bool idle = false;
  std::atomic<std::uint32_t> ready_count{0};  // ready.size(), for the spinning workers
  std::atomic<std::uint32_t> spinning{0};     // workers looking at ready_count
};

ThreadsMachine::ThreadsMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
                               const MachineDescription& machine, const ThreadsOptions& options)
    : machine_(machine), options_(options), shared_out_(out) {
  const auto cores = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  workers_ = options.workers != 0 ? options.workers : cores;
  batches_ = Batches{std::max<std::uint32_t>(1, machine_.threads_batch_goals),
                     machine_.threads_batch_reductions,
                     machine_.threads_time_slice,
                     std::min(machine_.threads_waiting_batch_reductions,
                              machine_.threads_batch_reductions),
                     std::min(machine_.threads_waiting_time_slice, machine_.threads_time_slice)};
  // Spinning helps only while every worker has a core: a spinning worker beyond the cores
  // takes CPU time from one that reduces.
  if (workers_ <= cores) idle_spin_ = std::chrono::microseconds(machine_.threads_idle_spin);
  // One CPU per worker, when there are enough (see worker_cpus_ in the header).
  // The constructing thread's CPUs are the process's: run() pins it only while it runs.
  process_cpus_ = allowed_cpus();
  if (machine_.threads_pin_workers != 0 && machine_.ius > 1 && process_cpus_.size() >= workers_) {
    worker_cpus_.assign(process_cpus_.begin(), process_cpus_.begin() + workers_);
  }
  // One IU has nobody to send messages to or hear from: its batches end by goals only.
  if (machine_.ius == 1) batches_.reductions = std::numeric_limits<std::uint64_t>::max() / 2;

  const unsigned n = machine_.ius;
  vm::IuOptions iu_options = options.iu;
  // Resident heaps up front only when each IU has a worker and a core of its own (no point
  // faulting in the initial heaps of hundreds of mostly idle IUs: 256 IUs on 256 workers took
  // 4 GB for hello world).
  const bool iu_per_core = n <= std::min(workers_, cores);
  iu_options.populate_heap = iu_options.populate_heap && iu_per_core;
  iu_options.gc_stress = false;
  iu_options.clock_mhz = machine_.clock_mhz;  // work/1 takes as long as on the simulator
  // Every collection stops all workers: larger heaps than one IU's make them rarer (when each
  // IU has a core; more IUs keep the small heaps, and fault their pages in as used).
  if (iu_per_core) {
    iu_options.initial_heap_cells = std::min(
        iu_options.max_heap_cells, std::max(iu_options.initial_heap_cells, kInitialHeapCells));
  }
  load_ = std::make_unique<std::atomic<std::uint32_t>[]>(n);
  for (unsigned i = 0; i < n; ++i) {
    auto node = std::make_unique<Node>();
    node->out = std::make_unique<std::ostream>(&shared_out_);
    node->iu = std::make_unique<vm::Iu>(atoms, image, *node->out, i, n, iu_options);
    node->iu->attach(this);
    node->policy = std::make_unique<ThreadsPolicy>(*node->iu);
    heaps_.push_back(&node->iu->heap);
    nodes_.push_back(std::move(node));
    load_[i].store(0, std::memory_order_relaxed);
  }
  for (auto& node : nodes_) node->iu->set_machine_heaps(&heaps_);
  worker_counters_.resize(workers_);
  runtime_ = std::make_unique<Runtime>(workers_);
  // Made here, not at the first timer: two workers may start timers at once (its thread
  // starts with the first timer, under its own mutex).
  timers_ = std::make_unique<HostTimers>([this](unsigned i) { timer_due(i); },
                                         [this] { return stop_.load(); });
  start_workers();
}

void ThreadsMachine::start_workers() {
  // Part of setting the machine up, like mapping the heaps: every worker enters its loop now
  // and stays in it until the machine is destroyed, sleeping on the ready queue's condition
  // variable while there is nothing to run. oneTBB brings a worker into an arena that has
  // new work only after tens of microseconds, and now and then after milliseconds (a worker
  // that has just left, or is leaving, the arena is not woken again at once): per IU turn, as
  // enqueued tasks, a run of primes or queens on 2 workers had its second worker join 0.07-2.5
  // ms after the first turn, and the middle of a run paid the same whenever a worker ran out
  // of turns. A worker asleep in its own loop is woken by a notify of its condition variable
  // (10-50 us on this virtual machine; docs/threads.md, "How it runs").
  // These are K-1 oneTBB threads: the thread that calls run() is worker 0 while the run lasts,
  // so that K workers are K threads, one per core, and one worker needs no oneTBB thread. With
  // one IU, run() runs every turn itself and the others sleep.
  // (The hand-over to each loop through `handover_`: kernel/worker_loop_task.hpp. Everything
  // the loops share after that goes through the ready queue's mutex and the machine's atomics.)
  for (unsigned k = 1; k < workers_; ++k) {
    handover_.fetch_add(1, std::memory_order_release);
    runtime_->workers.arena.enqueue(WorkerLoopTask<ThreadsMachine, &ThreadsMachine::worker_loop>(this));
  }
  runtime_->workers.joined.wait();
}

ThreadsMachine::~ThreadsMachine() {
  {
    const std::lock_guard lock(runtime_->ready_mutex);
    runtime_->shutdown = true;
  }
  runtime_->ready_cv.notify_all();
  // Each loop counts itself out and notifies under the mutex, and touches nothing after.
  std::unique_lock lock(runtime_->ready_mutex);
  runtime_->ready_cv.wait(lock, [&] { return runtime_->exited == workers_ - 1; });
}

void ThreadsMachine::worker_loop() {
  static_cast<void>(handover_.load(std::memory_order_acquire));  // before any other access
  Runtime& runtime = *runtime_;
  // oneTBB's threads outlive the machine; another machine pins them again, and one that does
  // not pin lets them run anywhere.
  if (!worker_cpus_.empty()) {
    set_current_thread_cpus({worker_cpus_[current_worker_index()]});
  } else {
    set_current_thread_cpus(process_cpus_);
  }
  runtime.workers.joined.count_down();
  unsigned i = 0;
  bool had_turn = false;
  while (take_turn(i, had_turn, /*caller=*/false)) {
    had_turn = true;
    serve(i);
  }
  const std::lock_guard lock(runtime.ready_mutex);
  ++runtime.exited;
  runtime.ready_cv.notify_all();
}

void ThreadsMachine::serve(unsigned i) {
  // The IU keeps this worker while it has work and no other IU waits for a turn: no queue,
  // no wake-up.
  bool again = run_iu(i);
  while (again && runtime_->ready_count.load(std::memory_order_relaxed) == 0 &&
         !stop_.load(std::memory_order_relaxed)) {
    again = run_iu(i);
  }
  if (again) schedule(i);  // to the back of the queue: the other IUs get their turn
  finish_task();
}

bool ThreadsMachine::take_turn(unsigned& i, bool had_turn, bool caller) {
  Runtime& runtime = *runtime_;
  // While a run goes on, look for a turn for a few microseconds before sleeping: in a
  // pipeline the next elements usually arrive within a batch of the other IU, sooner than a
  // sleeping thread wakes. Between runs, sleep at once. A worker that has not had a turn yet
  // looks longer: the machine is made to run at once, and the first turns come from the first
  // IU's first batches. One IU never gives its worker a turn (run() runs it): its worker
  // sleeps at once. The thread in run() (`caller`) returns when the run is over.
  bool first = !had_turn;
  runtime.spinning.fetch_add(1);  // taken off under the mutex, before the queue is looked at
  for (;;) {
    if (idle_spin_.count() > 0 && size() > 1 &&
        (first || runtime.in_flight.load(std::memory_order_relaxed) > 0)) {
      const auto deadline = Clock::now() + (first ? kFirstTurnSpin : idle_spin_);
      for (unsigned k = 1; runtime.ready_count.load(std::memory_order_relaxed) == 0; ++k) {
        spin_pause();
        if (!first && runtime.in_flight.load(std::memory_order_relaxed) == 0) break;  // over
        if (k % 64 == 0 && Clock::now() >= deadline) break;
      }
    }
    std::unique_lock lock(runtime.ready_mutex);
    runtime.spinning.fetch_sub(1);
    if (!runtime.ready.empty()) {
      i = runtime.ready.front();
      runtime.ready.pop_front();
      runtime.ready_count.store(static_cast<std::uint32_t>(runtime.ready.size()),
                                std::memory_order_relaxed);
      return true;
    }
    if (runtime.shutdown || (caller && runtime.idle)) return false;
    ++runtime.sleeping;
    runtime.ready_cv.wait(lock);
    --runtime.sleeping;
    // Woken for a turn. If the worker that queued it has taken it meanwhile (it ended its own
    // turn first, as it mostly does while a woken thread gets going), look again for a while
    // instead of sleeping at once: more turns tend to follow, and a worker that slept again
    // after every such wake-up lost every race and left its core idle while the other worker
    // ran both IUs of a pipeline by turns.
    runtime.spinning.fetch_add(1);
    first = false;
  }
}

// --- running -----------------------------------------------------------------------------------

vm::RunStatus ThreadsMachine::run() {
  const auto start = Clock::now();
  run_start_ = start;
  // This thread holds a count of its own while it starts the IUs with work: a first task that
  // ends at once must not bring the count to zero (and announce quiescence) before the others
  // start. The last task to finish collects if asked (and starts the IUs again), or says the
  // machine is idle: quiescence, or a stop.
  runtime_->in_flight.fetch_add(1);
  if (size() > 1) {
    // IUs with nothing to do ask for work at once (before any task runs: pools are quiet).
    for (unsigned i = 0; i < size(); ++i) {
      const Node& node = *nodes_[i];
      if (node.iu->pool_size() == 0 && !node.has_mail.load()) mark_hungry(i);
    }
  }
  start_ready();
  finish_task();
  // One IU: nothing can run beside it, so this thread runs its turns itself, exactly as a
  // worker would (collections and quiescence included), instead of handing the IU to a worker
  // and sleeping until it is done: two thread wake-ups, 40-60 us on this virtual machine and
  // now and then a millisecond, which short runs (queens 8, 0.7 ms) paid in full.
  while (alone_turn_due_.exchange(false)) serve(0);
  // More IUs: this thread is worker 0 until the run is over (on the first worker's CPU, if
  // the workers are pinned; its own CPUs again after).
  if (size() > 1) {
    const std::vector<std::size_t> own = allowed_cpus();
    const bool pinned = !worker_cpus_.empty() && set_current_thread_cpus({worker_cpus_[0]});
    unsigned i = 0;
    while (take_turn(i, /*had_turn=*/true, /*caller=*/true)) serve(i);
    if (pinned) set_current_thread_cpus(own);
  }
  {
    std::unique_lock lock(runtime_->ready_mutex);
    runtime_->ready_cv.wait(lock, [&] { return runtime_->idle; });
    runtime_->idle = false;
  }
  elapsed_ = Clock::now() - start;
  shared_out_.pubsync();
  write_trace();
  if (interrupted_.load()) {
    for (auto& node : nodes_) node->iu->reset();
    return vm::RunStatus::Interrupted;
  }
  if (const int failed = failed_.load(); failed >= 0) {
    const vm::Iu& iu = *nodes_[static_cast<unsigned>(failed)]->iu;
    return iu.error() ? vm::RunStatus::Error : vm::RunStatus::Halt;
  }
  for (const auto& node : nodes_) {
    if (node->iu->suspended_count() > 0) return vm::RunStatus::Deadlock;
  }
  return vm::RunStatus::Success;
}

std::optional<unsigned> ThreadsMachine::failed_iu() const {
  const int failed = failed_.load();
  if (failed < 0) return std::nullopt;
  return static_cast<unsigned>(failed);
}

void ThreadsMachine::interrupt() {
  interrupted_.store(true);
  stop_.store(true);
  // Each IU's own flag too: a long builtin (a huge print) looks at it and stops within.
  for (const auto& node : nodes_) node->iu->interrupt();
}

void ThreadsMachine::schedule(unsigned i) {
  Runtime& runtime = *runtime_;
  runtime.in_flight.fetch_add(1);
  if (size() == 1) {  // the thread in run() takes the turn (run())
    alone_turn_due_.store(true);
    return;
  }
  bool wake = false;
  {
    const std::lock_guard lock(runtime.ready_mutex);
    runtime.ready.push_back(i);
    const auto queued = static_cast<std::uint32_t>(runtime.ready.size());
    runtime.ready_count.store(queued, std::memory_order_relaxed);
    // A spinning worker takes its turn under this mutex after us (it leaves the count there):
    // wake a sleeper only for the turns the spinning workers will not take.
    wake = runtime.sleeping > 0 && queued > runtime.spinning.load();
  }
  if (wake) runtime.ready_cv.notify_one();
}

bool ThreadsMachine::start_ready() {
  // Only while no task runs: first decide which IUs have work, then start them (a task started
  // earlier would already be posting to the others).
  std::vector<unsigned> ready;
  for (unsigned i = 0; i < size(); ++i) {
    Node& node = *nodes_[i];
    if (node.parked) {  // back from a collection (its flag stayed set)
      node.parked = false;
      ready.push_back(i);
    } else if (!node.scheduled.load() && (node.iu->pool_size() > 0 || node.has_mail.load())) {
      node.scheduled.store(true);
      ready.push_back(i);
    }
  }
  for (const unsigned i : ready) schedule(i);
  return !ready.empty();
}

void ThreadsMachine::finish_task() {
  Runtime* const runtime = runtime_.get();
  for (;;) {
    if (runtime->in_flight.fetch_sub(1) != 1) return;
    // No task left (none can be started now: only tasks and the thread in run() start them),
    // and every task's writes are visible here (the count's read-modify-writes order them).
    if (!stop_.load() && collection_requested_.load()) {
      // The collection runs here, on the worker that finished last: no thread has to wake.
      collect();
      if (!stop_.load()) {
        runtime->in_flight.fetch_add(1);  // held while the parked IUs start again
        start_ready();
        continue;
      }
    }
    const std::lock_guard lock(runtime->ready_mutex);
    runtime->idle = true;
    runtime->ready_cv.notify_all();
    return;
  }
}

unsigned ThreadsMachine::current_worker_index() const {
  // The thread in run() (no arena slot: -1) is worker 0; the oneTBB workers take the arena's
  // slots 1..K-1 (slot 0 is the master's, which nobody takes).
  const int slot = tbb::this_task_arena::current_thread_index();
  return slot >= 0 ? static_cast<unsigned>(slot) % workers_ : 0;
}

ThreadsMachine::WorkerCounters& ThreadsMachine::current_worker() {
  return worker_counters_[current_worker_index()];
}

bool ThreadsMachine::run_iu(unsigned i) {
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  const auto index = static_cast<int>(current_worker_index());
  WorkerCounters& worker = worker_counters_[static_cast<unsigned>(index)];
  const auto start = Clock::now();
  if (node.last_worker != index) {
    if (node.last_worker >= 0) ++worker.transfers;
    node.last_worker = index;
  }
  const std::uint64_t reductions_before = iu.counters.reductions;
  std::uint32_t batches = 0;
  // The turn's time (and its trace event); before anything that lets another task run the IU.
  auto account = [&](TurnEvent::End end) {
    const auto now = Clock::now();
    worker.busy += now - start;
    if (!options_.trace_file.empty()) {
      worker.trace.push_back(TurnEvent{i, start, now - start,
                                       iu.counters.reductions - reductions_before, batches, end});
    }
  };
  auto done = [&](TurnEvent::End end) {
    flush(i);  // nothing stays in the outbox when the turn ends
    account(end);
    return false;  // stopped, or parked until the collection
  };
  for (unsigned turn = 0; turn < kBatchesPerTurn; ++turn) {
    if (stop_.load(std::memory_order_relaxed)) return done(TurnEvent::End::Stopped);
    if (collection_requested_.load(std::memory_order_relaxed) || !apply_messages(i)) {
      node.parked = true;  // the main thread reschedules it after the collection
      return done(TurnEvent::End::Parked);
    }
    if (iu.pool_size() == 0) break;
    if (node.hungry.load(std::memory_order_relaxed)) mark_fed(i);
    if (iu.heap.free_cells() < low_cells(iu) && !grow_heap(iu, low_cells(iu))) {
      request_collection();
      node.parked = true;
      return done(TurnEvent::End::Parked);
    }
    const std::size_t low = low_cells(iu);
    // The MP's dynamic-partitioning flag: distribute while some IU's load is under the
    // threshold.
    std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
    for (unsigned k = 0; k < size() && least >= machine_.threshold; ++k) {
      least = std::min(least, load_[k].load(std::memory_order_relaxed));
    }
    iu.distribute = size() > 1 && least < machine_.threshold;
    const std::uint64_t reductions = iu.counters.reductions;
    const std::uint64_t suspensions = iu.counters.suspensions;
    // Short batches and slices while an IU waits for work and a worker could run it (no more
    // tasks queued or running than workers; Batches in the header).
    const bool someone_waits =
        hungry_count_.load(std::memory_order_relaxed) != 0 &&
        runtime_->in_flight.load(std::memory_order_relaxed) <= static_cast<std::int64_t>(workers_);
    // A long batch looks every `waiting_reductions` for an IU that has begun to wait meanwhile,
    // when every IU has a worker of its own (one that waits then has a worker to run it).
    const BatchLimits limits{
        batches_.goals,
        someone_waits ? batches_.waiting_reductions : batches_.reductions,
        someone_waits ? batches_.waiting_time_slice : batches_.time_slice,
        low,
        !someone_waits && size() > 1 && size() <= workers_ ? &hungry_count_ : nullptr,
        batches_.waiting_reductions,
        batches_.waiting_time_slice};
    const vm::RunStatus status = node.policy->run_batch(limits);
    worker.reductions += iu.counters.reductions - reductions;
    worker.suspensions += iu.counters.suspensions - suspensions;
    ++worker.batches;
    ++node.counters.batches;
    ++batches;
    if (status == vm::RunStatus::Error) {
      fail(i);
      return done(TurnEvent::End::Stopped);
    }
    if (status == vm::RunStatus::Halt) {
      fail(i);  // halt/1: run() tells it from an error by the IU having none
      return done(TurnEvent::End::Stopped);
    }
    if (status == vm::RunStatus::Interrupted) return done(TurnEvent::End::Stopped);
    if (iu.heap.free_cells() < low_cells(iu) && !grow_heap(iu, low_cells(iu))) {
      request_collection();
      node.parked = true;
      return done(TurnEvent::End::Parked);
    }
    if (hungry_count_.load(std::memory_order_relaxed) != 0) feed_hungry(i, worker);
    flush(i);
    publish_load(i);
  }
  flush(i);
  publish_load(i);
  const bool again = iu.pool_size() > 0;
  account(again ? TurnEvent::End::Again : TurnEvent::End::Dry);
  // The caller gives the IU another turn, or queues it (schedule): its flag stays set.
  if (again) return true;
  // Nothing left: ask for work (an IU with spare goals gives some at its next batch), clear
  // the flag, then look at the inbox again (see the header). The outbox is empty (flushed
  // above), and from the moment the flag is clear another task may run this IU: nothing of
  // the node is touched after it but the inbox, under its mutex.
  if (size() > 1 && !stop_.load(std::memory_order_relaxed)) mark_hungry(i);
  node.scheduled.store(false);
  bool mail = false;
  {
    const std::lock_guard lock(node.inbox_mutex);
    mail = !node.inbox.empty();
  }
  return mail && !node.scheduled.exchange(true);  // mail came: another turn, as above
}

// --- messages (the NIP) ------------------------------------------------------------------------

void ThreadsMachine::post(vm::Iu& from, unsigned to, const Message& message) {
  // Kept in the sender's outbox until the end of its batch (flush): one lock and one wake-up
  // per target and batch instead of per message.
  nodes_[from.index()]->outbox.push_back(Outgoing{to, message});
}

void ThreadsMachine::flush(unsigned i) {
  std::vector<Outgoing>& outbox = nodes_[i]->outbox;
  // Per target, in the order they were sent (a target sees one sender's messages in order).
  while (!outbox.empty()) {
    const unsigned to = outbox.front().to;
    Node& target = *nodes_[to];
    {
      const std::lock_guard lock(target.inbox_mutex);
      for (const Outgoing& out : outbox) {
        if (out.to == to) target.inbox.push_back(out.message);
      }
    }
    std::erase_if(outbox, [to](const Outgoing& out) { return out.to == to; });
    target.has_mail.store(true);
    if (!target.scheduled.exchange(true)) schedule(to);
  }
}

bool ThreadsMachine::apply_messages(unsigned i) {
  Node& node = *nodes_[i];
  if (!node.has_mail.load()) return true;
  {
    const std::lock_guard lock(node.inbox_mutex);
    node.taken.swap(node.inbox);
    node.has_mail.store(false);
  }
  vm::Iu& iu = *node.iu;
  std::size_t k = 0;
  for (; k < node.taken.size(); ++k) {
    const Message& message = node.taken[k];
    if (message.kind == MessageKind::Goal) {
      // The record is copied into this heap; without room, the rest waits for a collection.
      const std::size_t cells = vm::goal_record::kHeaderCells + vm::goal_record::arity(message.a);
      const std::size_t need = cells + low_cells(iu) / 2;
      if (iu.heap.free_cells() < need && !grow_heap(iu, need)) break;
    }
    apply(i, message);
    if (stop_.load(std::memory_order_relaxed)) break;
  }
  if (k < node.taken.size() && !stop_.load()) {
    // Back to the front of the inbox, in order; the collection moves their cells too.
    const std::lock_guard lock(node.inbox_mutex);
    node.inbox.insert(node.inbox.begin(), node.taken.begin() + static_cast<std::ptrdiff_t>(k),
                      node.taken.end());
    node.has_mail.store(true);
    node.taken.clear();
    request_collection();
    return false;
  }
  node.taken.clear();
  return true;
}

bool ThreadsMachine::start_timer(vm::Iu& from, double /*seconds*/, vm::Cell /*goal*/,
                                 std::chrono::steady_clock::time_point deadline) {
  runtime_->in_flight.fetch_add(1);
  timers_->arm(deadline, from.index());
  return false;
}

void ThreadsMachine::timer_due(unsigned i) {
  if (!stop_.load()) {
    Node& target = *nodes_[i];
    {
      const std::lock_guard lock(target.inbox_mutex);
      target.inbox.push_back(Message{MessageKind::Wake, 0, 0});
    }
    target.has_mail.store(true);
    if (!target.scheduled.exchange(true)) schedule(i);
    // One IU: the thread in run() has gone to wait for the end; this thread takes the turn.
    if (size() == 1) {
      while (alone_turn_due_.exchange(false)) serve(0);
    }
  }
  finish_task();
}

void ThreadsMachine::apply(unsigned i, const Message& message) {
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  switch (message.kind) {
    case MessageKind::Wake:
      iu.wake_sleepers();
      break;
    case MessageKind::Goal: {
      const vm::Cell* record = vm::address_of(message.a);
      const std::uint32_t arity = vm::goal_record::arity(message.a);
      const std::size_t cells = vm::goal_record::kHeaderCells + arity;
      vm::Cell* p = iu.heap.allocate(cells);
      std::copy_n(record, cells, p);
      iu.accept_goal(vm::make_pointer(vm::Tag::Box, p, i));
      ++node.counters.goals_received;
      break;
    }
    case MessageKind::Bind:
      if (!iu.bind_here(message.a, message.b)) {
        iu.report_error("unification failed (a binding that arrived from another IU)",
                        iu.format(message.a) + " = " + iu.format(message.b));
        fail(i);
      }
      break;
    case MessageKind::Hook: iu.hook_here(message.a, message.b); break;
    case MessageKind::Activate: {
      const vm::Cell* hook = vm::address_of(message.a);
      iu.activate_goal(hook[1], vm::small_int_value(hook[2]));
      break;
    }
  }
}

void ThreadsMachine::bind(vm::Iu& from, vm::Cell variable, vm::Cell value) {
  ++nodes_[from.index()]->counters.messages_sent;
  post(from, vm::iu_of(variable), Message{MessageKind::Bind, variable, value});
}

void ThreadsMachine::hook(vm::Iu& from, vm::Cell variable, vm::Cell hook) {
  ++nodes_[from.index()]->counters.messages_sent;
  post(from, vm::iu_of(variable), Message{MessageKind::Hook, variable, hook});
}

void ThreadsMachine::activate(vm::Iu& from, vm::Cell hook) {
  ++nodes_[from.index()]->counters.messages_sent;
  const vm::Cell goal = vm::address_of(hook)[1];
  post(from, vm::iu_of(goal), Message{MessageKind::Activate, hook, 0});
}

void ThreadsMachine::send_goal(vm::Iu& from, unsigned iu, vm::Cell goal) {
  Node& node = *nodes_[from.index()];
  ++node.counters.messages_sent;
  ++node.counters.goals_sent;
  load_[iu].fetch_add(1, std::memory_order_relaxed);
  post(from, iu, Message{MessageKind::Goal, goal, 0});
}

vm::Cell* ThreadsMachine::allocate_on(vm::Iu& from, unsigned /*iu*/, std::size_t /*cells*/) {
  // The reducer never asks on host threads (records and data are made on the IU that makes
  // them); reaching this is a bug in the engine, reported as an error rather than a crash.
  from.report_error("internal error: threads engine asked to allocate on another IU", {});
  return nullptr;
}

// --- load ----------------------------------------------------------------------------------------

void ThreadsMachine::publish_load(unsigned i) {
  load_[i].store(static_cast<std::uint32_t>(nodes_[i]->iu->pool_size()), std::memory_order_relaxed);
}

unsigned ThreadsMachine::least_loaded(vm::Iu& from) {
  // The table, from a rotating start so that ties spread over the IUs; the own IU wins ties
  // (no message for a goal that can run here).
  const unsigned n = size();
  unsigned best = from.index();
  std::uint32_t best_load = load_[best].load(std::memory_order_relaxed);
  if (best_load == 0) return best;
  const unsigned start = rotate_.fetch_add(1, std::memory_order_relaxed) % n;
  for (unsigned k = 0; k < n; ++k) {
    const unsigned i = start + k < n ? start + k : start + k - n;
    const std::uint32_t load = load_[i].load(std::memory_order_relaxed);
    if (load < best_load) {
      best = i;
      best_load = load;
      if (load == 0) break;
    }
  }
  return best;
}

// --- work sharing --------------------------------------------------------------------------------

void ThreadsMachine::mark_hungry(unsigned i) {
  if (!nodes_[i]->hungry.exchange(true)) hungry_count_.fetch_add(1);
}

void ThreadsMachine::mark_fed(unsigned i) {
  if (nodes_[i]->hungry.exchange(false)) hungry_count_.fetch_sub(1);
}

void ThreadsMachine::feed_hungry(unsigned i, WorkerCounters& worker) {
  // Called by IU i's task between batches. Goals are moved exactly like goals placed on another
  // IU: a Goal message the target copies into its heap (the record left here is garbage; a
  // stale hook on it finds it not suspended, goal_record.hpp). The oldest goals of a LIFO pool
  // are the roots of the largest pieces of work not started yet.
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  const std::size_t pool = iu.pool_size();
  if (pool < 2) return;
  const unsigned n = size();
  const unsigned start = rotate_.fetch_add(1, std::memory_order_relaxed) % n;
  for (unsigned k = 0; k < n; ++k) {
    const unsigned target = start + k < n ? start + k : start + k - n;
    if (target == i || !nodes_[target]->hungry.load(std::memory_order_relaxed)) continue;
    if (!nodes_[target]->hungry.exchange(false)) continue;  // fed by another IU meanwhile
    hungry_count_.fetch_sub(1);
    node.given.clear();
    iu.take_oldest_goals(std::min(pool / 2, kMaxGiven), node.given);
    for (const vm::Cell goal : node.given) send_goal(iu, target, goal);
    node.counters.goals_given += node.given.size();
    ++node.counters.feeds;
    ++worker.steals;
    return;
  }
}

// --- errors, collection --------------------------------------------------------------------------

void ThreadsMachine::fail(unsigned i) {
  int expected = -1;
  failed_.compare_exchange_strong(expected, static_cast<int>(i));
  stop_.store(true);
}

std::size_t ThreadsMachine::low_cells(const vm::Iu& iu) const {
  return std::max(kMinLowCells, iu.heap.usable_cells() / 8);
}

bool ThreadsMachine::grow_heap(vm::Iu& iu, std::size_t cells) {
  // Doubling (Heap::grow), paid from the budget first: once it is spent, the next collection
  // is due (the work it does, the live data, is then at most what was allocated since).
  const std::size_t usable = iu.heap.usable_cells();
  const auto step = static_cast<std::int64_t>(std::min(usable, iu.heap.max_cells() - usable));
  if (step == 0 || growth_budget_.fetch_sub(step, std::memory_order_relaxed) < step) return false;
  return iu.heap.grow(cells) && iu.heap.free_cells() >= low_cells(iu);
}

void ThreadsMachine::request_collection() { collection_requested_.store(true); }

void ThreadsMachine::collect() {
  // Every task has returned (parked or idle): no reduction is in progress anywhere.
  const auto start = Clock::now();
  std::vector<vm::Iu*> ius;
  std::vector<vm::Cell*> extra;
  for (auto& node : nodes_) {
    ius.push_back(node->iu.get());
    for (Message& message : node->inbox) {  // goals, bindings and hooks in flight
      extra.push_back(&message.a);
      extra.push_back(&message.b);
    }
  }
  vm::collect_together(ius, extra, kHeadroomCells);
  ++collections_;
  std::int64_t live = 0;
  for (const vm::Iu* iu : ius) live += static_cast<std::int64_t>(iu->heap.used_cells());
  growth_budget_.store(live, std::memory_order_relaxed);
  collection_requested_.store(false);
  for (unsigned i = 0; i < size(); ++i) {
    const vm::Iu& iu = *nodes_[i]->iu;
    if (iu.heap.free_cells() < low_cells(iu)) {
      nodes_[i]->iu->report_error(
          fmt::format("heap of IU {} exhausted: {:.2f} MiB live after garbage collection, the "
                      "limit is {:.2f} MiB (--heap MiB, or --set heap_cells=N)",
                      i, static_cast<double>(iu.heap.used_cells() * sizeof(vm::Cell)) / (1 << 20),
                      static_cast<double>(iu.heap.max_cells() * sizeof(vm::Cell)) / (1 << 20)),
          {});
      fail(i);
      break;
    }
  }
  const auto end = Clock::now();
  gc_time_ += end - start;
  if (!options_.trace_file.empty()) {
    // On the worker that finished last (no turn runs now, so its list is free to write).
    current_worker().trace.push_back(
        TurnEvent{0, start, end - start, 0, 0, TurnEvent::End::Collection});
  }
}

// --- trace ---------------------------------------------------------------------------------------

void ThreadsMachine::write_trace() {
  trace_error_.clear();
  if (options_.trace_file.empty()) return;
  std::ofstream out(options_.trace_file);
  if (!out) {
    trace_error_ = "cannot write the trace file " + options_.trace_file;
    return;
  }
  // Chrome trace-event format (Perfetto, chrome://tracing), as the simulator's: one process,
  // one thread per worker; a slice per turn, named after its IU, with its reductions, batches
  // and how it ended; times in microseconds of the wall clock from the start of the run.
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  out << R"({"name":"process_name","ph":"M","pid":0,"args":{"name":"threads engine"}})";
  for (unsigned k = 0; k < workers_; ++k) {
    out << fmt::format(
        ",\n{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":{},\"args\":{{\"name\":\"worker {}\"}}}}",
        k, k);
  }
  static const char* const kEnds[] = {"dry", "again", "parked", "stopped", "collection"};
  auto micros = [](Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); };
  for (unsigned k = 0; k < workers_; ++k) {
    for (const TurnEvent& e : worker_counters_[k].trace) {
      const double ts = micros(e.start - run_start_);
      const double dur = micros(e.length);
      if (e.end == TurnEvent::End::Collection) {
        out << fmt::format(
            ",\n{{\"name\":\"collection\",\"ph\":\"X\",\"pid\":0,\"tid\":{},\"ts\":{:.3f},"
            "\"dur\":{:.3f}}}",
            k, ts, dur);
        continue;
      }
      out << fmt::format(
          ",\n{{\"name\":\"IU {}\",\"ph\":\"X\",\"pid\":0,\"tid\":{},\"ts\":{:.3f},\"dur\":{:.3f},"
          "\"args\":{{\"iu\":{},\"reductions\":{},\"batches\":{},\"end\":\"{}\"}}}}",
          e.iu, k, ts, dur, e.iu, e.reductions, e.batches, kEnds[static_cast<unsigned>(e.end)]);
    }
  }
  out << "\n]}\n";
  if (!out.flush()) trace_error_ = "cannot write the trace file " + options_.trace_file;
}

// --- statistics ----------------------------------------------------------------------------------

nlohmann::json ThreadsMachine::statistics() const {
  const double seconds = std::chrono::duration<double>(elapsed_).count();
  nlohmann::json per_iu = nlohmann::json::array();
  std::uint64_t reductions = 0;
  std::uint64_t builtin_calls = 0;
  std::uint64_t suspensions = 0;
  std::uint64_t activations = 0;
  std::uint64_t messages = 0;
  std::uint64_t goals_sent = 0;
  std::uint64_t goals_received = 0;
  std::size_t peak_heap = 0;
  for (const auto& node : nodes_) {
    const vm::Iu& iu = *node->iu;
    reductions += iu.counters.reductions;
    builtin_calls += iu.counters.builtin_calls;
    suspensions += iu.counters.suspensions;
    activations += iu.counters.activations;
    messages += node->counters.messages_sent;
    goals_sent += node->counters.goals_sent;
    goals_received += node->counters.goals_received;
    peak_heap += std::max(iu.heap.peak_used_cells, iu.heap.used_cells()) * sizeof(vm::Cell);
    per_iu.push_back({{"reductions", iu.counters.reductions},
                      {"builtin_calls", iu.counters.builtin_calls},
                      {"suspensions", iu.counters.suspensions},
                      {"activations", iu.counters.activations},
                      {"messages", node->counters.messages_sent},
                      {"goals_sent", node->counters.goals_sent},
                      {"goals_received", node->counters.goals_received},
                      {"batches", node->counters.batches},
                      {"goals_given", node->counters.goals_given},
                      {"feeds", node->counters.feeds},
                      {"heap_peak_bytes",
                       std::max(iu.heap.peak_used_cells, iu.heap.used_cells()) * sizeof(vm::Cell)},
                      {"heap_usable_bytes", iu.heap.usable_cells() * sizeof(vm::Cell)},
                      {"gc_copied_bytes", iu.heap.copied_cells * sizeof(vm::Cell)}});
  }
  nlohmann::json per_worker = nlohmann::json::array();
  for (const WorkerCounters& w : worker_counters_) {
    const double busy = std::chrono::duration<double>(w.busy).count();
    per_worker.push_back({{"reductions", w.reductions},
                          {"suspensions", w.suspensions},
                          {"batches", w.batches},
                          {"transfers", w.transfers},
                          {"steals", w.steals},
                          {"busy_seconds", busy},
                          {"idle_seconds", std::max(0.0, seconds - busy)}});
  }
  auto rate = [](std::uint64_t a, std::uint64_t b) {
    return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
  };
  return {{"engine", "threads"},
          {"ius", size()},
          {"workers", workers_},
          {"static", machine_.static_partitioning ? "on" : "off"},
          {"threshold", machine_.threshold},
          {"reductions", reductions},
          {"builtin_calls", builtin_calls},
          {"suspensions", suspensions},
          {"activations", activations},
          {"suspension_rate", rate(suspensions, reductions)},
          {"messages", messages},
          {"goals_sent", goals_sent},
          {"goals_received", goals_received},
          {"gc_collections", collections_},
          {"gc_seconds", std::chrono::duration<double>(gc_time_).count()},
          {"peak_heap_bytes", peak_heap},
          {"elapsed_seconds", seconds},
          {"reductions_per_second", seconds > 0 ? static_cast<double>(reductions) / seconds : 0.0},
          {"per_iu", per_iu},
          {"per_worker", per_worker}};
}

}  // namespace fleng::kernel
