#!/usr/bin/env bash
# bench/threads_timeline.sh -- how busy the two workers are over a primes run (below 30000,
# 2 workers), with the threads engine's default batches and with long batches while an IU
# waits (what it did before short batches): docs/figures/threads/primes-timeline-*.svg and the
# tables of scripts/threads_timeline.py on standard output (docs/threads.md shows them).
#
#   bash bench/threads_timeline.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [[ ! -f build/build.ninja && ! -f build/Makefile ]]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null
out=docs/figures/threads
mkdir -p "$out"
trace=$(mktemp --suffix=.json)
trap 'rm -f "$trace"' EXIT
run() {  # NAME, then extra options
    local name=$1
    shift
    build/fleng run examples/primes.fl -g 'run(30000)' --engine threads --workers 2 \
        --trace "$trace" "$@" >/dev/null
    echo "== $name ($*)"
    python3 scripts/threads_timeline.py "$trace" --bins 20 --plot "$out/primes-timeline-$name.svg"
}
run short-batches
run long-batches --set threads.waiting_batch_reductions=1000 --set threads.waiting_time_slice=1000
