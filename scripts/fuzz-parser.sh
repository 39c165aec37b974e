#!/usr/bin/env bash
# Fuzzes the parser and the printer round trip with libFuzzer (ASan + UBSan) for SECONDS
# (default 60). The corpus grows in fuzz-corpus/parser (git-ignored), seeded with every .fl file
# of the repository; a crash leaves crash-* files here and exits non-zero.
#   scripts/fuzz-parser.sh 600
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}
jobs=${FUZZ_JOBS:-1}

bash scripts/fuzz-build.sh fuzz-parser

corpus=fuzz-corpus/parser
mkdir -p "$corpus"
find examples lib tests/golden -name '*.fl' -exec cp {} "$corpus"/ \;

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
parallel=()
if [ "$jobs" -gt 1 ]; then
  parallel=(-fork="$jobs")
fi
build-fuzz/tests/fuzz/parser_fuzz "$corpus" "${parallel[@]}" \
  -dict=tests/fuzz/fleng.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=8192 -print_final_stats=1
