#!/usr/bin/env python3
"""Tests of examples/stencil/make_mesh.py, the generator of the stencil workload's meshes.

The same arguments give the same bytes; the shipped meshes are what the commands in
examples/stencil/README.md make; every mesh is well formed (indices 1..P in order, positions in
the unit square, neighbour lists sorted, in range, without the point itself); the neighbours are
exactly the symmetric k-nearest-neighbour relation, recomputed here by brute force; and the
Hilbert numbering makes contiguous index blocks geometric regions (most edges stay inside a
block), which a random numbering does not. Run from the repository root (ctest does).
"""

import csv
import io
import os
import shlex
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GENERATOR = os.path.join(ROOT, "examples", "stencil", "make_mesh.py")
README = os.path.join(ROOT, "examples", "stencil", "README.md")


def generate(*args):
    """The generator's standard output for args, as bytes (it must exit 0)."""
    done = subprocess.run([sys.executable, GENERATOR, *args], capture_output=True, check=True)
    return done.stdout


def parse(text):
    """Rows (index, x, y, value0, neighbours) of a mesh's CSV text."""
    rows = []
    for fields in csv.reader(io.StringIO(text)):
        rows.append((int(fields[0]), float(fields[1]), float(fields[2]), float(fields[3]),
                     [int(j) for j in fields[4:]]))
    return rows


def readme_commands():
    """The generator commands of the README: (arguments, output path) for each."""
    commands = []
    with open(README, encoding="utf-8") as readme:
        for line in readme:
            if not line.startswith("python3 examples/stencil/make_mesh.py "):
                continue
            args = shlex.split(line)[2:]
            output = args[args.index("-o") + 1]
            commands.append((args, output))
    return commands


def k_nearest(rows, i, k):
    """Indices (from 1) of the k points nearest to row i, ties by the lower index."""
    _, xi, yi, _, _ = rows[i]
    by_distance = sorted(((x - xi) ** 2 + (y - yi) ** 2, j + 1)
                         for j, (_, x, y, _, _) in enumerate(rows) if j != i)
    return {j for _, j in by_distance[:k]}


def fraction_inside_blocks(rows, blocks):
    """The fraction of the neighbour relation's edges whose two ends are in one index block."""
    size = -(-len(rows) // blocks)
    inside = total = 0
    for index, _, _, _, nbrs in rows:
        for j in nbrs:
            total += 1
            inside += (index - 1) // size == (j - 1) // size
    return inside / total


class MakeMeshTest(unittest.TestCase):
    def test_same_arguments_give_the_same_bytes(self):
        first = generate("--points", "300", "--k", "4", "--seed", "7")
        self.assertEqual(first, generate("--points", "300", "--k", "4", "--seed", "7"))
        self.assertNotEqual(first, generate("--points", "300", "--k", "4", "--seed", "8"))

    def test_the_shipped_meshes_are_made_by_the_readme_commands(self):
        commands = readme_commands()
        self.assertEqual(sorted(output for _, output in commands),
                         ["examples/stencil/data/mesh-2048.csv",
                          "examples/stencil/data/mesh-256.csv"])
        with tempfile.TemporaryDirectory() as work:
            for args, output in commands:
                made = os.path.join(work, "mesh.csv")
                args = [made if a == output else a for a in args]
                subprocess.run([sys.executable, GENERATOR, *args], check=True)
                with open(made, "rb") as new, open(os.path.join(ROOT, output), "rb") as shipped:
                    self.assertEqual(new.read(), shipped.read(), output)

    def test_meshes_are_well_formed_and_symmetric(self):
        for name in ("mesh-256.csv", "mesh-2048.csv"):
            with open(os.path.join(ROOT, "examples", "stencil", "data", name), encoding="ascii") as f:
                rows = parse(f.read())
            degrees = [len(nbrs) for *_, nbrs in rows]
            self.assertGreater(max(degrees), min(degrees), name)  # irregular
            for position, (index, x, y, value, nbrs) in enumerate(rows):
                self.assertEqual(index, position + 1, name)
                self.assertTrue(0 <= x < 1 and 0 <= y < 1 and 0 <= value < 1, (name, index))
                self.assertEqual(nbrs, sorted(set(nbrs)), (name, index))
                self.assertNotIn(index, nbrs, name)
                self.assertTrue(all(1 <= j <= len(rows) for j in nbrs), (name, index))
                for j in nbrs:
                    self.assertIn(index, rows[j - 1][4], f"{name}: {index} -> {j} but not back")

    def test_neighbours_are_the_symmetric_k_nearest(self):
        k = 5
        rows = parse(generate("--points", "256", "--k", str(k), "--seed", "3").decode())
        nearest = [k_nearest(rows, i, k) for i in range(len(rows))]
        for i, (index, _, _, _, nbrs) in enumerate(rows):
            expected = nearest[i] | {j + 1 for j in range(len(rows)) if index in nearest[j]}
            self.assertEqual(set(nbrs), expected, index)

    def test_hilbert_blocks_are_regions_random_ones_are_not(self):
        hilbert = parse(generate("--points", "1024", "--seed", "5").decode())
        scattered = parse(generate("--points", "1024", "--seed", "5", "--order", "random").decode())
        self.assertGreater(fraction_inside_blocks(hilbert, 16), 0.7)
        self.assertLess(fraction_inside_blocks(scattered, 16), 0.2)
        # The same points and relation, only numbered differently.
        self.assertEqual(sorted((x, y) for _, x, y, _, _ in hilbert),
                         sorted((x, y) for _, x, y, _, _ in scattered))

    def test_bad_arguments_are_refused(self):
        for args in (["--points", "1"], ["--points", "10", "--k", "10"], ["--points", "10", "--k", "0"]):
            done = subprocess.run([sys.executable, GENERATOR, *args], capture_output=True)
            self.assertNotEqual(done.returncode, 0, args)
            self.assertIn(b"error", done.stderr, args)


if __name__ == "__main__":
    unittest.main()
