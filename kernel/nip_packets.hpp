// Message aggregation in one IU's NIP (machine keys nip.aggregation_window, nip.packet_words):
// the one-way commands it sends (goals, data, bind, suspend hooks, activate) wait up to a
// window for company bound for the same IU and then leave together as one network packet,
// which pays one circuit set-up and one `nip.message` at each end instead of one per message.
// This class only decides which messages travel together and when each packet leaves; the
// simulator (sim_machine.cpp) sends the packets over the network model and delivers their
// messages. Rules (docs/machine.md, "Message aggregation"):
//   - per destination at most one open packet; a message joins it when it is ready no later
//     than the packet's deadline (its earliest message's ready time plus the window) and the
//     packet stays within `packet_words` words (each message after the first adds one word
//     naming its command);
//   - a packet leaves at its deadline (or when its last message is ready, if later); at once
//     when no further message could fit; when a message that does not fit comes (then at that
//     message's ready time, but never before its own messages are ready nor after its
//     deadline); or when the NIP is asked to close it (a read request to the same IU);
//   - a message that alone leaves no room for another travels alone, at once;
//   - messages keep the order in which they joined; packets to one IU leave in the order they
//     were closed.
// Nothing here depends on the host: the same calls give the same packets.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "netsim/engine.hpp"
#include "vm/cell.hpp"

namespace fleng::kernel {

class NipPackets {
 public:
  /// One message: its command (the simulator's MessageKind), two cells (a goal, a variable and
  /// a value, ...) and its length in words.
  struct Item {
    std::uint8_t kind = 0;
    vm::Cell a = 0;
    vm::Cell b = 0;
    std::uint32_t words = 0;
  };
  struct Packet {
    unsigned destination = 0;
    netsim::SimTime departure = 0;  ///< when the sending NIP hands it to the network
    std::uint32_t words = 0;        ///< the messages' words plus one per message after the first
    std::vector<Item> items;        ///< in the order they joined
  };

  /// `window` > 0 cycles; `packet_words` >= 1.
  NipPackets(netsim::SimTime window, std::uint32_t packet_words);

  /// A message for `destination`, ready at `ready` (>= now). Packets that must leave now are
  /// appended to `leaving`. Returns a time at which close_due() must be called (the deadline of
  /// a packet this message opened, or made earlier), if any.
  std::optional<netsim::SimTime> add(unsigned destination, const Item& item, netsim::SimTime ready,
                                     netsim::SimTime now, std::vector<Packet>& leaving);
  /// Closes the open packet for `destination`, if any, as a message ready at `at` that does not
  /// fit would (a read request that must not overtake it).
  void close(unsigned destination, netsim::SimTime at, netsim::SimTime now,
             std::vector<Packet>& leaving);
  /// Closes every open packet whose deadline is at or before `now`, in the order they opened.
  void close_due(netsim::SimTime now, std::vector<Packet>& leaving);
  [[nodiscard]] bool has_open() const { return !open_.empty(); }
  /// The earliest deadline of the open packets (has_open() must hold): the NIP looks again then.
  [[nodiscard]] netsim::SimTime next_deadline() const;
  /// The cells of the messages still waiting (roots for the garbage collector, which may move
  /// what they point to).
  template <typename F>
  void for_each_waiting_cell(F&& f) {
    for (const unsigned destination : open_) {
      for (Item& item : channels_[destination].items) {
        f(item.a);
        f(item.b);
      }
    }
  }
  /// Gives back the storage of a packet's items once the packet has been sent, for the next
  /// packets (one allocation per packet otherwise).
  void recycle(std::vector<Item>&& items) {
    items.clear();
    spare_.push_back(std::move(items));
  }
  /// When the last packet to `destination` arrived (0 if none yet): the simulator delivers the
  /// packets of one pair of IUs in the order they left.
  netsim::SimTime& last_arrival(unsigned destination) { return channel_to(destination).last_arrival; }

 private:
  struct Channel {
    std::vector<Item> items;        // the open packet (empty: none open)
    std::uint32_t words = 0;
    netsim::SimTime opened = 0;     // the earliest ready time of its messages
    netsim::SimTime latest = 0;     // the latest ready time of its messages
    netsim::SimTime last_arrival = 0;
  };
  /// Closes the open packet of `destination`, leaving at `departure` (at least when its last
  /// message is ready and not before now).
  void emit(unsigned destination, Channel& channel, netsim::SimTime departure,
            netsim::SimTime now, std::vector<Packet>& leaving);
  /// The channel to `destination`, made on first use.
  Channel& channel_to(unsigned destination) {
    if (destination >= channels_.size()) channels_.resize(std::size_t{destination} + 1);
    return channels_[destination];
  }
  /// Whether a packet of `words` words has room for no further message (of one word).
  [[nodiscard]] bool full(std::uint32_t words) const {
    return std::uint64_t{words} + 2 > packet_words_;
  }

  netsim::SimTime window_;
  std::uint32_t packet_words_;
  // By destination IU, grown to the highest destination used (a vector, not a hash map: the
  // NIP looks its channel up for every message and every read request).
  std::vector<Channel> channels_;
  std::vector<unsigned> open_;                      // destinations with an open packet, in order
  std::vector<std::vector<Item>> spare_;            // emptied item lists (recycle)
  /// An empty item list, with room from an earlier packet when there is one.
  std::vector<Item> fresh_items() {
    if (spare_.empty()) return {};
    std::vector<Item> items = std::move(spare_.back());
    spare_.pop_back();
    return items;
  }
};

}  // namespace fleng::kernel
