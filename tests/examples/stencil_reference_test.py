#!/usr/bin/env python3
"""The stencil workload's golden outputs checked against a reference written in Python.

tests/golden/sim/stencil_*.out hold what examples/stencil/stencil.fl prints (on every engine
and IU count, which the golden tests check). This test computes the same time steps here, with
the floating-point operations in the same order as the Fleng program (so the results are equal
to the last bit, not only to six decimals), and compares the lines. Run from the repository
root (ctest does).
"""

import csv
import os
import re
import shlex
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GOLDEN = os.path.join(ROOT, "tests", "golden", "sim")


def load(path):
    """Rows (index, x, y, value0, neighbours) of a mesh file."""
    with open(path, encoding="ascii") as f:
        return [(int(r[0]), float(r[1]), float(r[2]), float(r[3]), [int(j) for j in r[4:]])
                for r in csv.reader(f)]


def relax(rows, steps):
    """value' = (value + (sum of the neighbours' values, left to right) / degree) / 2."""
    values = [value for _, _, _, value, _ in rows]
    for _ in range(steps):
        new = []
        for index, _, _, _, nbrs in rows:
            total = 0.0
            for j in nbrs:
                total = total + values[j - 1]
            new.append((values[index - 1] + total / len(nbrs)) / 2)
        values = new
    checksum = 0.0
    for value in values:
        checksum = checksum + value
    return f"relax {len(rows)} points {steps} steps checksum {checksum:.6f}"


def particles(rows, steps):
    """Springs to the neighbours, mass 1 + value0, symplectic Euler with time step 0.1."""
    state = [(x, y, 0.0, 0.0) for _, x, y, _, _ in rows]
    for _ in range(steps):
        new = []
        for index, _, _, value, nbrs in rows:
            x, y, vx, vy = state[index - 1]
            mass = 1 + value
            fx = fy = 0.0
            for j in nbrs:
                xj, yj, _, _ = state[j - 1]
                fx = fx + (xj - x)
                fy = fy + (yj - y)
            vx = vx + 0.1 * fx / mass
            vy = vy + 0.1 * fy / mass
            new.append((x + 0.1 * vx, y + 0.1 * vy, vx, vy))
        state = new
    checksum = energy = 0.0
    for (_, _, _, value, _), (x, y, vx, vy) in zip(rows, state):
        checksum = checksum + x + y
        energy = energy + 0.5 * (1 + value) * (vx * vx + vy * vy)
    return (f"particles {len(rows)} points {steps} steps checksum {checksum:.6f} "
            f"kinetic {energy:.6e}")


class StencilReferenceTest(unittest.TestCase):
    def test_golden_outputs_are_the_reference_results(self):
        cases = sorted(name[:-4] for name in os.listdir(GOLDEN)
                       if name.startswith("stencil_") and name.endswith(".cmd"))
        self.assertEqual(cases, ["stencil_particles", "stencil_relax"])
        for case in cases:
            with open(os.path.join(GOLDEN, case + ".cmd"), encoding="utf-8") as f:
                words = shlex.split(f.read())
            goal = words[words.index("-g") + 1]
            match = re.fullmatch(r"run\('([^']+)', (\d+), (relax|particles)(?:, \w+)?\)", goal)
            self.assertIsNotNone(match, goal)
            path, steps, kind = match.group(1), int(match.group(2)), match.group(3)
            rows = load(os.path.join(ROOT, path))
            expected = relax(rows, steps) if kind == "relax" else particles(rows, steps)
            with open(os.path.join(GOLDEN, case + ".out"), encoding="utf-8") as f:
                self.assertEqual(f.read(), expected + "\n", case)


if __name__ == "__main__":
    unittest.main()
