"""Where inbound mail is fetched from: inbox/ files, a Maildir, an mbox, or IMAP over TLS.

Every source yields (raw bytes, delivery time, key); the caller stores the raw message
and only then calls `done(key)`, which marks or moves it. A crash in between leaves
the message in place, so the next fetch sees it again and the store recognises it as a
duplicate: nothing is lost and nothing is taken twice.

The delivery time is when the mail reached our mailbox (the Maildir file's time, the
IMAP INTERNALDATE, the mbox From_ line), not the sender's Date header, which the sender
writes: a sheet mailed a minute before the deadline counts even if it is fetched after.
"""

from __future__ import annotations

import imaplib
import mailbox
import os
import re
import ssl
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

from . import clock
from .errors import PbemError
from .transports import secret_setting, tls_context


def _stamp(when: datetime | float | None) -> str:
    if when is None:
        when = clock.now()
    elif isinstance(when, float | int):  # a file's time: a third of the datetime way
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class FilesInbox:
    """*.eml files in inbox/ (the embedded default); moved to archive/inbox/ once stored."""

    def __init__(self, folder: Path, archive: Path):
        self.folder, self.archive = folder, archive
        self.problems: list[tuple[str, str]] = []  # (file, why): not mail, left alone

    def messages(self) -> Iterator[tuple[bytes, str, str]]:
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("*.eml")):
            # a folder, a dangling link or an unreadable file is told about and skipped,
            # never a reason to stop reading the others
            try:
                if not path.is_file():
                    self.problems.append((f"inbox/{path.name}", f"inbox/{path.name} is "
                                          f"not a mail file; left alone"))
                    continue
                raw, mtime = path.read_bytes(), path.stat().st_mtime
            except OSError as e:
                self.problems.append((f"inbox/{path.name}", f"inbox/{path.name} could "
                                          f"not be read ({e.strerror}); left alone"))
                continue
            yield raw, _stamp(mtime), path.name

    def done(self, key: str, kept: bytes = b"") -> None:
        """Archive the mail as stored (its secrets cut out), or drop a duplicate."""
        self.archive.mkdir(parents=True, exist_ok=True)
        source = self.folder / key
        if not kept:  # stored before: the archive has it already
            source.unlink()
            return
        target = self.archive / key
        n = 1
        while target.exists():
            target = self.archive / f"{Path(key).stem}.{n}.eml"
            n += 1
        part = target.with_name(target.name + ".part")
        part.write_bytes(kept)
        os.replace(part, target)
        source.unlink()

    def close(self) -> None:
        pass


class MaildirBox:
    """A Maildir: unseen messages are new/* and cur/* without the S flag; taking one
    moves it to cur/ with the S (seen) flag, as a mail program reading it would."""

    def __init__(self, path: Path):
        if not (path / "new").is_dir() or not (path / "cur").is_dir():
            raise PbemError(f"mail.maildir.path: {path} is not a Maildir "
                            f"(it needs new/ and cur/ folders)")
        self.path = path

    def messages(self) -> Iterator[tuple[bytes, str, str]]:
        entries = []
        for sub in ("new", "cur"):
            with os.scandir(self.path / sub) as it:
                for e in it:
                    if e.name.startswith(".") or not e.is_file():
                        continue
                    if sub == "cur" and "S" in e.name.partition(":2,")[2]:
                        continue
                    entries.append((e.stat().st_mtime, sub, e.name))
        top = os.fspath(self.path)  # plain strings: a Path a file cost 3 us (issue 23)
        for mtime, sub, name in sorted(entries):
            try:
                with open(os.path.join(top, sub, name), "rb") as f:
                    raw = f.read()
            except FileNotFoundError:  # taken meanwhile by a mail program
                continue
            yield raw, _stamp(mtime), f"{sub}/{name}"

    def done(self, key: str, kept: bytes = b"") -> None:
        sub, _, name = key.partition("/")
        base, _, flags = name.partition(":2,")
        flags = "".join(sorted(set(flags) | {"S"}))
        top = os.fspath(self.path)
        os.replace(os.path.join(top, sub, name), os.path.join(top, "cur", f"{base}:2,{flags}"))

    def close(self) -> None:
        pass


