// The HTML report of a sweep (see sweep_report.hpp).
#include "sweep/sweep_report.hpp"

#include <sys/utsname.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

namespace fleng::sweep {

namespace {

std::string html(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

/// gnuplot's file without its XML prologue, its ids prefixed with `prefix`.
std::string inline_svg(std::string svg, const std::string& prefix) {
  const auto start = svg.find("<svg");
  if (start == std::string::npos) throw std::runtime_error("gnuplot's figure has no <svg> element");
  svg.erase(0, start);
  for (const char quote : {'"', '\''}) {
    const std::string q(1, quote);
    replace_all(svg, " id=" + q, " id=" + q + prefix);
    replace_all(svg, "href=" + q + "#", "href=" + q + "#" + prefix);
  }
  replace_all(svg, "url(#", "url(#" + prefix);
  return svg;
}

const char* verdict_class(Verdict v) {
  switch (v) {
    case Verdict::Holds: return "holds";
    case Verdict::Partly: return "partly";
    case Verdict::Fails: return "fails";
    case Verdict::NotChecked: return "unchecked";
    case Verdict::Information: return "measured";
  }
  return "";
}

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1.5em auto; max-width: 72em; padding: 0 1em; color: #222; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.9em; }
td, th { border: 1px solid #ccc; padding: 0.25em 0.5em; vertical-align: top; }
th { background: #f2f2f2; }
.scroll { overflow-x: auto; max-height: 40em; }
table.results th { cursor: pointer; position: sticky; top: 0; white-space: nowrap; }
table.results th[aria-sort=ascending]::after { content: " \25B2"; }
table.results th[aria-sort=descending]::after { content: " \25BC"; }
table.results td { text-align: right; white-space: nowrap; }
tr.failed td { background: #fdd; }
.verdict { font-weight: bold; white-space: nowrap; }
.holds .verdict { color: #1a7f37; } .partly .verdict { color: #9a6700; }
.fails .verdict { color: #cf222e; } .unchecked .verdict, .measured .verdict { color: #666; }
td ul { margin: 0; padding-left: 1.2em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.9em; color: #444; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
)";

// Sorting: a click on a heading sorts by that column (numbers as numbers, then text), a second
// click reverses; `#sort=COLUMN` or `#sort=-COLUMN` in the address sorts when the page opens.
constexpr const char* kScript = R"(
(function () {
  var table = document.getElementById('results');
  var heads = table.tHead.rows[0].cells;
  function key(cell) {
    var text = cell.textContent;
    var number = Number(text);
    return text !== '' && !isNaN(number) ? number : text;
  }
  function sortBy(column, ascending) {
    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');
    heads[column].setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[column]), y = key(b.cells[column]);
      var order = typeof x === typeof y ? (x < y ? -1 : (x > y ? 1 : 0)) : (typeof x === 'number' ? -1 : 1);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  Array.prototype.forEach.call(heads, function (th, column) {
    th.addEventListener('click', function () {
      sortBy(column, th.getAttribute('aria-sort') !== 'ascending');
    });
  });
  var wanted = /^#sort=(-?)(.+)$/.exec(decodeURIComponent(location.hash));
  if (wanted) {
    Array.prototype.forEach.call(heads, function (th, column) {
      if (th.textContent === wanted[2]) sortBy(column, wanted[1] !== '-');
    });
  }
  table.setAttribute('data-sortable', 'ready');
})();
)";

}  // namespace

std::string report_html(const ReportInput& in) {
  std::string s;
  s += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  s += fmt::format("<title>fleng sweep: {}</title>\n", html(in.title));
  s += fmt::format("<style>{}</style>\n</head>\n<body>\n", kStyle);
  s += fmt::format("<h1>Sweep report: {}</h1>\n", html(in.title));

  const int c_exit = in.table.column("exit_code");
  std::size_t failed = 0;
  for (const auto& row : in.table.rows) {
    if (c_exit >= 0 && row[static_cast<std::size_t>(c_exit)] != "0") ++failed;
  }
  s += fmt::format("<p id=\"summary\">{} configurations ({} failed), swept over {}; made {} by "
                   "<code>fleng sweep</code>.</p>\n",
                   in.table.rows.size(), failed, html(fmt::format("{}", fmt::join(in.swept, "; "))),
                   html(in.made));
  s += "<p>Contents: <a href=\"#conclusions\">the paper's conclusions</a> &middot; "
       "<a href=\"#figures\">figures</a> &middot; <a href=\"#results\">results</a> &middot; "
       "<a href=\"#how\">how it was run</a></p>\n";

  s += "<h2 id=\"conclusions\">The paper's conclusions, checked</h2>\n";
  s += "<p>Each conclusion of the PIE64 paper's evaluation (Murakami, Nakada, Hidaka, Koike and "
       "Tanaka, <i>Load Distribution System of PIE64</i>, about 1994, section 6) and two about the "
       "overall run time, which the paper could not measure, are decided by the criterion given, "
       "from the rows below. The verdict is what these numbers say about the simulated machine; "
       "where it differs from the paper, <code>docs/evaluation-pie64.md</code> explains why.</p>\n";
  s += "<table class=\"checks\">\n<thead><tr><th>conclusion</th><th>criterion</th><th>verdict</th>"
       "<th>numbers</th></tr></thead>\n<tbody>\n";
  for (const auto& check : in.checks) {
    s += fmt::format("<tr class=\"check {}\"><td>{}</td><td>{}</td><td class=\"verdict\">{}</td><td><ul>",
                     verdict_class(check.verdict), html(check.name), html(check.criterion),
                     html(verdict_text(check)));
    for (const auto& line : check.details) s += "<li>" + html(line) + "</li>";
    s += "</ul></td></tr>\n";
  }
  s += "</tbody>\n</table>\n";

  s += "<h2 id=\"figures\">Figures</h2>\n";
  if (in.figures.empty()) s += "<p>No figure: no configuration succeeded.</p>\n";
  for (std::size_t i = 0; i < in.figures.size(); ++i) {
    s += fmt::format("<figure id=\"figure-{}\">\n{}\n<figcaption>Figure {}: {}</figcaption>\n</figure>\n",
                     i + 1, inline_svg(in.figures[i].svg, fmt::format("f{}-", i + 1)), i + 1,
                     html(in.figures[i].caption));
  }

  s += "<h2>Results</h2>\n";
  s += "<p>One row per configuration, as in the CSV file; click a column's heading to sort by it "
       "(again to reverse). Failed configurations are red.</p>\n";
  s += "<div class=\"scroll\">\n<table class=\"results\" id=\"results\">\n<thead><tr>";
  for (const auto& name : in.table.header) s += "<th>" + html(name) + "</th>";
  s += "</tr></thead>\n<tbody>\n";
  for (const auto& row : in.table.rows) {
    const bool bad = c_exit >= 0 && row[static_cast<std::size_t>(c_exit)] != "0";
    s += bad ? "<tr class=\"failed\">" : "<tr>";
    for (const auto& field : row) s += "<td>" + html(field) + "</td>";
    s += "</tr>\n";
  }
  s += "</tbody>\n</table>\n</div>\n";

  s += "<h2 id=\"how\">How it was run</h2>\n";
  s += fmt::format("<h3>Command</h3>\n<pre id=\"command\">{}</pre>\n", html(in.command_line));
  s += "<h3>Simulated machine</h3>\n<p>The machine description every configuration starts "
       "from (defaults, <code>--machine</code>, <code>--set</code>); each configuration then sets "
       "its swept keys (<code>docs/machine.md</code> describes every key).</p>\n";
  s += fmt::format("<pre id=\"machine\">{}</pre>\n", html(in.machine.dump(2)));
  s += fmt::format("<h3>Host</h3>\n<pre id=\"host\">{}</pre>\n", html(in.host));
  s += fmt::format("<script>{}</script>\n</body>\n</html>\n", kScript);
  return s;
}

void write_report(const std::string& path, const ReportInput& input) {
  const std::string page = report_html(input);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc | std::ios::binary);
    out << page;
    out.close();
    if (!out) throw std::runtime_error(fmt::format("{}: write failed", temporary));
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw std::runtime_error(fmt::format("{}: {}", path, error.message()));
}

std::string host_description() {
  std::string cpu = "unknown CPU";
  if (std::ifstream in("/proc/cpuinfo"); in) {
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("model name")) {
        const auto colon = line.find(':');
        if (colon != std::string::npos) cpu = line.substr(line.find_first_not_of(' ', colon + 1));
        break;
      }
    }
  }
  std::string memory;
  if (std::ifstream in("/proc/meminfo"); in) {
    std::string name;
    double kib = 0;
    if (in >> name >> kib && name == "MemTotal:") memory = fmt::format(", {:.1f} GiB", kib / (1 << 20));
  }
  std::string system;
  if (utsname u{}; uname(&u) == 0) system = fmt::format(", {} {} {}", u.sysname, u.release, u.machine);
  return fmt::format("{} x {}{}{}", std::thread::hardware_concurrency(), cpu, memory, system);
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
  return text;
}

std::string shell_command_line(int argc, const char* const* argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    const std::string word = argv[i];
    if (!out.empty()) out += ' ';
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_./=,:@+%") == std::string::npos;
    if (plain) {
      out += word;
    } else {
      out += '\'';
      for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
      out += '\'';
    }
  }
  return out;
}

}  // namespace fleng::sweep
