// The simulated PIE64: the three processors of every IU as actors, the commands between them,
// costs, statistics and the trace.
#include "kernel/sim_machine.hpp"

#include <cmath>
#include <algorithm>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "vm/goal_record.hpp"

namespace fleng::kernel {

namespace {
constexpr unsigned kUnired = 0;
constexpr unsigned kNip = 1;
constexpr unsigned kMp = 2;
constexpr std::size_t kUniredStack = std::size_t{4} << 20U;  // the reducer and term writer
// The words of a goal frame sent to another IU besides its arguments (a header, the predicate
// and call site, the state), as charged since the simulator was calibrated: the heap's goal
// records have kept the state in the header since 2026-12-06, and the simulated times stay.
constexpr std::uint32_t kGoalPacketHeaderWords = 3;
}  // namespace

// --- statistics ------------------------------------------------------------------------------

void IuStats::add(const IuStats& o) {
  reductions += o.reductions;
  builtin_calls += o.builtin_calls;
  suspensions += o.suspensions;
  activations += o.activations;
  unired_run_cycles += o.unired_run_cycles;
  unired_stall_cycles += o.unired_stall_cycles;
  nip_run_cycles += o.nip_run_cycles;
  mp_cycles += o.mp_cycles;
  remote_reads += o.remote_reads;
  messages += o.messages;
  words_sent += o.words_sent;
  packets += o.packets;
  packet_words_sent += o.packet_words_sent;
  largest_packet_words = std::max(largest_packet_words, o.largest_packet_words);
  goals_sent += o.goals_sent;
  goals_received += o.goals_received;
}

nlohmann::json IuStats::to_json() const {
  return {{"reductions", reductions},
          {"builtin_calls", builtin_calls},
          {"suspensions", suspensions},
          {"activations", activations},
          {"suspension_rate", reductions == 0 ? 0.0
                                              : static_cast<double>(suspensions) /
                                                    static_cast<double>(reductions)},
          {"unired_run_cycles", unired_run_cycles},
          {"unired_stall_cycles", unired_stall_cycles},
          {"nip_run_cycles", nip_run_cycles},
          {"mp_cycles", mp_cycles},
          {"remote_reads", remote_reads},
          {"messages", messages},
          {"words_sent", words_sent},
          {"packets", packets},
          {"packet_words_sent", packet_words_sent},
          {"largest_packet_words", largest_packet_words},
          {"goals_sent", goals_sent},
          {"goals_received", goals_received}};
}

// --- set-up ----------------------------------------------------------------------------------

SimMachine::SimMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
                       const MachineDescription& machine, std::string trace_file,
                       std::vector<std::string> program_args)
    : machine_(machine),
      network_(netsim::make_network(machine.ius, machine.network)),
      board_(machine.ius, machine.load_feedback_delay),
      trace_file_(std::move(trace_file)) {
  costs_.instruction_cycles = machine_.instruction_cycles.data();
  costs_.reduce_dispatch = machine_.reduce_dispatch;
  costs_.clause_try = machine_.clause_try;
  costs_.builtin_call = machine_.builtin_call;
  costs_.builtin_work = machine_.builtin_work;
  costs_.suspend = machine_.suspend;
  costs_.activate = machine_.activate;
  vm::IuOptions options;
  options.max_heap_cells = machine_.heap_cells;
  options.initial_heap_cells = machine_.heap_cells;
  options.populate_heap = false;
  options.time_slice = vm::kMachineTimeSlice;
  options.program_args = std::move(program_args);  // argv/1 on every IU
  for (unsigned i = 0; i < machine_.ius; ++i) {
    auto node = std::make_unique<Node>();
    node->machine = this;
    node->iu = std::make_unique<vm::Iu>(atoms, image, out, i, machine_.ius, options);
    node->iu->attach(this);
    node->policy = std::make_unique<SimPolicy>(*node->iu, *this, costs_);
    if (machine_.aggregation_window > 0) {
      node->packets = std::make_unique<NipPackets>(machine_.aggregation_window, machine_.packet_words);
    }
    nodes_.push_back(std::move(node));
  }
  for (const auto& node : nodes_) heaps_.push_back(&node->iu->heap);
  for (const auto& node : nodes_) node->iu->set_machine_heaps(&heaps_);
  // Actors in a fixed order: the ties of the simulation follow it.
  for (unsigned i = 0; i < machine_.ius; ++i) {
    Node& node = *nodes_[i];
    node.mp = engine_.spawn_step(fmt::format("MP{}", i), [this, i] { mp_step(i); });
    node.unired = engine_.spawn(fmt::format("UNIRED{}", i), [this, i] { unired_loop(i); },
                                kUniredStack);
    node.nip = engine_.spawn_step(fmt::format("NIP{}", i), [this, i] { nip_step(i); });
  }
}

