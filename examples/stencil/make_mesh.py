#!/usr/bin/env python3
"""Generates the irregular 2-D mesh that examples/stencil/stencil.fl computes on.

P points at seeded random positions in the unit square; each point's neighbours are its k
nearest points, made symmetric (if j is a neighbour of i, i is one of j's), so degrees vary.
The points are numbered along a Hilbert curve through the square (or at random with
--order random), so that a contiguous block of indices is a region of the square, as an HPF
BLOCK distribution of a mesh array numbered this way would be.

Output: CSV, one row per point, no header:  index,x,y,value0,n1,n2,...
index counts from 1; x, y and value0 (the initial value, uniform in [0, 1)) are written with six
decimals, and the neighbours are computed from the positions as written, so the file is
consistent with itself; the neighbour indices are in increasing order. The same arguments give
the same bytes on every run (Python's Mersenne Twister seeded with --seed; only the standard
library is used).

    python3 examples/stencil/make_mesh.py --points 256 --k 5 --seed 1 -o mesh.csv
"""

import argparse
import heapq
import random
import sys

# The Hilbert curve is drawn on a 2^16 x 2^16 grid over the unit square.
HILBERT_BITS = 16


def hilbert_index(x, y, bits=HILBERT_BITS):
    """The position of grid cell (x, y) along the Hilbert curve of a 2^bits square."""
    side = 1 << bits
    d = 0
    s = side >> 1
    while s > 0:
        rx = 1 if x & s else 0
        ry = 1 if y & s else 0
        d += s * s * ((3 * rx) ^ ry)
        # Rotate the quadrant so the curve inside it has the standard orientation.
        if ry == 0:
            if rx == 1:
                x = side - 1 - x
                y = side - 1 - y
            x, y = y, x
        s >>= 1
    return d


def grid_cell(coordinate, bits=HILBERT_BITS):
    side = 1 << bits
    return min(int(coordinate * side), side - 1)


def six_decimals(value):
    return float(f"{value:.6f}")


def nearest(points, i, k):
    """The indices of the k points nearest to point i (ties: the lower index first)."""
    xi, yi = points[i]
    candidates = ((((xj - xi) ** 2 + (yj - yi) ** 2), j)
                  for j, (xj, yj) in enumerate(points) if j != i)
    return [j for _, j in heapq.nsmallest(k, candidates)]


def make_mesh(count, k, seed, order):
    """Rows (index, x, y, value0, neighbours) of the mesh, indices from 1."""
    rng = random.Random(seed)
    drawn = [(six_decimals(rng.random()), six_decimals(rng.random())) for _ in range(count)]
    values = [six_decimals(rng.random()) for _ in range(count)]
    if order == "hilbert":
        keys = [(hilbert_index(grid_cell(x), grid_cell(y)), i) for i, (x, y) in enumerate(drawn)]
        numbering = [i for _, i in sorted(keys)]
    else:
        numbering = list(range(count))
        rng.shuffle(numbering)
    points = [drawn[i] for i in numbering]
    value0 = [values[i] for i in numbering]
    neighbours = [set() for _ in range(count)]
    for i in range(count):
        for j in nearest(points, i, k):
            neighbours[i].add(j)
            neighbours[j].add(i)
    return [(i + 1, points[i][0], points[i][1], value0[i], sorted(j + 1 for j in neighbours[i]))
            for i in range(count)]


def write_csv(rows, out):
    for index, x, y, value, nbrs in rows:
        fields = [str(index), f"{x:.6f}", f"{y:.6f}", f"{value:.6f}"] + [str(j) for j in nbrs]
        out.write(",".join(fields) + "\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, required=True, help="number of points P (>= 2)")
    parser.add_argument("--k", type=int, default=5, help="nearest neighbours per point (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--order", choices=["hilbert", "random"], default="hilbert",
                        help="numbering of the points (default hilbert)")
    parser.add_argument("-o", "--output", help="output file (default: standard output)")
    args = parser.parse_args(argv)
    if args.points < 2:
        parser.error(f"--points {args.points}: at least 2 points are needed")
    if not 1 <= args.k < args.points:
        parser.error(f"--k {args.k}: must be from 1 to points - 1 ({args.points - 1})")
    rows = make_mesh(args.points, args.k, args.seed, args.order)
    if args.output:
        with open(args.output, "w", encoding="ascii", newline="\n") as out:
            write_csv(rows, out)
    else:
        write_csv(rows, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
