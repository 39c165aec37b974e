#!/usr/bin/env bash
# Static partitioning against naive partitioning (the static-partitioning issue's target):
# primes below 3000 and queens 8 on 4, 16 and 64 simulated IUs at threshold 128 (dynamic
# partitioning off), static on (the analyzer's placements on the plain programs, and the
# hand-annotated versions for comparison) and off. One `fleng sweep` per program; writes
# bench/results/static_partitioning.md (and .csv files next to it) and prints it.
#   bash bench/static_partitioning.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x build/fleng ]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null
results=bench/results/static_partitioning
mkdir -p "$results"
for case in "primes primes.fl run(3000)" "primes_annotated primes_annotated.fl run(3000)" \
            "queens queens.fl run(8)" "queens_annotated queens_annotated.fl run(8)"; do
  set -- $case
  build/fleng sweep "examples/$2" -g "$3" --ius 4,16,64 --static off,on --thresholds 128 \
    -o "$results/$1.csv" 2>&1 | grep -v '^sweep: [0-9]*/' >&2
done
python3 - "$results" "$(git rev-parse --short HEAD)" > bench/results/static_partitioning.md <<'PY'
import csv, sys
from pathlib import Path
results, commit = Path(sys.argv[1]), sys.argv[2]
print("## Static partitioning against naive partitioning (threshold 128)")
print()
print(f"`bash bench/static_partitioning.sh`, commit `{commit}`. on/off: static on over static off"
      " at the same IU count (below 1: static on does better). Target: remote reads and UNIRED"
      " stall below 1 everywhere, makespan at most 1 on 64 IUs.")
print()
print("| program | IUs | remote reads on / off | UNIRED stall on / off | makespan on / off (cycles) | on/off: reads | stall | makespan | target |")
print("|---|---|---|---|---|---|---|---|---|")
for name in ("primes", "primes_annotated", "queens", "queens_annotated"):
    rows = {(r["ius"], r["static"]): r for r in csv.DictReader(open(results / f"{name}.csv"))}
    for ius in ("4", "16", "64"):
        on, off = rows[(ius, "on")], rows[(ius, "off")]
        ratio = lambda k: int(on[k]) / max(1, int(off[k]))
        reads, stall, span = ratio("remote_reads"), ratio("unired_stall_cycles"), ratio("makespan_cycles")
        met = reads < 1 and stall < 1 and (ius != "64" or span <= 1)
        analysed = "" if name.endswith("annotated") else " (analyzer)"
        print(f"| {name}{analysed} | {ius} | {int(on['remote_reads']):,} / {int(off['remote_reads']):,}"
              f" | {int(on['unired_stall_cycles']):,} / {int(off['unired_stall_cycles']):,}"
              f" | {int(on['makespan_cycles']):,} / {int(off['makespan_cycles']):,}"
              f" | {reads:.2f} | {stall:.2f} | {span:.2f} | {'met' if met else '**not met**'} |")
PY
cat bench/results/static_partitioning.md
