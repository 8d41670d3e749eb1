"""The player service by mail (issue 18): the commands carried out — reports and forms
again, status, time zones, addresses, secrets, vacations, resignations, listing,
joining and following games. Everything here queues mail in the outbox (the welcome
mails and notices through pbem.notices); nothing sends.

A game supplies texts only: its title, order form and reports (pbem.engine.Game).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from . import admin, deadlines, notices, orderhelp, outbox, press, reports, schedule
from .commands import COMMANDS, Command, help_text, join_args
from .engine import get_game, provides
from .errors import PbemError
from .orders import latest_submission, stage_state
from .render import render
from .store import one, rows, transaction, update

DEFAULT_VACATION_DAYS = 21


@dataclass
class Asker:
    """Who sent the commands: the sender, and the seat when the mail authenticated."""

    address: str
    game: str = ""
    player: str = ""
    mail: int = 0


@dataclass
class Answers:
    texts: list[str] = field(default_factory=list)  # one paragraph per command
    queued: list[int] = field(default_factory=list)  # other mails queued (report, form...)


def service(site) -> dict:
    return site.section("service")


def _queue(db, now: datetime, **kw) -> int:
    return outbox.queue(db, now=deadlines.stamp(now), **kw)


def _common(site) -> dict:
    return {"site_name": site.name, "address": site.address}


# -- carrying out commands ----------------------------------------------------------------

def carry_out(site, db, commands: list[Command], asker: Asker, now: datetime) -> Answers:
    """Each command's answer (a paragraph), in the order they were written."""
    out = Answers()
    for c in commands:
        if c.spec.seat and not asker.player:
            out.texts.append(f"{c.text}: this command needs your GAME, PLAYER and SECRET "
                             f"lines, as on your order form.")
            continue
        try:
            if c.word == "PRESS":  # a press block (pbem.press.Block)
                said, queued = press.send(site, db, c, asker.game, asker.player, now)
                out.texts.append(said)
                out.queued += queued
            else:
                out.texts.append(_HANDLERS[c.word](site, db, c, asker, now, out))
        except PbemError as e:
            out.texts.append(f"{c.text}: {e.message}")
    return out


def _help(site, db, c, asker, now, out) -> str:
    title = ""
    game = get_game(admin.get_game_row(db, asker.game)["game_type"]) if asker.game else None
    if c.args and c.args.split()[0].upper() == "ORDERS":
        if game is None:
            raise PbemError("HELP ORDERS needs the game: add a line GAME <name> to the mail")
        if not provides(game, "order_help"):
            raise PbemError(f"{game.title} has no order list by mail: see its order form")
        return orderhelp.text(game.title, game.order_help())
    if game is not None:
        title = game.title
    orders = (f"Orders for {title}: the order form in your last report lists every order "
              f"you can give now, with an example; FORM sends it again; HELP ORDERS "
              f"sends every order of the game, with the default each gets when left out."
              if title else "Orders: the order form in your last report lists every order "
                            "you can give now, with an example; HELP ORDERS (with a GAME "
                            "line) sends every order of the game and its defaults.")
    return ("Commands: write each on a line of its own, in a mail to this address (with "
            "GAME, PLAYER and SECRET lines for those about your seat); a mail may hold "
            "commands and orders together, and commands never change your orders.\n\n"
            + help_text() + "\n" + orders)


def _report(site, db, c, asker, now, out) -> str:
    number = None
    if c.args:
        try:
            number = int(c.args.split()[0])
        except ValueError:
            raise PbemError("write the stage's number, e.g. REPORT 3 (or REPORT for the "
                            "latest)") from None
    found = reports.latest(db, asker.game, asker.player, "text", number)
    if found is None:
        raise PbemError("there is no such report yet" if number is None
                        else f"there is no report of stage {number}")
    stage, text = found
    body = render("mail_report.txt.j2", {**_common(site), "report": text})
    out.queued.append(_queue(db, now, to=asker.address, subject=f"[{asker.game}] report of "
                             f"stage {stage} (sent again)", body=body, kind="report",
                             game=asker.game, player=asker.player, stage=stage))
    return f"{c.text}: your report of stage {stage} comes in a mail of its own."


def _form(site, db, c, asker, now, out) -> str:
    g = admin.get_game_row(db, asker.game)
    if g["status"] != "running":
        raise PbemError(f"{asker.game} is {g['status']}: there is no form to fill in")
    stage = admin.current_stage(db, asker.game)
    game = get_game(g["game_type"])
    sub = latest_submission(db, asker.game, asker.player, stage["number"])
    sheet = game.check_orders(stage_state(stage), asker.player, sub["raw"]) if sub else None
    form = game.order_form(stage_state(stage), asker.player, sheet)
    return f"{c.text}: the order form of {stage['name']}:\n\n{form.rstrip()}"


