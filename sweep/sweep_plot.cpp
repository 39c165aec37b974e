// gnuplot figures of a sweep (see sweep_plot.hpp).
#include "sweep/sweep_plot.hpp"

#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

extern char** environ;

namespace fleng::sweep {

namespace {

struct Point {
  double threshold = 0;
  double run = 0, stall = 0, nip = 0, rate = 0, makespan = 0;
};

/// One line of a panel: the points of one IU count, one static setting and one combination of
/// the other swept parameters.
struct Series {
  std::string ius, static_on, label;
  std::vector<Point> points;
};

double number(const std::string& text, const std::string& column) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  throw std::runtime_error(fmt::format("column {}: '{}' is not a number", column, text));
}

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '_' || c == '^' || c == '{' || c == '}' || c == '@' || c == '&' || c == '~') {
      out += '\\';
      out += '\\';
    }
    out += c;
  }
  return out;
}

std::string block_name(std::size_t index) { return fmt::format("$s{}", index); }

/// The plotting commands (without terminal and output) for one IU count.
std::string ius_figure(const std::vector<Series>& all, const std::vector<std::size_t>& members,
                       const std::vector<std::string>& statics, const std::string& ius,
                       const std::string& title, const std::string& xtics) {
  struct Panel {
    const char* label;
    double Point::*field;
    double scale;
  };
  const Panel panels[] = {{"UNIRED running (Mcycles)", &Point::run, 1e-6},
                          {"UNIRED stall (Mcycles)", &Point::stall, 1e-6},
                          {"NIP running (Mcycles)", &Point::nip, 1e-6},
                          {"suspension rate", &Point::rate, 1}};
  const int columns_in_data[] = {2, 3, 4, 5};
  std::string s;
  s += fmt::format("set multiplot layout 4,{} columnsfirst title \"{}\" font \",13\"\n",
                   statics.size(), escape(fmt::format("Effects of load partitioning ({} IUs): {}", ius, title)));
  for (const auto& st : statics) {
    for (std::size_t p = 0; p < 4; ++p) {
      double top = 0;
      for (const auto m : members) {
        for (const auto& pt : all[m].points) top = std::max(top, pt.*(panels[p].field) * panels[p].scale);
      }
      s += fmt::format("set title \"static {}\"\n", st);
      s += fmt::format("set ylabel \"{}\"\n", panels[p].label);
      s += p == 3 ? "set xlabel \"dynamic-partitioning threshold\"\n" : "unset xlabel\n";
      s += fmt::format("set yrange [0:{}]\n", top > 0 ? top * 1.08 : 1.0);
      s += fmt::format("set xtics ({}) rotate by -50 font \",8\"\n", xtics);
      std::string plots;
      for (const auto m : members) {
        if (all[m].static_on != st) continue;
        if (!plots.empty()) plots += ", ";
        plots += fmt::format("{} using 1:{} with linespoints title \"{}\"", block_name(m),
                             columns_in_data[p], escape(all[m].label));
      }
      s += "plot " + (plots.empty() ? std::string("NaN notitle") : plots) + "\n";
    }
  }
  s += "unset multiplot\n";
  return s;
}

std::string makespan_figure(const std::vector<Series>& all, const std::string& title,
                            const std::string& xtics) {
  // One panel, so that static off and on are read on the same axis: a colour per IU count,
  // solid lines for static off, dashed for on.
  std::string s;
  s += fmt::format("set title \"{}\" font \",13\"\n",
                   escape("Makespan (overall execution time): " + title));
  s += "set ylabel \"makespan (Mcycles)\"\nset xlabel \"dynamic-partitioning threshold\"\n";
  s += "set logscale y\nset autoscale y\nset key outside right top\n";
  s += fmt::format("set xtics ({})\n", xtics);
  std::vector<std::string> ius_order;
  for (const auto& series : all) {
    if (std::find(ius_order.begin(), ius_order.end(), series.ius) == ius_order.end()) {
      ius_order.push_back(series.ius);
    }
  }
  std::string plots;
  for (std::size_t m = 0; m < all.size(); ++m) {
    const auto colour = std::find(ius_order.begin(), ius_order.end(), all[m].ius) - ius_order.begin() + 1;
    if (!plots.empty()) plots += ", ";
    std::string label = fmt::format("{} IUs, static {}", all[m].ius, all[m].static_on);
    if (!all[m].label.empty()) label += " " + all[m].label;
    plots += fmt::format("{} using 1:6 with linespoints linecolor {} dashtype {} title \"{}\"",
                         block_name(m), colour, all[m].static_on == "on" ? 2 : 1, escape(label));
  }
  s += "plot " + plots + "\n";
  s += "unset logscale y\nset key top right\n";
  return s;
}