SimMachine::~SimMachine() = default;

// --- the processors ----------------------------------------------------------------------------

// The MP and the NIP are step actors (netsim/engine.hpp): each call goes on from where the
// last one stopped (Node::mp_at, Node::nip_at) and returns where a fiber would block. The UNIRED
// is a fiber, since it stalls in the middle of a reduction.
void SimMachine::mp_step(unsigned i) {
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  if (node.mp_at == MpAt::Reduce) {  // the `reduce` handed over: the UNIRED starts
    node.mp_at = MpAt::Top;
    if (stopping_) return;
    declare_load(i);
    engine_.wake_at(node.unired, engine_.now());
  }
  for (;;) {
    if (stopping_) return;
    if (node.mp_pending > 0) {
      // Work others caused (newgoal, newload, activate): the MP is busy for it first.
      const std::uint64_t cycles = node.mp_pending;
      node.mp_pending = 0;
      node.stats.mp_cycles += cycles;
      trace(i, kMp, "manage", engine_.now(), cycles);
      if (!engine_.try_advance(cycles)) return;
      continue;
    }
    declare_load(i);
    // Dynamic partitioning (paper 5.3): distribute while the least load level is below the
    // threshold, keep new goals and data local when it is at or above.
    iu.distribute = board_.global_least(engine_.now()) < machine_.threshold;
    if (heap_low(i)) request_collection();
    if (!collection_requested_ && !node.unired_busy && iu.pool_size() > 0) {
      // The goal is the UNIRED's from now on (a collection waits for it).
      // Depth-first (newest goal), with every mp.fifo_period-th pick the oldest: a woken
      // consumer is not starved by a producer that keeps respawning itself on top of it.
      ++node.dispatched;
      node.next_goal = machine_.fifo_period != 0 && node.dispatched % machine_.fifo_period == 0
                           ? iu.take_oldest_goal()
                           : iu.take_goal();
      node.unired_busy = true;
      node.stats.mp_cycles += machine_.mp_reduce;
      trace(i, kMp, "reduce", engine_.now(), machine_.mp_reduce);
      if (!engine_.try_advance(machine_.mp_reduce)) {
        node.mp_at = MpAt::Reduce;
        return;
      }
      if (stopping_) return;
      declare_load(i);
      engine_.wake_at(node.unired, engine_.now());  // `reduce`
      continue;
    }
    if (!engine_.try_wait()) return;
  }
}

void SimMachine::declare_load(unsigned i) {
  Node& node = *nodes_[i];
  const auto load = static_cast<std::uint32_t>(node.iu->pool_size());
  if (node.declared_once && load == node.declared_load) return;
  const netsim::SimTime now = engine_.now();
  if (node.declared_once && now < node.last_declared + machine_.load_period) {
    engine_.wake_at(node.mp, node.last_declared + machine_.load_period);  // declare then
    return;
  }
  board_.declare(i, load, now);
  node.declared_load = load;
  node.last_declared = now;
  node.declared_once = true;
}

void SimMachine::unired_loop(unsigned i) {
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  engine_.wait();
  for (;;) {
    if (stopping_) return;
    if (!node.unired_busy) {
      engine_.wait();
      continue;
    }
    if (total_reductions_ >= max_reductions_) [[unlikely]] {
      iu.report_error(fmt::format("step limit reached ({} reductions)", max_reductions_), {});
      fail(i);
      return;
    }
    node.reduce_start = engine_.now();
    const std::uint64_t reductions_before = iu.counters.reductions;
    node.reduce_status = node.policy->reduce(node.next_goal);
    total_reductions_ += iu.counters.reductions - reductions_before;
    const std::uint64_t cycles = node.policy->take_cycles();
    node.stats.unired_run_cycles += cycles;
    // The reduction's cycles, then `endreduce` (end_reduction, by the dispatcher), then the
    // wait for the next `reduce`.
    engine_.advance_then(cycles, &SimMachine::end_reduction, &node);
    if (node.reduce_status != vm::RunStatus::Success) return;
  }
}

