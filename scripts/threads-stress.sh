#!/usr/bin/env bash
# Long stress of the threads engine (not in the default suite): every example, many times, on
# random worker and IU counts, static on and off, low and high thresholds, each output compared
# with the simulator's expected one (tests/golden/sim). With the ThreadSanitizer build
# (scripts/sanitize.sh tsan first) every run is also checked for data races.
#   scripts/threads-stress.sh [RUNS] [BUILD_DIR]      (default: 200 runs, build/)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${1:-200}
build=${2:-build}
fleng="$build/fleng"
[[ -x "$fleng" ]] || { echo "threads-stress: no $fleng (build it first)" >&2; exit 1; }
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:suppressions=$PWD/scripts/tsan.supp}
cases=(tests/golden/sim/*.cmd)
failures=0
for ((run = 1; run <= runs; run++)); do
  case_file=${cases[RANDOM % ${#cases[@]}]}
  expected="${case_file%.cmd}.out"
  workers=$((1 + RANDOM % 4))
  ius_choices=(1 2 3 4 8 16 64)
  ius=${ius_choices[RANDOM % ${#ius_choices[@]}]}
  static_choices=(on off)
  static=${static_choices[RANDOM % 2]}
  threshold_choices=(1 2 8 128)
  threshold=${threshold_choices[RANDOM % 4]}
  # The line split as the golden tests split it (a goal with spaces is quoted in it; a
  # parenthesis is an ordinary character).
  mapfile -t args < <(python3 -c 'import shlex, sys; print("\n".join(shlex.split(open(sys.argv[1]).read())))' "$case_file")
  if ! out=$("$fleng" run "${args[@]}" --engine threads --workers "$workers" --ius "$ius" \
               --static "$static" --threshold "$threshold" 2>/tmp/threads-stress.err) ||
     [[ "$out" != "$(cat "$expected")" ]]; then
    failures=$((failures + 1))
    echo "FAILED: $fleng run ${args[*]} --engine threads --workers $workers --ius $ius" \
         "--static $static --threshold $threshold" >&2
    head -20 /tmp/threads-stress.err >&2
  fi
  if ((run % 50 == 0)); then echo "threads-stress: $run runs, $failures failed"; fi
done
echo "threads-stress: $runs runs, $failures failed"
((failures == 0))
