"""Smoke tests of the real mail servers used by the end-to-end tests (tests/mailservers.py)."""

import imaplib
import os
import smtplib
import ssl
import uuid
from email.message import EmailMessage

import mailservers
import pytest
from mailservers import Dovecot, address, client_ssl_context, group_processes, require_servers


def _message(to: list[str], subject: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = address("pbem")
    msg["To"] = ", ".join(to)
    msg["Subject"] = subject
    msg.set_content("Turn 1 results.\n")
    return msg.as_bytes()


def _subject() -> str:
    return f"smoke {uuid.uuid4().hex}"


def _has(messages: list[bytes], subject: str) -> bool:
    return any(subject.encode() in raw for raw in messages)


# ------------------------------------------------------------------------------ IMAP


def test_imaps_login_verifies_the_certificate(dovecot):
    conn = dovecot.imap("anna")
    try:
        assert isinstance(conn.sock, ssl.SSLSocket)
        assert conn.sock.getpeercert()["subjectAltName"]  # only set when verified
    finally:
        conn.logout()
    # Without the test CA the certificate is rejected: verification is real.
    with pytest.raises(ssl.SSLCertVerificationError):
        imaplib.IMAP4_SSL("127.0.0.1", dovecot.imaps_port, ssl_context=ssl.create_default_context())


def test_imaps_wrong_password_fails(dovecot):
    with pytest.raises(imaplib.IMAP4.error, match="(?i)authentication failed"):
        dovecot.imap("anna", password="not-anna's")


def test_imap_settings(dovecot):
    settings = dovecot.imap_settings("boris")
    assert settings == {
        "host": "127.0.0.1",
        "port": dovecot.imaps_port,
        "user": "boris",
        "password": "pw-boris",
        "tls": "ssl",
        "ca_file": dovecot.ca_file,
    }
    conn = imaplib.IMAP4_SSL(
        settings["host"], settings["port"], ssl_context=client_ssl_context(settings["ca_file"])
    )
    assert conn.login(settings["user"], settings["password"])[0] == "OK"
    conn.logout()


def test_lmtp_delivery_shows_up_in_imap(dovecot):
    subject = _subject()
    dovecot.deliver("chiara", _message([address("chiara")], subject))
    assert _has(dovecot.messages("chiara"), subject)
    assert not _has(dovecot.messages("dmitri"), subject)


def test_clear_empties_a_mailbox(dovecot):
    dovecot.deliver("moderator", _message([address("moderator")], _subject()))
    assert dovecot.messages("moderator")
    dovecot.clear("moderator")
    assert dovecot.messages("moderator") == []


# ------------------------------------------------------------------------------ SMTP


def _smtp(smtp_server, tls: bool = True, login: bool = True) -> smtplib.SMTP:
    settings = smtp_server.smtp_settings()
    smtp = smtplib.SMTP(settings["host"], settings["port"], timeout=10)
    if tls:
        smtp.starttls(context=client_ssl_context(settings["ca_file"]))
    if login:
        smtp.login(settings["user"], settings["password"])
    return smtp


def test_smtp_starttls_and_login_deliver_to_both_inboxes(dovecot, smtp_server):
    subject = _subject()
    outside = "someone@example.org"
    rcpts = [address("anna"), address("boris"), outside]
    with _smtp(smtp_server) as smtp:
        assert smtp.sendmail(address("pbem"), rcpts, _message(rcpts, subject)) == {}
    assert _has(dovecot.messages("anna"), subject)
    assert _has(dovecot.messages("boris"), subject)
    assert not _has(dovecot.messages("chiara"), subject)
    [record] = [m for m in smtp_server.received if subject.encode() in m.data]
    assert record.mail_from == address("pbem")
    assert record.rcpt_tos == rcpts
    assert smtp_server.messages_to(outside)[-1] == record


def test_smtp_auth_login_mechanism(smtp_server):
    settings = smtp_server.smtp_settings()
    with _smtp(smtp_server, login=False) as smtp:
        smtp.ehlo()  # again after STARTTLS
        smtp.user, smtp.password = settings["user"], settings["password"]
        code, _ = smtp.auth("LOGIN", smtp.auth_login)
        assert code == 235


def test_smtp_settings(smtp_server, dovecot):
    assert smtp_server.smtp_settings() == {
        "host": "127.0.0.1",
        "port": smtp_server.port,
        "user": "pbem",
        "password": "smtp-pw",
        "tls": "starttls",
        "ca_file": dovecot.ca_file,
    }


def test_smtp_refuses_mail_without_starttls(smtp_server):
    with _smtp(smtp_server, tls=False, login=False) as smtp:
        smtp.ehlo()
        assert smtp.has_extn("starttls")
        assert not smtp.has_extn("auth")  # AUTH only after STARTTLS
        with pytest.raises(smtplib.SMTPNotSupportedError):
            smtp.login("pbem", "smtp-pw")
        code, _ = smtp.docmd("AUTH", "PLAIN AHBiZW0Ac210cC1wdw==")
        assert code == 530
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            smtp.sendmail(address("pbem"), [address("anna")], b"Subject: x\r\n\r\nx\r\n")
        assert refused.value.smtp_code == 530


def test_smtp_refuses_mail_without_auth(smtp_server):
    with _smtp(smtp_server, login=False) as smtp:
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            smtp.sendmail(address("pbem"), [address("anna")], b"Subject: x\r\n\r\nx\r\n")
        assert refused.value.smtp_code == 530


def test_smtp_wrong_password_fails(smtp_server):
    with _smtp(smtp_server, login=False) as smtp:
        with pytest.raises(smtplib.SMTPAuthenticationError):
            smtp.login("pbem", "wrong")


# ------------------------------------------------------------------------------ lifecycle


def test_stop_leaves_no_dovecot_process(tmp_path):
    require_servers()
    server = Dovecot().start(tmp_path / "dovecot")
    pid = server.pid
    children = [p for p in group_processes(pid) if p != pid]
    assert children, "Dovecot runs its services as child processes"
    server.stop()
    assert group_processes(pid) == []
    for p in [pid, *children]:
        assert not _running(p)
    server.stop()  # idempotent


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


# ------------------------------------------------------------------------------ skip or fail


@pytest.fixture
def no_dovecot(monkeypatch):
    monkeypatch.setattr(mailservers, "dovecot_binary", lambda: None)


def test_missing_dovecot_skips_with_install_hint(no_dovecot, monkeypatch):
    monkeypatch.delenv("PBEM_REQUIRE_SERVERS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install dovecot-imapd"):
        require_servers()


def test_missing_dovecot_fails_when_servers_are_required(no_dovecot, monkeypatch):
    monkeypatch.setenv("PBEM_REQUIRE_SERVERS", "1")
    with pytest.raises(pytest.fail.Exception, match="PBEM_REQUIRE_SERVERS=1"):
        require_servers()


def test_servers_are_required_in_ci():
    # CI sets PBEM_REQUIRE_SERVERS=1: then the servers must really be here.
    if os.environ.get("PBEM_REQUIRE_SERVERS") == "1":
        assert mailservers.servers_available()
