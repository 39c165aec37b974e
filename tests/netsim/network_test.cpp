// The network models against hand-computed latencies, contention, the copies, and the
// least-loaded selection with its feedback delay.
#include "netsim/network.hpp"

#include <gtest/gtest.h>

#include "netsim/load_board.hpp"

namespace fleng::netsim {
namespace {

TEST(ConstantLatency, LatencyPlusWords) {
  NetworkParams p;
  p.model = "constant";
  p.constant_latency = 20;
  ConstantLatency net(p);
  // 20 + 3 words * 5 bytes * 1 cycle
  EXPECT_EQ(net.transfer(0, 1, 3, 100), 135U);
  EXPECT_EQ(net.transfer(0, 1, 3, 100), 135U);  // no contention
  EXPECT_EQ(net.stats().messages, 2U);
  EXPECT_EQ(net.stats().words, 6U);
}

TEST(Multistage, StagesOfA64PortNetwork) {
  NetworkParams p;
  Multistage net(64, p);
  EXPECT_EQ(net.stages(), 6U);
  // One word: 6 stages of set-up + 5 bytes.
  EXPECT_EQ(net.transfer(3, 40, 1, 0), 11U);
}

TEST(Multistage, AnyPortCount) {
  NetworkParams p;
  EXPECT_EQ(Multistage(1, p).stages(), 1U);
  EXPECT_EQ(Multistage(2, p).stages(), 1U);
  EXPECT_EQ(Multistage(3, p).stages(), 2U);
  EXPECT_EQ(Multistage(1000, p).stages(), 10U);
  Multistage odd(3, p);
  EXPECT_EQ(odd.transfer(2, 0, 2, 0), 2U + 10U);
}

TEST(Multistage, OmegaRoutingEndsAtTheDestination) {
  NetworkParams p;
  Multistage net(16, p);
  for (std::uint32_t s = 0; s < 16; ++s) {
    for (std::uint32_t d = 0; d < 16; ++d) EXPECT_EQ(net.path(s, d).back(), d);
  }
}

TEST(Multistage, PathIsAPerfectShuffleThenTheDestinationBitAtEachStage) {
  NetworkParams p;
  for (std::uint32_t ports : {1U, 2U, 8U, 64U, 1024U}) {
    Multistage net(ports, p);
    const std::uint32_t width = ports < 2 ? 2 : ports;
    for (std::uint32_t s = 0; s < ports; s += 1 + ports / 16) {
      for (std::uint32_t d = 0; d < ports; d += 1 + ports / 32) {
        // The definition, stage by stage: shuffle (rotate left), then the switch's output bit.
        std::vector<std::uint32_t> expected;
        std::uint32_t position = s;
        for (std::uint32_t stage = 0; stage < net.stages(); ++stage) {
          const std::uint32_t bit = (d >> (net.stages() - 1 - stage)) & 1U;
          position = ((position << 1U) | bit) & (width - 1);
          expected.push_back(position);
        }
        EXPECT_EQ(net.path(s, d), expected) << ports << " ports, " << s << " to " << d;
      }
    }
  }
}

TEST(Multistage, ContentionOnASharedLinkUsesTheOtherCopy) {
  NetworkParams p;  // two copies
  Multistage net(8, p);
  // Two messages to the same destination share the last link: the second takes copy 2.
  EXPECT_EQ(net.transfer(0, 5, 2, 0), 3U + 10U);
  EXPECT_EQ(net.transfer(1, 5, 2, 0), 3U + 10U);
  // A third must wait for the first copy to free (at 13).
  EXPECT_EQ(net.transfer(2, 5, 2, 0), 13U + 13U);
  EXPECT_EQ(net.stats().wait_cycles, 13U);
}

TEST(Multistage, OneCopySerializes) {
  NetworkParams p;
  p.copies = 1;
  Multistage net(4, p);
  EXPECT_EQ(net.transfer(0, 3, 1, 0), 2U + 5U);
  EXPECT_EQ(net.transfer(1, 3, 1, 0), 7U + 7U);
  // A disjoint path does not wait.
  EXPECT_EQ(net.transfer(2, 0, 1, 0), 7U);
}

TEST(Multistage, AMessageBookedForLaterDoesNotDelayAnEarlierOne) {
  NetworkParams p;
  p.copies = 1;
  Multistage net(4, p);
  // A reduction stamped its send at cycle 100: the path to 3 is held over [100, 107).
  EXPECT_EQ(net.transfer(0, 3, 1, 100), 107U);
  // Another processor sends on the same last link at cycle 10: the gap before 100 is free.
  EXPECT_EQ(net.transfer(1, 3, 1, 10), 17U);
  // One that would overlap the hold goes after it: ready at 96, 7 cycles do not fit before 100.
  EXPECT_EQ(net.transfer(1, 3, 1, 96), 107U + 7U);
  // Two gaps: the first long enough is taken.
  EXPECT_EQ(net.transfer(0, 3, 1, 17), 24U);
  EXPECT_EQ(net.stats().wait_cycles, 11U);
  // Forgetting what ended before 50 changes nothing for later messages.
  net.forget_before(50);
  EXPECT_EQ(net.transfer(1, 3, 1, 90), 90U + 7U);
}

// Holds closer than the shortest message are joined (no message fits between them); the
// gaps long enough stay usable, so every message gets the slot it got before.
TEST(Multistage, GapsTooShortForAnyMessageAreJoinedAndLongerOnesStayFree) {
  NetworkParams p;
  p.copies = 1;
  Multistage net(4, p);  // 2 stages: a one-word message holds its path 7 cycles
  EXPECT_EQ(net.transfer(0, 3, 1, 0), 7U);     // [0, 7)
  EXPECT_EQ(net.transfer(0, 3, 1, 13), 20U);   // [13, 20): a gap of 6, too short for anything
  EXPECT_EQ(net.transfer(0, 3, 1, 28), 35U);   // [28, 35): a gap of 8, room for one word
  EXPECT_EQ(net.transfer(1, 3, 1, 1), 27U);    // waits past the short gap, into the long one
  EXPECT_EQ(net.transfer(1, 3, 2, 1), 47U);    // two words (12 cycles) fit only after the last
}

TEST(Multistage, AFloodedLinkServesMessagesInTurn) {
  NetworkParams p;
  p.copies = 1;
  Multistage net(4, p);
  // A hundred thousand messages ready at once on one path: each waits for the one before
  // (a program flooding the network; the link stays one hold, not one per message).
  SimTime end = 0;
  for (int i = 0; i < 100000; ++i) end = net.transfer(static_cast<std::uint32_t>(i % 2), 3, 1, 0);
  EXPECT_EQ(end, 100000U * 7U);
}

TEST(Multistage, WireLatencyIsAddedWithoutHoldingTheLinks) {
  NetworkParams p;
  p.copies = 1;
  p.latency = 100;
  Multistage net(4, p);
  EXPECT_EQ(net.transfer(0, 3, 1, 0), 7U + 100U);
  // The links were held for 7 cycles only: the next message waits 7, not 107.
  EXPECT_EQ(net.transfer(1, 3, 1, 0), 14U + 100U);
}

TEST(LoadBoard, LeastLoadedWithDelayAndRingTies) {
  LoadBoard board(4, 10);
  board.declare(0, 5, 0);
  board.declare(1, 1, 0);
  board.declare(2, 1, 0);
  board.declare(3, 3, 0);
  // Before the delay, every load reads 0: ties go to the first IU after the sender.
  EXPECT_EQ(board.least_loaded(1, 5), 2U);
  EXPECT_EQ(board.global_least(5), 0U);
  // After it: IUs 1 and 2 tie at 1; from IU 2 the ring gives 3, 0, 1, 2 -> 1.
  EXPECT_EQ(board.least_loaded(2, 10), 1U);
  EXPECT_EQ(board.least_loaded(0, 10), 1U);
  EXPECT_EQ(board.global_least(10), 1U);
  board.declare(1, 9, 10);
  EXPECT_EQ(board.least_loaded(0, 19), 1U);  // not yet visible
  EXPECT_EQ(board.least_loaded(0, 20), 2U);
}

}  // namespace
}  // namespace fleng::netsim
