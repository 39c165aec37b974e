// The paper's conclusions checked against a sweep (see paper_checks.hpp). The criteria are
// bench/pie64_summary.py's, so the report and docs/evaluation-pie64.md agree on the same CSV.
#include "sweep/paper_checks.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

namespace fleng::sweep {

namespace {

struct Metrics {
  double run = 0, stall = 0, nip = 0, rate = 0, makespan = 0;
};

using Key = std::tuple<long, std::string, long>;  // ius, static, threshold

/// The rows of one combination of the other swept parameters.
struct Group {
  std::string label;  // "" when nothing else is swept
  std::map<Key, Metrics> data;
  std::set<long> ius, thresholds;
  std::set<std::string> statics;
};

bool parse_long(const std::string& text, long& out) {
  try {
    std::size_t used = 0;
    out = std::stol(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}

bool parse_double(const std::string& text, double& out) {
  try {
    std::size_t used = 0;
    out = std::stod(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}

double ratio(double a, double b) { return b != 0 ? a / b : (a == 0 ? 1.0 : 1e300); }

double communication(const Metrics& m) { return m.stall + m.nip; }

std::string millions(double cycles) { return fmt::format("{:.2f} M", cycles / 1e6); }

Verdict from_hits(int hits, int total) {
  if (total == 0) return Verdict::NotChecked;
  if (hits == total) return Verdict::Holds;
  return hits == 0 ? Verdict::Fails : Verdict::Partly;
}

const Metrics* find(const Group& g, long ius, const std::string& st, long threshold) {
  const auto it = g.data.find({ius, st, threshold});
  return it == g.data.end() ? nullptr : &it->second;
}

std::string range(const std::vector<double>& values) {
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  return fmt::format("{:.2f}-{:.2f}", *lo, *hi);
}

std::vector<PaperCheck> checks_of(const Group& g) {
  std::vector<PaperCheck> out;
  const std::vector<long> ius(g.ius.begin(), g.ius.end());
  const std::vector<long> thresholds(g.thresholds.begin(), g.thresholds.end());
  const bool both_statics = g.statics.contains("on") && g.statics.contains("off");
  const long lo = thresholds.empty() ? 0 : thresholds.front();
  const long hi = thresholds.empty() ? 0 : thresholds.back();
  auto missing = [](PaperCheck& c, const std::string& why) {
    c.verdict = Verdict::NotChecked;
    c.details.push_back(why);
  };

  {
    PaperCheck c{"(a) static partitioning reduces UNIRED stall and NIP time",
                 "static on below static off in both, at the same IU count and threshold"};
    if (!both_statics) {
      missing(c, "needs static off and on (--static off,on)");
    } else {
      for (const long n : ius) {
        std::vector<double> stall, nip;
        int hits = 0;
        for (const long t : thresholds) {
          const auto* on = find(g, n, "on", t);
          const auto* off = find(g, n, "off", t);
          if (on == nullptr || off == nullptr) continue;
          stall.push_back(ratio(on->stall, off->stall));
          nip.push_back(ratio(on->nip, off->nip));
          hits += stall.back() < 1 && nip.back() < 1;
        }
        if (stall.empty()) continue;
        c.hits += hits;
        c.total += static_cast<int>(stall.size());
        c.details.push_back(fmt::format("{} IUs: both lower at {} of {} thresholds; on/off stall {}, NIP {}",
                                        n, hits, stall.size(), range(stall), range(nip)));
      }
      c.verdict = from_hits(c.hits, c.total);
      if (c.total == 0) c.details.push_back("no threshold has both static settings");
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(b) lowering the threshold reduces NIP and stall time",
                 fmt::format("threshold {} at least 2% below threshold {} in both", lo, hi)};
    if (thresholds.size() < 2) {
      missing(c, "needs two thresholds at least (--thresholds)");
    } else {
      for (const long n : ius) {
        for (const auto& st : g.statics) {
          const auto* a = find(g, n, st, lo);
          const auto* b = find(g, n, st, hi);
          if (a == nullptr || b == nullptr) continue;
          const double rs = ratio(a->stall, b->stall), rn = ratio(a->nip, b->nip);
          c.hits += rs < 0.98 && rn < 0.98;
          ++c.total;
          c.details.push_back(fmt::format("{} IUs static {}: threshold {}/{} stall {:.2f}, NIP {:.2f}",
                                          n, st, lo, hi, rs, rn));
        }
      }
      c.verdict = from_hits(c.hits, c.total);
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(c) without static partitioning, lowering the threshold raises the suspension "
                 "rate and UNIRED running time",
                 fmt::format("static off: threshold {} above threshold {} in both", lo, hi)};
    if (thresholds.size() < 2 || !g.statics.contains("off")) {
      missing(c, "needs static off and two thresholds at least");
    } else {
      for (const long n : ius) {
        const auto* a = find(g, n, "off", lo);
        const auto* b = find(g, n, "off", hi);
        if (a == nullptr || b == nullptr) continue;
        const double rr = ratio(a->run, b->run);
        c.hits += a->rate > b->rate && rr > 1;
        ++c.total;
        c.details.push_back(fmt::format(
            "{} IUs: suspension rate {:.3f} at threshold {}, {:.3f} at {}; UNIRED run {}/{} {:.2f}", n,
            a->rate, lo, b->rate, hi, lo, hi, rr));
      }
      c.verdict = from_hits(c.hits, c.total);
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(d) the effect of dynamic partitioning shrinks as the IUs grow",
                 "the spread of stall+NIP time over the thresholds does not grow with the IU count"};
    if (ius.size() < 2 || thresholds.size() < 2) {
      missing(c, "needs two IU counts and two thresholds at least");
    } else {
      for (const auto& st : g.statics) {
        std::vector<std::string> parts;
        std::vector<double> spreads;
        for (const long n : ius) {
          std::vector<double> values;
          for (const long t : thresholds) {
            if (const auto* m = find(g, n, st, t)) values.push_back(communication(*m));
          }
          if (values.empty()) continue;
          const auto [low, high] = std::minmax_element(values.begin(), values.end());
          spreads.push_back(*high > 0 ? (*high - *low) / *high : 0);
          parts.push_back(fmt::format("{} IUs {:.0f}%", n, spreads.back() * 100));
        }
        bool holds = true;
        for (std::size_t i = 0; i + 1 < spreads.size(); ++i) holds = holds && spreads[i] >= spreads[i + 1];
        c.hits += holds;
        ++c.total;
        c.details.push_back(fmt::format("static {}: spread {}", st, fmt::join(parts, ", ")));
      }
      c.verdict = from_hits(c.hits, c.total);
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(e) static partitioning matters most when concurrency is low against the IUs",
                 "the saving of static on over off in stall+NIP time (all thresholds) grows with "
                 "the IU count and is positive on the most IUs"};
    if (!both_statics || ius.size() < 2) {
      missing(c, "needs static off and on and two IU counts at least");
    } else {
      std::vector<double> gains;
      std::vector<std::string> parts;
      for (const long n : ius) {
        double on = 0, off = 0;
        for (const long t : thresholds) {
          const auto* a = find(g, n, "on", t);
          const auto* b = find(g, n, "off", t);
          if (a == nullptr || b == nullptr) continue;
          on += communication(*a);
          off += communication(*b);
        }
        if (off == 0) continue;
        gains.push_back(1 - on / off);
        parts.push_back(fmt::format("{} IUs {:+.0f}%", n, gains.back() * 100));
      }
      bool holds = !gains.empty() && gains.back() > 0;
      for (std::size_t i = 0; i + 1 < gains.size(); ++i) holds = holds && gains[i] <= gains[i + 1];
      c.hits = holds;
      c.total = 1;
      c.verdict = from_hits(c.hits, c.total);
      c.details.push_back("saving of static on over off in stall+NIP: " + fmt::format("{}", fmt::join(parts, ", ")));
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(f) without annotations, dynamic partitioning shortens the run (makespan, not "
                 "in the paper)",
                 fmt::format("static off: the best threshold's makespan at least 2% below "
                             "threshold {}'s (which distributes whenever any IU is below it)", hi)};
    if (thresholds.size() < 2 || !g.statics.contains("off")) {
      missing(c, "needs static off and two thresholds at least");
    } else {
      for (const long n : ius) {
        const Metrics* best = nullptr;
        long best_t = 0;
        for (const long t : thresholds) {
          const auto* m = find(g, n, "off", t);
          if (m != nullptr && (best == nullptr || m->makespan < best->makespan)) {
            best = m;
            best_t = t;
          }
        }
        const auto* top = find(g, n, "off", hi);
        if (best == nullptr || top == nullptr) continue;
        const double r = ratio(best->makespan, top->makespan);
        c.hits += r < 0.98;
        ++c.total;
        c.details.push_back(fmt::format("{} IUs: {} cycles at threshold {}, {} at {} ({:.2f}x)", n,
                                        millions(best->makespan), best_t, millions(top->makespan), hi, r));
      }
      c.verdict = from_hits(c.hits, c.total);
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"(g) static partitioning shortens the run (makespan, not in the paper)",
                 "the best makespan with static on below the best with static off, per IU count"};
    if (!both_statics) {
      missing(c, "needs static off and on (--static off,on)");
    } else {
      for (const long n : ius) {
        double best[2] = {0, 0};
        bool seen[2] = {false, false};
        for (const long t : thresholds) {
          for (int s = 0; s < 2; ++s) {
            if (const auto* m = find(g, n, s == 0 ? "off" : "on", t)) {
              if (!seen[s] || m->makespan < best[s]) best[s] = m->makespan;
              seen[s] = true;
            }
          }
        }
        if (!seen[0] || !seen[1]) continue;
        c.hits += best[1] < best[0];
        ++c.total;
        c.details.push_back(fmt::format("{} IUs: static on {} cycles, off {} ({:.2f}x)", n,
                                        millions(best[1]), millions(best[0]), ratio(best[1], best[0])));
      }
      c.verdict = from_hits(c.hits, c.total);
    }
    out.push_back(std::move(c));
  }
  {
    PaperCheck c{"Best thresholds (makespan)",
                 "the thresholds whose makespan is within 5% of the shortest, per IU count and "
                 "static setting"};
    c.verdict = Verdict::Information;
    for (const long n : ius) {
      for (const auto& st : g.statics) {
        std::vector<std::pair<long, double>> values;
        for (const long t : thresholds) {
          if (const auto* m = find(g, n, st, t)) values.emplace_back(t, m->makespan);
        }
        if (values.empty()) continue;
        const auto best = *std::min_element(values.begin(), values.end(),
                                            [](const auto& a, const auto& b) { return a.second < b.second; });
        std::vector<long> near;
        for (const auto& [t, v] : values) {
          if (v <= best.second * 1.05) near.push_back(t);
        }
        const std::string which = near.size() == values.size()
                                      ? std::string("every threshold")
                                      : (near.size() == 1 ? fmt::format("threshold {}", near.front())
                                                          : fmt::format("thresholds {}", fmt::join(near, ", ")));
        c.details.push_back(fmt::format("{} IUs static {}: {} (shortest {} cycles at threshold {})", n,
                                        st, which, millions(best.second), best.first));
      }
    }
    if (c.details.empty()) missing(c, "no successful configuration");
    out.push_back(std::move(c));
  }
  if (!g.label.empty()) {
    for (auto& c : out) c.name += " [" + g.label + "]";
  }
  return out;
}

}  // namespace

std::string verdict_text(const PaperCheck& check) {
  switch (check.verdict) {
    case Verdict::Holds: return "holds";
    case Verdict::Partly: return fmt::format("partly ({} of {})", check.hits, check.total);
    case Verdict::Fails: return "does not hold";
    case Verdict::NotChecked: return "not checked";
    case Verdict::Information: return "measured";
  }
  return "";
}

std::vector<PaperCheck> check_paper_conclusions(const CsvTable& table, std::size_t parameter_count) {
  const int c_ius = table.column("ius"), c_static = table.column("static");
  const int c_threshold = table.column("threshold"), c_exit = table.column("exit_code");
  const char* metric_names[] = {"unired_run_cycles", "unired_stall_cycles", "nip_run_cycles",
                                "suspension_rate", "makespan_cycles"};
  int c_metric[5];
  std::vector<std::string> absent;
  for (int i = 0; i < 5; ++i) {
    c_metric[i] = table.column(metric_names[i]);
    if (c_metric[i] < 0) absent.emplace_back(metric_names[i]);
  }
  for (const auto& [c, name] : {std::pair{c_ius, "ius"}, std::pair{c_static, "static"},
                                std::pair{c_threshold, "threshold"}, std::pair{c_exit, "exit_code"}}) {
    if (c < 0) absent.emplace_back(name);
  }
  if (!absent.empty()) {
    PaperCheck c{"The paper's conclusions", "need the simulator's statistics of every configuration"};
    c.details.push_back(fmt::format("the results have no column {}", fmt::join(absent, ", ")));
    return {c};
  }
  std::vector<std::size_t> other;
  for (std::size_t c = 0; c < parameter_count && c < table.header.size(); ++c) {
    if (static_cast<int>(c) != c_ius && static_cast<int>(c) != c_static &&
        static_cast<int>(c) != c_threshold) {
      other.push_back(c);
    }
  }
  std::vector<Group> groups;
  std::map<std::string, std::size_t> index;
  auto at = [](const CsvRow& row, int c) -> const std::string& { return row[static_cast<std::size_t>(c)]; };
  for (const auto& row : table.rows) {
    if (at(row, c_exit) != "0") continue;
    std::string label;
    for (const auto c : other) {
      if (!label.empty()) label += ' ';
      label += table.header[c] + "=" + row[c];
    }
    long ius = 0, threshold = 0;
    Metrics m;
    double* fields[] = {&m.run, &m.stall, &m.nip, &m.rate, &m.makespan};
    bool ok = parse_long(at(row, c_ius), ius) && parse_long(at(row, c_threshold), threshold);
    for (int i = 0; i < 5 && ok; ++i) ok = parse_double(at(row, c_metric[i]), *fields[i]);
    if (!ok) continue;
    auto [it, added] = index.emplace(label, groups.size());
    if (added) groups.push_back(Group{label, {}, {}, {}, {}});
    auto& g = groups[it->second];
    g.data[{ius, at(row, c_static), threshold}] = m;
    g.ius.insert(ius);
    g.thresholds.insert(threshold);
    g.statics.insert(at(row, c_static));
  }
  if (groups.empty()) {
    PaperCheck c{"The paper's conclusions", "need successful configurations"};
    c.details.push_back("no configuration ran to the end (exit code 0)");
    return {c};
  }
  std::vector<PaperCheck> out;
  for (const auto& g : groups) {
    auto checks = checks_of(g);
    out.insert(out.end(), std::make_move_iterator(checks.begin()), std::make_move_iterator(checks.end()));
  }
  return out;
}

}  // namespace fleng::sweep