netsim::SimTime SimMachine::end_reduction(void* context) {
  Node& node = *static_cast<Node*>(context);
  SimMachine& m = *node.machine;
  const unsigned i = node.iu->index();
  m.trace(i, kUnired, "reduce", node.reduce_start, m.engine_.now() - node.reduce_start);
  if (node.reduce_status != vm::RunStatus::Success) {
    m.fail(i);
    return netsim::Engine::kThenWait;
  }
  node.unired_busy = false;
  if (m.collection_requested_) m.collect_if_quiet();
  m.engine_.wake_at(node.mp, m.engine_.now());  // `endreduce`
  return netsim::Engine::kThenWait;
}

bool SimMachine::heap_low(unsigned i) const {
  const vm::Heap& heap = nodes_[i]->iu->heap;
  return heap.free_cells() < heap.max_cells() / 4;
}

void SimMachine::request_collection() {
  if (collection_requested_) return;
  collection_requested_ = true;
  collect_if_quiet();
}

void SimMachine::collect_if_quiet() {
  for (const auto& node : nodes_) {
    if (node->unired_busy) return;  // the last UNIRED to finish collects
  }
  std::vector<vm::Iu*> ius;
  std::vector<vm::Cell*> extra;
  std::vector<std::uint64_t> copied_before;
  for (auto& node : nodes_) {
    ius.push_back(node->iu.get());
    copied_before.push_back(node->iu->heap.copied_cells);
    if (node->next_goal != 0) extra.push_back(&node->next_goal);
    for (Message& message : node->inbox) {  // goals and terms in flight
      extra.push_back(&message.a);
      extra.push_back(&message.b);
    }
    if (node->packets) {  // messages waiting in open packets
      node->packets->for_each_waiting_cell([&](vm::Cell& cell) { extra.push_back(&cell); });
    }
  }
  vm::collect_together(ius, extra, 0);
  ++collections_;
  collection_requested_ = false;
  for (unsigned i = 0; i < nodes_.size(); ++i) {
    Node& node = *nodes_[i];
    // The MP does the copying: one cycle per cell copied on its IU.
    node.mp_pending += node.iu->heap.copied_cells - copied_before[i];
    if (heap_low(i)) {
      node.iu->report_error(
          fmt::format("heap of IU {} exhausted: {} MiB live after garbage collection, the limit "
                      "is {} MiB (--set heap_cells=N)",
                      i, node.iu->heap.used_cells() * sizeof(vm::Cell) >> 20U,
                      node.iu->heap.max_cells() * sizeof(vm::Cell) >> 20U),
          {});
      fail(i);
      return;
    }
    engine_.wake_at(node.mp, engine_.now());
  }
}

void SimMachine::nip_step(unsigned i) {
  Node& node = *nodes_[i];
  if (node.nip_at == NipAt::Handle) {  // the NIP's handling time is over: the command itself
    node.nip_at = NipAt::Top;
    if (stopping_) return;
    handle(i, take_first(node), node.nip_start, machine_.nip_message);
  }
  for (;;) {
    if (stopping_) return;
    if (node.packets && node.packets->has_open()) {  // packets whose window has passed leave
      leaving_.clear();
      node.packets->close_due(engine_.now(), leaving_);
      send_packets(i);
    }
    if (!node.inbox.empty() && node.inbox.front().arrival <= engine_.now()) {
      if (node.inbox.front().continued) {
        // A further message of the packet just handled: its nip.message is paid.
        handle(i, take_first(node), engine_.now(), 0);
        continue;
      }
      // The NIP's handling time first, with the message still in the inbox (where a
      // collection meanwhile finds and updates it), then the command itself.
      node.nip_start = engine_.now();
      node.stats.nip_run_cycles += machine_.nip_message;
      if (!engine_.try_advance(machine_.nip_message)) {
        node.nip_at = NipAt::Handle;
        return;
      }
      if (stopping_) return;
      handle(i, take_first(node), node.nip_start, machine_.nip_message);
      continue;
    }
    if (!node.inbox.empty()) engine_.wake_at(node.nip, node.inbox.front().arrival);
    // An earlier wake-up supersedes a later one (netsim::Engine): the next deadline again.
    if (node.packets && node.packets->has_open()) {
      engine_.wake_at(node.nip, node.packets->next_deadline());
    }
    if (!engine_.try_wait()) return;
  }
}

