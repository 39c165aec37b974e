#!/usr/bin/env bash
# Streaming input in a bounded heap (docs/builtins.md, input and output): generates a file of
# about 200 MB (2.2 million lines of 90 characters) in a temporary directory, counts its lines
# with bench/programs/count_lines.fl on the local engine with a 16 MiB heap, and checks the
# count. Fails if the run fails (a heap that grew with the file would stop with "heap
# exhausted"). Prints the host time and the peak heap. Not part of the default test suite.
#   bash bench/io_stream_lines.sh [LINES]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
lines=${1:-2200000}
cmake --build build --target fleng >/dev/null
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "line %08d %s\n", i, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }' \
  > "$dir/big.txt"
echo "file: $(du -m "$dir/big.txt" | cut -f1) MB, $lines lines"
start=$(date +%s.%N)
out=$(./build/fleng run bench/programs/count_lines.fl --engine local --heap 16 --stats \
        -- "$dir/big.txt" 2>"$dir/stats")
end=$(date +%s.%N)
grep -E "peak heap|gc collections" "$dir/stats" || true
echo "counted: $out lines in $(echo "$end - $start" | bc) s"
if [[ "$out" != "$lines" ]]; then
  echo "FAIL: expected $lines" >&2
  exit 1
fi
echo "ok"
