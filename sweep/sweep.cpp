// The sweep driver (see sweep.hpp).
#include "sweep/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <chrono>
#include <mutex>
#include <optional>
#include <ostream>

#include <fmt/format.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for_each.h>
#include <oneapi/tbb/task_arena.h>

#include "kernel/session.hpp"
#include "sweep/csv.hpp"
#include "sweep/output_paths.hpp"
#include "sweep/progress.hpp"
#include "sweep/paper_checks.hpp"
#include "sweep/sweep_plot.hpp"
#include "sweep/sweep_report.hpp"
#include "sweep/sweep_ranks.hpp"
#include "sweep/sweep_results.hpp"

namespace fleng::sweep {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_sweep_interrupt(int) { g_interrupted.store(true); }

std::string row_key(const std::vector<std::string>& parameters) {
  std::string key;
  for (const auto& value : parameters) {
    key += value;
    key += '\x1f';
  }
  return key;
}

/// The CSV file as it grows: rows appended and flushed as configurations finish, so that an
/// interrupted sweep keeps what it ran. The header waits for the first statistics (their keys
/// make the columns) unless the file already has one (resume).
class ResultsFile {
 public:
  ResultsFile(std::string path, std::vector<std::string> parameter_columns,
              std::optional<CsvRow> header)
      : path_(std::move(path)),
        parameter_columns_(std::move(parameter_columns)),
        header_(std::move(header)) {
    out_.open(path_, header_ ? std::ios::app | std::ios::binary : std::ios::trunc | std::ios::binary);
    if (!out_) throw std::runtime_error(fmt::format("{}: cannot write", path_));
  }

  void add(const std::vector<std::string>& parameters, const ConfigurationResult& result) {
    const std::lock_guard lock(mutex_);
    if (!header_) {
      if (result.statistics.is_null()) {
        pending_.emplace_back(parameters, result);
        return;
      }
      write_header(results_header(parameter_columns_, result.statistics));
    }
    write(parameters, result);
  }

  /// Writes what still waits for a header (every run failed before it had statistics).
  void finish() {
    const std::lock_guard lock(mutex_);
    if (!header_) write_header(results_header(parameter_columns_, nullptr));
    out_.close();
    if (!out_) throw std::runtime_error(fmt::format("{}: write failed", path_));
  }

 private:
  void write_header(CsvRow header) {
    header_ = std::move(header);
    out_ << csv_line(*header_);
    for (const auto& [parameters, result] : pending_) write(parameters, result);
    pending_.clear();
    out_.flush();
  }
  void write(const std::vector<std::string>& parameters, const ConfigurationResult& result) {
    out_ << csv_line(results_row(*header_, parameters, result)) << std::flush;
    if (!out_) throw std::runtime_error(fmt::format("{}: write failed", path_));
  }

  std::string path_;
  std::vector<std::string> parameter_columns_;
  std::optional<CsvRow> header_;
  std::vector<std::pair<std::vector<std::string>, ConfigurationResult>> pending_;
  std::ofstream out_;
  std::mutex mutex_;
};

/// Rewrites the file with the planned configurations first, in the plan's order, then any
/// other rows it holds (from an earlier, different sweep), in their order. Atomic (rename).
CsvTable put_in_order(const std::string& path, const std::vector<Configuration>& configurations,
                      std::size_t parameter_count) {
  CsvTable table = read_csv_file(path);
  std::map<std::string, std::size_t> position;
  for (const auto& c : configurations) position.emplace(row_key(c.values), c.index);
  auto rank = [&](const CsvRow& row) {
    const auto it = position.find(
        row_key({row.begin(), row.begin() + static_cast<long>(parameter_count)}));
    return it == position.end() ? configurations.size() : it->second;
  };
  std::stable_sort(table.rows.begin(), table.rows.end(),
                   [&](const CsvRow& a, const CsvRow& b) { return rank(a) < rank(b); });
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc | std::ios::binary);
    out << csv_line(table.header);
    for (const auto& row : table.rows) out << csv_line(row);
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: write failed", temporary));
  }
  std::filesystem::rename(temporary, path);
  return table;
}

void write_json(const std::string& path, const CsvTable& table, std::size_t parameter_count,
                const std::map<std::string, ConfigurationResult>& fresh) {
  const std::vector<std::string> parameter_columns(
      table.header.begin(), table.header.begin() + static_cast<long>(parameter_count));
  // Entries of an earlier JSON file keep their full statistics (per IU) when a resumed sweep
  // rewrites it; a file that does not parse is simply replaced.
  std::map<std::string, nlohmann::json> earlier;
  if (std::ifstream in(path); in) {
    try {
      const auto old = nlohmann::json::parse(in);
      for (const auto& entry : old.at("results")) {
        std::vector<std::string> values;
        for (const auto& column : parameter_columns) {
          const auto& value = entry.at("parameters").at(column);
          values.push_back(value.is_string() ? value.get<std::string>() : value.dump());
        }
        earlier[row_key(values)] = entry;
      }
    } catch (const std::exception&) {
      earlier.clear();
    }
  }
  nlohmann::json results = nlohmann::json::array();
  for (const auto& row : table.rows) {
    const auto key = row_key({row.begin(), row.begin() + static_cast<long>(parameter_count)});
    auto entry = row_to_json(table.header, row, parameter_count);
    if (const auto it = fresh.find(key); it != fresh.end()) {
      if (!it->second.statistics.is_null()) entry["statistics"] = it->second.statistics;
      entry["output"] = it->second.output;
    } else if (const auto old = earlier.find(key); old != earlier.end()) {
      entry = old->second;
    }
    results.push_back(std::move(entry));
  }
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << nlohmann::json{{"parameters", parameter_columns}, {"results", results}}.dump(1) << '\n';
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: write failed", temporary));
  }
  std::filesystem::rename(temporary, path);
}

