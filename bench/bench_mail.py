"""Benchmark: ingesting order mails from a Maildir (issue 3's target: 10,000 mails in
under 20 s, and at most 3x the time of parsing the same mails with the standard
library alone).

Not a test. Run:

    python bench/bench_mail.py [MAILS] [GAMES] [--instructions [--budget FILE [--record]]]

It builds a throw-away site with GAMES 4-player HellGames in their first turn and a
Maildir of MAILS order mails (each player re-sends sheets; a tenth are phone-style
quoted-printable replies with a quoted report below, a twentieth carry a wrong secret).
Then it times, on the same files:
  1. the baseline: read each file, `email.message_from_bytes(policy=default)` and
     `get_body(("plain",)).get_content()` — parsing with the standard library alone;
  2. `pbem mail fetch`'s work: store every raw message (deduplicated), mark it seen,
     then answer it: extract, route, authenticate, check the orders with the game
     engine, store the sheet and queue the confirmation.

`--instructions` instead counts, under Valgrind's callgrind (bench/instructions.py), the
instructions of step 2 alone (no baseline), per mail: repeatable where seconds are not.
With `--budget bench/budget.json` the count is checked against the one recorded there
(`.ci/run` runs `150 4 --instructions --budget bench/budget.json`); `--record` records
it.
"""

from __future__ import annotations

import email
import json
import os
import quopri
import resource
import shutil
import sys
import tempfile
import time
from email.policy import compat32, default
from pathlib import Path

import instructions

from pbem import admin, intake, turns
from pbem.engine import get_game
from pbem.mailboxes import MaildirBox
from pbem.site import init_site

PLAYERS = ("anna", "boris", "chiara", "dmitri")


def build(root: Path, n_mails: int, n_games: int):
    site = init_site(root / "site")
    db = site.db()
    secrets = {}
    game = get_game("hellgame")
    for i in range(n_games):
        name = f"g{i}"
        admin.create_game(db, name, "hellgame", seed=name, settings={"hours": 72})
        for p in PLAYERS:
            secrets[name, p] = admin.add_player(db, name, p, f"{p}.{name}@example.org")
        admin.start_game(db, name)
        turns.process(db, name)  # into turn 1, where the real orders are
    maildir = root / "Maildir"
    for sub in ("new", "cur", "tmp"):
        (maildir / sub).mkdir(parents=True)
    states = {}
    for n in range(n_mails):
        name = f"g{n % n_games}"
        p = PLAYERS[(n // n_games) % 4]
        if name not in states:
            states[name] = json.loads(admin.current_stage(db, name)["state"])
        me = game.player_view(states[name], p)["me"]
        secret = secrets[name, p] if n % 20 else "wrong-secret"
        lines = [f"GAME {name}", f"PLAYER {p}", f"SECRET {secret}", "TURN 1"]
        if me["sectio"]:
            lines.append(f"LEGION {me['sectio'][n % len(me['sectio'])]}")
        lines += ["BUY ARCANA 1", f"# sheet {n}"]
        body = "\n".join(lines) + "\n"
        headers = [f"From: {p.title()} <{p}.{name}@example.org>", "To: orders@example.org",
                   f"Subject: Re: [{name}] turn 1 report",
                   f"Message-ID: <bench.{n}@example.org>",
                   "Date: Mon, 23 Nov 2026 10:00:00 +0000", "MIME-Version: 1.0"]
        if n % 10 == 0:
            body += "\nOn Mon, 23 Nov 2026, orders@example.org wrote:\n" + "".join(
                f"> report line {k} \u2014 with a long dash and caf\u00e9\n" for k in range(40))
            payload = quopri.encodestring(body.encode()).decode()
            headers += ["Content-Type: text/plain; charset=utf-8",
                        "Content-Transfer-Encoding: quoted-printable"]
        else:
            payload = body
            headers += ["Content-Type: text/plain; charset=us-ascii"]
        raw = ("\r\n".join(headers) + "\r\n\r\n" + payload.replace("\n", "\r\n")).encode()
        (maildir / "new" / f"{n:07d}.bench:2,").write_bytes(raw)
    db.conn.close()
    return site, maildir


def baseline(maildir: Path) -> float:
    """The modern standard-library way: policy.default, get_body, get_content."""
    t = time.perf_counter()
    for entry in sorted(os.scandir(maildir / "new"), key=lambda e: e.name):
        with open(entry.path, "rb") as f:
            msg = email.message_from_bytes(f.read(), policy=default)
        body = msg.get_body(("plain",))
        if body is not None:
            body.get_content()
    return time.perf_counter() - t


def baseline_compat32(maildir: Path) -> float:
    """The legacy API (compat32): the cheapest parse the standard library offers."""
    t = time.perf_counter()
    for entry in sorted(os.scandir(maildir / "new"), key=lambda e: e.name):
        with open(entry.path, "rb") as f:
            msg = email.message_from_bytes(f.read(), policy=compat32)
        for part in msg.walk():
            if part.get_content_type() == "text/plain":
                part.get_payload(decode=True).decode(part.get_content_charset() or "ascii")
                break
    return time.perf_counter() - t


def counted(n_mails: int, n_games: int) -> None:
    """The counted run of --instructions: step 2 alone, under callgrind."""
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-mail-"))
    site, maildir = build(root, n_mails, n_games)
    db = site.db()
    with instructions.counted():
        intake.fetch(site, db, MaildirBox(maildir))
        intake.handle_pending(site, db)
    instructions.units(n_mails)
    db.conn.close()
    shutil.rmtree(root)


def main(n_mails: int = 10_000, n_games: int = 250) -> None:
    if instructions.active():
        counted(n_mails, n_games)
        return
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-mail-"))
    t = time.perf_counter()
    site, maildir = build(root, n_mails, n_games)
    print(f"setup: {n_games} games, {n_mails} mails in {time.perf_counter() - t:.1f} s "
          f"(not timed below); site {root}")
    base = min(baseline(maildir), baseline(maildir))  # warm file cache; the better counts
    base32 = min(baseline_compat32(maildir), baseline_compat32(maildir))
    db = site.db()
    t = time.perf_counter()
    got = intake.fetch(site, db, MaildirBox(maildir))
    t_store = time.perf_counter() - t
    t = time.perf_counter()
    handled = intake.handle_pending(site, db)
    t_handle = time.perf_counter() - t
    total = t_store + t_handle
    statuses: dict[str, int] = {}
    for h in handled:
        statuses[h.status] = statuses.get(h.status, 0) + 1
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"stdlib parse alone:        {base:6.2f} s ({base / n_mails * 1e3:.2f} ms/mail; "
          f"policy.default, get_body, get_content)")
    print(f"stdlib compat32 parse:     {base32:6.2f} s ({base32 / n_mails * 1e3:.2f} ms/mail)")
    print(f"store raw + mark seen:     {t_store:6.2f} s ({got.stored} stored)")
    print(f"answer (check, confirm):   {t_handle:6.2f} s {statuses}")
    print(f"ingest total:              {total:6.2f} s ({total / n_mails * 1e3:.2f} ms/mail), "
          f"{total / base:.2f}x the stdlib parse ({total / base32:.2f}x compat32); "
          f"target < 20 s and <= 3x")
    print(f"peak RSS: {rss:.0f} MB; outbox rows: {db['outbox'].count}")


if __name__ == "__main__":
    code = instructions.rerun(__file__, sys.argv[1:])
    if code is not None:
        sys.exit(code)
    main(*[int(a) for a in sys.argv[1:] if a.isdigit()])
