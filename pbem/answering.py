"""The answer to one stored mail (DESIGN.md §5, §9): who it is from and for, whether it
may speak for a seat, its commands carried out, its sheet checked and stored (or why
not), and exactly one reply queued, all in one transaction. pbem.intake stores the
mail and calls `handle`; nothing here sends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from . import commands, deadlines, faults, mailtext, orders, outbox, press, routing, service
from .admin import current_stage, get_game_row
from .confirm import confirmation_context
from .engine import get_game
from .errors import PbemError
from .render import render
from .store import one, transaction, update

HANDLED = ("stored", "refused", "ignored", "answered", "retry", "error")
DEFAULT_MAX_BYTES = 1_000_000  # a larger mail is stored but refused
DEFAULT_REPLIES_PER_HOUR = 30  # per address and kind: a loop or a flood never gets more
COPIES_PER_HOUR = 3  # copies of refused attempts on a seat, to its holder
LOCKOUT = 10  # failed authentications a day, per seat or per sender, that get an answer
AUTH_FAILED = "not authenticated: "  # how a refusal for a wrong secret or sender begins


@dataclass
class Handled:
    mail: int
    status: str  # one of HANDLED; retry: failed, tried again later
    reason: str = ""
    game: str = ""
    player: str = ""
    replies: list[int] = field(default_factory=list)


def reply_subject(subject: str, fallback: str) -> str:
    """The subject of an answer: 'Re: ' and the mail's (never 'Re: Re: '), else `fallback`."""
    s = subject.strip()[:200]
    if not s:
        return fallback
    return s if s.lower().startswith("re:") else f"Re: {s}"


def within_budget(site, db, to: str, kind: str, now: datetime) -> bool:
    """Whether `to` may get one more answer of `kind` this hour (`mail.replies_per_hour`):
    a loop, a flood or a forged sender never gets more."""
    limit = int(site.mail.get("replies_per_hour", DEFAULT_REPLIES_PER_HOUR))
    since = deadlines.stamp(now - timedelta(hours=1))
    sent = db.execute("SELECT count(*) FROM outbox WHERE to_addr = ? AND created >= ? "
                      "AND kind = ?", [to, since, kind])
    return sent.fetchone()[0] < limit


class _Reply:
    """Collects what to queue, so that a mail's outcome is one transaction."""

    def __init__(self, site, db, env, row, now):
        self.site, self.db, self.env, self.row, self.now = site, db, env, row, now

    def subject(self, fallback: str) -> str:
        return reply_subject(self.env.subject, fallback)

    def allowed(self, to: str, kind: str, game: str, player: str) -> bool:
        """Each kind of answer has its own budget, so a stranger cannot spend a player's
        (issue 17): refusals never use up confirmations, and the copies of refusals that
        go to a seat's holder are few per seat, whoever provoked them."""
        since = deadlines.stamp(self.now - timedelta(hours=1))
        if kind == "refusal-copy":
            sent = self.db.execute("SELECT count(*) FROM outbox WHERE kind = ? AND game = ? "
                                   "AND player = ? AND created >= ?",
                                   [kind, game, player, since])
            return sent.fetchone()[0] < COPIES_PER_HOUR
        return within_budget(self.site, self.db, to, kind, self.now)

    def queue(self, to: str, subject: str, body: str, kind: str, game="", player="",
              stage=-1) -> int | None:
        if not self.allowed(to, kind, game, player):
            return None
        return outbox.queue(self.db, to=to, subject=subject, body=body, kind=kind, game=game,
                            player=player, stage=stage, in_reply_to=self.env.message_id,
                            refs=self.env.references, mail=self.row["id"],
                            now=deadlines.stamp(self.now))


def _common(site) -> dict:
    return {"site_name": site.name, "address": site.address}


def _mark(db, row, status, reason, now, **extra) -> None:
    """Record a mail's outcome (inside the transaction that queues its answer)."""
    update(db, "mails", {"id": row["id"]}, {
        "status": status, "reason": reason, "handled": deadlines.stamp(now),
        "from_addr": row.get("from_addr", ""), "subject": row.get("subject", ""), **extra})


def _stage_info(db, game: str) -> dict:
    try:
        g = get_game_row(db, game)
        if g["status"] != "running":
            return {"stage_name": "", "deadline": ""}
        stage = current_stage(db, game)
        return {"stage_name": stage["name"], "deadline": deadlines.describe(g, stage)}
    except PbemError:
        return {"stage_name": "", "deadline": ""}


