"""The chaos suite's machinery, shared by tests/chaos and bench/bench_chaos.py (issue 17).

A site with a started HellGame 'g1' (as tests/mail/sitekit.py builds it), an inbox of
hostile mail (tests/chaos/hostile.py) with one valid sheet per player among it, `pbem
run` as a subprocess (so that a crash shows as a traceback on stderr), and checks that
each return a list of problems, every one naming the mail (label and file) behind it.
"""

from __future__ import annotations

import hashlib
import json
import os
import quopri
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from mail.sitekit import START

from pbem import admin, clock
from pbem.admin import current_stage
from pbem.engine import get_game
from pbem.errors import PbemError
from pbem.intake import message_id
from pbem.site import init_site
from pbem.store import open_db

from .hostile import Generator, Target

NOW_DT = START + timedelta(hours=1)
NOW = NOW_DT.strftime("%Y-%m-%dT%H:%M:%SZ")
PLAYERS = {p: f"{p}@example.org" for p in ("anna", "boris", "chiara", "dmitri")}
# The variant's players with non-ASCII addresses: an internationalised domain only, which
# has an ASCII form (IDNA, xn--...), so pbem must take it; and a non-ASCII part before the
# @ too, which has none (only SMTPUTF8 carries it): pbem may refuse that one up front, at
# `player add`, but once it took it, it must serve it like any other.
NONASCII_PLAYERS = {"jose": "jose@exämple.org", "zoe": "zoë@exämple.org"}
MAY_BE_REFUSED = ("zoe",)
# what pbem records of a mail once handled ("answered": commands answered, no sheet taken)
KNOWN_STATUSES = ("stored", "refused", "ignored", "answered", "error")
TRACEBACK = "Traceback (most recent call last)"
MAX_LINE = 998  # octets, without the CRLF (RFC 5322 2.1.1)


@dataclass
class Player:
    name: str
    address: str
    secret: str


def build_site(root: Path, extra: dict[str, str] | None = None
               ) -> tuple[dict[str, Player], dict[str, str]]:
    """A site at `root` with a 4-player HellGame 'g1' (more with `extra`: name -> address),
    started at START; returns the players with their secrets, and the players of `extra`
    that `player add` refused (name -> its error message)."""
    refused = {}
    with clock.pinned(START):
        site = init_site(root)
        db = site.db()
        admin.create_game(db, "g1", "hellgame", seed="42", settings={"hours": 72})
        out = {}
        for name, address in {**PLAYERS, **(extra or {})}.items():
            try:
                out[name] = Player(name, address, admin.add_player(db, "g1", name, address))
            except PbemError as e:
                if name in PLAYERS:
                    raise
                refused[name] = e.message
        admin.start_game(db, "g1", now=START)
        db.conn.close()
    return out, refused


def check_joined(refused: dict[str, str]) -> list[str]:
    """The variant's players pbem must take did join."""
    return [f"player add {name} {NONASCII_PLAYERS.get(name, '?')!r} was refused: {why}"
            for name, why in refused.items() if name not in MAY_BE_REFUSED]


# -- the inbox ---------------------------------------------------------------------------

@dataclass
class Dropped:
    name: str  # file name in inbox/
    label: str
    raw: bytes = field(repr=False)
    player: str = ""  # for a valid sheet: whose

    def __str__(self) -> str:
        return f"{self.label} ({self.name})"


def setup_orders(root: Path, players: dict[str, Player]) -> dict[str, list[str]]:
    """An order each player may give in the game's open stage (the setup: PLACE on one of
    his own Sectios), as the game's view of that player shows it."""
    db = open_db(root / "pbem.db")
    try:
        stage = current_stage(db, "g1")
    finally:
        db.conn.close()
    state = json.loads(stage["state"])
    game = get_game("hellgame")
    return {p: [f"PLACE {game.player_view(state, p)['me']['sectio'][0]}"] for p in players}


