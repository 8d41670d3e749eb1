"""The site's SQLite database, through sqlite-utils, with numbered migrations.

Tables (DESIGN.md §4, §8):
  games        one row a game: type, seed, variants, status, current stage number
  players      per game; the secret is stored only as a salted hash
  stages       per game and number: the state snapshot *entering* the stage, its seed,
               state hash, status (open → processed), the resolution's events
  submissions  every order sheet received, raw, append-only, with its sha256 (and the
               sheet as checked, with what it was checked against: pbem/checked.py)
  order_lines  the per-line results of each submission
  events       what each processed stage produced (visibility per player)
  dice_rolls   every die rolled in a processed stage, with its reason
  reports      rendered reports per stage and player ('' = the public board)
  outbox       outgoing mail: queued → sent / failed, with retries and backoff
  mails        every inbound message, raw, stored before anything else happens
  reminders    which deadline reminders went to whom (never sent twice)
  runs         one row per `pbem run`: when, and what it did
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import weakref
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from . import clock


def now() -> str:
    """The run's time as stored (pbem.clock)."""
    return clock.stamp()


def _m1(db: sqlite_utils.Database) -> None:
    db["games"].create({"name": str, "game_type": str, "seed": str, "variants": str,
                        "status": str, "stage": int, "created": str, "result": str},
                       pk="name")
    db["players"].create({"game": str, "name": str, "email": str, "secret_hash": str,
                          "salt": str, "seat": int, "joined": str},
                         pk=("game", "name"), foreign_keys=[("game", "games", "name")])
    db["stages"].create({"game": str, "number": int, "name": str, "state": str,
                         "state_hash": str, "seed": str, "status": str, "deadline": str,
                         "processed_at": str, "next_name": str},
                        pk=("game", "number"), foreign_keys=[("game", "games", "name")])
    db["submissions"].create({"id": int, "game": str, "player": str, "stage": int, "raw": str,
                              "sha256": str, "received": str, "source": str, "receipt": str,
                              "accepted": int, "problems": int},
                             pk="id", foreign_keys=[("game", "games", "name")])
    db["order_lines"].create({"submission": int, "line_no": int, "status": str, "text": str,
                              "canonical": str, "message": str, "rule": str, "hint": str},
                             pk=("submission", "line_no"),
                             foreign_keys=[("submission", "submissions", "id")])
    db["events"].create({"game": str, "stage": int, "seq": int, "phase": str, "kind": str,
                         "text": str, "rule": str, "visible_to": str, "data": str},
                        pk=("game", "stage", "seq"))
    db["dice_rolls"].create({"game": str, "stage": int, "seq": int, "reason": str,
                             "sides": int, "result": int, "player": str},
                            pk=("game", "stage", "seq"))
    db["reports"].create({"game": str, "stage": int, "player": str, "format": str, "body": str},
                         pk=("game", "stage", "player", "format"))
    db["outbox"].create({"id": int, "game": str, "to_addr": str, "subject": str, "body": str,
                         "status": str, "created": str, "attempts": int}, pk="id")
    db["submissions"].create_index(["game", "player", "stage"])


def _m2(db: sqlite_utils.Database) -> None:
    """Mail intake and outbox, deadlines, NMR counts, rollback bookkeeping (issue 3)."""
    games = db["games"]
    games.add_column("settings", str, not_null_default="{}")  # schedule (pbem/schedule.py)
    games.add_column("paused_at", str, not_null_default="")
    games.add_column("last_error", str, not_null_default="")
    games.add_column("error_notified", str, not_null_default="")
    players = db["players"]
    players.add_column("nmr", int, not_null_default=0)  # missed stages in a row
    players.add_column("nmr_total", int, not_null_default=0)
    players.add_column("history", str, not_null_default="[]")  # earlier holders of the seat
    stages = db["stages"]
    stages.add_column("opened_at", str, not_null_default="")
    # events and dice stored when the stage opened (the deal): a rollback keeps them
    stages.add_column("open_events", int, not_null_default=0)
    stages.add_column("open_rolls", int, not_null_default=0)
    db["submissions"].add_column("mail", int)
    db["submissions"].add_column("delivered", str, not_null_default="")
    db["mails"].create({"id": int, "message_id": str, "sha256": str, "source": str,
                        "delivered": str, "stored": str, "size": int, "raw": bytes,
                        "from_addr": str, "subject": str, "status": str, "reason": str,
                        "game": str, "player": str, "submission": int, "handled": str},
                       pk="id", not_null={"sha256", "status"},
                       defaults={"status": "new", "reason": "", "game": "", "player": "",
                                 "from_addr": "", "subject": "", "handled": ""})
    db["mails"].create_index(["sha256"], unique=True)
    db["mails"].create_index(["message_id"])
    db["mails"].create_index(["status"])
    outbox = db["outbox"]
    for col, default in (("player", ""), ("stage", -1), ("kind", ""), ("message_id", ""),
                         ("in_reply_to", ""), ("refs", ""), ("next_attempt", ""),
                         ("last_error", ""), ("sent_at", ""), ("mail", 0)):
        outbox.add_column(col, type(default), not_null_default=default)
    outbox.create_index(["status", "next_attempt"])
    outbox.create_index(["to_addr", "created"])  # the per-address reply limit
    db["reminders"].create({"game": str, "stage": int, "player": str, "hours": float,
                            "sent": str}, pk=("game", "stage", "player", "hours"))
    db["runs"].create({"id": int, "started": str, "finished": str, "summary": str}, pk="id")