def _status(site, db, c, asker, now, out) -> str:
    g = admin.get_game_row(db, asker.game)
    if g["status"] != "running":
        return f"{c.text}: {asker.game} is {g['status']}" + (
            f" ({g['result']})" if g["result"] else "") + "."
    stage = admin.current_stage(db, asker.game)
    me = admin.get_player_row(db, asker.game, asker.player)
    zone = me["timezone"] or deadlines.schedule_of(g, stage["name"]).timezone
    when = deadlines.parse(stage["deadline"] or "")
    lines = [f"{c.text}: {asker.game} is at {stage['name']}"
             + (f", due {schedule.format_deadline(when, zone)}" if when else "")
             + (" (paused)" if g.get("paused_at") else "") + "."]
    for s in deadlines.seats(db, asker.game, stage["number"], now):  # who is away: seats()
        mark = "has ordered" if s.ordered else "has not ordered yet"
        if s.away == "resigned":
            mark = "has resigned (plays on his standing orders or the defaults)"
        elif s.away:
            until = admin.get_player_row(db, asker.game, s.player)["vacation_to"]
            mark += f", on vacation until {until}"
        lines.append(f"  {s.player:<16} {mark}")
    return "\n".join(lines)


def _timezone(site, db, c, asker, now, out) -> str:
    if not c.args:
        raise PbemError("write the zone, e.g. TIMEZONE Europe/Rome (TIMEZONE game: the "
                        "game's own)")
    value = "" if c.args.lower() == "game" else schedule.zone_name(c.args)
    update(db, "players", {"game": asker.game, "name": asker.player}, {"timezone": value})
    return (f"{c.text}: your deadlines are now given in "
            f"{value or 'the game’s time zone'}.")


def _code() -> str:
    return "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))


def _hashed(code: str) -> str:
    return hashlib.sha256(b"pbem-code:" + code.upper().encode()).hexdigest()


def _address(site, db, c, asker, now, out) -> str:
    new = c.args.strip().strip("<>").lower()
    admin.check_address(new)
    if "@" not in new:
        raise PbemError("write the new address, e.g. ADDRESS anna@new.example.org")
    code = _code()
    update(db, "players", {"game": asker.game, "name": asker.player},
           {"new_email": new, "new_email_code": _hashed(code)})
    out.queued.append(notices.tell(
        site, db, new, f"[{asker.game}] confirm your new address",
        f"Someone asked to move the seat of {asker.player} in {asker.game} to this address "
        f"({new}). If it was you, reply to this mail from this address with the line\n\n"
        f"CONFIRM {code}\n\nIf it was not, ignore this mail: nothing changes.", now,
        game=asker.game, player=asker.player))
    return (f"{c.text}: a mail went to {new}; your seat moves there when you answer it from "
            f"there with the code it holds. Until then this address stays on record.")


def _confirm(site, db, c, asker, now, out) -> str:
    code = c.args.strip().upper()
    if code == "REPLACE":
        return f"{c.text}: noted (it lets a sheet replace your earlier one)."
    if not code:
        raise PbemError("write the code from the mail that asked for it, e.g. CONFIRM 7QK2MD")
    for p in rows(db, "SELECT * FROM players WHERE new_email = ? AND new_email_code != ''",
                  [asker.address]):
        if hmac.compare_digest(p["new_email_code"], _hashed(code)):
            old = p["email"]
            update(db, "players", {"game": p["game"], "name": p["name"]},
                   {"email": asker.address, "new_email": "", "new_email_code": ""})
            out.queued.append(notices.tell(
                site, db, old, f"[{p['game']}] your seat moved to {asker.address}",
                f"The seat of {p['name']} in {p['game']} is now played from "
                f"{asker.address}; mail from {old} is no longer taken for it.", now,
                game=p["game"], player=p["name"]))
            return (f"{c.text}: done. {p['name']} in {p['game']} is now played from "
                    f"{asker.address}; your secret is unchanged.")
    raise PbemError("that code is not one I sent to this address (or it was used already)")


def _newsecret(site, db, c, asker, now, out) -> str:
    out.queued.append(notices.queue_secret(site, db, asker.game, asker.player, now, welcome=False))
    return (f"{c.text}: your new secret comes in a mail of its own; the old one works "
            f"until that mail is sent.")