def valid_mail(gen: Generator, p: Player, seed: int, orders: list[str] = ()
               ) -> tuple[str, bytes]:
    """One valid sheet from `p` (with `orders`, else none), in one of the forms players'
    mail programs send."""
    sheet = f"GAME g1\nPLAYER {p.name}\nSECRET {p.secret}\n" + "".join(
        f"{line}\n" for line in orders)
    form = gen.rng.choice(("plain", "lf", "qp", "alternative"))
    mid = f"<valid.{seed}.{p.name}.{gen.rng.getrandbits(32):08x}@example.org>"
    sender = p.address
    heads = ["To: orders@example.org", f"Message-ID: {mid}",
             "Date: Mon, 23 Nov 2026 09:45:00 +0000", "MIME-Version: 1.0"]
    if form == "plain":
        heads = [f"From: {sender}", "Subject: orders", *heads,
                 "Content-Type: text/plain; charset=utf-8"]
        body = sheet
    elif form == "lf":  # bare LF line ends, a non-ASCII name and subject, as 8-bit UTF-8
        heads = [f"From: Spieler Ünïcödé <{sender}>", "Subject: Befehle für die Runde",
                 *heads, "Content-Type: text/plain; charset=utf-8"]
        body = sheet + "\n-- \nGrüße aus Köln\n"
    elif form == "qp":
        heads = [f"From: =?utf-8?q?Jos=C3=A9?= <{sender}>",
                 "Subject: =?utf-8?q?ordini_citt=C3=A0?=", *heads,
                 "Content-Type: text/plain; charset=utf-8",
                 "Content-Transfer-Encoding: quoted-printable"]
        body = sheet + "\n-- \nciao dalla città\n"
        body = quopri.encodestring(body.encode()).decode("ascii")
    else:
        heads = [f"From: {sender}", "Subject: Re: [g1] setup", *heads,
                 'Content-Type: multipart/alternative; boundary="v"']
        html = "<p>" + sheet.replace("\n", "<br>") + "</p>"
        body = ("--v\nContent-Type: text/plain; charset=utf-8\n\n" + sheet +
                "\n--v\nContent-Type: text/html; charset=utf-8\n\n" + html + "\n--v--\n")
    eol = "\n" if form == "lf" else "\r\n"
    text = eol.join(heads) + eol + eol + body.replace("\r\n", "\n").replace("\n", eol)
    return f"valid-{form}", text.encode("utf-8")


def generator(seed: int, players: dict[str, Player], huge: bool = True) -> Generator:
    return Generator(seed, Target({p.name: p.address for p in players.values()}), huge)


def drop(root: Path, gen: Generator, n: int, players: dict[str, Player], start: int = 0,
         orders: str = "some") -> list[Dropped]:
    """Write `n` hostile mails from `gen` and one valid sheet per player, at random
    places among them, into root/inbox/ as NNNN-label.eml (dated NOW), numbered from
    `start` + 1. `orders`: "some" (each sheet with an order or with none, at random) or
    "all" (a player's later sheet: one without orders never replaces his earlier one)."""
    given = setup_orders(root, players)
    items = [(h.label, h.raw, "") for h in gen.mails(n)]
    for p in players.values():
        with_orders = orders == "all" or gen.rng.random() < 0.5
        label, raw = valid_mail(gen, p, gen.seed, given[p.name] if with_orders else [])
        label += "-orders" if with_orders else ""
        items.insert(gen.rng.randrange(len(items) + 1), (f"{label}-{p.name}", raw, p.name))
    inbox = root / "inbox"
    inbox.mkdir(exist_ok=True)
    width = max(4, len(str(start + len(items))), len(str(start)) + 1)
    out = []
    stamp = NOW_DT.timestamp()
    for i, (label, raw, player) in enumerate(items, start=start + 1):
        name = f"{i:0{width}d}-{label}.eml"
        path = inbox / name
        path.write_bytes(raw)
        os.utime(path, (stamp, stamp))
        out.append(Dropped(name, label, raw, player))
    return out


