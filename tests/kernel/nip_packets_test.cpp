// Message aggregation in the NIP (kernel/nip_packets.hpp): which messages travel together and
// when each packet leaves: at the window's end, at once when full, when a message that does not
// fit comes, or when a read closes it; the word limit; the order of the messages.
#include "kernel/nip_packets.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fleng::kernel {
namespace {

using Packet = NipPackets::Packet;

NipPackets::Item item(vm::Cell tag, std::uint32_t words) {
  return NipPackets::Item{0, tag, 0, words};
}

std::vector<vm::Cell> tags(const Packet& packet) {
  std::vector<vm::Cell> out;
  for (const auto& i : packet.items) out.push_back(i.a);
  return out;
}

TEST(NipPackets, MessagesWithinTheWindowLeaveTogetherAtItsEnd) {
  NipPackets nip(50, 32);
  std::vector<Packet> leaving;
  EXPECT_EQ(nip.add(3, item(1, 2), 100, 100, leaving), 150U);  // opens: look again at 150
  EXPECT_EQ(nip.add(3, item(2, 1), 120, 110, leaving), std::nullopt);
  EXPECT_EQ(nip.add(3, item(3, 2), 150, 120, leaving), std::nullopt);  // at the deadline: joins
  EXPECT_TRUE(leaving.empty());
  EXPECT_TRUE(nip.has_open());
  nip.close_due(149, leaving);
  EXPECT_TRUE(leaving.empty());
  nip.close_due(150, leaving);
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(leaving[0].destination, 3U);
  EXPECT_EQ(leaving[0].departure, 150U);
  EXPECT_EQ(leaving[0].words, 2U + 1U + 1U + 2U + 1U);  // words plus one per further message
  EXPECT_EQ(tags(leaving[0]), (std::vector<vm::Cell>{1, 2, 3}));
  EXPECT_FALSE(nip.has_open());
}

TEST(NipPackets, DestinationsHaveTheirOwnPackets) {
  NipPackets nip(50, 32);
  std::vector<Packet> leaving;
  nip.add(1, item(1, 2), 0, 0, leaving);
  nip.add(2, item(2, 2), 10, 0, leaving);
  nip.add(1, item(3, 2), 20, 0, leaving);
  EXPECT_EQ(nip.next_deadline(), 50U);
  nip.close_due(55, leaving);  // only IU 1's window has ended
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(tags(leaving[0]), (std::vector<vm::Cell>{1, 3}));
  EXPECT_EQ(nip.next_deadline(), 60U);
  nip.close_due(60, leaving);
  ASSERT_EQ(leaving.size(), 2U);
  EXPECT_EQ(leaving[1].destination, 2U);
  EXPECT_EQ(leaving[1].departure, 60U);
}

TEST(NipPackets, ALateMessageClosesThePacketAtItsDeadlineAndOpensAnother) {
  NipPackets nip(50, 32);
  std::vector<Packet> leaving;
  nip.add(1, item(1, 2), 0, 0, leaving);
  // Ready after the deadline (the NIP has not looked yet): the old packet leaves at 50.
  EXPECT_EQ(nip.add(1, item(2, 2), 70, 60, leaving), 120U);
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(leaving[0].departure, 60U);  // not before now
  EXPECT_EQ(tags(leaving[0]), (std::vector<vm::Cell>{1}));
  EXPECT_TRUE(nip.has_open());
}

TEST(NipPackets, APacketNeverHoldsMoreThanItsWords) {
  NipPackets nip(1000, 10);
  std::vector<Packet> leaving;
  for (vm::Cell t = 0; t < 40; ++t) nip.add(5, item(t, 2), t, 0, leaving);
  nip.close_due(5000, leaving);
  std::size_t messages = 0;
  for (const auto& p : leaving) {
    EXPECT_LE(p.words, 10U);
    messages += p.items.size();
  }
  EXPECT_EQ(messages, 40U);
  // 2 + 3 + 3 = 8 words; a fourth message would make 11: three messages a packet, and a packet
  // of 8 words still has room for a one-word message, so it waits until the next one comes.
  EXPECT_EQ(leaving.size(), 14U);
  EXPECT_EQ(leaving[0].items.size(), 3U);
  EXPECT_EQ(leaving[0].departure, 3U);  // closed when message 3 (ready at 3) did not fit
  // In order, every message once.
  vm::Cell next = 0;
  for (const auto& p : leaving) {
    for (const auto& i : p.items) EXPECT_EQ(i.a, next++);
  }
}

TEST(NipPackets, AFullPacketLeavesAtOnceAndALongMessageTravelsAlone) {
  NipPackets nip(1000, 6);
  std::vector<Packet> leaving;
  nip.add(1, item(1, 2), 10, 10, leaving);
  nip.add(1, item(2, 2), 20, 10, leaving);  // 5 words: no one-word message fits any more
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(leaving[0].departure, 20U);  // when its last message is ready
  EXPECT_EQ(leaving[0].words, 5U);
  EXPECT_FALSE(nip.has_open());
  EXPECT_EQ(nip.add(1, item(3, 9), 30, 30, leaving), std::nullopt);  // longer than a packet
  ASSERT_EQ(leaving.size(), 2U);
  EXPECT_EQ(leaving[1].words, 9U);
  EXPECT_EQ(leaving[1].departure, 30U);
  EXPECT_FALSE(nip.has_open());
}

TEST(NipPackets, AReadClosesThePacketToItsOwner) {
  NipPackets nip(100, 32);
  std::vector<Packet> leaving;
  nip.add(4, item(1, 2), 10, 10, leaving);
  nip.close(7, 30, 30, leaving);  // nothing open for IU 7
  EXPECT_TRUE(leaving.empty());
  nip.close(4, 30, 30, leaving);
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(leaving[0].departure, 30U);
  EXPECT_FALSE(nip.has_open());
}

TEST(NipPackets, AnEarlierStampedMessageMovesTheDeadline) {
  // The UNIRED stamps its sends ahead of the NIP's own: a message ready before the packet's
  // first waits no longer than the window.
  NipPackets nip(50, 32);
  std::vector<Packet> leaving;
  EXPECT_EQ(nip.add(2, item(1, 1), 200, 100, leaving), 250U);
  EXPECT_EQ(nip.add(2, item(2, 1), 120, 120, leaving), 170U);
  nip.close_due(170, leaving);
  ASSERT_EQ(leaving.size(), 1U);
  EXPECT_EQ(leaving[0].departure, 200U);  // not before its last message is ready
  EXPECT_EQ(tags(leaving[0]), (std::vector<vm::Cell>{1, 2}));
}

TEST(NipPackets, WaitingCellsAreRootsTheCollectorMayMove) {
  NipPackets nip(50, 32);
  std::vector<Packet> leaving;
  nip.add(1, NipPackets::Item{0, 11, 12, 2}, 0, 0, leaving);
  nip.add(2, NipPackets::Item{0, 21, 22, 2}, 0, 0, leaving);
  std::vector<vm::Cell> seen;
  nip.for_each_waiting_cell([&](vm::Cell& cell) {
    seen.push_back(cell);
    cell += 100;  // moved
  });
  EXPECT_EQ(seen, (std::vector<vm::Cell>{11, 12, 21, 22}));
  nip.close_due(50, leaving);
  ASSERT_EQ(leaving.size(), 2U);
  EXPECT_EQ(leaving[0].items[0].a, 111U);
  EXPECT_EQ(leaving[1].items[0].b, 122U);
}

}  // namespace
}  // namespace fleng::kernel
