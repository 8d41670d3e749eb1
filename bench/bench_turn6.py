"""Benchmark: one HellGame turn of a 6-player game, `turns.process` per game (issue 23).

Not a test (speed is measured, never asserted in timed tests). Run:

    python bench/bench_turn6.py [GAMES] [--players 3-6] [--turn N] [--profile] [--no-files]
                                [--instructions [--budget FILE [--record]]]

It builds a throw-away site (untimed): GAMES (default 30) games of the HellGame with 6
players (anna, boris, chiara, dmitri, elena, fyodor; `--players 4` keeps the demo's
four), their setup stage processed with real sheets, then every player's turn-1 sheet
stored. The sheets are the demo's (pbem/demo.py, games/hellgame/demo.py) for the demo's
four players; elena plays as anna does (a Legion, an Arcana card, ATONE) and fyodor as
boris does (Legions, the March his order form suggests, so there are combats, and a
typo'd line); dmitri sends nothing, so his defaults apply.

Timed: `turns.process(db, game, reports_dir)` of turn 1 (`--turn N`: of turn N, the
turns before it played untimed with the same players' sheets), one game after another: the
sheets re-checked, the stage resolved, the views, every report rendered as text, HTML
and JSON plus the board and its SVG map, stored in one transaction, the archive files
written (`--no-files`: none). Not timed or run: the mails (on_stored, the map PNG).
Printed: the median and quartiles of the per-game times (and the median CPU time of
the process, steadier on a loaded machine), a breakdown by coarse timers
around the main steps (CPU time of the process, a microsecond or two a call: the
median per game of each), and a
digest of every game's rendered reports, so a change that must keep the output
byte-identical can be checked run against run (the same GAMES, same players).
`--profile` instead runs the timed turn under cProfile and prints the top functions.
`--instructions` instead counts, under Valgrind's callgrind (bench/instructions.py), the
instructions of `turns.process` for every game but the first (which warms the process:
imports, Jinja's compiled templates) and prints them per game: repeatable to a fraction
of a percent where the milliseconds above are not (try 4 games: about a minute a game).
With `--budget bench/budget.json` the count is also checked against the one recorded
there (bench/instructions.py; `.ci/run` runs `3 --instructions --budget
bench/budget.json`); `--record` records it.
"""

from __future__ import annotations

import cProfile
import functools
import hashlib
import json
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

import instructions

from pbem import admin, clock, ledger, orders, render, reports, turns
from pbem.demo import PLAYERS, demo_secret
from pbem.engine import get_game

NAMES = [p for p, _ in PLAYERS] + ["elena", "fyodor"]
ROLE = {"elena": "anna", "fyodor": "boris"}  # plays as
SEED = "bench-turn6"


def body_for(game, stage: dict, player: str) -> str | None:
    """The demo's sheet for `player`'s role (games/hellgame/demo.py), for his own view."""
    from pbem_games.hellgame.demo import _demo_actions

    role = ROLE.get(player, player)
    if role == "dmitri":
        return None
    state = json.loads(stage["state"])
    me = game.player_view(state, player)["me"]
    body: list[str] = []
    mine = me["sectio"]
    if stage["number"] == 0:
        if role == "anna":
            weakest = min(me["daemons"], key=lambda d: d["skulls"] + d["stars"] + d["hearts"])
            body.append(f"REDRAW {weakest['name']}")
        if mine:
            body.append(f"PLACE {mine[-1]}")
    else:
        if role == "anna" and mine:
            body += [f"LEGION {mine[0]}", "BUY ARCANA 1"]
        elif role == "boris" and mine:
            body += [f"LEGIONS {min(2, me['souls'] // 3)}", "BUY OF ALL"]
        elif role == "chiara":
            body.append("GIVE anna 1 SOULS")
            if mine:
                body.append(f"LEGION {mine[-1]}")
        body += _demo_actions(me, role, game.order_form(state, player))
    return "\n".join(body) + "\n"


def submit(db, game, name: str, players: list[str]) -> None:
    stage = admin.current_stage(db, name)
    for p in players:
        body = body_for(game, stage, p)
        if body is not None:
            text = f"GAME {name}\nPLAYER {p}\nSECRET {demo_secret(p)}\n\n{body}"
            orders.store(db, orders.check(db, name, p, text), text, "bench")


#: coarse timers: "label" -> seconds spent in the current game
spent: dict[str, float] = defaultdict(float)


def timed(owner, attr: str, label: str) -> None:
    """Wrap owner.attr so that its time adds to spent[label] (outermost call only)."""
    fn = getattr(owner, attr)
    depth = [0]

    @functools.wraps(fn)
    def wrapper(*a, **k):
        if depth[0]:
            return fn(*a, **k)
        depth[0] += 1
        t = time.process_time()
        try:
            return fn(*a, **k)
        finally:
            spent[label] += time.process_time() - t
            depth[0] -= 1
    setattr(owner, attr, wrapper)


