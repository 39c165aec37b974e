// The PIE64 machine over MPI ranks (the `mpi` engine): N Inference Units spread in blocks over
// the R ranks of an mpirun job (rank r runs IUs r*N/R .. (r+1)*N/R - 1), each rank reducing its
// own IUs' goals in batches with the threads engine's reducer policy (kernel/threads_policy.hpp).
// Within a rank the IUs share memory and talk as on the threads engine (a binding, a hook or a
// goal for another IU is a message to it, applied between batches).
//
// Workers: a rank's loop goes in rounds. Between rounds its thread alone receives and sends
// (MPI), applies the IUs' messages, makes room in their heaps (collecting garbage) and decides
// work sharing; in a round, every IU of the rank that has work reduces batches (until the
// round's time is up, or one batch while some IU has none), the IUs side by side on K workers
// (kernel/round_workers.hpp: the rank's thread and K-1 oneTBB threads; K is --workers, by
// default the cores the rank may use, at most its IUs). During a round an IU
// writes only its own heap and its own node (the messages it sends wait in its outbox and its
// list of things for other ranks), reads other IUs' heaps as on the threads engine, and the
// loads it places goals by are the round's start's (relaxed atomics, plus the goals sent).
// Between ranks nothing is shared (docs/distributed.md):
//
//   - A goal for an IU of another rank travels by value (kernel/wire_terms.hpp): its arguments
//     are copied, and every unbound variable in them is *exported*: it gets an entry in this
//     rank's export table and travels as the name (rank, entry). The receiver makes a local
//     variable standing for it (a *proxy*, in its import table).
//   - When an exported variable is bound, its owner pushes the value (again by value, with the
//     new unbound variables in it exported) to every rank it exported the variable to (a
//     `value` message); each binds its proxy, which wakes the goals suspended on it, and
//     acknowledges. When a proxy is bound by a goal of its own rank, the binding goes to the
//     owner (a `bind` message), which binds the variable there (or unifies, if it was bound
//     meanwhile: a conflict is the unification failure it would be on one machine).
//   - Both are done by hooks on the variables: a *watch* hook on an exported variable, a
//     *forward* hook on a proxy. Such a hook holds, instead of a goal, a negative integer
//     naming the table entry, which the reducer hands to the machine (RemoteOps::activate), as
//     it does for a goal of another IU. A variable bound to another variable passes its hooks
//     on, so a watch fires when a value finally arrives, whichever variable it is on.
//   - A rank only ever sends names of its own exports: a proxy sent on is exported again by the
//     rank that holds it (values then pass through it), so a name always reaches the rank that
//     can answer for it and the owner knows every rank that holds one.
//   - Only values cross ranks, never a variable bound to a variable: a watch or forward hook
//     that fires for a variable bound to another unbound one is hung on that one (rehang).
//     (Named across, two variables bound to each other on two ranks came back as new proxies
//     without end.)
//
// Memory: an export entry is a garbage-collection root until its variable has been bound and
// every rank it was sent to has acknowledged the value; an import entry until its value came.
// So the tables hold only variables still unbound somewhere (and their values in flight); a
// variable exported and never bound stays until the run ends.
//
// Termination: Safra's algorithm (Dijkstra, "Shmuel Safra's version of termination
// detection", EWD998, 1987): every rank counts the data messages it sent minus those it
// received and turns black when it receives one; a token goes round the ring from rank 0,
// waiting at each rank until it is passive (no goal in any pool, no message in any inbox,
// nothing waiting to be sent, no timer), adding its count and its colour. Rank 0 concludes
// termination when the token returns white with a sum of zero and rank 0 is white and passive.
// Then every rank lists its suspended goals to rank 0: none is success, some is a deadlock
// (reported once, by rank 0, each goal with its IU).
//
// Errors and halt/1: the rank where it happens sends its report to rank 0, which tells every
// rank to stop; then all ranks close (each sends `close` to every other and reads until it has
// every rank's, so no message is left in flight) and rank 0 prints the report once. Output of
// every rank goes to rank 0, which writes it to its stream as it arrives; a rank sends its
// output synchronously and before its other messages, so output caused by it (a Done variable
// of writeln/2 bound here, waited on elsewhere) comes after it, as on one machine.
#pragma once

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/machine_description.hpp"
#include "kernel/mpi_transport.hpp"
#include "kernel/round_workers.hpp"
#include "kernel/shared_output.hpp"
#include "kernel/threads_policy.hpp"
#include "kernel/wire_terms.hpp"
#include "vm/iu.hpp"

