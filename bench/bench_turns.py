"""Benchmark: how fast a site sets up and processes HellGame stages.

Not a test (DESIGN: speed is measured, never asserted in timed tests). Run:

    python bench/bench_turns.py [GAMES] [TURNS] [--memory]

It creates a throw-away site, GAMES 4-player games, submits the demo's order sheets,
and processes the setup stage plus TURNS turns of every game, printing wall time per
stage and the process's peak RSS. `--memory` also traces Python allocations
(tracemalloc), which slows everything down several times: time and memory are
measured in separate runs.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from pbem import admin, orders, turns
from pbem.demo import PLAYERS, sheet
from pbem.engine import get_game
from pbem.site import init_site


def submit_demo_orders(db, game, name: str) -> None:
    """Store the demo players' sheets for the game's open stage."""
    stage = admin.current_stage(db, name)
    for player, _email in PLAYERS:
        text = sheet(game.demo(), game, stage, player, game_name=name)
        if text:
            orders.store(db, orders.check(db, name, player, text), text, "bench")


def main(n_games: int = 50, n_turns: int = 3, memory: bool = False) -> None:
    if memory:
        tracemalloc.start()
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-"))
    site = init_site(root)
    db = site.db()
    game = get_game("hellgame")
    t0 = time.perf_counter()
    names = [f"g{i}" for i in range(n_games)]
    for name in names:
        admin.create_game(db, name, "hellgame", seed=name)
        for player, email in PLAYERS:
            admin.add_player(db, name, player, email)
        admin.start_game(db, name)
    t_setup = time.perf_counter() - t0
    per_stage = []
    for _ in range(n_turns + 1):
        t = time.perf_counter()
        for name in names:
            submit_demo_orders(db, game, name)
            turns.process(db, name, None)
        per_stage.append(time.perf_counter() - t)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"games: {n_games} x 4 players; stages: setup + {n_turns} turns")
    print(f"create + deal: {t_setup:.2f} s ({t_setup / n_games * 1000:.1f} ms/game)")
    for i, s in enumerate(per_stage):
        label = "setup" if i == 0 else f"turn {i}"
        print(f"{label:>8}: {s:.2f} s for all games ({s / n_games * 1000:.1f} ms/game, "
              f"orders checked, stored, resolved, 5 reports rendered)")
    print(f"max RSS: {rss:.0f} MB")
    if memory:
        print(f"peak traced Python memory: {tracemalloc.get_traced_memory()[1] / 1e6:.1f} MB")


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    main(*numbers[:2], memory="--memory" in sys.argv)
