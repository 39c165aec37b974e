#!/usr/bin/env bash
# The simulator's own speed (issue: the simulated PIE64): host time to simulate primes below
# 3000 on 1, 16, 64 and 1024 IUs, static on (examples/primes_annotated.fl) and off, and the
# host nanoseconds per simulated reduction. Writes bench/results/sim_speed.md (linked from
# docs/performance.md) and prints it.
#   bash bench/sim_speed.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake --build build >/dev/null
out=bench/results/sim_speed.md
mkdir -p bench/results
{
  echo "## Simulator speed"
  echo
  echo "Host time of the whole \`fleng run\` process simulating primes below 3000"
  echo "(\`examples/primes_annotated.fl\`, the paper's"
  echo "\"primes 3k\"), median of 3 runs, measured by \`bash bench/sim_speed.sh\` on"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"
  echo "$(date -u +%Y-%m-%d), commit \`$(git rev-parse --short HEAD)\`. Targets: under 2 s on 64 IUs,"
  echo "under 30 s on 1024 IUs."
  echo
  echo "| IUs | static | host seconds | host ns per reduction | simulated makespan (cycles) |"
  echo "|---|---|---|---|---|"
  for ius in 1 16 64 1024; do
    for static in on off; do
      python3 - "$ius" "$static" <<'PY'
import json, statistics, subprocess, sys, time
ius, static = sys.argv[1], sys.argv[2]
runs = []
times = []
for _ in range(3):
    start = time.perf_counter()
    out = subprocess.run(["build/fleng", "run", "examples/primes_annotated.fl", "--engine", "sim",
                          "--ius", ius, "--static", static, "--stats=json"],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    times.append(time.perf_counter() - start)  # the whole process: loading and simulating
    assert out[0] == "430", out[0]
    runs.append(json.loads(out[1]))
secs = statistics.median(times)
ns = secs * 1e9 / runs[0]["reductions"]
print(f"| {ius} | {static} | {secs:.2f} | {ns:.0f} | {runs[0]['makespan_cycles']} |")
PY
    done
  done
} > "$out"
cat "$out"