SimMachine::Message SimMachine::take_first(Node& node) {
  std::pop_heap(node.inbox.begin(), node.inbox.end(), std::greater<>{});
  const Message message = node.inbox.back();
  node.inbox.pop_back();
  return message;
}

void SimMachine::handle(unsigned i, const Message& message, netsim::SimTime start,
                        netsim::SimTime duration) {
  Node& node = *nodes_[i];
  vm::Iu& iu = *node.iu;
  const std::size_t pool_before = iu.pool_size();
  switch (message.kind) {
    case MessageKind::Timer:  // a timer/2 goal whose delay is over: the MP's newgoal
      trace(i, kNip, "timer", start, duration);
      iu.accept_goal(message.a);
      node.mp_pending += machine_.mp_newgoal;
      break;
    case MessageKind::Goal:
      trace(i, kNip, "newload", start, duration);
      iu.accept_goal(message.a);
      ++node.stats.goals_received;
      node.mp_pending += machine_.mp_newload;
      break;
    case MessageKind::Bind:
      trace(i, kNip, "bind", start, duration);
      if (!iu.bind_here(message.a, message.b)) {
        iu.report_error("unification failed (a binding that arrived from another IU)",
                        iu.format(message.a) + " = " + iu.format(message.b));
        fail(i);
        return;
      }
      break;
    case MessageKind::Hook:
      trace(i, kNip, "suspend", start, duration);
      iu.hook_here(message.a, message.b);
      break;
    case MessageKind::Activate: {
      trace(i, kNip, "activate", start, duration);
      const vm::Cell* hook = vm::address_of(message.a);
      iu.activate_goal(hook[1], vm::small_int_value(hook[2]));
      node.mp_pending += machine_.mp_activate;
      break;
    }
    case MessageKind::Data: trace(i, kNip, "writel", start, duration); break;
  }
  // The MP has something new only when the pool changed or work was left for it (a hook, a
  // write or a binding that woke nobody leaves it alone).
  if (node.mp_pending > 0 || iu.pool_size() != pool_before) engine_.wake_at(node.mp, engine_.now());
}

void SimMachine::fail(unsigned i) {
  if (!failed_iu_) failed_iu_ = i;
  stopping_ = true;
  engine_.stop();
}

// --- commands to other IUs ----------------------------------------------------------------------

netsim::SimTime SimMachine::ready_time(const vm::Iu& iu) const {
  const Node& node = *nodes_[iu.index()];
  if (engine_.current() == node.unired) return engine_.now() + node.policy->peek_cycles();
  return engine_.now();
}

void SimMachine::send(unsigned from, unsigned to, MessageKind kind, vm::Cell a, vm::Cell b,
                      std::uint32_t words, netsim::SimTime ready) {
  Node& sender = *nodes_[from];
  ++sender.stats.messages;
  sender.stats.words_sent += words;
  if (sender.packets) {  // aggregation on: into a packet, which leaves now or later
    leaving_.clear();
    const auto wake = sender.packets->add(
        to, NipPackets::Item{static_cast<std::uint8_t>(kind), a, b, words}, ready, engine_.now(),
        leaving_);
    if (wake) engine_.wake_at(sender.nip, *wake);  // its NIP sends it when the window ends
    send_packets(from);
    return;
  }
  sender.stats.nip_run_cycles += machine_.nip_message;  // the sending end
  ++sender.stats.packets;
  sender.stats.packet_words_sent += words;
  sender.stats.largest_packet_words = std::max<std::uint64_t>(sender.stats.largest_packet_words, words);
  forget_old_holds();
  const netsim::SimTime arrival =
      network_->transfer(from, to, words, ready + machine_.nip_message);
  Node& receiver = *nodes_[to];
  receiver.inbox.push_back(Message{arrival, message_sequence_++, kind, false, a, b});
  std::push_heap(receiver.inbox.begin(), receiver.inbox.end(), std::greater<>{});
  engine_.wake_at(receiver.nip, arrival);
}