def _locked_out(db, reply: _Reply, game: str, player: str) -> str:
    """Why the seat or the sender gets no more answers to failed authentications for
    now ('' if it still does). The right secret is still taken: a lockout that refused
    it would let anyone who knows a player's address silence him."""
    since = deadlines.stamp(reply.now - timedelta(hours=24))
    seat = db.execute("SELECT count(*) FROM mails WHERE status = 'refused' AND game = ? AND "
                      "player = ? AND handled >= ? AND reason LIKE ?",
                      [game, player, since, AUTH_FAILED + "%"]).fetchone()[0]
    if seat >= LOCKOUT:
        return f"{seat} mails for {player} in {game} failed to authenticate in 24 hours"
    sender = db.execute("SELECT count(*) FROM mails WHERE status = 'refused' AND from_addr = ? "
                        "AND handled >= ? AND reason LIKE ?",
                        [reply.env.from_addr, since, AUTH_FAILED + "%"]).fetchone()[0]
    if sender >= LOCKOUT:
        return f"{sender} mails from {reply.env.from_addr} failed to authenticate in 24 hours"
    return ""


def refuse_auth(site, db, reply: _Reply, reason: str, r, warnings=()) -> Handled:
    """A mail that may not speak for the seat it names: refused, and past LOCKOUT tries
    a day (per seat or per sender) refused without an answer; the moderator hears once."""
    locked = _locked_out(db, reply, r.game, r.player)
    if not locked:
        return refuse(site, db, reply, AUTH_FAILED + reason, game=r.game, player=r.player,
                      record=r.record, warnings=warnings)
    with db.atomic():
        _mark(db, reply.row, "refused", (AUTH_FAILED + reason + " (no answer: " + locked
                                         + ")")[:500], reply.now, game=r.game, player=r.player)
    faults.record(db, faults.Fault(
        "seat", f"{r.game}/{r.player}", f"{locked}; such mails get no answer for now (the "
        f"right secret is still taken). Someone may be guessing the secret: `pbem player "
        f"replace {r.game} {r.player} ADDRESS`, with the player's own address, gives him "
        f"a new one", passing=False))
    return Handled(reply.row["id"], "refused", locked, r.game, r.player)


def refuse(site, db, reply: _Reply, reason: str, *, game="", player="", record="",
           warnings=(), commands=(), asker=None) -> Handled:
    env, row = reply.env, reply.row
    if commands and asker is not None:  # the commands are answered; the orders refused
        return answer(site, db, reply, commands, asker,
                      warnings=[*warnings, f"your orders could not be taken: {reason}"],
                      status="refused")
    ctx = {**_common(site), **_stage_info(db, game), "game_name": game, "player": player,
           "subject": env.subject or "(no subject)", "reason": reason.rstrip("."),
           "warnings": list(warnings), "copy_for_record": False, "record": record,
           "sender": env.from_addr}
    ids = []
    with db.atomic():
        subject = reply.subject(f"[{game}] orders not taken" if game else "orders not taken")
        rid = reply.queue(env.from_addr, subject, render("mail_refusal.txt.j2", ctx),
                          "refusal", game, player)
        ids += [rid] if rid else []
        if record and record != env.from_addr:
            # njudge's rule: a refused attempt on a seat is also told to its holder
            body = render("mail_refusal.txt.j2", {**ctx, "copy_for_record": True})
            rid = reply.queue(record, f"[{game}] a mail for {player} was refused", body,
                              "refusal-copy", game, player)
            ids += [rid] if rid else []
        _mark(db, row, "refused", reason[:500], reply.now, game=game, player=player)
    return Handled(row["id"], "refused", reason, game, player, ids)


