#!/usr/bin/env python3
"""The mpi engine on 1, 2 and 4 ranks of this host, and a projection to a cluster.

Called by bench/mpi.sh (which builds fleng first).  Runs queens 11 (all solutions) and the
primes below 100000 under `mpirun -np R build/fleng run ... --engine mpi --stats json` for
R = 1, 2, 4 (one IU per rank, static partitioning as the analyzer places the goals),
interleaved RUNS times, checks every answer, and takes the median of elapsed_seconds (the run
itself: MPI's start, loading and compiling are not timed).  The statistics are summed over
the ranks: messages and words sent between ranks, per reduction.

The projection (docs/distributed.md): a host of the cluster reduces at the speed measured on
one rank here; the messages per reduction at P hosts are those measured at R ranks (2, and 4)
scaled by the share of goals that leave their host, (P-1)/P against (R-1)/R; each message
costs the host that sends it and the one that receives it a fixed software overhead plus its
bytes at the link's bandwidth.  Two bounds: the latency hidden behind other work (the time is
the larger of compute and communication per host), and every message of a host on the
critical path (compute + communication + latency per message).  Both add what no host count
removes: the work spreading to all hosts (a round trip per halving) and Safra's token going
twice round the ring of hosts at the end.

Workers in a rank: the same workloads on one rank of 2 IUs, with 1 and with 2 workers
(`--workers`; mpirun told `--bind-to none`, as it binds a lone rank to one core), against the
threads engine with 2 workers.  Writes bench/results/mpi-DATE.md and bench/results/mpi.json.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLENG = ROOT / "build" / "fleng"

WORKLOADS = [
    # id, file, goal, answer, quick goal, quick answer
    ("queens11", "examples/queens.fl", "run(11)", "2680", "run(8)", "92"),
    ("primes100000", "examples/primes.fl", "run(100000)", "9592", "run(10000)", "1229"),
]
RANKS = (1, 2, 4)
# One rank of 2 IUs: (label, command-line tail), the engine and its workers.
WORKER_CONFIGS = [
    ("mpi, 1 rank, 1 worker", ["--engine", "mpi", "--ius", "2", "--workers", "1"]),
    ("mpi, 1 rank, 2 workers", ["--engine", "mpi", "--ius", "2", "--workers", "2"]),
    ("threads, 2 workers", ["--engine", "threads", "--ius", "2", "--workers", "2"]),
]

# The cluster of the projection.
LINK_BYTES_PER_SECOND = 10e9 / 8   # 10 GbE
LINK_LATENCY = 20e-6               # one way
MESSAGE_OVERHEAD = 5e-6            # software: encode, MPI send and receive, decode (per side)


def mpirun(ranks: int) -> list[str]:
    command = ["mpirun", "--oversubscribe", "-np", str(ranks)]
    if os.geteuid() == 0:
        command.insert(1, "--allow-run-as-root")
    return command


def run_once(file: str, goal: str, answer: str, ranks: int, tail: list[str] | None = None) -> dict:
    if tail is None:
        command = mpirun(ranks) + [str(FLENG), "run", file, "-g", goal, "--engine", "mpi",
                                   "--stats", "json"]
    else:
        prefix = mpirun(1) + ["--bind-to", "none"] if "mpi" in tail else []
        command = prefix + [str(FLENG), "run", file, "-g", goal, "--stats", "json"] + tail
    p = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    lines = p.stdout.strip().splitlines()
    if p.returncode != 0 or len(lines) < 2 or lines[0] != answer:
        raise RuntimeError(f"{' '.join(command)}: status {p.returncode}\n{p.stdout}\n{p.stderr}")
    return json.loads(lines[-1])


def project(one_rank_seconds: float, reductions: int, rate: dict, ranks: int, hosts: int) -> dict:
    """The time at `hosts` hosts from the messages and bytes per reduction measured at `ranks`
    ranks (`rate`), the share of goals that leave their host scaled from (ranks-1)/ranks to
    (hosts-1)/hosts. Optimistic: the messages' latency hidden by other work, the time the
    larger of compute and communication per host. Pessimistic: every message of a host on the
    critical path, its latency and costs added to the compute."""
    compute = one_rank_seconds / hosts
    share = ((hosts - 1) / hosts) / ((ranks - 1) / ranks)
    messages = rate["messages_per_reduction"] * share * reductions / hosts  # per host
    bytes_per_message = (rate["bytes_per_reduction"] / rate["messages_per_reduction"]
                         if rate["messages_per_reduction"] > 0 else 0.0)
    per_message = 2 * MESSAGE_OVERHEAD + bytes_per_message / LINK_BYTES_PER_SECOND
    communication = messages * per_message
    # Paid whatever the work: the work reaching every host (it halves from host to host, one
    # round trip per halving) and Safra's token going round all hosts, twice at least, at the
    # end (a ring: P hops).
    fixed = math.log2(hosts) * 2 * LINK_LATENCY + 2 * hosts * LINK_LATENCY
    optimistic = max(compute, communication) + fixed
    pessimistic = compute + communication + messages * LINK_LATENCY + fixed
    return {"hosts": hosts, "from_ranks": ranks, "compute_s": compute, "fixed_s": fixed,
            "communication_s": communication, "optimistic_s": optimistic,
            "pessimistic_s": pessimistic, "speedup_optimistic": one_rank_seconds / optimistic,
            "speedup_pessimistic": one_rank_seconds / pessimistic}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--command", default="bash bench/mpi.sh")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    results: dict[tuple[str, int], list[dict]] = {}
    for _ in range(runs):
        for wid, file, goal, answer, qgoal, qanswer in WORKLOADS:
            for ranks in RANKS:
                g, a = (qgoal, qanswer) if args.quick else (goal, answer)
                results.setdefault((wid, ranks), []).append(run_once(file, g, a, ranks))
            for label, tail in WORKER_CONFIGS:
                g, a = (qgoal, qanswer) if args.quick else (goal, answer)
                results.setdefault((wid, label), []).append(run_once(file, g, a, 1, tail))

    rows = []
    for wid, *_ in WORKLOADS:
        base = statistics.median(r["elapsed_seconds"] for r in results[(wid, 1)])
        for ranks in RANKS:
            rs = results[(wid, ranks)]
            t = statistics.median(r["elapsed_seconds"] for r in rs)
            red = statistics.median(r["reductions"] for r in rs)
            msgs = statistics.median(r["messages_sent"] for r in rs)
            words = statistics.median(r["words_sent"] for r in rs)
            rows.append({"workload": wid, "ranks": ranks, "seconds": t, "speedup": base / t,
                         "reductions": red, "messages": msgs, "bytes": 8 * words,
                         "messages_per_reduction": msgs / red, "bytes_per_reduction": 8 * words / red,
                         "runs": len(rs)})

    worker_rows = []
    for wid, *_ in WORKLOADS:
        base = statistics.median(r["elapsed_seconds"] for r in results[(wid, WORKER_CONFIGS[0][0])])
        for label, _ in WORKER_CONFIGS:
            rs = results[(wid, label)]
            t = statistics.median(r["elapsed_seconds"] for r in rs)
            worker_rows.append({"workload": wid, "configuration": label, "seconds": t,
                                "speedup": base / t, "runs": len(rs)})

    projections = []
    for wid, *_ in WORKLOADS:
        one = next(r for r in rows if r["workload"] == wid and r["ranks"] == 1)
        for ranks in (2, 4):
            rate = next(r for r in rows if r["workload"] == wid and r["ranks"] == ranks)
            for hosts in (2, 4, 16, 64, 256):
                p = project(one["seconds"], one["reductions"], rate, ranks, hosts)
                p["workload"] = wid
                projections.append(p)

    cores = os.cpu_count()
    date = datetime.date.today().isoformat()
    out = [f"# The mpi engine on one host: {date}", "",
           f"`{args.command}` on {cores} cores ({os.uname().machine}, load average "
           f"{open('/proc/loadavg').read().split()[0]} at the end); Open MPI, one IU per rank, "
           f"median of {runs} interleaved runs. With more ranks than cores the ranks share "
           f"cores (oversubscribed).", "",
           "| workload | ranks | seconds | speedup | reductions | messages | bytes | messages/reduction | bytes/reduction |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        out.append(f"| {r['workload']} | {r['ranks']} | {r['seconds']:.3f} | {r['speedup']:.2f} | "
                   f"{r['reductions']:.0f} | {r['messages']:.0f} | {r['bytes']:.0f} | "
                   f"{r['messages_per_reduction']:.5f} | {r['bytes_per_reduction']:.3f} |")
    out += ["", "Workers in a rank: one rank of 2 IUs (`--bind-to none`), speedup over 1 worker; "
            "the threads engine for comparison (its `elapsed_seconds` likewise the run alone):", "",
            "| workload | configuration | seconds | speedup |", "| --- | --- | --- | --- |"]
    for r in worker_rows:
        out.append(f"| {r['workload']} | {r['configuration']} | {r['seconds']:.3f} | {r['speedup']:.2f} |")
    out += ["", "Projection to a cluster (10 GbE, 20 us latency, 5 us of software per message "
            "and side; messages per reduction from the run on `from` ranks; bench/mpi_bench.py "
            "says how):", "",
            "| workload | from | hosts | compute s | communication s per host | speedup (latency hidden) | speedup (latency on the critical path) |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for p in projections:
        out.append(f"| {p['workload']} | {p['from_ranks']} | {p['hosts']} | {p['compute_s']:.4f} | "
                   f"{p['communication_s']:.4f} | {p['speedup_optimistic']:.1f} | "
                   f"{p['speedup_pessimistic']:.1f} |")
    text = "\n".join(out) + "\n"
    results_dir = ROOT / "bench" / "results"
    (results_dir / f"mpi-{date}.md").write_text(text)
    (results_dir / "mpi.json").write_text(json.dumps({"rows": rows, "workers": worker_rows,
                                                      "projections": projections},
                                                     indent=1) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
