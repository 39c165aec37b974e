#!/usr/bin/env bash
# Profile-guided placement against the other ways of placing a program's loop iterations, on
# the stencil workload (examples/stencil/): the evaluation of docs/evaluation-ie.md, after
# Yokota, Chiba and Itano, "A New Optimization Technique for the Inspector-Executor Method"
# (2002). For each kind (relax, particles), mesh numbering (hilbert: index blocks are regions;
# random: they are not) and IU count (4, 16, 64), on the simulated PIE64:
#   (a) naive partitioning            --static off
#   (b) the analyzer's partitioning   --static on (the default)
#   (c) run-time executor, dynamic packing: the profile's placement looked up per iteration
#       (--profile-form lookup), the NIP packing messages at run time (aggregation window 100)
#   (d) the profiled executor: constant destinations (--profile), the same NIP packing
#   (d0) the profiled executor without packing; (o) the program's own owner-computes placement
# plus the inspector's cost (fleng profile's host seconds, its simulated run) and a run whose
# dependency changed since the profile (a profile of the hilbert mesh used on the random one).
# Writes bench/results/ie/runs.csv and profiles.csv, bench/results/ie-<date>.md (the run's
# record) and docs/evaluation-ie.md (bench/ie_report.py); the meshes and the profiles (tens of
# megabytes) go to $IE_WORK (default: $TMPDIR/fleng-ie).
#   bash bench/ie_evaluation.sh      (about 5 minutes on 2 cores; QUICK=1: 256 points, 3 steps)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x build/fleng ]; then cmake --preset release >/dev/null; fi
cmake --build build >/dev/null

out=bench/results/ie
work=${IE_WORK:-${TMPDIR:-/tmp}/fleng-ie}
mkdir -p "$out" "$work" docs/figures/ie
points=${POINTS:-2048}
steps=${STEPS:-10}
if [ "${QUICK:-0}" = 1 ]; then points=256; steps=3; fi
python3 examples/stencil/make_mesh.py --points "$points" --seed 1 --order hilbert -o "$work/mesh-hilbert.csv"
python3 examples/stencil/make_mesh.py --points "$points" --seed 1 --order random -o "$work/mesh-random.csv"
window=100
loadavg=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date +%s.%N)

# One run: its --stats json as one CSV row: kind,mesh,ius,variant,makespan,messages,words,
# packets,remote_reads,reductions,host_seconds,checksum
run() {  # kind mesh ius variant [fleng options...]
  local kind=$1 mesh=$2 ius=$3 variant=$4
  shift 4
  local t0 t1 output
  t0=$(date +%s.%N)
  output=$(build/fleng run examples/stencil/stencil.fl --engine sim --ius "$ius" --stats json "$@" \
    -- "$work/mesh-$mesh.csv" "$steps" "$kind" ${PLACEMENT:-})
  t1=$(date +%s.%N)
  python3 - "$kind" "$mesh" "$ius" "$variant" "$t0" "$t1" "$output" <<'PY'
import json, sys
kind, mesh, ius, variant, t0, t1, output = sys.argv[1:]
lines = output.strip().split("\n")
stats = json.loads(lines[-1])
checksum = lines[0].split("checksum ")[1]
print(",".join(str(x) for x in [kind, mesh, ius, variant, stats["makespan_cycles"], stats["messages"],
                                stats["words_sent"], stats["packets"], stats["remote_reads"],
                                stats["reductions"], f"{float(t1) - float(t0):.2f}", checksum]))
PY
}

csv=$out/runs.csv
echo "kind,mesh,ius,variant,makespan_cycles,messages,words,packets,remote_reads,reductions,host_seconds,checksum" > "$csv"
profiles=$out/profiles.csv
echo "kind,mesh,ius,host_seconds,makespan_cycles,sites,instances" > "$profiles"
for kind in relax particles; do
  for mesh in hilbert random; do
    for ius in 4 16 64; do
      p=$work/$kind-$mesh-$ius.profile
      t0=$(date +%s.%N)
      build/fleng profile examples/stencil/stencil.fl --ius "$ius" -o "$p" \
        -- "$work/mesh-$mesh.csv" "$steps" "$kind" > /dev/null 2> "$work/profile.log"
      t1=$(date +%s.%N)
      python3 - "$p" "$t0" "$t1" "$kind" "$mesh" "$ius" >> "$profiles" <<'PY'
import json, sys
p, t0, t1, kind, mesh, ius = sys.argv[1:]
d = json.load(open(p))
print(f"{kind},{mesh},{ius},{float(t1) - float(t0):.2f},{d['makespan_cycles']},{len(d['sites'])},"
      f"{sum(len(s['instances']) for s in d['sites'])}")
PY
      run "$kind" "$mesh" "$ius" a --static off >> "$csv"
      run "$kind" "$mesh" "$ius" b >> "$csv"
      run "$kind" "$mesh" "$ius" c --profile "$p" --profile-form lookup --set nip.aggregation_window=$window >> "$csv"
      run "$kind" "$mesh" "$ius" d --profile "$p" --set nip.aggregation_window=$window >> "$csv"
      run "$kind" "$mesh" "$ius" d0 --profile "$p" >> "$csv"
      PLACEMENT=owner run "$kind" "$mesh" "$ius" o >> "$csv"
    done
    # The dependency changed: the hilbert mesh's profile on the random mesh (same program).
  done
  for ius in 4 16 64; do
    run "$kind" random "$ius" stale --profile "$work/$kind-hilbert-$ius.profile" \
      --set nip.aggregation_window=$window >> "$csv"
  done
done
finished=$(date +%s.%N)
python3 bench/ie_report.py --runs "$csv" --profiles "$profiles" --points "$points" --steps "$steps" \
  --window "$window" --seconds "$(python3 -c "print(f'{$finished - $started:.0f}')")" \
  --loadavg "$loadavg" --commit "$(git rev-parse --short HEAD)" \
  --doc docs/evaluation-ie.md --record "bench/results/ie-$(date +%Y-%m-%d).md" --figures docs/figures/ie
