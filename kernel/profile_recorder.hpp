// The inspector of profile-guided placement (analyzer/placement_profile.hpp): attached to a
// SimMachine, it watches every `reduce` command of every IU and adds up, for the goal being
// reduced (its site: the code address that made its record; its instance: the key), the IU it
// ran on and the words it read and wrote by the IU that owns them. The reads are those the
// simulated UNIRED makes (each reference followed, each matched structure: the words a remote
// read would fetch, kernel/sim_policy.hpp), local ones included; the writes are the bindings it
// makes. What a goal reduced directly (`execute`) does counts for the goal whose `reduce`
// command it continues, and what a goal of the same key made by a body does counts for the
// instance that made it as well: an iteration is the goal and the work it goes on with.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/placement_profile.hpp"
#include "vm/atom_table.hpp"
#include "vm/cell.hpp"
#include "vm/code.hpp"

namespace fleng::kernel {

class ProfileRecorder {
 public:
  /// `key_arguments`: "name/arity" -> the argument (from 1) whose value keys the instances of
  /// that predicate's goals; others are keyed on their first argument that is an integer.
  ProfileRecorder(const vm::CodeImage& image, unsigned ius,
                  std::map<std::string, std::uint32_t> key_arguments = {});

  /// IU `iu` starts a `reduce` command of goal record `goal`; its heap's cells from `fresh`
  /// on are made during the command (the goal's own: they go where the goal goes, so they are
  /// not data it would exchange elsewhere).
  void begin(unsigned iu, vm::Cell goal, const vm::Cell* fresh);
  /// The command is over.
  void end(unsigned iu) { current_[iu] = nullptr; }
  /// The reducer on `iu` read `words` words at `where`, which IU `owner` holds.
  void read(unsigned iu, unsigned owner, std::uint64_t words, const vm::Cell* where) {
    if (owner == iu && where >= fresh_[iu]) return;  // made by this goal
    unsigned depth = 0;
    for (Counts* c = current_[iu]; c != nullptr && depth < kMaxChain; c = c->parent, ++depth) {
      c->read[owner] += words;
    }
  }
  /// A body on IU `on` made goal record `goal` (for this IU's pool, or sent to another IU's
  /// heap): the goal's instance is told where it was made and by which instance. What a goal
  /// with the same key as the instance that made it reads and writes counts for that instance
  /// too (up the chain): an iteration's data are also those of the goals it makes for the same
  /// index (relax_point(I, ..) making relax_sum(I, ..)), which go where it goes.
  void made(vm::Cell goal, unsigned on) { makers_[vm::address_of(goal)] = Maker{on, current_[on]}; }
  /// The reducer on `iu` bound a variable that IU `owner` holds.
  void wrote(unsigned iu, unsigned owner) {
    unsigned depth = 0;
    for (Counts* c = current_[iu]; c != nullptr && depth < kMaxChain; c = c->parent, ++depth) {
      c->written[owner] += 1;
    }
  }

  /// What was seen, as the sites of a profile (program clauses only, in code order), added to
  /// `sites` (several runs add up).
  void add_to(std::vector<analyzer::ProfileSite>& sites) const;

 private:
  /// How far up the chain of makers a read is counted (a bound, for chains that loop).
  static constexpr unsigned kMaxChain = 64;
  struct Counts {
    Counts* parent = nullptr;  // the instance of the same key whose body made this one's goal
    std::optional<std::int64_t> key;
    std::uint64_t reductions = 0;
    std::vector<std::uint64_t> ran_on;
    std::vector<std::uint64_t> made_on;
    std::vector<std::uint64_t> read;
    std::vector<std::uint64_t> written;
  };
  struct Site {
    bool seen = false;
    std::uint32_t predicate = 0;  // of the goals (the first seen)
    std::uint32_t key_argument = 0;
    std::map<std::int64_t, Counts> keyed;
    std::optional<Counts> keyless;
  };
  Counts& instance(Site& site, std::optional<std::int64_t> key);

  const vm::CodeImage& image_;
  unsigned ius_;
  std::map<std::string, std::uint32_t> key_arguments_;
  std::vector<std::optional<std::uint32_t>> key_by_predicate_;  // from key_arguments_, by id
  std::unordered_map<std::uint32_t, Site> sites_;  // by call site (code address)
  std::vector<Counts*> current_;                   // by IU: the instance being reduced
  std::vector<const vm::Cell*> fresh_;             // by IU: its heap top when it began
  struct Maker {
    unsigned iu = 0;
    Counts* instance = nullptr;
  };
  std::unordered_map<const vm::Cell*, Maker> makers_;  // goals made, not yet reduced
};

}  // namespace fleng::kernel
