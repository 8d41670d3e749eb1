"""Real mail servers for end-to-end tests: Dovecot (IMAPS + LMTP) and an aiosmtpd SMTP server.

A plain module, not a conftest: fixtures live in ``tests/mail/conftest.py``.

* :class:`Dovecot` runs a private ``dovecot -F -c CONF`` with its config, state, log,
  certificate, sockets and mail in a temporary directory (as root, the sockets, the users'
  passwd file and the mail go to a private /tmp/pbem-dovecot-* directory instead, which
  Dovecot's unprivileged processes can reach). IMAP is offered only as IMAPS (implicit TLS)
  on 127.0.0.1; LMTP listens on 127.0.0.1 TCP for delivery.
* :class:`SmtpServer` is an ``aiosmtpd`` controller with STARTTLS (required) and AUTH
  (required, only after TLS). Every accepted message is recorded in ``received``; recipients
  ``<dovecot user>@pbem.test`` also get it delivered to their Dovecot INBOX over LMTP.
* :func:`require_servers` skips a test when Dovecot is missing, or fails it when
  ``PBEM_REQUIRE_SERVERS=1`` (CI) so a broken install can never pass as a skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import imaplib
import importlib.util
import logging
import os
import pwd
import shutil
import signal
import smtplib
import socket
import ssl
import stat
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

DOMAIN = "pbem.test"
HOST = "127.0.0.1"
#: Dovecot users and their plain passwords: the game server's mailbox and the players.
USERS: dict[str, str] = {
    name: f"pw-{name}" for name in ("pbem", "anna", "boris", "chiara", "dmitri", "moderator")
}
SMTP_USER = "pbem"
SMTP_PASSWORD = "smtp-pw"
START_TIMEOUT = 15.0
INSTALL_HINT = "apt-get install dovecot-imapd dovecot-lmtpd"
REQUIRE_ENV = "PBEM_REQUIRE_SERVERS"
# Debian installs dovecot in /usr/sbin, which is not on a normal user's PATH.
_SBIN = ("/usr/sbin", "/usr/local/sbin", "/sbin")


def address(user: str) -> str:
    """The mail address of a Dovecot user: ``anna`` -> ``anna@pbem.test``."""
    return f"{user}@{DOMAIN}"


def dovecot_binary() -> str | None:
    """Path of the ``dovecot`` executable (PATH, then the sbin directories), or None."""
    path = os.pathsep.join([os.environ.get("PATH", ""), *_SBIN])
    return shutil.which("dovecot", path=path)


def servers_available() -> bool:
    """True if Dovecot, openssl and aiosmtpd are all there to run the real servers."""
    return (
        dovecot_binary() is not None
        and shutil.which("openssl") is not None
        and importlib.util.find_spec("aiosmtpd") is not None
    )


def _missing() -> str:
    missing = []
    if dovecot_binary() is None:
        missing.append(f"dovecot (install it: {INSTALL_HINT})")
    if shutil.which("openssl") is None:
        missing.append("openssl (install it: apt-get install openssl)")
    if importlib.util.find_spec("aiosmtpd") is None:
        missing.append("aiosmtpd (install it: pip install -e '.[test]')")
    return "; ".join(missing)


def require_servers() -> None:
    """Skip the calling test/fixture if the mail servers can't run here.

    With ``PBEM_REQUIRE_SERVERS=1`` in the environment (CI sets it) fail instead of skipping.
    """
    if servers_available():
        return
    reason = f"real mail servers unavailable: {_missing()}"
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ENV}=1 requires them)", pytrace=False)
    pytest.skip(reason)


def free_ports(count: int) -> list[int]:
    """``count`` distinct free TCP ports on 127.0.0.1 (all held open while choosing)."""
    socks = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((HOST, 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def make_certificate(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for ``localhost`` / 127.0.0.1: returns (cert, key) paths.

    The certificate is its own CA, so ``ssl.create_default_context(cafile=cert)`` verifies it
    (with hostname checking) when connecting to 127.0.0.1 or localhost.
    """
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "30", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-addext", "keyUsage=critical,digitalSignature,keyCertSign",
         "-addext", "extendedKeyUsage=serverAuth",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=30,
    )
    key.chmod(0o600)
    return cert, key


