// A placement profile: what the inspector (`fleng profile`, a run on the simulated machine)
// saw each goal site do, for the profile-guided executor (analyzer/profile_placement.hpp).
// The method is the inspector-executor of Yokota, Chiba and Itano ("A New Optimization
// Technique for the Inspector-Executor Method", 2002): run once, learn which IU holds the data
// each loop iteration reads and writes, then place the iterations by that knowledge.
//
// A goal site is a body goal of a program clause (its predicate, the clause's number and the
// goal's position in the body). A site's goals are its instances, told apart by a key: the
// value of the argument the user marks, or else of the first argument that is an integer when
// the goal runs (a loop index, as the paper's iterations are keyed by theirs). For each instance the
// profile keeps the IUs it ran on and the words it read and wrote, by the IU that owns them
// (local words included: they would cross the network if the instance ran elsewhere).
//
// The file is JSON, format "fleng-profile", version 1 (docs/profile.md). It also holds a
// fingerprint of every clause of the program and the IU count, so that a profile that no
// longer matches the program is refused.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.hpp"

namespace fleng::analyzer {

inline constexpr const char* kProfileFormat = "fleng-profile";
inline constexpr int kProfileVersion = 1;

/// Words by the IU that owns them, sorted by IU.
using WordsByIu = std::map<unsigned, std::uint64_t>;

struct ProfileInstance {
  std::optional<std::int64_t> key;  ///< none: the site's goals had no integer argument
  std::uint64_t reductions = 0;     ///< goal records of this instance reduced (resumptions too)
  WordsByIu ran_on;                 ///< IU -> reductions there
  WordsByIu made_on;                ///< IU -> goals of this instance made there (by a body)
  WordsByIu read;                   ///< IU -> words read that it owns
  WordsByIu written;                ///< IU -> words written (bindings) that it owns
};

struct ProfileSite {
  std::string clause;          ///< the predicate of the clause holding the goal: "sweep/4"
  std::uint32_t ordinal = 0;   ///< the clause's number among that predicate's clauses, from 1
  std::uint32_t position = 0;  ///< the goal's position in the body, from 1
  std::string goal;            ///< the goal's predicate: "relax_point/4"
  std::string source;          ///< file:line:column of the goal
  std::uint32_t key_argument = 0;  ///< the argument the keys were taken from (from 1); 0: none
  std::vector<ProfileInstance> instances;  ///< keyed ones by key, then the keyless one
};

struct PlacementProfile {
  int version = kProfileVersion;
  std::vector<std::string> files;  ///< the program's files as given
  std::string goal;                ///< the query the inspector ran
  unsigned ius = 0;
  unsigned runs = 1;
  std::string partitioning;        ///< "static" or "naive", as the inspector ran
  double host_seconds = 0.0;       ///< what the inspector's runs took on the host
  std::uint64_t makespan_cycles = 0;  ///< of the last run
  /// The user's marks (`--key NAME/ARITY:ARG`): the predicates whose goals are the loop
  /// iterations to place, each with its key argument. Empty: the executor's default choice.
  std::map<std::string, std::uint32_t> keys;
  /// Every clause of the program: "name/arity" -> the fingerprint of each clause, in order.
  std::map<std::string, std::vector<std::string>> clauses;
  std::vector<ProfileSite> sites;
};

/// The fingerprint of a clause: a hash of its canonical text (comments and layout do not
/// count), 16 hex digits.
std::string clause_fingerprint(const frontend::Clause& clause);

/// The fingerprints of the clauses of `program`, by predicate, in order.
std::map<std::string, std::vector<std::string>> clause_fingerprints(const frontend::Program& program);
/// The same for the files of one program, in the order loaded.
std::map<std::string, std::vector<std::string>> clause_fingerprints(
    const std::vector<const frontend::Program*>& files);

/// The profile as JSON text.
std::string profile_json(const PlacementProfile& profile);

/// The profile in file `path`, or an error message that starts with `path` (and the line and
/// column of a syntax error): missing, truncated, not JSON, not a fleng profile, another version,
/// a field missing or of the wrong type.
struct ProfileRead {
  std::optional<PlacementProfile> profile;
  std::string error;
};
ProfileRead read_profile(const std::string& path);
/// The same, from text (`path` names it in messages).
ProfileRead parse_profile(const std::string& text, const std::string& path);

}  // namespace fleng::analyzer
