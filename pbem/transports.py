"""How queued mail leaves: into outbox/ files (the embedded default) or over SMTP.

A transport's `send(msg, row)` either returns (the message is sent), or raises
TemporaryError (try again later: connection refused, 4xx) or PermanentError (5xx for
this recipient: trying again will not help). Mail server passwords come from an
environment variable or a file, never from pbem.yaml itself, and never appear in an
error message.
"""

from __future__ import annotations

import os
import re
import smtplib
import socket
import ssl
from pathlib import Path

from .errors import PbemError

# A transport's send(msg, row) takes a pbem.outbox.Outgoing: sender, to, data (bytes).


class TemporaryError(Exception):
    """Sending failed for now; `whole_server` when no message can get through."""

    def __init__(self, message: str, whole_server: bool = False):
        super().__init__(message)
        self.whole_server = whole_server


class PermanentError(Exception):
    pass


def secret_setting(section: dict, what: str) -> str:
    """A password from `password_env` (an environment variable) or `password_file`."""
    if "password" in section:
        raise PbemError(f"{what}: put the password in an environment variable "
                        f"(password_env: NAME) or a file only you can read "
                        f"(password_file: PATH), not in pbem.yaml")
    if section.get("password_env"):
        name = str(section["password_env"])
        value = os.environ.get(name)
        if value is None:
            raise PbemError(f"{what}: the environment variable {name} (password_env) "
                            f"is not set")
        return value
    if section.get("password_file"):
        path = Path(str(section["password_file"])).expanduser()
        try:
            return path.read_text(encoding="utf-8").strip()
        except OSError as e:
            raise PbemError(f"{what}: cannot read password_file {path}: "
                            f"{e.strerror}") from None
    return ""


def tls_context(section: dict) -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    if section.get("ca_file"):
        ctx.load_verify_locations(cafile=str(Path(str(section["ca_file"])).expanduser()))
    return ctx


class FileTransport:
    """Writes each message to outbox/<id>-<kind>-<recipient>.eml (atomic rename)."""

    def __init__(self, folder: Path):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def send(self, msg, row: dict) -> None:
        who = re.sub(r"[^a-z0-9@._-]", "_", msg.to.lower())[:80]
        name = f"{row['id']:06d}-{row['kind'] or 'mail'}-{who}.eml"
        tmp = self.folder / f".{name}.tmp"
        try:
            tmp.write_bytes(msg.data)
            os.replace(tmp, self.folder / name)
        except OSError as e:
            tmp.unlink(missing_ok=True)  # a half-written file (a full disk) never stays
            raise TemporaryError(f"cannot write {name}: {e.strerror}", whole_server=True) \
                from None

    def close(self) -> None:
        pass


class SmtpTransport:
    """One connection per flush, opened on the first message (STARTTLS or TLS, AUTH)."""

    def __init__(self, section: dict):
        if not section.get("host"):
            raise PbemError("mail.smtp: set host (and port, tls, user, password_env)")
        self.section = section
        self.host = str(section["host"])
        self.tls = str(section.get("tls", "starttls")).lower()
        if self.tls not in ("starttls", "ssl", "none"):
            raise PbemError(f"mail.smtp.tls: {self.tls!r} is not one of starttls, ssl, none")
        self.port = int(section.get("port") or (465 if self.tls == "ssl" else 587))
        self.user = str(section.get("user") or "")
        self.password = secret_setting(section, "mail.smtp") if self.user else ""
        self.timeout = float(section.get("timeout", 30))
        self.conn: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        try:
            if self.tls == "ssl":
                conn = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                        context=tls_context(self.section))
            else:
                conn = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
                if self.tls == "starttls":
                    conn.starttls(context=tls_context(self.section))
            if self.user:
                conn.login(self.user, self.password)
        except smtplib.SMTPAuthenticationError as e:
            raise TemporaryError(f"SMTP login as {self.user} refused ({e.smtp_code}); "
                                 f"check mail.smtp.user and the password",
                                 whole_server=True) from None
        except (OSError, smtplib.SMTPException, ssl.SSLError) as e:
            raise TemporaryError(f"cannot reach SMTP server {self.host}:{self.port}: "
                                 f"{_brief(e)}", whole_server=True) from None
        return conn

    def send(self, msg, row: dict) -> None:
        if self.conn is None:
            self.conn = self._connect()
        try:
            refused = self.conn.sendmail(msg.sender, [msg.to], msg.data)
        except smtplib.SMTPRecipientsRefused as e:
            code, text = next(iter(e.recipients.values()))
            err = f"recipient refused: {code} {_decode(text)}"
            if 400 <= code < 500:
                raise TemporaryError(err) from None
            raise PermanentError(err) from None
        except smtplib.SMTPResponseException as e:
            err = f"server said {e.smtp_code} {_decode(e.smtp_error)}"
            if 400 <= e.smtp_code < 500:
                raise TemporaryError(err) from None
            raise PermanentError(err) from None
        except (OSError, smtplib.SMTPException) as e:
            self.conn = None
            raise TemporaryError(f"connection lost: {_brief(e)}", whole_server=True) from None
        if refused:
            raise PermanentError(f"refused: {refused}")

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.quit()
            except (OSError, smtplib.SMTPException):
                pass
            self.conn = None


def _decode(text) -> str:
    return text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)


def _brief(e: BaseException) -> str:
    if isinstance(e, socket.timeout):
        return "timed out"
    return f"{type(e).__name__}: {e}"


def transport_for(site):
    kind = str(site.mail.get("transport", "files")).lower()
    if kind == "files":
        return FileTransport(site.root / "outbox")
    if kind == "smtp":
        return SmtpTransport(site.mail.get("smtp") or {})
    raise PbemError(f"mail.transport: {kind!r} is not one of files, smtp")