/// Runs gnuplot on a script; throws when it cannot be run or fails.
void run_gnuplot(const std::string& script_path) {
  pid_t pid = 0;
  std::string program = "gnuplot";
  std::vector<char*> argv = {program.data(), const_cast<char*>(script_path.c_str()), nullptr};
  if (const int rc = posix_spawnp(&pid, "gnuplot", nullptr, nullptr, argv.data(), environ); rc != 0) {
    throw std::runtime_error(fmt::format("cannot run gnuplot ({}); install the gnuplot-nox package",
                                         std::strerror(rc)));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waiting for gnuplot failed");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error(fmt::format("gnuplot failed on {} (status {})", script_path, status));
  }
}

/// The IU counts of the table, in the order of its rows.
std::vector<std::string> ius_in_order(const CsvTable& table) {
  std::vector<std::string> ius_values;
  const int c_ius = table.column("ius");
  if (c_ius < 0) return ius_values;
  for (const auto& row : table.rows) {
    const auto& v = row[static_cast<std::size_t>(c_ius)];
    if (std::find(ius_values.begin(), ius_values.end(), v) == ius_values.end()) ius_values.push_back(v);
  }
  return ius_values;
}

}  // namespace

std::string plot_title(const Program& program) {
  std::string files;
  for (const auto& f : program.files) {
    if (!files.empty()) files += ' ';
    files += std::filesystem::path(f).filename().string();
  }
  return files + " " + program.goal;
}

std::string plot_script(const CsvTable& table, std::size_t parameter_count,
                        const std::string& svg_path, const std::string& title, bool with_png) {
  auto need = [&](const char* name) {
    const int c = table.column(name);
    if (c < 0) throw std::runtime_error(fmt::format("the results have no column '{}'", name));
    return static_cast<std::size_t>(c);
  };
  const auto c_ius = need("ius"), c_static = need("static"), c_threshold = need("threshold");
  const auto c_run = need("unired_run_cycles"), c_stall = need("unired_stall_cycles");
  const auto c_nip = need("nip_run_cycles"), c_rate = need("suspension_rate");
  const auto c_makespan = need("makespan_cycles"), c_exit = need("exit_code");

  std::vector<std::size_t> other;  // swept parameters that become separate lines
  for (std::size_t c = 0; c < parameter_count; ++c) {
    if (c != c_ius && c != c_static && c != c_threshold) other.push_back(c);
  }
  std::vector<Series> series;
  std::map<std::string, std::size_t> series_index;
  std::vector<std::string> ius_values, statics;
  std::set<double> thresholds;
  for (const auto& row : table.rows) {
    if (row[c_exit] != "0") continue;
    std::string label;
    for (const auto c : other) {
      if (!label.empty()) label += ' ';
      label += table.header[c] + "=" + row[c];
    }
    const std::string key = row[c_ius] + '\x1f' + row[c_static] + '\x1f' + label;
    auto [it, added] = series_index.emplace(key, series.size());
    if (added) series.push_back(Series{row[c_ius], row[c_static], label, {}});
    if (std::find(ius_values.begin(), ius_values.end(), row[c_ius]) == ius_values.end()) {
      ius_values.push_back(row[c_ius]);
    }
    if (std::find(statics.begin(), statics.end(), row[c_static]) == statics.end()) {
      statics.push_back(row[c_static]);
    }
    Point p;
    p.threshold = number(row[c_threshold], "threshold");
    p.run = number(row[c_run], "unired_run_cycles");
    p.stall = number(row[c_stall], "unired_stall_cycles");
    p.nip = number(row[c_nip], "nip_run_cycles");
    p.rate = number(row[c_rate], "suspension_rate");
    p.makespan = number(row[c_makespan], "makespan_cycles");
    thresholds.insert(p.threshold);
    series[it->second].points.push_back(p);
  }
  if (series.empty()) throw std::runtime_error("no successful configuration to plot");
  // The paper's order: static off on the left.
  std::sort(statics.begin(), statics.end(), [](const std::string& a, const std::string& b) {
    return (a == "off" ? 0 : 1) < (b == "off" ? 0 : 1);
  });
  std::string xtics;
  for (const double t : thresholds) {
    if (!xtics.empty()) xtics += ", ";
    xtics += fmt::format("\"{}\" {}", t, t);
  }

  std::string s = "# gnuplot script written by `fleng sweep --plot`; run: gnuplot THIS_FILE\n";
  for (std::size_t i = 0; i < series.size(); ++i) {
    auto& points = series[i].points;
    std::sort(points.begin(), points.end(),
              [](const Point& a, const Point& b) { return a.threshold < b.threshold; });
    s += fmt::format("# ius={} static={} {}\n", series[i].ius, series[i].static_on, series[i].label);
    s += block_name(i) + " << EOD\n";
    s += "# threshold unired_run_Mcycles unired_stall_Mcycles nip_run_Mcycles suspension_rate makespan_Mcycles\n";
    for (const auto& p : points) {
      s += fmt::format("{} {} {} {} {} {}\n", p.threshold, p.run * 1e-6, p.stall * 1e-6,
                       p.nip * 1e-6, p.rate, p.makespan * 1e-6);
    }
    s += "EOD\n";
  }
  s += "set logscale x 2\nset grid\nset key top right font \",9\"\nset pointsize 0.8\n";
  s += "set offsets graph 0.03, graph 0.03, 0, 0\n";

  const std::filesystem::path svg(svg_path);
  const auto stem = (svg.parent_path() / svg.stem()).string();
  struct Terminal {
    const char* setting;
    const char* extension;
  };
  std::vector<Terminal> terminals = {{"svg enhanced background rgb 'white'", ".svg"}};
  if (with_png) terminals.push_back({"pngcairo enhanced", ".png"});
  for (const auto& ius : ius_values) {
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < series.size(); ++i) {
      if (series[i].ius == ius) members.push_back(i);
    }
    const int height = 1100;
    const int width = statics.size() > 1 ? 1000 : 560;
    for (const auto& t : terminals) {
      s += fmt::format("set terminal {} size {},{}\n", t.setting, width, height);
      s += fmt::format("set output \"{}\"\n", escape(fmt::format("{}-{}ius{}", stem, ius, t.extension)));
      s += ius_figure(series, members, statics, ius, title, xtics);
    }
  }
  for (const auto& t : terminals) {
    s += fmt::format("set terminal {} size 900,500\n", t.setting);
    s += fmt::format("set output \"{}\"\n", escape(stem + t.extension));
    s += makespan_figure(series, title, xtics);
  }
  s += "set output\n";
  return s;
}

