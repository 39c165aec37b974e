#!/usr/bin/env python3
"""The tables and plots of bench/cupit_evaluation.sh: Figure 5 of the CuPit paper (relative
simulated time of epoch 210 per variant, bal = 100) beside the paper's numbers, and the host
engines' time per epoch.

    python3 bench/cupit_report.py RUNS.csv OUT.md FIGURES_DIR
"""
import csv
import os
import subprocess
import sys

VARIANTS = ["dbal", "nbal", "noloc", "cwrong", "comm", "repl"]
# The paper's Figure 5 (relative run time of epoch 210, bal = 100, MasPar MP-1).
PAPER = {
    "building": [102, 123, 244, 145, 110, 99],
    "flare": [105, 120, 289, 141, 112, 165],
    "hearta": [102, 114, 325, 151, 111, 110],
    "cancer": [110, 150, 305, 144, 97, 98],
    "card": [102, 139, 333, 164, 108, 120],
    "diabetes": [108, 129, 294, 159, 110, 161],
    "gene": [102, 115, 221, 149, 119, 77],
    "glass": [114, 130, 309, 165, 101, 102],
    "heart": [105, 130, 320, 153, 111, 110],
    "soybean": [105, 132, 288, 167, 115, 130],
    "thyroid": [100, 120, 247, 144, 121, 114],
}
PAPER_AVERAGE = [105, 127, 289, 154, 110, 115]


