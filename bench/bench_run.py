"""Benchmark: one `pbem run` over many HellGame games whose orders are all in.

Issue 3's target: 1,000 games in under 60 s, peak memory under 300 MB, time growing
linearly with the number of games. Not a test. Run:

    python bench/bench_run.py [GAMES ...]        # default: 250 500 1000

For each size it builds a throw-away site (untimed): GAMES 4-player games, played
through the setup stage, then every player's turn-1 sheet stored (the demo's sheets:
Legions, Arcana purchases, a gift, one typo, one player with no sheet so his defaults
apply). Then it runs `pbem run` as a separate process and reports its wall time and
peak RSS: mail intake (none), one database backup, resolving and rendering every
game's turn 1 (since issue 6: text, HTML with the map, and JSON per player, and the
board), queueing and writing 4 multipart report mails per game (files transport).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench_turns import submit_demo_orders

from pbem import admin, turns
from pbem.demo import PLAYERS
from pbem.engine import get_game
from pbem.site import init_site


def build(root: Path, n_games: int) -> None:
    site = init_site(root)
    db = site.db()
    game = get_game("hellgame")
    for i in range(n_games):
        name = f"g{i}"
        admin.create_game(db, name, "hellgame", seed=name, settings={"hours": 72})
        for player, email in PLAYERS:
            admin.add_player(db, name, player, email)
        admin.start_game(db, name)
        turns.process(db, name)
        submit_demo_orders(db, game, name)
    db.conn.close()


def measure(n_games: int) -> tuple[float, float, str]:
    root = Path(tempfile.mkdtemp(prefix=f"pbem-bench-run-{n_games}-"))
    build(root, n_games)
    # the deadline (72 h after the stages opened) has passed
    later = datetime.fromtimestamp(time.time() + 4 * 86400, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pbem", "--site", str(root), "run",
                           "--no-fetch", "--now", later], capture_output=True, text=True)
    wall = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if done.returncode != 0:
        raise SystemExit(done.stdout + done.stderr)
    processed = sum(1 for line in done.stdout.splitlines() if line.startswith("processed "))
    assert processed == n_games, done.stdout[-2000:]
    # ru_maxrss of children is the largest child so far; sizes run in increasing order
    return wall, max(rss, before) / 1024, done.stdout.splitlines()[-1]


def main(sizes: list[int]) -> None:
    rows = []
    for n in sizes:
        wall, rss, last = measure(n)
        rows.append((n, wall, rss))
        print(f"{n:5d} games: pbem run {wall:6.1f} s ({wall / n * 1000:5.1f} ms/game), "
              f"peak RSS {rss:5.0f} MB; {last}", flush=True)
    if len(rows) > 1:
        n0, w0, _ = rows[0]
        for n, w, _ in rows[1:]:
            print(f"{n0} -> {n} games: x{n / n0:.1f} games, x{w / w0:.2f} time")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [250, 500, 1000])
