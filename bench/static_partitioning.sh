#!/usr/bin/env bash
# Static partitioning against naive partitioning (the static-partitioning issue's target):
# primes below 3000 and queens 8 on 4, 16 and 64 simulated IUs at threshold 128 (dynamic
# partitioning off), static on (the analyzer's placements) and off. Writes
# bench/results/static_partitioning.md and prints it.
#   bash bench/static_partitioning.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake --build build >/dev/null
out=bench/results/static_partitioning.md
mkdir -p bench/results
{
  echo "## Static partitioning (analyzer) against naive partitioning"
  echo
  echo "\`bash bench/static_partitioning.sh\`, commit \`$(git rev-parse --short HEAD)\`, threshold 128."
  echo
  echo "| program | IUs | static | remote reads | UNIRED stall cycles | NIP cycles | makespan cycles |"
  echo "|---|---|---|---|---|---|---|"
  for program in "primes.fl run(3000)" "queens.fl run(8)"; do
    set -- $program
    for ius in 4 16 64; do
      for static in on off; do
        build/fleng run "examples/$1" -g "$2" --ius "$ius" --static "$static" --threshold 128 \
            --stats=json | python3 -c "
import json, sys
lines = sys.stdin.read().split('\n')
j = json.loads(lines[1])
print(f\"| $1 $2 = {lines[0]} | $ius | $static | {j['remote_reads']} | {j['unired_stall_cycles']} | {j['nip_run_cycles']} | {j['makespan_cycles']} |\")"
      done
    done
  done
} > "$out"
cat "$out"