def install_timers(game) -> None:
    cls = type(game)
    timed(turns, "sheets_for", "check sheets")
    timed(cls, "resolve", "resolve")
    timed(cls, "public_view", "public view")
    timed(cls, "player_view", "player views")
    timed(cls, "turn_marks", "turn marks")
    timed(cls, "map_svg", "SVG map")
    timed(cls, "order_form", "order forms")
    timed(ledger, "summary", "ledger")
    timed(reports, "board_parts", "board parts (dice, board)")
    timed(reports, "model", "models")
    timed(reports, "board_model", "models")
    timed(reports, "to_json", "JSON")
    timed(reports, "pack", "pack (zstd)")
    timed(reports, "write_archive", "archive files")
    timed(turns, "_store", "store (all)")
    timed(turns, "render_reports", "render (all)")
    orig = render.render

    depth = [0]

    def render_timed(template, context, game_templates=None):
        if depth[0]:  # a phase rendered inside a report: counted in the report's
            return orig(template, context, game_templates)
        depth[0] += 1
        t = time.process_time()
        try:
            return orig(template, context, game_templates)
        finally:
            kind = "HTML" if ".html" in template else "text"
            spent[f"Jinja {kind}"] += time.process_time() - t
            depth[0] -= 1
    reports.render = render_timed


def build(n_games: int, players: list[str], turn: int = 1):
    root = Path(tempfile.mkdtemp(prefix="pbem-bench6-"))
    from pbem.site import init_site

    site = init_site(root)
    db = site.db()
    game = get_game("hellgame")
    names = [f"g{i}" for i in range(n_games)]
    emails = dict(PLAYERS)
    for name in names:
        admin.create_game(db, name, "hellgame", seed=f"{SEED}-{name}")
        for p in players:
            admin.add_player(db, name, p, emails.get(p, f"{p}@example.org"))
        admin.start_game(db, name)
        submit(db, game, name, players)
        turns.process(db, name, None)  # the setup stage
        for _ in range(1, turn):  # the turns before the timed one
            submit(db, game, name, players)
            turns.process(db, name, None)
        submit(db, game, name, players)  # the timed turn's sheets
    return root, site, db, game, names


def main(argv: list[str]) -> None:
    code = instructions.rerun(__file__, argv)
    if code is not None:
        sys.exit(code)
    numbers = [int(a) for a in argv if a.isdigit()]
    n_games = numbers[0] if numbers else 30
    n_players = int(argv[argv.index("--players") + 1]) if "--players" in argv else 6
    turn = int(argv[argv.index("--turn") + 1]) if "--turn" in argv else 1
    players = NAMES[:n_players]
    root, site, db, game, names = build(n_games, players, turn)
    folder = None if "--no-files" in argv else site.reports_dir
    digest = hashlib.sha256()
    if instructions.active():
        turns.process(db, names[0], folder)  # warms the process: not counted
        with instructions.counted():
            for name in names[1:]:
                turns.process(db, name, folder)
        instructions.units(len(names) - 1)
        shutil.rmtree(root)
        return
    if "--profile" in argv:
        prof = cProfile.Profile()
        prof.enable()
        for name in names:
            turns.process(db, name, folder)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        shutil.rmtree(root)
        return
    install_timers(game)
    times, cpu, parts = [], [], defaultdict(list)
    for name in names:
        spent.clear()
        c, t = time.process_time(), time.perf_counter()
        done = turns.process(db, name, folder)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        for k, v in spent.items():
            parts[k].append(v)
        for who, formats in sorted(done.reports.items()):
            for fmt, body in sorted(formats.items()):
                digest.update(f"{who}\0{fmt}\0".encode() + body.encode() + b"\0")
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=4) if len(ms) > 1 else [ms[0]] * 3
    print(f"{n_games} games x {n_players} players, turn {turn}, turns.process per game "
          f"({'no archive files' if folder is None else 'archive files written'})")
    print(f"median {statistics.median(ms):.1f} ms  (quartiles {q[0]:.1f} / {q[2]:.1f}, "
          f"min {ms[0]:.1f}, max {ms[-1]:.1f}); CPU time median "
          f"{statistics.median(cpu) * 1000:.1f} ms")
    print("breakdown, median CPU ms per game (nested: render (all) holds views, forms, "
          "Jinja, JSON; store (all) holds pack and archive files):")
    for k, v in sorted(parts.items(), key=lambda kv: -statistics.median(kv[1])):
        print(f"  {k:<28} {statistics.median(v) * 1000:6.2f}")
    print(f"reports digest: {digest.hexdigest()[:16]}")
    db.conn.close()
    shutil.rmtree(root)


#: the run's clock for the whole benchmark: the games' deadlines, so their reports (and
#: the digest), are the same whenever it runs
NOW = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)

if __name__ == "__main__":
    with clock.pinned(NOW):
        main(sys.argv[1:])
