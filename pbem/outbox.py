"""Outgoing mail: every message is queued in the `outbox` table first (DESIGN.md §8).

queued → sent, or back to queued with a later `next_attempt` after a temporary failure
(backoff doubles each time), or failed after the last attempt or a permanent refusal.
A mail server outage therefore loses nothing: `pbem mail send` or the next `pbem run`
sends what is due. Sending is at-least-once: a crash after the server took a message
but before the row is marked sent sends it again with the same Message-ID, which mail
programs recognise as the same message. Sent messages are marked in batches
(SENT_BATCH, one commit each), so such a crash resends at most one batch. The file
transport is exactly-once (the file name is the message's id: a resend writes the same
file again).

A run sends each stage's report mails right after the stage is stored, from the bodies
it just rendered (`Sender.offer`), and the rest at its end, over one connection.
"""

from __future__ import annotations

import binascii
import hashlib
import quopri
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.utils import format_datetime, formataddr

from . import clock, faults, mapimage, notices
from .reports import stored
from .store import insert, transaction, update
from .store import now as now_text
from .store import rows as select
from .transports import PermanentError, TemporaryError, transport_for

# Who gets what kind of message, for the Auto-Submitted header (RFC 3834): replies to a
# player's own mail are "auto-replied", everything the server sends on its own is
# "auto-generated". Both tell well-behaved mail programs not to answer automatically.
REPLY_KINDS = {"confirmation", "refusal", "set-aside"}
#: Where a report or board mail's stored body has the report's text: filled as the mail
#: is composed, from the reports table (or the bodies just rendered), so that the text
#: is stored once, not again in every message
REPORT_SLOT = "@@PBEM-REPORT-TEXT@@"
_SMTP = policy.SMTP


def parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def fmt_time(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def queue(db, *, to: str, subject: str, body: str, kind: str, game: str = "",
          player: str = "", stage: int = -1, in_reply_to: str = "", refs: str = "",
          mail: int = 0, now: str | None = None, message_id: str = "") -> int:
    """Queue one message; it is sent by the next `flush`. Returns the outbox id.
    `message_id`: its own (press: a token the reply names), else one made when sent."""
    created = now or now_text()
    with transaction(db):
        return insert(db, "outbox", {
            "game": game, "player": player, "stage": stage, "kind": kind, "to_addr": to,
            "subject": subject, "body": body, "status": "queued", "created": created,
            "attempts": 0, "next_attempt": created, "in_reply_to": in_reply_to,
            "refs": refs, "mail": mail, "message_id": message_id, "last_error": "",
            "sent_at": ""})


def message_id(row: dict, domain: str) -> str:
    """The same outbox row always gets the same Message-ID (safe resending)."""
    digest = hashlib.sha256(f"{row['id']}|{row['created']}|{row['to_addr']}".encode())
    return f"<pbem.{row['id']}.{digest.hexdigest()[:12]}@{domain}>"


@dataclass
class Outgoing:
    """One message ready for a transport: envelope and RFC 5322 bytes (CRLF lines)."""

    sender: str
    to: str
    data: bytes


class Unsendable(Exception):
    """A message that cannot be written as a valid mail (e.g. an address no mail server
    takes without SMTPUTF8): failed at once, never retried."""


_MSG_ID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>")  # <printable ASCII, no <>>
MAX_REFERENCES = 10  # the newest ids of a thread: enough for threading, never a long line
MAX_HEADER = 400  # characters of a header value (before encoding)


def _header(name: str, value: str) -> str:
    """One header, as the standard library's SMTP policy encodes and folds it: RFC 2047
    for what is not ASCII, lines of at most 78 characters; never a line break from the
    value (no header injection). Plain short ASCII values skip the header registry,
    which costs ~60 µs a header (a run over 1,000 games sends 5,000 mails)."""
    # no header of ours needs more than a few hundred characters; a longer one (a
    # stranger's Subject echoed in a reply) is cut, which also bounds the encoder's work
    text = " ".join(str(value)[:MAX_HEADER * 2].split())[:MAX_HEADER]
    line = f"{name}: {text}\r\n"
    if text.isascii() and len(line) <= 80:
        return line
    return _SMTP.header_factory(name, text).fold(policy=_SMTP)


def ascii_address(address: str) -> str:
    """A bare address as a mail server takes it: the domain in IDNA (xn--...), the part
    before the @ plain ASCII (pbem does not speak SMTPUTF8)."""
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or any(c in address for c in " \t\r\n<>,;\"\\"):
        raise Unsendable(f"{address!r} is not a mail address")
    if not local.isascii():
        raise Unsendable(f"{address!r} has letters beyond ASCII before the @, which mail "
                         f"servers take only with SMTPUTF8 (not supported)")
    if not domain.isascii():
        try:
            domain = domain.encode("idna").decode("ascii")
        except UnicodeError:
            raise Unsendable(f"{address!r}: its domain is not a valid international "
                             f"domain name") from None
    return f"{local}@{domain}"


def message_ids(*values: str) -> str:
    """The message ids in `values` (In-Reply-To, References of a mail we answer), only
    well-formed ASCII ones, the newest MAX_REFERENCES, each once."""
    ids: list[str] = []
    for value in values:
        for mid in _MSG_ID.findall(value or ""):
            if mid not in ids:
                ids.append(mid)
    kept: list[str] = []  # the newest that fit in a header (_header cuts what is longer)
    for mid in reversed(ids[-MAX_REFERENCES:]):
        if sum(len(x) + 1 for x in kept) + len(mid) > MAX_HEADER:
            break
        kept.insert(0, mid)
    return " ".join(kept)


def _head(headers: list[tuple[str, str]]) -> bytes:
    """The header block; checked, so that no message leaves with a byte beyond ASCII or a
    line over 998 octets (RFC 5322 2.1.1) whatever went into it."""
    data = "".join(_header(k, v) for k, v in headers)
    if not data.isascii() or any(len(x) > 998 for x in data.split("\r\n")):
        raise Unsendable("a header could not be encoded")  # a bug: the fault says where
    return data.encode("ascii")


def compose(row: dict, site, dry_run: bool = False, parts: Parts | None = None) -> Outgoing:
    """The message for an outbox row. Nothing here depends on when it is sent.

    Headers go through the standard library's SMTP policy (`_header`); the bodies are
    written here, in 7bit, quoted-printable or base64, with fixed boundaries that no
    encoded body can contain (see `_part`): the header registry would cost milliseconds
    a message for the same bytes."""
    address = site.address
    domain = address.rpartition("@")[2] or "localhost"
    body = row["body"]
    if REPORT_SLOT in body:
        if parts is None or parts.text is None:
            raise Unsendable("the report this mail carries is not stored")
        body = body.replace(REPORT_SLOT, parts.text)
    to = ascii_address(row["to_addr"])
    head = [("From", formataddr((site.name, ascii_address(address)), charset="utf-8"))]
    if dry_run:
        # every message goes to the moderator, saying whom it was meant for
        body = f"[dry run: this message was for {to}]\n\n{body}"
        head.append(("X-Pbem-Original-To", to))
        to = ascii_address(site.moderator or address)
    head += [("To", to), ("Subject", row["subject"]),
             ("Date", format_datetime(parse_time(row["created"]))),
             ("Message-ID", row["message_id"] or message_id(row, domain))]
    replied = message_ids(row["in_reply_to"])
    if replied:
        head += [("In-Reply-To", replied.split()[-1]),
                 ("References", message_ids(row["refs"], replied))]
    head += [("Auto-Submitted",
              "auto-replied" if row["kind"] in REPLY_KINDS else "auto-generated"),
             ("X-Loop", address)]
    if row["game"]:
        head.append(("X-Pbem-Game", row["game"]))
    text = body.replace("\r\n", "\n").replace("\r", "\n")
    plain = _part("text/plain", text)
    if parts is None or not (parts.html or parts.attachments):
        head += [("MIME-Version", "1.0"), *plain[0]]
        return Outgoing(address, to, _head(head) + b"\r\n" + plain[1])
    # multipart/mixed [ multipart/alternative [text, html], attachments... ]: mail
    # programs show the HTML, fall back to the text, and list the JSON as a file. The
    # images the HTML shows (the map) go with it: multipart/related [html, images...]
    body_part = plain
    if parts.html:
        html = _part("text/html", parts.html, otherwise="base64")
        if parts.inline:
            html = _multipart("related", [html, *(_inline(*i) for i in parts.inline)],
                              'type="text/html"')
        body_part = _multipart("alternative", [plain, html])
    tree = body_part
    if parts.attachments:
        files = [_attachment(name, ctype, data) for name, ctype, data in parts.attachments]
        tree = _multipart("mixed", [body_part, *files])
    head += [("MIME-Version", "1.0"), *tree[0]]
    return Outgoing(address, to, _head(head) + b"\r\n" + tree[1])


@dataclass
class Parts:
    """What a message carries besides its text: an HTML alternative, attachments (file
    name, content type, bytes) and the images the HTML shows (Content-ID, as the HTML's
    `cid:` names it, file name, content type, bytes)."""

    html: str = ""
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)
    inline: list[tuple[str, str, str, bytes]] = field(default_factory=list)
    text: str | None = None  # the report's text, for the body's REPORT_SLOT


