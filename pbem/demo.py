"""`pbem demo`: a site with a 4-player game played by email: the HellGame for 3 turns
(the default), or Lords of Hell until an Overlord is found (`--game lords-of-hell`, its
sheets are files shipped with the game: games/lords_of_hell/demo/).

The players mail their order sheets (as .eml files dropped into inbox/, the embedded
default mail transport) and `pbem run`, the cron job, does the rest on a simulated
clock: it answers each mail, reminds the player who has not ordered, processes each
stage at its deadline and mails the reports (as .eml files in outbox/). Each sheet is
also kept as DIR/orders/<stage>/<player>.txt next to the confirmation it got, so a
newcomer can read real sheets next to the reports they produced. One player never
sends orders (his defaults apply) and one sheet has a typo (so the confirmation shows
how an error is reported).
"""

from __future__ import annotations

import email
import os
import shutil
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.policy import default
from pathlib import Path

from . import admin, deadlines, notices, run
from .engine import get_game
from .errors import PbemError
from .site import CONFIG, init_site
from .store import secret_columns

GAME = "demo"
PLAYERS = [("anna", "anna@example.org"), ("boris", "boris@example.org"),
           ("chiara", "chiara@example.org"), ("dmitri", "dmitri@example.org")]
SEED = "pbem-demo-1"
TURNS = 3
MARKER = ".pbem-demo"
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # the simulated clock starts on a Monday
SCHEDULE = {"hours": 72, "reminders": [24], "early_minutes": None}


def demo_secret(player: str) -> str:
    """The demo's secrets are printed in its sheets, so the demo is reproducible."""
    return f"demo-secret-{player}"


#: The demo sheets of Lords of Hell: <stage name, dashed>.<player>.txt in this package.
LOH_SHEETS = "pbem_games.lords_of_hell.demo"
MAX_STAGES = 40  # a Lords of Hell turn has 3 to 6 stages; the demo ends well before


def run_demo(root: Path, echo: Callable[[str], None] = print,
             game_type: str = "hellgame") -> Path:
    # each player is welcomed by mail, his secret in it: the demo's own, reproducible
    token = notices.secret_source.set(lambda game_name, player: demo_secret(player))
    try:
        return _run_demo(root, echo, game_type)
    finally:
        notices.secret_source.reset(token)


def _run_demo(root: Path, echo: Callable[[str], None], game_type: str) -> Path:
    _prepare(root)
    site = init_site(root)
    (root / MARKER).write_text("made by `pbem demo`; safe to delete\n", encoding="utf-8")
    db = site.db()
    admin.create_game(db, GAME, game_type, seed=SEED, settings=SCHEDULE)
    for name, email_ in PLAYERS:
        admin.add_player(db, GAME, name, email_)
        db["players"].update((GAME, name), secret_columns(demo_secret(name), "demo"))
    admin.start_game(db, GAME, now=START)
    notices.welcome_all(site, db, GAME, START)
    game = get_game(game_type)
    stages = TURNS + 1 if game_type == "hellgame" else MAX_STAGES  # HellGame: setup, 3 turns
    for _ in range(stages):
        stage = admin.current_stage(db, GAME)
        opened = deadlines.parse(stage["opened_at"])
        deadline = deadlines.parse(stage["deadline"])
        folder = root / "orders" / f"{stage['number']:02d}-{'-'.join(stage['name'].split())}"
        folder.mkdir(parents=True, exist_ok=True)
        sent = []
        for n, (name, email_) in enumerate(PLAYERS):
            text = (demo_orders(game, stage, name) if game_type == "hellgame"
                    else shipped_orders(stage, name))
            if text is None:
                continue
            (folder / f"{name}.txt").write_text(text, encoding="utf-8")
            when = opened + timedelta(hours=1, minutes=10 * n)
            _mail_in(root, stage, name, email_, text, when)
            sent.append(name)
        # the cron job, three times on the simulated clock: answers the mail, reminds
        # whoever has not ordered a day before the deadline, processes at the deadline
        for step in ("answer", "remind", "process"):
            if step != "answer":  # the first stage's deadline counts from the welcomes
                deadline = deadlines.parse(admin.current_stage(db, GAME)["deadline"])
            now = {"answer": opened + timedelta(hours=2),
                   "remind": deadline - timedelta(hours=24), "process": deadline}[step]
            result = run.run(site, now=now)
            for line in result.lines():
                echo(f"{deadlines.stamp(now)} pbem run: {line}")
            if result.failed:
                raise PbemError("the demo failed: " + "; ".join(result.failed), 1)
        _keep_confirmations(root, db, stage["number"], folder, sent)
        if db["games"].get(GAME)["status"] == "finished":
            break
    return site.reports_dir


