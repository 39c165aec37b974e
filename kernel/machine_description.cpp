// Reading and writing the machine description.
#include "kernel/machine_description.hpp"

#include <fstream>
#include <functional>
#include <stdexcept>
#include <vector>

namespace fleng::kernel {

namespace {

/// One key of the description: how to read it from JSON and write it back.
struct Key {
  std::string name;
  std::function<void(MachineDescription&, const nlohmann::json&)> read;
  std::function<nlohmann::json(const MachineDescription&)> write;
};

template <typename T>
Key field(std::string name, T MachineDescription::*member) {
  return Key{std::move(name),
             [member](MachineDescription& d, const nlohmann::json& v) { d.*member = v.get<T>(); },
             [member](const MachineDescription& d) { return nlohmann::json(d.*member); }};
}

template <typename T>
Key network_field(std::string name, T netsim::NetworkParams::*member) {
  return Key{std::move(name),
             [member](MachineDescription& d, const nlohmann::json& v) {
               d.network.*member = v.get<T>();
             },
             [member](const MachineDescription& d) { return nlohmann::json(d.network.*member); }};
}

const std::vector<Key>& keys() {
  static const std::vector<Key> all = [] {
    std::vector<Key> k = {
        field("ius", &MachineDescription::ius),
        field("clock_mhz", &MachineDescription::clock_mhz),
        field("threshold", &MachineDescription::threshold),
        field("static", &MachineDescription::static_partitioning),
        field("heap_cells", &MachineDescription::heap_cells),
        field("unired.reduce_dispatch", &MachineDescription::reduce_dispatch),
        field("unired.clause_try", &MachineDescription::clause_try),
        field("unired.builtin_call", &MachineDescription::builtin_call),
        field("unired.suspend", &MachineDescription::suspend),
        field("unired.activate", &MachineDescription::activate),
        field("mp.reduce", &MachineDescription::mp_reduce),
        field("mp.newgoal", &MachineDescription::mp_newgoal),
        field("mp.newload", &MachineDescription::mp_newload),
        field("mp.suspend", &MachineDescription::mp_suspend),
        field("mp.activate", &MachineDescription::mp_activate),
        field("mp.load_period", &MachineDescription::load_period),
        field("mp.fifo_period", &MachineDescription::fifo_period),
        field("nip.message", &MachineDescription::nip_message),
        field("network.load_feedback_delay", &MachineDescription::load_feedback_delay),
        field("threads.batch_goals", &MachineDescription::threads_batch_goals),
        field("threads.batch_reductions", &MachineDescription::threads_batch_reductions),
        field("threads.time_slice", &MachineDescription::threads_time_slice),
        field("threads.waiting_batch_reductions",
              &MachineDescription::threads_waiting_batch_reductions),
        field("threads.waiting_time_slice", &MachineDescription::threads_waiting_time_slice),
        field("threads.idle_spin", &MachineDescription::threads_idle_spin),
        field("threads.pin_workers", &MachineDescription::threads_pin_workers),
        network_field("network.model", &netsim::NetworkParams::model),
        network_field("network.copies", &netsim::NetworkParams::copies),
        network_field("network.setup_per_stage", &netsim::NetworkParams::setup_per_stage),
        network_field("network.cycles_per_byte", &netsim::NetworkParams::cycles_per_byte),
        network_field("network.bytes_per_word", &netsim::NetworkParams::bytes_per_word),
        network_field("network.constant_latency", &netsim::NetworkParams::constant_latency),
        network_field("network.latency", &netsim::NetworkParams::latency),
    };
    for (std::size_t op = 0; op < vm::kOpCount; ++op) {
      k.push_back(Key{"unired.cycles." + std::string(vm::kOpInfo[op].name),
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
    try {
      it->read(d, value);
    } catch (const nlohmann::json::exception&) {
      throw std::invalid_argument("bad value for machine key '" + key + "': " + value.dump());
    }
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
  if (next.ius < 1 || next.ius > 1024) throw std::invalid_argument("ius must be between 1 and 1024");
  if (next.network.copies < 1) throw std::invalid_argument("network.copies must be at least 1");
  if (next.network.model != "multistage" && next.network.model != "constant") {
    throw std::invalid_argument("network.model must be multistage or constant");
  }
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
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open machine description " + path);
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument("machine description " + path + ": " + e.what());
  }
  apply(json);
}

nlohmann::json MachineDescription::to_json() const {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& key : keys()) json[key.name] = key.write(*this);
  return json;
}

}  // namespace fleng::kernel
