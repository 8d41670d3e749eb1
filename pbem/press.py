"""Press (issue 19): players talk to each other through the game, by mail.

A press block in a player's mail — `PRESS TO boris` (or `TO boris, chiara`, `TO ALL`,
with `GREY` to hide the sender) up to `END PRESS` or the end of the mail — is relayed
at once to each recipient as a mail of its own from the game's address, never from
the sender's. Each copy's Message-ID is a random token, so the recipient's reply by
mail (In-Reply-To) goes back through the game to the sender, and only to him.

Anonymity by construction: a relayed mail is made from the press row alone (the
sender's name, unless grey, and the text) — no address of anyone is ever put in it.
Press is kept with the game (the `press` table), listed in each player's report of the
stage (what he sent and received), readable in full by the moderator (`pbem press`),
and never sent twice: a rollback replays stages, not mail.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from . import admin, deadlines, outbox
from .engine import get_game, provides
from .errors import PbemError
from .render import render
from .store import insert, one, rows

RULES = ("none", "public", "private", "grey")  # each allows what the ones before it do
DEFAULT_RULES = "private"
MAX_CHARS = 8_000  # of one press text
PER_HOUR = 20  # press mails one seat may send an hour
_START = re.compile(r"^\s*press\s+to\s+(.+?)\s*$", re.I)
_END = re.compile(r"^\s*end\s+press\s*$", re.I)
_SECRET = re.compile(r"^\s*secret\b", re.I)
_TOKEN = re.compile(r"<pbem\.press\.([0-9a-f]{24})@")


@dataclass(frozen=True)
class Block:
    """One press block; it stands among a mail's commands (pbem.commands.Command)."""

    to: tuple[str, ...]  # player names, or ("ALL",)
    grey: bool
    body: str
    line_no: int
    text: str  # the PRESS TO line as written
    reply_to: int = 0  # the press this answers (a reply by mail)
    word: str = "PRESS"

    @property
    def spec(self):
        from .commands import COMMANDS

        return COMMANDS["PRESS"]


def split(text: str) -> tuple[list[Block], str]:
    """The press blocks of a mail's text, and the text without them (blank lines in
    their place, so the orders keep their line numbers)."""
    lines = text.split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = _START.match(lines[i]) if len(lines[i]) < 300 else None
        if not m:
            i += 1
            continue
        words = m.group(1).replace(",", " ").split()
        grey = bool(words) and words[-1].upper() == "GREY"
        names = tuple(w.lower() for w in (words[:-1] if grey else words))
        if any(n.upper() == "ALL" for n in names):
            names = ("ALL",)
        start = i
        body = []
        i += 1
        while i < len(lines) and not _END.match(lines[i]):
            body.append(lines[i])
            i += 1
        end = min(i, len(lines) - 1)
        blocks.append(Block(names, grey, "\n".join(body).strip("\n"), start + 1,
                            lines[start].strip()))
        for j in range(start, end + 1):
            lines[j] = ""
        i += 1
    return blocks, "\n".join(lines)


def rules_of(db, game_name: str) -> str:
    g = admin.get_game_row(db, game_name)
    game = get_game(g["game_type"])
    return g.get("press") or (game.press if provides(game, "press") else DEFAULT_RULES)


def describe_rules(rules: str) -> str:
    return {"none": "no press in this game",
            "public": "press to everyone only (PRESS TO ALL)",
            "private": "press to everyone or to chosen players",
            "grey": "press to everyone or to chosen players, and grey press (the sender "
                    "hidden from the recipients, never from the moderator)"}[rules]