std::vector<std::string> plot_sweep(const CsvTable& table, std::size_t parameter_count,
                                    const std::string& svg_path, const std::string& title) {
  const std::string script = plot_script(table, parameter_count, svg_path, title, true);
  const std::filesystem::path svg(svg_path);
  const std::string script_path = (svg.parent_path() / svg.stem()).string() + ".gp";
  {
    std::ofstream out(script_path, std::ios::trunc);
    out << script;
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write", script_path));
  }
  run_gnuplot(script_path);
  std::vector<std::string> written;
  const std::string stem = (svg.parent_path() / svg.stem()).string();
  for (const auto& ius : ius_in_order(table)) {
    for (const char* ext : {".svg", ".png"}) {
      const auto path = fmt::format("{}-{}ius{}", stem, ius, ext);
      if (std::filesystem::exists(path)) written.push_back(path);
    }
  }
  for (const char* ext : {".svg", ".png"}) written.push_back(stem + ext);
  written.push_back(script_path);
  return written;
}

std::vector<SvgFigure> svg_figures(const CsvTable& table, std::size_t parameter_count,
                                   const std::string& title) {
  // gnuplot writes into a directory of our own, removed whatever happens.
  std::string pattern = (std::filesystem::temp_directory_path() / "fleng-report-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error(fmt::format("cannot make a temporary directory: {}", std::strerror(errno)));
  }
  const std::filesystem::path dir(pattern);
  struct Remove {
    std::filesystem::path dir;
    ~Remove() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  } cleanup{dir};
  const std::string svg_path = (dir / "figure.svg").string();
  const std::string script_path = (dir / "figure.gp").string();
  {
    std::ofstream out(script_path, std::ios::trunc);
    out << plot_script(table, parameter_count, svg_path, title, false);
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write", script_path));
  }
  run_gnuplot(script_path);
  auto read = [](const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(fmt::format("gnuplot wrote no {}", path.filename().string()));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  std::vector<SvgFigure> figures;
  const int c_exit = table.column("exit_code");
  for (const auto& ius : ius_in_order(table)) {
    const auto path = dir / fmt::format("figure-{}ius.svg", ius);
    // An IU count whose configurations all failed has no figure.
    bool drawn = false;
    for (const auto& row : table.rows) {
      drawn = drawn || (row[static_cast<std::size_t>(table.column("ius"))] == ius &&
                        (c_exit < 0 || row[static_cast<std::size_t>(c_exit)] == "0"));
    }
    if (!drawn) continue;
    figures.push_back({fmt::format("{} IUs: UNIRED running and stall time, NIP running time and "
                                   "suspension rate against the threshold (the paper's Figures 10-12)",
                                   ius),
                       read(path)});
  }
  figures.push_back({"Makespan of every configuration against the threshold (static off solid, on dashed)",
                     read(dir / "figure.svg")});
  return figures;
}

}  // namespace fleng::sweep