namespace fleng::kernel {

struct MpiOptions {
  vm::IuOptions iu;  ///< heap sizes of every IU
  /// Worker threads of each rank (--workers); 0: the cores the rank may use (its CPU set, shared
  /// with the other ranks of its host when it is not bound to some), at most its IUs.
  unsigned workers = 0;
  /// The text of a failed IU's error (the session's report), and the lines of its suspended
  /// goals (one per goal, the deadlock report's): each rank formats its own IUs'.
  std::function<std::string(const vm::Iu&)> error_report;
  std::function<std::vector<std::string>(const vm::Iu&)> suspended_lines;
};

class MpiMachine final : public vm::RemoteOps {
 public:
  /// Throws std::invalid_argument when the machine has fewer IUs than the job has ranks.
  MpiMachine(vm::AtomTable& atoms, vm::CodeImage& image, std::ostream& out,
             const MachineDescription& machine, const MpiOptions& options, MpiTransport& world);
  ~MpiMachine() override;

  /// The IUs of the whole machine.
  [[nodiscard]] unsigned ius() const { return ius_; }
  [[nodiscard]] bool is_local(unsigned iu) const { return iu >= first_ && iu < last_; }
  /// An IU of this rank.
  vm::Iu& iu(unsigned index) { return *nodes_[index - first_]->iu; }
  [[nodiscard]] int rank() const { return world_.rank(); }
  [[nodiscard]] int ranks() const { return world_.size(); }

  /// Runs the goals in the pools of every rank to global termination, an error, halt/1 or an
  /// interrupt; every rank returns the same status.
  vm::RunStatus run();
  /// After run(), on rank 0: the report of the error that stopped the run (empty otherwise).
  [[nodiscard]] const std::string& error_report() const { return error_report_; }
  /// After run(): the exit code halt/1 asked for.
  [[nodiscard]] int halt_code() const { return halt_code_; }
  /// What every rank must agree on before a run (checked at its start): the binary (its GNU
  /// build ID), the compiled program and query, and the machine's options. Words, compared
  /// one by one; kAgreementNames names each.
  [[nodiscard]] std::vector<std::uint64_t> agreement() const;
  /// After run(), on rank 0: the suspended goals of every rank (a deadlock), and their count.
  [[nodiscard]] const std::vector<std::string>& suspended_lines() const { return suspended_lines_; }
  [[nodiscard]] std::uint64_t suspended_count() const { return suspended_count_; }
  /// After run(), on rank 0: counters summed over every rank's IUs.
  [[nodiscard]] const vm::IuCounters& total_counters() const { return totals_; }
  /// Statistics of the run: messages and words between ranks, goals, values and bindings sent,
  /// variables exported (on rank 0 after run(): summed over every rank).
  [[nodiscard]] nlohmann::json statistics() const;
  /// Asks the run to stop (signal-safe: sets a flag).
  void interrupt();

  // --- vm::RemoteOps ---------------------------------------------------------------------------
  void read(vm::Iu& /*from*/, vm::Cell /*pointer*/) override {}
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
  bool start_timer(vm::Iu& from, double seconds, vm::Cell goal,
                   std::chrono::steady_clock::time_point deadline) override;

