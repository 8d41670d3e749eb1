"""Benchmark: `pbem run` against the floor for the same output (issue 23).

Not a test. Run:

    python bench/bench_floor.py [GAMES] [--jobs N] [--map-image png|svg]

GAMES defaults to 200, --jobs to 1 (the breakdown then covers the whole run), and
--map-image to png (the site's mail.map_image: svg mails the map as SVG, drawing no PNG).

It builds a throw-away site (untimed, as bench_run.py does): GAMES 4-player HellGame
games played through the setup stage, every player's turn-1 sheet stored (the demo's
sheets), all due. The site is copied three times (untimed):

- copy B: `pbem run` through its library path (`pbem.run.run(site, now, fetch=False)`,
  what `pbem run --no-fetch --now LATER` calls), untimed, with recorders on
  `reports.board_parts`, `reports.render_model` and `outbox.report_parts`: it captures
  what the floor needs (the models, the rows the run left in the database, the files
  it wrote) and warms this process (imports, Jinja's compiled templates).
- copy A: the same run, timed. Only coarse timers wrap a few functions (a few
  microseconds a call) to say where the time goes; they do not change what runs.
- copy C (still as before the run): the floor, timed.

The floor, for the same output, includes:

- Jinja on precomputed models: per stage `reports.board_parts` (the dice and the board,
  text and HTML, once) and per report (4 players and the board) `reports.render_model`:
  the text and HTML templates and `json.dumps` of the model (`reports.to_json`), with
  the same templates and the same map SVG string as pbem's run;
- the same rows into SQLite in one transaction: every row the run inserted or changed
  (events, dice, reports as stored, stages, players, games, outbox rows in their final
  state, the run's record ...), as `INSERT OR REPLACE` by rowid, one `executemany` per
  table, on the same database file (WAL, synchronous=NORMAL, as pbem opens it), one
  commit for the whole run;
- the same bytes to the same files: every file the run created under the site (report
  archive .txt/.html/.svg, the .eml of each mail of the files transport, the run's
  database backup), written directly (no temporary file and rename).

The floor excludes: reading the games and sheets, re-checking the sheets, resolving,
the views, the order forms, the ledger, the map SVG, the per-stage board of events and
their filtering, compressing the stored reports, the mail wrapper's Jinja (its body is a
captured row), composing the mails (headers, MIME, base64, the map as PNG), the outbox's
state changes one commit each, the file renames, the backup's page copy (its bytes are
written as a plain file), and the transaction's bookkeeping per stage. A line after the
ratio times base64 of the captured HTML, JSON and PNG parts of the mails with
`base64.encodebytes` (the standard library's C path), as a hint of what MIME encoding
would add to the floor; it is not in the ratio.

The CPU time of the run is printed too: its own process's and its workers' (those
that ended: RUSAGE_CHILDREN), per game, and how busy that kept the machine's cores. On
two cores a run with --jobs 2 keeps them about 95% busy (issue 23, stop 32): it can then
get faster only by spending less CPU, not by sharing it out differently.

Bytes written are the sizes of the files each side created (the same for both, by
construction) plus the database's growth (main file and WAL after the run), and the
process's write() bytes (/proc/self/io wchar), all divided by GAMES for "per stage".
One run each, in the order B, A, floor: repeat the command to see the spread.
"""

from __future__ import annotations

import base64
import functools
import gc
import os
import resource
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from bench_run import build

from pbem import mapimage, outbox, reports, turns, workers
from pbem import run as pbem_run
from pbem.notify import Notifier
from pbem.site import open_site

DB_FILES = ("pbem.db", "pbem.db-wal", "pbem.db-shm")


def wchar() -> int:
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def files_of(root: Path) -> dict[str, tuple[int, int]]:
    """relative path -> (size, mtime_ns), database and lock files left out."""
    out = {}
    for p in root.rglob("*"):
        if p.is_file() and p.name not in DB_FILES and not p.name.endswith(".lock"):
            st = p.stat()
            out[str(p.relative_to(root))] = (st.st_size, st.st_mtime_ns)
    return out