void SimMachine::send_packets(unsigned from) {
  Node& sender = *nodes_[from];
  for (NipPackets::Packet& packet : leaving_) {
    // One nip.message at each end and one circuit for the whole packet.
    sender.stats.nip_run_cycles += machine_.nip_message;
    ++sender.stats.packets;
    sender.stats.packet_words_sent += packet.words;
    sender.stats.largest_packet_words =
        std::max<std::uint64_t>(sender.stats.largest_packet_words, packet.words);
    forget_old_holds();
    netsim::SimTime arrival = network_->transfer(from, packet.destination, packet.words,
                                                 packet.departure + machine_.nip_message);
    // The packets of one pair of IUs are delivered in the order they left: one the network
    // would deliver sooner than the one before it waits for it at the receiver.
    netsim::SimTime& last = sender.packets->last_arrival(packet.destination);
    arrival = std::max(arrival, last);
    last = arrival;
    Node& receiver = *nodes_[packet.destination];
    bool continued = false;
    for (const NipPackets::Item& item : packet.items) {
      receiver.inbox.push_back(Message{arrival, message_sequence_++,
                                       static_cast<MessageKind>(item.kind), continued, item.a,
                                       item.b});
      std::push_heap(receiver.inbox.begin(), receiver.inbox.end(), std::greater<>{});
      continued = true;
    }
    engine_.wake_at(receiver.nip, arrival);
    sender.packets->recycle(std::move(packet.items));
  }
  leaving_.clear();
}

void SimMachine::forget_old_holds() {
  // Every message from now on is ready at the current time or later (processors run in time
  // order): the network may drop the link holds that ended before it.
  network_->forget_before(engine_.now());
}

void SimMachine::read(vm::Iu& from, vm::Cell pointer) {
  Node& node = *nodes_[from.index()];
  // The cycles used so far come first; then the request goes out (read_request) and the
  // UNIRED stalls until the owner's NIP has answered, while every other processor goes on.
  const std::uint64_t cycles = node.policy->take_cycles();
  node.stats.unired_run_cycles += cycles;
  node.read_pointer = pointer;
  engine_.advance_then(cycles, &SimMachine::read_request, &node);
}

netsim::SimTime SimMachine::read_request(void* context) {
  Node& node = *static_cast<Node*>(context);
  SimMachine& m = *node.machine;
  const unsigned i = node.iu->index();
  const vm::Cell pointer = node.read_pointer;
  const unsigned owner = vm::iu_of(pointer);
  const netsim::SimTime start = m.engine_.now();
  if (node.packets) {
    // Read requests and replies are not aggregated (the UNIRED stalls meanwhile); the request
    // first closes the packet open for the owner, so that it overtakes no command sent before.
    m.leaving_.clear();
    node.packets->close(owner, start, start, m.leaving_);
    m.send_packets(i);
  }
  m.forget_old_holds();
  const MachineDescription& machine = m.machine_;
  const netsim::SimTime request =
      m.network_->transfer(i, owner, 1, start + machine.nip_message) + machine.nip_message;
  const std::uint32_t reply_words = vm::is_cons(pointer) ? 2 : 1;
  const netsim::SimTime reply =
      m.network_->transfer(owner, i, reply_words, request + machine.nip_message) +
      machine.nip_message;
  IuStats& asker = node.stats;
  IuStats& answerer = m.nodes_[owner]->stats;
  asker.nip_run_cycles += 2 * machine.nip_message;
  answerer.nip_run_cycles += 2 * machine.nip_message;
  ++asker.remote_reads;
  ++asker.messages;
  ++answerer.messages;
  asker.words_sent += 1;
  answerer.words_sent += reply_words;
  ++asker.packets;
  ++answerer.packets;
  asker.packet_words_sent += 1;
  answerer.packet_words_sent += reply_words;
  asker.largest_packet_words = std::max<std::uint64_t>(asker.largest_packet_words, 1);
  answerer.largest_packet_words = std::max<std::uint64_t>(answerer.largest_packet_words, reply_words);
  asker.unired_stall_cycles += reply - start;
  m.trace(i, kUnired, "read (stall)", start, reply - start);
  return reply - start;
}

