"""`pbem demo`: a site with a 4-player HellGame played from order files for 3 turns.

The order files are written to DIR/orders/<stage>/<player>.txt before they are
submitted, so a newcomer can read real sheets next to the reports they produced.
One player never sends orders (his defaults apply) and one sheet has a typo (so the
confirmation shows how an error is reported).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from . import admin, orders, turns
from .confirm import confirmation_text
from .engine import get_game
from .errors import PbemError
from .site import CONFIG, init_site

GAME = "demo"
PLAYERS = [("anna", "anna@example.org"), ("boris", "boris@example.org"),
           ("chiara", "chiara@example.org"), ("dmitri", "dmitri@example.org")]
SEED = "pbem-demo-1"
TURNS = 3
MARKER = ".pbem-demo"


def run_demo(root: Path, echo: Callable[[str], None] = print) -> Path:
    _prepare(root)
    site = init_site(root)
    (root / MARKER).write_text("made by `pbem demo`; safe to delete\n", encoding="utf-8")
    db = site.db()
    admin.create_game(db, GAME, "hellgame", seed=SEED)
    for name, email in PLAYERS:
        admin.add_player(db, GAME, name, email)
    admin.start_game(db, GAME)
    game = get_game("hellgame")
    for _ in range(TURNS + 1):  # the setup stage, then three turns
        stage = admin.current_stage(db, GAME)
        folder = root / "orders" / f"{stage['number']:02d}-{'-'.join(stage['name'].split())}"
        folder.mkdir(parents=True, exist_ok=True)
        for name, _email in PLAYERS:
            text = demo_orders(game, stage, name)
            if text is None:
                continue
            path = folder / f"{name}.txt"
            path.write_text(text, encoding="utf-8")
            checked = orders.check(db, GAME, name, text)
            orders.store(db, checked, text, source=str(path.relative_to(root)))
            (folder / f"{name}.confirmation.txt").write_text(
                confirmation_text(checked, stored=True), encoding="utf-8")
        done = turns.process(db, GAME, site.reports_dir)
        echo(f"{GAME}: {done.stage_name} processed -> {done.next_name}")
        if done.finished:
            break
    return site.reports_dir


def _prepare(root: Path) -> None:
    """Refuse to touch a directory that is not empty and not an earlier demo."""
    if root.exists() and any(root.iterdir()):
        if not (root / MARKER).exists() or not (root / CONFIG).exists():
            raise PbemError(f"{root} is not empty and not a pbem demo: give `pbem demo` an "
                            f"empty or new directory")
        shutil.rmtree(root)


def demo_orders(game, stage: dict, player: str) -> str | None:
    """The sheet a demo player sends for this stage (None: sends nothing)."""
    import json

    if player == "dmitri":
        return None  # no moves received: every decision takes its default
    view = game.player_view(json.loads(stage["state"]), player)
    me = view["me"]
    head = f"GAME {GAME}\nPLAYER {player}\nSECRET demo-has-no-secret-check\n\n"
    body: list[str] = []
    if stage["number"] == 0:
        if player == "anna":
            weakest = min(me["daemons"], key=lambda d: d["skulls"] + d["stars"] + d["hearts"])
            body.append(f"REDRAW {weakest['name']}    # swap my weakest Daemon for 1 Favour")
        if me["sectio"]:
            body.append(f"PLACE {me['sectio'][-1]}")
    else:
        mine = me["sectio"]
        if player == "anna" and mine:
            body.append(f"LEGION {mine[0]}")
            body.append("BUY ARCANA 1")
        elif player == "boris" and mine:
            body.append(f"LEGIONS {min(2, me['souls'] // 3)}")
            body.append("BUY OF ALL        # a typo, to show how errors are reported")
        elif player == "chiara":
            body.append("GIVE anna 1 SOULS")
            if mine:
                body.append(f"LEGION {mine[-1]}")
    return head + "\n".join(body) + "\n"