Part = tuple[list[tuple[str, str]], bytes]  # headers, CRLF body


def _part(ctype: str, text: str, otherwise: str = "quoted-printable") -> Part:
    """A text part: 7bit when it can be (`_seven_bit`), else `otherwise`:
    quoted-printable, or base64 (`_encoded`) for the HTML report, which is 7bit as
    mailed once its map is an image (pbem.mapimage) but one long line with an inline SVG
    map (issue 23: 7bit has no encoding to do, and is a quarter smaller than base64).
    Neither QP nor base64 ever contains "=_", and a 7bit part never holds BOUNDARY: no
    part holds a boundary of ours (`_multipart`)."""
    payload = _seven_bit(text)
    if payload is not None:
        encoding = "7bit"
    elif otherwise == "base64":
        return _encoded(ctype, text.encode("utf-8"))
    else:
        encoding = "quoted-printable"
        payload = _FROM_LINE.sub(b"=46rom ", quopri.encodestring(text.encode("utf-8")))
        payload = payload.replace(b"\n", b"\r\n")
    return ([("Content-Type", f'{ctype}; charset="utf-8"'),
             ("Content-Transfer-Encoding", encoding)], payload)


#: a line starting "From ": a mail server storing mail in mbox files writes it ">From "
#: (RFC 4155), so no part sends one as it is: quoted-printable writes its F as =46
_FROM_LINE = re.compile(rb"^From ", re.M)


def _seven_bit(text: str) -> bytes | None:
    """`text` as a 7bit body (CRLF line ends) if it can go as it is: ASCII, no CR of its
    own, no BOUNDARY (our boundaries start with it), no line starting "From "
    (_FROM_LINE), no line of 990 characters or more (RFC 5322 2.1.1 allows 998 octets);
    else None. (Looking for BOUNDARY rather than its first two characters: "=" is in
    every attribute of an HTML report, and the longer string is found faster.)"""
    if text.isascii() and "\r" not in text and BOUNDARY not in text \
            and not text.startswith("From ") and "\nFrom " not in text \
            and max(map(len, text.split("\n"))) < 990:
        return text.encode("ascii").replace(b"\n", b"\r\n")
    return None


def _encoded(ctype: str, raw: bytes, headers: tuple = (), text: bool = True) -> Part:
    """A large part (the HTML report, the JSON, an image) in base64: about twice as
    fast to encode as quoted-printable for 100 kB, and, like it, never contains "=_"
    (base64 has no "_" and "=" only as padding at the very end). `text` is UTF-8."""
    return ([("Content-Type", f'{ctype}; charset="utf-8"' if text else ctype),
             ("Content-Transfer-Encoding", "base64"), *headers], _base64_lines(raw))


def _base64_lines(raw: bytes) -> bytes:
    """`base64.encodebytes(raw)` with CRLF line ends, the same bytes: one call of the C
    encoder for the whole, then cut into 76-character lines (encodebytes calls it once
    per line)."""
    if not raw:
        return b"\r\n"
    flat = binascii.b2a_base64(raw, newline=False)
    return b"\r\n".join([flat[i:i + 76] for i in range(0, len(flat), 76)]) + b"\r\n"


def _inline(cid: str, name: str, ctype: str, data: bytes) -> Part:
    """An image the HTML shows by `cid:` (RFC 2392), not listed as a file to save."""
    return _encoded(ctype, data, (("Content-ID", f"<{cid}>"),
                                  ("Content-Disposition", f'inline; filename="{name}"')),
                    text=False)


def _attachment(name: str, ctype: str, data: bytes) -> Part:
    safe = "".join(c if (c.isascii() and c.isalnum()) or c in "-_." else "_"
                   for c in name) or "attachment"
    return _encoded(ctype, data,
                    (("Content-Disposition", f'attachment; filename="{safe}"'),))


#: the start of every boundary of ours (`_multipart`)
BOUNDARY = "=_pbem_"


