#!/usr/bin/env bash
# The two Quick start commands of the README:
#   scripts/quickstart.sh run    set up, build, and run the main job
#   scripts/quickstart.sh test   set up, build, and run the whole test suite
# Both install missing Debian packages first (scripts/setup.sh) and build into build/ with the
# same configuration (warnings are errors), so the second command builds nothing new.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=${1:-run}
case "$mode" in
  run | test) ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac

bash scripts/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
# One configuration for both modes (warnings are errors in both), so that `test` after `run`
# (or the other way round) reuses the build instead of recompiling every target.
configure=(cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLENG_WERROR=ON)
if [ ! -f build/CMakeCache.txt ]; then
  configure+=(-G Ninja)
fi
"${configure[@]}"
cmake --build build -j "$jobs"

if [ "$mode" = run ]; then
  # The main job: primes below 3000 (the paper's "primes 3k") on 64 simulated IUs, with statistics.
  build/fleng run examples/primes_annotated.fl --engine sim --ius 64 --stats
else
  ctest --test-dir build --output-on-failure -j "$jobs"
fi
