#!/usr/bin/env python3
"""fleng against SWI-Prolog, GNU Prolog and KLIC on the same workloads, in one run.

Called by bench/run.sh, which installs the Prolog systems and builds fleng
first; see bench/README.md.  Runs every workload on every system RUNS times
(interleaved: one run of each system per round, so that a change of machine
load hits all systems alike), takes the median, checks every answer, prints a
table and writes the results (JSON) and the report (Markdown).

Only the workload itself is timed, never start-up, loading or compilation:
  fleng           elapsed_seconds of --stats=json (reduction time only) of a
                  run of bench/fleng/*_bench.fl that repeats the workload K
                  times, divided by K
  fleng compiled  the same, from the executable of `fleng build` (optional:
                  "not built" while fleng has no build command)
  KLIC            timer:get_time_of_day/1 around the runs, inside the program
                  (harness_klic.kl1; optional: "not installed" without KLIC,
                  see native_systems.py)
  SWI-Prolog      get_time/1 around the runs, inside the program (harness_swi.pl)
  GNU Prolog      statistics(real_time, _) around the runs, inside the program
                  (harness_gnu.pl), as a gplc native executable and consulted
A Prolog or KLIC process repeats a workload until MIN_SECONDS have passed (the
GNU clock counts milliseconds) and reports the mean time of one run.  A fleng
process repeats it too, K rounds one after the other inside one run, so that
every system is timed warm: K is chosen per system and workload before the
timed runs (calibration runs with growing K) so that one process runs about
MIN_SECONDS.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import native_systems
from native_systems import NOT_BUILT, NOT_INSTALLED

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PROGRAMS = BENCH / "programs"

NREV_LI = 496  # logical inferences of one nrev30: 31 nrev/2 + 465 app/3

SYSTEMS = ["fleng", "fleng-compiled", "klic", "swipl", "gprolog", "gprolog-consult"]
SYSTEM_TITLES = {
    "fleng": "fleng",
    "fleng-compiled": "fleng compiled",
    "klic": "KLIC",
    "swipl": "SWI-Prolog -O",
    "gprolog": "GNU Prolog (gplc)",
    "gprolog-consult": "GNU Prolog (consult)",
}

# GNU Prolog has no garbage collector for its global stack: it is reclaimed on
# backtracking only.  The default 32 MiB overflows in primes below 30000, so
# every GNU run gets 2 GB (a reservation; only what is used becomes resident).
GNU_ENV = {"GLOBALSZ": "2000000"}


def workloads(quick: bool) -> list[dict]:
    """The workloads: id, label, fleng driver and goal (`{k}`: the rounds of one process),
    the least rounds of a fleng process, Prolog file, name, size, KLIC name and sizes
    (harness_klic.kl1), answer.  A fleng round is one nrev30 for nrev (as the time is
    reported per nrev30), else one run of the workload."""
    k = 1000 if quick else 100000
    sizes = {
        "queens_a": 6 if quick else 8,
        "queens_b": 8 if quick else 10,
        "primes_a": 1000 if quick else 3000,
        "primes_b": 3000 if quick else 30000,
        "tak": (12, 8, 4) if quick else (18, 12, 6),
        "fib": 20 if quick else 25,
    }
    queens = {4: "2", 5: "10", 6: "4", 7: "40", 8: "92", 10: "724"}
    primes = {1000: "168", 3000: "430", 10000: "1229", 30000: "3245", 200000: "17984"}
    tak = {(12, 8, 4): "5", (18, 12, 6): "7"}
    fib = {20: "6765", 25: "75025"}
    w = [
        dict(id="nrev30", label=f"nrev30 (x{k})", nrev_k=k,
             fleng=("bench/fleng/nrev_bench.fl", "run({k})"), fleng_min_rounds=k,
             prolog=("nrev.pl", "nrev", str(k)), klic=("nrev", [str(k)]), expect="30"),
    ]
    for key in ("queens_a", "queens_b"):
        n = sizes[key]
        w.append(dict(id=f"queens{n}", label=f"queens {n}",
                      fleng=("bench/fleng/queens_bench.fl", f"run({{k}}, {n})"),
                      fleng_min_rounds=1,
                      prolog=("queens.pl", "queens", str(n)), klic=("queens", [str(n)]),
                      expect=queens[n]))
    for key in ("primes_a", "primes_b"):
        n = sizes[key]
        w.append(dict(id=f"primes{n}", label=f"primes < {n}",
                      fleng=("bench/fleng/primes_bench.fl", f"run({{k}}, {n})"),
                      fleng_min_rounds=1,
                      prolog=("primes.pl", "primes", str(n)), klic=("primes", [str(n)]),
                      expect=primes[n]))
    x, y, z = sizes["tak"]
    w.append(dict(id=f"tak{x}_{y}_{z}", label=f"tak({x},{y},{z})",
                  fleng=("bench/fleng/tak_bench.fl", f"run({{k}}, {x}, {y}, {z})"),
                  fleng_min_rounds=1,
                  prolog=("tak.pl", "tak", f"args({x},{y},{z})"),
                  klic=("tak", [str(x), str(y), str(z)]), expect=tak[(x, y, z)]))
    n = sizes["fib"]
    w.append(dict(id=f"fib{n}", label=f"fib({n})",
                  fleng=("bench/fleng/fib_bench.fl", f"run({{k}}, {n})"), fleng_min_rounds=1,
                  prolog=("fib.pl", "fib", str(n)), klic=("fib", [str(n)]), expect=fib[n]))
    return w


def memory_sizes(quick: bool) -> list[tuple[int, str, int | None]]:
    """(primes below N, expected count, target in MiB or None)."""
    if quick:
        return [(3000, "430", None), (30000, "3245", 16)]
    return [(200000, "17984", 64), (30000, "3245", 16)]


# ---------------------------------------------------------------- running


def sh(cmd: list[str], env: dict | None = None, timeout: float = 1800) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    try:
        return subprocess.run(cmd, cwd=ROOT, env=full_env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, 124, e.stdout or "", f"timeout after {timeout}s")


def json_line(text: str) -> dict | None:
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                return None
    return None


FLENG_SYSTEMS = ("fleng", "fleng-compiled")


class Runner:
    def __init__(self, fleng: Path, gnu_dir: Path, min_seconds: float,
                 klic: native_systems.Klic, compiled: native_systems.FlengCompiled):
        self.fleng = fleng
        self.gnu_dir = gnu_dir
        self.min_seconds = min_seconds
        self.klic = klic
        self.compiled = compiled
        # (fleng system, workload id) -> the rounds of one process, set by calibrate()
        self.rounds: dict[tuple[str, str], int] = {}

    def fleng_rounds(self, system: str, w: dict) -> int:
        return self.rounds.get((system, w["id"]), w["fleng_min_rounds"])

    def command(self, system: str, w: dict, rounds: int | None = None) -> tuple[list[str], dict | None]:
        """The command of one run; a fleng system's makes `rounds` rounds (default: the
        calibrated number)."""
        if system in FLENG_SYSTEMS:
            f, goal = w["fleng"]
            goal = goal.format(k=rounds or self.fleng_rounds(system, w))
            if system == "fleng":
                return [str(self.fleng), "run", f, "-g", goal, "--engine", "local", "--stats=json"], None
            exe = self.compiled.executables.get(f, Path(f"<fleng build {f} failed>"))
            return [str(exe), "-g", goal, "--engine", "local", "--stats=json"], None
        if system == "klic":
            return [str(self.klic.executable)] + native_systems.klic_args(w, self.min_seconds), None
        pfile, name, size = w["prolog"]
        m = str(self.min_seconds)
        if system == "swipl":
            return ["swipl", "-f", "none", "-O", "bench/programs/harness_swi.pl",
                    f"bench/programs/{pfile}", name, size, m], None
        if system == "gprolog":
            return [str(self.gnu_dir / f"gnu_{name}"), name, size, m], GNU_ENV
        if system == "gprolog-consult":
            return ["gprolog", "--consult-file", f"bench/programs/{pfile}",
                    "--consult-file", "bench/programs/harness_gnu.pl",
                    "--entry-goal", f"bench_main(['{name}','{size}','{m}'])",
                    "--entry-goal", "halt"], GNU_ENV
        raise ValueError(system)

    def calibrate(self, system: str, w: dict) -> dict:
        """Choose the rounds of a fleng process on workload w: about min_seconds of
        elapsed_seconds, at least the workload's least rounds.  Runs with growing rounds
        (1, then up to 100 times more) until one takes a quarter of min_seconds, then scales
        its rounds up to min_seconds.  Returns {'rounds', 'probes': [[rounds, seconds],
        ...]}; the first probe is a single cold run.  When a probe fails, the least rounds
        are kept and the timed runs report the failure."""
        probes: list[list] = []
        k = 1
        while True:
            r = self.run(system, w, rounds=k)
            if not r["ok"]:
                rounds = w["fleng_min_rounds"]
                break
            t = r["run_seconds"]
            probes.append([k, t])
            if t >= self.min_seconds / 4 or k >= 10 ** 9:
                rounds = max(w["fleng_min_rounds"], math.ceil(k * self.min_seconds / max(t, 1e-9)))
                break
            k *= min(100, max(2, math.ceil(self.min_seconds / 4 / max(t, 1e-9) * 2)))
        self.rounds[(system, w["id"])] = rounds
        return {"rounds": rounds, "probes": probes}

    def run(self, system: str, w: dict, rounds: int | None = None) -> dict:
        """One run: {'ok', 'answer', 'seconds' (one run of the workload; nrev: one nrev30),
        'run_seconds' (the process's timed span), ...}; a fleng system's run makes `rounds`
        rounds (default: the calibrated number)."""
        out: dict = {"ok": False}
        if system == "fleng-compiled" and w["fleng"][0] in self.compiled.errors:
            out["error"] = self.compiled.errors[w["fleng"][0]]
            return out
        if system in FLENG_SYSTEMS:
            rounds = rounds or self.fleng_rounds(system, w)
        cmd, env = self.command(system, w, rounds)
        p = sh(cmd, env)
        if system in FLENG_SYSTEMS:
            lines = p.stdout.splitlines()
            stats = json_line(p.stdout)
            answer = lines[0].strip() if lines else ""
            if p.returncode != 0 or stats is None:
                out["error"] = f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
                return out
            run_secs = float(stats["elapsed_seconds"])
            # a round is one nrev30 for nrev, one run of the workload otherwise
            secs = run_secs / rounds
            out.update(answer=answer, stats=stats, rounds=rounds, run_seconds=run_secs)
        else:
            res = json_line(p.stdout)
            if p.returncode != 0 or res is None:
                out["error"] = f"exit {p.returncode}: {(p.stderr + p.stdout).strip()[-300:]}"
                return out
            answer = str(res["answer"])
            secs = float(res["seconds_per_iteration"])
            out.update(answer=answer, iterations=res["iterations"],
                       first_seconds=res["first_seconds"], run_seconds=secs)
            if "nrev_k" in w:
                secs /= w["nrev_k"]
        out["seconds"] = secs
        out["ok"] = answer == w["expect"]
        if not out["ok"]:
            out["error"] = f"wrong answer {answer!r}, expected {w['expect']!r}"
        return out


def max_rss_kib(cmd: list[str], env: dict | None) -> tuple[int | None, subprocess.CompletedProcess]:
    p = sh(["/usr/bin/time", "-v"] + cmd, env)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return (int(m.group(1)) if m else None), p


# ---------------------------------------------------------------- machine


def read(cmd: list[str], strip: bool = True) -> str:
    """stdout of cmd (stderr when stdout is empty: gprolog --version)."""
    try:
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return ""
    out = p.stdout or p.stderr
    return out.strip() if strip else out


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def machine_info(fleng: Path) -> dict:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    except OSError:
        pass
    dirty = [l[3:] for l in read(["git", "status", "--porcelain"], strip=False).splitlines()
             if not l[3:].startswith(("bench/", "docs/performance.md"))]
    cache = {}
    try:
        for line in (fleng.parent / "CMakeCache.txt").read_text().splitlines():
            if "=" in line and ":" in line.split("=", 1)[0]:
                k, v = line.split("=", 1)
                cache[k.split(":")[0]] = v
    except OSError:
        pass
    gprolog_v = read(["gprolog", "--version"]).splitlines()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": read(["nproc"]),
        "cpu": cpu,
        "memory": mem,
        "kernel": read(["uname", "-sr"]),
        "commit": read(["git", "rev-parse", "--short", "HEAD"]),
        "uncommitted_changes": dirty,
        "fleng_build_type": cache.get("CMAKE_BUILD_TYPE", "?"),
        "cxx_compiler": read([cache.get("CMAKE_CXX_COMPILER", "c++"), "--version"]).splitlines()[0:1],
        "swipl": read(["swipl", "--version"]),
        "gprolog": gprolog_v[0] if gprolog_v else "?",
    }


# ---------------------------------------------------------------- report


def fmt_time(s: float | None, nrev: bool) -> str:
    if s is None:
        return "FAIL"
    if nrev:
        return f"{s * 1e6:.2f} µs"
    if s < 0.001:
        return f"{s * 1e3:.3f} ms"
    if s < 0.1:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e3:.0f} ms"


def fmt_rate(r: float | None) -> str:
    return "-" if r is None else f"{r / 1e6:.1f} M"


# ---------------------------------------------------------------- table cells
# A system without numbers for a workload is one that did not run: KLIC "not
# installed", `fleng build` "not built", or left out by --systems ("not run";
# also every system missing from a results JSON written before it existed).


def median(w: dict, k: str) -> float | None:
    """The median time of system k on workload w; None when it failed or did not run."""
    s = w["systems"].get(k)
    return s.get("median_seconds") if s and s["ok"] else None


def fmt_cell(res: dict, w: dict, k: str) -> str:
    if k not in w["systems"]:
        return res.get("absent", {}).get(k, "not run")
    return fmt_time(median(w, k), "nrev_k" in w)


def fmt_ratio(w: dict, a: str, b: str) -> str:
    """Time of a over time of b on workload w: below 1 a is faster."""
    ta, tb = median(w, a), median(w, b)
    return "-" if ta is None or tb is None else f"{ta / tb:.2f}"


def all_ok(w: dict) -> bool:
    """Every system that ran workload w gave the right answer."""
    return all(s["ok"] for s in w["systems"].values())


# The ratios of the tables: (column title, numerator, denominator).
RATIOS = [("fleng/SWI", "fleng", "swipl"), ("fleng/KLIC", "fleng", "klic"),
          ("compiled/KLIC", "fleng-compiled", "klic"), ("compiled/gplc", "fleng-compiled", "gprolog")]


def summarize(runs: list[dict]) -> dict:
    good = [r for r in runs if r.get("ok")]
    s: dict = {"runs": len(runs), "ok": len(good) == len(runs) and len(runs) > 0,
               "seconds_all": [r.get("seconds") for r in runs],
               "errors": sorted({r["error"] for r in runs if "error" in r})}
    if good:
        t = [r["seconds"] for r in good]
        s.update(median_seconds=statistics.median(t), min_seconds=min(t), max_seconds=max(t),
                 answer=good[0]["answer"])
        if "iterations" in good[0]:
            s["iterations"] = [r["iterations"] for r in good]
            s["first_seconds"] = [r["first_seconds"] for r in good]
        if "stats" in good[0]:
            # The figures of --stats=json that every good run reports (a compiled
            # executable of `fleng build` may report fewer than `fleng run`).  A process
            # makes `rounds` rounds (all runs of a workload the same number): the counts
            # are given per round, the collections and the peak heap per process.
            st = [r["stats"] for r in good]
            rounds = good[0]["rounds"]
            has = lambda key: all(key in x for x in st)  # noqa: E731
            med = lambda key: statistics.median(float(x[key]) for x in st)  # noqa: E731
            fl = {"rounds": rounds}
            fl.update({key: round(st[0][key] / rounds)
                       for key in ("reductions", "builtin_calls", "suspensions", "goals_spawned")
                       if has(key)})
            fl.update({key: st[0][key] for key in ("suspension_rate", "gc_collections") if has(key)})
            if has("peak_heap_bytes"):
                fl["peak_heap_bytes"] = max(int(x["peak_heap_bytes"]) for x in st)
            fl["median_elapsed_seconds"] = med("elapsed_seconds")
            if has("reductions_per_second"):
                fl["median_reductions_per_second"] = med("reductions_per_second")
            s["fleng"] = fl
    return s


def results_json(res: dict) -> Path:
    """Where a run's numbers go: quick.json (--quick), partial.json (--systems), latest.json."""
    if res["quick"]:
        return BENCH / "results" / "quick.json"
    if res.get("systems_selected"):
        return BENCH / "results" / "partial.json"
    return BENCH / "results" / "latest.json"


def report_path(res: dict) -> Path:
    """The dated file of one full run: bench/results/performance-YYYY-MM-DD.md."""
    return BENCH / "results" / f"performance-{res['machine']['date'][:10]}.md"


def doc_markdown(res: dict) -> str:
    """docs/performance.md: what is measured, the current table, what was learnt; the run's
    details (spread, engine statistics, memory, load, method) are in its dated report."""
    m = res["machine"]
    report = report_path(res).relative_to(ROOT)
    L: list[str] = []
    L.append("# Performance: fleng against SWI-Prolog, GNU Prolog and KLIC")
    L.append("")
    L.append("The same seven workloads (naive reverse, queens, the primes sieve, tak, fib) run on "
             "fleng's one-IU engine (`--engine local`), on the native executables of `fleng build` "
             "(fleng compiled), on KLIC (the KL1-to-C compiler), SWI-Prolog with `-O`, and GNU Prolog "
             "compiled (`gplc`) and consulted; the Prolog and KL1 programs in `bench/programs/` follow "
             "the Fleng examples clause by clause where the language allows. Times are of the workload "
             "alone, without start-up, loading and compilation, warm on every system (each process "
             f"repeats the workload for about {res['min_seconds']} s and reports the mean of one run; "
             "fleng's drivers in "
             "`bench/fleng/` do so as the Prolog and KLIC harnesses do), the median of interleaved "
             "runs, every answer checked. `bash bench/run.sh --klic /tmp/klic` measures it again and "
             "rewrites this page, after `bash bench/build_klic.sh` has built KLIC from its public "
             "sources under /tmp/klic (`bench/README.md` says how).")
    L.append("")
    L.append("## Where it stands")
    L.append("")
    L.append("fleng/SWI is fleng's time over SWI-Prolog's, fleng/KLIC over KLIC's, compiled/KLIC and "
             "compiled/gplc those of fleng compiled over KLIC's and GNU Prolog's (gplc): below 1 "
             "fleng is faster.")
    L.append("")
    L.append("| workload | answer | " + " | ".join(SYSTEM_TITLES[k] for k in SYSTEMS) + " | "
             + " | ".join(title for title, _, _ in RATIOS) + " | fleng reductions/s |")
    L.append("|---|---|" + "---|" * (len(SYSTEMS) + len(RATIOS) + 1))
    for w in res["workloads"]:
        fl = w["systems"].get("fleng", {}).get("fleng", {})
        ans = w["expect"] + (" ✓" if all_ok(w) else " ✗")
        L.append(f"| {w['label']} | {ans} | " + " | ".join(fmt_cell(res, w, k) for k in SYSTEMS)
                 + " | " + " | ".join(fmt_ratio(w, a, b) for _, a, b in RATIOS)
                 + f" | {fmt_rate(fl.get('median_reductions_per_second'))} |")
    L.append("")
    met = [t for t in res["targets"] if t["met"]]
    missed = [t for t in res["targets"] if not t["met"]]
    L.append(f"Measured on {m['date'][:10]} at commit `{m['commit']}`, on {m['nproc']} cores ({m['cpu']}), "
             f"median of {res['runs']} runs. Targets met: " + "; ".join(
                 f"{t['target']} ({t['measured']})"
                 if "speed-up" not in t["measured"] and not t.get("per_workload") else t["target"]
                 for t in met) + "." + (" Not met: " + "; ".join(
                     f"{t['target']} ({t['measured']})" for t in missed) + "." if missed else ""))
    L.append(f"The run's details (the spread of the runs, fleng's reductions, suspensions and "
             f"collections per workload, peak memory against both Prologs, the machine's load and "
             f"the method) are in [{report}](../{report}); every run's numbers in "
             "`bench/results/latest.json`.")
    analysis = BENCH / "analysis.md"
    if analysis.exists():
        L.append("")
        L.append(analysis.read_text().rstrip())
    L.append("")
    L.append("## The other engines")
    L.append("")
    L.append("- The simulator's own speed (host time to simulate primes below 3000 on 1 to 1024 "
             "IUs): `bash bench/sim_speed.sh`, latest table in "
             "[bench/results/sim_speed.md](../bench/results/sim_speed.md).")
    L.append("- The threads engine against the one-IU engine, and 2 workers against 1: "
             "`docs/threads.md` (Speed), latest table in "
             "[bench/results/threads.md](../bench/results/threads.md).")
    L.append("")
    return "\n".join(L)


def markdown(res: dict) -> str:
    m = res["machine"]
    quick = res["quick"]
    L: list[str] = []
    L.append(f"# Benchmark run of {m['date']}: fleng against SWI-Prolog, GNU Prolog and KLIC")
    L.append("")
    L.append(f"Generated by `{res['command']}`; the numbers are in "
             f"`{results_json(res).relative_to(ROOT)}` as "
             "of that run. `docs/performance.md` shows the current table and what was learnt; "
             "how the benchmark works: `bench/README.md`.")
    if quick:
        L.append("")
        L.append("**Quick smoke run (`--quick`): small sizes, one run each. "
                 "These numbers are not the benchmark.**")
    if res.get("systems_selected"):
        L.append("")
        L.append(f"**Partial run (`--systems {','.join(res['systems_selected'])}`): the other "
                 "systems were not run.**")
    L.append("")
    # ---- targets
    L.append("## Targets")
    L.append("")
    L.append("| target | measured | met? |")
    L.append("|---|---|---|")
    for t in res["targets"]:
        L.append(f"| {t['target']} | {t['measured']} | {'**met**' if t['met'] else '**not met**'} |")
    L.append("")
    # ---- times
    L.append("## Times")
    L.append("")
    L.append(f"Median of {res['runs']} run{'s' if res['runs'] != 1 else ''} per system; time of one run of the workload, without "
             "start-up, loading and compilation (nrev30: time of one nrev30). "
             "fleng/SWI is fleng's time over SWI-Prolog's: below 1 fleng is faster, "
             "the target is at most 0.67 (1.5x faster); fleng/GNU over GNU Prolog's (gplc); "
             "fleng/KLIC over KLIC's; compiled/KLIC and compiled/gplc are fleng compiled's time "
             "over KLIC's (the target: at most 1) and over gplc's (the target: at most 0.67).")
    L.append("")
    ratios = RATIOS[:1] + [("fleng/GNU", "fleng", "gprolog")] + RATIOS[1:]
    L.append("| workload | answer | " + " | ".join(SYSTEM_TITLES[k] for k in SYSTEMS) + " | "
             + " | ".join(title for title, _, _ in ratios) + " | fleng reductions/s |")
    L.append("|---|---|" + "---|" * (len(SYSTEMS) + len(ratios) + 1))
    for w in res["workloads"]:
        fl = w["systems"].get("fleng", {}).get("fleng", {})
        ans = w["expect"] + (" ✓" if all_ok(w) else " ✗")
        L.append(f"| {w['label']} | {ans} | " + " | ".join(fmt_cell(res, w, k) for k in SYSTEMS)
                 + " | " + " | ".join(fmt_ratio(w, a, b) for _, a, b in ratios)
                 + f" | {fmt_rate(fl.get('median_reductions_per_second'))} |")
    nr = next((w for w in res["workloads"] if "nrev_k" in w), None)
    if nr:
        L.append("")
        lips = []
        for k in SYSTEMS:
            if k not in nr["systems"]:
                continue
            t = median(nr, k)
            lips.append(f"{SYSTEM_TITLES[k]} {NREV_LI / t / 1e6:.1f} M" if t else f"{SYSTEM_TITLES[k]} FAIL")
        L.append(f"nrev30 in LIPS (496 logical inferences per nrev30): {'; '.join(lips)}.")
    L.append("")
    L.append("Spread of the runs (fastest - slowest, same unit as above):")
    L.append("")
    L.append("| workload | " + " | ".join(SYSTEM_TITLES[k] for k in SYSTEMS) + " |")
    L.append("|---|" + "---|" * len(SYSTEMS))
    for w in res["workloads"]:
        nrev = "nrev_k" in w
        cells = []
        for k in SYSTEMS:
            s = w["systems"].get(k)
            if s is None:
                cells.append(fmt_cell(res, w, k))
                continue
            cells.append(f"{fmt_time(s['min_seconds'], nrev)} - {fmt_time(s['max_seconds'], nrev)}"
                         if s.get("min_seconds") is not None else "FAIL")
        L.append(f"| {w['label']} | " + " | ".join(cells) + " |")
    # ---- fleng statistics
    L.append("")
    L.append("## fleng engine statistics")
    L.append("")
    L.append("From `--stats=json` (one IU). A process makes the workload's rounds one after "
             "the other (nrev30: a round is one nrev30); reductions and builtin calls are per "
             "round (the process's count divided by its rounds, including the few of the loop), "
             "the collections and the peak heap are the whole process's. Suspensions per "
             "reduction is `suspension_rate`.")
    L.append("")
    L.append("| workload | rounds per process | reductions per round | builtin calls per round "
             "| suspensions / reduction | GC collections per process | peak heap | reductions/s |")
    L.append("|---|---|---|---|---|---|---|---|")
    for w in res["workloads"]:
        if "fleng" not in w["systems"]:
            L.append(f"| {w['label']} | not run | | | | | | |")
            continue
        fl = w["systems"]["fleng"].get("fleng")
        if not fl:
            L.append(f"| {w['label']} | FAIL | | | | | | |")
            continue
        L.append(f"| {w['label']} | {fl.get('rounds', 1):,} | {fl['reductions']:,} | {fl['builtin_calls']:,} "
                 f"| {fl['suspension_rate']:.3f} | {fl['gc_collections']} "
                 f"| {fl['peak_heap_bytes'] / 1048576:.1f} MiB | {fmt_rate(fl['median_reductions_per_second'])} |")
    # ---- memory
    L.append("")
    L.append("## Memory")
    L.append("")
    if not res["memory"]:
        L.append("Not measured: fleng was not run (`--systems`).")
    else:
        L.append("Maximum resident set size of the whole process (`/usr/bin/time -v`, one run each), "
                 "so it includes the executable, the libraries and the runtime's fixed areas; "
                 "fleng's peak heap is `peak_heap_bytes` of `--stats=json`. "
                 f"For scale, fleng running a trivial goal (`nrev_bench.fl run(1)`) has a maximum RSS of "
                 f"{res['memory_baseline_kib'] / 1024:.1f} MiB." if res.get("memory_baseline_kib") else
                 "Maximum resident set size of the whole process (`/usr/bin/time -v`).")
        L.append("")
        L.append("| workload | fleng max RSS | fleng peak heap | fleng time | SWI-Prolog -O max RSS "
                 "| GNU Prolog (gplc) max RSS | target (fleng RSS) |")
        L.append("|---|---|---|---|---|---|---|")
        mib = lambda k: "-" if k is None else f"{k / 1024:.1f} MiB"  # noqa: E731
        for mrow in res["memory"]:
            tgt = "-" if mrow["target_mib"] is None else (
                f"< {mrow['target_mib']} MiB: {'met' if mrow['met'] else 'not met'}")
            heap = mrow.get("fleng_peak_heap_bytes")
            heap_s = "-" if heap is None else f"{heap / 1048576:.1f} MiB"
            secs = mrow.get("fleng_seconds")
            secs_s = "-" if secs is None else f"{secs:.2f} s"
            L.append(f"| primes < {mrow['n']} | {mib(mrow['fleng_max_rss_kib'])} | {heap_s} | {secs_s} "
                     f"| {mib(mrow.get('swipl_max_rss_kib'))} | {mib(mrow.get('gprolog_max_rss_kib'))} | {tgt} |")
    for note in res.get("memory_notes", []):
        L.append("")
        L.append(note)
    # ---- observations
    if res.get("observations"):
        L.append("")
        L.append("## Observations")
        L.append("")
        for o in res["observations"]:
            L.append(f"- {o}")
    # ---- machine and method
    L.append("")
    L.append("## Machine and method")
    L.append("")
    L.append(f"- Command: `{res['command']}` (from the repository root)")
    L.append(f"- Date: {m['date']}; commit `{m['commit']}`"
             + (f", with uncommitted changes in {', '.join('`' + d + '`' for d in m['uncommitted_changes'])}"
                " (another engineer was working on the engine; the binary measured was built from the "
                "working tree)" if m["uncommitted_changes"] else ""))
    L.append(f"- Machine: {m['nproc']} cores (`nproc`), {m['cpu']}, {m['memory']}, {m['kernel']}")
    L.append(f"- Load average (1, 5, 15 min) at the start {res['load_start']}, at the end {res['load_end']}; "
             f"highest 1-minute value seen between workloads {res['load_max']}. The machine has 2 cores "
             "and is shared (another engineer may be compiling), so a load above 1 means the benchmark "
             "competed for a core: the runs are interleaved and the median is used, but the "
             "absolute numbers can be a little slow.")
    L.append(f"- fleng: `build/fleng` ({m['fleng_build_type']} build, {' '.join(m['cxx_compiler'])}), "
             "one Inference Unit; `bench/fleng/WORKLOAD_bench.fl run(K, ...)` makes K rounds of "
             "the workload one after the other in one run (each round starts when the previous "
             "one's answer is bound; nrev30: `nrev_bench.fl run(K)`, K nrev30s); time = "
             "`elapsed_seconds` of `--stats=json` / K, the reduction time only (no start-up, "
             "parsing or compilation). K is chosen per workload before the timed runs so that one "
             f"process runs about {res['min_seconds']} s, as long as a Prolog or KLIC process "
             "repeats (calibration runs with growing K, not timed; nrev30: at least the Prologs' "
             "count); the K of each run and the calibration runs, the first a single cold run, are "
             "in the JSON (`rounds`, `fleng_calibration`).")
    L.append("- fleng compiled: " + (
        f"`{res['fleng_compiled_command']}`: each Fleng workload driver compiled once with "
        "`fleng build` before the timed runs (not timed); K rounds per process and time = "
        "`elapsed_seconds` of `--stats=json` / K, as for fleng (its own K)."
        if res.get("fleng_compiled_command") else
        res.get("absent", {}).get("fleng-compiled", "not run") + " (this fleng has no `build` command)."
        if res.get("absent", {}).get("fleng-compiled") == NOT_BUILT else "not run."))
    L.append("- KLIC: " + (
        f"{m.get('klic_version') or 'KLIC'}, `{m.get('klic_driver')}`; `{res['klic_command']}` "
        "compiles `bench/programs/harness_klic.kl1` and the five KL1 workload modules into one "
        "executable before the timed runs (not timed; `-O2`: the C compiler's optimisation, "
        "`-n`: the runtime without the tracer); `klic_bench NAME "
        f"{res['min_seconds']} SIZE...`; wall-clock `timer:get_time_of_day/1` (microseconds) "
        "around the runs inside the program, default heap (grown by the runtime as needed). "
        "nrev30's loop walks each result list before the next round (35 reductions per round on "
        "top of the 496, where fleng's loop adds 3)."
        if res.get("klic_command") else
        "not installed (build KLIC from its public sources and pass `--klic PREFIX`; "
        "`bench/README.md`)." if res.get("absent", {}).get("klic") == NOT_INSTALLED else "not run."))
    L.append(f"- SWI-Prolog: {m['swipl']}, `swipl -f none -O bench/programs/harness_swi.pl WORKLOAD.pl NAME SIZE "
             f"{res['min_seconds']}`; wall-clock `get_time/1` around the runs inside the program.")
    L.append(f"- GNU Prolog: {m['gprolog']}; native: `gplc --no-top-level` of `harness_gnu.pl` + the workload; "
             "consult: `gprolog --consult-file WORKLOAD.pl --consult-file harness_gnu.pl --entry-goal ...` "
             "(byte code); wall-clock `statistics(real_time, _)` (milliseconds) inside the program; "
             f"`GLOBALSZ={GNU_ENV['GLOBALSZ']}`.")
    L.append(f"- Each Prolog and KLIC process runs the workload repeatedly until {res['min_seconds']} s have "
             "passed (at least once; in Prolog each run inside `findall/3`, so its memory is reclaimed "
             "before the next; in KLIC one run after the other, the garbage left to the copying "
             "collector) and reports the mean time of one run; the first-run times are in the JSON "
             "(`first_seconds`). A fleng process repeats the workload as well (K rounds, about as "
             "long), so that every system is timed warm: a single run of a small workload is "
             "mostly cold start (the first touch of code and heap pages, the first collections), "
             "a large part of a run of a millisecond or less, and would compare fleng's cold runs "
             "with the others' warm ones. nrev30 is many repetitions inside one run on every "
             "system.")
    L.append("- Same algorithms on every system: the Prolog programs in `bench/programs/` follow the "
             "Fleng examples clause by clause where Prolog allows (nrev, tak, fib), count the queens "
             "solutions by backtracking over the same search tree, and sieve with lists, every number "
             "tested against every smaller prime with `mod` as in `examples/primes.fl`. The KL1 "
             "programs (`bench/programs/*.kl1`) are the Fleng clauses with the tests in guards "
             "(where Fleng calls a comparison builtin and dispatches on its result in a helper "
             "predicate), concurrent like Fleng: the same queens search with an accumulator, the "
             "same pipeline of filters.")
    L.append(f"- {res['runs']} run{'s' if res['runs'] != 1 else ''} per system and workload, interleaved (one run of each system per round); "
             "the table shows the median. Every answer is checked against the expected value.")
    L.append("")
    return "\n".join(L)


def write_markdown(res: dict) -> list[Path]:
    """A quick run: bench/results/quick.md; a partial one (--systems): bench/results/partial.md.
    A full run: its dated report and docs/performance.md."""
    if res["quick"] or res.get("systems_selected"):
        out = results_json(res).with_suffix(".md")
        out.write_text(markdown(res))
        return [out]
    report = report_path(res)
    report.write_text(markdown(res))
    doc = ROOT / "docs" / "performance.md"
    doc.write_text(doc_markdown(res))
    return [report, doc]


def print_table(res: dict) -> None:
    short = {"fleng": "fleng", "fleng-compiled": "compiled", "klic": "KLIC", "swipl": "SWI -O",
             "gprolog": "GNU gplc", "gprolog-consult": "GNU consult"}
    head = (["workload", "answer"] + [short[k] for k in SYSTEMS] + [title for title, _, _ in RATIOS]
            + ["fleng red/s"])
    rows = []
    for w in res["workloads"]:
        fl = w["systems"].get("fleng", {}).get("fleng", {})
        rows.append([w["label"], w["expect"] + (" ok" if all_ok(w) else " FAIL")]
                    + [fmt_cell(res, w, k) for k in SYSTEMS]
                    + [fmt_ratio(w, a, b) for _, a, b in RATIOS]
                    + [fmt_rate(fl.get("median_reductions_per_second"))])
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(str(c).ljust(widths[i]) for i, c in enumerate(r))  # noqa: E731
    print(line(head))
    print("  ".join("-" * x for x in widths))
    for r in rows:
        print(line(r))
    print()
    for mrow in res["memory"]:
        k = mrow["fleng_max_rss_kib"]
        print(f"primes < {mrow['n']}: fleng max RSS "
              f"{'?' if k is None else f'{k / 1024:.1f} MiB'}"
              + ("" if mrow["target_mib"] is None else
                 f" (target < {mrow['target_mib']} MiB: {'met' if mrow['met'] else 'not met'})"))
    for t in res["targets"]:
        print(f"target: {t['target']}: {t['measured']} -> {'met' if t['met'] else 'NOT met'}")


# ---------------------------------------------------------------- main


def parse_systems(text: str | None) -> list[str] | None:
    """--systems a,b,...: the systems to run (None: all); ValueError on an unknown name."""
    if text is None:
        return None
    chosen = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in chosen if x not in SYSTEMS]
    if unknown or not chosen:
        raise ValueError(f"--systems: unknown {', '.join(unknown) or '(none given)'}; "
                         f"choose from {', '.join(SYSTEMS)}")
    return [k for k in SYSTEMS if k in chosen]


def memory(res: dict, fleng: Path, gnu_dir: Path, quick: bool, run: list[str]) -> None:
    """Max RSS of whole processes, one run each: fleng on primes, and SWI and gplc beside it."""
    res["memory"] = []
    res["memory_notes"] = []
    if "fleng" not in run:
        return
    base, _ = max_rss_kib([str(fleng), "run", "bench/fleng/nrev_bench.fl", "-g", "run(1)",
                           "--engine", "local"], None)
    res["memory_baseline_kib"] = base
    for n, expect, target in memory_sizes(quick):
        row: dict = {"n": n, "expect": expect, "target_mib": target}
        kib, p = max_rss_kib([str(fleng), "run", "examples/primes.fl", "--engine", "local",
                              "-g", f"run({n})",
                              "--stats=json"], None)
        st = json_line(p.stdout)
        lines = p.stdout.splitlines()
        row["fleng_ok"] = p.returncode == 0 and bool(lines) and lines[0].strip() == expect
        row["fleng_max_rss_kib"] = kib
        if st:
            row["fleng_peak_heap_bytes"] = st["peak_heap_bytes"]
            row["fleng_seconds"] = st["elapsed_seconds"]
            row["fleng_gc_collections"] = st["gc_collections"]
        row["met"] = bool(row["fleng_ok"] and kib is not None and target is not None
                          and kib < target * 1024)
        if not quick and "swipl" in run:
            kib_s, ps = max_rss_kib(["swipl", "-f", "none", "-O", "bench/programs/harness_swi.pl",
                                     "bench/programs/primes.pl", "primes", str(n), "0"], None)
            rs = json_line(ps.stdout)
            row["swipl_max_rss_kib"] = kib_s if rs and str(rs["answer"]) == expect else None
        if not quick and "gprolog" in run and n <= 30000:
            # no GC in GNU Prolog: the 200000 sieve needs several GB of global stack
            kib_g, pg = max_rss_kib([str(gnu_dir / "gnu_primes"), "primes", str(n), "0"], GNU_ENV)
            rg = json_line(pg.stdout)
            row["gprolog_max_rss_kib"] = kib_g if rg and str(rg["answer"]) == expect else None
        res["memory"].append(row)
        print(f"memory primes < {n}: fleng max RSS {kib} KiB, "
              f"{'ok' if row['fleng_ok'] else 'FAIL'}", flush=True)
        if not row["fleng_ok"]:
            print(f"  fleng: exit {p.returncode}: {p.stderr.strip()[-300:]}", file=sys.stderr)
    if not quick and "gprolog" in run:
        res["memory_notes"].append(
            "GNU Prolog is not run for primes below 200000: it has no garbage collector for its "
            "global stack (memory comes back only on backtracking), and the sieve's "
            "intermediate lists then need more than the 2 GB stack used here.")


def ratio_target(res: dict, target: str, a: str, b: str, limit: float) -> dict:
    """Target: on every workload, time of a / time of b at most limit."""
    missing = [k for k in (a, b) if not any(k in w["systems"] for w in res["workloads"])]
    if missing:
        measured = "; ".join(f"{SYSTEM_TITLES[k]} {res.get('absent', {}).get(k, 'not run')}"
                             for k in missing)
        return {"target": target, "measured": measured, "met": False}
    per = [(w["label"], median(w, a), median(w, b)) for w in res["workloads"]]
    met = all(ta is not None and tb is not None and ta / tb <= limit for _, ta, tb in per)
    return {"target": target, "per_workload": True, "met": met,
            "measured": f"{SYSTEM_TITLES[a]} / {SYSTEM_TITLES[b]}: " + ", ".join(
                f"{lbl} {'FAIL' if ta is None or tb is None else f'{ta / tb:.2f}'}"
                for lbl, ta, tb in per)}


def targets(res: dict) -> list[dict]:
    out = []
    if any("fleng" in w["systems"] and "swipl" in w["systems"] for w in res["workloads"]):
        speedups = []
        for w in res["workloads"]:
            f, s = median(w, "fleng"), median(w, "swipl")
            speedups.append((w["label"], s / f if f and s else None))
        out.append({
            "target": "every workload at least 1.5x faster than SWI-Prolog -O",
            "measured": "speed-up over SWI (SWI time / fleng time): " + ", ".join(
                f"{lbl} {'FAIL' if x is None else f'{x:.2f}x'}" for lbl, x in speedups),
            "met": all(x is not None and x >= 1.5 for _, x in speedups)})
    nr = next((w for w in res["workloads"] if "nrev_k" in w), None)
    if nr and "fleng" in nr["systems"]:
        t = median(nr, "fleng")
        lips = NREV_LI / t if t else None
        out.append({"target": "nrev30 above 100 M LIPS",
                    "measured": "FAIL" if lips is None else f"{lips / 1e6:.1f} M LIPS",
                    "met": lips is not None and lips > 100e6})
    for mrow in res["memory"]:
        if mrow["target_mib"] is not None:
            k = mrow["fleng_max_rss_kib"]
            heap = mrow.get("fleng_peak_heap_bytes")
            out.append({
                "target": f"peak memory for primes below {mrow['n']} under {mrow['target_mib']} MB",
                "measured": ("FAIL" if k is None or not mrow["fleng_ok"] else
                             f"max RSS {k / 1024:.1f} MiB (peak heap "
                             f"{'?' if heap is None else f'{heap / 1048576:.1f}'} MiB)"),
                "met": mrow["met"]})
    # Issue 26: the native code of `fleng build` against KLIC and gplc.
    out.append(ratio_target(res, "fleng compiled at least as fast as KLIC on every workload",
                            "fleng-compiled", "klic", 1.0))
    out.append(ratio_target(res, "fleng compiled at least 1.5x faster than GNU Prolog (gplc) on every "
                            "workload", "fleng-compiled", "gprolog", 1 / 1.5))
    return out


def observations(res: dict) -> list[str]:
    """Observations computed from the data."""
    obs = []
    ratios = [(w["label"], median(w, "fleng") / median(w, "swipl"), w["systems"]["fleng"].get("fleng", {}))
              for w in res["workloads"] if median(w, "fleng") and median(w, "swipl")]
    if ratios:
        worst = max(ratios, key=lambda r: r[1])
        best = min(ratios, key=lambda r: r[1])
        obs.append(f"fleng/SWI ranges from {best[1]:.2f} ({best[0]}) to {worst[1]:.2f} ({worst[0]}).")
        susp = sorted(ratios, key=lambda r: -r[2].get("suspension_rate", 0))
        obs.append("Suspensions per reduction, highest first: " + ", ".join(
            f"{lbl} {st.get('suspension_rate', 0):.3f} (fleng/SWI {r:.2f})" for lbl, r, st in susp)
            + ". A suspension is a goal that ran before its input was bound, was hooked on the "
            "variable and had to be matched again after activation: work a sequential Prolog "
            "never does.")
        rps = [(lbl, st.get("median_reductions_per_second", 0)) for lbl, _, st in ratios]
        obs.append("fleng reductions per second: " + ", ".join(f"{lbl} {r / 1e6:.1f} M" for lbl, r in rps)
                   + ". A Fleng reduction is smaller than a Prolog inference here: every test and "
                   "arithmetic step is a builtin call plus a reduction of a helper predicate "
                   "(`gen1/4`, `filter1/5`, `tak1/5`, `fib1/3`, `chk/9`), where Prolog does "
                   "the test inside one clause.")
    for a in ("fleng", "fleng-compiled"):
        kr = [(w["label"], median(w, a) / median(w, "klic"))
              for w in res["workloads"] if median(w, a) and median(w, "klic")]
        if kr:
            worst = max(kr, key=lambda r: r[1])
            best = min(kr, key=lambda r: r[1])
            obs.append(f"{SYSTEM_TITLES[a]}/KLIC ranges from {best[1]:.2f} ({best[0]}) to "
                       f"{worst[1]:.2f} ({worst[0]}).")
    return obs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes, one run each (smoke test)")
    ap.add_argument("--runs", type=int, help="runs per system and workload (default 5, quick 1)")
    ap.add_argument("--fleng", default=str(ROOT / "build" / "fleng"))
    ap.add_argument("--klic", metavar="PREFIX",
                    help="a KLIC install (PREFIX/bin/klic); default $KLIC_HOME, else klic on PATH, "
                         "else the KLIC column says 'not installed'")
    ap.add_argument("--systems", metavar="LIST",
                    help=f"run only these systems (comma-separated: {','.join(SYSTEMS)}); such a "
                         "partial run writes bench/results/partial.{json,md} and leaves "
                         "latest.json and the docs alone")
    ap.add_argument("--command", default="bash bench/run.sh", help="the command line to record")
    ap.add_argument("--report-only", action="store_true",
                    help="rewrite the report from the results JSON (e.g. after editing analysis.md)")
    args = ap.parse_args()
    quick = args.quick
    if args.report_only:
        src = BENCH / "results" / ("quick.json" if quick else "latest.json")
        res = json.loads(src.read_text())
        written = write_markdown(res)
        print(f"wrote {', '.join(str(p.relative_to(ROOT)) for p in written)} from {src.relative_to(ROOT)}")
        return 0
    try:
        selected = parse_systems(args.systems)
    except ValueError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    wanted = selected or SYSTEMS
    runs = args.runs or (1 if quick else 5)
    min_seconds = 0.02 if quick else 0.3
    fleng = Path(args.fleng)

    needed = (["swipl"] if "swipl" in wanted else []) + (
        ["gprolog", "gplc"] if "gprolog" in wanted or "gprolog-consult" in wanted else [])
    for tool in needed:
        if not shutil.which(tool):
            print(f"bench: {tool} not found (bench/run.sh installs it)", file=sys.stderr)
            return 1

    res: dict = {"quick": quick, "runs": runs, "min_seconds": min_seconds, "command": args.command,
                 "load_start": loadavg(), "machine": machine_info(fleng), "absent": {}}
    if selected:
        res["systems_selected"] = selected
    load_max = float(res["load_start"].split()[0]) if res["load_start"] != "?" else 0.0
    work = workloads(quick)

    with tempfile.TemporaryDirectory(prefix="fleng-bench-") as tmp_name:
        tmp = Path(tmp_name)
        gnu_dir = tmp / "gnu"
        gnu_dir.mkdir()
        if "gprolog" in wanted:
            # Compile the GNU Prolog executables (not timed).
            for name in ("nrev", "queens", "primes", "tak", "fib"):
                p = sh(["gplc", "--no-top-level", "-o", str(gnu_dir / f"gnu_{name}"),
                        "bench/programs/harness_gnu.pl", f"bench/programs/{name}.pl"])
                if p.returncode != 0:
                    print(f"bench: gplc failed for {name}:\n{p.stdout}{p.stderr}", file=sys.stderr)
                    return 1

        # KLIC: compile the KL1 programs once (not timed), or leave the column empty.
        klic = native_systems.Klic()
        if "klic" in wanted:
            klic = native_systems.find_klic(args.klic)
            if klic.error:
                print(f"bench: {klic.error}", file=sys.stderr)
                return 1
            if klic.driver is None:
                res["absent"]["klic"] = NOT_INSTALLED
                print("bench: KLIC not installed (build KLIC from its public sources and pass "
                      "--klic PREFIX); its column stays empty", flush=True)
            else:
                klic = native_systems.compile_klic(klic, PROGRAMS, tmp / "klic")
                if klic.error:
                    print(f"bench: {klic.error}", file=sys.stderr)
                    return 1
                res["klic_command"] = klic.command
                res["machine"]["klic_driver"] = str(klic.driver)
                res["machine"]["klic_version"] = klic.version
                print(f"bench: KLIC {klic.driver}: {klic.version}", flush=True)

        # fleng build: each workload file compiled once (not timed), when the command exists.
        compiled = native_systems.FlengCompiled()
        if "fleng-compiled" in wanted:
            if native_systems.fleng_build_available(fleng, ROOT):
                files = list(dict.fromkeys(w["fleng"][0] for w in work))
                compiled = native_systems.build_fleng(fleng, ROOT, files, tmp / "fleng-compiled")
                res["fleng_compiled_command"] = compiled.command
                for f, e in compiled.errors.items():
                    print(f"bench: {e}", file=sys.stderr)
            else:
                res["absent"]["fleng-compiled"] = NOT_BUILT
                print(f"bench: fleng compiled not built ({fleng} has no build command); "
                      "its column stays empty", flush=True)

        for k in SYSTEMS:
            if k not in wanted:
                res["absent"].setdefault(k, "not run")
        run = [k for k in SYSTEMS if k not in res["absent"]]
        runner = Runner(fleng, gnu_dir, min_seconds, klic, compiled)

        res["workloads"] = []
        for w in work:
            # The rounds of each fleng process (not timed): about min_seconds per process.
            calibration = {k: runner.calibrate(k, w) for k in run if k in FLENG_SYSTEMS}
            per: dict[str, list] = {k: [] for k in run}
            for _ in range(runs):
                for k in run:
                    per[k].append(runner.run(k, w))
            entry = dict(w)
            if calibration:
                entry["fleng_calibration"] = calibration
            entry["commands"] = {k: " ".join(runner.command(k, w)[0]).replace(str(tmp), "$BENCH_TMP")
                                 .replace(str(ROOT) + "/", "")
                                 for k in run}
            entry["systems"] = {k: summarize(per[k]) for k in run}
            res["workloads"].append(entry)
            la = loadavg()
            if la != "?":
                load_max = max(load_max, float(la.split()[0]))
            status = "  ".join(
                f"{k} {fmt_time(entry['systems'][k].get('median_seconds'), 'nrev_k' in w)}"
                + (f" (x{calibration[k]['rounds']})" if k in calibration else "")
                + ("" if entry["systems"][k]["ok"] else " FAIL") for k in run)
            print(f"{w['label']:<20} {status}  (load {la})", flush=True)
            for k in run:
                for e in entry["systems"][k]["errors"]:
                    print(f"  {k}: {e}", file=sys.stderr)

        memory(res, fleng, gnu_dir, quick, run)

    res["load_end"] = loadavg()
    res["load_max"] = f"{load_max:.2f}"
    res["targets"] = targets(res)
    res["observations"] = observations(res)

    failures = [f"{w['label']} {k}" for w in res["workloads"] for k, s in w["systems"].items() if not s["ok"]]
    failures += [f"memory primes < {m['n']} fleng" for m in res["memory"] if not m["fleng_ok"]]
    res["failures"] = failures

    out_json = results_json(res)
    out_json.parent.mkdir(parents=True, exist_ok=True)
    out_json.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n")
    written = write_markdown(res)
    print()
    print_table(res)
    print()
    print(f"wrote {out_json.relative_to(ROOT)} and {', '.join(str(p.relative_to(ROOT)) for p in written)}")
    if failures:
        print("FAILED: " + ", ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
