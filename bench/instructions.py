#!/usr/bin/env python3
"""Instructions per round of compiled fleng and of KLIC, counted rather than timed.

A time on a shared machine moves with its load and with where a loop happens to lie in memory
(bench/layout_spread.py); the number of instructions a round executes does not. This script
counts them with Valgrind (`valgrind --tool=cachegrind --cache-sim=no`, which counts every
executed instruction of the process) for each workload of bench.py:

  compiled fleng  the executable of `fleng build bench/fleng/W_bench.fl`, run with LOW and with
                  HIGH rounds (`run(K, ...)`); a round costs (I(HIGH) - I(LOW)) / (HIGH - LOW),
                  so start-up, the library's parsing and the final output cancel out.
  KLIC            bench/programs/harness_klic.kl1 with the workload modules, built by the KLIC
                  found with --klic (as bench.py); its harness repeats a workload until a
                  number of seconds has passed and prints how many rounds it made, so a round
                  costs (I(long run) - I(one round)) / (rounds - 1). nrev's KLIC round is K
                  nrev30s (harness_klic.kl1), divided by K here.
  interpreter     (--interpreter) `fleng run`, as the compiled executable.

Instructions are not time: a round of KLIC executes fewer instructions per cycle than a round of
compiled fleng on the machines measured so far (docs/performance.md). The counts say which of two
builds does less work, exactly and in one run, and so measure a change of the code generator
that a noisy machine cannot time.

Usage:
  python3 bench/instructions.py --klic /tmp/klic                 # every workload
  python3 bench/instructions.py --klic /tmp/klic --workloads fib25,queens8 --json out.json
  python3 bench/instructions.py --fleng /tmp/old/build/fleng      # another build, no KLIC
  python3 bench/instructions.py --quick                           # the small sizes (tests)

Output: a Markdown table on stdout (and --out FILE). Exit status 1 when valgrind is missing, a
build fails, or a run fails or gives a wrong answer.
"""
from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402  (the workloads, the JSON line reader)
import native_systems  # noqa: E402  (KLIC: finding it and compiling the harness)

# Rounds of a fleng process: the two counts whose difference is divided (LOW > 0, so that both
# runs have taken the same paths once: the first round's collections and code warm-up).
FLENG_ROUNDS = {"nrev30": (20, 220)}
DEFAULT_ROUNDS = (2, 7)
QUICK_ROUNDS = (1, 3)
# KLIC: the long run's seconds of (valgrind-slowed) wall-clock time, and nrev's K.
KLIC_SECONDS = 2.0
KLIC_NREV_K = 100


class Failure(Exception):
    pass


def instructions(cmd: list[str]) -> tuple[int, str]:
    """The instructions `cmd` executes under cachegrind, and its standard output."""
    p = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null", *cmd],
                       cwd=ROOT, capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", p.stderr)
    if p.returncode != 0 or m is None:
        raise Failure(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()[-400:]}")
    return int(m.group(1).replace(",", "")), p.stdout


def fleng_round(cmd_of, w: dict, rounds: tuple[int, int]) -> int:
    """Instructions of one round of a fleng system (cmd_of(goal) is its command)."""
    _, goal = w["fleng"]
    counts = []
    for k in rounds:
        n, out = instructions(cmd_of(goal.format(k=k)))
        first = out.splitlines()[0].strip() if out.strip() else ""
        if first != w["expect"]:
            raise Failure(f"{w['id']}: answer {first!r}, expected {w['expect']}")
        counts.append(n)
    per_round = round((counts[1] - counts[0]) / (rounds[1] - rounds[0]))
    if per_round <= 0:
        raise Failure(f"{w['id']}: {rounds[1]} rounds took no more instructions than {rounds[0]}")
    return per_round


def klic_round(exe: Path, w: dict) -> int:
    """Instructions of one round of KLIC's harness (nrev: of one nrev30)."""
    name, sizes = w["klic"]
    k = 1
    if name == "nrev":
        k = KLIC_NREV_K
        sizes = [str(k)]
    counts, rounds = [], []
    for seconds in (0, KLIC_SECONDS):
        n, out = instructions([str(exe), name, str(seconds), *sizes])
        line = bench.json_line(out)
        if line is None or str(line.get("answer")) != w["expect"]:
            raise Failure(f"klic {w['id']}: unexpected output {out.strip()[-200:]!r}")
        counts.append(n)
        rounds.append(int(line["iterations"]))
    if rounds[1] <= rounds[0]:
        raise Failure(f"klic {w['id']}: {rounds[1]} rounds in {KLIC_SECONDS} s, need more than one")
    return round((counts[1] - counts[0]) / (rounds[1] - rounds[0]) / k)


