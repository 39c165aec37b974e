// Goal text as users type it (at the REPL prompt, with `run -g`): one or more goals, each ended
// by `.`, with comments and line breaks anywhere. split_goals cuts such a text into its goals
// with the real scanner, so that a `.` inside a quoted atom, a string, a symbol atom (`=..`) or a
// comment never ends a goal, and no goal typed on a line is silently dropped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleng::frontend {

struct GoalTexts {
  /// Each goal's text up to and including its final `.`, in order.
  std::vector<std::string> goals;
  /// What follows the last `.`: a goal still being typed, or "" when only blanks and comments
  /// follow (the text is complete).
  std::string rest;
  /// The text does not scan (an unterminated quoted atom, a bad character): the parser will
  /// report it; `goals` then holds the whole text as one goal.
  bool scan_error = false;
};

GoalTexts split_goals(std::string_view text);

}  // namespace fleng::frontend
