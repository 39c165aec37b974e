// The simulated PIE64 (the PIE64 paper, sections 3-5): N Inference Units, each with three
// processors that are separate actors in simulated time (netsim::Engine: the UNIRED a fiber,
// the MP and the NIP step actors) and talk by the commands of section 4.2:
//   MP      keeps the goal pool; sends `reduce` to the UNIRED when it is idle; takes `newgoal`,
//           `newload` (a goal from the network) and `activate`; declares its load level to the
//           network at most once per period and reads back the least level, from which it sets
//           the dynamic-partitioning flag (distribute while least level < threshold).
//   UNIRED  runs one reduction per `reduce` (SimPolicy::reduce, kernel/sim_policy.hpp), adding
//           up the cycles of its instructions; a `read` of another IU's memory stalls it until the reply arrives, so
//           the value is the one in memory at that time; answers `endreduce`.
//   NIP     carries `writel` (goals and data to other IUs), `bind` (the owner binds its
//           variable and activates the goals hooked on it), `suspend` (hooks on variables of
//           other IUs) and `activate` over the network model, in arrival order; with
//           nip.aggregation_window > 0 it packs those bound for one IU into packets
//           (nip_packets.hpp).
// Everything costs cycles from the machine description. The run is deterministic: same program,
// same options, same statistics and trace.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/machine_description.hpp"
#include "kernel/nip_packets.hpp"
#include "kernel/sim_policy.hpp"
#include "netsim/engine.hpp"
#include "netsim/load_board.hpp"
#include "netsim/network.hpp"
#include "vm/iu.hpp"

namespace fleng::kernel {

/// Counters of one IU (and, summed, of the machine).
struct IuStats {
  std::uint64_t reductions = 0;
  std::uint64_t builtin_calls = 0;
  std::uint64_t suspensions = 0;
  std::uint64_t activations = 0;
  std::uint64_t unired_run_cycles = 0;
  std::uint64_t unired_stall_cycles = 0;
  std::uint64_t nip_run_cycles = 0;
  std::uint64_t mp_cycles = 0;
  std::uint64_t remote_reads = 0;
  std::uint64_t messages = 0;
  std::uint64_t words_sent = 0;
  std::uint64_t packets = 0;            ///< network transfers (== messages without aggregation)
  std::uint64_t packet_words_sent = 0;  ///< the words they carried
  std::uint64_t largest_packet_words = 0;  ///< the longest packet sent (a maximum, not a sum)
  std::uint64_t goals_sent = 0;
  std::uint64_t goals_received = 0;

  void add(const IuStats& other);
  [[nodiscard]] nlohmann::json to_json() const;
};

class SimMachine final : public vm::RemoteOps {
 public:
  SimMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
             const MachineDescription& machine, std::string trace_file = {},
             std::vector<std::string> program_args = {});
  ~SimMachine() override;

  [[nodiscard]] unsigned size() const { return static_cast<unsigned>(nodes_.size()); }
  vm::Iu& iu(unsigned i) { return *nodes_[i]->iu; }

  /// Runs the goals already in the pools to quiescence, an error, halt/1 or an interrupt.
  vm::RunStatus run();
  /// Asks a running run() to stop at the next reduction of any IU (signal-safe: sets flags).
  void interrupt();
  /// A step limit (vm::IuOptions::max_reductions): a UNIRED about to reduce a goal when the
  /// IUs together have made this many reductions stops the run with "step limit reached".
  void set_max_reductions(std::uint64_t limit) { max_reductions_ = limit; }
  /// The inspector of `fleng profile` (kernel/profile_recorder.hpp): sees every reduction's
  /// reads and the bindings sent to other IUs. Null: none (the default).
  void set_recorder(ProfileRecorder* recorder);
  /// The IU that reported the error, if any.
  [[nodiscard]] std::optional<unsigned> failed_iu() const { return failed_iu_; }

  /// Statistics: the keys of the issue (ius, reductions, ..., makespan_cycles, per_iu).
  [[nodiscard]] nlohmann::json statistics() const;
  /// Why the --trace file could not be written after the last run (empty if it was, or none
  /// was asked for).
  [[nodiscard]] const std::string& trace_error() const { return trace_error_; }
  [[nodiscard]] netsim::SimTime makespan() const { return makespan_; }

  // --- vm::RemoteOps ---------------------------------------------------------------------------
  void read(vm::Iu& from, vm::Cell pointer) override;
  void bind(vm::Iu& from, vm::Cell variable, vm::Cell value) override;
  void hook(vm::Iu& from, vm::Cell variable, vm::Cell hook) override;
  void activate(vm::Iu& from, vm::Cell hook) override;
  unsigned least_loaded(vm::Iu& from) override;
  [[nodiscard]] bool static_partitioning() const override { return machine_.static_partitioning; }
  vm::Cell* allocate_on(vm::Iu& from, unsigned iu, std::size_t cells) override;
  void write_data(vm::Iu& from, unsigned iu, std::size_t words) override;
  void send_goal(vm::Iu& from, unsigned iu, vm::Cell goal) override;
  void new_goal(vm::Iu& from) override;
  [[nodiscard]] bool simulated() const override { return true; }
  void charge_builtin_work(vm::Iu& from, std::uint64_t units) override;
  void charge_cycles(vm::Iu& from, std::uint64_t cycles) override;
  void charge_suspend(vm::Iu& from) override;
  void charge_activate(vm::Iu& from) override;
  [[nodiscard]] std::optional<double> simulated_seconds(const vm::Iu& from) const override;
  bool start_timer(vm::Iu& from, double seconds, vm::Cell goal,
                   std::chrono::steady_clock::time_point deadline) override;