 private:
  /// A message between IUs of this rank (as on the threads engine).
  enum class LocalKind : std::uint8_t { Goal, Bind, Hook, Activate };
  struct LocalMessage {
    LocalKind kind;
    vm::Cell a;
    vm::Cell b;
  };
  /// Something to send to another rank once the batch is over (encoded then, between
  /// batches): a goal record for an IU there, or a watch or forward hook that fired.
  enum class OutKind : std::uint8_t { Goal, Watch, Forward };
  struct Outgoing {
    OutKind kind;
    unsigned target;  ///< the IU (Goal), the export entry (Watch), the import entry (Forward)
    vm::Cell cell;    ///< the goal record (Goal)
  };
  /// An IU of this rank and what only its worker touches during a round.
  struct Node {
    std::unique_ptr<std::ostream> out;  ///< its stream over the rank's shared output
    std::unique_ptr<vm::Iu> iu;
    std::unique_ptr<ThreadsPolicy> policy;
    std::vector<LocalMessage> inbox;  ///< messages to it, applied between rounds
    std::vector<LocalMessage> taken;
    /// Messages it sent to IUs of this rank (the target, the message), and things for other
    /// ranks, during the round: delivered by deliver_local() after it.
    std::vector<std::pair<unsigned, LocalMessage>> outbox;
    std::vector<Outgoing> outgoing;
    BatchLimits limits{};                          ///< this round's batch
    vm::RunStatus status = vm::RunStatus::Success;  ///< how its batch ended
    unsigned rotate = 0;                           ///< where its searches for an IU start
  };
  struct Export {
    vm::Cell variable = 0;             ///< a root (0: a free entry)
    std::vector<int> ranks;            ///< the ranks it was sent to
    bool pushed = false;               ///< its value went out
    std::size_t acks_due = 0;          ///< ranks yet to acknowledge the value
  };
  struct Import {
    int rank = 0;
    std::uint64_t entry = 0;
    vm::Cell proxy = 0;  ///< a root (0: a free entry)
  };

  [[nodiscard]] int rank_of(unsigned iu) const;
  Node& node_of(unsigned iu) { return *nodes_[iu - first_]; }
  /// A message from IU `from` to IU `to` of this rank (delivered after the round).
  void post(const vm::Iu& from, unsigned to, const LocalMessage& message) {
    node_of(from.index()).outbox.emplace_back(to, message);
  }
  /// The IUs' outboxes into their targets' inboxes, their things for other ranks into
  /// outgoing_: true if there were any.
  bool deliver_local();
  void apply_inbox(Node& node);
  /// One round of the rank's loop over its IUs: true if any reduced or took messages.
  bool run_ius();
  /// The loads of this rank's IUs (pools and inboxes) into loads_, between rounds.
  void refresh_local_loads();
  /// Encodes what waits in outgoing_ and sends every rank its words (one message each).
  void flush();
  void send_data(int to);
  /// Receives and applies every message that has arrived; true if any did.
  bool receive();
  void apply_data(int from, const std::vector<std::uint64_t>& words);
  void apply_control(const MpiMessage& message);
  /// The local variable standing for a name of another rank (made on `heap`'s IU).
  vm::Cell proxy_for(const wire::VariableName& name, vm::Iu& iu);
  /// The name of an unbound variable of this rank, exported to rank `to`.
  wire::VariableName export_to(vm::Cell variable, int to);
  /// Hangs a machine hook (watch or forward, naming `entry`) on an unbound variable.
  vm::Cell make_machine_hook(vm::Iu& iu, bool forward, std::uint64_t entry);
  void encode_group(int to, std::span<const vm::Cell> roots);
  /// A watch or forward hook fired for a variable bound to another, unbound one (a binding of
  /// two variables, across IUs of this rank: hooks are then woken, not passed on): hung again
  /// on that one, so that only values cross ranks, never a variable bound to a variable (which,
  /// named back and forth, made new proxies without end).
  void rehang(vm::Cell variable, bool forward, std::uint64_t entry);
  /// The report of an IU's error (MpiOptions::error_report).
  [[nodiscard]] std::string error_report_of(const vm::Iu& failed) const;
  /// The IU of this rank that binds a table's cell (see the definition).
  vm::Iu& holder_of(vm::Cell cell);
  /// Room for `cells` on an IU's heap between batches: grown, else collected; false if none.
  bool make_room(vm::Iu& iu, std::size_t cells);
  void collect();
  [[nodiscard]] bool passive() const;
  /// Safra's token: forwarded (or, on rank 0, judged) when this rank is passive.
  void pass_token();
  /// A rank's IU stopped the run (an error or halt/1): tell rank 0 (or, on rank 0, everyone).
  void stop_with(vm::RunStatus status, int code, const std::string& report);
  void broadcast_stop();
  /// After the loop: every rank closes, reports to rank 0, and learns the outcome.
  vm::RunStatus close_run();
  void publish_load(bool force);
  /// Work sharing: `from` gives some of its goals to an IU that has none.
  void feed_hungry(vm::Iu& from);
  std::vector<vm::Cell> given_;  // goals being given away (feed_hungry)
  std::uint64_t goals_given_ = 0;
  /// Rank 0 compares every rank's agreement() with its own; false (the report set on rank 0)
  /// when one differs.
  bool ranks_agree();
  void flush_output();
  /// An IU's load between rounds: live for this rank's, as last heard for others'.
  [[nodiscard]] std::uint32_t load_of(unsigned iu) const;