def redeliver(root: Path, dropped: list[Dropped]) -> None:
    """The same files once more (a mail server delivering everything again)."""
    stamp = NOW_DT.timestamp()
    for d in dropped:
        path = root / "inbox" / d.name
        path.write_bytes(d.raw)
        os.utime(path, (stamp, stamp))


# -- running -----------------------------------------------------------------------------

@dataclass
class Ran:
    code: int
    stdout: str
    stderr: str
    seconds: float

    def tracebacks(self) -> list[str]:
        return tracebacks(self.stderr)


def pbem_run(root: Path, now: str = NOW, timeout: float = 900) -> Ran:
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pbem", "--site", str(root), "run",
                           "--now", now], capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    return Ran(proc.returncode, proc.stdout.decode("utf-8", "replace"),
               proc.stderr.decode("utf-8", "replace"), time.monotonic() - started)


_FRAME = re.compile(r'^  File "([^"]+)", line (\d+), in (\S+)$')


def tracebacks(stderr: str) -> list[str]:
    """Each traceback in `stderr` in one line: the exception, and where in pbem it was
    raised (the innermost frame in pbem/, and the innermost frame of all)."""
    out = []
    for block in stderr.split(TRACEBACK)[1:]:
        lines = block.strip("\n").split("\n")
        frames = [m.groups() for m in map(_FRAME.match, lines) if m]
        exc = next((line for line in reversed(lines)
                    if line and not line.startswith(" ")), "?")
        where = []
        own = [f for f in frames if "/pbem/" in f[0] or "/pbem_games/" in f[0]]
        for f in ([own[-1]] if own else []) + ([frames[-1]] if frames else []):
            text = f"{Path(f[0]).parent.name}/{Path(f[0]).name}:{f[1]} {f[2]}"
            if text not in where:
                where.append(text)
        out.append(f"{exc[:300]} [at {' <- '.join(reversed(where))}]")
    return out


# -- what the run left -------------------------------------------------------------------

@dataclass
class State:
    mails: list[dict]
    submissions: list[dict]
    outbox: list[dict]
    files: dict[str, bytes]  # outbox/*.eml
    by_name: dict[str, Dropped] = field(default_factory=dict)
    inbox_left: set[str] = field(default_factory=set)  # inbox/*.eml not taken

    def __post_init__(self):
        self.mail_by_id = {m["id"]: m for m in self.mails}
        self.mail_by_name = {m["source"].partition(" ")[2]: m for m in self.mails}
        self.outbox_by_id = {r["id"]: r for r in self.outbox}

    def __repr__(self) -> str:
        return f"<State: {len(self.mails)} mails, {len(self.outbox)} outbox rows>"

    def stuck_at(self) -> str:
        """Which mails were left in inbox/, if any (files are taken in name order: when
        all from one on were left, that one stopped the fetch)."""
        if not self.inbox_left:
            return ""
        first = min(self.inbox_left)
        after = [n for n in self.by_name if n >= first]
        if len(after) == len(self.inbox_left):  # everything from `first` on
            return (f"fetching stopped at {self.by_name.get(first, first)}: it and the "
                    f"{len(self.inbox_left) - 1} mails after it were left in inbox/")
        left = sorted(self.inbox_left)
        shown = ", ".join(str(self.by_name.get(n, n)) for n in left[:10])
        return (f"{len(left)} mails were left in inbox/, not stored: {shown}"
                + (f" and {len(left) - 10} more" if len(left) > 10 else ""))

    def outbox_stuck_at(self) -> str:
        """The oldest message still queued: outgoing mail goes oldest first, so when a
        run crashed while sending, this is the message it crashed on."""
        r = next((r for r in self.outbox if r["status"] == "queued"), None)
        if r is None:
            return ""
        return (f"the oldest message still queued, where sending stopped: outbox {r['id']} "
                f"({r['kind']} to {r['to_addr']!r}, answering {self.mail_file(r['mail'])})")

    def mail_file(self, mail_id: int) -> str:
        row = self.mail_by_id.get(mail_id)
        if row is None:
            return f"mail {mail_id}"
        name = row["source"].partition(" ")[2]
        d = self.by_name.get(name)
        return str(d) if d else f"{name} (mail {mail_id})"

    def file_row(self, name: str) -> dict | None:
        try:
            oid = int(name.split("-", 1)[0])
        except ValueError:
            return None
        return self.outbox_by_id.get(oid)