def _m3(db: sqlite_utils.Database) -> None:
    """Reports in three formats (issue 6): each player's time zone for his deadlines."""
    db["players"].add_column("timezone", str, not_null_default="")  # '' = the game's


def _m4(db: sqlite_utils.Database) -> None:
    """Isolation (issue 17): faults of mails, games and messages in one table; mails
    retried after a passing fault; a mail's content digest for deduplication."""
    db["faults"].create({"unit": str, "key": str, "message": str, "detail": str,
                         "first": str, "last": str, "count": int, "notified": str,
                         "cleared": str},
                        pk=("unit", "key"), not_null={"message"},
                        defaults={"detail": "", "count": 1, "notified": "", "cleared": ""})
    mails = db["mails"]
    mails.add_column("attempts", int, not_null_default=0)
    mails.add_column("next_attempt", str, not_null_default="")
    mails.add_column("content_sha256", str, not_null_default="")
    mails.create_index(["message_id", "content_sha256"])
    # no secret at rest in clear: a mail keeps the tags of the secrets it carried (their
    # SHA-256, see secret_tag), a seat the tag of its secret; the raw mail is redacted
    mails.add_column("secret_tags", str, not_null_default="[]")
    db["players"].add_column("secret_tag", str, not_null_default="")
    from .redact import redact  # mails answered before: their secrets are of no more use

    for mail_id, raw in db.execute("SELECT id, raw FROM mails WHERE status != 'new'").fetchall():
        kept, values = redact(raw or b"")
        if values:
            db.execute("UPDATE mails SET raw = ? WHERE id = ?", [kept, mail_id])


def _m5(db: sqlite_utils.Database) -> None:
    """The service by mail (issue 18): welcome mails, vacations, resignations, address
    changes, observers, joining by mail."""
    players = db["players"]
    for col in ("vacation_from", "vacation_to", "resigned", "new_email", "new_email_code",
                "welcomed"):
        players.add_column(col, str, not_null_default="")
    games = db["games"]
    games.add_column("visibility", str, not_null_default="listed")  # listed | hidden
    games.add_column("joining", str, not_null_default="closed")  # closed | approve | open
    games.add_column("autostart", int, not_null_default=0)  # start with N seats taken (0: no)
    db["observers"].create({"game": str, "address": str, "since": str},
                           pk=("game", "address"))
    db["join_requests"].create({"id": int, "game": str, "address": str, "name": str,
                                "status": str, "created": str, "mail": int}, pk="id",
                               defaults={"status": "waiting"})


def _m6(db: sqlite_utils.Database) -> None:
    """Press (issue 19): messages between players relayed by the game, kept with it."""
    db["games"].add_column("press", str, not_null_default="")  # '' = the game's default
    db["games"].add_column("press_after_end", int, not_null_default=0)
    db["press"].create({"id": int, "game": str, "stage": int, "sender": str, "recipients": str,
                        "grey": int, "body": str, "created": str, "mail": int,
                        "reply_to": int}, pk="id", defaults={"reply_to": 0})
    db["press"].create_index(["game", "stage"])
    # one token per copy relayed: the Message-ID of the recipient's mail, so that his
    # reply (In-Reply-To) goes back to the sender, and only to him
    db["press_tokens"].create({"token": str, "press": int, "recipient": str}, pk="token")


def _m7(db: sqlite_utils.Database) -> None:
    """Intake at speed (issue 23): the lookups made for every mail answered in one index
    each, instead of a scan of the table (0.1 ms a mail at 1,000 seats and 10,000 mails).
    Partial indexes: a seat without a secret tag, and the refused mails (the lockout of
    failed authentications, pbem.answering._locked_out), are few."""
    db.execute("CREATE INDEX players_untagged ON players (game) WHERE secret_tag = ''")
    db.execute("CREATE INDEX mails_refused_seat ON mails (game, player, handled) "
               "WHERE status = 'refused'")
    db.execute("CREATE INDEX mails_refused_sender ON mails (from_addr, handled) "
               "WHERE status = 'refused'")


