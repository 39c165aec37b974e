#!/usr/bin/env bash
# Learning results of the neural workload (examples/neural) on the PROBEN1 problems: trains
# the paper's network (20+20 hidden nodes, all shortcuts, RPROP, the pruning schedule, 210
# epochs) on each problem's first permutation and prints a Markdown table of the test-set
# classification error (squared error percentage for building) beside the majority-class
# error and PROBEN1's published results (Prechelt, PROBEN1 report, 1994: table 8, pivot
# architectures, mean test-set classification error of 60 runs; table 3, linear networks;
# tables 9 and 4 for building's squared error percentage).
#
#   bash bench/neural_learning.sh DATA_DIR [EPOCHS] [PROBLEMS...]
# DATA_DIR holds the PROBEN1 CSV files (<problem>1.csv). Run from the repository root after
# building build/fleng. All problems at 210 epochs take about an hour on a 2-core machine
# (gene and thyroid are the long ones).
set -euo pipefail
if [[ $# -lt 1 ]]; then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
  exit 1
fi
data=$1
epochs=${2:-210}
shift $(( $# >= 2 ? 2 : 1 ))
problems=("$@")
if [[ ${#problems[@]} -eq 0 ]]; then
  problems=(cancer diabetes glass heart soybean gene thyroid building)
fi
fleng=${FLENG:-build/fleng}

# PROBEN1's numbers for the first permutation: pivot (table 8/9) and linear (table 3/4).
declare -A pivot=([cancer]=1.47 [diabetes]=24.57 [glass]=39.03 [heart]=19.89 [soybean]=9.06
                  [gene]=15.05 [thyroid]=2.32 [building]=1.70)
declare -A linear=([cancer]=2.93 [diabetes]=25.83 [glass]=46.04 [heart]=20.65 [soybean]=9.47
                   [gene]=13.64 [thyroid]=6.56 [building]=0.78)

echo "| problem | measure | ours ($epochs epochs) | majority class | PROBEN1 pivot | PROBEN1 linear | connections left | host time |"
echo "|---|---|---|---|---|---|---|---|"
for p in "${problems[@]}"; do
  start=$(date +%s.%N)
  out=$("$fleng" run examples/neural/train.fl --engine local -- --problem "$p" --data "$data" \
        --epochs "$epochs" --report "$epochs")
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  conns=$(echo "$out" | sed -n 's/^epoch [0-9]*: .*, \([0-9]*\) connections.*/\1/p' | tail -1)
  test=$(echo "$out" | grep '^test set')
  if [[ $p == building ]]; then
    ours=$(echo "$test" | sed -n 's/.*squared error percentage \([0-9.]*\).*/\1/p')
    printf '| %s | test squared error percentage | %s | - | %s | %s | %s | %.0f s |\n' \
      "$p" "$ours" "${pivot[$p]}" "${linear[$p]}" "$conns" "$secs"
  else
    ours=$(echo "$test" | sed -n 's/.*classification error \([0-9.]*\)%.*/\1/p')
    major=$(echo "$test" | sed -n 's/.*majority class error \([0-9.]*\)%.*/\1/p')
    printf '| %s | test classification error %% | %s | %s | %s | %s | %s | %.0f s |\n' \
      "$p" "$ours" "$major" "${pivot[$p]}" "${linear[$p]}" "$conns" "$secs"
  fi
done