def snapshot(root: Path, dropped: list[Dropped]) -> State:
    db = open_db(root / "pbem.db")
    try:
        mails = [{k: v for k, v in r.items() if k != "raw"} for r in db.query(
            "SELECT id, message_id, sha256, source, status, reason, from_addr, game, player, "
            "submission FROM mails ORDER BY id")]
        subs = list(db.query("SELECT id, game, player, stage, mail FROM submissions"))
        box = list(db.query("SELECT id, kind, to_addr, subject, status, mail, game, player, "
                            "last_error, in_reply_to FROM outbox ORDER BY id"))
    finally:
        db.conn.close()
    files = {p.name: p.read_bytes() for p in sorted((root / "outbox").glob("*.eml"))}
    left = {p.name for p in (root / "inbox").glob("*.eml")}
    return State(mails, subs, box, files, {d.name: d for d in dropped}, left)


def diagnose(root: Path, state: State) -> list[str]:
    """Why mail is stuck: each queued outbox message that cannot be composed (with the
    mail it answers), and each mail never handled or handled with an exception."""
    from pbem import outbox
    from pbem.site import open_site

    out = []
    site = open_site(root)
    db = site.db()
    try:
        for row in db.query("SELECT * FROM outbox WHERE status = 'queued' ORDER BY id"):
            try:
                outbox.compose(row, site, False, outbox.report_parts(db, row))
            except Exception as e:
                out.append(f"outbox {row['id']} ({row['kind']} to {row['to_addr']!r}, "
                           f"answering {state.mail_file(row['mail'])}) cannot be composed: "
                           f"{type(e).__name__}: {str(e)[:200]}")
    finally:
        db.conn.close()
    for m in state.mails:
        if m["status"] in ("new", "error"):
            out.append(f"{state.mail_file(m['id'])}: status {m['status']!r} "
                       f"{m['reason'][:200]!r}")
    return out


# -- the checks: each returns its problems, each naming the mail behind it -----------------

def check_run(ran: Ran, root: Path, state: State, which: str, limit: int = 20) -> list[str]:
    """No traceback and exit code 0 or 1; if not, why mail is stuck (`limit` lines of
    it, indented) and the end of stderr (indented further)."""
    problems = []
    if ran.code not in (0, 1):
        problems.append(f"{which}: exit code {ran.code}")
    for tb in ran.tracebacks():
        problems.append(f"{which}: traceback: {tb}")
    if problems:
        why = diagnose(root, state)
        problems += [f"  {line}" for line in why[:limit]]
        if len(why) > limit:
            problems.append(f"  ... and {len(why) - limit} more")
        tail = ran.stderr.strip().splitlines()[-12:]
        problems += ["  stderr ends:"] + [f"    {line}" for line in tail]
    return problems


def _valid_row(state: State, d: Dropped) -> dict | None:
    return state.mail_by_name.get(d.name)


def check_stored(state: State, dropped: list[Dropped], players: dict[str, Player]
                 ) -> list[str]:
    problems = []
    for d in (d for d in dropped if d.player):
        row = _valid_row(state, d)
        subs = [s for s in state.submissions if row and s["mail"] == row["id"]]
        if row is None:
            problems.append(f"valid sheet {d}: not in the mails table"
                            + (" (still in inbox/: never fetched)"
                               if d.name in state.inbox_left else ""))
        elif row["status"] != "stored" or not subs:
            problems.append(f"valid sheet {d}: status {row['status']!r} "
                            f"({row['reason'][:300]!r}), {len(subs)} submissions")
        elif subs[0]["player"] != d.player or subs[0]["game"] != "g1":
            problems.append(f"valid sheet {d}: stored for {subs[0]['game']}/"
                            f"{subs[0]['player']}")
    for p in players.values():
        if not any(s["player"] == p.name for s in state.submissions):
            problems.append(f"player {p.name}: no submission at all")
    if problems and state.stuck_at():
        problems.insert(0, state.stuck_at())
    return problems


