// Message aggregation in one IU's NIP: which messages travel together, and when each packet
// leaves (see nip_packets.hpp).
#include "kernel/nip_packets.hpp"

#include <algorithm>

namespace fleng::kernel {

NipPackets::NipPackets(netsim::SimTime window, std::uint32_t packet_words)
    : window_(window), packet_words_(packet_words) {}

std::optional<netsim::SimTime> NipPackets::add(unsigned destination, const Item& item,
                                               netsim::SimTime ready, netsim::SimTime now,
                                               std::vector<Packet>& leaving) {
  Channel& channel = channel_to(destination);
  if (!channel.items.empty()) {
    const netsim::SimTime deadline = channel.opened + window_;
    const std::uint64_t joined = std::uint64_t{channel.words} + 1 + item.words;
    if (ready <= deadline && joined <= packet_words_) {
      channel.items.push_back(item);
      channel.words = static_cast<std::uint32_t>(joined);
      channel.latest = std::max(channel.latest, ready);
      std::optional<netsim::SimTime> wake;
      if (ready < channel.opened) {  // a message stamped earlier than the packet's first
        channel.opened = ready;
        wake = ready + window_;
      }
      if (full(channel.words)) {
        emit(destination, channel, channel.latest, now, leaving);
        return std::nullopt;
      }
      return wake;
    }
    // It does not fit: the open packet leaves now (at this message's time, within its deadline).
    emit(destination, channel, std::min(ready, deadline), now, leaving);
  }
  if (full(item.words)) {  // no company could fit: it travels alone at once
    std::vector<Item> alone = fresh_items();
    alone.push_back(item);
    leaving.push_back(Packet{destination, std::max(ready, now), item.words, std::move(alone)});
    return std::nullopt;
  }
  channel.items.push_back(item);
  channel.words = item.words;
  channel.opened = ready;
  channel.latest = ready;
  open_.push_back(destination);
  return ready + window_;
}

void NipPackets::close(unsigned destination, netsim::SimTime at, netsim::SimTime now,
                       std::vector<Packet>& leaving) {
  if (destination >= channels_.size() || channels_[destination].items.empty()) return;
  Channel& open = channels_[destination];
  emit(destination, open, std::min(at, open.opened + window_), now, leaving);
}

void NipPackets::close_due(netsim::SimTime now, std::vector<Packet>& leaving) {
  std::size_t k = 0;
  while (k < open_.size()) {
    const unsigned destination = open_[k];
    Channel& channel = channels_[destination];
    const netsim::SimTime deadline = channel.opened + window_;
    if (deadline <= now) {
      emit(destination, channel, deadline, now, leaving);  // removes open_[k]
    } else {
      ++k;
    }
  }
}

netsim::SimTime NipPackets::next_deadline() const {
  netsim::SimTime earliest = channels_[open_.front()].opened;
  for (const unsigned destination : open_) {
    earliest = std::min(earliest, channels_[destination].opened);
  }
  return earliest + window_;
}

void NipPackets::emit(unsigned destination, Channel& channel, netsim::SimTime departure,
                      netsim::SimTime now, std::vector<Packet>& leaving) {
  Packet packet{destination, std::max({departure, channel.latest, now}), channel.words,
                std::move(channel.items)};
  channel.items = fresh_items();
  channel.words = 0;
  open_.erase(std::find(open_.begin(), open_.end(), destination));
  leaving.push_back(std::move(packet));
}

}  // namespace fleng::kernel
