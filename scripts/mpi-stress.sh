#!/usr/bin/env bash
# Long stress of the mpi engine (not in the default suite): every example, many times, under
# mpirun on random rank, IU and worker counts (workers per rank: the default or 2-3, so that a
# rank's IUs run side by side), static on and off, low and high thresholds, each output
# compared with the simulator's expected one (tests/golden/sim). More ranks than cores are
# oversubscribed, which shuffles the ranks' timing.
#   scripts/mpi-stress.sh [RUNS] [BUILD_DIR]      (default: 200 runs, build/)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${1:-200}
build=${2:-build}
fleng="$build/fleng"
[[ -x "$fleng" ]] || { echo "mpi-stress: no $fleng (build it first)" >&2; exit 1; }
mpirun=(mpirun --oversubscribe)
if [[ $(id -u) -eq 0 ]]; then mpirun+=(--allow-run-as-root); fi
cases=(tests/golden/sim/*.cmd)
failures=0
for ((run = 1; run <= runs; run++)); do
  case_file=${cases[RANDOM % ${#cases[@]}]}
  expected="${case_file%.cmd}.out"
  ranks=$((1 + RANDOM % 4))
  ius_choices=(1 2 3 4 8 16 64)
  ius=${ius_choices[RANDOM % ${#ius_choices[@]}]}
  ((ius < ranks)) && ius=$ranks
  static_choices=(on off)
  static=${static_choices[RANDOM % 2]}
  threshold_choices=(1 2 8 128)
  threshold=${threshold_choices[RANDOM % 4]}
  worker_choices=("" 2 3)
  workers=${worker_choices[RANDOM % 3]}
  worker_option=()
  [[ -n "$workers" ]] && worker_option=(--workers "$workers")
  # The line split as the golden tests split it (a goal with spaces is quoted in it; a
  # parenthesis is an ordinary character).
  mapfile -t args < <(python3 -c 'import shlex, sys; print("\n".join(shlex.split(open(sys.argv[1]).read())))' "$case_file")
  if ! out=$(timeout 120 "${mpirun[@]}" -np "$ranks" "$fleng" run "${args[@]}" --engine mpi \
               --ius "$ius" --static "$static" --threshold "$threshold" "${worker_option[@]}" \
               2>/tmp/mpi-stress.err) ||
     [[ "$out" != "$(cat "$expected")" ]]; then
    failures=$((failures + 1))
    echo "FAILED: mpirun -np $ranks $fleng run ${args[*]} --engine mpi --ius $ius" \
         "--static $static --threshold $threshold ${worker_option[*]}" >&2
    head -20 /tmp/mpi-stress.err >&2
  fi
  if ((run % 50 == 0)); then echo "mpi-stress: $run runs, $failures failed"; fi
done
echo "mpi-stress: $runs runs, $failures failed"
((failures == 0))