unsigned host_threads(const SweepOptions& options) {
  return options.jobs > 0 ? options.jobs
                          : static_cast<unsigned>(oneapi::tbb::info::default_concurrency());
}

/// Every configuration's machine, or the error of the first that is wrong.
std::vector<kernel::MachineDescription> configuration_machines(
    const SweepOptions& options, const std::vector<Configuration>& configurations) {
  std::vector<kernel::MachineDescription> machines;
  for (const auto& c : configurations) machines.push_back(options.plan.machine(options.base, c));
  return machines;
}

}  // namespace

int run_sweep(const SweepOptions& options, std::ostream& log, bool terminal, SweepRanks* ranks) {
  const unsigned jobs = host_threads(options);
  // An error before the configurations run; the other ranks (if any) are told to stop, or, once
  // started, to finish without work.
  auto fail = [&](const std::string& message) {
    const std::string line = fmt::format("fleng: {}\n", message);
    log << line;
    if (ranks != nullptr) {
      if (!ranks->started()) {
        ranks->start(log, line, jobs);
      } else {
        ranks->lead({}, jobs, [](std::size_t) { return ConfigurationResult{}; },
                    [](std::size_t, ConfigurationResult, int) {}, g_interrupted);
      }
    }
    return 1;
  };
  // The output files first: a sweep must not run for hours and then find it cannot write.
  try {
    check_output_paths({options.csv_path, options.json_path, options.plot_path, options.report_path});
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  const auto& plan = options.plan;
  const auto configurations = plan.configurations();
  std::vector<std::string> parameter_columns;
  for (const auto& d : plan.dimensions()) parameter_columns.push_back(d.column);
  const std::size_t parameter_count = parameter_columns.size();

  // Every configuration's machine first: a bad value stops the sweep before anything runs.
  std::vector<kernel::MachineDescription> machines;
  try {
    machines = configuration_machines(options, configurations);
  } catch (const std::exception& e) {
    return fail(e.what());
  }

  // Resume: the rows already in the file are kept and their configurations skipped.
  std::optional<CsvRow> header;
  std::map<std::string, bool> done;
  if (options.resume && std::filesystem::exists(options.csv_path)) {
    try {
      const auto table = read_csv_file(options.csv_path);
      if (table.header.size() < parameter_count ||
          !std::equal(parameter_columns.begin(), parameter_columns.end(), table.header.begin())) {
        return fail(fmt::format(
            "{} does not start with the columns of this sweep ({}); remove it or "
            "run without --resume",
            options.csv_path, fmt::join(parameter_columns, ",")));
      }
      header = table.header;
      for (const auto& row : table.rows) {
        done[row_key({row.begin(), row.begin() + static_cast<long>(parameter_count)})] = true;
      }
    } catch (const std::exception& e) {
      return fail(fmt::format("cannot resume: {}", e.what()));
    }
  }

  // The longest simulations first (many IUs, naive partitioning), so that the last ones to
  // finish are short and every core stays busy to the end.
  std::vector<std::size_t> order;
  for (const auto& c : configurations) {
    if (!done.contains(row_key(c.values))) order.push_back(c.index);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto& ma = machines[a];
    const auto& mb = machines[b];
    if (ma.ius != mb.ius) return ma.ius > mb.ius;
    return !ma.static_partitioning && mb.static_partitioning;
  });
  const std::size_t skipped = configurations.size() - order.size();

  // Every rank is ready before the file is opened (which empties it unless resuming).
  if (ranks != nullptr && !ranks->start(log, "", jobs)) return 1;
  std::optional<ResultsFile> file;
  try {
    file.emplace(options.csv_path, parameter_columns, header);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (skipped > 0) {
    log << fmt::format("sweep: {} of {} configurations already in {}, skipped\n", skipped,
                       configurations.size(), options.csv_path);
  }

  Progress progress(log, terminal, order.size());
  std::map<std::string, ConfigurationResult> fresh;
  std::mutex fresh_mutex;
  std::atomic<std::size_t> failed{0};
  std::atomic<std::size_t> not_run{0};
  std::string write_error;
  const auto start = std::chrono::steady_clock::now();
  g_interrupted.store(false);
  const auto previous_handler = std::signal(SIGINT, on_sweep_interrupt);
  // One finished configuration (`rank` ran it, when the sweep is spread over ranks).
  auto record = [&](std::size_t index, ConfigurationResult result, int rank) {
    const auto& configuration = configurations[index];
    const bool bad = result.exit_code != 0;
    if (bad) failed.fetch_add(1);
    std::string what = plan.describe(configuration);
    what += bad ? fmt::format(": exit {} {}", result.exit_code, result.error)
                : fmt::format(": ok ({})", format_duration(result.host_seconds));
    if (ranks != nullptr) what += fmt::format(" on rank {}", rank);
    try {
      file->add(configuration.values, result);
    } catch (const std::exception& e) {
      const std::lock_guard lock(fresh_mutex);
      write_error = e.what();
      g_interrupted.store(true);
    }
    {
      const std::lock_guard lock(fresh_mutex);
      fresh.emplace(row_key(configuration.values), std::move(result));
    }
    progress.finished(what, bad);
  };
  auto run = [&](std::size_t index) { return run_configuration(options.program, machines[index]); };
  if (ranks != nullptr) {
    not_run.store(ranks->lead(order, jobs, run, record, g_interrupted).not_run);
  } else {
    oneapi::tbb::task_arena arena(static_cast<int>(jobs));
    arena.execute([&] {
      oneapi::tbb::parallel_for_each(order.begin(), order.end(), [&](std::size_t index) {
        if (g_interrupted.load()) {
          not_run.fetch_add(1);
          return;
        }
        record(index, run(index), 0);
      });
    });
  }
  std::signal(SIGINT, previous_handler);
  progress.close();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  CsvTable table;
  try {
    file->finish();
    if (!write_error.empty()) throw std::runtime_error(write_error);
    table = put_in_order(options.csv_path, configurations, parameter_count);
    if (!options.json_path.empty()) {
      write_json(options.json_path, table, parameter_count, fresh);
    }
  } catch (const std::exception& e) {
    log << "fleng: " << e.what() << '\n';
    return 1;
  }

  const std::string threads =
      ranks == nullptr ? fmt::format("{} host threads", jobs)
                       : fmt::format("{} ranks, {} host threads in all", ranks->size(),
                                     ranks->threads_in_all());
  log << fmt::format("sweep: {} configurations run in {} ({}), {} skipped, {} failed; "
                     "results in {}\n",
                     order.size() - not_run.load(), format_duration(elapsed), threads, skipped,
                     failed.load(), options.csv_path);
  if (not_run.load() > 0) {
    log << fmt::format("sweep: interrupted, {} configurations not run (--resume runs them)\n",
                       not_run.load());
    return 1;
  }
  if (!options.plot_path.empty()) {
    try {
      for (const auto& written : plot_sweep(table, parameter_count, options.plot_path,
                                            plot_title(options.program))) {
        log << "sweep: wrote " << written << '\n';
      }
    } catch (const std::exception& e) {
      log << "fleng: plot: " << e.what() << '\n';
      return 1;
    }
  }
  if (!options.report_path.empty()) {
    try {
      ReportInput report;
      report.title = plot_title(options.program);
      report.command_line = options.command_line;
      report.made = utc_now();
      report.host = host_description();
      report.machine = options.base.to_json();
      for (const auto& d : plan.dimensions()) {
        report.swept.push_back(fmt::format("{}={}", d.column, fmt::join(d.values, ",")));
      }
      report.checks = check_paper_conclusions(table, parameter_count);
      bool any_ok = false;
      const int c_exit = table.column("exit_code");
      for (const auto& row : table.rows) {
        any_ok = any_ok || (c_exit >= 0 && row[static_cast<std::size_t>(c_exit)] == "0");
      }
      if (any_ok) report.figures = svg_figures(table, parameter_count, report.title);
      report.table = std::move(table);
      report.parameter_count = parameter_count;
      write_report(options.report_path, report);
      log << "sweep: wrote " << options.report_path << '\n';
    } catch (const std::exception& e) {
      log << "fleng: report: " << e.what() << '\n';
      return 1;
    }
  }
  return failed.load() > 0 ? 1 : 0;
}


int follow_sweep(const SweepOptions& options, SweepRanks& ranks) {
  const unsigned jobs = host_threads(options);
  const auto configurations = options.plan.configurations();
  std::vector<kernel::MachineDescription> machines;
  std::string error;
  try {
    machines = configuration_machines(options, configurations);
  } catch (const std::exception& e) {
    error = fmt::format("fleng: {}\n", e.what());  // rank 0 finds it too, and reports it
  }
  // Told to stop while ready itself: rank 0 has the error and the job's exit status.
  if (!ranks.start(std::cerr, error, jobs)) return error.empty() ? 0 : 1;
  g_interrupted.store(false);
  const auto previous_handler = std::signal(SIGINT, on_sweep_interrupt);
  ranks.follow(
      jobs,
      [&](std::size_t index) {
        if (index >= machines.size()) {
          ConfigurationResult wrong;
          wrong.exit_code = kernel::kExitError;
          wrong.error = fmt::format("internal error: no configuration {}", index);
          return wrong;
        }
        return run_configuration(options.program, machines[index]);
      },
      g_interrupted);
  std::signal(SIGINT, previous_handler);
  return 0;
}

}  // namespace fleng::sweep