class MboxBox:
    """An mbox file, locked while read; stored messages are removed from it at close."""

    def __init__(self, path: Path):
        if not path.is_file():
            raise PbemError(f"mail.mbox.path: no mbox file at {path}")
        self.box = mailbox.mbox(str(path), create=False)
        self.box.lock()
        self.taken: list[str] = []

    def messages(self) -> Iterator[tuple[bytes, str, str]]:
        for key in list(self.box.keys()):
            raw = self.box.get_bytes(key)
            when = None
            from_line = self.box.get_message(key).get_from()
            m = re.search(r"\s(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})", from_line or "")
            if m:
                try:
                    when = datetime.strptime(" ".join(m.group(1).split()),
                                             "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC)
                except ValueError:
                    when = None
            yield raw, _stamp(when), str(key)

    def done(self, key: str, kept: bytes = b"") -> None:
        self.taken.append(key)

    def close(self) -> None:
        try:
            for key in self.taken:
                self.box.remove(int(key))
            self.box.flush()
        finally:
            self.box.unlock()
            self.box.close()


class ImapBox:
    """IMAP over TLS (implicit, port 993, or STARTTLS). Unseen messages are fetched
    without marking them (BODY.PEEK); once stored each is marked \\Seen, or moved to
    `done_folder` when that is set."""

    def __init__(self, section: dict):
        if not section.get("host") or not section.get("user"):
            raise PbemError("mail.imap: set host, user and password_env (or password_file)")
        self.folder = str(section.get("folder", "INBOX"))
        self.done_folder = str(section.get("done_folder", "") or "")
        tls = str(section.get("tls", "ssl")).lower()
        if tls not in ("ssl", "starttls"):
            raise PbemError(f"mail.imap.tls: {tls!r} is not one of ssl, starttls "
                            f"(IMAP without TLS would send the password in clear)")
        host = str(section["host"])
        port = int(section.get("port") or (993 if tls == "ssl" else 143))
        password = secret_setting(section, "mail.imap")
        try:
            if tls == "ssl":
                self.conn = imaplib.IMAP4_SSL(host, port, ssl_context=tls_context(section),
                                              timeout=float(section.get("timeout", 60)))
            else:
                self.conn = imaplib.IMAP4(host, port, timeout=float(section.get("timeout", 60)))
                self.conn.starttls(ssl_context=tls_context(section))
            self.conn.login(str(section["user"]), password)
        except imaplib.IMAP4.error as e:
            raise PbemError(f"IMAP login to {host}:{port} as {section['user']} failed: "
                            f"{_text(e)}", 1) from None
        except (OSError, ssl.SSLError) as e:
            raise PbemError(f"cannot reach IMAP server {host}:{port}: {e}", 1) from None
        typ, _ = self.conn.select(_quote(self.folder))
        if typ != "OK":
            raise PbemError(f"IMAP folder {self.folder!r} cannot be opened", 1)
        self.can_move = "MOVE" in self.conn.capabilities

    def messages(self) -> Iterator[tuple[bytes, str, str]]:
        typ, data = self.conn.uid("SEARCH", None, "UNSEEN")
        if typ != "OK":
            raise PbemError(f"IMAP search in {self.folder!r} failed", 1)
        for uid in (data[0] or b"").split():
            typ, parts = self.conn.uid("FETCH", uid, "(INTERNALDATE BODY.PEEK[])")
            if typ != "OK":
                continue
            raw, when = None, None
            for part in parts:
                if isinstance(part, tuple):
                    raw = part[1]
                    m = re.search(rb'INTERNALDATE "([^"]+)"', part[0])
                    if m:
                        try:
                            when = parsedate_to_datetime(
                                _internaldate_to_rfc(m.group(1).decode()))
                        except (TypeError, ValueError):
                            when = None
            if raw is not None:
                yield raw, _stamp(when), uid.decode()

    def done(self, key: str, kept: bytes = b"") -> None:
        if self.done_folder:
            if self.can_move:
                self.conn.uid("MOVE", key, _quote(self.done_folder))
                return
            typ, _ = self.conn.uid("COPY", key, _quote(self.done_folder))
            if typ == "OK":
                self.conn.uid("STORE", key, "+FLAGS", "(\\Deleted)")
                self.conn.expunge()
                return
        self.conn.uid("STORE", key, "+FLAGS", "(\\Seen)")

    def close(self) -> None:
        try:
            self.conn.close()
            self.conn.logout()
        except (OSError, imaplib.IMAP4.error):
            pass


def _quote(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _text(e: Exception) -> str:
    arg = e.args[0] if e.args else e
    return arg.decode("utf-8", "replace") if isinstance(arg, bytes) else str(arg)


def _internaldate_to_rfc(text: str) -> str:
    """'22-Nov-2026 10:00:00 +0000' -> '22 Nov 2026 10:00:00 +0000'."""
    day, rest = text.strip().split("-", 1)
    mon, rest = rest.split("-", 1)
    return f"{day} {mon} {rest}"


def open_source(site):
    """The configured source (mail.fetch): files, maildir, mbox or imap."""
    kind = str(site.mail.get("fetch", "files")).lower()
    if kind == "files":
        return FilesInbox(site.root / "inbox", site.root / "archive" / "inbox")
    section = site.mail.get(kind) or {}
    if kind in ("maildir", "mbox"):
        if not section.get("path"):
            raise PbemError(f"mail.{kind}: set path, e.g. {kind}: {{path: ~/Maildir}}")
        path = Path(str(section["path"])).expanduser()
        if not path.is_absolute():
            path = site.root / path
        return MaildirBox(path) if kind == "maildir" else MboxBox(path)
    if kind == "imap":
        return ImapBox(section)
    raise PbemError(f"mail.fetch: {kind!r} is not one of files, maildir, mbox, imap")