def handle(site, db, row: dict, now: datetime) -> Handled:
    msg = mailtext.parse(row["raw"])
    env = mailtext.envelope(msg, own_addresses={site.address})
    row = {**row, "from_addr": env.from_addr, "subject": env.subject[:200]}
    if env.auto or not env.from_addr:
        reason = env.auto or "no sender address"
        with db.atomic():
            _mark(db, row, "ignored", reason, now)
        return Handled(row["id"], "ignored", reason)
    reply = _Reply(site, db, env, row, now)
    max_bytes = int(site.mail.get("max_bytes", DEFAULT_MAX_BYTES))
    if row["size"] > max_bytes:
        return refuse(site, db, reply, f"the mail is {row['size'] // 1000} KB and the limit is "
                                       f"{max_bytes // 1000} KB; send only the orders, as "
                                       f"plain text, without pictures or attachments")
    ex = mailtext.extract(msg)
    thread = press.replied(db, env)
    if thread is not None:  # a reply to press relayed by the game
        return press_reply(site, db, reply, ex, thread)
    blocks, text = press.split(ex.text)
    cmds, rest = commands.split(text, _SiteGames(db))
    cmds = [*blocks, *cmds]
    headers = orders.read_headers(rest)
    tags = json.loads(row.get("secret_tags") or "[]")
    sheetish = bool(tags or headers or _order_lines(rest))
    if cmds and not sheetish and not any(c.spec.seat for c in cmds):
        # HELP, LIST, JOIN, OBSERVE, CONFIRM from anyone: no seat, no secret needed
        return answer(site, db, reply, cmds, service.Asker(env.from_addr, mail=row["id"]),
                      warnings=ex.warnings)
    r = routing.route(db, env.from_addr, env.to_addrs, env.subject, headers, site.address)
    if r.problem:
        return refuse(site, db, reply, r.problem, game=r.game, warnings=ex.warnings)
    # the secrets were cut out when the mail was stored: their tags authenticate (a
    # mail stored before that still has its SECRET line, read as before)
    secret = (headers.get("secret") or "").strip()
    problem = routing.authenticate(db, r, env.from_addr, tags, secret)
    if problem:
        return refuse_auth(site, db, reply, problem, r, ex.warnings)
    faults.clear(db, "seat", f"{r.game}/{r.player}")
    asker = service.Asker(env.from_addr, r.game, r.player, row["id"])
    text = orders.redact(rest, secret)
    if cmds and not _order_lines(text):  # commands only: the orders stay as they are
        return answer(site, db, reply, cmds, asker, warnings=ex.warnings)
    g = get_game_row(db, r.game)
    stage = None
    if g["status"] == "running":
        stage = one(db, "SELECT * FROM stages WHERE game = ? AND number = ?",
                    [r.game, g["stage"]])
        delivered = deadlines.parse(row["delivered"]) or now
        if stage["status"] == "open" and deadlines.late(g, stage, delivered):
            arrived = deadlines.format_at(g, stage["name"], delivered)
            nxt = deadlines.next_estimate(g, stage, now)
            return refuse(site, db, reply,
                          f"the orders arrived at {arrived}, after the deadline of "
                          f"{stage['name']} ({deadlines.describe(g, stage)}); "
                          f"{stage['name']} is resolved with the orders that arrived in "
                          f"time, and your report will carry the order form for the next "
                          f"stage, due about {nxt}", game=r.game, player=r.player,
                          commands=cmds, asker=asker)
    try:
        checked = orders.check(db, r.game, r.player, text, g=g, stage=stage,
                               roster={p["name"]: p for p in r.seats})
    except PbemError as e:
        return refuse(site, db, reply, e.message, game=r.game, player=r.player,
                      warnings=ex.warnings, commands=cmds, asker=asker)
    chat, text = _chat(checked, text)
    if chat:
        checked = orders.check(db, r.game, r.player, text, g=g, stage=stage,
                               roster={p["name"]: p for p in r.seats})
    notes = list(ex.warnings)
    if chat:
        notes.append("not read as orders (greetings and sign-offs): "
                     + ", ".join(f'"{c}"' for c in chat))
    if not checked.sheet.lines and ex.quoted and _order_lines(ex.quoted):
        notes.append("your orders seem to be in the quoted part of your mail (the lines "
                     "starting with >), which is not read: write them above the quote")
    newer = one(db, "SELECT received FROM submissions WHERE game = ? AND player = ? AND "
                    "stage = ? AND mail > ? ORDER BY id DESC LIMIT 1",
                [r.game, r.player, checked.stage, row["id"]])
    if newer is not None:  # a mail tried again after a fault: a later sheet came first
        return refuse(site, db, reply, f"this mail could not be read at first, and a sheet "
                                       f"you sent later (received {newer['received']}) was "
                                       f"taken meanwhile; that later sheet stays in force",
                      game=r.game, player=r.player, commands=cmds, asker=asker)
    kept = _keeps_earlier(checked, cmds)
    if kept:
        return answer(site, db, reply, cmds, asker, warnings=notes, kept=kept)
    game = get_game(checked.game_type)
    with transaction(db):
        sub = orders.store(db, checked, text, source=f"mail {row['id']}", mail=row["id"],
                           received=row["delivered"])
        answers = service.carry_out(site, db, cmds, asker, now)  # after: STATUS sees it
        ctx = {**confirmation_context(checked, stored=True), **_common(site),
               "warnings": notes, "deadline": deadlines.describe(g, stage),
               "answers": answers.texts}
        body = render("mail_confirmation.txt.j2", ctx, game.templates())
        subject = reply.subject(f"[{r.game}] {checked.stage_name}: orders received")
        rid = reply.queue(env.from_addr, subject, body, "confirmation", r.game, r.player,
                          checked.stage)
        _mark(db, row, "stored", f"submission {sub} ({checked.stage_name})", now,
              game=r.game, player=r.player, submission=sub)
    ids = ([rid] if rid else []) + answers.queued
    return Handled(row["id"], "stored", "", r.game, r.player, ids)


