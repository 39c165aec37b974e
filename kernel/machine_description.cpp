// Reading and writing the machine description: the table of keys with their domains.
#include "kernel/machine_description.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "kernel/heap_memory.hpp"

namespace fleng::kernel {

namespace {

/// Costs in cycles (and other cycle counts): at most a million, so that no run can come near
/// the end of the simulated clock (64-bit cycles: 2^64 / 10^6 is 1.8 * 10^13 events).
constexpr std::int64_t kMaxCycles = 1'000'000;
/// The threads engine's batches and slices: at least one (zero would never end a batch).
constexpr std::int64_t kMaxBatch = 1'000'000'000;
/// A heap of 2^37 cells (1 TiB) per IU and semispace at most; see also heap_memory.hpp.
constexpr std::int64_t kMinHeapCells = 4096;
constexpr std::int64_t kMaxHeapCells = std::int64_t{1} << 37;

/// One key of the description: its domain, how to read it from JSON and write it back.
struct Key {
  std::string name;
  MachineDomain domain;
  std::function<void(MachineDescription&, const nlohmann::json&)> read;
  std::function<nlohmann::json(const MachineDescription&)> write;
};

template <typename T>
Key field(std::string name, T MachineDescription::*member, MachineDomain domain) {
  return Key{std::move(name), std::move(domain),
             [member](MachineDescription& d, const nlohmann::json& v) { d.*member = v.get<T>(); },
             [member](const MachineDescription& d) { return nlohmann::json(d.*member); }};
}

template <typename T>
Key network_field(std::string name, T netsim::NetworkParams::*member, MachineDomain domain) {
  return Key{std::move(name), std::move(domain),
             [member](MachineDescription& d, const nlohmann::json& v) {
               d.network.*member = v.get<T>();
             },
             [member](const MachineDescription& d) { return nlohmann::json(d.network.*member); }};
}

const std::vector<Key>& keys() {
  static const std::vector<Key> all = [] {
    using D = MachineDescription;
    const auto cycles = MachineDomain::integer(0, kMaxCycles);
    const auto batch = MachineDomain::integer(1, kMaxBatch);
    std::vector<Key> k = {
        field("ius", &D::ius, MachineDomain::integer(1, 1024)),
        field("clock_mhz", &D::clock_mhz, MachineDomain::number(0.001, 100000)),
        field("threshold", &D::threshold, MachineDomain::integer(0, kMaxCycles)),
        field("static", &D::static_partitioning, MachineDomain::boolean()),
        field("heap_cells", &D::heap_cells, MachineDomain::integer(kMinHeapCells, kMaxHeapCells)),
        field("unired.reduce_dispatch", &D::reduce_dispatch, cycles),
        field("unired.clause_try", &D::clause_try, cycles),
        field("unired.builtin_call", &D::builtin_call, cycles),
        field("unired.builtin_work", &D::builtin_work, cycles),
        field("unired.suspend", &D::suspend, cycles),
        field("unired.activate", &D::activate, cycles),
        field("mp.reduce", &D::mp_reduce, cycles),
        field("mp.newgoal", &D::mp_newgoal, cycles),
        field("mp.newload", &D::mp_newload, cycles),
        field("mp.suspend", &D::mp_suspend, cycles),
        field("mp.activate", &D::mp_activate, cycles),
        field("mp.load_period", &D::load_period, cycles),
        field("mp.fifo_period", &D::fifo_period, cycles),
        field("nip.message", &D::nip_message, cycles),
        field("nip.aggregation_window", &D::aggregation_window, cycles),
        field("nip.packet_words", &D::packet_words, MachineDomain::integer(1, 65536)),
        network_field("network.model", &netsim::NetworkParams::model,
                      MachineDomain::choice({"multistage", "constant"})),
        network_field("network.copies", &netsim::NetworkParams::copies,
                      MachineDomain::integer(1, 64)),
        network_field("network.setup_per_stage", &netsim::NetworkParams::setup_per_stage, cycles),
        network_field("network.cycles_per_byte", &netsim::NetworkParams::cycles_per_byte, cycles),
        network_field("network.bytes_per_word", &netsim::NetworkParams::bytes_per_word,
                      MachineDomain::integer(1, 64)),
        network_field("network.constant_latency", &netsim::NetworkParams::constant_latency,
                      cycles),
        network_field("network.latency", &netsim::NetworkParams::latency, cycles),
        field("network.load_feedback_delay", &D::load_feedback_delay, cycles),
        field("threads.batch_goals", &D::threads_batch_goals, batch),
        field("threads.batch_reductions", &D::threads_batch_reductions, batch),
        field("threads.time_slice", &D::threads_time_slice, batch),
        field("threads.waiting_batch_reductions", &D::threads_waiting_batch_reductions, batch),
        field("threads.waiting_time_slice", &D::threads_waiting_time_slice, batch),
        field("threads.idle_spin", &D::threads_idle_spin, MachineDomain::integer(0, 1'000'000)),
        field("threads.pin_workers", &D::threads_pin_workers, MachineDomain::integer(0, 1)),
    };
    for (std::size_t op = 0; op < vm::kOpCount; ++op) {
      k.push_back(Key{"unired.cycles." + std::string(vm::kOpInfo[op].name), cycles,
                      [op](MachineDescription& d, const nlohmann::json& v) {
                        d.instruction_cycles[op] = v.get<std::uint32_t>();
                      },
                      [op](const MachineDescription& d) {
                        return nlohmann::json(d.instruction_cycles[op]);
                      }});
    }
    return k;
  }();
  return all;
}

void apply_flat(MachineDescription& d, const std::string& prefix, const nlohmann::json& json) {
  for (const auto& [name, value] : json.items()) {
    std::string key = prefix.empty() ? name : prefix + "." + name;
    if (key == "net_latency") key = "network.latency";  // the short name of the sweep examples
    if (value.is_object()) {
      apply_flat(d, key, value);
      continue;
    }
    const auto it = std::find_if(keys().begin(), keys().end(),
                                 [&](const Key& k) { return k.name == key; });
    if (it == keys().end()) throw std::invalid_argument("unknown machine key '" + key + "'");
    if (!it->domain.contains(value)) {
      throw std::invalid_argument(fmt::format("machine key '{}': {} is out of its domain ({})", key,
                                              value.dump(), it->domain.text()));
    }
    it->read(d, value);
  }
}

}  // namespace

MachineDescription::MachineDescription() {
  for (std::size_t op = 0; op < vm::kOpCount; ++op) instruction_cycles[op] = vm::kOpInfo[op].cycles;
}

void MachineDescription::apply(const nlohmann::json& json) {
  if (!json.is_object()) throw std::invalid_argument("a machine description is a JSON object");
  // On a copy, so that a rejected value leaves the description as it was.
  MachineDescription next = *this;
  apply_flat(next, "", json);
  check_heap_memory(next.ius, next.heap_cells, "machine keys 'ius' and 'heap_cells'");
  *this = std::move(next);
}

void MachineDescription::set(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw std::invalid_argument("--set expects key=value, got '" + assignment + "'");
  }
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  nlohmann::json value;
  try {
    value = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    value = text;  // a bare word is a string
  }
  if (text == "on") value = true;
  if (text == "off") value = false;
  nlohmann::json object;
  object[key] = value;
  apply(object);
}

void MachineDescription::load(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw std::invalid_argument("cannot read machine description " + path +
                                ": it is a directory, not a file");
  }
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open machine description " + path);
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument("machine description " + path + ": " + e.what());
  } catch (const std::ios_base::failure& e) {
    throw std::invalid_argument("cannot read machine description " + path + ": " + e.what());
  }
  apply(json);
}

std::vector<std::pair<std::string, MachineDomain>> machine_key_domains() {
  std::vector<std::pair<std::string, MachineDomain>> result;
  for (const auto& key : keys()) result.emplace_back(key.name, key.domain);
  return result;
}

nlohmann::json MachineDescription::to_json() const {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& key : keys()) json[key.name] = key.write(*this);
  return json;
}

}  // namespace fleng::kernel