def _m8(db: sqlite_utils.Database) -> None:
    """A sheet checked once (issue 23, pbem/checked.py): the checked sheet as JSON, and
    what it was checked against; '' for a sheet stored before, checked again as ever."""
    db["submissions"].add_column("sheet", str, not_null_default="")
    db["submissions"].add_column("checked_with", str, not_null_default="")


MIGRATIONS = [_m1, _m2, _m3, _m4, _m5, _m6, _m7, _m8]


#: every database this process opened (tests/conftest.py: none left with work uncommitted)
OPENED: weakref.WeakSet = weakref.WeakSet()


def open_db(path: str | Path) -> sqlite_utils.Database:
    """Open (creating if needed) and migrate the database to the latest schema."""
    db = sqlite_utils.Database(path)
    OPENED.add(db)
    db.conn.execute("PRAGMA foreign_keys = ON")
    # cron jobs, `pbem mail receive` pipes and the moderator's commands may overlap:
    # a writer waits for another's transaction instead of failing at once
    db.conn.execute("PRAGMA busy_timeout = 60000")
    # WAL: readers (status, report) never block a running turn, and a commit costs one
    # fsync of the log instead of two of the database; a crash still loses nothing
    # committed before the last checkpoint-safe sync (SQLite's documented guarantee).
    db.conn.execute("PRAGMA journal_mode = WAL")
    db.conn.execute("PRAGMA synchronous = NORMAL")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for n, migrate in enumerate(MIGRATIONS, start=1):
        if version < n:
            with db.atomic():
                migrate(db)
                db.execute(f"PRAGMA user_version = {n}")
    return db


def schema_version(db: sqlite_utils.Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


# -- secrets ----------------------------------------------------------------------------

def new_secret() -> str:
    """A player's secret: short enough to type on a phone, long enough not to guess."""
    return secrets.token_urlsafe(9)


def hash_secret(secret: str, salt: str) -> str:
    """Secrets are random 72-bit tokens we make (never passwords people choose), so a
    salted HMAC-SHA256 is enough: there is no dictionary to run a slow hash against."""
    return hmac.new(salt.encode(), secret.encode(), hashlib.sha256).hexdigest()


def check_secret(row: dict, secret: str) -> bool:
    return hmac.compare_digest(hash_secret(secret, row["salt"]), row["secret_hash"])


def secret_tag(secret: str) -> str:
    """What a stored mail keeps of a secret it carried, instead of the secret: its
    SHA-256. Secrets are 72-bit random tokens (new_secret), so no search can run it
    back; a seat keeps the same tag of its own secret to compare with."""
    return hashlib.sha256(b"pbem-secret:" + secret.encode("utf-8", "surrogateescape")
                          ).hexdigest()


def secret_columns(secret: str, salt: str | None = None) -> dict:
    """A player row's columns for `secret`."""
    salt = salt or secrets.token_hex(8)
    return {"secret_hash": hash_secret(secret, salt), "salt": salt,
            "secret_tag": secret_tag(secret)}


def dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


# -- fast reads and writes -------------------------------------------------------------
# sqlite-utils' table helpers look up the schema on every call; the hot paths (a batch
# of 10,000 mails, a run over 1,000 games) use these plain-SQL helpers instead.

@contextmanager
def transaction(db):
    """A transaction, or part of the one already open: unlike sqlite-utils' atomic() no
    savepoint is made, so a failure inside rolls back the whole enclosing transaction
    (what every caller here wants) and costs two statements less."""
    if db.conn.in_transaction:
        yield db
    else:
        with db.atomic():
            yield db


def rows(db, sql: str, args=()) -> list[dict]:
    cur = db.conn.execute(sql, args)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def one(db, sql: str, args=()) -> dict | None:
    cur = db.conn.execute(sql, args)
    r = cur.fetchone()
    return None if r is None else dict(zip([d[0] for d in cur.description], r, strict=True))


def insert(db, table: str, row: dict) -> int:
    cols = ", ".join(row)
    marks = ", ".join("?" * len(row))
    return db.conn.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})",
                           list(row.values())).lastrowid


def update(db, table: str, where: dict, values: dict) -> None:
    sets = ", ".join(f"{k} = ?" for k in values)
    cond = " AND ".join(f"{k} = ?" for k in where)
    db.conn.execute(f"UPDATE {table} SET {sets} WHERE {cond}",
                    [*values.values(), *where.values()])
