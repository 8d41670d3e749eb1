"""`pbem demo`: a site with a 4-player game played by email. The game says what its
players send (`Game.demo()`, a `pbem.engine.Demo`); the framework names no game: the
default is the installed game whose demo has the lowest rank.

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
from .engine import Demo, game_ids, get_game, provides
from .errors import PbemError
from .site import CONFIG, init_site
from .store import secret_columns

GAME = "demo"
PLAYERS = [("anna", "anna@example.org"), ("boris", "boris@example.org"),
           ("chiara", "chiara@example.org"), ("dmitri", "dmitri@example.org")]
SEED = "pbem-demo-1"
MARKER = ".pbem-demo"
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # the simulated clock starts on a Monday
SCHEDULE = {"hours": 72, "reminders": [24], "early_minutes": None}


def demo_secret(player: str) -> str:
    """The demo's secrets are printed in its sheets, so the demo is reproducible."""
    return f"demo-secret-{player}"


def demos() -> dict[str, Demo]:
    """The installed games that have a demo, by id, the default first."""
    found = {gid: get_game(gid).demo() for gid in game_ids()
             if provides(get_game(gid), "demo")}
    return dict(sorted(found.items(), key=lambda kv: (kv[1].rank, kv[0])))


def demo_of(game_type: str | None) -> tuple[str, Demo]:
    """The demo of `game_type` (None: the default), or a usage error naming the choices."""
    found = demos()
    if not found:
        raise PbemError("no installed game has a demo", 2)
    if game_type is None:
        return next(iter(found.items()))
    if game_type not in found:
        raise PbemError(f"no demo for {game_type!r}; games with a demo: "
                        f"{', '.join(found)}", 2)
    return game_type, found[game_type]


def run_demo(root: Path, echo: Callable[[str], None] = print,
             game_type: str | None = None, jobs: int | None = None) -> Path:
    # each player is welcomed by mail, his secret in it: the demo's own, reproducible
    token = notices.secret_source.set(lambda game_name, player: demo_secret(player))
    try:
        return _run_demo(root, echo, game_type, jobs)
    finally:
        notices.secret_source.reset(token)


def _run_demo(root: Path, echo: Callable[[str], None], game_type: str | None,
              jobs: int | None = None) -> Path:
    game_type, demo = demo_of(game_type)
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
    for _ in range(demo.stages):
        stage = admin.current_stage(db, GAME)
        opened = deadlines.parse(stage["opened_at"])
        deadline = deadlines.parse(stage["deadline"])
        folder = root / "orders" / f"{stage['number']:02d}-{'-'.join(stage['name'].split())}"
        folder.mkdir(parents=True, exist_ok=True)
        sent = []
        for n, (name, email_) in enumerate(PLAYERS):
            text = sheet(demo, game, stage, name)
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
            result = run.run(site, now=now, jobs=jobs)
            for line in result.lines():
                echo(f"{deadlines.stamp(now)} pbem run: {line}")
            if result.failed:
                raise PbemError("the demo failed: " + "; ".join(result.failed), 1)
        _keep_confirmations(root, db, stage["number"], folder, sent)
        if db["games"].get(GAME)["status"] == "finished":
            break
    return site.reports_dir


def sheet(demo: Demo, game, stage: dict, player: str, game_name: str = GAME) -> str | None:
    """The whole sheet `player` mails for `stage` in the demo (headers and secret
    first), or None when he sends nothing."""
    body = demo.orders(game, stage, player)
    if body is None:
        return None
    return f"GAME {game_name}\nPLAYER {player}\nSECRET {demo_secret(player)}\n\n" + body


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
