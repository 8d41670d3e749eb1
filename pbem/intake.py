"""Inbound mail: store raw first, then answer (DESIGN.md §5, §8).

`store_raw` commits the message before anything else looks at it, deduplicated by
Message-ID and by the hash of its bytes, so nothing a player sent is ever lost and a
message fetched twice is taken once. `handle_pending` then works through the stored
messages, each a unit of failure on a budget, and pbem.answering answers each:
auto-replies, bounces and loops are set aside without an answer; everything else gets
exactly one answer queued in the outbox, in the same transaction that stores the orders.
"""

from __future__ import annotations

import errno
import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from . import budget, clock, deadlines, faults, mailtext, notices, orders, redact, schedule
from .answering import Handled, handle, reply_subject, within_budget
from .batch import Batch
from .render import wrap
from .store import check_secret, insert, one, secret_tag, transaction, update
from .store import now as now_text

MESSAGE_ID = re.compile(rb"^message-id:[ \t]*(.*?)\s*$", re.I | re.M)
HARD_LIMIT = 25_000_000  # bytes kept of one message (the usual MTA maximum)


def message_id(raw: bytes) -> str:
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    m = MESSAGE_ID.search(head)
    return m.group(1).decode("ascii", "replace").strip() if m else ""


def store_raw(db, raw: bytes, source: str, delivered: str | None = None) -> tuple[int, bool]:
    """Store one message as received, its secrets cut out (pbem.redact); return (id,
    duplicate). A duplicate is the same bytes, or the same Message-ID with the same
    content (mailtext.content_digest): a different message that reuses an id is kept."""
    mail_id, dup, _ = store_kept(db, raw, source, delivered)
    return mail_id, dup


def store_kept(db, raw: bytes, source: str, delivered: str | None = None
               ) -> tuple[int, bool, bytes]:
    """store_raw, also returning the bytes kept (what an archive may hold)."""
    digest = hashlib.sha256(raw).hexdigest()
    mid = message_id(raw)
    content = mailtext.content_digest(raw)
    kept, values = redact.redact(raw[:HARD_LIMIT])
    with transaction(db):  # inside a fetch's batch, part of its transaction
        dup = db.execute("SELECT id FROM mails WHERE sha256 = ?", [digest]).fetchone()
        if dup is None and mid:
            dup = db.execute("SELECT id FROM mails WHERE message_id = ? AND content_sha256 = ?",
                             [mid, content]).fetchone()
        if dup is not None:
            return dup[0], True, b""
        tags = sorted({secret_tag(v) for v in values})
        if values:
            _tag_legacy_seat(db, kept, values)
        mail_id = insert(db, "mails", {
            "message_id": mid, "sha256": digest, "content_sha256": content, "source": source,
            "delivered": delivered or now_text(), "stored": now_text(), "size": len(raw),
            "raw": kept, "status": "new", "secret_tags": json.dumps(tags),
            "reason": "" if len(raw) <= HARD_LIMIT else f"truncated to {HARD_LIMIT} bytes",
        })
    return mail_id, False, kept


def _tag_legacy_seat(db, kept: bytes, values: list[str]) -> None:
    """A seat made before secrets had tags gets its tag from the first mail that carries
    its secret, checked here against the salted hash while the secret is at hand."""
    if db.execute("SELECT 1 FROM players WHERE secret_tag = '' LIMIT 1").fetchone() is None:
        return  # every seat has its tag (all seats made since issue 17): nothing to read
    headers = orders.read_headers(mailtext.extract(mailtext.parse(kept)).text)
    game, player = headers.get("game", "").lower(), headers.get("player", "").lower()
    seat = one(db, "SELECT * FROM players WHERE game = ? AND name = ? AND secret_tag = ''",
               [game, player]) if game and player else None
    for value in values if seat else []:
        if check_secret(seat, value):
            update(db, "players", {"game": game, "name": player},
                   {"secret_tag": secret_tag(value)})


MAX_ATTEMPTS = 5  # a mail that fails this often is set aside for the moderator
BATCH = 50  # mails stored, or answered, a commit (pbem.batch)
RETRY_MINUTES = 5  # the first wait before a failed mail is tried again; it doubles


def handle_pending(site, db, now: datetime | None = None) -> list[Handled]:
    """Answer every stored message not yet handled and due, oldest first.

    Each mail is one unit of failure (pbem.faults) on a budget (pbem.budget): one that
    fails is rolled back and tried again on a later run (after 5, 10, 20... minutes),
    since most faults are the machine's (a full disk, a config being edited); after
    MAX_ATTEMPTS it is set aside with status 'error' until the moderator runs
    `pbem mail retry`. The moderator hears of each failing mail once."""
    now = now or clock.now()
    stamp = deadlines.stamp(now)
    seconds = float(site.section("limits").get("mail_seconds") or budget.MAIL_SECONDS)
    out = []
    due = db.conn.execute(
        "SELECT id FROM mails WHERE status = 'new' AND next_attempt <= ? ORDER BY id",
        [stamp]).fetchall()
    with Batch(db, BATCH) as batch:
        for (mail_id,) in due:
            batch.begin()
            row = one(db, "SELECT * FROM mails WHERE id = ?", [mail_id])
            done: list[Handled] = []
            with faults.guard(db, "mail", str(mail_id)) as fault:
                with budget.spending(f"answering mail {mail_id}", seconds):
                    done.append(handle(site, db, row, now))
            if fault:
                out.append(_failed(site, db, row, fault[0], now))
            else:
                out += done
            batch.done()
    return out


