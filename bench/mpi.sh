#!/usr/bin/env bash
# bench/mpi.sh -- the mpi engine: queens 11 and primes below 100000 on 1, 2 and 4 ranks of one
# host (one IU per rank), with the messages and bytes per reduction, and the projection to a
# cluster of 16 and 64 hosts (docs/distributed.md, "Speed").
#
#   bash bench/mpi.sh               5 interleaved runs per configuration (a few minutes)
#   bash bench/mpi.sh --quick       small sizes, one run (smoke test)
#   bash bench/mpi.sh --runs N      N runs
#
# Builds fleng (cmake --build build), runs bench/mpi_bench.py, writes
# bench/results/mpi-DATE.md (the table docs/distributed.md shows) and bench/results/mpi.json.
# On a host with fewer cores than ranks the runs are oversubscribed (mpirun --oversubscribe):
# the table says how many cores there were. Exit status 1 when a build or an answer fails.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
for arg in "$@"; do
    case "$arg" in
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    esac
done
if [[ ! -f build/build.ninja && ! -f build/Makefile ]]; then
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
if ! cmake --build build >/tmp/fleng-mpi-build.log 2>&1; then
    tail -30 /tmp/fleng-mpi-build.log >&2
    echo "mpi bench: the build failed" >&2
    exit 1
fi
echo "mpi bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 bench/mpi_bench.py --command "bash bench/mpi.sh${*:+ $*}" "$@"
