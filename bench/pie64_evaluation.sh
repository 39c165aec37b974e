#!/usr/bin/env bash
# The PIE64 paper's evaluation (section 6, Figures 10-12) reproduced with `fleng sweep`:
# primes below 3000 and queens 8, hand-annotated as the paper's were, on 4, 16 and 64 simulated
# IUs, static partitioning off and on, dynamic-partitioning thresholds 1..128 (72 simulations
# per program). Writes
#   bench/results/pie64/<program>.csv          one row per configuration (every statistic)
#   docs/figures/pie64/<program>-<N>ius.svg/png  the paper's four panels, static off | on
#   docs/figures/pie64/<program>.svg/png       makespan of every configuration
#   bench/results/pie64/summary.md             the tables and checks docs/evaluation-pie64.md quotes
#   bench/results/pie64/timing.md              how long the primes sweep took, on what machine
#   bash bench/pie64_evaluation.sh             (about a minute on 2 cores)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x build/fleng ]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null

results=bench/results/pie64
figures=docs/figures/pie64
mkdir -p "$results" "$figures"
thresholds=1,2,3,4,6,8,10,12,16,32,64,128

run_sweep() {  # name file goal
  build/fleng sweep "examples/$2" -g "$3" --ius 4,16,64 --static off,on --thresholds "$thresholds" \
    -o "$results/$1.csv" --plot "$figures/$1.svg"
}

start=$(date +%s.%N)
run_sweep primes primes_annotated.fl 'run(3000)'
end=$(date +%s.%N)
run_sweep queens queens_annotated.fl 'run(8)'

{
  echo "# Timing of the full primes sweep"
  echo
  echo "\`bash bench/pie64_evaluation.sh\` at commit \`$(git rev-parse --short HEAD)\`, $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  echo "72 simulations (primes below 3000; 3 IU counts x static off/on x 12 thresholds) in"
  echo "$(python3 -c "print(f'{$end - $start:.1f}')") s of wall-clock time, on $(nproc) cores"
  echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load average before: $(cut -d' ' -f1-3 /proc/loadavg))."
  echo "Target: under 60 s on a 2-core machine with both cores busy."
} > "$results/timing.md"

python3 bench/pie64_summary.py "$results" > "$results/summary.md"
cat "$results/timing.md"
echo
cat "$results/summary.md"