def db_size(root: Path) -> int:
    return sum((root / n).stat().st_size for n in DB_FILES[:2] if (root / n).exists())


def table_rows(path: Path) -> dict[str, tuple[list[str], dict[int, tuple]]]:
    con = sqlite3.connect(path)
    out = {}
    names = [r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    for t in names:
        cur = con.execute(f'SELECT rowid, * FROM "{t}"')
        cols = [d[0] for d in cur.description][1:]
        out[t] = (cols, {r[0]: r[1:] for r in cur.fetchall()})
    con.close()
    return out


def changed_rows(before: Path, after: Path) -> dict[str, tuple[list[str], list[tuple]]]:
    """table -> (columns, [(rowid, *values)]) of each row inserted or changed."""
    old, new = table_rows(before), table_rows(after)
    out = {}
    for t, (cols, rows) in new.items():
        was = old.get(t, (cols, {}))[1]
        diff = [(rid, *vals) for rid, vals in rows.items() if was.get(rid) != vals]
        if diff:
            out[t] = (cols, diff)
    return out


def later() -> datetime:
    # the deadlines (72 h after the stages opened) have passed
    return datetime.fromtimestamp(time.time() + 4 * 86400, UTC).replace(microsecond=0)


def pbem_run_once(root: Path, now: datetime, jobs: int = 1) -> None:
    out = pbem_run.run(open_site(root), now=now, fetch=False, jobs=jobs)
    if out.failed or out.problems or out.sent is None or not out.sent.sent:
        raise SystemExit("\n".join(out.lines()))


def patched(targets, wrap):
    """Replace each (owner, name) with wrap(name, original); return an undo."""
    saved = [(owner, name, getattr(owner, name)) for owner, name in targets]
    for owner, name, fn in saved:
        setattr(owner, name, wrap(name, fn))

    def undo():
        for owner, name, fn in saved:
            setattr(owner, name, fn)
    return undo


def capture(root: Path, now: datetime) -> dict:
    """Run B: what the floor needs."""
    stages: list[dict] = []
    parts: list[outbox.Parts] = []

    def wrap(name, fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            got = fn(*a, **kw)
            if name == "board_parts":
                stages.append({"board": a, "shared": got, "models": []})
            elif name == "render_model":
                m, templates, svg, shared = a
                assert shared is stages[-1]["shared"]
                stages[-1]["models"].append((m, templates, svg))
            elif name == "report_parts" and got is not None:
                parts.append(got)
            return got
        return inner

    undo = patched([(reports, "board_parts"), (reports, "render_model"),
                    (outbox, "report_parts")], wrap)
    pristine = root.parent / "pristine"
    try:
        pbem_run_once(root, now)
    finally:
        undo()
    before = files_of(pristine)
    after = files_of(root)
    files = [(rel, (root / rel).read_bytes()) for rel, stat in sorted(after.items())
             if before.get(rel) != stat]
    return {"stages": stages, "parts": parts, "files": files,
            "rows": changed_rows(pristine / "pbem.db", root / "pbem.db")}


class Timers:
    def __init__(self):
        self.total: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def wrap(self, name, fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            t = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                self.total[name] += time.perf_counter() - t
                self.calls[name] += 1
        return inner


#: (owner, attribute, label): the coarse breakdown of pbem's run, nested as indented
BREAKDOWN = [
    (pbem_run, "backup", "database backup"),
    (turns, "_resolve", "resolve + render (turns._resolve)"),
    (turns, "sheets_for", "  load and re-check sheets"),
    (turns, "render_reports", "  views, forms, map, reports (render_reports)"),
    (reports, "board_parts", "    board parts (Jinja, once a stage)"),
    (reports, "render_model", "    render_model (Jinja text+HTML, JSON)"),
    (turns, "_store", "store (turns._store, one transaction)"),
    (reports, "pack", "  compressing stored reports"),
    (Notifier, "__call__", "  queue the mails (Notifier)"),
    (reports, "write_archive", "  report files"),
    (outbox.Sender, "flush", "outbox flush (compose + write .eml)"),
    (outbox, "report_parts", "  the mailed HTML and JSON, map PNG"),
    (mapimage, "png", "    map as PNG (resvg; once a stage)"),
    (outbox, "compose", "  compose MIME"),
]


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's ended children: the workers."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def timed_run(root: Path, now: datetime, jobs: int = 1
              ) -> tuple[float, Timers, int, tuple[float, float]]:
    """The run, timed; with jobs > 1 the breakdown covers only the run's own process
    (the workers' resolving and drawing are not in it) and write() bytes only its own.
    Also the CPU seconds of the run's own process and of its workers."""
    timers = Timers()
    mapimage.forget()  # nothing drawn by run B is reused
    undo = patched([(o, a) for o, a, _ in BREAKDOWN], timers.wrap)
    gc.collect()
    w = wchar()
    cpu, kids = time.process_time(), children_cpu()
    t = time.perf_counter()
    try:
        pbem_run_once(root, now, jobs)
    finally:
        wall = time.perf_counter() - t
        cpu, kids = time.process_time() - cpu, children_cpu() - kids
        undo()
    gc.collect()  # any connection of the run still open is closed
    return wall, timers, wchar() - w, (cpu, kids)


def floor(root: Path, got: dict) -> tuple[float, dict[str, float], int]:
    """Copy C: Jinja on the models, the rows in one transaction, the files."""
    split: dict[str, float] = {}
    gc.collect()
    w = wchar()
    t0 = time.perf_counter()
    n = 0
    for st in got["stages"]:
        shared = reports.board_parts(*st["board"])
        for m, templates, svg in st["models"]:
            n += len(reports.render_model(m, templates, svg, shared))
    t1 = time.perf_counter()
    split["Jinja + json.dumps"] = t1 - t0
    con = sqlite3.connect(root / "pbem.db", isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA synchronous = NORMAL")
    con.execute("BEGIN")
    for table, (cols, rows) in got["rows"].items():
        names = ", ".join(["rowid", *(f'"{c}"' for c in cols)])
        marks = ", ".join("?" * (len(cols) + 1))
        con.executemany(f'INSERT OR REPLACE INTO "{table}" ({names}) VALUES ({marks})', rows)
    con.execute("COMMIT")
    con.close()
    t2 = time.perf_counter()
    split["rows into SQLite, one transaction"] = t2 - t1
    made: set[Path] = set()
    for rel, data in got["files"]:
        path = root / rel
        if path.parent not in made:
            path.parent.mkdir(parents=True, exist_ok=True)
            made.add(path.parent)
        path.write_bytes(data)
    t3 = time.perf_counter()
    split["files (same bytes)"] = t3 - t2
    return t3 - t0, split, wchar() - w


def b64_hint(parts: list[outbox.Parts]) -> float:
    blobs = [p.html.encode("utf-8") for p in parts if p.html]
    blobs += [data for p in parts for _, _, data in p.attachments]
    blobs += [data for p in parts for *_, data in p.inline]
    t = time.perf_counter()
    for b in blobs:
        base64.encodebytes(b)
    return time.perf_counter() - t


def sizes(root: Path, before: dict[str, tuple[int, int]]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for rel, stat in files_of(root).items():
        if before.get(rel) != stat:
            out[rel.split(os.sep)[0]] += stat[0]
    return out


def main(n_games: int = 200, jobs: int = 1, map_image: str = "png") -> None:
    base = Path(tempfile.mkdtemp(prefix=f"pbem-bench-floor-{n_games}-"))
    pristine = base / "pristine"
    t = time.perf_counter()
    build(pristine, n_games)
    if map_image != "png":
        cfg = pristine / "pbem.yaml"
        cfg.write_text(cfg.read_text().replace("\nmail:\n", f"\nmail:\n  map_image: "
                                               f"{map_image}\n", 1))
    print(f"built {n_games} due 4-player HellGame games in {time.perf_counter() - t:.1f} s "
          f"(untimed) under {base}", flush=True)
    copies = {k: base / k for k in "BAC"}
    for path in copies.values():
        shutil.copytree(pristine, path)
    before_files = files_of(pristine)
    db_before = db_size(pristine)
    now = later()

    got = capture(copies["B"], now)
    reports_n = sum(len(s["models"]) for s in got["stages"])
    assert len(got["stages"]) == n_games, len(got["stages"])

    wall, timers, w_run, (cpu, kids) = timed_run(copies["A"], now, jobs)
    run_files = sizes(copies["A"], before_files)
    run_db = db_size(copies["A"]) - db_before

    fl, split, w_floor = floor(copies["C"], got)
    floor_files = sizes(copies["C"], before_files)
    floor_db = db_size(copies["C"]) - db_before
    b64 = b64_hint(got["parts"])

    n = n_games
    print(f"games: {n} x 4 players, turn 1; {reports_n} reports rendered "
          f"({reports_n // n} a stage), {len(got['files'])} files, "
          f"{sum(len(r) for _, r in got['rows'].values())} rows")
    print(f"mail.map_image: {map_image}; pbem run with --jobs {jobs} (workers: "
          f"{workers.plan(jobs, n)})")
    print(f"pbem run (library path): {wall:7.2f} s  {wall / n * 1000:6.1f} ms/game")
    print(f"floor:                   {fl:7.2f} s  {fl / n * 1000:6.1f} ms/game")
    print(f"ratio run / floor:       {wall / fl:7.2f}x")
    cores = workers.default_jobs()
    print(f"CPU of the run: its process {cpu:.2f} s, its workers {kids:.2f} s: "
          f"{(cpu + kids) / n * 1000:.1f} ms/game in all; the {cores} cores were busy "
          f"{(cpu + kids) / (wall * cores):.0%} of the run's wall time")
    print(f"(base64 of the mails' HTML, JSON and PNG with the C encoder, not in the floor: "
          f"{b64 / n * 1000:.2f} ms/game)")
    print("\nfloor, by part (ms/game):")
    for k, v in split.items():
        print(f"  {k:<44} {v / n * 1000:6.2f}")
    print("\npbem run, by part (inclusive, ms/game; calls):")
    for _owner, attr, label in BREAKDOWN:
        v = timers.total.get(attr, 0.0)
        print(f"  {label:<52} {v / n * 1000:6.2f}  ({timers.calls.get(attr, 0)})")
    top = sum(timers.total.get(a, 0.0) for a in ("backup", "_resolve", "_store", "flush"))
    print(f"  {'rest (reading the games, due checks, reminders ...)':<52} "
          f"{(wall - top) / n * 1000:6.2f}")
    def kb(label: str, a: float, b: float) -> None:
        print(f"  {label:<34} {a / n / 1e3:8.1f}  {b / n / 1e3:8.1f}")

    print("\nbytes written per stage (kB):        pbem run     floor")
    for folder in sorted(set(run_files) | set(floor_files)):
        kb(folder + "/ (new or changed files)", run_files.get(folder, 0),
           floor_files.get(folder, 0))
    kb("database growth (db + WAL)", run_db, floor_db)
    kb("archive + database (no backup)",
       sum(v for k, v in run_files.items() if k != "backups") + run_db,
       sum(v for k, v in floor_files.items() if k != "backups") + floor_db)
    kb("write() bytes (/proc/self/io)", w_run, w_floor)
    shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    jobs_given = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 1
    mode = args[args.index("--map-image") + 1] if "--map-image" in args else "png"
    games = int(args[0]) if args and args[0].isdigit() else 200
    main(games, jobs=jobs_given, map_image=mode)
