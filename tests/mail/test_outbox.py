"""The outbox: queued → sent / retried with backoff / failed; dry-run (issue 3)."""

import base64
import random
from datetime import timedelta

import pytest

from pbem import outbox
from pbem.transports import PermanentError, TemporaryError

from .sitekit import START, Kit, parsed


class Flaky:
    """A transport that fails as told, then works."""

    def __init__(self, *failures):
        self.failures = list(failures)
        self.sent = []

    def send(self, msg, row):
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append(parsed(msg.data))

    def close(self):
        pass


@pytest.fixture
def kit(tmp_path):
    k = Kit(tmp_path / "site")
    outbox.queue(k.db, to="anna@example.org", subject="hello", body="text", kind="report",
                 game="g1", now="2026-11-23T09:00:00Z")
    return k


def row(kit):
    return kit.db["outbox"].get(1)


def test_temporary_failures_back_off_and_then_send(kit):
    t = Flaky(TemporaryError("421 try later"), TemporaryError("421 again"))
    assert outbox.flush(kit.site, kit.db, START, t).deferred == 1
    assert (row(kit)["attempts"], row(kit)["next_attempt"]) == (1, "2026-11-23T09:05:00Z")
    assert outbox.flush(kit.site, kit.db, START + timedelta(minutes=4), t).summary() == "0 sent"
    outbox.flush(kit.site, kit.db, START + timedelta(minutes=5), t)
    assert (row(kit)["attempts"], row(kit)["next_attempt"]) == (2, "2026-11-23T09:15:00Z")
    done = outbox.flush(kit.site, kit.db, START + timedelta(minutes=15), t)
    assert done.sent == 1 and row(kit)["status"] == "sent" and len(t.sent) == 1


def test_a_permanent_refusal_fails_at_once_and_can_be_retried(kit):
    t = Flaky(PermanentError("550 no such user"))
    assert outbox.flush(kit.site, kit.db, START, t).failed == 1
    assert row(kit)["status"] == "failed" and "550" in row(kit)["last_error"]
    assert outbox.retry_failed(kit.db) == 1
    assert outbox.flush(kit.site, kit.db, START, t).sent == 1


def test_after_the_last_attempt_a_message_fails(kit):
    t = Flaky(*[TemporaryError("down")] * 8)
    when = START
    for _ in range(8):
        outbox.flush(kit.site, kit.db, when, t)
        when += timedelta(days=2)
    assert (row(kit)["status"], row(kit)["attempts"]) == ("failed", 8)


def test_a_server_outage_keeps_the_queue_in_order_without_using_attempts(kit):
    outbox.queue(kit.db, to="boris@example.org", subject="s", body="b", kind="report",
                 now="2026-11-23T09:00:00Z")
    t = Flaky(TemporaryError("connection refused", whole_server=True))
    outbox.flush(kit.site, kit.db, START, t)
    assert kit.db["outbox"].get(2)["attempts"] == 0


def test_the_message_id_is_stable_so_a_resend_is_recognisable(kit):
    t = Flaky(TemporaryError("x"))
    outbox.flush(kit.site, kit.db, START, t)
    first = row(kit)["message_id"]
    outbox.flush(kit.site, kit.db, START + timedelta(hours=1), t)
    assert t.sent[0]["Message-ID"] == first and first.endswith("@example.org>")


def test_dry_run_sends_everything_to_the_moderator(tmp_path):
    kit = Kit(tmp_path / "site")
    cfg = kit.site.root / "pbem.yaml"
    cfg.write_text(cfg.read_text().replace("dry_run: false", "dry_run: true"))
    from pbem.site import open_site

    site = open_site(kit.site.root)
    outbox.queue(kit.db, to="anna@example.org", subject="s", body="report", kind="report",
                 now="2026-11-23T09:00:00Z")
    outbox.flush(site, kit.db, START)
    [path] = (site.root / "outbox").glob("*.eml")
    msg = parsed(path.read_bytes())
    assert msg["To"] == "moderator@example.org"
    assert msg["X-Pbem-Original-To"] == "anna@example.org"
    assert msg.get_content().startswith("[dry run: this message was for anna@example.org]")


