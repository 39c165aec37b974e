#!/usr/bin/env bash
# bench/threads.sh -- the threads engine: one worker against the one-IU engine on the
# benchmark set, 2 workers against 1, and the scaling of queens 10 and primes below 30000.
#
#   bash bench/threads.sh                 11 interleaved runs per configuration (a few minutes)
#   bash bench/threads.sh --quick         small sizes, one run (smoke test)
#   bash bench/threads.sh --runs N        N runs
#   bash bench/threads.sh --ius N         N IUs for the 2-worker runs (default 2)
#   bash bench/threads.sh --fleng EXE --out-dir DIR   another fleng, the files elsewhere
#
# Builds fleng (cmake --build build), runs bench/threads_bench.py, writes
# bench/results/threads.md (linked from docs/threads.md and docs/performance.md) and
# bench/results/threads.json. Exit status 1 when a build or an answer fails.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
for arg in "$@"; do
    case "$arg" in
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    esac
done
if [[ ! -f build/build.ninja && ! -f build/Makefile ]]; then
    cmake --preset release >/dev/null
fi
if ! cmake --build build >/tmp/fleng-threads-build.log 2>&1; then
    tail -30 /tmp/fleng-threads-build.log >&2
    echo "threads bench: the build failed" >&2
    exit 1
fi
echo "threads bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 bench/threads_bench.py --command "bash bench/threads.sh${*:+ $*}" "$@"