def _vacation(site, db, c, asker, now, out) -> str:
    parts = c.args.split()
    try:
        start, end = (datetime.fromisoformat(x).date() for x in parts[:2])
        if len(parts) != 2:
            raise ValueError
    except ValueError:
        raise PbemError("write two dates, e.g. VACATION 2026-12-20 2027-01-03") from None
    limit = int(service(site).get("vacation_days") or DEFAULT_VACATION_DAYS)
    if end < start:
        raise PbemError("the vacation ends before it starts")
    if end < now.date():
        raise PbemError("that vacation is over already")
    if (end - start).days + 1 > limit:
        raise PbemError(f"a vacation here lasts at most {limit} days; ask the moderator for "
                        f"more")
    update(db, "players", {"game": asker.game, "name": asker.player},
           {"vacation_from": start.isoformat(), "vacation_to": end.isoformat()})
    effect = vacation_effect(site)
    notices.announce(site, db, asker.game, f"{asker.player} is on vacation from {start} to {end}",
             f"{asker.player} is away from {start} to {end}. " + effect, now,
             but=asker.player)
    return f"{c.text}: noted, and told to the other players. {effect}"


def vacation_effect(site) -> str:
    return ("Meanwhile the seat plays on its standing orders and defaults and counts as "
            "ready, and no missed turn is counted.")


def _back(site, db, c, asker, now, out) -> str:
    p = admin.get_player_row(db, asker.game, asker.player)
    if not p["vacation_from"]:
        return f"{c.text}: you were not on vacation."
    update(db, "players", {"game": asker.game, "name": asker.player},
           {"vacation_from": "", "vacation_to": ""})
    notices.announce(site, db, asker.game, f"{asker.player} is back",
                     f"{asker.player} is back from vacation and orders again.", now,
                     but=asker.player)
    return f"{c.text}: welcome back; told to the other players."


def _resign(site, db, c, asker, now, out) -> str:
    update(db, "players", {"game": asker.game, "name": asker.player},
           {"resigned": deadlines.stamp(now)})
    notices.announce(site, db, asker.game, f"{asker.player} has resigned",
             f"{asker.player} has left {asker.game}. The seat plays on its standing orders "
             f"and defaults until the moderator gives it to someone else.", now,
             but=asker.player, moderator=f"To give the seat to someone:\n  pbem player "
             f"replace {asker.game} {asker.player} NEW-EMAIL")
    return (f"{c.text}: you have left {asker.game}; the other players and the moderator "
            f"are told. Thank you for playing.")


def _visible_games(db) -> list[dict]:
    return rows(db, "SELECT * FROM games WHERE visibility = 'listed' AND status IN "
                    "('new', 'running') ORDER BY name")


def _list(site, db, c, asker, now, out) -> str:
    games = _visible_games(db)
    if not games:
        return f"{c.text}: no game here is open to join or follow just now."
    lines = [f"{c.text}: the games here:"]
    for g in games:
        game = get_game(g["game_type"])
        n = db.execute("SELECT count(*) FROM players WHERE game = ?", [g["name"]]).fetchone()[0]
        if g["status"] == "new":
            how = {"open": "JOIN to take a seat", "approve": "JOIN to ask the moderator",
                   "closed": "not open to join"}[g["joining"]]
            state = f"waiting for players ({n} of {game.min_players}-{game.max_players}); {how}"
        else:
            state = f"running, {admin.current_stage(db, g['name'])['name']}; OBSERVE to follow"
        lines.append(f"  {g['name']:<12} {game.title}: {state}")
    return "\n".join(lines)


def _join(site, db, c, asker, now, out) -> str:
    name_of_game, wanted = join_args(c.args)
    g = one(db, "SELECT * FROM games WHERE name = ?", [name_of_game])
    if g is None or g["visibility"] != "listed":
        raise PbemError(f"there is no game called {name_of_game!r} open here; LIST shows "
                        "them")
    if g["status"] != "new" or g["joining"] == "closed":
        raise PbemError(f"{name_of_game} takes no new players by mail")
    if db.execute("SELECT 1 FROM players WHERE game = ? AND lower(email) = ?",
                  [name_of_game, asker.address]).fetchone():
        raise PbemError(f"this address has a seat in {name_of_game} already")
    name = admin.check_name(wanted or _name_from(asker.address), "player")
    if g["joining"] == "approve":
        rid = db["join_requests"].insert({"game": name_of_game, "address": asker.address,
                                          "name": name, "status": "waiting",
                                          "created": deadlines.stamp(now),
                                          "mail": asker.mail}).last_pk
        from .notify import Notifier

        Notifier(site, now).moderator(db, name_of_game, f"{asker.address} asks to join "
                                      f"{name_of_game} as {name}",
                                      f"To let them in:\n  pbem player approve "
                                      f"{name_of_game} {rid}\n\nTo say no:\n  pbem player "
                                      f"approve {name_of_game} {rid} --refuse")
        return (f"{c.text}: asked; the moderator decides, and you get a welcome mail with "
                f"your secret when the game starts.")
    take_seat(site, db, name_of_game, name, asker.address, now)
    return (f"{c.text}: you have the seat {name} in {name_of_game}. A welcome mail with your "
            f"secret, the schedule and your first order form comes when the game starts.")