def _multipart(kind: str, parts: list[Part], params: str = "") -> Part:
    """A fixed boundary per kind is safe: it appears in no part (see _part and
    _encoded), and the nested multiparts have different kinds. `params`: more of the
    Content-Type (multipart/related names its root's type, RFC 2387)."""
    boundary = f"{BOUNDARY}{kind}"
    out = []
    for headers, body in parts:
        # the CRLF before a boundary belongs to the boundary (RFC 2046 5.1.1): one is
        # added after each body, so a body that ends with a line break keeps it
        out += [f"--{boundary}\r\n".encode(),
                "".join(f"{k}: {v}\r\n" for k, v in headers).encode("ascii"), b"\r\n",
                body, b"\r\n"]
    out.append(f"--{boundary}--\r\n".encode())
    more = f"; {params}" if params else ""
    return ([("Content-Type", f'multipart/{kind}; boundary="{boundary}"{more}')],
            b"".join(out))


def report_parts(db, row: dict, fresh: dict | None = None, png: bool = True
                 ) -> Parts | None:
    """The HTML and JSON of the report or board an outbox row mails (stored once, in
    the reports table, rather than copied into every message). `fresh`: reports just
    rendered, (game, stage) -> player ('' = board) -> format -> body, used instead of
    reading back what was just stored. The map in the HTML goes as a PNG image (unless
    not `png`: the site's mail.map_image is svg): many mail programs show no SVG
    (pbem/mapimage.py)."""
    if row["kind"] not in ("report", "board") or not row["game"]:
        return None
    who = row["player"] if row["kind"] == "report" else ""
    given = (fresh or {}).get((row["game"], row["stage"]), {}).get(who)
    if given is not None:
        found = {f: given[f] for f in ("text", "html", "json") if f in given}
    else:
        found = stored(db, row["game"], row["stage"], who, ("text", "html", "json"))
    if not found:
        return None
    name = f"{row['game']}-{row['stage']:02d}-{who or 'board'}.json"
    files = [(name, "application/json", found["json"].encode("utf-8"))] \
        if "json" in found else []
    html, inline = found.get("html", ""), []
    mailed = mapimage.for_mail(html) if html and png else None
    if mailed is not None:
        html, inline = mailed.html, [(mailed.cid, "map.png", "image/png", mailed.png)]
    return Parts(html, files, inline, found.get("text"))


@dataclass
class Flushed:
    sent: int = 0
    deferred: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        text = f"{self.sent} sent"
        if self.deferred:
            text += f", {self.deferred} to retry later"
        if self.failed:
            text += f", {self.failed} failed"
        return text


def retry_settings(site) -> tuple[int, int]:
    retry = site.mail.get("retry") or {}
    return int(retry.get("attempts", 8)), int(retry.get("backoff_minutes", 5))


#: messages marked sent in one commit: a crash right after sending resends at most
#: these (with the same Message-ID, which mail programs take as the same message; the
#: file transport writes the same file again)
SENT_BATCH = 64


def flush(site, db, now: datetime | None = None, transport=None) -> Flushed:
    """Send every queued message that is due, oldest first."""
    sender = Sender(site, db, now, transport)
    try:
        sender.flush()
    finally:
        sender.close()
    return sender.out