def eml_problems(data: bytes) -> list[str]:
    out = []
    if not data.isascii():
        bad = next(i for i, b in enumerate(data) if b > 127)
        line = data[:bad].count(b"\n") + 1
        out.append(f"byte {bad} (line {line}) is not ASCII: "
                   f"{data[max(0, bad - 40):bad + 20]!r}")
    for i, line in enumerate(data.split(b"\r\n"), start=1):
        if len(line) > MAX_LINE:
            out.append(f"line {i} is {len(line)} octets: {line[:60]!r}...")
            break
    if b"\n" in data.replace(b"\r\n", b"") or b"\r" in data.replace(b"\r\n", b""):
        out.append("has a bare LF or CR")
    return out


def check_confirmed(state: State, dropped: list[Dropped], players: dict[str, Player]
                    ) -> list[str]:
    problems = []
    for d in (d for d in dropped if d.player):
        p = players[d.player]
        row = _valid_row(state, d)
        if row is None:
            problems.append(f"valid sheet {d}: not in the mails table, so not confirmed"
                            + (f" ({state.stuck_at()})" if d.name in state.inbox_left
                               else ""))
            continue
        replies = [r for r in state.outbox if r["mail"] == row["id"]
                   and r["kind"] == "confirmation"]
        mine = [r for r in replies if r["to_addr"] == p.address.lower()
                or r["to_addr"] == p.address]
        if not mine:
            problems.append(f"valid sheet {d}: no confirmation queued to {p.address!r} "
                            f"(outbox rows for it: {[(r['kind'], r['to_addr']) for r in replies]}"
                            f"; mail status {row['status']!r})")
            continue
        r = mine[0]
        files = [n for n in state.files if n.startswith(f"{r['id']:06d}-")]
        if r["status"] != "sent" or not files:
            stuck = f"; {state.outbox_stuck_at()}" if r["status"] == "queued" else ""
            problems.append(f"valid sheet {d}: confirmation {r['id']} is {r['status']!r}, "
                            f"{len(files)} files in outbox/ {r['last_error'][:200]!r}{stuck}")
            continue
        for name in files:
            for problem in eml_problems(state.files[name]):
                problems.append(f"valid sheet {d}: confirmation {name}: {problem}")
    return problems


def check_outgoing(state: State) -> list[str]:
    """Every .eml written to outbox/ is ASCII with CRLF lines of at most 998 octets."""
    problems = []
    for name, data in state.files.items():
        row = state.file_row(name)
        about = state.mail_file(row["mail"]) if row and row["mail"] else "no mail"
        for problem in eml_problems(data):
            problems.append(f"{name} (answering {about}): {problem}")
    return problems


def check_accounted(state: State, dropped: list[Dropped], ran: Ran | None = None
                    ) -> list[str]:
    """Each inbox file is a row of `mails` (or a duplicate of one, by Message-ID), in a
    known status, and the table holds nothing else (`dropped`: every file the site was
    given). With `ran`, the run also said it took all of them, new or seen before."""
    problems = []
    by_sha = {m["sha256"]: m for m in state.mails}
    by_mid: dict[str, dict] = {}
    for m in state.mails:
        if m["message_id"]:
            by_mid.setdefault(m["message_id"], m)
    used = set()
    fresh = 0
    for d in dropped:
        row = by_sha.get(hashlib.sha256(d.raw).hexdigest())
        if row is not None:
            fresh += row["id"] not in used
        else:
            mid = message_id(d.raw)
            row = by_mid.get(mid) if mid else None
            if row is None:
                where = ("still in inbox/: never fetched" if d.name in state.inbox_left
                         else "gone from inbox/")
                problems.append(f"{d}: lost (no row in mails, by its bytes or Message-ID "
                                f"{mid!r}; {where})")
                continue
        used.add(row["id"])
        if row["status"] not in KNOWN_STATUSES:
            problems.append(f"{d}: status {row['status']!r} {row['reason'][:200]!r}")
    extra = [m for m in state.mails if m["id"] not in used]
    for m in extra:
        problems.append(f"mails row {m['id']} ({m['source']}) matches no inbox file")
    if len(problems) > 40:
        problems[40:] = [f"... and {len(problems) - 40} more"]
    if ran is not None:
        problems[:0] = check_took(ran, len(dropped))
    if state.stuck_at():
        problems.insert(0, state.stuck_at())
    return problems