  MachineDescription machine_;
  MpiOptions options_;
  MpiTransport& world_;
  vm::AtomTable& atoms_;
  vm::CodeImage& image_;
  std::ostream& out_;
  mutable std::ostringstream rank_out_;  // the output of a rank other than 0, sent to rank 0
  unsigned ius_ = 1;
  unsigned first_ = 0;
  unsigned last_ = 1;
  std::unique_ptr<SharedOutput> shared_out_;  // over out_ on rank 0, rank_out_ elsewhere
  std::vector<std::unique_ptr<Node>> nodes_;
  std::unique_ptr<RoundWorkers> workers_;
  std::vector<Node*> runnable_;  // the IUs of this round
  /// An IU may run several batches in a round (with more than one worker).
  [[nodiscard]] bool several_per_round() const { return workers_->workers() > 1; }
  std::chrono::steady_clock::time_point round_end_{};  // when a round's IUs stop taking batches
  std::atomic<std::uint32_t> round_dry_{0};  // IUs of the round that have no work
  wire::SharedTables shared_{};
  // Every IU's load: another rank's as last heard, this rank's as at the round's start, each
  // plus the goals sent to it since (relaxed atomics: workers place goals by them).
  std::unique_ptr<std::atomic<std::uint32_t>[]> loads_;
  std::vector<std::uint32_t> loads_sent_;   // this rank's loads as last published
  std::vector<bool> hungry_;                // an IU of another rank said it ran dry
  std::chrono::steady_clock::time_point loads_published_{};

  std::vector<Outgoing> outgoing_;
  std::unique_ptr<wire::Encoder> encoder_;  // encode_group's
  int encode_to_ = 0;                       // the rank encode_group encodes for
  std::vector<std::vector<std::uint64_t>> out_words_;  // per rank, encoded, not yet sent
  std::vector<Export> exports_;
  std::vector<std::uint64_t> free_exports_;
  std::unordered_map<vm::Cell, std::uint64_t> export_of_;  // unbound variable -> entry
  std::vector<Import> imports_;
  std::vector<std::uint64_t> free_imports_;
  std::unordered_map<std::uint64_t, std::uint64_t> import_of_;  // rank << 40 | entry -> import
  std::int64_t quiet_forward_ = -1;  // the import whose forward hook a `value` fires: no echo

  // Safra's termination detection.
  std::int64_t count_ = 0;  // data messages sent minus received
  bool black_ = false;
  bool token_here_ = false;
  std::int64_t token_sum_ = 0;
  bool token_black_ = false;
  bool round_started_ = false;  // rank 0: a token is out

  bool stop_ = false;                  // the loop ends
  int closes_ = 0;                     // `close` messages received (close_run)
  bool stop_sent_ = false;             // this rank asked rank 0 to stop the run
  vm::RunStatus outcome_ = vm::RunStatus::Success;
  int halt_code_ = 0;
  std::string error_report_;
  std::vector<std::string> suspended_lines_;
  std::uint64_t suspended_count_ = 0;
  vm::IuCounters totals_{};
  std::vector<std::uint64_t> reductions_by_rank_;  // rank 0, after run()
  volatile std::sig_atomic_t interrupted_ = 0;

  // Statistics.
  std::uint64_t messages_sent_ = 0;
  std::uint64_t words_sent_ = 0;
  std::uint64_t goals_sent_ = 0;
  std::uint64_t values_sent_ = 0;
  std::uint64_t binds_sent_ = 0;
  std::uint64_t exports_made_ = 0;
  std::uint64_t collections_ = 0;
  std::size_t growth_budget_ = 0;  // cells heaps may still grow before a collection (make_room)
  std::chrono::nanoseconds elapsed_{0};
};

}  // namespace fleng::kernel
