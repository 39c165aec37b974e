#!/usr/bin/env python3
"""How much of a compiled workload's time is where its code happens to lie.

The time of a tight loop of native code depends on where the loop falls against the processor's
fetch windows and cache lines: the same code moved by 16 bytes can run several per cent faster
or slower, which is as much as many a change of the code generator gains or loses. A comparison
of two builds by one executable each can therefore measure a placement, not a change.

This script builds each workload of bench.py (`fleng build`) in LAYOUTS placements, the code
moved by 0, 16, 32, ... bytes (a block of padding linked in front of it: the compiler is run
through a wrapper that adds one assembler file of `.skip` to its command), runs every
executable RUNS times, interleaved, and reports per workload and fleng the median over the
placements of each placement's median time, with the fastest and the slowest placement. Given
two or more flengs (`--fleng LABEL=PATH`, e.g. the builds of two commits), it compares them by
those medians over placements, which a lucky placement of one of them does not decide.

Usage:
  python3 bench/layout_spread.py                                # build/fleng, every workload
  python3 bench/layout_spread.py --workloads nrev30,primes3000 --layouts 8 --runs 5
  python3 bench/layout_spread.py --fleng before=/tmp/old/fleng --fleng after=build/fleng

Each process makes enough rounds for about --seconds of run time (calibrated on the first
placement). Output: a Markdown report on stdout (and in --out FILE). Exit status 1 when a build,
a run or an answer fails.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402  (the workloads and the JSON line reader)

STEP = 16  # bytes between two placements


def build(fleng: Path, program: str, out: Path, pad: int, work: Path) -> str:
    """Builds `program` into `out` with `pad` bytes of code in front; '' or the error."""
    pad_file = work / f"pad{pad}.s"
    if not pad_file.exists():
        # (The note keeps the stack of the executable non-executable, as the compiler's own
        # objects ask.)
        pad_file.write_text("  .section .note.GNU-stack,\"\",@progbits\n  .text\n" +
                            (f"  .skip {pad}\n" if pad else ""))
    wrapper = work / "cxx"
    if not wrapper.exists():
        wrapper.write_text('#!/bin/sh\nexec "${LAYOUT_REAL_CXX:-g++}" "$LAYOUT_PAD" "$@" $LAYOUT_FLAGS\n')
        wrapper.chmod(0o755)
    # Within each function too: a function starts with `nops` one-byte no-ops, so that its loops
    # move against 16-byte boundaries (the padding in front moves whole functions, which the
    # compiler aligns to 16 bytes, by multiples of 16 only).
    nops = (pad // STEP * 7) % STEP
    env = dict(os.environ, CXX=str(wrapper), LAYOUT_PAD=str(pad_file),
               LAYOUT_FLAGS=f"-fpatchable-function-entry={nops},0" if nops else "",
               LAYOUT_REAL_CXX=os.environ.get("CXX", "g++"))
    p = subprocess.run([str(fleng), "build", program, "-o", str(out)], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    return "" if p.returncode == 0 else f"{fleng} build {program} (pad {pad}): {p.stderr.strip()}"


def run(exe: Path, goal: str) -> tuple[float | None, str, str]:
    """elapsed_seconds of one run, its first line of output, and an error ('' if none)."""
    p = subprocess.run([str(exe), "-g", goal, "--stats=json"], cwd=ROOT, capture_output=True, text=True)
    stats = bench.json_line(p.stdout)
    first = p.stdout.splitlines()[0].strip() if p.stdout else ""
    if p.returncode != 0 or stats is None:
        return None, first, f"{exe} -g '{goal}': exit {p.returncode}: {p.stderr.strip()[:300]}"
    return float(stats["elapsed_seconds"]), first, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fleng", action="append", default=[],
                    help="LABEL=PATH of a fleng executable (repeatable; default build=build/fleng)")
    ap.add_argument("--workloads", default="", help="ids of bench.py's workloads, comma-separated (default: all)")
    ap.add_argument("--layouts", type=int, default=8, help="placements per executable (default 8)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each executable (default 3)")
    ap.add_argument("--seconds", type=float, default=0.3, help="run time of one process (default 0.3)")
    ap.add_argument("--out", help="also write the report to this file")
    args = ap.parse_args()

    flengs: list[tuple[str, Path]] = []
    for spec in args.fleng or ["build=build/fleng"]:
        label, sep, path = spec.partition("=")
        if not sep or not label or not path:
            print(f"--fleng {spec}: expected LABEL=PATH", file=sys.stderr)
            return 2
        exe = (ROOT / path).resolve() if not Path(path).is_absolute() else Path(path)
        if not exe.is_file():
            print(f"--fleng {spec}: no executable {exe}", file=sys.stderr)
            return 2
        flengs.append((label, exe))
    chosen = [w for w in bench.workloads(quick=False)
              if not args.workloads or w["id"] in args.workloads.split(",")]
    unknown = set(filter(None, args.workloads.split(","))) - {w["id"] for w in chosen}
    if unknown or not chosen:
        ids = ", ".join(w["id"] for w in bench.workloads(quick=False))
        print(f"--workloads: unknown {', '.join(sorted(unknown)) or '(none chosen)'}; the ids: {ids}",
              file=sys.stderr)
        return 2
    if args.layouts < 1 or args.runs < 1:
        print("--layouts and --runs must be at least 1", file=sys.stderr)
        return 2
    pads = [STEP * i for i in range(args.layouts)]

    errors: list[str] = []
    lines = [
        "# Layout spread of fleng's compiled workloads",
        "",
        "`" + " ".join(["python3 bench/layout_spread.py"] + [f"--fleng {f}" for f in args.fleng] +
                       ([f"--workloads {args.workloads}"] if args.workloads else []) +
                       [f"--layouts {args.layouts}", f"--runs {args.runs}"]) + "`",
        "",
        f"Each executable built in {len(pads)} placements (its code moved by 0 to {pads[-1]} bytes), "
        f"{args.runs} interleaved runs of each; times are per round. Machine: {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start.",
        "",
        "| workload | fleng | fastest placement | median over placements | slowest placement | slowest / fastest |"
        + (" median / first fleng's |" if len(flengs) > 1 else ""),
        "|---|---|---|---|---|---|" + ("---|" if len(flengs) > 1 else ""),
    ]
    with tempfile.TemporaryDirectory(prefix="layout_spread.") as tmp:
        work = Path(tmp)
        for w in chosen:
            program, goal_pattern = w["fleng"]
            exes: dict[tuple[str, int], Path] = {}
            jobs = {}
            with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
                for label, fleng in flengs:
                    for pad in pads:
                        out = work / f"{w['id']}.{label}.{pad}"
                        exes[(label, pad)] = out
                        jobs[pool.submit(build, fleng, program, out, pad, work)] = (label, pad)
                for job in concurrent.futures.as_completed(jobs):
                    if job.result():
                        errors.append(job.result())
            if errors:
                break
            # Rounds for about --seconds per process, from one run of the first executable.
            first = exes[(flengs[0][0], pads[0])]
            k = w["fleng_min_rounds"]
            t, _, err = run(first, goal_pattern.format(k=k))
            if err:
                errors.append(err)
                break
            rounds = max(k, round(k * args.seconds / max(t or 1e-9, 1e-9)))
            goal = goal_pattern.format(k=rounds)
            times: dict[tuple[str, int], list[float]] = {key: [] for key in exes}
            for _ in range(args.runs):
                for key, exe in exes.items():
                    t, answer, err = run(exe, goal)
                    if err or answer != w["expect"]:
                        errors.append(err or f"{exe} -g '{goal}' printed {answer!r}, expected {w['expect']}")
                        continue
                    # nrev's round is one nrev30, as bench.py reports it.
                    times[key].append(t / rounds)
            if errors:
                break
            base = None
            for label, _ in flengs:
                medians = sorted(statistics.median(times[(label, pad)]) for pad in pads)
                mid = statistics.median(medians)
                base = base if base is not None else mid
                unit, scale = ("µs", 1e6) if medians[0] < 1e-3 else ("ms", 1e3)
                row = (f"| {w['label']} | {label} | {medians[0] * scale:.3f} {unit} | {mid * scale:.3f} {unit} "
                       f"| {medians[-1] * scale:.3f} {unit} | {medians[-1] / medians[0]:.3f} |")
                if len(flengs) > 1:
                    row += f" {mid / base:.3f} |"
                lines.append(row)
                print(row, file=sys.stderr)
    report = "\n".join(lines) + "\n"
    if errors:
        report += "\nErrors:\n" + "".join(f"- {e}\n" for e in errors)
    print(report)
    if args.out:
        Path(args.out).write_text(report)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