def check_took(ran: Ran, n: int) -> list[str]:
    """`pbem run` said it took all `n` mails of the inbox, new or seen before."""
    if ran.tracebacks():  # a crash: check_run reports it
        return []
    errors = "; ".join(line for line in (ran.stdout + ran.stderr).splitlines()
                       if line.startswith("error:"))[:500]
    m = re.search(r"mail: (\d+) new, (\d+) seen before", ran.stdout)
    if m is None:
        return [f"`pbem run` did not say how much mail it took: {ran.stdout[:300]!r} "
                f"{errors}"]
    if int(m.group(1)) + int(m.group(2)) != n:
        return [f"`pbem run` took {m.group(1)} new and {m.group(2)} seen before of {n} "
                f"mails in the inbox; {errors or 'it said no error'}"]
    return []


UNANSWERED = ("new", "error")  # after a run: its handling raised (retried later, or set aside)


def check_no_errors(state: State, skip: set[int] = frozenset()) -> list[str]:
    """No mail was left unanswered by an exception in its handling: in status 'error'
    (set aside), or still 'new' after the run (to be tried again). Mails in `skip` (by
    id) are not looked at."""
    return [f"{state.mail_file(m['id'])}: status {m['status']!r} after the run: "
            f"{m['reason'][:300]}"
            for m in state.mails if m["status"] in UNANSWERED and m["id"] not in skip]


def check_nothing_twice(before: State, after: State) -> list[str]:
    """What a second run (with the same mail delivered again) changed: nothing taken or
    answered again, no file written again."""
    problems = []
    if len(after.mails) != len(before.mails):
        new = after.mails[len(before.mails):]
        problems.append(f"the second run stored {len(new)} mails again: "
                        + ", ".join(after.mail_file(m["id"]) for m in new[:10]))
    was = {m["id"]: m["status"] for m in before.mails}
    for m in after.mails:
        if m["id"] in was and was[m["id"]] not in ("new", m["status"]):
            problems.append(f"{after.mail_file(m['id'])}: {was[m['id']]!r} became "
                            f"{m['status']!r} in the second run")
    old_ids = {r["id"] for r in before.outbox}
    for r in after.outbox:
        if r["id"] not in old_ids:
            problems.append(f"the second run queued outbox {r['id']} ({r['kind']} to "
                            f"{r['to_addr']!r}, answering {after.mail_file(r['mail'])})")
    seen: dict[tuple, int] = {}
    for r in after.outbox:
        if r["mail"] and r["kind"] in ("confirmation", "refusal"):
            key = (r["mail"], r["to_addr"], r["kind"])
            if key in seen:
                problems.append(f"{after.mail_file(r['mail'])}: answered twice to "
                                f"{r['to_addr']!r} (outbox {seen[key]} and {r['id']})")
            seen[key] = r["id"]
    for name, data in before.files.items():
        if after.files.get(name) != data:
            problems.append(f"outbox/{name} changed or vanished in the second run")
    ids: dict[str, str] = {}
    for name in after.files:
        oid = name.split("-", 1)[0]
        if oid in ids:
            problems.append(f"outbox message {oid} written twice: {ids[oid]} and {name}")
        ids[oid] = name
    return problems
