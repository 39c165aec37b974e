// One rule for the machine keys that have options of their own (`ius` and `--ius`, `static`
// and `--static`, `threshold` and `--threshold(s)`, `heap_cells` and `--heap`), the same in
// `run`, `sweep` and the REPL: a key is given once. `--set KEY=V` is the same as the key's
// option, and refused when the option (or, in a sweep, a swept parameter) also gives the key;
// `--machine FILE` is the base that options and `--set` change.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace fleng::app {

/// The machine key an assignment `KEY=VALUE` sets (`net_latency` is `network.latency`).
std::string assigned_key(const std::string& assignment);

/// What else gives a key on this command line: the key and how the user gave it, e.g.
/// {"ius", "--ius 4"} or {"threshold", "the swept parameter threshold"}.
using KeySource = std::pair<std::string, std::string>;

/// Throws std::invalid_argument when one of `settings` (`--set` assignments) sets a key of
/// `others`, or the same key as an earlier setting; the message names both.
void check_settings_given_once(const std::vector<std::string>& settings,
                               const std::vector<KeySource>& others);

}  // namespace fleng::app
