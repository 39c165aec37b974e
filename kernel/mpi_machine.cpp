// The machine over MPI ranks (kernel/mpi_machine.hpp): the rank's loop, the messages between
// ranks, the export and import tables, Safra's termination detection, and the close.
#include "kernel/mpi_machine.hpp"

#include <algorithm>
#include <array>
#include <csignal>
#include <cstring>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <thread>

#include <link.h>
#include <unistd.h>

#include <fmt/format.h>
#include <oneapi/tbb/info.h>

#include "vm/goal_record.hpp"
#include "vm/terms.hpp"

namespace fleng::kernel {

namespace {

using vm::Cell;

// MPI tags: data messages (counted by Safra's algorithm) and the control messages.
constexpr int kTagData = 1;
constexpr int kTagToken = 2;
constexpr int kTagStop = 3;
constexpr int kTagClose = 4;
constexpr int kTagReport = 5;
constexpr int kTagFinal = 6;
constexpr int kTagAgreement = 7;
constexpr int kTagClock = 8;

// Records inside a data message.
enum class Record : std::uint64_t { Goal = 1, Bind = 2, Value = 3, Ack = 4, Output = 5, Load = 6 };

constexpr std::size_t kBatchGoals = 256;
constexpr std::uint64_t kBatchReductions = 4000;
/// How long a round of several workers lasts while every IU has work (queens 11 and primes
/// below 100000 on one rank of 2 IUs and 2 workers: 0.068 and 0.47 s against 0.084 and
/// 0.54 s with rounds of 8 batches, the medians of 5 interleaved runs; 200 us and 1 ms were
/// slower).
constexpr auto kRoundTime = std::chrono::microseconds(400);
constexpr std::size_t kMinLowCells = std::size_t{1} << 15;
constexpr std::size_t kHeadroomCells = std::size_t{1} << 16;
/// A proxy: its variable cell and its forward hook.
constexpr std::size_t kProxyCells = 1 + vm::goal_record::kHookCells;

/// A machine hook's goal field: a negative integer naming a table entry (see the header).
Cell hook_marker(bool forward, std::uint64_t entry) {
  return vm::make_small_int(-1 - static_cast<std::int64_t>(entry * 2 + (forward ? 1 : 0)));
}
bool is_machine_hook(Cell goal_field) { return vm::is_int(goal_field); }
bool marker_is_forward(Cell marker) { return ((-1 - vm::small_int_value(marker)) & 1) != 0; }
std::uint64_t marker_entry(Cell marker) {
  return static_cast<std::uint64_t>(-1 - vm::small_int_value(marker)) >> 1;
}

std::uint64_t import_key(int rank, std::uint64_t entry) {
  return (static_cast<std::uint64_t>(rank) << 40) | entry;
}

}  // namespace

MpiMachine::MpiMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
                       const MachineDescription& machine, const MpiOptions& options,
                       MpiTransport& world)
    : machine_(machine), options_(options), world_(world), atoms_(atoms), image_(image), out_(out) {
  ius_ = machine_.ius;
  const auto ranks = static_cast<unsigned>(world_.size());
  if (ius_ < ranks) {
    throw std::invalid_argument(fmt::format(
        "--ius {} is fewer than the {} MPI ranks: every rank needs an IU (say --ius {} or more)",
        ius_, ranks, ranks));
  }
  const auto r = static_cast<unsigned>(world_.rank());
  first_ = static_cast<unsigned>(std::uint64_t{r} * ius_ / ranks);
  last_ = static_cast<unsigned>(std::uint64_t{r + 1} * ius_ / ranks);
  vm::IuOptions iu_options = options.iu;
  iu_options.gc_stress = false;
  iu_options.time_slice = vm::kMachineTimeSlice;  // other IUs wait for its goals' bindings
  iu_options.clock_mhz = machine_.clock_mhz;
  // One clock for now/1 on every rank: rank 0's start, taken by the ranks on its host as it
  // is (the steady clock is the host's), and as the moment its message came on other hosts.
  if (world_.size() > 1) {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    const std::uint64_t host_hash = std::hash<std::string>{}(host);
    if (world_.rank() == 0) {
      const auto start = std::chrono::steady_clock::now();
      const auto ns = static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count());
      for (int to = 1; to < world_.size(); ++to) world_.send(to, kTagClock, {ns, host_hash});
      iu_options.started = start;
    } else {
      MpiMessage m = world_.wait();
      while (m.tag != kTagClock) m = world_.wait();
      if (m.words.size() == 2 && m.words[1] == host_hash) {
        iu_options.started = std::chrono::steady_clock::time_point(
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                std::chrono::nanoseconds(m.words[0])));
      } else {
        iu_options.started = std::chrono::steady_clock::now();
      }
    }
  }
  // A rank's few IUs share its core: larger first heaps than one IU's make collections rarer
  // (as on the threads engine with an IU per core).
  if (last_ - first_ <= 4) {
    iu_options.initial_heap_cells =
        std::min(iu_options.max_heap_cells, std::max(iu_options.initial_heap_cells, std::size_t{1} << 20));
  }
  shared_out_ = std::make_unique<SharedOutput>(world_.rank() == 0 ? out_ : static_cast<std::ostream&>(rank_out_));
  for (unsigned i = first_; i < last_; ++i) {
    auto node = std::make_unique<Node>();
    node->out = std::make_unique<std::ostream>(shared_out_.get());
    node->iu = std::make_unique<vm::Iu>(atoms, image, *node->out, i, ius_, iu_options);
    node->iu->attach(this);
    node->policy = std::make_unique<ThreadsPolicy>(*node->iu);
    node->rotate = i;
    nodes_.push_back(std::move(node));
  }
  // Workers: the cores this rank may use. A rank bound to some cores (mpirun binds each of
  // one or two ranks to a core by default) has them; one that may run anywhere shares the
  // host's with the other ranks there.
  const auto cores = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  const bool unbound = cores >= std::thread::hardware_concurrency();
  const unsigned sharing = unbound ? static_cast<unsigned>(std::max(1, world_.ranks_on_host())) : 1;
  unsigned workers = options.workers != 0 ? options.workers : cores / sharing;
  workers = std::clamp(workers, 1U, last_ - first_);
  // Spinning helps only while every worker of the host has a core.
  const auto spin = std::chrono::microseconds(workers * sharing <= cores ? machine_.threads_idle_spin : 0);
  workers_ = std::make_unique<RoundWorkers>(workers, spin);
  loads_ = std::make_unique<std::atomic<std::uint32_t>[]>(ius_);
  for (unsigned i = 0; i < ius_; ++i) loads_[i].store(0, std::memory_order_relaxed);
  hungry_.assign(ius_, false);
  loads_sent_.assign(last_ - first_, 0);
  out_words_.resize(ranks);
  // The atoms and functors of the program and the query, the same on every rank.
  shared_ = wire::SharedTables::of(atoms);
}