def _failed(site, db, row: dict, fault, now: datetime) -> Handled:
    """Record a mail that could not be handled: again later, or set aside (its sender
    told, once, that it waits for the moderator)."""
    tries = row["attempts"] + 1
    reason = f"{fault.message} (attempt {tries} of {MAX_ATTEMPTS})"
    sender = _sender(row, site.address)
    values = {"attempts": tries, "reason": reason[:500], "handled": deadlines.stamp(now),
              **{k: sender[k] for k in ("from_addr", "subject") if k in sender
                 and not row.get(k)}}
    if tries >= MAX_ATTEMPTS:
        values["status"] = "error"
        status = "error"
    else:
        wait = timedelta(minutes=RETRY_MINUTES * 2 ** (tries - 1))
        values["next_attempt"] = deadlines.stamp(now + wait)
        status = "retry"
    with faults.guard(db, "site", "recording a mail's fault") as failed:
        with db.atomic():
            update(db, "mails", {"id": row["id"]}, values)
    told = status == "error" and sender.get("to") and not failed
    if told and within_budget(site, db, sender["to"], "set-aside", now):
        with faults.guard(db, "site", "telling a sender his mail was set aside"):
            with db.atomic():
                about = sender["about"]
                text = SET_ASIDE.format(subject=about if len(about) <= 80
                                        else about[:77] + "...",
                                        received=_when(row["stored"]))
                subject = reply_subject(sender["subject"], "Your mail")
                notices.tell(site, db, sender["to"], subject, wrap(text), now,
                             kind="set-aside", in_reply_to=sender["message_id"])
    return Handled(row["id"], status, reason)


def _when(stamp: str) -> str:
    """'Sat 28 Nov 2026 20:00 UTC' for a stored stamp, as deadlines read."""
    return schedule.format_deadline(deadlines.parse(stamp), "UTC") if stamp else "earlier"


#: What the sender of a mail set aside is told (the fault itself is the moderator's).
SET_ASIDE = (
    'Your mail "{subject}" (received {received}) could not be handled: something on this '
    "site failed each of the five times it was read. The moderator has been told and will "
    "have it read again once that is fixed; nothing of it is stored until then, and any "
    "orders you sent earlier still stand. If a deadline is near, you may send your orders "
    "again: the last sheet you send counts.")


def _sender(row: dict, own: str = "") -> dict[str, str]:
    """Who sent a mail that failed, read from its headers alone (its answer, which
    records them, rolled back), so `pbem status` says whose mail waits: its from_addr
    and subject, and `to`, where to tell him (none for a machine's mail, RFC 3834:
    never answered) with `about`, its subject. Nothing if even the headers cannot be
    read."""
    try:
        env = mailtext.envelope(mailtext.parse(row["raw"]), own_addresses={own})
    except Exception:  # the mail's own fault may be here: the status then shows '?'
        return {}
    told = {"to": env.from_addr, "about": env.subject or "(no subject)",
            "message_id": env.message_id} if env.from_addr and not env.auto else {}
    return {"from_addr": env.from_addr, "subject": env.subject[:200], **told}


def retry(db, ids: list[int] | None = None) -> int:
    """Put mails set aside (status 'error') back in line; all of them without `ids`."""
    where, args = "status = 'error'", []
    if ids:
        where += f" AND id IN ({', '.join('?' * len(ids))})"
        args = list(ids)
    with db.conn:
        return db.conn.execute(f"UPDATE mails SET status = 'new', attempts = 0, "
                               f"next_attempt = '' WHERE {where}", args).rowcount


@dataclass
class Fetched:
    stored: int = 0
    duplicates: int = 0
    errors: list[str] = field(default_factory=list)


def fetch(site, db, source=None) -> Fetched:
    """Store every new message of the configured mailbox; mark each only once stored.

    Each is dated by its file or server time, capped at the run's clock (`pbem.clock`).
    """
    from .mailboxes import open_source

    box = source or open_source(site)
    out = Fetched()
    arrived = clock.stamp()  # a file or server date after the run's now counts as now

    def taken(key: str, kept: bytes) -> None:
        try:
            box.done(key, kept)  # an archive keeps what was stored: no secret
        except OSError as e:  # stored already: the next fetch sees a duplicate
            out.errors.append(f"could not mark {key} as taken: {e}")

    try:
        with Batch(db, BATCH) as batch:
            for raw, delivered, key in box.messages():
                batch.begin()
                # one message that cannot be stored (a bug) stays where it is and is told
                # about once; a fault of the machine (a full disk) stops the fetch
                with faults.guard(db, "site", f"storing {key}"[:200]) as fault:
                    _, dup, kept = store_kept(db, raw, f"{type(box).__name__} {key}"[:200],
                                              min(delivered, arrived))
                if fault and fault[0].passing:
                    raise OSError(errno.EIO, fault[0].message)
                if fault:  # recorded as a fault: told once, shown by pbem status
                    continue
                out.duplicates += dup
                out.stored += not dup
                # marked as taken once the commit has stored it (never before)
                batch.later(lambda key=key, kept=kept: taken(key, kept))
                batch.done()
    finally:
        box.close()
    for key, problem in getattr(box, "problems", []):
        # recorded as a fault: the moderator is told once, not on every cron run
        faults.record(db, faults.Fault("site", key, problem, passing=False))
    return out
