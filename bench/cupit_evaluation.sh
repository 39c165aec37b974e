#!/usr/bin/env bash
# The CuPit paper's Figure 5 (Prechelt, "Data Locality and Load Balancing for Parallel Neural
# Network Learning", 1995) on the simulated PIE64: for each PROBEN1 problem, the paper's network
# is trained to epoch 209 on the local engine (or taken from the cache of an earlier run), then
# epoch 210 of every variant is timed on the simulator, and the simulated times are given
# relative to bal = 100 beside the paper's numbers. Also the same network trained on the threads
# engine, with its wall-clock time per epoch.
#
#   bash bench/cupit_evaluation.sh [DATA_DIR] [IUS] [PROBLEMS...]
#     DATA_DIR  the PROBEN1 CSV files (<problem>1.csv); default examples/neural/data (cancer only)
#     IUS       the IU counts, quoted: default "64 16"
#     PROBLEMS  default: cancer diabetes glass heart soybean gene thyroid building
#   environment: SEED (0), CACHE (/tmp/fleng-cupit-cache), THREADS_EPOCHS (5), WORKERS (2),
#                TRAIN (native: epochs 1-209 run as train.fl compiled by fleng build;
#                interpreted: on fleng run; the same networks either way), TRAIN_HEAP_MIN (128 MiB),
#                OUT (bench/results/cupit), FIGURES (docs/figures/cupit), JOBS (nproc),
#                PHASES ("host sim"; "host" alone re-times the host engines on a quiet machine,
#                "sim" alone the simulator; the training always runs, or comes from the cache)
# Runs that do not depend on each other go side by side, JOBS at a time: the trainings of the
# problems, then one job per (problem, IU count) for the simulated runs (each job's bal search
# is sequential). The host-engine timings (threads and local engines) run alone, between the
# two phases, so their wall-clock times are not disturbed by the other runs.
# Writes OUT/runs-DATE.csv (one line per run, appended), OUT/DATE.md (the tables) and the
# plots FIGURES/*.svg (gnuplot), through bench/cupit_report.py.
#
# The machine: examples/machines/pie64-aggregating.json (the default PIE64 with the NIP's
# message aggregation, window 100 cycles, packets of 32 words) for every variant, except comm,
# which is bal's program on the same machine with the aggregation off (window 0):
# docs/evaluation-cupit.md says why. The replicate count of bal is found as the program's own
# search does, over runs: 1, 2, 4, ... while doubling makes epoch 210 faster; dbal, nbal,
# noloc, cwrong and comm use bal's count; repl the static count 4. cwrong runs with heaps of
# 32 MiB per IU (its per-example weight tuples keep more data live than the default 16 MiB
# hold for soybean with 16 replicates on 16 IUs), and once more with 64 MiB if that is not enough
# (gene with 16 replicates on 16 IUs), and bal is run again on the same heaps as its baseline
# (variant bal-cwrong-heap in the CSV); a run that fails is logged and left out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
data=${1:-examples/neural/data}
ius=${2:-64 16}
shift $(( $# >= 2 ? 2 : $# ))
problems=("$@")
if [[ ${#problems[@]} -eq 0 ]]; then
  problems=(cancer diabetes glass heart soybean gene thyroid building)
fi
fleng=${FLENG:-build/fleng}
seed=${SEED:-0}
cache=${CACHE:-/tmp/fleng-cupit-cache}
threads_epochs=${THREADS_EPOCHS:-5}
workers=${WORKERS:-2}
out=${OUT:-bench/results/cupit}
figures=${FIGURES:-docs/figures/cupit}
machine=examples/machines/pie64-aggregating.json
date=$(date +%Y-%m-%d)
mkdir -p "$cache" "$out" "$figures"
csv=$out/runs-$date.csv
if [[ ! -f $csv ]]; then
  echo "problem,engine,ius,variant,replicates,epoch_seconds,host_seconds" > "$csv"
fi
# The saved network depends on the program (random numbers follow the program's reduction
# tree), so the cache key holds a digest of the workload's sources too.
src=$(cat examples/neural/*.fl | sha1sum | cut -c1-10)
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# epoch_line OUTPUT: "R T" from the line of epoch 210 (or the last epoch line).
epoch_fields() {
  sed -n 's/^epoch [0-9]*: .*, \([0-9]*\) replicates, \([0-9.e+-]*\) s$/\1 \2/p' | tail -1
}

# sim P VARIANT R [--set ...]: one simulated epoch 210; prints "R T HOST".
sim() {
  local p=$1 v=$2 r=$3
  shift 3
  local t0 t1 line
  t0=$(date +%s.%N)
  line=$("$fleng" run examples/neural/train.fl --engine sim --ius "$p" --machine "$machine" "$@" \
         -- --data "$data" --load "$net" --replicates "$r" --variant "$v" --report 1 --times \
         --no-eval | epoch_fields || true)
  t1=$(date +%s.%N)
  if [[ -z $line ]]; then
    log "run failed: --ius $p --variant $v --replicates $r $*"
    line="0 nan"
  fi
  echo "$line $(echo "$t1 - $t0" | bc)"
}

jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
net_of() { echo "$cache/$1-seed$seed-e209-$src.fl"; }

# The training runs as native code unless TRAIN=interpreted: train.fl compiled by fleng build
# (docs/native.md) against the interpreter's own runtime, on the local engine. It saves the same
# network to the byte (its random numbers and arithmetic are the interpreter's). The executable
# is kept in the cache, keyed by the sources and the fleng binary. The heap is kept at
# TRAIN_HEAP_MIN MiB at least (--heap-min): the data set and the network stay live for the
# whole run, and with the default a collection copied them every few MiB allocated. Both
# together: 299 s of host time for the eight trainings against 742 s interpreted (2026-11-28).
trainer=("$fleng" run examples/neural/train.fl)
train_heap_min=${TRAIN_HEAP_MIN:-128}
native_trainer() {
  local exe
  exe="$cache/train-$src-$(sha1sum < "$fleng" | cut -c1-10)"
  if [[ ! -x $exe ]]; then
    log "building the native trainer ($exe)"
    if ! "$fleng" build examples/neural/train.fl -o "$exe.part" >&2; then
      log "fleng build failed: training on the interpreter"
      return
    fi
    mv "$exe.part" "$exe"
  fi
  trainer=("$exe")
}

# train P: epochs 1-209 on the local engine, unless the cache has them.
train() {
  local prob=$1 net t0 t1 per
  net=$(net_of "$prob")
  if [[ -f $net ]]; then
    log "$prob: epoch 209 from the cache ($net)"
    return
  fi
  log "$prob: training epochs 1-209 on the local engine (${trainer[0]})"
  t0=$(date +%s.%N)
  "${trainer[@]}" --seed "$seed" --engine local --heap-min "$train_heap_min" -- --problem "$prob" \
    --data "$data" --epochs 209 --report 209 --no-eval --save "$net.part" >&2
  t1=$(date +%s.%N)
  mv "$net.part" "$net"
  per=$(echo "($t1 - $t0) / 209" | bc -l)
  local kind=local-train
  if [[ ${trainer[0]} != "$fleng" ]]; then kind=native-train; fi
  echo "$prob,$kind,1,bal,1,$per,$(echo "$t1 - $t0" | bc)" > "$parts/train-$prob.csv"
}

# host_timing P: epochs 210.. from the saved network on the threads and local engines.
host_timing() {
  local prob=$1 net eng t0 t1 outp
  net=$(net_of "$prob")
  for eng in threads local; do
    t0=$(date +%s.%N)
    if [[ $eng == threads ]]; then
      opts=(--engine threads --workers "$workers" --ius "$workers")
    else
      opts=(--engine local)
    fi
    outp=$("$fleng" run "${opts[@]}" examples/neural/train.fl -- --data "$data" --load "$net" \
           --epochs "$threads_epochs" --replicates "$workers" --variant bal --report 1 --times --no-eval)
    t1=$(date +%s.%N)
    echo "$outp" | sed -n 's/^epoch \([0-9]*\): .*, \([0-9]*\) replicates, \([0-9.e+-]*\) s$/\2 \3/p' |
      while read -r r t; do
        echo "$prob,$eng,$workers,bal,$r,$t,$(echo "$t1 - $t0" | bc)" >> "$csv"
      done
    log "$prob: $threads_epochs epochs on --engine $eng: $(echo "$t1 - $t0" | bc) s"
  done
}

# simulate P IUS: bal's replicate search on IUS simulated IUs, then every other variant.
simulate() {
  local prob=$1 p=$2 r got best host t best_r v
  local net part=$parts/sim-$1-$2.csv
  net=$(net_of "$prob")
  : > "$part"
  # bal's replicate count: double while the epoch gets faster.
  r=1
  read -r got best host < <(sim "$p" bal 1)
  echo "$prob,sim,$p,bal-search,$got,$best,$host" >> "$part"
  best_r=$got
  log "$prob on $p IUs: bal with 1 replicate: $best s simulated ($host s host)"
  while :; do
    r=$((r * 2))
    if (( r > p )); then break; fi
    read -r got t host < <(sim "$p" bal "$r")
    echo "$prob,sim,$p,bal-search,$got,$t,$host" >> "$part"
    log "$prob on $p IUs: bal with $got replicates: $t s simulated ($host s host)"
    if (( got != r )); then break; fi            # the program's cap: no more slices
    if (( $(echo "$t < $best" | bc -l) )); then best=$t; best_r=$r; else break; fi
  done
  echo "$prob,sim,$p,bal,$best_r,$best,0" >> "$part"
  for v in dbal nbal noloc cwrong comm repl; do
    case $v in
      comm) read -r got t host < <(sim "$p" comm "$best_r" --set nip.aggregation_window=0) ;;
      repl) read -r got t host < <(sim "$p" repl 4) ;;
      cwrong)
        cells=4194304
        read -r got t host < <(sim "$p" cwrong "$best_r" --set heap_cells=$cells)
        if [[ $t == nan ]]; then
          cells=8388608
          read -r got t host < <(sim "$p" cwrong "$best_r" --set heap_cells=$cells)
        fi
        # bal again with cwrong's heaps: the heap size changes how often the heaps are
        # collected, and a collection short-cuts bound variables, which saves remote reads
        # (docs/evaluation-cupit.md), so cwrong is set beside bal on the same heaps.
        local bt bhost
        read -r _ bt bhost < <(sim "$p" bal "$best_r" --set heap_cells=$cells)
        echo "$prob,sim,$p,bal-cwrong-heap,$best_r,$bt,$bhost" >> "$part"
        log "$prob on $p IUs: bal on cwrong's heaps ($cells cells): $bt s simulated ($bhost s host)"
        ;;
      *) read -r got t host < <(sim "$p" "$v" "$best_r") ;;
    esac
    if [[ $t == nan ]]; then continue; fi
    echo "$prob,sim,$p,$v,$got,$t,$host" >> "$part"
    log "$prob on $p IUs: $v with $got replicates: $t s simulated ($host s host)"
  done
}

# Runs "FUNCTION ARGS..." lines from standard input, JOBS at a time, each next line as soon as
# any running job ends (wait -n); fails if one failed. (Waiting for the oldest job instead left
# a slot idle behind every long job: 28% longer for the simulated runs of 2026-11-27.)
run_jobs() {
  local running=0 line status=0
  while read -r line; do
    # shellcheck disable=SC2086  # the line is a function name and plain words
    $line &
    running=$((running + 1))
    if (( running >= jobs )); then
      wait -n || status=1
      running=$((running - 1))
    fi
  done
  while (( running > 0 )); do
    wait -n || status=1
    running=$((running - 1))
  done
  return $status
}

# longest_first: "COST LINE" lines in, the LINEs out, the costliest first, so that the long jobs
# start early and the short ones fill the gaps at the end. The cost is an estimate: the size
# of the problem's data file (examples times inputs and outputs), times the square root of the
# IU count for a simulated run (a simulated epoch on 64 IUs took 1.3-2 times the host time of
# one on 16 IUs in the run of 2026-11-27).
longest_first() { sort -k1,1 -g -r -s | cut -d' ' -f2-; }
data_size() { stat -c %s "$data/${1}1.csv" 2>/dev/null || echo 0; }

started=$(date +%s)
if [[ ${TRAIN:-native} == native ]]; then
  for prob in "${problems[@]}"; do
    if [[ ! -f $(net_of "$prob") ]]; then native_trainer; break; fi
  done
fi
for prob in "${problems[@]}"; do echo "$(data_size "$prob") train $prob"; done |
  longest_first | run_jobs
cat "$parts"/train-*.csv >> "$csv" 2>/dev/null || true
phases=" ${PHASES:-host sim} "
if [[ $phases == *" host "* ]]; then
  for prob in "${problems[@]}"; do host_timing "$prob"; done
fi
if [[ $phases == *" sim "* ]]; then
  for prob in "${problems[@]}"; do for p in $ius; do
    echo "$(echo "$(data_size "$prob") * sqrt($p)" | bc -l) simulate $prob $p"
  done; done | longest_first | run_jobs
  for prob in "${problems[@]}"; do for p in $ius; do cat "$parts/sim-$prob-$p.csv" >> "$csv"; done; done
fi
log "all runs: $(( $(date +%s) - started )) s with $jobs jobs at a time"
python3 bench/cupit_report.py "$csv" "$out/$date.md" "$figures"
log "wrote $csv, $out/$date.md and $figures/"