MpiMachine::~MpiMachine() = default;

int MpiMachine::rank_of(unsigned iu) const {
  // The rank r with r*N/R <= iu < (r+1)*N/R.
  const auto ranks = static_cast<std::uint64_t>(world_.size());
  int r = 0;
  while ((std::uint64_t(r) + 1) * ius_ / ranks <= iu) ++r;
  return r;
}

void MpiMachine::interrupt() { interrupted_ = 1; }

// --- RemoteOps ---------------------------------------------------------------------------------

void MpiMachine::bind(vm::Iu& from, Cell variable, Cell value) {
  post(from, vm::iu_of(variable), LocalMessage{LocalKind::Bind, variable, value});
}

void MpiMachine::hook(vm::Iu& from, Cell variable, Cell hook) {
  post(from, vm::iu_of(variable), LocalMessage{LocalKind::Hook, variable, hook});
}

void MpiMachine::activate(vm::Iu& from, Cell hook) {
  const Cell goal = vm::address_of(hook)[1];
  if (is_machine_hook(goal)) {
    const std::uint64_t entry = marker_entry(goal);
    if (marker_is_forward(goal)) {
      // (quiet_forward_ is set only between rounds, when no worker runs.)
      if (static_cast<std::int64_t>(entry) == quiet_forward_) return;  // the owner's own value
      node_of(from.index()).outgoing.push_back(Outgoing{OutKind::Forward, static_cast<unsigned>(entry), 0});
    } else {
      node_of(from.index()).outgoing.push_back(Outgoing{OutKind::Watch, static_cast<unsigned>(entry), 0});
    }
    return;
  }
  post(from, vm::iu_of(goal), LocalMessage{LocalKind::Activate, hook, 0});
}

void MpiMachine::send_goal(vm::Iu& from, unsigned iu, Cell goal) {
  // Counted in the target's load at once, as the threads engine does, until the next round
  // (this rank's IUs) or its rank's next report.
  loads_[iu].fetch_add(1, std::memory_order_relaxed);
  if (is_local(iu)) {
    post(from, iu, LocalMessage{LocalKind::Goal, goal, 0});
  } else {
    node_of(from.index()).outgoing.push_back(Outgoing{OutKind::Goal, iu, goal});
  }
}

vm::Cell* MpiMachine::allocate_on(vm::Iu& from, unsigned /*iu*/, std::size_t /*cells*/) {
  from.report_error("internal error: the mpi engine was asked to allocate on another IU", {});
  return nullptr;
}

bool MpiMachine::start_timer(vm::Iu& /*from*/, double /*seconds*/, Cell /*goal*/,
                             std::chrono::steady_clock::time_point /*deadline*/) {
  return false;  // the IU keeps it; the rank's loop wakes its sleepers
}

unsigned MpiMachine::least_loaded(vm::Iu& from) {
  // Called by `from`'s worker during a round: its own load live, the others' from loads_.
  unsigned best = from.index();
  Node& node = node_of(best);
  std::uint32_t best_load = static_cast<std::uint32_t>(from.pool_size() + node.inbox.size());
  if (best_load == 0) return best;
  const unsigned start = node.rotate++ % ius_;
  for (unsigned k = 0; k < ius_; ++k) {
    const unsigned i = (start + k) % ius_;
    if (i == from.index()) continue;
    const std::uint32_t load = loads_[i].load(std::memory_order_relaxed);
    if (load < best_load) {
      best = i;
      best_load = load;
      if (load == 0) break;
    }
  }
  return best;
}

std::uint32_t MpiMachine::load_of(unsigned iu) const {
  if (is_local(iu)) {
    return static_cast<std::uint32_t>(nodes_[iu - first_]->iu->pool_size() + nodes_[iu - first_]->inbox.size());
  }
  return loads_[iu].load(std::memory_order_relaxed);
}

void MpiMachine::refresh_local_loads() {
  for (unsigned i = first_; i < last_; ++i) loads_[i].store(load_of(i), std::memory_order_relaxed);
}

// --- agreement at the start ------------------------------------------------------------------

namespace {

/// FNV-1a over 64-bit words.
std::uint64_t hash_words(std::uint64_t h, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}
constexpr std::uint64_t kFnvStart = 0xcbf29ce484222325ULL;

/// The GNU build ID of the running executable, hashed (0 when it has none).
std::uint64_t build_id() {
  std::uint64_t id = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) -> int {
        // The first object is the executable.
        for (int k = 0; k < info->dlpi_phnum; ++k) {
          const auto& ph = info->dlpi_phdr[k];
          if (ph.p_type != PT_NOTE) continue;
          const auto* at = reinterpret_cast<const unsigned char*>(info->dlpi_addr + ph.p_vaddr);
          const auto* end = at + ph.p_memsz;
          while (at + sizeof(ElfW(Nhdr)) <= end) {
            const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(at);
            const unsigned char* name = at + sizeof(ElfW(Nhdr));
            const unsigned char* desc = name + ((note->n_namesz + 3) & ~3U);
            if (note->n_type == NT_GNU_BUILD_ID && desc + note->n_descsz <= end) {
              *static_cast<std::uint64_t*>(out) = hash_words(kFnvStart, desc, note->n_descsz);
              return 1;
            }
            at = desc + ((note->n_descsz + 3) & ~3U);
          }
        }
        return 1;
      },
      &id);
  return id;
}