def send(site, db, block: Block, game_name: str, sender: str,
         now: datetime) -> tuple[str, list[int]]:
    """Relay one press block from `sender`: (the answer to him, the mails queued)."""
    g = admin.get_game_row(db, game_name)
    rules = rules_of(db, game_name)
    if rules == "none":
        raise PbemError("this game has no press (the moderator's choice)")
    if g["status"] == "finished" and not g["press_after_end"]:
        raise PbemError(f"{game_name} is over; press is closed")
    seats = {p["name"]: p for p in admin.players_of(db, game_name)}
    if block.to == ("ALL",):
        to = [n for n in seats if n != sender]
    else:
        unknown = [n for n in block.to if n not in seats]
        if unknown or not block.to:
            raise PbemError(f"{', '.join(unknown) or 'nobody'}: not a player of {game_name} "
                            f"(players: {', '.join(seats)}); write PRESS TO name, or "
                            f"PRESS TO ALL")
        to = [n for n in dict.fromkeys(block.to) if n != sender]
        if rules == "public" and sorted(to) != sorted(n for n in seats if n != sender):
            raise PbemError("press in this game goes to everyone: write PRESS TO ALL")
    if block.grey and rules != "grey":
        raise PbemError("grey press (the sender hidden) is not allowed in this game")
    if not to:
        raise PbemError("there is nobody to send it to")
    kept = [line for line in block.body.split("\n") if not _SECRET.match(line)]
    warned = len(kept) != len(block.body.split("\n"))
    text = "\n".join(kept).strip()
    if not text:
        raise PbemError("the press has no text")
    if len(text) > MAX_CHARS:
        raise PbemError(f"the press is {len(text)} characters long; the limit is {MAX_CHARS}")
    since = deadlines.stamp(now - timedelta(hours=1))
    sent = db.execute("SELECT count(*) FROM press WHERE game = ? AND sender = ? AND "
                      "created >= ?", [game_name, sender, since]).fetchone()[0]
    if sent >= PER_HOUR:
        raise PbemError(f"you have sent {sent} press mails in the last hour; the limit is "
                        f"{PER_HOUR}: wait a little")
    pid = insert(db, "press", {"game": game_name, "stage": g["stage"], "sender": sender,
                               "recipients": json.dumps(to), "grey": int(block.grey),
                               "body": text, "created": deadlines.stamp(now), "mail": 0,
                               "reply_to": block.reply_to})
    queued = [_relay(site, db, pid, name, seats[name]["email"], now) for name in to]
    answered = one(db, "SELECT grey FROM press WHERE id = ?", [block.reply_to]) \
        if block.reply_to else None
    if answered and answered["grey"]:  # the replier never learns who sent grey press
        said = f"{block.text}: sent back to the sender."
    else:
        said = f"{block.text}: sent to {', '.join(to)}" + (
            " (your name hidden)" if block.grey else "") + "."
    if warned:
        said += " A SECRET line in it was dropped: never send your secret to anyone."
    return said, queued


def sender_label(row: dict) -> str:
    """Who a recipient is told the press is from: never the sender of grey press."""
    return "someone (grey press: the sender is hidden)" if row["grey"] else row["sender"]


def _relay(site, db, pid: int, recipient: str, address: str, now: datetime) -> int:
    row = one(db, "SELECT * FROM press WHERE id = ?", [pid])
    token = secrets.token_hex(12)
    db.execute("INSERT INTO press_tokens (token, press, recipient) VALUES (?, ?, ?)",
               [token, pid, recipient])
    others = [n for n in json.loads(row["recipients"]) if n != recipient]
    body = render("mail_press.txt.j2", {
        "site_name": site.name, "address": site.address, "game_name": row["game"],
        "sender": sender_label(row), "others": others, "text": row["body"],
        "grey": bool(row["grey"])})
    subject = f"[{row['game']}] press from " + ("someone" if row["grey"] else row["sender"])
    domain = site.address.rpartition("@")[2] or "localhost"
    return outbox.queue(db, to=address, subject=subject, body=body, kind="press",
                        game=row["game"], player=recipient, now=deadlines.stamp(now),
                        message_id=f"<pbem.press.{token}@{domain}>")


def replied(db, env) -> dict | None:
    """The press copy a mail answers (its In-Reply-To or References name one), or None:
    {token, press, recipient, game, sender}."""
    for token in _TOKEN.findall(f"{env.in_reply_to} {env.references}"):
        found = one(db, "SELECT t.token, t.press, t.recipient, p.game, p.sender FROM "
                        "press_tokens t JOIN press p ON p.id = t.press WHERE t.token = ?",
                    [token])
        if found:
            return found
    return None


def of_stage(db, game_name: str, stage: int, player: str) -> list[dict]:
    """The press `player` sent and received while `stage` was open, for his report."""
    out = []
    for r in rows(db, "SELECT * FROM press WHERE game = ? AND stage = ? ORDER BY id",
                  [game_name, stage]):
        to = json.loads(r["recipients"])
        if r["sender"] == player:
            out.append({"sent": True, "from": player + (" (grey)" if r["grey"] else ""),
                        "to": to, "text": r["body"], "at": r["created"]})
        elif player in to:
            out.append({"sent": False, "from": sender_label(r), "to": to, "text": r["body"],
                        "at": r["created"]})
    return out


def listing(db, game_name: str, stage: int | None = None) -> str:
    """All of a game's press, with the true senders: the moderator's view."""
    where, args = "game = ?", [game_name]
    if stage is not None:
        where += " AND stage = ?"
        args.append(stage)
    out = []
    for r in rows(db, f"SELECT * FROM press WHERE {where} ORDER BY id", args):
        to = ", ".join(json.loads(r["recipients"]))
        out.append(f"#{r['id']} stage {r['stage']} {r['created']} {r['sender']}"
                   f"{' (grey)' if r['grey'] else ''} to {to}:")
        out += ["    " + line for line in r["body"].split("\n")]
    return "\n".join(out) + "\n" if out else f"no press in {game_name} yet\n"