def _mail_in(root: Path, stage: dict, player: str, address: str, text: str,
             when: datetime) -> None:
    """A player's mail, as a mail server would leave it in inbox/."""
    msg = email.message.EmailMessage(policy=default)
    msg["From"] = f"{player.title()} <{address}>"
    msg["To"] = "orders@example.org"
    msg["Subject"] = f"orders for {stage['name']}"
    msg["Date"] = email.utils.format_datetime(when)
    msg["Message-ID"] = f"<demo-{stage['number']}-{player}@example.org>"
    msg.set_content(text)
    path = root / "inbox" / f"{stage['number']:02d}-{player}.eml"
    path.write_bytes(bytes(msg))
    os.utime(path, (when.timestamp(), when.timestamp()))  # the delivery time


def _keep_confirmations(root: Path, db, stage: int, folder: Path, players: list[str]) -> None:
    for name in players:
        rows = list(db["outbox"].rows_where(
            "game = ? and player = ? and stage = ? and kind = 'confirmation'",
            [GAME, name, stage], order_by="id desc", limit=1))
        if rows:
            (folder / f"{name}.confirmation.txt").write_text(rows[0]["body"],
                                                              encoding="utf-8")


def _prepare(root: Path) -> None:
    """Refuse to touch a directory that is not empty and not an earlier demo."""
    if root.exists() and any(root.iterdir()):
        if not (root / MARKER).exists() or not (root / CONFIG).exists():
            raise PbemError(f"{root} is not empty and not a pbem demo: give `pbem demo` an "
                            f"empty or new directory")
        shutil.rmtree(root)


def shipped_orders(stage: dict, player: str) -> str | None:
    """A sheet shipped with the game for this stage and player (None: he sends nothing,
    and his defaults apply)."""
    from importlib.resources import files

    name = f"{'-'.join(stage['name'].split())}.{player}.txt"
    path = files(LOH_SHEETS) / name
    if not path.is_file():
        return None
    head = f"GAME {GAME}\nPLAYER {player}\nSECRET {demo_secret(player)}\n\n"
    return head + path.read_text(encoding="utf-8")


def demo_orders(game, stage: dict, player: str) -> str | None:
    """The sheet a demo player sends for this stage (None: sends nothing)."""
    import json

    if player == "dmitri":
        return None  # no moves received: every decision takes its default
    view = game.player_view(json.loads(stage["state"]), player)
    me = view["me"]
    head = f"GAME {GAME}\nPLAYER {player}\nSECRET {demo_secret(player)}\n\n"
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
            if stage["number"] == 1:
                body.append("STATUS            # a command: answered, never an order")
            body.append("GIVE anna 1 SOULS")
            if mine:
                body.append(f"LEGION {mine[-1]}")
        body += _demo_actions(me, player, game.order_form(json.loads(stage["state"]), player))
    return head + "\n".join(body) + "\n"


def _demo_actions(me: dict, player: str, form: str) -> list[str]:
    """A few Action Phase lines (the rest of the Daemons take the default)."""
    daemons = [d for d in me["daemons"] if not d["incapacitated"]]
    if not daemons:
        return []
    first = daemons[0]["name"]
    if player == "anna":
        return [f"{first}: ATONE IF SOULS >= 3"]
    if player == "chiara":
        lines = [f"{d['name']}: EVIL DEEDS" for d in daemons if d["where"] == "earth"]
        if any(c["minor"].startswith("Walk The Earth") for c in me["hand"]):
            lines.append(f"{daemons[-1]['name']}: WALK THE EARTH")
        return lines
    if player == "boris":
        lines = [f"{first}: PASS BEHIND {daemons[-1]['name']} IF {daemons[-1]['name']} HAS "
                 f"NOT ACTED", f"{first}: ATONE"]
        # and the March his order form suggests (towards someone's Legions: a combat)
        march = [ln[1:] for ln in form.splitlines() if ln.startswith("#") and ": MARCH " in ln]
        return march[:1] + lines
    return []