void SimMachine::set_recorder(ProfileRecorder* recorder) {
  recorder_ = recorder;
  for (auto& node : nodes_) node->policy->set_recorder(recorder);
}

void SimMachine::bind(vm::Iu& from, vm::Cell variable, vm::Cell value) {
  if (recorder_ != nullptr) recorder_->wrote(from.index(), vm::iu_of(variable));
  send(from.index(), vm::iu_of(variable), MessageKind::Bind, variable, value, 2, ready_time(from));
}

void SimMachine::hook(vm::Iu& from, vm::Cell variable, vm::Cell hook) {
  send(from.index(), vm::iu_of(variable), MessageKind::Hook, variable, hook, 2, ready_time(from));
}

void SimMachine::activate(vm::Iu& from, vm::Cell hook) {
  const vm::Cell goal = vm::address_of(hook)[1];
  send(from.index(), vm::iu_of(goal), MessageKind::Activate, hook, 0, 1, ready_time(from));
}

unsigned SimMachine::least_loaded(vm::Iu& from) {
  return board_.least_loaded(from.index(), ready_time(from));
}

vm::Cell* SimMachine::allocate_on(vm::Iu& from, unsigned iu, std::size_t cells) {
  vm::Cell* p = nodes_[iu]->iu->heap.allocate(cells);
  if (p == nullptr) {
    from.report_error(fmt::format("heap of IU {} exhausted ({} cells) in the middle of a "
                                  "reduction, before the machine could collect at a quiet point: "
                                  "raise it with --set heap_cells=N",
                                  iu, machine_.heap_cells),
                      {});
  }
  return p;
}

void SimMachine::write_data(vm::Iu& from, unsigned iu, std::size_t words) {
  send(from.index(), iu, MessageKind::Data, 0, 0, static_cast<std::uint32_t>(words),
       ready_time(from));
}

void SimMachine::send_goal(vm::Iu& from, unsigned iu, vm::Cell goal) {
  ++nodes_[from.index()]->stats.goals_sent;
  if (recorder_ != nullptr) recorder_->made(goal, from.index());
  // The lineage key (vm/lineage.hpp) travels with the goal but is not charged: PIE64's goal
  // frames had no such word, and the simulated times stay those of the machine measured.
  const std::uint32_t words = kGoalPacketHeaderWords + vm::goal_record::arity(goal);
  send(from.index(), iu, MessageKind::Goal, goal, 0, words, ready_time(from));
}

void SimMachine::charge_builtin_work(vm::Iu& from, std::uint64_t units) {
  nodes_[from.index()]->policy->charge(units * costs_.builtin_work);
}

void SimMachine::charge_cycles(vm::Iu& from, std::uint64_t cycles) {
  nodes_[from.index()]->policy->charge(cycles);
}

void SimMachine::charge_suspend(vm::Iu& from) { nodes_[from.index()]->policy->charge(costs_.suspend); }

void SimMachine::charge_activate(vm::Iu& from) {
  nodes_[from.index()]->policy->charge(costs_.activate);
}

void SimMachine::new_goal(vm::Iu& from) { nodes_[from.index()]->mp_pending += machine_.mp_newgoal; }

std::optional<double> SimMachine::simulated_seconds(const vm::Iu& from) const {
  // The UNIRED's own time: the clock of the simulation plus the cycles of the reduction so far.
  const double cycles = static_cast<double>(engine_.now()) +
                        static_cast<double>(nodes_[from.index()]->policy->peek_cycles());
  return cycles / (machine_.clock_mhz * 1e6);
}

bool SimMachine::start_timer(vm::Iu& from, double seconds, vm::Cell goal,
                             std::chrono::steady_clock::time_point /*deadline*/) {
  // The IU's own NIP holds the goal (no network transfer) and hands it to the MP at the
  // simulated time the delay ends; the inbox is a root of the collector meanwhile.
  const auto cycles =
      static_cast<netsim::SimTime>(std::llround(seconds * machine_.clock_mhz * 1e6));
  Node& node = *nodes_[from.index()];
  const netsim::SimTime at = ready_time(from) + cycles;
  node.inbox.push_back(Message{at, message_sequence_++, MessageKind::Timer, false, goal, 0});
  std::push_heap(node.inbox.begin(), node.inbox.end(), std::greater<>{});
  engine_.wake_at(node.nip, at);
  return true;
}

