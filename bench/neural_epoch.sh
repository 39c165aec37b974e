#!/usr/bin/env bash
# Speed of the neural workload (examples/neural): the host time of one training epoch of
# cancer1 (350 examples, the paper's 9-20-20-2 network with all shortcuts, 900 connections
# before pruning) on --engine local, and of one simulated epoch on 64 IUs started from a
# network trained and pruned on the local engine (--save, then --load on the simulator).
#
#   bash bench/neural_epoch.sh [DATA_DIR] [EPOCHS_BEFORE_SAVE]
# DATA_DIR defaults to examples/neural/data (cancer1.csv is shipped there); run it from the
# repository root after building build/fleng.
set -euo pipefail
data=${1:-examples/neural/data}
trained=${2:-209}
fleng=${FLENG:-build/fleng}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== one epoch on --engine local (per-epoch times of epochs 1-5, unpruned, replicate count 1)"
"$fleng" run examples/neural/train.fl --engine local -- --problem cancer --data "$data" \
    --epochs 5 --report 1 --times

echo "== $trained epochs on --engine local, saved (pruned after epochs 40..200)"
/usr/bin/time -f "host time %e s" "$fleng" run examples/neural/train.fl --engine local -- \
    --problem cancer --data "$data" --epochs "$trained" --report 50 --save "$work/net.fl"

echo "== the next epoch on --engine local, from the file"
"$fleng" run examples/neural/train.fl --engine local -- --data "$data" --load "$work/net.fl" \
    --report 1 --times
for ius in 16 64; do
  echo "== the next epoch on --engine sim --ius $ius, from the file (a static replicate count of 1,"
  echo "   so that one epoch is the timed one; no evaluation after it; the time printed is simulated)"
  /usr/bin/time -f "host time %e s" "$fleng" run examples/neural/train.fl --engine sim --ius "$ius" \
      -- --data "$data" --load "$work/net.fl" --replicates 1 --report 1 --times --no-eval
done
