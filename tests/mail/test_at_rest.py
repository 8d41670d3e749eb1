"""What pbem keeps (issue 17, 7 and 8): only the same message is a duplicate, and no secret
is ever stored in clear — not in the database, archive/inbox/, a backup or a reply."""

from __future__ import annotations

import base64
import quopri
import stat
from datetime import timedelta

import pytest

from pbem import intake, redact, run
from pbem.safety import backup

from .sitekit import START, Kit


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site")


def every_stored_byte(kit) -> bytes:
    """The database (with its WAL), archive/inbox/, backups and outbox/, concatenated."""
    kit.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = kit.site.root
    out = b""
    for path in sorted(root.rglob("*")):
        if path.is_file():
            out += path.read_bytes()
    return out


def test_a_reused_message_id_on_a_different_message_is_kept_and_answered(kit):
    first = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    other = first.replace(b"REDRAW", b"REDRAW\r\n# sent again")  # same Message-ID, other text
    resent = first.replace(b"Subject:", b"Received: by relay2.example.net\r\nSubject:")
    got = [intake.store_raw(kit.db, raw, "t") for raw in (first, other, resent)]
    assert [dup for _, dup in got] == [False, False, True]
    handled = intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=30))
    assert [h.status for h in handled] == ["stored", "stored"]
    assert len(kit.outbox(kind="confirmation")) == 2


def encoded_sheet(kit, cte: str) -> bytes:
    text = kit.sheet("anna", "REDRAW").encode()
    body = base64.encodebytes(text) if cte == "base64" else quopri.encodestring(text)
    return (b"From: anna@example.org\r\nTo: orders@example.org\r\nSubject: orders\r\n"
            b"Message-ID: <enc." + cte.encode() + b"@example.org>\r\nMIME-Version: 1.0\r\n"
            b"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: "
            + cte.encode() + b"\r\n\r\n" + body)


@pytest.mark.parametrize("how", ["plain", "base64", "quoted-printable", "subject"])
def test_no_secret_is_stored_in_clear_anywhere_and_the_sheet_still_counts(kit, how):
    secret = kit.secrets["anna"]
    if how == "plain":
        raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    elif how == "subject":
        raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"),
                       subject=f"my orders SECRET {secret}")
    else:
        raw = encoded_sheet(kit, how)
    (kit.site.root / "inbox" / "a.eml").write_bytes(raw)
    result = run.run(kit.site, now=START + timedelta(minutes=30))
    assert result.handled == {"stored": 1}
    backup(kit.site, kit.db, "test", START + timedelta(minutes=31))
    stored = every_stored_byte(kit)
    assert secret.encode() not in stored
    assert base64.b64encode(secret.encode())[:12] not in stored
    [reply] = kit.outbox(kind="confirmation")
    assert secret not in reply["subject"] and secret not in reply["body"]
    assert redact.redact(kit.db["mails"].get(1)["raw"])[1] == []  # nothing left to cut
    assert list((kit.site.root / "archive" / "inbox").glob("*.eml"))


def test_a_wrong_secret_is_not_kept_either(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", secret="almost-right"))
    (kit.site.root / "inbox" / "a.eml").write_bytes(raw)
    result = run.run(kit.site, now=START + timedelta(minutes=30))
    assert result.handled == {"refused": 1}
    assert b"almost-right" not in every_stored_byte(kit)


def test_a_mail_stored_before_secrets_were_cut_out_still_authenticates(kit):
    raw = kit.mail("anna@example.org", kit.sheet("anna", "REDRAW"))
    mail_id, _ = intake.store_raw(kit.db, raw, "t")
    kit.db["mails"].update(mail_id, {"raw": raw, "secret_tags": "[]"})  # as stored before
    [h] = intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=30))
    assert h.status == "stored"


def test_a_seat_without_a_tag_gets_it_from_its_first_mail(kit):
    kit.db["players"].update(("g1", "anna"), {"secret_tag": ""})  # a seat made before
    intake.store_raw(kit.db, kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")), "t")
    [h] = intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=30))
    assert h.status == "stored"
    assert kit.db["players"].get(("g1", "anna"))["secret_tag"]


def test_an_order_naming_the_card_secret_tunnel_is_not_cut(kit):
    raw, values = redact.redact(b"From: a@b.c\r\n\r\nCAST Secret Tunnel ON Baal\r\n"
                                b"SECRET abcdefghijkl\r\n")
    assert values == ["abcdefghijkl"]
    assert raw == b"From: a@b.c\r\n\r\nCAST Secret Tunnel ON Baal\r\nSECRET [secret]\r\n"


def test_site_files_and_folders_are_private_to_the_moderator(cli):
    code, _ = cli("game", "new", "g1", "--game", "hellgame")
    assert code == 0
    root = cli.site
    for path in [root, *root.iterdir()]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, f"{path.name}: {oct(mode)}"