def client_ssl_context(ca_file: str | os.PathLike) -> ssl.SSLContext:
    """A verifying client context that trusts only ``ca_file``."""
    return ssl.create_default_context(cafile=str(ca_file))


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_until(check, deadline: float, alive) -> bool:
    """Call ``check()`` until it returns without OSError (True) or the deadline passes."""
    while time.monotonic() < deadline:
        if not alive():
            return False
        try:
            check()
            return True
        except (OSError, imaplib.IMAP4.error, smtplib.SMTPException):
            time.sleep(0.05)
    return False


class Dovecot:
    """A private Dovecot: IMAPS and LMTP on 127.0.0.1, users of :data:`USERS`.

    ``Dovecot().start(tmpdir)`` returns self; ``stop()`` ends it and every child process.
    """

    users: dict[str, str] = USERS

    def __init__(self) -> None:
        self.root: Path | None = None
        self.conf: Path | None = None
        self.log_path: Path | None = None
        self.cert: Path | None = None
        self.key: Path | None = None
        self.imaps_port = 0
        self.lmtp_port = 0
        self.process: subprocess.Popen | None = None
        self.mail_dir: Path | None = None
        self._private: Path | None = None
        self._ids: dict = {}

    # ----------------------------------------------------------------- lifecycle
    @property
    def pid(self) -> int | None:
        """PID of the Dovecot master process (also its process group id), or None."""
        return self.process.pid if self.process else None

    @property
    def ca_file(self) -> str:
        assert self.cert is not None, "Dovecot not started"
        return str(self.cert)

    def start(self, tmpdir: str | os.PathLike) -> Dovecot:
        """Write the config into ``tmpdir``, start Dovecot and wait until it answers."""
        binary = dovecot_binary()
        if binary is None:
            raise RuntimeError(f"dovecot is not installed ({INSTALL_HINT})")
        try:
            self._start(binary, Path(tmpdir).resolve())
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self, binary: str, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.cert, self.key = make_certificate(root)
        ids = self._ids = self._identities()
        # Unix sockets live in base_dir and their paths may be at most ~107 bytes. As root,
        # Dovecot's unprivileged processes (auth as "dovecot", mail as "nobody") must reach
        # the sockets, the passwd file and the mail, but pytest's temporary directories are
        # 0700 (and pytest resets their mode whenever it starts): so as root these live in a
        # private directory of their own in /tmp, removed by stop().
        if ids["root"] or len(str(root)) > 60:
            self._private = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        data = self._private if ids["root"] else root
        base_dir = (self._private or root) / "run"
        state_dir = root / "state"
        state_dir.mkdir(exist_ok=True)
        self.mail_dir = data / "mail"
        self.mail_dir.mkdir(exist_ok=True)
        if data != root:
            with contextlib.suppress(OSError):  # to find the mail from tmpdir too
                (root / "mail").symlink_to(self.mail_dir)
        self.log_path = root / "dovecot.log"
        passwd = data / "passwd"
        passwd.write_text("".join(f"{u}:{{PLAIN}}{p}::::::\n" for u, p in self.users.items()))
        passwd.chmod(0o600)
        if ids["root"]:
            _check_traversable(data)
            data.chmod(0o711)
            os.chown(passwd, 0, grp.getgrnam(ids["internal_group"]).gr_gid)
            passwd.chmod(0o640)
            os.chown(self.mail_dir, ids["mail_uid"], ids["mail_gid"])
            self.mail_dir.chmod(0o700)
        self.imaps_port, self.lmtp_port = free_ports(2)
        self.conf = root / "dovecot.conf"
        self.conf.write_text(self._config(base_dir, state_dir, passwd))

        stderr = open(root / "dovecot.stderr", "wb")  # noqa: SIM115 - closed below
        try:
            self.process = subprocess.Popen(
                [binary, "-F", "-c", str(self.conf)],
                stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr,
                start_new_session=True,  # own process group: stop() can kill every child
            )
        finally:
            stderr.close()
        deadline = time.monotonic() + START_TIMEOUT
        alive = lambda: self.process.poll() is None  # noqa: E731
        # Wait for real greetings, not just open ports: the master listens at once, but the
        # login/lmtp processes it then starts must be up (stopping Dovecot while they still
        # start up makes them wait 5 s for services that are gone).
        ready = all(_wait_until(c, deadline, alive) for c in (self._greet_imaps, self._greet_lmtp))
        if not ready:
            status = self.process.poll()
            why = f"exited with {status}" if status is not None else "timed out"
            raise RuntimeError(
                f"Dovecot did not start ({why}).\n--- stderr:\n{_tail(root / 'dovecot.stderr')}"
                f"\n--- {self.log_path}:\n{_tail(self.log_path)}"
            )

    def stop(self) -> None:
        """Stop Dovecot and make sure no process of it is left (idempotent)."""
        proc, self.process = self.process, None
        if proc is not None:
            if proc.poll() is None:
                proc.terminate()  # SIGTERM: the master stops its children, then exits
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)
            # The master has its own process group (start_new_session): kill any child
            # that outlived it, and wait until none is left.
            deadline = time.monotonic() + 5
            while group_processes(proc.pid):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"Dovecot processes left: {group_processes(proc.pid)}")
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                time.sleep(0.02)
        if self._private:
            shutil.rmtree(self._private, ignore_errors=True)
            self._private = None

    def __enter__(self) -> Dovecot:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def log_tail(self, lines: int = 40) -> str:
        return _tail(self.log_path, lines) if self.log_path else "(not started)"

    @staticmethod
    def _identities() -> dict:
        """Who Dovecot's processes run as.

        As a normal user Dovecot can't switch users: everything runs as that user. As root,
        Dovecot refuses to run login processes or to access mail as root, so it uses the
        Debian package's ``dovecot``/``dovenull`` users and ``nobody`` for the mail.
        """
        uid, gid = os.getuid(), os.getgid()
        if uid != 0:
            me = pwd.getpwuid(uid).pw_name
            return {"root": False, "internal_user": me, "internal_group": grp.getgrgid(gid).gr_name,
                    "login_user": me, "mail_uid": uid, "mail_gid": gid}

        def account(*names: str) -> pwd.struct_passwd:
            for name in names:
                with contextlib.suppress(KeyError):
                    return pwd.getpwnam(name)
            raise RuntimeError(f"none of the users {names} exists")

        internal = account("dovecot", "nobody")
        login = account("dovenull", "nobody")
        mail = account("nobody")
        return {"root": True, "internal_user": internal.pw_name,
                "internal_group": grp.getgrgid(internal.pw_gid).gr_name,
                "login_user": login.pw_name, "mail_uid": mail.pw_uid, "mail_gid": mail.pw_gid}

    def _greet_imaps(self) -> None:
        conn = imaplib.IMAP4_SSL(
            HOST, self.imaps_port, ssl_context=client_ssl_context(self.ca_file), timeout=5
        )
        conn.logout()

    def _greet_lmtp(self) -> None:
        with smtplib.LMTP(HOST, self.lmtp_port, timeout=5) as lmtp:
            lmtp.noop()

    def _config(self, base_dir: Path, state_dir: Path, passwd: Path) -> str:
        ids = self._ids
        chroot = "" if ids["root"] else "  chroot =\n"  # chroot needs root
        dh = Path("/usr/share/dovecot/dh.pem")
        ssl_dh = f"ssl_dh = <{dh}\n" if dh.exists() else ""
        return f"""\
# Generated by tests/mailservers.py: a private, self-contained Dovecot for tests.
base_dir = {base_dir}
state_dir = {state_dir}
instance_name = pbem-test-{os.getpid()}-{self.imaps_port}
protocols = imap lmtp
listen = {HOST}
log_path = {self.log_path}
info_log_path = {self.log_path}
auth_verbose = yes
default_internal_user = {ids["internal_user"]}
default_internal_group = {ids["internal_group"]}
default_login_user = {ids["login_user"]}
first_valid_uid = {ids["mail_uid"]}
last_valid_uid = {ids["mail_uid"]}
first_valid_gid = {ids["mail_gid"]}
mail_uid = {ids["mail_uid"]}
mail_gid = {ids["mail_gid"]}
mail_location = maildir:{self.mail_dir}/%u/Maildir
mail_home = {self.mail_dir}/%u
postmaster_address = postmaster@{DOMAIN}
hostname = mail.{DOMAIN}
auth_mechanisms = plain login
auth_failure_delay = 0
auth_username_format = %Ln
disable_plaintext_auth = yes
ssl = required
ssl_cert = <{self.cert}
ssl_key = <{self.key}
{ssl_dh}ssl_min_protocol = TLSv1.2
mail_plugins =
lmtp_save_to_detail_mailbox = no
recipient_delimiter =
import_environment = TZ
# No stats service: a process that starts while Dovecot stops waits 5 s for its handshake.
stats_writer_socket_path =

passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {passwd}
}}
userdb {{
  driver = passwd-file
  args = username_format=%n {passwd}
}}

namespace inbox {{
  inbox = yes
  separator = /
  mailbox Sent {{
    special_use = \\Sent
  }}
}}

service imap-login {{
{chroot}  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    address = {HOST}
    port = {self.imaps_port}
    ssl = yes
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = {HOST}
    port = {self.lmtp_port}
  }}
}}
service imap-urlauth-login {{
{chroot}}}
service ipc {{
{chroot}}}
# No growing delay after failed logins from 127.0.0.1 (the "auth penalty"): every test
# connects from there, and one test's wrong password would slow down the next logins.
service anvil {{
{chroot}  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
"""

    # ------------------------------------------------------------------ helpers
    def imap_settings(self, user: str) -> dict:
        """Settings for pbem's IMAP reader: IMAPS with certificate verification."""
        return {
            "host": HOST,
            "port": self.imaps_port,
            "user": user,
            "password": self.users[user],
            "tls": "ssl",
            "ca_file": self.ca_file,
        }

    def imap(self, user: str, password: str | None = None) -> imaplib.IMAP4_SSL:
        """A logged-in, verified IMAPS connection (caller logs out)."""
        conn = imaplib.IMAP4_SSL(
            HOST, self.imaps_port, ssl_context=client_ssl_context(self.ca_file), timeout=10
        )
        try:
            conn.login(user, self.users[user] if password is None else password)
        except BaseException:
            with contextlib.suppress(Exception):
                conn.shutdown()
            raise
        return conn

    def deliver(self, user: str, raw: bytes, sender: str = f"postmaster@{DOMAIN}") -> None:
        """Deliver ``raw`` into ``user``'s INBOX over LMTP (``user`` or a full address)."""
        rcpt = user if "@" in user else address(user)
        with smtplib.LMTP(HOST, self.lmtp_port, timeout=10) as lmtp:
            lmtp.sendmail(sender, [rcpt], raw)

    def messages(self, user: str, folder: str = "INBOX") -> list[bytes]:
        """Every message in ``folder`` of ``user``'s mailbox, raw, in mailbox order."""
        conn = self.imap(user)
        try:
            if not _select(conn, folder, readonly=True):
                return []
            typ, data = conn.fetch("1:*", "(BODY.PEEK[])")
            if typ != "OK":
                raise RuntimeError(f"cannot fetch {folder!r} of {user}: {data!r}")
            return [part[1] for part in data if isinstance(part, tuple)]
        finally:
            conn.logout()

    def clear(self, user: str, folder: str = "INBOX") -> None:
        """Delete every message in ``folder`` of ``user``'s mailbox."""
        conn = self.imap(user)
        try:
            if _select(conn, folder, readonly=False):
                conn.store("1:*", "+FLAGS.SILENT", r"(\Deleted)")
                conn.expunge()
        finally:
            conn.logout()


