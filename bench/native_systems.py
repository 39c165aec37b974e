"""The two optional, natively compiled systems of bench.py: KLIC and `fleng build`.

bench.py always runs fleng, SWI-Prolog and GNU Prolog; these two columns appear
only when the tools are there, and the run goes on without them:

  klic            KLIC, the KL1-to-C compiler, found with --klic PREFIX, else
                  $KLIC_HOME, else `klic` on PATH (PREFIX/bin/klic).  It is not
                  part of this project: bench/build_klic.sh builds it from its
                  public sources outside the repository (default prefix
                  /tmp/klic), and the reader passes --klic PREFIX.
                  The KL1 workloads and their harness (bench/programs/*.kl1)
                  are compiled into one executable, once, before the timed runs.
  fleng-compiled  `build/fleng build FILE -o OUT`: each Fleng workload compiled
                  once to a native executable, which takes the options of
                  `fleng run` (`OUT -g GOAL --stats=json`).  Detected by
                  `fleng build --help` printing the command's usage.

Each prepare function returns what it made or why the column is empty; the
reasons are the words shown in the table ("not installed", "not built").
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

# The KL1 programs linked into the one KLIC executable: the harness first.
KLIC_SOURCES = ["harness_klic.kl1", "nrev.kl1", "queens.kl1", "primes.kl1", "tak.kl1", "fib.kl1"]
# -O2: the C compiler's optimisation level (KLIC's -O[n]); -n: link the
# non-debugging runtime (the default runtime carries the tracer).
KLIC_FLAGS = ["-O2", "-n"]

NOT_INSTALLED = "not installed"
NOT_BUILT = "not built"


@dataclass
class Klic:
    """A KLIC install and the benchmark executable compiled with it."""
    driver: Path | None = None        # PREFIX/bin/klic, None when not installed
    executable: Path | None = None    # the compiled harness + workloads
    version: str = ""                 # the driver's version line
    command: str = ""                 # the compile command, for the report
    error: str = ""                   # why a given KLIC could not be used


@dataclass
class FlengCompiled:
    """`fleng build`: whether it exists, and the executable of each workload file."""
    available: bool = False
    executables: dict[str, Path] = field(default_factory=dict)   # workload file -> executable
    errors: dict[str, str] = field(default_factory=dict)         # workload file -> build error
    command: str = ""


def run(cmd: list[str], cwd: Path, timeout: float = 1800) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, 124, e.stdout or "", f"timeout after {timeout}s")
    except OSError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))


def find_klic(prefix_option: str | None) -> Klic:
    """The KLIC driver: PREFIX/bin/klic of --klic, else of $KLIC_HOME, else `klic` on PATH.

    A prefix that was given but holds no driver is an error (the reader asked
    for KLIC); no KLIC anywhere is not (the column says "not installed")."""
    for source, prefix in (("--klic", prefix_option), ("KLIC_HOME", os.environ.get("KLIC_HOME"))):
        if prefix:
            driver = Path(prefix).expanduser().resolve() / "bin" / "klic"
            if driver.is_file() and os.access(driver, os.X_OK):
                return Klic(driver=driver)
            return Klic(error=f"{source} {prefix}: no executable {driver}")
    found = shutil.which("klic")
    return Klic(driver=Path(found).resolve()) if found else Klic()


def compile_klic(klic: Klic, programs: Path, work: Path) -> Klic:
    """Compile harness_klic.kl1 and the five workload modules into work/klic_bench.

    The KLIC driver writes its C files, objects and database next to the
    sources, so they are copied into work/ first."""
    work.mkdir(parents=True, exist_ok=True)
    for name in KLIC_SOURCES:
        shutil.copy(programs / name, work / name)
    cmd = [str(klic.driver), *KLIC_FLAGS, "-v", "-o", "klic_bench", *KLIC_SOURCES]
    klic.command = " ".join(["klic", *KLIC_FLAGS, "-o", "klic_bench", *KLIC_SOURCES])
    p = run(cmd, work)
    for line in p.stderr.splitlines():
        if line.startswith("KLIC compiler driver version"):
            klic.version = line.strip()
            break
    exe = work / "klic_bench"
    if p.returncode != 0 or not exe.is_file():
        klic.error = (f"klic failed (exit {p.returncode}) compiling bench/programs/*.kl1:\n"
                      + (p.stdout + p.stderr).strip()[-1500:])
    else:
        klic.executable = exe
        bits = elf_bits(exe)
        if bits and klic.version:
            klic.version += f", {bits}-bit"   # build_klic.sh --bits: the report says which
    return klic


def elf_bits(exe: Path) -> int | None:
    """32 or 64: the word size of an ELF executable (its class byte), None if not ELF."""
    with open(exe, "rb") as f:
        ident = f.read(5)
    if ident[:4] != b"\x7fELF":
        return None
    return {1: 32, 2: 64}.get(ident[4])


def klic_args(w: dict, min_seconds: float) -> list[str]:
    """harness_klic.kl1's arguments for workload w: NAME MIN_SECONDS SIZE..."""
    name, sizes = w["klic"]
    return [name, str(min_seconds), *sizes]


def fleng_build_available(fleng: Path, root: Path) -> bool:
    """True when this fleng has the `build` command: `fleng build --help` exits 0 with
    the command's own usage line ("Usage: .../fleng build ...").  The exit status
    alone does not tell: without the command, "build" is taken for a file name and
    --help prints fleng's general help."""
    p = run([str(fleng), "build", "--help"], root, timeout=60)
    usage = next((line.split() for line in p.stdout.splitlines() if line.startswith("Usage:")), [])
    return p.returncode == 0 and len(usage) > 2 and usage[2] == "build"


def build_fleng(fleng: Path, root: Path, files: list[str], work: Path) -> FlengCompiled:
    """`fleng build FILE -o OUT` for each workload file (paths relative to root)."""
    out = FlengCompiled(available=True,
                        command="build/fleng build FILE -o OUT; OUT -g GOAL --engine local --stats=json")
    work.mkdir(parents=True, exist_ok=True)
    for f in files:
        exe = work / Path(f).stem
        p = run([str(fleng), "build", f, "-o", str(exe)], root)
        if p.returncode == 0 and exe.is_file():
            out.executables[f] = exe
        else:
            out.errors[f] = (f"fleng build {f} failed (exit {p.returncode}): "
                             + (p.stdout + p.stderr).strip()[-300:])
    return out
