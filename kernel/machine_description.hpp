// The machine description: every cost of the simulated PIE64 in one place, with documented
// defaults (docs/machine.md), and the threads engine's batch sizes (`threads.*`), read from JSON (`--machine FILE`) and overridden key by key
// (`--set key=value`, keys as in the JSON, dotted: `network.copies=1`,
// `unired.cycles.put_cons=3`). Every key has a domain (machine_domain.hpp), checked when it is
// set; the heaps of all IUs must fit in the host's memory (heap_memory.hpp). Unknown keys and
// values outside their domain are errors that name the key, the value and the domain.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernel/machine_domain.hpp"

#include "netsim/network.hpp"
#include "vm/opcode.hpp"

namespace fleng::kernel {

struct MachineDescription {
  std::uint32_t ius = 64;             ///< Inference Units (1..1024)
  double clock_mhz = 10.0;            ///< UNIRED clock, for reporting times (PIE64: 10 MHz)
  std::uint32_t threshold = 8;        ///< dynamic partitioning: local when the least load >= this
  bool static_partitioning = true;    ///< --static on: the program's annotations; off: naive
  std::uint64_t heap_cells = std::uint64_t{1} << 21;  ///< per IU and semispace (16 MiB)

  // UNIRED: cycles per instruction (defaults from vm/instructions.def) and per event.
  std::array<std::uint32_t, vm::kOpCount> instruction_cycles{};
  std::uint32_t reduce_dispatch = 2;  ///< start of a reduction (entry selection)
  std::uint32_t clause_try = 1;       ///< each clause tried
  std::uint32_t builtin_call = 4;     ///< a builtin's own work (added to its instruction)
  std::uint32_t builtin_work = 1;     ///< per unit of work of a builtin whose work grows with its
                                      ///< input (an expression node, a list element, a character)
  std::uint32_t suspend = 8;          ///< hook creation, per variable
  std::uint32_t activate = 5;         ///< per activated goal

  // MP: the management processor's work per command.
  std::uint32_t mp_reduce = 10;       ///< pick a goal, send `reduce`
  std::uint32_t mp_newgoal = 20;      ///< a local new goal into the pool
  std::uint32_t mp_newload = 20;      ///< a goal arrived from the network
  std::uint32_t mp_suspend = 10;      ///< allocate a suspension record
  std::uint32_t mp_activate = 10;     ///< a woken goal back into the pool
  std::uint32_t load_period = 100;    ///< at most one load declaration per period (10 us)
  /// Every fifo_period-th goal the MP dispatches is the oldest of its pool, the others the
  /// newest (depth-first); 0: always the newest. docs/engine.md: LIFO with a periodic FIFO pick.
  std::uint32_t fifo_period = 8;

  // NIP: per message end (per packet end when messages are aggregated), and the network.
  std::uint32_t nip_message = 10;
  /// Message aggregation (nip_packets.hpp): how long the first one-way message of a packet
  /// may wait for company bound for the same IU, in cycles; 0: off (PIE64's NIP, the default).
  std::uint32_t aggregation_window = 0;
  /// The most words a packet of several messages carries.
  std::uint32_t packet_words = 32;
  netsim::NetworkParams network;
  std::uint32_t load_feedback_delay = 100;  ///< cycles before the network sees a load level

  // The threads engine's batches (`threads.*` keys; the simulator ignores them): see
  // ThreadsMachine::Batches.
  std::uint32_t threads_batch_goals = 256;
  std::uint64_t threads_batch_reductions = 1000;
  std::uint32_t threads_time_slice = 1000;           ///< direct reductions before a goal yields
  std::uint64_t threads_waiting_batch_reductions = 100;  ///< while an IU waits for work
  std::uint32_t threads_waiting_time_slice = 200;        ///< while an IU waits for work
  std::uint32_t threads_idle_spin = 50;  ///< us a worker with nothing to run looks before sleeping
  std::uint32_t threads_pin_workers = 1;  ///< 1: one CPU per worker (if there are enough)

  MachineDescription();

  /// Applies a JSON object (nested or dotted keys). Throws std::invalid_argument naming the key,
  /// the value and its domain, and changes nothing then.
  void apply(const nlohmann::json& json);
  /// Applies one `key=value`.
  void set(const std::string& assignment);
  /// Loads a JSON file on top of the current values.
  void load(const std::string& path);
  /// Every key and its value (the effective description, for --stats and reports).
  [[nodiscard]] nlohmann::json to_json() const;
};

/// Every key of the description with its domain, in the order of the table in docs/machine.md
/// (`unired.cycles.NAME` once per instruction).
[[nodiscard]] std::vector<std::pair<std::string, MachineDomain>> machine_key_domains();

}  // namespace fleng::kernel