/// What each word of MpiMachine::agreement() is, for the message.
constexpr std::array kAgreementNames{"the fleng binary (its build ID)",
                                     "the compiled program and goal",
                                     "the program's atoms",
                                     "the program's functors",
                                     "the program's predicates",
                                     "--ius",
                                     "--static",
                                     "--threshold",
                                     "the machine description (--machine, --set)",
                                     "--seed",
                                     "the program's arguments (after --)",
                                     "the number of ranks"};

}  // namespace

std::vector<std::uint64_t> MpiMachine::agreement() const {
  std::uint64_t code = hash_words(kFnvStart, image_.code.data(), image_.code.size() * sizeof(Cell));
  code = hash_words(code, image_.register_constants.data(), image_.register_constants.size() * sizeof(Cell));
  const std::string description = machine_.to_json().dump();
  std::uint64_t args = kFnvStart;
  for (const auto& a : options_.iu.program_args) args = hash_words(args, a.data(), a.size() + 1);
  return {build_id(),
          code,
          shared_.atoms,
          shared_.functors,
          image_.predicates.size(),
          ius_,
          machine_.static_partitioning ? 1U : 0U,
          machine_.threshold,
          hash_words(kFnvStart, description.data(), description.size()),
          options_.iu.seed,
          args,
          static_cast<std::uint64_t>(ranks())};
}

bool MpiMachine::ranks_agree() {
  if (ranks() == 1) return true;
  const std::vector<std::uint64_t> mine = agreement();
  if (rank() != 0) {
    world_.send(0, kTagAgreement, mine);
    for (;;) {
      const MpiMessage verdict = world_.wait();
      if (verdict.tag == kTagAgreement) return !verdict.words.empty() && verdict.words[0] == 1;
    }
  }
  std::string differences;
  for (int k = 1; k < ranks(); ++k) {
    MpiMessage m = world_.wait();
    while (m.tag != kTagAgreement) m = world_.wait();
    for (std::size_t i = 0; i < mine.size(); ++i) {
      if (i >= m.words.size() || m.words[i] != mine[i]) {
        differences += fmt::format("error: rank {} differs from rank 0 in {}: every rank must run "
                                   "the same fleng, program and options\n",
                                   m.from, kAgreementNames[i]);
        break;
      }
    }
  }
  const std::uint64_t agree = differences.empty() ? 1 : 0;
  for (int to = 1; to < ranks(); ++to) world_.send(to, kTagAgreement, {agree});
  error_report_ = differences;
  return agree == 1;
}

// --- the rank's loop -----------------------------------------------------------------------------

