// The words of a sweep's messages between ranks: every message comes back as it was sent
// (texts of any bytes and length, statistics with reals, a run that failed early), and words
// that do not make a message are refused with an error instead of being read past their end.
#include <gtest/gtest.h>

#include "kernel/mpi_transport.hpp"
#include "sweep/rank_messages.hpp"

namespace fleng::sweep {
namespace {

TEST(RankMessages, TextsOfEveryLengthAndAnyBytesComeBack) {
  for (const std::string& text : {std::string(), std::string("1234567"), std::string("12345678"),
                                 std::string("123456789"), std::string("a\0b\xff\xfe", 5)}) {
    Words words{42};
    kernel::MpiTransport::append_text(words, text);
    words.push_back(43);
    std::size_t at = 1;
    EXPECT_EQ(kernel::MpiTransport::read_text(words, at), text);
    ASSERT_LT(at, words.size());
    EXPECT_EQ(words[at], 43U);
  }
}

TEST(RankMessages, AResultComesBackWhole) {
  ResultMessage sent;
  sent.index = 17;
  sent.result.exit_code = 2;
  sent.result.error = "deadlock: 3 goals wait";
  sent.result.statistics = {{"makespan_cycles", 123456789012ULL},
                            {"suspension_rate", 0.1234567890123},
                            {"per_iu", {{{"iu", 0}}, {{"iu", 1}}}},
                            {"machine", {{"ius", 4}, {"static", "on"}}}};
  sent.result.output = std::string("62\n\0\xc3", 5);
  sent.result.host_seconds = 1.25;
  const auto got = decode_result(encode(sent));
  EXPECT_EQ(got.index, 17U);
  EXPECT_EQ(got.result.exit_code, 2);
  EXPECT_EQ(got.result.error, sent.result.error);
  EXPECT_EQ(got.result.statistics, sent.result.statistics);
  EXPECT_EQ(got.result.statistics.dump(), sent.result.statistics.dump());
  EXPECT_EQ(got.result.output, sent.result.output);
  EXPECT_EQ(got.result.host_seconds, 1.25);

  ResultMessage early;  // failed before it had statistics
  early.result.exit_code = -1;
  early.result.error = "heap of IU 0 exhausted";
  const auto got_early = decode_result(encode(early));
  EXPECT_TRUE(got_early.result.statistics.is_null());
  EXPECT_EQ(got_early.result.exit_code, -1);
  EXPECT_EQ(got_early.result.error, early.result.error);
}

TEST(RankMessages, TheSmallMessagesComeBack) {
  const auto ready = decode_ready(encode(ReadyMessage{"fleng: bad.fl:1: syntax error\n", 8}));
  EXPECT_EQ(ready.error, "fleng: bad.fl:1: syntax error\n");
  EXPECT_EQ(ready.threads, 8U);
  EXPECT_TRUE(decode_start(encode(StartMessage{true})).go);
  EXPECT_FALSE(decode_start(encode(StartMessage{false})).go);
  EXPECT_EQ(decode_request(encode(RequestMessage{3})).count, 3U);
  const auto assignment = decode_assignment(encode(AssignmentMessage{{5, 0, 9}, true}));
  EXPECT_EQ(assignment.indices, (std::vector<std::size_t>{5, 0, 9}));
  EXPECT_TRUE(assignment.last);
  const auto none = decode_assignment(encode(AssignmentMessage{{}, false}));
  EXPECT_TRUE(none.indices.empty());
  EXPECT_FALSE(none.last);
}

TEST(RankMessages, WordsThatMakeNoMessageAreRefused) {
  ResultMessage sent;
  sent.result.output = "a longer output than one word";
  auto words = encode(sent);
  words.pop_back();
  EXPECT_THROW(decode_result(words), kernel::MpiError);
  EXPECT_THROW(decode_result(Words{1, 0}), kernel::MpiError);
  auto longer = encode(sent);
  longer.push_back(0);
  EXPECT_THROW(decode_result(longer), kernel::MpiError);
  EXPECT_THROW(decode_request(Words{}), kernel::MpiError);
  EXPECT_THROW(decode_start(Words{1, 1}), kernel::MpiError);
  EXPECT_THROW(decode_assignment(Words{}), kernel::MpiError);
  EXPECT_THROW(decode_ready(Words{4, 100}), kernel::MpiError);  // 100 bytes announced, none there
  Words huge{~std::uint64_t{0}};
  std::size_t at = 0;
  EXPECT_THROW(kernel::MpiTransport::read_text(huge, at), kernel::MpiError);
}

}  // namespace
}  // namespace fleng::sweep
