// What an Inference Unit asks of the machine when a term, a variable or a goal belongs to
// another IU (the NIP's commands, PIE64 paper section 4.2), and the costs the IU's out-of-line
// paths (builtins, suspension, activation) charge on a machine that simulates time. The one-IU
// engine has none; the simulated machine (kernel/sim_machine.hpp) implements them with
// messages over the network and its IUs' cycle counters (kernel/sim_policy.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "vm/cell.hpp"

namespace fleng::vm {

class Iu;

class RemoteOps {
 public:
  virtual ~RemoteOps() = default;
  /// `read`: the reducer needs a cell of another IU (`pointer` names it); returns once the
  /// reply is there (the UNIRED stalls meanwhile, other IUs go on).
  virtual void read(Iu& from, Cell pointer) = 0;
  /// `bind`: bind a variable of another IU; done by its NIP when the message arrives.
  virtual void bind(Iu& from, Cell variable, Cell value) = 0;
  /// `suspend`: hang `hook` (on `from`'s heap) on a variable of another IU.
  virtual void hook(Iu& from, Cell variable, Cell hook) = 0;
  /// `activate`: the goal of `hook` (a goal of another IU, with the generation it suspended
  /// under) is to run again there.
  virtual void activate(Iu& from, Cell hook) = 0;
  /// The least-loaded IU as the network sees it now (any(L), naive partitioning).
  virtual unsigned least_loaded(Iu& from) = 0;
  /// True when the program's placements are used (--static on), false for naive partitioning.
  [[nodiscard]] virtual bool static_partitioning() const = 0;
  /// `writel` of data: `cells` cells on IU `iu`'s heap (nullptr if it is full).
  virtual Cell* allocate_on(Iu& from, unsigned iu, std::size_t cells) = 0;
  /// `writel` of `words` words of data to IU `iu` (a variable allocated there).
  virtual void write_data(Iu& from, unsigned iu, std::size_t words) = 0;
  /// True when a goal or datum for another IU is written straight into that IU's heap
  /// (allocate_on, the simulated NIP); false when it is made on the sender's heap and copied
  /// by the receiver (host threads: only an IU writes its own heap).
  [[nodiscard]] virtual bool writes_remote_heaps() const { return true; }
  /// `writel` of a goal: the record, already on IU `iu`'s heap, goes to its pool (`newload`).
  virtual void send_goal(Iu& from, unsigned iu, Cell goal) = 0;
  /// A goal entered `from`'s own pool (`newgoal`: the MP's work).
  virtual void new_goal(Iu& from) = 0;
  /// timer/2: `goal` (on `from`'s heap) is to enter `from`'s pool `seconds` from now. True
  /// if the machine took it (the simulated NIP delivers it at that simulated time); false if
  /// the IU keeps it until `deadline` (host clock), the machine waking the IU then if it sleeps.
  virtual bool start_timer(Iu& from, double seconds, Cell goal,
                           std::chrono::steady_clock::time_point deadline) = 0;
  /// True when the machine simulates time: the IU's out-of-line costs below are charged
  /// (read once, at Iu::attach).
  [[nodiscard]] virtual bool simulated() const { return false; }
  /// `units` of a builtin's work (Iu::charge_work) on a simulated machine.
  virtual void charge_builtin_work(Iu& from, std::uint64_t units) {
    static_cast<void>(from);
    static_cast<void>(units);
  }
  /// work/1 on a simulated machine: the reduction takes `cycles` more UNIRED cycles.
  virtual void charge_cycles(Iu& from, std::uint64_t cycles) {
    static_cast<void>(from);
    static_cast<void>(cycles);
  }
  /// A goal of `from` hung a hook on a variable (one per variable it suspends on).
  virtual void charge_suspend(Iu& from) { static_cast<void>(from); }
  /// A suspended goal of `from` was activated.
  virtual void charge_activate(Iu& from) { static_cast<void>(from); }
  /// The simulated time of `from` in seconds (now/1), on a machine that simulates time;
  /// nullopt where time is the host's.
  [[nodiscard]] virtual std::optional<double> simulated_seconds(const Iu& from) const {
    static_cast<void>(from);
    return std::nullopt;
  }
};

}  // namespace fleng::vm
