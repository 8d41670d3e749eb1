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

`--budget FILE` then compares the count per unit with the one recorded in FILE (JSON,
bench/budget.json) for the same script and arguments, and fails when it is more than
MAX_RISE above it (a change made the code slower) or more than MAX_FALL below it (it got
faster, or the benchmark stopped doing its work: record the new figure so the budget
keeps up). The count depends on the interpreter and on the compiled libraries a turn
spends its time in, so it is compared only where they are the versions it was recorded
with (`environment`); elsewhere it is reported, not compared. `--record` writes the
count and the environment into FILE. `.ci/run` checks bench_turn6.py, bench_mail.py and
bench_map_png.py this way: a refactor that made the turn 30% slower (stop 29) passed
every test.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.metadata
import json
import os
import platform
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ENV = "PBEM_BENCH_CALLGRIND_MARKER"  # the marker library's path, in the counted run
_MARKER_C = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"
MAX_RISE = 0.10  # above the budget by more than this: failed (stop 29's regression: +30%)
MAX_FALL = 0.15  # below it by more than this: failed too, until the new figure is recorded


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


def rerun(script: str, argv: list[str], extra: dict[str, str] | None = None) -> int | None:
    """With --instructions in `argv`, run `script` again under callgrind and return its
    exit code, after printing the count (and checking it against --budget FILE, or
    recording it there with --record); None without it, or in the counted run. `extra`:
    more of what the count depends on, for the budget's environment (bench_map_png.py:
    the renderer's version and the machine's fonts)."""
    if "--instructions" not in argv or active():
        return None
    args, budget, record = _budget_options(argv)
    if budget is False:
        return 2
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
    units_ = int(n.group(1)) if n else 0
    per = f", {total / units_ / 1e6:.1f} M a unit" if units_ else ""
    print(f"instructions (callgrind, the counted part): {total / 1e6:.1f} M{per}")
    if budget is None:
        return 0
    if not units_:
        print("--budget: the counted run named no units", file=sys.stderr)
        return 2
    key = " ".join([Path(script).name, *args])
    return check(budget, key, total / units_, record=record,
                 env={**environment(), **(extra or {})})


def _budget_options(argv: list[str]) -> tuple[list[str], Path | None | bool, bool]:
    """(the arguments for the counted run, the --budget file (None: none; False: the
    option had no file), whether --record was given)."""
    args, budget, record = [], None, False
    it = iter(a for a in argv if a != "--instructions")
    for a in it:
        if a == "--budget":
            value = next(it, None)
            if value is None or value.startswith("--"):
                print("--budget needs a file (bench/budget.json)", file=sys.stderr)
                return args, False, record
            budget = Path(value)
        elif a == "--record":
            record = True
        else:
            args.append(a)
    return args, budget, record


def environment() -> dict[str, str]:
    """What the count depends on besides pbem's code: the interpreter and the libraries a
    turn spends its time in (a budget is compared only where these are the same)."""
    def version(dist: str) -> str:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return "none"
    return {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "machine": platform.machine(), "zlib": zlib.ZLIB_RUNTIME_VERSION,
            "sqlite": sqlite3.sqlite_version, "jinja2": version("jinja2"),
            "markupsafe": version("markupsafe"), "zstd": _zstd_version()}


def _zstd_version() -> str:
    """The Zstandard library the stored reports are compressed with (pbem.reports)."""
    from pbem.reports import zstd

    return zstd.zstd_version


def check(path: Path, key: str, per_unit: float, *, record: bool = False,
          env: dict[str, str] | None = None) -> int:
    """Compare `per_unit` with the budget recorded in `path` for `key` (module doc): 0
    within it (or not comparable here, said so), 1 outside it; with `record`, write it."""
    env = environment() if env is None else env
    try:
        budgets = json.loads(path.read_text()) if path.exists() else {}
    except (OSError, ValueError) as e:
        print(f"budget {path}: cannot be read ({e})", file=sys.stderr)
        return 2
    if record:
        budgets[key] = {"instructions_per_unit": round(per_unit), "environment": env}
        path.write_text(json.dumps(budgets, indent=2, sort_keys=True) + "\n")
        print(f"budget {path}: recorded {per_unit / 1e6:.1f} M a unit for {key!r}")
        return 0
    entry = budgets.get(key)
    if entry is None:
        print(f"budget {path}: nothing recorded for {key!r} (add it with --record)",
              file=sys.stderr)
        return 1
    want = entry.get("instructions_per_unit") if isinstance(entry, dict) else None
    if not isinstance(want, int) or want <= 0 or not isinstance(entry.get("environment"), dict):
        print(f"budget {path}: the entry for {key!r} is not a count and an environment "
              f"(record it again with --record)", file=sys.stderr)
        return 2
    if entry["environment"] != env:
        differ = ", ".join(f"{k} {entry['environment'].get(k)} here {v}"
                           for k, v in env.items() if entry["environment"].get(k) != v)
        print(f"budget {path}: recorded with another environment ({differ}): "
              f"{per_unit / 1e6:.1f} M a unit against {want / 1e6:.1f} M is not compared; "
              f"record this environment's figure with --record")
        return 0
    change = per_unit / want - 1
    said = f"{per_unit / 1e6:.1f} M a unit, {change:+.1%} against the budget's {want / 1e6:.1f} M"
    if change > MAX_RISE:
        print(f"budget {path}: {key!r} {said}: more than {MAX_RISE:.0%} slower. Find the "
              f"change that costs it, or record the new figure with --record "
              f"if the cost is meant", file=sys.stderr)
        return 1
    if change < -MAX_FALL:
        print(f"budget {path}: {key!r} {said}: more than {MAX_FALL:.0%} faster. If the "
              f"benchmark still does its whole work, record the new figure with --record",
              file=sys.stderr)
        return 1
    print(f"budget {path}: {key!r} {said}: within it")
    return 0
