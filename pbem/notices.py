"""Mail the framework sends on the players' behalf (issue 18): welcome mails, secrets
made as their mail is sent (never stored in clear), and notices of what the moderator
or a player did, to the players of a game and its observers. Everything is queued in the
outbox; nothing here sends.
"""

from __future__ import annotations

from contextvars import ContextVar
from datetime import datetime

from . import admin, deadlines, outbox, schedule
from .commands import help_text
from .engine import get_game
from .orders import stage_state
from .render import render
from .store import rows, secret_columns, update

SECRET_SLOT = "@@PBEM-NEW-SECRET@@"  # replaced by a fresh secret as the mail is sent
MINTING = ("welcome", "secret")  # outbox kinds whose body carries SECRET_SLOT


def _queue(db, now: datetime, **kw) -> int:
    return outbox.queue(db, now=deadlines.stamp(now), **kw)


def _common(site) -> dict:
    return {"site_name": site.name, "address": site.address}


def tell(site, db, to: str, subject: str, text: str, now: datetime, *, game: str = "",
         player: str = "", kind: str = "service", in_reply_to: str = "") -> int:
    """One short mail from the site to one address: the text, then the usual footer
    (`in_reply_to`: the Message-ID of the mail it answers)."""
    body = render("mail_service.txt.j2", {**_common(site), "text": text})
    return _queue(db, now, to=to, subject=subject, body=body, kind=kind, game=game,
                  player=player, in_reply_to=in_reply_to, refs=in_reply_to)


def welcome_all(site, db, game_name: str, now: datetime) -> list[int]:
    """A welcome mail to every player of a game that has just started."""
    return [queue_secret(site, db, game_name, p["name"], now, welcome=True)
            for p in admin.players_of(db, game_name)]


def queue_secret(site, db, game_name: str, player: str, now: datetime, welcome: bool) -> int:
    """A welcome (the game, its schedule, the first deadline, the secret, how to order,
    the first order form) or a new secret alone. The secret is made when the mail is
    sent (`mint`), so it is never stored in clear."""
    g = admin.get_game_row(db, game_name)
    p = admin.get_player_row(db, game_name, player)
    game = get_game(g["game_type"])
    ctx = {**_common(site), "game_name": game_name, "title": game.title, "player": player,
           "secret": SECRET_SLOT, "welcome": welcome, "form": "", "stage_name": "",
           "deadline": "", "schedule": "", "players": [], "help": help_text()}
    if welcome and g["status"] == "running":
        stage = admin.current_stage(db, game_name)
        zone = p["timezone"] or deadlines.schedule_of(g, stage["name"]).timezone
        when = deadlines.parse(stage["deadline"] or "")
        ctx.update(stage_name=stage["name"],
                   deadline=schedule.format_deadline(when, zone) if when else "",
                   schedule=deadlines.schedule_of(g, stage["name"]).describe(),
                   players=[q["name"] for q in admin.players_of(db, game_name)],
                   form=game.order_form(stage_state(stage), player, None))
    body = render("mail_welcome.txt.j2", ctx)
    subject = (f"[{game_name}] welcome to {game.title}" if welcome
               else f"[{game_name}] your new secret")
    return _queue(db, now, to=p["email"], subject=subject, body=body,
                  kind="welcome" if welcome else "secret", game=game_name, player=player)


# Where minted secrets come from: admin.new_secret, but for the demo, whose secrets are
# printed in its sheets so that it plays the same every time (pbem.demo).
secret_source: ContextVar = ContextVar("pbem_secret_source", default=None)


def mint(db, row: dict) -> dict:
    """The outbox row as sent: a welcome or new-secret mail gets a fresh secret for its
    seat, stored only as its hashes (the old secret stops working)."""
    if row["kind"] not in MINTING or SECRET_SLOT not in row["body"]:
        return row
    source = secret_source.get()
    secret = source(row["game"], row["player"]) if source else admin.new_secret()
    with db.atomic():
        update(db, "players", {"game": row["game"], "name": row["player"]},
               secret_columns(secret))
    return {**row, "body": row["body"].replace(SECRET_SLOT, secret)}


def welcome_sent(db, row: dict, now: datetime) -> None:
    """After a welcome went out: when it was the game's last, the first stage's deadline
    counts from now (no stage passes before its players were told it exists)."""
    if row["kind"] != "welcome":
        return
    with db.atomic():
        _welcomed(db, row, now)


def _welcomed(db, row: dict, now: datetime) -> None:
    update(db, "players", {"game": row["game"], "name": row["player"]},
           {"welcomed": deadlines.stamp(now)})
    if deadlines.welcomes_pending(db, row["game"]):  # this one is marked sent already
        return
    g = admin.get_game_row(db, row["game"])
    if g["status"] != "running":
        return
    stage = admin.current_stage(db, row["game"])
    later = deadlines.deadline_for_new_stage(g, stage["name"], now)
    if stage["status"] == "open" and later > (stage["deadline"] or ""):
        update(db, "stages", {"game": row["game"], "number": stage["number"]},
               {"deadline": later, "opened_at": deadlines.stamp(now)})


# -- announcements -------------------------------------------------------------------------

def announce(site, db, game_name: str, headline: str, text: str, now: datetime, *,
             but: str = "", observers: bool = False, moderator: str = "",
             kind: str = "notice") -> list[int]:
    """Tell every player of a game (but `but`), and its observers if asked; the
    moderator gets `moderator` as well, when given."""
    subject = f"[{game_name}] {headline}"
    ids = [tell(site, db, p["email"], subject, text, now, game=game_name, player=p["name"],
                kind=kind) for p in admin.players_of(db, game_name) if p["name"] != but]
    if observers:
        ids += [tell(site, db, address, subject, text, now, game=game_name, kind=kind)
                for address in observers_of(db, game_name)]
    if moderator and site.moderator:
        from .notify import Notifier

        Notifier(site, now).moderator(db, game_name, f"{game_name}: {headline}",
                                      f"{text}\n\n{moderator}")
    return ids


def observers_of(db, game_name: str) -> list[str]:
    return [r["address"] for r in rows(db, "SELECT address FROM observers WHERE game = ? "
                                           "ORDER BY address", [game_name])]