class _SiteGames:
    """The site's game names, for `in`: each asked of the database when a JOIN line
    needs it, rather than all of them read for every mail (issue 23)."""

    def __init__(self, db):
        self.db = db

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and routing.is_game(self.db, name)


def _order_lines(text: str) -> list[str]:
    """The lines that may be orders: not blank, not a comment, not GAME/PLAYER/..."""
    return [line for line in text.split("\n")
            if line.strip() and not line.lstrip().startswith("#")
            and not orders.HEADER.match(line.split("#", 1)[0])
            and not commands.is_chat(line, near_end=True)]


def _chat(checked, text: str) -> tuple[list[str], str]:
    """Greetings and sign-offs among the lines not understood (pbem.commands.is_chat):
    blanked from the sheet, so they hold nothing up; said once in the answer."""
    lines = text.split("\n")
    last = max((i for i, line in enumerate(lines) if line.strip()), default=0)
    chat = []
    for r in checked.sheet.problems:
        if r.status == "invalid" and commands.is_chat(r.text, r.line_no >= last - 2):
            chat.append(r.text.strip())
            lines[r.line_no - 1] = ""
    return chat, "\n".join(lines)


def _keeps_earlier(checked, cmds) -> str:
    """Why this sheet does not replace the player's earlier one ('' if it does): a mail
    with no order never does; one whose every line is a problem does only when the
    player writes CONFIRM REPLACE."""
    prev = checked.prev  # orders.check read it
    if prev is None:
        return ""
    sheet = checked.sheet
    when = prev["received"]
    if not sheet.lines:
        return (f"Your mail holds no order, so your sheet for {checked.stage_name} received "
                f"{when} stays as it is (a mail without orders never replaces one).")
    confirmed = any(c.word == "CONFIRM" and c.args.upper() == "REPLACE" for c in cmds)
    if not any(r.ok for r in sheet.lines) and prev["accepted"] and not confirmed:
        problems = "\n".join(f"  line {r.line_no}: {r.text.strip()} - {r.message}"
                             for r in sheet.problems[:20])
        return (f"Nothing was stored: no line of this sheet could be taken, and your sheet "
                f"received {when} had {prev['accepted']} good orders, which stand.\n"
                f"{problems}\nTo replace it anyway, send the sheet again with the line "
                f"CONFIRM REPLACE.")
    return ""


def answer(site, db, reply: _Reply, cmds, asker, *, warnings=(), kept: str = "",
           status: str = "answered") -> Handled:
    """The answer to a mail that stores no sheet: its commands carried out, and why its
    orders (if any) were not taken."""
    env, row = reply.env, reply.row
    with transaction(db):
        answers = service.carry_out(site, db, cmds, asker, reply.now)
        body = render("mail_answer.txt.j2", {**_common(site), "answers": answers.texts,
                                             "warnings": list(warnings), "kept": kept})
        tag = f"[{asker.game}] " if asker.game else ""
        rid = reply.queue(env.from_addr, reply.subject(f"{tag}your mail"), body, "answer",
                          asker.game, asker.player)
        said = ", ".join(c.word for c in cmds) or "no order"
        _mark(db, row, status, f"answered: {said}"[:500], reply.now, game=asker.game,
              player=asker.player)
    return Handled(row["id"], status, "", asker.game, asker.player,
                   ([rid] if rid else []) + answers.queued)




def press_reply(site, db, reply: _Reply, ex, thread: dict) -> Handled:
    """A reply to a press mail goes back through the game to its sender, and only to
    him, unless the replier writes PRESS TO lines of his own. The token in the thread
    and the address on record authenticate it; it carries no orders."""
    env, row = reply.env, reply.row
    seat = one(db, "SELECT * FROM players WHERE game = ? AND name = ?",
               [thread["game"], thread["recipient"]])
    if seat is None or seat["email"].lower() != env.from_addr:
        return refuse(site, db, reply, "this mail answers press sent to another address; "
                                       "press is answered from the address it went to",
                      game=thread["game"])
    asker = service.Asker(env.from_addr, thread["game"], thread["recipient"], row["id"])
    blocks, text = press.split(ex.text)
    if not blocks:
        blocks = [press.Block((thread["sender"],), False, text.strip(), 1, "your reply",
                              reply_to=thread["press"])]
    return answer(site, db, reply, blocks, asker, warnings=ex.warnings)