def test_passwords_never_come_from_pbem_yaml(tmp_path):
    from pbem.errors import PbemError
    from pbem.transports import secret_setting

    with pytest.raises(PbemError, match="environment variable"):
        secret_setting({"password": "hunter2"}, "mail.smtp")
    with pytest.raises(PbemError, match=r"PBEM_NOPE_X \(password_env\) is not set"):
        secret_setting({"password_env": "PBEM_NOPE_X"}, "mail.smtp")
    f = tmp_path / "pw"
    f.write_text("s3cret\n")
    assert secret_setting({"password_file": str(f)}, "mail.smtp") == "s3cret"


def test_headers_are_one_line_and_encoded_when_not_ascii(kit):
    outbox.queue(kit.db, to="anna@example.org", subject="Re: Caffè\r\nBcc: x@evil.example",
                 body="Città — ok\n" + "x" * 1200 + "\n", kind="confirmation", game="g1",
                 in_reply_to="<a@b>", refs="<z@b>", now="2026-11-23T09:00:00Z")
    t = Flaky()
    outbox.flush(kit.site, kit.db, START, t)
    msg = t.sent[1]
    assert msg["Subject"] == "Re: Caffè Bcc: x@evil.example" and msg["Bcc"] is None
    assert msg["References"] == "<z@b> <a@b>"
    assert msg.get_content().replace("\r\n", "\n") == "Città — ok\n" + "x" * 1200 + "\n"
    assert msg["Content-Transfer-Encoding"] == "quoted-printable"
    plain = t.sent[0]
    assert plain["Content-Transfer-Encoding"] == "7bit"
    assert plain.get_content() == "text"


@pytest.mark.parametrize("size", [0, 1, 56, 57, 58, 113, 114, 115, 5000, 65537])
def test_base64_parts_are_the_standard_librarys_lines_with_crlf(size):
    data = random.Random(size).randbytes(size)
    expected = base64.encodebytes(data).replace(b"\n", b"\r\n") if data else b"\r\n"
    assert outbox._base64_lines(data) == expected


@pytest.mark.parametrize("html, encoding", [
    ("<p>Turn 2</p>\n" * 400, "7bit"),  # the mailed report, its map an image
    ("<p>x</p>\n<svg>" + "<g/>" * 500 + "</svg>\n", "base64"),  # an inline map: one long line
    ("<p>Città</p>\n", "base64"),
    ("<p>a=_pbem_b</p>\n", "base64"),  # "=_pbem_" starts our boundaries
    ("<p>a=_b</p>\n", "7bit"),  # "=_" alone is harmless in a 7bit part
    ("<p>a\rb</p>\n", "base64"),  # a CR of its own would not survive 7bit's line ends
])
def test_the_html_report_goes_as_it_is_when_it_can(kit, html, encoding):
    """Issue 23: the mailed HTML report goes 7bit when it is ASCII with short lines, as
    it is once its map is an image: no encoding to do, a quarter smaller than base64.
    Anything else goes in base64, and every reader gets the same HTML back."""
    raw = outbox.compose(row(kit), kit.site, parts=outbox.Parts(html=html)).data
    (part,) = [p for p in parsed(raw).walk() if p.get_content_type() == "text/html"]
    assert part["Content-Transfer-Encoding"] == encoding
    sent = html.replace("\n", "\r\n") if encoding == "7bit" else html  # 7bit: CRLF lines
    assert part.get_payload(decode=True) == sent.encode("utf-8")
    assert (sent.encode("utf-8") in raw) == (encoding == "7bit")
    assert max(map(len, raw.split(b"\r\n"))) < 998


@pytest.mark.parametrize("text", [
    "From the AnteHell, Caim marches.\nok\n",  # ASCII: 7bit would send it as it is
    "a\nFrom Sugar Hill — in press\n" + "x" * 80 + "\nFrom " + "y" * 100 + "\n",  # QP
])
def test_no_line_of_a_mail_starts_with_from(kit, text):
    """A mail server that stores mail in mbox files turns a body line "From ..." into
    ">From ..." (RFC 4155): a press message or a report may start a line so. Such a
    part goes quoted-printable, its F written =46, and reads back the same."""
    raw = outbox.compose({**row(kit), "body": text}, kit.site).data
    assert not any(line.startswith(b"From ") for line in raw.split(b"\r\n"))
    (part,) = [p for p in parsed(raw).walk() if p.get_content_type() == "text/plain"]
    assert part["Content-Transfer-Encoding"] == "quoted-printable"
    got = part.get_payload(decode=True).decode("utf-8").replace("\r\n", "\n")
    assert got.startswith(text)
