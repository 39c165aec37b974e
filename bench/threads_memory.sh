#!/usr/bin/env bash
# bench/threads_memory.sh -- collection work and resident memory, one-IU engine against the
# threads engine (docs/threads.md, "Memory"):
#   - a list of 5 M cells kept live while 20 M small structures die (bench/programs/list_live.fl)
#     on the one-IU engine and on the threads engine (2 workers, 2 IUs): collections, their
#     time, bytes copied, peak resident size;
#   - hello world on 256 IUs with 256 workers and with 2: peak resident size.
#
#   bash bench/threads_memory.sh [N]     (N: list cells, default 5000000)
# Uses build/fleng (build it first); needs python3.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FLENG="$ROOT/build/fleng"
N=${1:-5000000}
PROGRAM="$ROOT/bench/programs/list_live.fl"
HELLO=$(mktemp --suffix=.fl)
trap 'rm -f "$HELLO"' EXIT
echo 'main :- writeln(hello).' > "$HELLO"

# Peak resident size of a command, in MiB (from its rusage).
peak_mib() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f}")
PY
}

echo "host: $(uname -m), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "list of $N live cells, $((4 * N)) dying structures:"
for engine in "local" "threads --workers 2 --ius 2"; do
    # shellcheck disable=SC2086
    "$FLENG" run "$PROGRAM" -g "run($N)" --engine $engine --stats json 2>/dev/null | python3 -c "
import json, sys
text = sys.stdin.read()
s = json.loads(text[text.index('{'):])
copied = sum(iu.get('gc_copied_bytes', 0) for iu in s.get('per_iu', []))
gc = s.get('gc_seconds')
print(f\"  {'$engine':28} collections {s.get('gc_collections', s.get('collections'))}\"
      + (f', {gc:.3f} s' if gc is not None else '')
      + (f', {copied / 2**20:.0f} MiB copied' if copied else '')
      + f\", run {s.get('elapsed_seconds', 0):.2f} s\")
"
    # shellcheck disable=SC2086
    echo "  $(printf '%-28s' "$engine") peak resident $(peak_mib "$FLENG" run "$PROGRAM" -g "run($N)" --engine $engine) MiB"
done
echo "hello world on 256 IUs:"
for workers in 256 2; do
    echo "  $workers workers: peak resident $(peak_mib "$FLENG" run "$HELLO" --engine threads --workers "$workers" --ius 256) MiB"
done
