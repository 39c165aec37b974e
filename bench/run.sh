#!/usr/bin/env bash
# bench/run.sh -- fleng against SWI-Prolog, GNU Prolog and KLIC on the same workloads
#
#   bash bench/run.sh                 full run: 5 runs per system and workload (a few minutes)
#   bash bench/run.sh --quick         smoke test: small sizes, one run each (under a minute)
#   bash bench/run.sh --runs N        N runs per system and workload
#   bash bench/run.sh --klic PREFIX   also KLIC, installed under PREFIX (PREFIX/bin/klic;
#                                     default $KLIC_HOME, else klic on PATH, else "not installed")
#   bash bench/run.sh --systems LIST  only these systems (fleng,fleng-compiled,klic,swipl,
#                                     gprolog,gprolog-consult): writes bench/results/partial.*
#
# Installs swi-prolog-nox and gprolog from the Debian packages when missing
# (as root), builds fleng (cmake --build build), then runs bench/bench.py: every
# workload (nrev30, queens 8 and 10, primes below 3000 and 30000, tak(18,12,6),
# fib(25)) on fleng, fleng compiled (`fleng build`), KLIC (when given; KLIC is
# not part of this project: bash bench/build_klic.sh builds it from its public
# sources under /tmp/klic, then pass --klic /tmp/klic), SWI-Prolog (swipl -O) and
# GNU Prolog (gplc native code, and consulted byte code), median of the runs,
# every answer checked, plus fleng's peak memory for primes below 200000 and
# 30000.  Prints a table and writes bench/results/latest.json, the run's dated
# report bench/results/performance-YYYY-MM-DD.md and docs/performance.md
# (--quick: bench/results/quick.json and quick.md; --systems:
# bench/results/partial.json and partial.md; both leave the docs alone).  Exit
# status 1 when a build, an install or an answer fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
COMMAND="bash bench/run.sh${*:+ $*}"

for arg in "$@"; do
    case "$arg" in
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    esac
done

# ---- Prolog systems and tools
missing=()
command -v swipl >/dev/null || missing+=(swi-prolog-nox)
command -v gplc >/dev/null && command -v gprolog >/dev/null || missing+=(gprolog)
command -v gcc >/dev/null || missing+=(gcc)          # gplc links with gcc
[[ -x /usr/bin/time ]] || missing+=(time)            # max RSS (/usr/bin/time -v)
command -v python3 >/dev/null || missing+=(python3)  # bench/bench.py
if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "bench: missing ${missing[*]}; run as root to install them (apt-get)" >&2
        exit 1
    fi
    echo "bench: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ---- fleng
if [[ ! -f build/build.ninja && ! -f build/Makefile ]]; then
    echo "bench: configuring build/ (cmake --preset release)"
    cmake --preset release >/dev/null
fi
echo "bench: cmake --build build"
if ! cmake --build build >/tmp/fleng-bench-build.log 2>&1; then
    tail -30 /tmp/fleng-bench-build.log >&2
    echo "bench: the build failed (log: /tmp/fleng-bench-build.log)" >&2
    exit 1
fi

echo "bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 bench/bench.py --command "$COMMAND" "$@"
