#!/usr/bin/env bash
# The ADaPT paper's evaluation (Woollard, Medvidovic, Yamada and Berger) on our machine: the
# scatter workload of examples/scatter/ run on the simulated PIE64 and on the threads engine,
# and the paper's Monte Carlo of the sampling error written in Fleng. Writes
#   bench/results/adapt/*.csv, *.dat       the measurements (one line per run)
#   docs/figures/adapt/*.svg, *.png        the figures (gnuplot)
#   docs/evaluation-adapt.md               the report, with the tables (bench/adapt_report.py)
#   bash bench/adapt_evaluation.sh         (about 5 minutes on 2 cores; QUICK=1: a smaller sweep)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x build/fleng ]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null

results=bench/results/adapt
mkdir -p "$results" docs/figures/adapt
population=${POPULATION:-10000}
common="--population $population --sampling 0.2 --payload 8 --seed 1"
start=$(date +%s.%N)
loadavg=$(cut -d' ' -f1-3 /proc/loadavg)

# 1. The Monte Carlo of the sampling error (Figures 3-4, equation 1), on one IU at host speed.
mc_start=$(date +%s.%N)
build/fleng run examples/scatter/sampling_error.fl --engine local -g 'run(10000, 40)' \
  > "$results/sampling_error.dat"
mc_end=$(date +%s.%N)

# One simulated run: W workers on IUs 1..W, the master on IU 0; dynamic partitioning off
# (threshold 0: every goal stays where the program placed its process). Prints the program's
# csv line followed by the host seconds the run took.
one() {  # workers protocol m sorted mean
  local sorted=""
  if [ "$4" = true ]; then sorted=--sorted; fi
  local t0 t1 line
  t0=$(date +%s.%N)
  line=$(build/fleng run examples/scatter/scatter.fl --engine sim --ius $(($1 + 1)) --threshold 0 \
    -- $common --workers "$1" --protocol "$2" --m "$3" $sorted --mean "$5" --sd $(($5 / 4)) \
    --print csv)
  t1=$(date +%s.%N)
  echo "$line,$5,$(python3 -c "print(f'{$t1 - $t0:.2f}')")"
}
export -f one
export common

# 2. The runs: adapt for W x m, sync sorted and unsorted for each W, adapt m = 1..16 at W = 16,
#    all with members of 1,000,000 cycles (100 ms) on average, sd 25%; and a few of 100,000.
if [ "${QUICK:-0}" = 1 ]; then ws="4 16"; ms="2 8"; fig6="1 2 4 8"; else
  ws="4 8 16 32 64"; ms="2 4 8 16"; fig6="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"; fi
{
  for w in $ws; do
    for m in $ms; do echo "$w adapt $m false 1000000"; done
    echo "$w sync 8 false 1000000"
    echo "$w sync 8 true 1000000"
  done
  for m in $fig6; do
    case " $ms " in *" $m "*) ;; *) echo "16 adapt $m false 1000000" ;; esac
  done
  # Members ten times shorter: where the master becomes the bottleneck.
  for w in 16 64; do
    echo "$w adapt 8 false 100000"
    echo "$w sync 8 true 100000"
  done
} > "$results/plan.txt"
sim_start=$(date +%s.%N)
echo "protocol,workers,population,m,sampling,sorted,ttc,busy,idle,unsubs,samples,mubar,once,mean,host_s" \
  > "$results/sim.csv"
xargs -P 2 -L 1 bash -c 'one "$@"' _ < "$results/plan.txt" \
  | sort -t, -k14,14nr -k1,1 -k2,2n -k6,6 -k4,4n >> "$results/sim.csv"   # runs finish in any order
sim_end=$(date +%s.%N)

# 3. The same protocols on the threads engine, in wall-clock time: 2 workers on 2 cores, 1000
#    members of 2000 cycles (200 us of busy waiting) on average, three runs each.
echo "protocol,workers,population,m,sampling,sorted,ttc,busy,idle,unsubs,samples,mubar,once" \
  > "$results/threads.csv"
for rep in 1 2 3; do
  for proto in "sync" "sync --sorted" "adapt"; do
    build/fleng run examples/scatter/scatter.fl --engine threads --workers 2 --ius 3 \
      --threshold 0 -- --population 1000 --mean 2000 --sd 500 --sampling 0.2 --workers 2 \
      --m 8 --seed 1 --protocol $proto --print csv >> "$results/threads.csv"
  done
done
end=$(date +%s.%N)

cat > "$results/timing.txt" <<TIMING
commit $(git rev-parse --short HEAD)
date $(date -u '+%Y-%m-%d %H:%M UTC')
cpu $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores
load_before $loadavg
montecarlo_s $(python3 -c "print(f'{$mc_end - $mc_start:.1f}')")
simulations $(wc -l < "$results/plan.txt")
simulations_s $(python3 -c "print(f'{$sim_end - $sim_start:.1f}')")
total_s $(python3 -c "print(f'{$end - $start:.1f}')")
TIMING

python3 bench/adapt_report.py "$results" docs/figures/adapt docs/evaluation-adapt.md
echo "wrote docs/evaluation-adapt.md ($(python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')") s)"