def main():
    runs, out_md, figures = sys.argv[1], sys.argv[2], sys.argv[3]
    sim = {}      # (problem, ius, variant) -> (replicates, seconds, host)
    host = {}     # (problem, engine, ius) -> [seconds per epoch] of the last timing run
    host_run = {}  # (problem, engine, ius) -> that run's host seconds (names the run)
    train = {}    # problem -> (seconds per epoch, total, native or interpreted)
    order = []
    with open(runs) as f:
        for row in csv.DictReader(f):
            p = row["problem"]
            if p not in order:
                order.append(p)
            if row["engine"] == "sim":
                key = (p, int(row["ius"]), row["variant"])
                if row["variant"] == "bal-search":
                    sim.setdefault((p, int(row["ius"]), "search"), []).append(
                        (int(row["replicates"]), float(row["epoch_seconds"]), float(row["host_seconds"])))
                    continue
                sim[key] = (int(row["replicates"]), float(row["epoch_seconds"]),
                            float(row["host_seconds"]))
            elif row["engine"] in ("local-train", "native-train"):
                kind = "native" if row["engine"] == "native-train" else "interpreted"
                train[p] = (float(row["epoch_seconds"]), float(row["host_seconds"]), kind)
            else:
                # One timing run writes a line per epoch, all with the run's host seconds; a
                # later run of the same problem and engine (PHASES=host on a quiet machine)
                # replaces the earlier one.
                key = (p, row["engine"], int(row["ius"]))
                run = row["host_seconds"]
                if key not in host or host_run.get(key) != run:
                    host[key] = []
                    host_run[key] = run
                host[key].append(float(row["epoch_seconds"]))
    ius_list = sorted({k[1] for k in sim if k[2] == "bal"}, reverse=True)
    lines = []
    lines.append("Relative simulated time of epoch 210 (bal = 100); in parentheses the paper's "
                 "Figure 5 (MasPar MP-1, 1995).\n")
    for ius in ius_list:
        probs = [p for p in order if (p, ius, "bal") in sim]
        lines.append(f"#### {ius} IUs\n")
        lines.append("| problem | replicates (bal) | bal, simulated s | " + " | ".join(VARIANTS) + " |")
        lines.append("|---|---|---|" + "---|" * len(VARIANTS))
        # Each column's average is over the problems that have that run (a run that failed
        # is "-" and left out of its column only; the cell then says over how many).
        sums = [0.0] * len(VARIANTS)
        psums = [0.0] * len(VARIANTS)
        counts = [0] * len(VARIANTS)
        for p in probs:
            r, t, _ = sim[(p, ius, "bal")]
            cells = []
            for i, v in enumerate(VARIANTS):
                if (p, ius, v) not in sim:
                    cells.append("-")
                    continue
                base = t
                if v == "cwrong" and (p, ius, "bal-cwrong-heap") in sim:
                    base = sim[(p, ius, "bal-cwrong-heap")][1]  # bal on cwrong's heaps
                rel = 100.0 * sim[(p, ius, v)][1] / base
                paper = PAPER.get(p, [None] * 6)[i]
                if paper is not None:
                    sums[i] += rel
                    psums[i] += paper
                    counts[i] += 1
                cells.append(f"{rel:.0f} ({paper})" if paper is not None else f"{rel:.0f}")
            lines.append(f"| {p} | {r} | {t:.4f} | " + " | ".join(cells) + " |")
        n = max(counts) if probs else 0
        if n and min(counts) > 0:
            avg = [s / c for s, c in zip(sums, counts)]
            pavg = [s / c for s, c in zip(psums, counts)]
            lines.append(f"| average of these {n} | | | " + " | ".join(
                f"{a:.0f} ({pa:.0f})" + (f" over {c}" if c != n else "")
                for a, pa, c in zip(avg, pavg, counts)) + " |")
            lines.append("| paper's average (11 problems) | | | " + " | ".join(
                str(x) for x in PAPER_AVERAGE) + " |")
            write_plot(figures, ius, avg, pavg)
        lines.append("")
    lines.append("#### bal's replicate search (simulated seconds of epoch 210 per replicate count)\n")
    lines.append("| problem | IUs | replicates: simulated s |")
    lines.append("|---|---|---|")
    for (p, ius, kind), tries in sorted(((k, v) for k, v in sim.items() if k[2] == "search"),
                                         key=lambda kv: (order.index(kv[0][0]), -kv[0][1])):
        tries = sorted({r: (r, t, h) for r, t, h in tries}.values())  # a repeated run: the last
        lines.append(f"| {p} | {ius} | " + ", ".join(f"{r}: {t:.4f}" for r, t, _ in tries) + " |")
    lines.append("")
    lines.append("#### Host time\n")
    lines.append("| problem | epochs 1-209, local engine | per epoch, local engine (epochs 210..) | "
                 "per epoch, threads engine (epochs 210..) | simulated runs, host s per run (mean, max) |")
    lines.append("|---|---|---|---|---|")
    for p in order:
        tr = (f"{train[p][1]:.0f} s ({train[p][0]:.3f} s/epoch, {train[p][2]})" if p in train
              else "cached")
        loc = host_text(host, p, "local")
        thr = host_text(host, p, "threads")
        hs = [v[2] for k, v in sim.items() if k[0] == p and k[2] not in ("search", "bal")]
        hs += [t[2] for k, v in sim.items() if k[0] == p and k[2] == "search" for t in v]
        simh = f"{sum(hs) / len(hs):.1f}, {max(hs):.1f} ({len(hs)} runs, {sum(hs):.0f} s)" if hs else "-"
        lines.append(f"| {p} | {tr} | {loc} | {thr} | {simh} |")
    with open(out_md, "w") as f:
        f.write("\n".join(lines) + "\n")


def host_text(host, p, engine):
    for (q, e, ius), ts in host.items():
        if q == p and e == engine:
            return f"{min(ts):.3f}-{max(ts):.3f} s ({len(ts)} epochs" + (
                f", {ius} workers)" if engine == "threads" else ")")
    return "-"


def write_plot(figures, ius, avg, pavg):
    os.makedirs(figures, exist_ok=True)
    dat = os.path.join(figures, f"figure5-{ius}.dat")
    with open(dat, "w") as f:
        f.write("# variant ours paper (relative time of epoch 210, bal = 100)\n")
        for v, a, pa in zip(VARIANTS, avg, pavg):
            f.write(f"{v} {a:.1f} {pa:.1f}\n")
    svg = os.path.join(figures, f"figure5-{ius}.svg")
    script = f"""
set terminal svg size 640,400 font 'sans,12'
set output '{svg}'
set title 'Epoch 210, relative to bal = 100: simulated PIE64 ({ius} IUs) and the paper (MasPar)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set yrange [0:*]
set ylabel 'relative time (bal = 100)'
set grid ytics
set key top left
plot '{dat}' using 2:xtic(1) title 'PIE64 model (ours)', '' using 3 title 'CuPit paper, Figure 5', 100 with lines dt 2 lc rgb 'black' notitle
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


if __name__ == "__main__":
    main()