def fmt_count(n: int | None) -> str:
    if n is None:
        return "-"
    return f"{n / 1e6:.3f} M" if n >= 1e6 else f"{n / 1e3:.1f} k"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fleng", default=str(ROOT / "build" / "fleng"), help="the fleng binary")
    ap.add_argument("--klic", help="KLIC's PREFIX (bench/build_klic.sh); else $KLIC_HOME or PATH")
    ap.add_argument("--no-klic", action="store_true", help="count compiled fleng only")
    ap.add_argument("--interpreter", action="store_true", help="count `fleng run` too")
    ap.add_argument("--workloads", help="comma-separated ids (nrev30,queens8,...); default all")
    ap.add_argument("--quick", action="store_true", help="bench.py's small sizes")
    ap.add_argument("--json", help="write the counts as JSON to this file")
    ap.add_argument("--out", help="write the Markdown report to this file too")
    args = ap.parse_args()

    if shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    fleng = Path(args.fleng).resolve()
    chosen = bench.workloads(args.quick)
    if args.workloads:
        wanted = args.workloads.split(",")
        unknown = [x for x in wanted if x not in {w["id"] for w in chosen}]
        if unknown:
            print(f"instructions.py: unknown workloads {unknown}; known: "
                  f"{', '.join(w['id'] for w in chosen)}", file=sys.stderr)
            return 1
        chosen = [w for w in chosen if w["id"] in wanted]

    rows, errors = [], []
    with tempfile.TemporaryDirectory(prefix="fleng-instructions-") as tmp:
        work = Path(tmp)
        files = sorted({w["fleng"][0] for w in chosen})
        compiled = native_systems.build_fleng(fleng, ROOT, files, work / "fleng")
        if compiled.errors:
            for e in compiled.errors.values():
                print(f"instructions.py: {e}", file=sys.stderr)
            return 1
        klic = None
        if not args.no_klic:
            found = native_systems.find_klic(args.klic)
            if found.error:
                print(f"instructions.py: {found.error}", file=sys.stderr)
                return 1
            if found.driver is None:
                print("instructions.py: no KLIC (--klic PREFIX; bench/build_klic.sh builds it), "
                      "counting compiled fleng only", file=sys.stderr)
            else:
                klic = native_systems.compile_klic(found, ROOT / "bench" / "programs", work / "klic")
                if klic.executable is None:
                    print(f"instructions.py: {klic.error}", file=sys.stderr)
                    return 1
        for w in chosen:
            rounds = QUICK_ROUNDS if args.quick else FLENG_ROUNDS.get(w["id"], DEFAULT_ROUNDS)
            exe = compiled.executables[w["fleng"][0]]
            row = {"id": w["id"], "label": w["label"].split(" (x")[0], "rounds": list(rounds)}
            try:
                row["compiled"] = fleng_round(lambda g: [str(exe), "-g", g, "--engine", "local"], w, rounds)
                if args.interpreter:
                    row["interpreter"] = fleng_round(
                        lambda g: [str(fleng), "run", w["fleng"][0], "-g", g, "--engine", "local"], w, rounds)
                if klic is not None:
                    row["klic"] = klic_round(klic.executable, w)
            except Failure as e:
                errors.append(str(e))
            rows.append(row)
            print(f"{w['id']}: " + ", ".join(f"{k} {fmt_count(row.get(k))}"
                                            for k in ("compiled", "interpreter", "klic") if k in row),
                  file=sys.stderr)

    cols = ["compiled"] + (["interpreter"] if args.interpreter else []) + (["klic"] if klic else [])
    lines = [f"Instructions per round (valgrind --tool=cachegrind), {platform.machine()}, "
             f"`{' '.join(['python3 bench/instructions.py'] + sys.argv[1:])}`", ""]
    head = ["workload"] + cols + (["compiled / KLIC"] if klic else [])
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in rows:
        cells = [r["label"]] + [fmt_count(r.get(c)) for c in cols]
        if klic:
            cells.append(f"{r['compiled'] / r['klic']:.2f}" if r.get("compiled") and r.get("klic") else "-")
        lines.append("| " + " | ".join(cells) + " |")
    if klic is not None:
        lines += ["", f"KLIC: {klic.version or 'version unknown'}"]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report)
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": platform.machine(), "rows": rows,
                                               "klic": klic.version if klic else None}, indent=1) + "\n")
    for e in errors:
        print(f"instructions.py: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
