"""Instruction counts under Valgrind's callgrind, for the benchmarks (not tests).

Seconds on a shared machine swing by half from one run to the next (one 6-player
bench_turn6 run here: min 58 ms, max 170 ms, the same turn); the count of instructions
the CPU executed does not: the same code, inputs and interpreter give the same count
to within a fraction of a percent, whatever else the machine does. A script offers
`--instructions` by calling

    code = instructions.rerun(__file__, argv)   # None: we are the counted run
    if code is not None: sys.exit(code)

which runs the script again under `valgrind --tool=callgrind` with collection off, and
wrapping the part to count in

    with instructions.counted():
        ...

which switches collection on and off through a two-line C library (Valgrind's client
request CALLGRIND_TOGGLE_COLLECT), compiled on first use with the machine's C compiler.
The counted run prints `counted units: N` (games, mails ...); the first run prints its
output, then the instructions in all and per unit. Needs valgrind (Debian's package
also ships callgrind.h) and gcc; about 60 times slower than the plain run.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENV = "PBEM_BENCH_CALLGRIND_MARKER"  # the marker library's path, in the counted run
_MARKER_C = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"


def active() -> bool:
    """Whether this is the counted run (under callgrind)."""
    return bool(os.environ.get(ENV))


@contextlib.contextmanager
def counted():
    """Count the instructions of the block (nothing outside a counted run)."""
    lib = ctypes.CDLL(os.environ[ENV]) if active() else None
    if lib:
        lib.toggle()
    try:
        yield
    finally:
        if lib:
            lib.toggle()


def units(n: int) -> None:
    """Tell the first run how many units (games, mails) the count covers."""
    print(f"counted units: {n}", flush=True)


def rerun(script: str, argv: list[str]) -> int | None:
    """With --instructions in `argv`, run `script` again under callgrind and return its
    exit code, after printing the count; None without it, or in the counted run."""
    if "--instructions" not in argv or active():
        return None
    missing = [tool for tool in ("valgrind", "gcc") if shutil.which(tool) is None]
    if missing:
        print(f"--instructions needs {' and '.join(missing)} (Debian: apt-get install "
              "valgrind gcc)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="pbem-callgrind-") as tmp:
        source, lib = Path(tmp) / "marker.c", Path(tmp) / "marker.so"
        source.write_text(_MARKER_C)
        made = subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", str(lib), str(source)],
                              capture_output=True, text=True)
        if made.returncode:
            print(f"compiling the callgrind marker failed:\n{made.stderr}", file=sys.stderr)
            return 2
        args = [a for a in argv if a != "--instructions"]
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             f"--callgrind-out-file={tmp}/callgrind.out", sys.executable, script, *args],
            env={**os.environ, ENV: str(lib)}, capture_output=True, text=True)
    sys.stdout.write(done.stdout)
    count = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    n = re.search(r"counted units: (\d+)", done.stdout)
    if done.returncode or not count:
        sys.stderr.write(done.stderr[-4000:])
        return done.returncode or 1
    total = int(count.group(1))
    per = f", {total / int(n.group(1)) / 1e6:.1f} M a unit" if n and int(n.group(1)) else ""
    print(f"instructions (callgrind, the counted part): {total / 1e6:.1f} M{per}")
    return 0
