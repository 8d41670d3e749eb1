"""Benchmark: how `pbem run`'s time and memory grow with the number of due games (issue 23:
10,000 games in at most 5 minutes and 400 MB, growing linearly).

Not a test. Run:

    python bench/bench_scale.py                      # the default plan, below
    python bench/bench_scale.py 1000 10000 [--jobs N] [--no-map-image | --map-image]
                                [--base K]
    python bench/bench_scale.py 1000:png 1000:svg 2000 10000   # a mode per size

Each size is a site of SIZE due 4-player HellGame games in turn 1, every player's sheet
stored (bench_run.py's `build`: the demo's sheets, one player with none). Building is
the slow part (about 50 ms a game: it resolves the setup stage and checks the sheets),
so only K games (`--base`, default 1000, or the smallest size if less) are built with
the library, once; a larger site is that site copied and its games cloned in bulk in
SQL (`clone`): copy c of game g0 is game c1g0, with the same rows (state, sheets, order
lines, events, reports) under the new name and new ids. A clone resolves exactly as
its original does, so every game's work is one of the K built ones'; clones sort
before the originals and between each other by base name, so no two games of the same
map follow one another (the map PNG's cache cannot help). The build and clone times
are printed; they are not part of the figures.

Each run is `pbem.run.run(site, now, fetch=False)` (what `pbem run --no-fetch` does:
the database backup, resolving, rendering and storing every game's turn 1, queueing
and writing its mails with the files transport), in a fresh process per size, so the
peak RSS is that run's alone: `ru_maxrss` of the run's process, and of its largest
worker process if it started any (`RUSAGE_CHILDREN`: the largest of the children, not
their sum; with --jobs N the machine holds at most about run + N x worker). Also
sampled every quarter of a second (PeakMemory): the run and its workers together, the
peak of the sum of their PSS (a page they share counted once) and of their RSS. `--jobs N`
is passed to `pbem.run.run` as `jobs=N`; without it, pbem's default is used (printed).

The map as PNG for the mail (resvg, about 190 ms a stage before issue 23's cache work)
would dominate a large run. `--no-map-image` replaces `pbem.mapimage.for_mail` with
one returning None (the mail then keeps the inline SVG, as when the map cannot be
drawn) and `pbem.mapimage.png` with one raising ValueError (so worker processes draw
nothing either: they import this script as their main module, and the environment
variable BENCH_NO_MAP_IMAGE applies the same patch there). Every row says which mode
it ran in. Without --map-image or --no-map-image, sizes up to 1,000 run with the PNG
and larger ones without. The default plan: 1,000 with the PNG, then 1,000, 2,000,
5,000 and 10,000 without (about half an hour on two cores before issue 23's work).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ENV_NO_MAP = "BENCH_NO_MAP_IMAGE"


def no_map_image() -> None:
    """The mail keeps the SVG: no PNG is drawn, here or in a worker."""
    from pbem import mapimage

    def no_png(svg: str) -> bytes:
        raise ValueError("bench_scale.py --no-map-image")

    mapimage.for_mail = lambda html: None
    mapimage.png = no_png


if os.environ.get(ENV_NO_MAP) == "1":  # also in worker processes (spawned: they import
    no_map_image()                     # this file as their __main__ module)


# --- building ------------------------------------------------------------------------


def clone(db_path: Path, copies: int, total: int) -> None:
    """Add games to the site until it holds `total`: copy c (1, 2 ...) of each built game
    g is game c{c}{g}, with every row of g under that name and new ids."""
    con = sqlite3.connect(db_path, isolation_level=None)
    base = [r[0] for r in con.execute("SELECT name FROM games ORDER BY name")]
    tables = {t: [r[1] for r in con.execute(f'PRAGMA table_info("{t}")')]
              for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND name NOT LIKE 'sqlite_%'")}
    max_id = {t: con.execute(f'SELECT coalesce(max(id), 0) FROM "{t}"').fetchone()[0] + 1
              for t, cols in tables.items() if "id" in cols}
    con.execute("BEGIN")
    con.execute("CREATE TEMP TABLE src (name TEXT PRIMARY KEY)")
    made = len(base)
    for c in range(1, copies):
        take = base[:total - made]
        if not take:
            break
        made += len(take)
        con.execute("DELETE FROM src")
        con.executemany("INSERT INTO src VALUES (?)", [(n,) for n in take])
        prefix = f"c{c}"
        for t, cols in tables.items():
            key = "name" if t == "games" else "game" if "game" in cols else None
            if t == "order_lines":
                where = ("submission IN (SELECT s.id FROM submissions s JOIN src "
                         "ON s.game = src.name)")
            elif key is not None:
                where = f'"{key}" IN (SELECT name FROM src)'
            else:
                continue
            exprs = []
            for col in cols:
                if col == key:
                    exprs.append(f"'{prefix}' || \"{col}\"")
                elif col == "id" and t in max_id:
                    exprs.append(f"id + {c * max_id[t]}")
                elif t == "order_lines" and col == "submission":
                    exprs.append(f"submission + {c * max_id['submissions']}")
                elif t == "submissions" and col == "raw":
                    exprs.append(f"replace(raw, 'GAME ' || game || char(10), "
                                 f"'GAME {prefix}' || game || char(10))")
                else:
                    exprs.append(f'"{col}"')
            names = ", ".join(f'"{c_}"' for c_ in cols)
            con.execute(f'INSERT INTO "{t}" ({names}) SELECT {", ".join(exprs)} '
                        f'FROM "{t}" WHERE {where}')
    con.execute("COMMIT")
    got = con.execute("SELECT count(*) FROM games").fetchone()[0]
    con.close()
    assert got == total, (got, total)


def site_of(base: Path, base_games: int, size: int, where: Path) -> float:
    """A copy of the built site at `where`, grown to `size` games; seconds taken."""
    t = time.perf_counter()
    shutil.copytree(base, where)
    if size > base_games:
        clone(where / "pbem.db", -(-size // base_games), size)
    return time.perf_counter() - t


# --- one run, in its own process -----------------------------------------------------


def later():
    from datetime import UTC, datetime
    # the deadlines (72 h after the stages opened) have passed
    return datetime.fromtimestamp(time.time() + 4 * 86400, UTC).replace(microsecond=0)


def child(root: str, jobs: int | None) -> None:
    """Run pbem once on the site at `root`; print one JSON line of figures."""
    from pbem import run as pbem_run
    from pbem.site import open_site

    kw = {} if jobs is None else {"jobs": jobs}
    now = later()
    site = open_site(Path(root))
    t = time.perf_counter()
    out = pbem_run.run(site, now=now, fetch=False, **kw)
    wall = time.perf_counter() - t
    if out.failed or out.problems or out.sent is None:
        raise SystemExit("\n".join(out.lines()[-20:]))
    print(json.dumps({
        "wall": wall, "processed": len(out.processed), "sent": out.sent.sent,
        "rss_self": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "rss_children": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }))


class PeakMemory(threading.Thread):
    """Samples, every SAMPLE seconds, the memory of a run's process and its worker
    processes together: the sum of their PSS (proportional set size: a page shared by
    several processes, as the imported libraries are, counted once in all) and of their
    RSS (shared pages counted in each). Keeps the peaks, in kB. Linux only."""

    SAMPLE = 0.25

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.stop, self.pss, self.rss = pid, False, 0, 0

    def run(self) -> None:
        while not self.stop:
            pss = rss = 0
            for pid in self._tree(self.pid):
                got = self._rollup(pid)
                pss, rss = pss + got.get("Pss", 0), rss + got.get("Rss", 0)
            self.pss, self.rss = max(self.pss, pss), max(self.rss, rss)
            time.sleep(self.SAMPLE)

    def _tree(self, pid: int) -> list[int]:
        out = [pid]
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    for child in f.read().split():
                        out += self._tree(int(child))
        except OSError:  # gone meanwhile
            pass
        return out

    @staticmethod
    def _rollup(pid: int) -> dict[str, int]:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                return {k.rstrip(":"): int(v) for k, v, *_ in
                        (line.split() for line in f) if k.endswith(":") and v.isdigit()}
        except OSError:
            return {}


def measure(base: Path, base_games: int, size: int, png: bool, jobs: int | None,
            work: Path) -> dict:
    where = work / f"site-{size}"
    made = site_of(base, base_games, size, where)
    env = dict(os.environ)
    env.pop(ENV_NO_MAP, None)
    if not png:
        env[ENV_NO_MAP] = "1"
    cmd = [sys.executable, __file__, "--child", str(where)]
    if jobs is not None:
        cmd += ["--jobs", str(jobs)]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env, cwd=Path(__file__).parent) as proc:
        peak = PeakMemory(proc.pid)
        peak.start()
        out, err = proc.communicate()
        peak.stop = True
        peak.join()
    done = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
    files = sum(p.stat().st_size for p in where.rglob("*") if p.is_file())
    shutil.rmtree(where, ignore_errors=True)
    if done.returncode != 0:
        raise SystemExit(f"size {size}: the run failed:\n{done.stdout[-3000:]}"
                         f"{done.stderr[-3000:]}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["processed"] == size, got
    got.update(size=size, png=png, made=made, site_bytes=files, pss=peak.pss / 1024,
               rss_sum=peak.rss / 1024)
    return got


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sizes", nargs="*", help="SIZE, or SIZE:png / SIZE:svg for one size's mode")
    ap.add_argument("--jobs", type=int, default=None)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--no-map-image", dest="png", action="store_false", default=None)
    mode.add_argument("--map-image", dest="png", action="store_true")
    ap.add_argument("--base", type=int, default=1000,
                    help="games built with the library; larger sites clone them")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        return child(a.child, a.jobs)

    from pbem import run as pbem_run
    if a.jobs is not None and "jobs" not in inspect.signature(pbem_run.run).parameters:
        raise SystemExit("this pbem's run() takes no `jobs` yet: run without --jobs")
    if a.sizes:
        plan = []
        for word in a.sizes:
            n, _, how = word.partition(":")
            png = {"png": True, "svg": False}[how] if how else a.png
            plan.append((int(n), png if png is not None else int(n) <= 1000))
    elif a.png is None:
        plan = [(1000, True), (1000, False), (2000, False), (5000, False), (10000, False)]
    else:
        plan = [(n, a.png) for n in (1000, 2000, 5000, 10000)]
    if a.jobs is not None:
        jobs_said = f"jobs={a.jobs}"
    elif "jobs" in inspect.signature(pbem_run.run).parameters:
        try:
            from pbem.workers import default_jobs
            jobs_said = f"pbem's default jobs ({default_jobs()} here)"
        except ImportError:
            jobs_said = "pbem's default jobs"
    else:
        jobs_said = "no jobs keyword (one process)"

    from bench_run import build

    base_games = min(a.base, min(n for n, _ in plan))
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-scale-"))
    base = work / "base"
    t = time.perf_counter()
    build(base, base_games)
    print(f"built {base_games} due 4-player HellGame games with the library in "
          f"{time.perf_counter() - t:.1f} s (untimed); larger sites clone them in SQL; "
          f"{jobs_said}; load {load()}", flush=True)
    print("map image: 'PNG' = the mail carries the map as PNG (resvg); 'SVG' = "
          "--no-map-image, mapimage.for_mail patched to None, the mail keeps the SVG",
          flush=True)
    rows = []
    try:
        for size, png in plan:
            r = measure(base, base_games, size, png, a.jobs, work)
            rows.append(r)
            print(f"{size:6d} games, map {'PNG' if png else 'SVG'}: {r['wall']:7.1f} s "
                  f"({r['wall'] / size * 1000:5.1f} ms/game), peak RSS run "
                  f"{r['rss_self']:5.0f} MB, largest worker {r['rss_children']:5.0f} MB, "
                  f"all together PSS {r['pss']:5.0f} MB (RSS {r['rss_sum']:5.0f} MB); "
                  f"{r['sent']} mails, site {r['site_bytes'] / 1e9:.2f} GB; "
                  f"site made in {r['made']:.1f} s; load {load()}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for png in (True, False):
        same = [r for r in rows if r["png"] == png]
        if len(same) > 1:
            r0 = same[0]
            for r in same[1:]:
                print(f"map {'PNG' if png else 'SVG'}: {r0['size']} -> {r['size']} games: "
                      f"x{r['size'] / r0['size']:.1f} games, x{r['wall'] / r0['wall']:.2f} "
                      f"time, x{r['rss_self'] / r0['rss_self']:.2f} peak RSS, "
                      f"x{r['pss'] / r0['pss']:.2f} peak PSS of all")


if __name__ == "__main__":
    main(sys.argv[1:])