vm::RunStatus MpiMachine::run() {
  const auto start = std::chrono::steady_clock::now();
  unsigned idle_rounds = 0;
  try {
    if (!ranks_agree()) {
      outcome_ = vm::RunStatus::Error;
      stop_ = true;
    }
    while (!stop_) {
      bool busy = receive();
      if (stop_) break;
      if (interrupted_ != 0) {
        stop_with(vm::RunStatus::Interrupted, 1, "interrupted\n");
        interrupted_ = 0;
      }
      busy = run_ius() || busy;
      flush_output();  // first: see flush_output
      flush();
      publish_load(!busy);  // at once when this rank has run out of work
      world_.progress();
      if (busy) {
        idle_rounds = 0;
        continue;
      }
      if (passive()) pass_token();
      // Nothing to do: look again at once, yielding the core (to a busy rank, where ranks
      // share cores) for about a millisecond, then in naps of 100 us: a rank that sleeps long
      // delays every message that comes meanwhile (queens 11's count threaded through goals
      // on two ranks waited up to a nap per hop).
      if (++idle_rounds > 4096) {
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      } else {
        std::this_thread::yield();
      }
    }
  } catch (const std::exception& e) {
    // A malformed message, an MPI error, a heap that cannot take a term: the run stops with
    // the reason, reported by rank 0.
    stop_with(vm::RunStatus::Error, 1, fmt::format("error: {} (on rank {})\n", e.what(), rank()));
    while (!stop_) {
      receive();
      world_.progress();
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  const vm::RunStatus status = close_run();
  elapsed_ = std::chrono::steady_clock::now() - start;
  return status;
}

bool MpiMachine::run_ius() {
  // Between rounds, on this thread: timers, the messages of the last round, room in the heaps,
  // the dynamic-partitioning flags; then batches of every IU with work, on the workers.
  bool busy = deliver_local();
  for (auto& owned : nodes_) {
    Node& node = *owned;
    if (stop_sent_) return true;
    if (node.iu->has_sleepers()) node.iu->wake_sleepers();
    if (!node.inbox.empty()) {
      apply_inbox(node);
      busy = true;
    }
  }
  deliver_local();  // what applying them sent: applied next round
  refresh_local_loads();
  runnable_.clear();
  // IUs of this rank that have run dry: a round ends soon while one has, so that the next can
  // feed it (a round's batches are long only while every IU has work).
  std::uint32_t dry = 0;
  if (several_per_round()) {
    for (auto& owned : nodes_) dry += owned->iu->pool_size() == 0 ? 1U : 0U;
  }
  round_dry_.store(dry, std::memory_order_relaxed);
  // The MP's dynamic-partitioning flag, from the least load heard of (the same for every IU
  // of the round).
  std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
  for (unsigned k = 0; k < ius_ && least >= machine_.threshold; ++k) least = std::min(least, load_of(k));
  const bool distribute = ius_ > 1 && least < machine_.threshold;
  for (auto& owned : nodes_) {
    Node& node = *owned;
    vm::Iu& iu = *node.iu;
    if (stop_sent_) return true;
    if (iu.pool_size() == 0) continue;
    const std::size_t low = std::max(kMinLowCells, iu.heap.usable_cells() / 8);
    if (iu.heap.free_cells() < low && !make_room(iu, low)) return true;
    iu.distribute = distribute;
    node.limits = BatchLimits{static_cast<std::uint32_t>(kBatchGoals),
                              ius_ == 1 ? std::numeric_limits<std::uint64_t>::max() / 2 : kBatchReductions,
                              vm::kMachineTimeSlice, low, nullptr, 0, 0};
    if (several_per_round() && dry == 0) {
      // A batch looks every few hundred reductions for an IU of the round that ran dry.
      node.limits.waiting = &round_dry_;
      node.limits.waiting_reductions = kBatchReductions / 8;
      node.limits.waiting_time_slice = vm::kMachineTimeSlice;
    }
    runnable_.push_back(&node);
  }
  if (runnable_.empty()) return busy;
  round_end_ = std::chrono::steady_clock::now() + kRoundTime;
  workers_->run(runnable_.size(), [this](std::size_t k) {
    Node& node = *runnable_[k];
    vm::Iu& iu = *node.iu;
    // Batches until the round's time is up while every IU of the rank has work, so that the
    // workers finish together; one batch when some IU has none (nothing reaches an IU during
    // a round: the next round feeds it).
    bool more = several_per_round();
    do {
      node.status = node.policy->run_batch(node.limits);
      more = more && node.status == vm::RunStatus::Success && iu.pool_size() > 0 &&
             iu.heap.free_cells() >= node.limits.low_cells &&
             round_dry_.load(std::memory_order_relaxed) == 0 &&
             std::chrono::steady_clock::now() < round_end_;
    } while (more);
    if (several_per_round() && iu.pool_size() == 0) round_dry_.fetch_add(1, std::memory_order_relaxed);
  });
  deliver_local();
  for (Node* node : runnable_) {
    vm::Iu& iu = *node->iu;
    switch (node->status) {
      case vm::RunStatus::Error: stop_with(node->status, 1, error_report_of(iu)); return true;
      case vm::RunStatus::Halt: stop_with(node->status, iu.halt_code(), {}); return true;
      case vm::RunStatus::Interrupted: stop_with(node->status, 1, "interrupted\n"); return true;
      default: break;
    }
  }
  refresh_local_loads();  // feed_hungry's, with the goals it gives counted as it goes
  for (Node* node : runnable_) feed_hungry(*node->iu);
  deliver_local();
  return true;
}

bool MpiMachine::deliver_local() {
  bool any = false;
  for (auto& node : nodes_) {
    for (const auto& [to, message] : node->outbox) node_of(to).inbox.push_back(message);
    outgoing_.insert(outgoing_.end(), node->outgoing.begin(), node->outgoing.end());
    any = any || !node->outbox.empty() || !node->outgoing.empty();
    node->outbox.clear();
    node->outgoing.clear();
  }
  return any;
}

void MpiMachine::apply_inbox(Node& node) {
  vm::Iu& iu = *node.iu;
  node.taken.swap(node.inbox);
  for (const LocalMessage& message : node.taken) {
    switch (message.kind) {
      case LocalKind::Goal: {
        const std::size_t cells = vm::goal_record::kHeaderCells + vm::goal_record::arity(message.a);
        if (!make_room(iu, cells)) return;
        const Cell* record = vm::address_of(message.a);  // after make_room: it may collect
        Cell* p = iu.heap.allocate(cells);
        std::copy_n(record, cells, p);
        iu.accept_goal(vm::make_pointer(vm::Tag::Box, p, iu.index()));
        break;
      }
      case LocalKind::Bind:
        if (!iu.bind_here(message.a, message.b)) {
          iu.report_error("unification failed (a binding that arrived from another IU)",
                          iu.format(message.a) + " = " + iu.format(message.b));
          stop_with(vm::RunStatus::Error, 1, error_report_of(iu));
        }
        break;
      case LocalKind::Hook: iu.hook_here(message.a, message.b); break;
      case LocalKind::Activate: {
        const Cell* hook = vm::address_of(message.a);
        iu.activate_goal(hook[1], vm::small_int_value(hook[2]));
        break;
      }
    }
  }
  node.taken.clear();
}

void MpiMachine::feed_hungry(vm::Iu& from) {
  // An IU with two goals or more gives half of its oldest ones (the largest pieces of a
  // LIFO pool), up to 64, to an IU that has said it has none (its load 0), as the threads
  // engine's work sharing does; the target's load counts them until it reports again.
  if (ius_ == 1 || from.pool_size() < 2) return;
  const unsigned start = node_of(from.index()).rotate++ % ius_;
  for (unsigned k = 0; k < ius_; ++k) {
    const unsigned i = (start + k) % ius_;
    if (i == from.index() ||
        (is_local(i) ? loads_[i].load(std::memory_order_relaxed) != 0 : !hungry_[i])) {
      continue;
    }
    hungry_[i] = false;
    given_.clear();
    from.take_oldest_goals(std::min<std::size_t>(64, from.pool_size() / 2), given_);
    for (const Cell goal : given_) send_goal(from, i, goal);
    goals_given_ += given_.size();
    return;
  }
}

bool MpiMachine::passive() const {
  if (!outgoing_.empty()) return false;
  for (const auto& words : out_words_) {
    if (!words.empty()) return false;
  }
  if (rank_out_.tellp() > 0) return false;
  for (const auto& node : nodes_) {
    if (node->iu->pool_size() > 0 || !node->inbox.empty() || !node->outbox.empty() ||
        !node->outgoing.empty() || node->iu->has_sleepers()) {
      return false;
    }
  }
  return true;
}

// --- exports, imports, hooks ---------------------------------------------------------------------

Cell MpiMachine::make_machine_hook(vm::Iu& iu, bool forward, std::uint64_t entry) {
  Cell* h = iu.heap.allocate(vm::goal_record::kHookCells);
  if (h == nullptr && iu.heap.grow(kHeadroomCells)) h = iu.heap.allocate(vm::goal_record::kHookCells);
  if (h == nullptr) throw std::runtime_error(fmt::format("heap of IU {} full", iu.index()));
  h[0] = vm::make_header(vm::BoxKind::Hook, 3);
  h[1] = hook_marker(forward, entry);
  h[2] = vm::make_small_int(0);
  h[3] = vm::kNil;
  return vm::make_pointer(vm::Tag::Box, h, iu.index());
}

wire::VariableName MpiMachine::export_to(Cell variable, int to) {
  std::uint64_t entry = 0;
  if (const auto found = export_of_.find(variable); found != export_of_.end()) {
    entry = found->second;
  } else {
    if (!free_exports_.empty()) {
      entry = free_exports_.back();
      free_exports_.pop_back();
    } else {
      entry = exports_.size();
      exports_.emplace_back();
    }
    exports_[entry] = Export{variable, {}, false, 0};
    export_of_.emplace(variable, entry);
    ++exports_made_;
    vm::Iu& owner = iu(vm::iu_of(variable));
    owner.hook_here(variable, make_machine_hook(owner, false, entry));
  }
  Export& e = exports_[entry];
  if (std::find(e.ranks.begin(), e.ranks.end(), to) == e.ranks.end()) e.ranks.push_back(to);
  return {static_cast<std::uint32_t>(rank()), entry};
}

Cell MpiMachine::proxy_for(const wire::VariableName& name, vm::Iu& at) {
  const auto from = static_cast<int>(name.rank);
  if (from == rank()) {
    // One of this rank's own variables, come back: the variable itself.
    if (name.entry >= exports_.size() || exports_[name.entry].variable == 0) {
      throw std::runtime_error(fmt::format("a name of an unknown variable ({}, {})", name.rank, name.entry));
    }
    return exports_[name.entry].variable;
  }
  const std::uint64_t key = import_key(from, name.entry);
  if (const auto found = import_of_.find(key); found != import_of_.end()) {
    return imports_[found->second].proxy;
  }
  std::uint64_t index = 0;
  if (!free_imports_.empty()) {
    index = free_imports_.back();
    free_imports_.pop_back();
  } else {
    index = imports_.size();
    imports_.emplace_back();
  }
  Cell* v = at.heap.allocate(1);
  if (v == nullptr) throw std::runtime_error(fmt::format("heap of IU {} full", at.index()));
  const Cell hook = make_machine_hook(at, true, index);
  *v = vm::make_var_contents(hook);
  const Cell proxy = vm::make_pointer(vm::Tag::Ref, v, at.index());
  imports_[index] = Import{from, name.entry, proxy};
  import_of_.emplace(key, index);
  return proxy;
}

vm::Iu& MpiMachine::holder_of(Cell cell) {
  // A variable of this rank; once bound, a collection may have made the table's cell its
  // value (a constant, or a term on any IU here): unified by the first IU then.
  const Cell c = vm::deref(cell);
  if (vm::is_pointer(c) && is_local(vm::iu_of(c))) return iu(vm::iu_of(c));
  return *nodes_.front()->iu;
}

std::string MpiMachine::error_report_of(const vm::Iu& failed) const {
  return options_.error_report ? options_.error_report(failed) : "error\n";
}

void MpiMachine::rehang(Cell variable, bool forward, std::uint64_t entry) {
  vm::Iu& owner = iu(vm::iu_of(variable));
  owner.hook_here(variable, make_machine_hook(owner, forward, entry));
}

void MpiMachine::encode_group(int to, std::span<const Cell> roots) {
  // One encoder for the run (its tables keep their room from group to group).
  if (!encoder_) {
    encoder_ = std::make_unique<wire::Encoder>(
        atoms_, shared_, [this](Cell variable) { return export_to(variable, encode_to_); });
  }
  encode_to_ = to;
  encoder_->encode(roots, out_words_[static_cast<std::size_t>(to)]);
}

void MpiMachine::flush() {
  // Hooks fired and goals sent during the batches: encoded now, between batches, when every
  // heap may be allocated on (exports hang hooks).
  for (std::size_t k = 0; k < outgoing_.size(); ++k) {
    const Outgoing out = outgoing_[k];
    switch (out.kind) {
      case OutKind::Goal: {
        const int to = rank_of(out.target);
        auto& words = out_words_[static_cast<std::size_t>(to)];
        const Cell goal = out.cell;
        const std::uint32_t arity = vm::goal_record::arity(goal);
        words.push_back(static_cast<std::uint64_t>(Record::Goal));
        words.push_back(out.target);
        words.push_back(vm::goal_record::predicate(goal));
        words.push_back(vm::goal_record::call_site(goal));
        words.push_back(vm::goal_record::lineage(goal));
        encode_group(to, std::span<const Cell>(vm::goal_record::args(goal), arity));
        ++goals_sent_;
        break;
      }
      case OutKind::Watch: {
        Export& e = exports_[out.target];
        if (e.variable == 0 || e.pushed) break;
        const Cell value = vm::deref(e.variable);
        if (vm::is_unbound(value)) {
          // Bound to another variable (of another IU here): nothing to tell yet, the watch
          // waits on that one (see rehang).
          rehang(value, false, out.target);
          break;
        }
        e.pushed = true;
        const std::vector<int> ranks = e.ranks;
        e.acks_due = ranks.size();
        for (const int to : ranks) {
          auto& words = out_words_[static_cast<std::size_t>(to)];
          words.push_back(static_cast<std::uint64_t>(Record::Value));
          words.push_back(out.target);
          encode_group(to, std::span<const Cell>(&value, 1));
          ++values_sent_;
        }
        if (exports_[out.target].acks_due == 0) {
          export_of_.erase(exports_[out.target].variable);
          exports_[out.target] = Export{};
          free_exports_.push_back(out.target);
        }
        break;
      }
      case OutKind::Forward: {
        const Import& i = imports_[out.target];
        if (i.proxy == 0) break;
        const Cell value = vm::deref(i.proxy);
        if (vm::is_unbound(value)) {
          rehang(value, true, out.target);
          break;
        }
        auto& words = out_words_[static_cast<std::size_t>(i.rank)];
        words.push_back(static_cast<std::uint64_t>(Record::Bind));
        words.push_back(i.entry);
        encode_group(i.rank, std::span<const Cell>(&value, 1));
        ++binds_sent_;
        break;
      }
    }
  }
  outgoing_.clear();
  for (int to = 0; to < ranks(); ++to) send_data(to);
}

void MpiMachine::send_data(int to) {
  auto& words = out_words_[static_cast<std::size_t>(to)];
  if (words.empty()) return;
  ++count_;
  ++messages_sent_;
  words_sent_ += words.size();
  world_.send(to, kTagData, std::move(words));
  words = {};
}

void MpiMachine::flush_output() {
  if (rank() == 0) {
    return;
  }
  if (rank_out_.tellp() <= 0) return;
  // A message of its own (rank 0 prints it even while the run closes), sent synchronously and
  // before the batch's other messages: output that another rank writes because of something
  // this rank did (a Done variable bound after writeln/2) reaches rank 0 after this.
  std::vector<std::uint64_t> words{static_cast<std::uint64_t>(Record::Output)};
  MpiTransport::append_text(words, rank_out_.str());
  rank_out_.str({});
  rank_out_.clear();
  ++count_;
  ++messages_sent_;
  words_sent_ += words.size();
  world_.send_synchronous(0, kTagData, words);
}

void MpiMachine::publish_load(bool force) {
  if (ranks() == 1) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - loads_published_ < std::chrono::milliseconds(2)) return;
  bool changed = false;
  for (unsigned i = first_; i < last_; ++i) {
    const std::uint32_t load = load_of(i);
    if (load != loads_sent_[i - first_]) changed = true;
    loads_sent_[i - first_] = load;
  }
  if (!changed) return;
  loads_published_ = now;
  for (int to = 0; to < ranks(); ++to) {
    if (to == rank()) continue;
    auto& words = out_words_[static_cast<std::size_t>(to)];
    words.push_back(static_cast<std::uint64_t>(Record::Load));
    words.push_back(first_);
    words.push_back(last_ - first_);
    words.insert(words.end(), loads_sent_.begin(), loads_sent_.end());
    send_data(to);
  }
}

// --- receiving -----------------------------------------------------------------------------------

bool MpiMachine::receive() {
  bool any = false;
  while (auto message = world_.poll()) {
    any = true;
    if (message->tag == kTagData) {
      --count_;
      black_ = true;
      apply_data(message->from, message->words);
    } else {
      apply_control(*message);
    }
    if (stop_) break;
  }
  return any;
}

bool MpiMachine::make_room(vm::Iu& at, std::size_t cells) {
  if (at.heap.free_cells() >= cells) return true;
  // Doubling, paid from the budget (the live data of the last collection): once it is spent,
  // a collection is due, so that its work stays proportional to what was allocated (as on
  // the threads engine, kernel/threads_machine.hpp).
  const std::size_t usable = at.heap.usable_cells();
  const std::size_t step = std::min(usable, at.heap.max_cells() - usable);
  if (step > 0 && growth_budget_ >= step && at.heap.grow(cells) && at.heap.free_cells() >= cells) {
    growth_budget_ -= step;
    return true;
  }
  collect();
  if (at.heap.free_cells() >= cells || at.heap.grow(cells)) return true;
  at.report_error(fmt::format("heap of IU {} exhausted: {:.2f} MiB live after garbage collection, "
                              "the limit is {:.2f} MiB (--heap MiB)",
                              at.index(),
                              static_cast<double>(at.heap.used_cells() * sizeof(Cell)) / (1 << 20),
                              static_cast<double>(at.heap.max_cells() * sizeof(Cell)) / (1 << 20)),
                  {});
  stop_with(vm::RunStatus::Error, 1, error_report_of(at));
  return false;
}

void MpiMachine::apply_data(int from, const std::vector<std::uint64_t>& words) {
  std::size_t at = 0;
  std::vector<Cell> roots;
  auto group = [&](vm::Iu& target, std::size_t extra_cells) {
    const auto rest = std::span<const std::uint64_t>(words).subspan(at);
    const wire::GroupShape shape = wire::shape_of(rest);
    if (!make_room(target, shape.cells + shape.variables * kProxyCells + shape.roots +
                               extra_cells + kHeadroomCells)) {
      return false;
    }
    at += wire::decode(rest, atoms_, shared_, target.heap,
                       [&](const wire::VariableName& name) { return proxy_for(name, target); }, roots);
    return true;
  };
  auto next = [&]() {
    if (at >= words.size()) throw std::runtime_error("malformed message from another rank");
    return words[at++];
  };
  while (at < words.size() && !stop_sent_) {
    switch (static_cast<Record>(next())) {
      case Record::Goal: {
        const auto target = static_cast<unsigned>(next());
        const auto predicate = static_cast<vm::PredicateId>(next());
        const std::uint64_t site = next();
        const std::uint64_t lineage = next();
        if (!is_local(target)) throw std::runtime_error(fmt::format("a goal for IU {}, not on this rank", target));
        vm::Iu& target_iu = iu(target);
        if (!group(target_iu, vm::goal_record::kHeaderCells)) return;
        const auto arity = static_cast<std::uint32_t>(roots.size());
        Cell* p = target_iu.heap.allocate(vm::goal_record::kHeaderCells + arity);
        if (p == nullptr) throw std::runtime_error(fmt::format("heap of IU {} full", target));
        p[0] = vm::goal_record::header(arity);
        p[1] = vm::goal_record::origin(predicate, site);
        p[2] = vm::goal_record::lineage_cell(lineage);
        std::copy(roots.begin(), roots.end(), p + vm::goal_record::kHeaderCells);
        target_iu.accept_goal(vm::make_pointer(vm::Tag::Box, p, target));
        // The sender counts this goal in our load until we say otherwise: say it, even if
        // the goal is done before the next report.
        loads_sent_[target - first_] = std::numeric_limits<std::uint32_t>::max();
        break;
      }
      case Record::Bind: {
        const std::uint64_t entry = next();
        if (entry >= exports_.size() || exports_[entry].variable == 0) {
          throw std::runtime_error(fmt::format("a binding for an unknown variable (entry {})", entry));
        }
        vm::Iu& owner = holder_of(exports_[entry].variable);
        if (!group(owner, 0)) return;
        const Cell variable = exports_[entry].variable;  // after group(): a collection moves it
        if (!owner.bind_here(variable, roots[0])) {
          owner.report_error(fmt::format("unification failed (a binding that arrived from rank {})", from),
                             owner.format(variable) + " = " + owner.format(roots[0]));
          stop_with(vm::RunStatus::Error, 1, error_report_of(owner));
          return;
        }
        break;
      }
      case Record::Value: {
        const std::uint64_t entry = next();
        auto& ack = out_words_[static_cast<std::size_t>(from)];
        const auto found = import_of_.find(import_key(from, entry));
        if (found == import_of_.end()) {
          // Not held here (cannot happen while entries live as the header says): take the
          // words off and acknowledge.
          at += wire::shape_of(std::span<const std::uint64_t>(words).subspan(at)).words;
        } else {
          const std::uint64_t index = found->second;
          vm::Iu& holder = holder_of(imports_[index].proxy);
          if (!group(holder, 0)) return;
          const Cell proxy = imports_[index].proxy;  // after group(): a collection moves it
          quiet_forward_ = static_cast<std::int64_t>(index);
          const bool ok = holder.bind_here(proxy, roots[0]);
          quiet_forward_ = -1;
          import_of_.erase(found);
          imports_[index] = Import{};
          free_imports_.push_back(index);
          if (!ok) {
            holder.report_error(fmt::format("unification failed (a value that arrived from rank {})", from),
                                holder.format(proxy) + " = " + holder.format(roots[0]));
            stop_with(vm::RunStatus::Error, 1, error_report_of(holder));
            return;
          }
        }
        ack.push_back(static_cast<std::uint64_t>(Record::Ack));
        ack.push_back(entry);
        break;
      }
      case Record::Ack: {
        const std::uint64_t entry = next();
        if (entry >= exports_.size() || exports_[entry].acks_due == 0) {
          throw std::runtime_error(fmt::format("an acknowledgement for an unknown value (entry {})", entry));
        }
        Export& e = exports_[entry];
        if (--e.acks_due == 0) {
          export_of_.erase(e.variable);
          e = Export{};
          free_exports_.push_back(entry);
        }
        break;
      }
      case Record::Output: {
        const std::string text = MpiTransport::read_text(words, at);
        out_ << text;
        out_.flush();
        break;
      }
      case Record::Load: {
        const std::uint64_t first = next();
        const std::uint64_t n = next();
        if (first + n > ius_ || words.size() - at < n) throw std::runtime_error("malformed load message");
        for (std::uint64_t k = 0; k < n; ++k) {
          const auto load = static_cast<std::uint32_t>(words[at++]);
          loads_[first + k].store(load, std::memory_order_relaxed);
          // Ran dry: fed once (feed_hungry), whatever goals are placed there meanwhile.
          hungry_[first + k] = load == 0;
        }
        break;
      }
      default: throw std::runtime_error("a message of an unknown kind from another rank");
    }
  }
}

// --- collection ----------------------------------------------------------------------------------

void MpiMachine::collect() {
  std::vector<vm::Iu*> ius(last_, nullptr);
  for (auto& node : nodes_) ius[node->iu->index()] = node->iu.get();
  std::vector<Cell*> extra;
  for (auto& node : nodes_) {
    // The inbox, and the messages being applied (apply_inbox may collect between two).
    for (auto* messages : {&node->inbox, &node->taken}) {
      for (LocalMessage& message : *messages) {
        extra.push_back(&message.a);
        extra.push_back(&message.b);
      }
    }
    for (auto& [to, message] : node->outbox) {
      extra.push_back(&message.a);
      extra.push_back(&message.b);
    }
    for (Outgoing& out : node->outgoing) extra.push_back(&out.cell);
  }
  for (Outgoing& out : outgoing_) extra.push_back(&out.cell);
  for (Export& e : exports_) {
    if (e.variable != 0) extra.push_back(&e.variable);
  }
  for (Import& i : imports_) {
    if (i.proxy != 0) extra.push_back(&i.proxy);
  }
  vm::collect_together(ius, extra, kHeadroomCells);
  ++collections_;
  growth_budget_ = 0;
  for (auto& node : nodes_) growth_budget_ += node->iu->heap.used_cells();
  // Variables moved: the map from unbound variables to their entries again.
  export_of_.clear();
  for (std::size_t k = 0; k < exports_.size(); ++k) {
    const Export& e = exports_[k];
    if (e.variable != 0 && !e.pushed && vm::is_unbound(vm::deref(e.variable))) {
      exports_[k].variable = vm::deref(e.variable);
      export_of_.emplace(exports_[k].variable, k);
    }
  }
}

// --- termination (Safra) -----------------------------------------------------------------------

void MpiMachine::pass_token() {
  if (stop_sent_) return;
  if (ranks() == 1) {
    // One rank: passive is the end.
    stop_ = true;
    return;
  }
  const int next = (rank() + 1) % ranks();
  if (rank() == 0) {
    if (token_here_) {
      token_here_ = false;
      round_started_ = false;
      if (!token_black_ && !black_ && token_sum_ + count_ == 0) {
        outcome_ = vm::RunStatus::Success;
        broadcast_stop();
        return;
      }
    }
    if (!round_started_) {
      round_started_ = true;
      black_ = false;
      world_.send(next, kTagToken, {0, 0});
    }
    return;
  }
  if (!token_here_) return;
  token_here_ = false;
  const std::uint64_t sum = static_cast<std::uint64_t>(token_sum_ + count_);
  const std::uint64_t colour = (token_black_ || black_) ? 1 : 0;
  black_ = false;
  world_.send(next, kTagToken, {sum, colour});
}

void MpiMachine::apply_control(const MpiMessage& message) {
  switch (message.tag) {
    case kTagToken:
      if (message.words.size() != 2) throw std::runtime_error("malformed token");
      token_here_ = true;
      token_sum_ = static_cast<std::int64_t>(message.words[0]);
      token_black_ = message.words[1] != 0;
      break;
    case kTagStop: {
      // [status][code][report]: to rank 0 a request, from rank 0 the order to stop.
      std::size_t at = 2;
      if (message.words.size() < 3) throw std::runtime_error("malformed stop message");
      const auto status = static_cast<vm::RunStatus>(message.words[0]);
      const auto code = static_cast<int>(message.words[1]);
      std::string report = MpiTransport::read_text(message.words, at);
      if (rank() == 0) {
        if (!stop_) {
          outcome_ = status;
          halt_code_ = code;
          error_report_ = std::move(report);
          broadcast_stop();
        }
      } else {
        outcome_ = status;
        halt_code_ = code;
        stop_ = true;
      }
      break;
    }
    case kTagClose:
      // A rank that has stopped already closes (rank 0's order to stop is on its way here):
      // counted for close_run.
      ++closes_;
      break;
    default: throw std::runtime_error(fmt::format("an MPI message with an unknown tag {}", message.tag));
  }
}

void MpiMachine::stop_with(vm::RunStatus status, int code, const std::string& report) {
  if (stop_sent_ || stop_) return;
  stop_sent_ = true;
  if (rank() == 0) {
    outcome_ = status;
    halt_code_ = code;
    error_report_ = report;
    broadcast_stop();
    return;
  }
  std::vector<std::uint64_t> words{static_cast<std::uint64_t>(status), static_cast<std::uint64_t>(code)};
  MpiTransport::append_text(words, report);
  flush_output();  // what it wrote before the error comes first
  world_.send(0, kTagStop, std::move(words));
}

void MpiMachine::broadcast_stop() {
  stop_ = true;
  for (int to = 1; to < ranks(); ++to) {
    std::vector<std::uint64_t> words{static_cast<std::uint64_t>(outcome_), static_cast<std::uint64_t>(halt_code_)};
    MpiTransport::append_text(words, {});
    world_.send(to, kTagStop, std::move(words));
  }
}

vm::RunStatus MpiMachine::close_run() {
  // Everything this rank has to say goes out, then `close` to every rank; then it reads until
  // every rank's `close` has come (messages between two ranks keep their order, so none is
  // left in flight after that). Data read now is applied only for its output.
  flush_output();
  for (int to = 0; to < ranks(); ++to) send_data(to);
  for (int to = 0; to < ranks(); ++to) {
    if (to != rank()) world_.send(to, kTagClose, {});
  }
  std::vector<MpiMessage> reports;  // rank 0: those that came before the last `close`
  while (closes_ < ranks() - 1) {
    MpiMessage message = world_.wait();
    if (message.tag == kTagReport) {
      reports.push_back(std::move(message));
    } else if (message.tag == kTagClose) {
      ++closes_;
    } else if (message.tag == kTagData && rank() == 0) {
      // Only the output matters now.
      std::size_t at = 0;
      while (at < message.words.size()) {
        if (static_cast<Record>(message.words[at]) != Record::Output) break;
        ++at;
        out_ << MpiTransport::read_text(message.words, at);
      }
    }
  }
  out_.flush();
  // Every rank's suspended goals and counters to rank 0.
  std::uint64_t suspended = 0;
  std::vector<std::string> lines;
  vm::IuCounters counters{};
  for (auto& node : nodes_) {
    const vm::Iu& iu = *node->iu;
    suspended += iu.suspended_count();
    if (outcome_ == vm::RunStatus::Success && options_.suspended_lines && lines.size() < 100) {
      for (auto& line : options_.suspended_lines(iu)) lines.push_back(std::move(line));
    }
    counters.reductions += iu.counters.reductions;
    counters.builtin_calls += iu.counters.builtin_calls;
    counters.suspensions += iu.counters.suspensions;
    counters.activations += iu.counters.activations;
    counters.goals_spawned += iu.counters.goals_spawned;
  }
  if (rank() != 0) {
    std::vector<std::uint64_t> words{suspended, counters.reductions, counters.builtin_calls,
                                     counters.suspensions, counters.activations,
                                     counters.goals_spawned, messages_sent_, words_sent_,
                                     goals_sent_, values_sent_, binds_sent_, exports_made_,
                                     lines.size()};
    for (const auto& line : lines) MpiTransport::append_text(words, line);
    world_.send(0, kTagReport, std::move(words));
    const MpiMessage final_message = [&] {
      for (;;) {
        MpiMessage m = world_.wait();
        if (m.tag == kTagFinal) return m;
      }
    }();
    world_.drain();
    if (final_message.words.size() < 2) throw MpiError("malformed final message");
    halt_code_ = static_cast<int>(final_message.words[1]);
    return static_cast<vm::RunStatus>(final_message.words[0]);
  }
  totals_ = counters;
  reductions_by_rank_.assign(static_cast<std::size_t>(ranks()), 0);
  reductions_by_rank_[0] = counters.reductions;
  suspended_count_ = suspended;
  suspended_lines_ = std::move(lines);
  while (reports.size() < static_cast<std::size_t>(ranks() - 1)) {
    MpiMessage m = world_.wait();
    if (m.tag == kTagReport) reports.push_back(std::move(m));
  }
  for (const MpiMessage& m : reports) {
    const auto& w = m.words;
    if (w.size() < 13) throw MpiError("malformed report from a rank");
    suspended_count_ += w[0];
    totals_.reductions += w[1];
    reductions_by_rank_[static_cast<std::size_t>(m.from)] = w[1];
    totals_.builtin_calls += w[2];
    totals_.suspensions += w[3];
    totals_.activations += w[4];
    totals_.goals_spawned += w[5];
    messages_sent_ += w[6];
    words_sent_ += w[7];
    goals_sent_ += w[8];
    values_sent_ += w[9];
    binds_sent_ += w[10];
    exports_made_ += w[11];
    std::size_t at = 13;
    for (std::uint64_t n = 0; n < w[12]; ++n) {
      std::string line = MpiTransport::read_text(w, at);
      if (suspended_lines_.size() < 100) suspended_lines_.push_back(std::move(line));
    }
  }
  vm::RunStatus status = outcome_;
  if (status == vm::RunStatus::Success && suspended_count_ > 0) status = vm::RunStatus::Deadlock;
  for (int to = 1; to < ranks(); ++to) {
    world_.send(to, kTagFinal, {static_cast<std::uint64_t>(status), static_cast<std::uint64_t>(halt_code_)});
  }
  world_.drain();
  return status;
}

nlohmann::json MpiMachine::statistics() const {
  return nlohmann::json{{"engine", "mpi"},
                        {"ranks", ranks()},
                        {"ius", ius_},
                        {"workers", workers_->workers()},
                        {"messages_sent", messages_sent_},
                        {"words_sent", words_sent_},
                        {"goals_sent", goals_sent_},
                        {"goals_given", goals_given_},
                        {"values_sent", values_sent_},
                        {"binds_sent", binds_sent_},
                        {"exports", exports_made_},
                        {"collections", collections_},
                        {"reductions_by_rank", reductions_by_rank_},
                        {"elapsed_seconds", std::chrono::duration<double>(elapsed_).count()}};
}

}  // namespace fleng::kernel
