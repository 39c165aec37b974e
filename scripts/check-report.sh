#!/usr/bin/env bash
# Opens a sweep's HTML report (`fleng sweep ... --report F.html`) in headless Chromium, offline,
# and checks what a reader would see: every figure is drawn (each inline SVG laid out with a
# size and with marks in it), the results table sorts when a heading is clicked (ascending,
# then descending), the browser logged nothing to the console (no script error), and the page
# loads nothing from elsewhere (no resource fetched, none named in it).
#
#   bash scripts/check-report.sh [--fleng BINARY] [REPORT.html]
#
# Without REPORT.html it makes one: a small sweep of examples/primes_annotated.fl with BINARY
# (default build/fleng). Exit status 0 when every check passes, 1 when one fails, 77 when
# Chromium is not installed (ctest counts that as skipped; FLENG_SETUP_CHROMIUM=1
# bash scripts/setup.sh installs it). CHROMIUM=path chooses the browser.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fleng="$root/build/fleng"
report=""
while [ $# -gt 0 ]; do
  case "$1" in
    --fleng) fleng=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-report: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) report=$1; shift ;;
  esac
done

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
  done
fi
if [ -z "$browser" ]; then
  echo "check-report: skipped: Chromium is not installed (FLENG_SETUP_CHROMIUM=1 bash scripts/setup.sh)"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/fleng-check-report-XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ -z "$report" ]; then
  report="$work/report.html"
  (cd "$root" && "$fleng" sweep examples/primes_annotated.fl -g 'run(300)' --ius 1,4 \
      --static off,on --thresholds 1,8,128 -o "$work/results.csv" --report "$report" -j 2) \
    >"$work/sweep.log" 2>&1 || { cat "$work/sweep.log" >&2; echo "check-report: the sweep failed" >&2; exit 1; }
fi
if [ ! -f "$report" ]; then
  echo "check-report: $report: no such file" >&2
  exit 1
fi

# The report as it is, plus a probe run after the page's own script: it measures each figure
# as laid out, clicks the makespan heading twice and writes what it found on <body>.
figures=$(grep -o '<figure id="figure-' "$report" | wc -l)
probe='<script>
(function () {
  var figures = document.querySelectorAll("figure");
  var drawn = 0;
  figures.forEach(function (figure) {
    var svg = figure.querySelector("svg");
    if (!svg) return;
    var box = svg.getBoundingClientRect();
    var content = svg.getBBox();
    var marks = svg.querySelectorAll("path, polyline, line, text, use").length;
    if (box.width > 100 && box.height > 100 && content.width > 50 && content.height > 50 && marks > 20) drawn++;
  });
  var table = document.getElementById("results");
  var heads = table.tHead.rows[0].cells, column = -1;
  for (var i = 0; i < heads.length; i++) if (heads[i].textContent === "makespan_cycles") column = i;
  function ordered(sign) {
    var rows = table.tBodies[0].rows, last = null;
    for (var r = 0; r < rows.length; r++) {
      var text = rows[r].cells[column].textContent;
      if (text === "") continue;
      var value = Number(text);
      if (last !== null && sign * (value - last) < 0) return false;
      last = value;
    }
    return last !== null;
  }
  var sorts = "no-column";
  if (column >= 0) {
    heads[column].click();
    var up = ordered(1) && heads[column].getAttribute("aria-sort") === "ascending";
    heads[column].click();
    var down = ordered(-1) && heads[column].getAttribute("aria-sort") === "descending";
    sorts = up && down ? "yes" : "no";
  }
  var fetched = performance.getEntriesByType("resource").filter(function (entry) {
    return !/^(file|data|about):/.test(entry.name);
  }).length;
  document.body.setAttribute("data-check", "figures=" + figures.length + " drawn=" + drawn +
      " sortable=" + table.getAttribute("data-sortable") + " sorts=" + sorts + " fetched=" + fetched);
})();
</script>'
python3 - "$report" "$work/probe.html" "$probe" <<'EOF'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
at = page.rfind("</body>")
if at < 0:
    sys.exit("check-report: the report has no </body>")
open(sys.argv[2], "w", encoding="utf-8").write(page[:at] + sys.argv[3] + "\n" + page[at:])
EOF

# Offline: every host name resolves to nothing and the proxy is a closed port, so a resource
# the page tried to fetch would fail and be logged to the console.
set +e
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
  --user-data-dir="$work/profile" --host-resolver-rules="MAP * ~NOTFOUND" \
  --proxy-server="127.0.0.1:9" --enable-logging=stderr --v=0 \
  --dump-dom "file://$work/probe.html" >"$work/dom.html" 2>"$work/browser.log"
status=$?
set -e
if [ $status -ne 0 ]; then
  cat "$work/browser.log" >&2
  echo "check-report: $browser exited with status $status" >&2
  exit 1
fi

failures=0
result=$(grep -o 'data-check="[^"]*"' "$work/dom.html" | sed 's/data-check="\(.*\)"/\1/' || true)
echo "check-report: $report: $result"
if [ -z "$result" ]; then
  echo "check-report: the probe did not run (a script error stopped it?)" >&2
  failures=$((failures + 1))
else
  case "$result" in
    "figures=$figures drawn=$figures sortable=ready sorts=yes fetched=0") ;;
    *) echo "check-report: expected figures=$figures drawn=$figures sortable=ready sorts=yes fetched=0" >&2
       failures=$((failures + 1)) ;;
  esac
fi
if [ "$figures" -eq 0 ]; then
  echo "check-report: the report has no figure" >&2
  failures=$((failures + 1))
fi
svgs=$(grep -o '<svg' "$work/dom.html" | wc -l)
if [ "$svgs" -ne "$figures" ]; then
  echo "check-report: $svgs <svg> elements in the page as loaded, $figures figures" >&2
  failures=$((failures + 1))
fi
# Offline by construction: nothing in the page names a resource elsewhere (the SVG namespaces
# name, they do not load).
if grep -Eno "(src|href|action)=[\"']?(https?:)?//|url\([\"']?(https?:)?//|@import|<link[ >]|<iframe" "$report" \
    | grep -v "www.w3.org" >"$work/outside.txt"; then
  echo "check-report: the page refers to resources elsewhere:" >&2
  cut -c1-200 "$work/outside.txt" >&2
  failures=$((failures + 1))
fi
if grep -q ':CONSOLE' "$work/browser.log"; then
  echo "check-report: the browser's console:" >&2
  grep ':CONSOLE' "$work/browser.log" >&2
  failures=$((failures + 1))
fi
if [ $failures -ne 0 ]; then
  echo "check-report: FAILED ($failures)" >&2
  exit 1
fi
echo "check-report: ok: $figures figures drawn, the table sorts, nothing fetched, no console messages"
