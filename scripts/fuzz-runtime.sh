#!/usr/bin/env bash
# Fuzzes the runtime with libFuzzer (ASan + UBSan) for SECONDS (default 60): each input is a
# stream of choices from which tests/fuzz/program_generator.cpp makes a small Fleng program,
# run on the local engine and on the simulated machine (1-8 IUs) with a step limit and small
# heaps; see docs/development.md. The corpus grows in fuzz-corpus/runtime (git-ignored), seeded
# with random inputs; a crash, a sanitizer report, a hang (-timeout) or a disagreement between
# the engines leaves crash-*/timeout-* files here and exits non-zero. To see a finding's program:
#   FLENG_FUZZ_SHOW=1 build-fuzz/tests/fuzz/runtime_fuzz crash-...
#   scripts/fuzz-runtime.sh 600          FUZZ_JOBS=2 scripts/fuzz-runtime.sh 600
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}
jobs=${FUZZ_JOBS:-1}

bash scripts/fuzz-build.sh fuzz-runtime

corpus=fuzz-corpus/runtime
mkdir -p "$corpus"
if [ -z "$(ls -A "$corpus")" ]; then
  for i in $(seq 1 32); do head -c 512 /dev/urandom >"$corpus/seed-$i"; done
fi

# The simulated machine's fibers switch stacks through Boost.Context, which is built without
# sanitizer annotations: detect_stack_use_after_return would see their frames as stale.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
parallel=()
if [ "$jobs" -gt 1 ]; then
  parallel=(-fork="$jobs")
fi
build-fuzz/tests/fuzz/runtime_fuzz "$corpus" "${parallel[@]}" \
  -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=2048 -print_final_stats=1