class Sender:
    """Sends the outbox over one transport for a whole run: `flush` may be called after
    each stage is stored (its reports mailed at once, from the bodies just rendered,
    given by `offer`) and once more at the end; `close` records what is still pending
    and closes the transport. Once the server is found down, nothing more is tried in
    this run: the messages keep their place in the queue."""

    def __init__(self, site, db, now: datetime | None = None, transport=None):
        self.site, self.db = site, db
        self.now = now or clock.now()
        self.out = Flushed()
        self.dry_run = bool(site.mail.get("dry_run"))
        self.png = site.mail.get("map_image", "png") == "png"
        self.attempts, self.backoff = retry_settings(site)
        self._transport = transport
        self.down = False
        self._fresh: dict = {}
        self._sent: list[tuple[dict, str]] = []  # (row, stamp) sent, not yet recorded

    def offer(self, game: str, stage: int, reports: dict) -> None:
        """The reports of a stage just stored, for the next `flush` (then forgotten)."""
        self._fresh[(game, stage)] = reports

    def flush(self) -> Flushed:
        db, out = self.db, self.out
        stamp = fmt_time(self.now)
        try:
            if self.down or select(db, "SELECT id FROM outbox WHERE status = 'queued' AND "
                                       "next_attempt <= ? LIMIT 1", [stamp]) == []:
                return out
            self._transport = self._transport or transport_for(self.site)
            for row in _due(db, stamp):
                # each message is one unit of failure (pbem.faults): one that cannot
                # be written is failed with its reason, and the others are still sent
                with faults.guard(db, "message", str(row["id"])) as fault:
                    stop = self._send_one(row)
                if fault and fault[0].passing:  # the machine's (a full disk): all wait
                    out.deferred += 1
                    out.errors.append(f"message {row['id']} to {row['to_addr']}: "
                                      f"{fault[0].message}; it waits for the next run")
                    self.down = True
                    break
                if fault:
                    _failed(db, row, fault[0].message, out)
                    continue
                if stop:
                    self.down = True
                    break
        finally:
            self._fresh.clear()
            self._record()
        return out

    def close(self) -> None:
        self._record()
        if self._transport is not None:
            self._transport.close()
            self._transport = None

    def _record(self) -> None:
        """Mark the messages sent since the last record as sent, in one commit."""
        if not self._sent:
            return
        sent, self._sent = self._sent, []
        with self.db.atomic():
            self.db.conn.executemany(
                "UPDATE outbox SET status = 'sent', attempts = ?, sent_at = ?, "
                "last_error = '', message_id = ? WHERE id = ?",
                [(row["attempts"] + 1, stamp, row["message_id"], row["id"])
                 for row, stamp in sent])

    def _send_one(self, row: dict) -> bool:
        """Send one message; True when the server is down and the rest should wait."""
        db, out, now = self.db, self.out, self.now
        stamp = fmt_time(now)
        domain = self.site.address.rpartition("@")[2] or "localhost"
        if not row["message_id"]:  # stored with the message's state (`_record`)
            row["message_id"] = message_id(row, domain)
        try:
            sent_row = notices.mint(db, row)  # a welcome's secret is made now
            msg = compose(sent_row, self.site, self.dry_run,
                          report_parts(db, row, self._fresh, self.png))
        except Unsendable as e:
            _failed(db, row, str(e), out)
            return False
        try:
            self._transport.send(msg, row)
        except TemporaryError as e:
            tries = row["attempts"] + 1
            if tries >= self.attempts:
                _set(db, row, status="failed", attempts=tries, last_error=str(e),
                     message_id=row["message_id"])
                out.failed += 1
            else:
                wait = timedelta(minutes=self.backoff * 2 ** (tries - 1))
                _set(db, row, attempts=tries, last_error=str(e),
                     next_attempt=fmt_time(now + wait), message_id=row["message_id"])
                out.deferred += 1
            out.errors.append(f"message {row['id']} to {row['to_addr']}: {e}")
            # the server is down: the rest would fail the same way; they keep their
            # place in the queue without using up an attempt
            return bool(getattr(e, "whole_server", False))
        except PermanentError as e:
            _failed(db, row, str(e), out)
            return False
        self._sent.append((row, stamp))
        out.sent += 1
        if row["kind"] == "welcome":
            self._record()  # a welcome's effects (pbem.notices) follow its state
            notices.welcome_sent(db, row, now)
        elif len(self._sent) >= SENT_BATCH:
            self._record()
        return False


def _failed(db, row: dict, reason: str, out: Flushed) -> None:
    with faults.guard(db, "site", "recording a message's fault"):
        _set(db, row, status="failed", attempts=row["attempts"] + 1, last_error=reason,
             message_id=row.get("message_id") or "")
    out.failed += 1
    out.errors.append(f"message {row['id']} to {row['to_addr']}: {reason}")


def _due(db, stamp: str, chunk: int = 200):
    """Due messages oldest first, read a chunk at a time (a big run queues thousands)."""
    last = 0
    while True:
        batch = select(db, "SELECT * FROM outbox WHERE status = 'queued' AND next_attempt <= ? "
                           "AND id > ? ORDER BY id LIMIT ?", [stamp, last, chunk])
        if not batch:
            return
        yield from batch
        last = batch[-1]["id"]


def _set(db, row: dict, **values) -> None:
    """Record a message's new state at once (its own commit)."""
    with db.atomic():
        update(db, "outbox", {"id": row["id"]}, values)


def retry_failed(db) -> int:
    """Put failed messages back in the queue (after the moderator fixed the cause)."""
    with db.conn:
        return db.execute("UPDATE outbox SET status = 'queued', attempts = 0, "
                          "next_attempt = '' WHERE status = 'failed'").rowcount


def counts(db, game: str | None = None) -> dict[str, int]:
    where, args = ("WHERE game = ?", [game]) if game else ("", [])
    return {r[0]: r[1] for r in db.execute(
        f"SELECT status, count(*) FROM outbox {where} GROUP BY status", args).fetchall()}