 private:
  /// Timer: a timer/2 goal the IU's own NIP hands to its MP when the delay is over.
  enum class MessageKind : std::uint8_t { Goal, Bind, Hook, Activate, Data, Timer };
  struct Message {
    netsim::SimTime arrival;
    std::uint64_t sequence;
    MessageKind kind;
    bool continued;  // not the first of its packet: the packet's nip.message is paid
    vm::Cell a;
    vm::Cell b;
    bool operator>(const Message& other) const {
      return arrival != other.arrival ? arrival > other.arrival : sequence > other.sequence;
    }
  };
  /// Where a step actor goes on at its next event: the top of its loop, or after the cycles
  /// of handing a goal to the UNIRED (MP) or of receiving a command (NIP).
  enum class MpAt : std::uint8_t { Top, Reduce };
  enum class NipAt : std::uint8_t { Top, Handle };
  struct Node {
    SimMachine* machine = nullptr;  // for read_request and end_reduction
    std::unique_ptr<vm::Iu> iu;
    std::unique_ptr<SimPolicy> policy;  // the reducer's engine policy for `iu`, its cycles
    netsim::ActorId unired = 0;
    netsim::ActorId nip = 0;
    netsim::ActorId mp = 0;
    vm::Cell next_goal = 0;
    bool unired_busy = false;
    MpAt mp_at = MpAt::Top;
    NipAt nip_at = NipAt::Top;
    vm::Cell read_pointer = 0;      // the remote read the UNIRED is making
    netsim::SimTime reduce_start = 0;  // when the UNIRED's current reduction began
    vm::RunStatus reduce_status = vm::RunStatus::Success;  // how it ended
    netsim::SimTime nip_start = 0;  // when the NIP began receiving the command it handles
    std::uint64_t mp_pending = 0;  // MP work caused by others, done when the MP next runs
    std::uint32_t declared_load = 0;
    netsim::SimTime last_declared = 0;
    bool declared_once = false;
    std::uint64_t dispatched = 0;  // goals the MP sent to the UNIRED (for the FIFO period)
    std::vector<Message> inbox;  // a min-heap by arrival (std::push_heap with std::greater)
    std::unique_ptr<NipPackets> packets;  // open packets (only with aggregation on)
    IuStats stats;
  };
  struct TraceEvent {
    unsigned iu;
    unsigned processor;  // 0 UNIRED, 1 NIP, 2 MP
    const char* name;
    netsim::SimTime start;
    netsim::SimTime duration;
  };

  void mp_step(unsigned i);
  void unired_loop(unsigned i);
  void nip_step(unsigned i);
  /// Removes the earliest message from a node's inbox and returns it.
  static Message take_first(Node& node);
  /// A remote read's request and reply over the network, at the time the UNIRED sends it
  /// (netsim::Engine::advance_then, run by the dispatcher); returns the cycles of its stall.
  static netsim::SimTime read_request(void* node);
  /// The end of a reduction, its cycles spent (Engine::advance_then): `endreduce` to the MP,
  /// or the run's end on an error or halt; then the UNIRED waits.
  static netsim::SimTime end_reduction(void* node);
  void handle(unsigned i, const Message& message, netsim::SimTime start,
              netsim::SimTime duration);
  /// Sends a message of `words` words from IU `from` to IU `to`, ready at `ready`.
  /// Lets the network forget link holds that ended before the current time.
  void forget_old_holds();
  void send(unsigned from, unsigned to, MessageKind kind, vm::Cell a, vm::Cell b,
            std::uint32_t words, netsim::SimTime ready);
  /// Aggregation on: hands the packets in leaving_ to the network and the receivers' inboxes.
  void send_packets(unsigned from);
  /// When a command of IU `iu` leaves: now, plus the cycles its UNIRED has used so far in the
  /// current reduction when the UNIRED is the one asking.
  [[nodiscard]] netsim::SimTime ready_time(const vm::Iu& iu) const;
  void declare_load(unsigned i);
  void fail(unsigned i);
  /// Garbage collection of all heaps together, at a point where no UNIRED is reducing:
  /// requested by an MP whose heap runs low, done by whoever finds every UNIRED idle.
  void request_collection();
  void collect_if_quiet();
  [[nodiscard]] bool heap_low(unsigned i) const;
  void trace(unsigned iu, unsigned processor, const char* name, netsim::SimTime start,
             netsim::SimTime duration);
  void write_trace();

  MachineDescription machine_;
  SimCosts costs_;
  netsim::Engine engine_;
  std::unique_ptr<netsim::NetworkModel> network_;
  netsim::LoadBoard board_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<const vm::Heap*> heaps_;  // by IU, for naming variables in reports
  std::uint64_t message_sequence_ = 0;
  std::vector<NipPackets::Packet> leaving_;  // packets closed by the current call
  std::optional<unsigned> failed_iu_;
  ProfileRecorder* recorder_ = nullptr;
  std::uint64_t max_reductions_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t total_reductions_ = 0;  // over every IU, for max_reductions_
  bool stopping_ = false;
  std::atomic<bool> interrupted_{false};
  bool collection_requested_ = false;
  std::uint64_t collections_ = 0;
  netsim::SimTime makespan_ = 0;
  std::string trace_file_;
  std::vector<TraceEvent> trace_;
  std::string trace_error_;  // why the trace could not be written (empty: it was, or none)
};

}  // namespace fleng::kernel
