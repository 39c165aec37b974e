#!/usr/bin/env python3
"""The threads engine against the one-IU engine, and its scaling with workers.

Called by bench/threads.sh (which builds fleng first).  For every workload of
bench/bench.py (nrev30, queens 8 and 10, primes below 3000 and 30000,
tak(18,12,6), fib(25)) it runs, interleaved RUNS times (a change of machine load
hits all alike): the one-IU engine (--engine local), the threads engine with one
worker (--engine threads --workers 1, one IU) and with 2 workers (two IUs, or
--ius N), checks every answer, and takes the median of elapsed_seconds of
--stats=json (the run itself: loading and compiling are not timed).  Then the
scaling curve of queens 10 and primes below 30000 over 1..max(cores, 4)
workers.  For queens 10 and primes below 30000 it also runs, in the same
interleaving, two one-worker processes at the same time, one per CPU: how much
faster two cores do two independent runs than one core does one is what this
machine allows a 2-worker run at best (the "ceiling"; on a virtual machine that
shares its host's memory system and cores it is often well under 2).  Writes
bench/results/threads.md (linked from docs/threads.md and docs/performance.md)
and bench/results/threads.json.

Targets (issue: the threads engine): one worker no slower than 1.15x the
one-IU engine on every workload; queens 10 and primes below 30000 with 2
workers at least 1.7x faster than with 1 worker.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import bench  # noqa: E402  (the workloads, answers and the JSON reader)

FLENG = ROOT / "build" / "fleng"


# The workloads whose 2-worker speedup has a target, and whose ceiling is measured.
TARGET_IDS = ("queens10", "primes30000")


def command(w: dict, extra: list[str]) -> list[str]:
    # One process runs the workload's least number of rounds (bench.py's drivers repeat it
    # `{k}` times: one, or nrev30 many times); result() divides by them.
    f, goal = w["fleng"]
    return [str(FLENG), "run", f, "-g", goal.format(k=w["fleng_min_rounds"]), *extra, "--stats=json"]


def run(w: dict, extra: list[str]) -> tuple[float | None, dict | None, str]:
    return result(w, bench.sh(command(w, extra)))


def run_two_at_once(w: dict, extra: list[str]) -> tuple[list[float], str]:
    """Two one-worker runs started together, each tied to one of the first two CPUs this
    process may use: their times (each its own run's elapsed_seconds), or an error."""
    cpus = sorted(os.sched_getaffinity(0))[:2]
    if len(cpus) < 2:
        return [], "fewer than 2 CPUs"
    procs = [subprocess.Popen(command(w, extra), cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda c=c: os.sched_setaffinity(0, {c}))
             for c in cpus]
    times = []
    for proc in procs:
        try:
            out, err = proc.communicate(timeout=1800)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
        secs, _, error = result(w, subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
        if error:
            return [], error
        times.append(secs)
    return times, ""


def result(w: dict, p: subprocess.CompletedProcess) -> tuple[float | None, dict | None, str]:
    stats = bench.json_line(p.stdout)
    lines = p.stdout.splitlines()
    answer = lines[0].strip() if lines else ""
    if p.returncode != 0 or stats is None:
        return None, None, f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
    if answer != w["expect"]:
        return None, None, f"answer {answer!r}, expected {w['expect']!r}"
    seconds = stats["elapsed_seconds"] / w["fleng_min_rounds"]
    return seconds, stats, ""


def steal_seconds() -> float | None:
    """CPU time the hypervisor gave other guests while this one's CPUs wanted to run (the
    `steal` column of /proc/stat, all CPUs together); None where the kernel does not say."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def median_or_none(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def main() -> int:
    global FLENG  # --fleng
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--quick", action="store_true", help="small sizes, one run")
    ap.add_argument("--ius", type=int, default=0, help="IUs for the 2-worker runs (default 2)")
    ap.add_argument("--extra", default="", help="more fleng run options for every threads run")
    ap.add_argument("--command", default="bash bench/threads.sh")
    ap.add_argument("--fleng", default=str(FLENG), help="the fleng executable (default build/fleng)")
    ap.add_argument("--out-dir", default=str(ROOT / "bench" / "results"),
                    help="where the report and the JSON go (default bench/results)")
    args = ap.parse_args()
    FLENG = Path(args.fleng).resolve()
    runs = 1 if args.quick else args.runs
    extra = args.extra.split()
    configs = {
        "local": ["--engine", "local"],
        "threads1": ["--engine", "threads", "--workers", "1", *extra],
        "threads2": ["--engine", "threads", "--workers", "2",
                     *(["--ius", str(args.ius)] if args.ius else []), *extra],
    }
    failures = []
    rows = []
    steal_start = steal_seconds()
    for w in bench.workloads(args.quick):
        steal_before = steal_seconds()
        times: dict[str, list[float]] = {c: [] for c in configs}
        pairs: list[float] = []  # 1 worker / 2 workers, each pair run one after the other
        at_once: list[float] = []  # each time of two one-worker runs made at the same time
        last: dict[str, dict] = {}
        for _ in range(runs):
            if w["id"] in TARGET_IDS:
                secs_two, error = run_two_at_once(w, configs["threads1"])
                if error:
                    failures.append(f"{w['label']} two 1-worker runs at once: {error}")
                at_once += secs_two
            this_run: dict[str, float] = {}
            for c, opts in configs.items():
                secs, stats, error = run(w, opts)
                if error:
                    failures.append(f"{w['label']} {c}: {error}")
                    continue
                times[c].append(secs)
                this_run[c] = secs
                last[c] = stats
            if "threads1" in this_run and "threads2" in this_run:
                pairs.append(this_run["threads1"] / this_run["threads2"])
        med = {c: median_or_none(t) for c, t in times.items()}
        row = {"id": w["id"], "label": w["label"], **{f"{c}_seconds": med[c] for c in configs}}
        if med["local"] and med["threads1"]:
            row["threads1_over_local"] = med["threads1"] / med["local"]
        if med["threads1"] and med["threads2"]:
            row["speedup2"] = med["threads1"] / med["threads2"]
            # The best run of each (the least disturbed by the machine's other load), beside
            # the medians that the targets are judged on.
            row["speedup2_best"] = min(times["threads1"]) / min(times["threads2"])
        if at_once and med["threads1"]:
            # Two cores doing two independent runs against one core doing one: the most a
            # 2-worker run can gain here.
            row["two_at_once_seconds"] = statistics.median(at_once)
            row["ceiling2"] = 2 * med["threads1"] / row["two_at_once_seconds"]
            row["runs_seconds_two_at_once"] = at_once
        if pairs:
            # Run by run: the median of the ratios of runs made one after the other, which a
            # machine whose speed drifts over minutes disturbs less than the medians' ratio.
            row["speedup2_paired"] = statistics.median(pairs)
        row["runs_seconds"] = times
        steal_after = steal_seconds()
        if steal_before is not None and steal_after is not None:
            row["steal_seconds"] = steal_after - steal_before
        if "threads2" in last:
            row["threads2_messages"] = last["threads2"].get("messages")
            row["threads2_suspensions"] = last["threads2"].get("suspensions")
        rows.append(row)
        print(f"{w['label']:<22} local {fmt_t(med['local'])}  1 worker {fmt_t(med['threads1'])}"
              f" ({fmt_r(row.get('threads1_over_local'))})  2 workers {fmt_t(med['threads2'])}"
              f" (speedup {fmt_r(row.get('speedup2'))})"
              + (f"  ceiling {fmt_r(row['ceiling2'])}" if "ceiling2" in row else "")
              + (f"  [host steal {row['steal_seconds']:.2f} s]" if row.get("steal_seconds") else ""),
              flush=True)

    # Scaling curve of the two parallel workloads.
    max_workers = max(os.cpu_count() or 1, 4)
    curve = []
    for w in bench.workloads(args.quick):
        if not (w["id"].startswith("queens") and w["id"] != "queens8" and w["id"] != "queens6") \
                and w["id"] not in ("primes30000", "primes3000"):
            continue
        if w["id"] == "primes3000" and not args.quick:
            continue
        for k in range(1, max_workers + 1):
            ts = []
            for _ in range(runs):
                secs, _, error = run(w, ["--engine", "threads", "--workers", str(k), *extra])
                if error:
                    failures.append(f"{w['label']} {k} workers: {error}")
                else:
                    ts.append(secs)
            curve.append({"id": w["id"], "label": w["label"], "workers": k,
                          "seconds": median_or_none(ts)})
            print(f"  {w['label']:<20} {k} workers: {fmt_t(median_or_none(ts))}", flush=True)

    steal_end = steal_seconds()
    results = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               "steal_seconds": (steal_end - steal_start
                                 if steal_start is not None and steal_end is not None else None),
               "cores": os.cpu_count(), "cpu": bench.cpu_model() if hasattr(bench, "cpu_model") else "",
               "commit": git_commit(), "runs": runs, "command": args.command, "rows": rows,
               "curve": curve, "failures": failures}
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    name = "threads_quick" if args.quick else "threads"
    (out / f"{name}.json").write_text(json.dumps(results, indent=1) + "\n")
    (out / f"{name}.md").write_text(report(results))
    print(f"wrote {out / name}.md")
    for f in failures:
        print("FAILED:", f, file=sys.stderr)
    return 1 if failures else 0


def fmt_t(s: float | None) -> str:
    if s is None:
        return "-"
    return f"{s * 1e6:.2f} us" if s < 1e-3 else f"{s * 1e3:.1f} ms"


def fmt_r(r: float | None) -> str:
    return "-" if r is None else f"{r:.2f}x"


def git_commit() -> str:
    p = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return p.stdout.strip()


def cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def report(r: dict) -> str:
    L = ["## Threads engine", "",
         f"Measured by `{r['command']}` on {r['cores']} cores ({cpu()}), {r['date'][:10]}, "
         f"commit `{r['commit']}`, median of {r['runs']} interleaved runs; times are the run "
         "itself (`elapsed_seconds` of `--stats=json`). One worker runs one IU; two workers "
         "run two IUs (the default: as many IUs as workers), static partitioning on, "
         "threshold 8. \"Best runs\" divides the fastest 1-worker run by the fastest "
         "2-worker run (the least disturbed by other load on the machine); \"run by run\" is "
         "the median of the ratios of a 1-worker run and the 2-worker run right after it (less "
         "disturbed by a machine whose speed drifts over minutes); the targets are judged on "
         "the medians. Every run's time is in `bench/results/threads.json` (`runs_seconds`).", "",
         "Targets: one worker no slower than 1.15x the one-IU engine; queens 10 and primes "
         "below 30000 at least 1.7x faster with 2 workers than with 1.", "",
         "| workload | one-IU engine | threads, 1 worker | 1 worker / one-IU | threads, 2 workers "
         "| speedup 1 -> 2 workers | same, best runs | same, run by run | target |",
         "|---|---|---|---|---|---|---|---|---|"]
    for row in r["rows"]:
        ratio = row.get("threads1_over_local")
        speed = row.get("speedup2")
        target = []
        if ratio is not None:
            target.append("1 worker " + ("met" if ratio <= 1.15 else "**not met**"))
        if row["id"] in TARGET_IDS and speed is not None:
            target.append("2 workers " + ("met" if speed >= 1.7 else "**not met**"))
        L.append(f"| {row['label']} | {fmt_t(row['local_seconds'])} | {fmt_t(row['threads1_seconds'])} "
                 f"| {fmt_r(ratio)} | {fmt_t(row['threads2_seconds'])} | {fmt_r(speed)} "
                 f"| {fmt_r(row.get('speedup2_best'))} | {fmt_r(row.get('speedup2_paired'))} "
                 f"| {', '.join(target)} |")
    ceilings = [row for row in r["rows"] if "ceiling2" in row]
    if ceilings:
        L += ["", "What this machine allows: two one-worker runs started together, one per CPU, "
              "in the same interleaving. Two cores doing two independent runs, against one core "
              "doing one, is the most a 2-worker run can gain here (\"ceiling\": 2 x alone / at "
              "once); the engine's share of it is its 2-worker speedup over the ceiling.", "",
              "| workload | 1 worker alone | each of two at once | ceiling | 2-worker speedup "
              "| share of the ceiling |", "|---|---|---|---|---|---|"]
        for row in ceilings:
            speed = row.get("speedup2")
            share = speed / row["ceiling2"] if speed else None
            L.append(f"| {row['label']} | {fmt_t(row['threads1_seconds'])} "
                     f"| {fmt_t(row['two_at_once_seconds'])} | {fmt_r(row['ceiling2'])} "
                     f"| {fmt_r(speed)} | {'-' if share is None else f'{100 * share:.0f}%'} |")
    if r["curve"]:
        L += ["", "Scaling (threads engine, as many IUs as workers; workers beyond the cores "
              "share them):", "", "| workload | workers | time | speedup over 1 worker |",
              "|---|---|---|---|"]
        base: dict[str, float] = {}
        for c in r["curve"]:
            if c["workers"] == 1 and c["seconds"]:
                base[c["id"]] = c["seconds"]
            sp = base.get(c["id"], 0) / c["seconds"] if c["seconds"] and c["id"] in base else None
            L.append(f"| {c['label']} | {c['workers']} | {fmt_t(c['seconds'])} | {fmt_r(sp)} |")
    if r.get("steal_seconds") is not None:
        L += ["", f"Steal time during the benchmark (`/proc/stat`: time the hypervisor ran other "
              f"guests while this machine's CPUs wanted to run): {r['steal_seconds']:.2f} s; "
              "per workload in `bench/results/threads.json` (`steal_seconds`). Runs disturbed by "
              "it are slower, the two-worker runs most (a pipeline waits for the stalled IU)."]
    if r["failures"]:
        L += ["", "Failures:", ""] + [f"- {f}" for f in r["failures"]]
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    sys.exit(main())