def _name_from(address: str) -> str:
    local = "".join(ch for ch in address.split("@")[0].lower() if ch.isalnum() or ch in "-_")
    return (local if local[:1].isalpha() else "p" + local)[:32] or "player"


def take_seat(site, db, game_name: str, name: str, address: str, now: datetime) -> None:
    """A seat for `address` (joining by mail); the game starts once it has as many
    players as its `autostart` setting says (0: the moderator starts it)."""
    admin.add_player(db, game_name, name, address)
    g = admin.get_game_row(db, game_name)
    game = get_game(g["game_type"])
    n = db.execute("SELECT count(*) FROM players WHERE game = ?", [game_name]).fetchone()[0]
    if g["autostart"] and n >= max(g["autostart"], game.min_players):
        admin.start_game(db, game_name, now)
        notices.welcome_all(site, db, game_name, now)


def _observe(site, db, c, asker, now, out) -> str:
    name = c.args.split()[0].lower() if c.args else ""
    g = one(db, "SELECT * FROM games WHERE name = ?", [name])
    if g is None or g["visibility"] != "listed" or g["status"] == "finished":
        raise PbemError(f"there is no game called {name!r} to follow here; LIST shows them")
    db.execute("INSERT OR REPLACE INTO observers (game, address, since) VALUES (?, ?, ?)",
               [name, asker.address, deadlines.stamp(now)])
    return (f"{c.text}: you get the public board of {name} after each stage, until you "
            f"write UNOBSERVE {name}.")


def _unobserve(site, db, c, asker, now, out) -> str:
    name = c.args.split()[0].lower() if c.args else ""
    where, args = "address = ?", [asker.address]
    if name:
        where += " AND game = ?"
        args.append(name)
    n = db.execute(f"DELETE FROM observers WHERE {where}", args).rowcount
    return f"{c.text}: " + (f"no more boards of {name or 'any game'}." if n else
                            "this address was not following " + (name or "any game") + ".")


_HANDLERS = {"HELP": _help, "REPORT": _report, "FORM": _form, "STATUS": _status,
             "TIMEZONE": _timezone, "ADDRESS": _address, "CONFIRM": _confirm,
             "NEWSECRET": _newsecret, "VACATION": _vacation, "BACK": _back,
             "RESIGN": _resign, "LIST": _list, "JOIN": _join, "OBSERVE": _observe,
             "UNOBSERVE": _unobserve}
assert set(_HANDLERS) | {"PRESS"} == set(COMMANDS)


def approve(site, db, game_name: str, request: int, refuse: bool, now: datetime) -> str:
    """The moderator's answer to a JOIN request, stored and told in one transaction (it
    had none: `pbem player approve` ended with its work uncommitted, so lost)."""
    r = one(db, "SELECT * FROM join_requests WHERE id = ? AND game = ?", [request, game_name])
    if r is None or r["status"] != "waiting":
        raise PbemError(f"no waiting request {request} for {game_name}")
    with transaction(db):
        return _approve(site, db, game_name, r, refuse, now)


def _approve(site, db, game_name: str, r: dict, refuse: bool, now: datetime) -> str:
    request = r["id"]
    if refuse:
        update(db, "join_requests", {"id": request}, {"status": "refused"})
        text = f"Your request to join {game_name} was not accepted by the moderator."
    else:
        take_seat(site, db, game_name, r["name"], r["address"], now)
        update(db, "join_requests", {"id": request}, {"status": "approved"})
        text = (f"You have the seat {r['name']} in {game_name}. A welcome mail with your "
                f"secret, the schedule and your first order form comes when the game starts.")
    notices.tell(site, db, r["address"], f"[{game_name}] your request to join", text, now,
                 game=game_name)
    return text


