#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz: clang, ASan + UBSan, build-fuzz/) after the usual
# set-up; shared by scripts/fuzz-parser.sh and scripts/fuzz-runtime.sh.
#   scripts/fuzz-build.sh NAME     (NAME: the calling script, for the message)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
if ! command -v clang++ >/dev/null; then
  echo "${1:-fuzz}: needs clang++ (apt-get install clang)" >&2
  exit 2
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
