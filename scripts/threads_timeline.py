#!/usr/bin/env python3
"""How busy each worker of a threads-engine run was, over time, from its trace.

    build/fleng run examples/primes.fl -g 'run(30000)' --engine threads --trace run.json
    python3 scripts/threads_timeline.py run.json            # 20 slices of the run
    python3 scripts/threads_timeline.py run.json --bins 40 --plot run.svg

Reads the Chrome trace-event file that `fleng run --engine threads --trace FILE` writes (one
slice per turn of an IU on a worker, and the collections) and prints, for each worker and each
IU, the share of every time slice of the run spent in turns (a column per slice, in percent),
then each worker's busy time, turns, and the gaps between its turns (the time it waited for
work). With --plot, gnuplot draws the workers' shares over time (SVG). Exit status 1 on a file
that is not such a trace.
"""
import argparse
import json
import subprocess
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        events = data["traceEvents"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"threads_timeline: {path}: not a trace file ({e})")
    turns = [e for e in events if e.get("ph") == "X"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    if not turns or not all(n.startswith("worker") for n in names.values()):
        sys.exit(f"threads_timeline: {path}: no turns of a threads-engine run in it")
    return turns, names


def shares(spans, lo, width, bins):
    """Busy share of each of `bins` slices of `width` from `lo`, for (start, end) spans."""
    out = [0.0] * bins
    for start, end in spans:
        first = max(0, int((start - lo) / width))
        last = min(bins - 1, int((end - lo) / width))
        for b in range(first, last + 1):
            b_lo = lo + b * width
            overlap = min(end, b_lo + width) - max(start, b_lo)
            if overlap > 0:
                out[b] += overlap / width
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace")
    ap.add_argument("--bins", type=int, default=20, help="time slices (default 20)")
    ap.add_argument("--plot", metavar="SVG", help="draw the workers' shares with gnuplot")
    args = ap.parse_args()
    turns, names = load(args.trace)
    lo = min(e["ts"] for e in turns)
    hi = max(e["ts"] + e["dur"] for e in turns)
    bins = max(1, args.bins)
    width = (hi - lo) / bins or 1.0
    print(f"run: {(hi - lo) / 1000:.1f} ms from the first turn to the last, {bins} slices of "
          f"{width / 1000:.2f} ms; busy share per slice, percent")
    rows = []
    for tid in sorted(names):
        mine = sorted((e for e in turns if e["tid"] == tid), key=lambda e: e["ts"])
        row = shares([(e["ts"], e["ts"] + e["dur"]) for e in mine], lo, width, bins)
        rows.append((names[tid], row))
        print(f"{names[tid]:>10} " + " ".join(f"{100 * x:3.0f}" for x in row))
    for iu in sorted({e["args"]["iu"] for e in turns if "args" in e}):
        mine = [e for e in turns if e.get("args", {}).get("iu") == iu]
        row = shares([(e["ts"], e["ts"] + e["dur"]) for e in mine], lo, width, bins)
        print(f"{'IU ' + str(iu):>10} " + " ".join(f"{100 * x:3.0f}" for x in row))
    for tid in sorted(names):
        mine = sorted((e for e in turns if e["tid"] == tid), key=lambda e: e["ts"])
        busy = sum(e["dur"] for e in mine)
        gaps = sorted(b["ts"] - (a["ts"] + a["dur"]) for a, b in zip(mine, mine[1:]))
        text = f"{names[tid]}: busy {busy / 1000:.1f} ms, {len(mine)} turns"
        if gaps:
            text += (f", waited {sum(gaps) / 1000:.1f} ms between turns (median "
                     f"{gaps[len(gaps) // 2]:.1f} us, longest {gaps[-1]:.1f} us)")
        print(text)
    if args.plot:
        lines = []
        for b in range(bins):
            t = (b + 0.5) * width / 1000
            lines.append(" ".join([f"{t:.3f}"] + [f"{100 * row[b]:.1f}" for _, row in rows]))
        plots = ", ".join(f"'-' using 1:2 with steps title '{name}'" for name, _ in rows)
        script = [f"set terminal svg size 800,400", f"set output '{args.plot}'",
                  "set xlabel 'time (ms)'", "set ylabel 'busy (%)'", "set yrange [0:105]",
                  f"plot {plots}"]
        data = []
        for k in range(len(rows)):
            data += [" ".join(line.split()[i] for i in (0, k + 1)) for line in lines] + ["e"]
        try:
            subprocess.run(["gnuplot"], input="\n".join(script + data) + "\n", text=True,
                           check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            sys.exit(f"threads_timeline: gnuplot failed ({e})")
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
