// The inspector's counts (profile_recorder.hpp).
#include "kernel/profile_recorder.hpp"

#include <fmt/format.h>

#include "vm/goal_record.hpp"
#include "vm/terms.hpp"

namespace fleng::kernel {

namespace {

analyzer::WordsByIu sparse(const std::vector<std::uint64_t>& words) {
  analyzer::WordsByIu out;
  for (unsigned iu = 0; iu < words.size(); ++iu) {
    if (words[iu] != 0) out[iu] = words[iu];
  }
  return out;
}

}  // namespace

ProfileRecorder::ProfileRecorder(const vm::CodeImage& image, unsigned ius,
                                 std::map<std::string, std::uint32_t> key_arguments)
    : image_(image), ius_(ius), key_arguments_(std::move(key_arguments)), current_(ius, nullptr),
      fresh_(ius, nullptr) {}

ProfileRecorder::Counts& ProfileRecorder::instance(Site& site, std::optional<std::int64_t> key) {
  Counts* counts = nullptr;
  if (key) {
    counts = &site.keyed[*key];
  } else {
    if (!site.keyless) site.keyless.emplace();
    counts = &*site.keyless;
  }
  if (counts->ran_on.empty()) {
    counts->key = key;
    counts->ran_on.assign(ius_, 0);
    counts->made_on.assign(ius_, 0);
    counts->read.assign(ius_, 0);
    counts->written.assign(ius_, 0);
  }
  return *counts;
}

void ProfileRecorder::begin(unsigned iu, vm::Cell goal, const vm::Cell* fresh) {
  fresh_[iu] = fresh;
  const std::uint32_t call_site = vm::goal_record::call_site(goal);
  const vm::PredicateId predicate = vm::goal_record::predicate(goal);
  const std::uint32_t arity = vm::goal_record::arity(goal);
  Site& site = sites_[call_site];
  if (!site.seen) {
    site.predicate = predicate;
    site.seen = true;
  }
  // The key: the marked argument, else the first one if it is an integer now (the local deref:
  // looking for the key is the inspector's, not the reducer's, so it is not counted).
  std::optional<std::int64_t> key;
  if (key_by_predicate_.size() <= predicate) key_by_predicate_.resize(std::size_t{predicate} + 1);
  auto& marked = key_by_predicate_[predicate];
  if (!marked && !key_arguments_.empty()) {
    const auto& p = image_.predicates[predicate];
    const auto it = key_arguments_.find(fmt::format("{}/{}", p.name, p.arity));
    marked = it != key_arguments_.end() ? it->second : 0;
  }
  if (marked && *marked > 0) {
    if (*marked <= arity) {
      const vm::Cell v = vm::deref(vm::goal_record::arg(goal, *marked - 1));
      if (vm::is_integer(v)) key = vm::integer_value(v);
      site.key_argument = *marked;
    }
  } else {
    // Unmarked: the first argument that is an integer now (a loop index, as the paper's
    // iterations are keyed). A site whose keys do not tell its iterations apart (a step number
    // shared by the goals of every block) is found out by the executor: its goals of one key
    // are made on several IUs.
    for (std::uint32_t i = 0; i < arity; ++i) {
      const vm::Cell v = vm::deref(vm::goal_record::arg(goal, i));
      if (vm::is_integer(v)) {
        key = vm::integer_value(v);
        if (site.key_argument == 0) site.key_argument = i + 1;
        break;
      }
    }
  }
  Counts& counts = instance(site, key);
  ++counts.reductions;
  ++counts.ran_on[iu];
  // Where the goal was made: the IU that sent it, else this one (a first reduction only: the
  // state's generation counts its activations).
  const auto maker = makers_.find(vm::address_of(goal));
  unsigned made = iu;
  if (maker != makers_.end()) {
    made = maker->second.iu;
    Counts* by = maker->second.instance;
    if (counts.parent == nullptr && by != &counts && by != nullptr && key && by->key == key) {
      counts.parent = by;
    }
    makers_.erase(maker);
  }
  if (vm::goal_record::generation(vm::goal_record::state(goal)) == 0) ++counts.made_on[made];
  current_[iu] = &counts;
}

void ProfileRecorder::add_to(std::vector<analyzer::ProfileSite>& sites) const {
  std::map<std::uint32_t, const Site*> ordered;
  for (const auto& [address, site] : sites_) ordered[address] = &site;
  for (const auto& [address, site] : ordered) {
    const auto where = image_.goal_sites.find(address);
    if (where == image_.goal_sites.end()) continue;  // a goal the program did not write
    const vm::GoalSite& goal_site = where->second;
    if (goal_site.clause.starts_with("$query")) continue;
    const auto& p = image_.predicates[site->predicate];
    if (p.from_library || goal_site.clause.empty()) continue;
    analyzer::ProfileSite out;
    out.clause = goal_site.clause;
    out.ordinal = goal_site.ordinal;
    out.position = goal_site.position;
    out.goal = fmt::format("{}/{}", p.name, p.arity);
    const auto source = image_.call_sites.find(address);
    const std::string file = source != image_.call_sites.end() ? source->second.file : std::string{};
    out.source = fmt::format("{}:{}:{}", file, goal_site.span.begin.line, goal_site.span.begin.column);
    out.key_argument = site->key_argument;
    // Several runs: add to the site already there.
    analyzer::ProfileSite* target = nullptr;
    for (auto& s : sites) {
      if (s.clause == out.clause && s.ordinal == out.ordinal && s.position == out.position &&
          s.goal == out.goal) {
        target = &s;
      }
    }
    if (target == nullptr) {
      sites.push_back(std::move(out));
      target = &sites.back();
    }
    std::map<std::optional<std::int64_t>, std::size_t> index;
    for (std::size_t i = 0; i < target->instances.size(); ++i) index[target->instances[i].key] = i;
    const auto add = [&](std::optional<std::int64_t> key, const Counts& c) {
      const auto [it, fresh] = index.try_emplace(key, target->instances.size());
      if (fresh) target->instances.push_back(analyzer::ProfileInstance{key, 0, {}, {}, {}, {}});
      analyzer::ProfileInstance* in = &target->instances[it->second];
      in->reductions += c.reductions;
      for (const auto& [iu, n] : sparse(c.ran_on)) in->ran_on[iu] += n;
      for (const auto& [iu, n] : sparse(c.made_on)) in->made_on[iu] += n;
      for (const auto& [iu, n] : sparse(c.read)) in->read[iu] += n;
      for (const auto& [iu, n] : sparse(c.written)) in->written[iu] += n;
    };
    for (const auto& [key, counts] : site->keyed) add(key, counts);
    if (site->keyless) add(std::nullopt, *site->keyless);
  }
}

}  // namespace fleng::kernel
