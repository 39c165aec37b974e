#!/usr/bin/env bash
# The test suite's mpirun: `mpirun_own_session.sh MPIRUN ARGS...` runs MPIRUN ARGS... with an
# Open MPI session directory of its own. Open MPI 4 makes /tmp/ompi.HOST.UID with a test and
# then a mkdir, and the second of two mpirun starting at once fails on it ("A call to mkdir was
# unable to create the desired directory ... File exists"), as the suite's mpi tests do under
# ctest -j. The process becomes MPIRUN (exec), so a test that signals it signals mpirun; the
# empty folders left behind are removed by later runs once an hour old.
set -euo pipefail
tmp=${TMPDIR:-/tmp}
find "$tmp" -maxdepth 1 -name 'fleng-ompi-*' -type d -empty -mmin +60 -delete 2>/dev/null || true
base=$(mktemp -d "$tmp/fleng-ompi-XXXXXX")
mpirun=$1
shift
exec "$mpirun" --mca orte_tmpdir_base "$base" "$@"