// --- running and reporting -------------------------------------------------------------------

void SimMachine::interrupt() {
  interrupted_.store(true);
  // Each IU's reducer looks at its flag before every goal (and long builtins within), so the
  // next reduction anywhere stops the machine (unired_loop: fail).
  for (const auto& node : nodes_) node->iu->interrupt();
}

vm::RunStatus SimMachine::run() {
  makespan_ = engine_.run();
  write_trace();
  if (interrupted_.load()) return vm::RunStatus::Interrupted;
  if (failed_iu_) {
    return nodes_[*failed_iu_]->iu->error() ? vm::RunStatus::Error : vm::RunStatus::Halt;
  }
  std::size_t suspended = 0;
  for (const auto& node : nodes_) suspended += node->iu->suspended_count();
  return suspended > 0 ? vm::RunStatus::Deadlock : vm::RunStatus::Success;
}

nlohmann::json SimMachine::statistics() const {
  IuStats total;
  nlohmann::json per_iu = nlohmann::json::array();
  for (const auto& node : nodes_) {
    IuStats s = node->stats;
    s.reductions = node->iu->counters.reductions;
    s.builtin_calls = node->iu->counters.builtin_calls;
    s.suspensions = node->iu->counters.suspensions;
    s.activations = node->iu->counters.activations;
    total.add(s);
    per_iu.push_back(s.to_json());
  }
  nlohmann::json j = total.to_json();
  j["engine"] = "sim";
  j["ius"] = machine_.ius;
  j["static"] = machine_.static_partitioning ? "on" : "off";
  j["threshold"] = machine_.threshold;
  j["network"] = machine_.network.model;
  j["aggregation_window"] = machine_.aggregation_window;
  j["makespan_cycles"] = makespan_;
  j["makespan_us"] = static_cast<double>(makespan_) / machine_.clock_mhz;
  j["network_wait_cycles"] = network_->stats().wait_cycles;
  j["simulation_events"] = engine_.events();
  j["gc_collections"] = collections_;
  j["per_iu"] = per_iu;
  return j;
}

void SimMachine::trace(unsigned iu, unsigned processor, const char* name, netsim::SimTime start,
                       netsim::SimTime duration) {
  if (trace_file_.empty() || duration == 0) return;
  trace_.push_back(TraceEvent{iu, processor, name, start, duration});
}

void SimMachine::write_trace() {
  trace_error_.clear();
  if (trace_file_.empty()) return;
  std::ofstream out(trace_file_);
  if (!out) {
    trace_error_ = "cannot write the trace file " + trace_file_;
    return;
  }
  // Chrome trace-event format (Perfetto, chrome://tracing): one process per IU, one thread
  // per processor; times in microseconds of the simulated clock.
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  bool first = true;
  auto comma = [&] {
    if (!first) out << ",\n";
    first = false;
  };
  static const char* const kNames[] = {"UNIRED", "NIP", "MP"};
  for (unsigned i = 0; i < nodes_.size(); ++i) {
    comma();
    out << fmt::format(R"({{"name":"process_name","ph":"M","pid":{},"args":{{"name":"IU {}"}}}})", i, i);
    for (unsigned p = 0; p < 3; ++p) {
      comma();
      out << fmt::format(R"({{"name":"thread_name","ph":"M","pid":{},"tid":{},"args":{{"name":"{}"}}}})",
                         i, p, kNames[p]);
    }
  }
  const double per_us = machine_.clock_mhz;
  for (const auto& e : trace_) {
    comma();
    out << fmt::format(R"({{"name":"{}","ph":"X","pid":{},"tid":{},"ts":{:.3f},"dur":{:.3f}}})",
                       e.name, e.iu, e.processor, static_cast<double>(e.start) / per_us,
                       static_cast<double>(e.duration) / per_us);
  }
  out << "\n]}\n";
  if (!out.flush()) trace_error_ = "cannot write the trace file " + trace_file_;
}

}  // namespace fleng::kernel