def _select(conn: imaplib.IMAP4, folder: str, readonly: bool) -> int:
    """Select ``folder``; returns its message count."""
    quoted = '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'
    typ, data = conn.select(quoted, readonly=readonly)
    if typ != "OK":
        raise RuntimeError(f"cannot select {folder!r}: {data!r}")
    return int(data[0])


def _check_traversable(path: Path) -> None:
    for directory in path.parents:
        if not directory.stat().st_mode & stat.S_IXOTH:
            raise RuntimeError(f"{directory} is not searchable by Dovecot's unprivileged users")


def group_processes(pgid: int) -> list[int]:
    """PIDs of the live (not zombie) processes in process group ``pgid``.

    Zombies are ignored: a Dovecot child that exits after its master is reparented and
    reaped by init (or, in some containers, never reaped), but it runs no more.
    """
    proc = Path("/proc")
    if not proc.is_dir():  # not Linux: ask the kernel whether the group exists at all
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return []
        except PermissionError:
            pass
        return [pgid]
    pids = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat_line = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses.
        fields = stat_line[stat_line.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            pids.append(int(entry.name))
    return pids


@dataclass(frozen=True)
class ReceivedMessage:
    """One message accepted by :class:`SmtpServer`."""

    mail_from: str
    rcpt_tos: list[str]
    data: bytes


class _Handler:
    def __init__(self, server: SmtpServer) -> None:
        self.server = server

    async def handle_DATA(self, smtp, session, envelope) -> str:  # noqa: N802 (aiosmtpd API)
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        local = [r for r in envelope.rcpt_tos if self.server.is_local(r)]
        if local:
            loop = asyncio.get_running_loop()
            try:
                await loop.run_in_executor(
                    None, self.server.lmtp_deliver, envelope.mail_from, local, raw
                )
            except (OSError, smtplib.SMTPException) as exc:
                return f"451 4.3.0 LMTP delivery failed: {exc}"
        self.server.record(ReceivedMessage(envelope.mail_from, list(envelope.rcpt_tos), raw))
        return "250 OK"


class _Authenticator:
    def __init__(self, accounts: dict[str, str]) -> None:
        self.accounts = accounts

    def __call__(self, server, session, envelope, mechanism, auth_data):
        from aiosmtpd.smtp import AuthResult, LoginPassword

        if isinstance(auth_data, LoginPassword):
            login = auth_data.login.decode("utf-8", "replace")
            password = auth_data.password.decode("utf-8", "replace")
            if self.accounts.get(login) == password:
                return AuthResult(success=True, auth_data=login)
        return AuthResult(success=False, handled=False)


def _drop_aiosmtpd_deprecation(record: logging.LogRecord) -> bool:
    # aiosmtpd 1.4 itself sets the deprecated Session.login_data on every AUTH and logs a
    # warning about it: noise in every failing test's captured log.
    return "login_data is deprecated" not in str(record.msg)


class SmtpServer:
    """aiosmtpd on 127.0.0.1: STARTTLS required, AUTH PLAIN/LOGIN required (``pbem``).

    Delivers to ``dovecot`` over LMTP for recipients that are Dovecot users @pbem.test and
    records every accepted message in ``received`` (other domains are only recorded).
    """

    def __init__(self, dovecot: Dovecot, user: str = SMTP_USER, password: str = SMTP_PASSWORD):
        self.dovecot = dovecot
        self.user, self.password = user, password
        self.port = 0
        self.received: list[ReceivedMessage] = []
        self._lock = threading.Lock()
        self.controller = None

    def start(self) -> SmtpServer:
        from aiosmtpd.controller import Controller

        aiosmtpd_log = logging.getLogger("mail.log")
        if _drop_aiosmtpd_deprecation not in aiosmtpd_log.filters:
            aiosmtpd_log.addFilter(_drop_aiosmtpd_deprecation)
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(self.dovecot.ca_file, str(self.dovecot.key))
        last: Exception | None = None
        for _ in range(5):  # a free port can be taken between choosing and binding it
            (self.port,) = free_ports(1)
            controller = Controller(
                _Handler(self),
                hostname=HOST,
                port=self.port,
                server_hostname=f"smtp.{DOMAIN}",  # no socket.getfqdn() (DNS) per session
                ready_timeout=START_TIMEOUT,
                tls_context=tls,
                require_starttls=True,
                auth_required=True,
                auth_require_tls=True,
                authenticator=_Authenticator({self.user: self.password}),
            )
            try:
                controller.start()
            except Exception as exc:  # noqa: BLE001 - retried, then re-raised
                last = exc
                continue
            self.controller = controller
            return self
        raise RuntimeError(f"aiosmtpd did not start: {last!r}")

    def stop(self) -> None:
        controller, self.controller = self.controller, None
        if controller is not None:
            controller.stop()

    def __enter__(self) -> SmtpServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def smtp_settings(self) -> dict:
        """Settings for pbem's SMTP sender: STARTTLS with certificate verification, AUTH."""
        return {
            "host": HOST,
            "port": self.port,
            "user": self.user,
            "password": self.password,
            "tls": "starttls",
            "ca_file": self.dovecot.ca_file,
        }

    def is_local(self, rcpt: str) -> bool:
        local, _, domain = rcpt.rpartition("@")
        return domain.lower() == DOMAIN and local.lower() in self.dovecot.users

    def lmtp_deliver(self, mail_from: str, rcpts: list[str], raw: bytes) -> None:
        """Deliver to Dovecot, one LMTP transaction per recipient.

        (LMTP answers DATA once per recipient; smtplib.LMTP reads only one answer, so a
        transaction with several recipients would leave answers unread.)
        """
        for rcpt in rcpts:
            self.dovecot.deliver(rcpt, raw, sender=mail_from or f"postmaster@{DOMAIN}")

    def record(self, message: ReceivedMessage) -> None:
        with self._lock:
            self.received.append(message)

    def messages_to(self, rcpt: str) -> list[ReceivedMessage]:
        """Recorded messages with ``rcpt`` among the envelope recipients."""
        with self._lock:
            return [m for m in self.received if rcpt.lower() in (r.lower() for r in m.rcpt_tos)]
