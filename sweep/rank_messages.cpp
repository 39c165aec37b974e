// The words of the sweep's messages between ranks (see rank_messages.hpp).
#include "sweep/rank_messages.hpp"

#include <bit>

#include <fmt/format.h>

#include "kernel/mpi_transport.hpp"

namespace fleng::sweep {

namespace {

using kernel::MpiError;
using kernel::MpiTransport;

void expect_size(const Words& words, std::size_t at_least, const char* what) {
  if (words.size() < at_least) {
    throw MpiError(fmt::format("a {} message of {} words is too short", what, words.size()));
  }
}

void expect_end(const Words& words, std::size_t at, const char* what) {
  if (at != words.size()) {
    throw MpiError(fmt::format("a {} message has {} words more than it should", what,
                               words.size() - at));
  }
}

}  // namespace

Words encode(const ReadyMessage& message) {
  Words words{message.threads};
  MpiTransport::append_text(words, message.error);
  return words;
}

Words encode(const StartMessage& message) { return {message.go ? 1U : 0U}; }

Words encode(const RequestMessage& message) { return {message.count}; }

Words encode(const AssignmentMessage& message) {
  Words words{message.last ? 1U : 0U};
  words.insert(words.end(), message.indices.begin(), message.indices.end());
  return words;
}

Words encode(const ResultMessage& message) {
  const auto& r = message.result;
  Words words{message.index, static_cast<std::uint64_t>(static_cast<std::int64_t>(r.exit_code)),
              std::bit_cast<std::uint64_t>(r.host_seconds)};
  MpiTransport::append_text(words, r.error);
  MpiTransport::append_text(
      words, r.statistics.is_null()
                 ? std::string()
                 : r.statistics.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  MpiTransport::append_text(words, r.output);
  return words;
}

ReadyMessage decode_ready(const Words& words) {
  expect_size(words, 1, "ready");
  std::size_t at = 1;
  ReadyMessage message;
  message.threads = words[0];
  message.error = MpiTransport::read_text(words, at);
  expect_end(words, at, "ready");
  return message;
}

StartMessage decode_start(const Words& words) {
  expect_size(words, 1, "start");
  expect_end(words, 1, "start");
  return StartMessage{words[0] != 0};
}

RequestMessage decode_request(const Words& words) {
  expect_size(words, 1, "request");
  expect_end(words, 1, "request");
  return RequestMessage{words[0]};
}

AssignmentMessage decode_assignment(const Words& words) {
  expect_size(words, 1, "assignment");
  AssignmentMessage message;
  message.last = words[0] != 0;
  for (std::size_t i = 1; i < words.size(); ++i) {
    message.indices.push_back(static_cast<std::size_t>(words[i]));
  }
  return message;
}

ResultMessage decode_result(const Words& words) {
  expect_size(words, 3, "result");
  ResultMessage message;
  message.index = static_cast<std::size_t>(words[0]);
  auto& r = message.result;
  r.exit_code = static_cast<int>(static_cast<std::int64_t>(words[1]));
  r.host_seconds = std::bit_cast<double>(words[2]);
  std::size_t at = 3;
  r.error = MpiTransport::read_text(words, at);
  const auto statistics = MpiTransport::read_text(words, at);
  if (!statistics.empty()) {
    try {
      r.statistics = nlohmann::json::parse(statistics);
    } catch (const nlohmann::json::exception& e) {
      throw MpiError(fmt::format("a result message's statistics do not parse: {}", e.what()));
    }
  }
  r.output = MpiTransport::read_text(words, at);
  expect_end(words, at, "result");
  return message;
}

}  // namespace fleng::sweep
