#!/usr/bin/env bash
# Message aggregation in the simulated NIP (docs/machine.md, "Message aggregation"): primes
# below 3000 (examples/primes_annotated.fl) and queens 8 (examples/queens.fl) on 16 and 64 IUs
# with the default machine (static on, threshold 8), aggregation off and at two windows; the
# makespan, the messages and the packets they travelled in. Writes
# bench/results/aggregation-DATE.md and prints it (docs/machine.md quotes the table).
#   bash bench/aggregation.sh [WINDOW1 WINDOW2]      (default 50 200 cycles)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x build/fleng ]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null
w1=${1:-50}
w2=${2:-200}
out="bench/results/aggregation-$(date -u +%Y-%m-%d).md"
mkdir -p bench/results
python3 - "$w1" "$w2" "$(git rev-parse --short HEAD)" > "$out" <<'PY'
import json, subprocess, sys
w1, w2, commit = sys.argv[1], sys.argv[2], sys.argv[3]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
cases = [("primes 3k", "examples/primes_annotated.fl", "run(3000)", "430"),
         ("queens 8", "examples/queens.fl", "run(8)", "92")]
print("## Message aggregation in the NIP")
print()
print(f"`bash bench/aggregation.sh {w1} {w2}`, commit `{commit}`, simulated on "
      f"{subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores ({cpu}); "
      "default machine (static on, threshold 8, packets of at most 32 words). window: "
      "`nip.aggregation_window` in cycles (0: off, PIE64's NIP). makespan in cycles, its change "
      "against window 0; messages / packets: the network transfers.")
print()
print("| program | IUs | window | makespan | change | messages | packets | messages per packet | NIP cycles |")
print("|---|---|---|---|---|---|---|---|---|")
for name, path, goal, answer in cases:
    for ius in ("16", "64"):
        base = None
        for window in ("0", w1, w2):
            run = subprocess.run(["build/fleng", "run", path, "-g", goal, "--engine", "sim",
                                  "--ius", ius, "--set", f"nip.aggregation_window={window}",
                                  "--stats=json"], check=True, capture_output=True, text=True)
            lines = run.stdout.splitlines()
            assert lines[0] == answer, (name, ius, window, lines[0])
            j = json.loads(lines[1])
            span = j["makespan_cycles"]
            base = base or span
            print(f"| {name} | {ius} | {window} | {span:,} | {100.0 * (span - base) / base:+.1f}% "
                  f"| {j['messages']:,} | {j['packets']:,} | {j['messages'] / j['packets']:.2f} "
                  f"| {j['nip_run_cycles']:,} |")
PY
cat "$out"
