"""A whole email cycle through real servers (issue 3).

Players' orders arrive in the game's mailbox (Dovecot); `pbem run` fetches them over
IMAPS, answers over SMTP with STARTTLS and AUTH (aiosmtpd, which delivers into
Dovecot), processes the stage when everyone is ready, and the reports arrive in every
player's IMAP inbox.
"""

import email
import json
import smtplib
from email.message import EmailMessage
from email.policy import default

import pytest
import yaml
from click.testing import CliRunner
from mailservers import address, client_ssl_context

from pbem import admin
from pbem.cli import main
from pbem.site import init_site

PLAYERS = ("anna", "boris", "chiara")


@pytest.fixture
def site(tmp_path, dovecot, smtp_server, monkeypatch):
    for user in ("pbem", "moderator", *PLAYERS):
        dovecot.clear(user)
    site = init_site(tmp_path / "site")
    cfg = yaml.safe_load((site.root / "pbem.yaml").read_text())
    imap = {k: v for k, v in dovecot.imap_settings("pbem").items() if k != "password"}
    smtp = {k: v for k, v in smtp_server.smtp_settings().items() if k != "password"}
    cfg["moderator_email"] = address("moderator")
    cfg["mail"] = {"address": address("pbem"), "fetch": "imap",
                   "imap": {**imap, "password_env": "PBEM_TEST_IMAP_PW"},
                   "transport": "smtp", "boards_to": address("moderator"),
                   "smtp": {**smtp, "password_env": "PBEM_TEST_SMTP_PW"}}
    (site.root / "pbem.yaml").write_text(yaml.safe_dump(cfg))
    monkeypatch.setenv("PBEM_TEST_IMAP_PW", dovecot.imap_settings("pbem")["password"])
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", smtp_server.smtp_settings()["password"])
    db = site.db()
    admin.create_game(db, "hell1", "hellgame", seed="e2e", settings={"early_minutes": 0})
    site.secrets = {p: admin.add_player(db, "hell1", p, address(p)) for p in PLAYERS}
    admin.start_game(db, "hell1")
    return site


def order_mail(site, player: str, n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = f"{player.title()} <{address(player)}>"
    msg["To"] = address("pbem")
    msg["Subject"] = "my orders"
    msg["Message-ID"] = f"<e2e-{player}-{n}@pbem.test>"
    msg.set_content(f"GAME hell1\nPLAYER {player}\nSECRET {site.secrets[player]}\n\n"
                    f"Sent from my phone\n")
    return msg


def send_by_smtp(smtp_server, msg: EmailMessage) -> None:
    s = smtp_server.smtp_settings()
    with smtplib.SMTP(s["host"], s["port"], timeout=10) as conn:
        conn.starttls(context=client_ssl_context(s["ca_file"]))
        conn.login(s["user"], s["password"])
        conn.send_message(msg)


def pbem(site, *args):
    result = CliRunner().invoke(main, ["--site", str(site.root), *args],
                                catch_exceptions=False)
    return result.exit_code, result.output


def inbox(dovecot, user):
    return [email.message_from_bytes(raw, policy=default) for raw in dovecot.messages(user)]


def test_orders_in_by_imap_answers_and_reports_out_by_smtp(site, dovecot, smtp_server):
    send_by_smtp(smtp_server, order_mail(site, "anna", 1))
    dovecot.deliver("pbem", bytes(order_mail(site, "boris", 1)))
    code, out = pbem(site, "run")
    assert code == 0, out
    assert "mail: 2 new, 0 seen before; 2 stored" in out and "outbox: 2 sent" in out

    [confirm] = inbox(dovecot, "anna")
    assert confirm["In-Reply-To"] == "<e2e-anna-1@pbem.test>"
    assert confirm["Subject"] == "Re: my orders"
    body = confirm.get_content()
    assert body.startswith("Orders received for hell1, setup, player anna.")
    assert site.secrets["anna"] not in body
    assert len(inbox(dovecot, "boris")) == 1

    # a second run finds nothing new: the taken messages were marked seen
    code, out = pbem(site, "run")
    assert "mail: nothing new" in out and "processed" not in out

    send_by_smtp(smtp_server, order_mail(site, "chiara", 1))
    code, out = pbem(site, "run")
    assert code == 0, out
    assert "processed hell1 setup (every player is ready); turn 1 open" in out
    for p in PLAYERS:
        reports = [m for m in inbox(dovecot, p) if m["Subject"] == "[hell1] setup report"]
        assert len(reports) == 1, p
        mail = reports[0]
        # text and HTML as alternatives, the same report as JSON attached (issue 6)
        assert mail.get_content_type() == "multipart/mixed"
        text = mail.get_body(("plain",)).get_content().replace("\r\n", "\n")
        html = mail.get_body(("html",)).get_content()
        [attached] = list(mail.iter_attachments())
        assert attached.get_filename() == f"hell1-00-{p}.json"
        data = attached.get_content().decode("utf-8")
        model = json.loads(data)
        assert text.startswith(f"The HellGame - game hell1 - setup\nReport for {p}\n")
        assert "Orders for turn 1 are due by " in text
        # the mail shows the map as a PNG by Content-ID (the archived HTML keeps the SVG)
        assert f"report for <strong>{p}</strong>" in html and 'src="cid:map.' in html
        assert model["player"] == p and model["stage"]["next"] == "turn 1"
        for body in (text, html, data):
            assert all(site.secrets[q] not in body for q in PLAYERS)
    [board] = [m for m in inbox(dovecot, "moderator") if "board" in m["Subject"]]
    assert board["Auto-Submitted"] == "auto-generated"


def test_a_wrong_smtp_password_keeps_the_mail_queued(site, dovecot, smtp_server,
                                                     monkeypatch):
    dovecot.deliver("pbem", bytes(order_mail(site, "anna", 2)))
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", "not-the-password")
    code, out = pbem(site, "run")
    assert "SMTP login as pbem refused" in out
    assert "not-the-password" not in out
    assert "1 to retry later" in out
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", smtp_server.smtp_settings()["password"])
    code, out = pbem(site, "mail", "send")
    assert "outbox: 0 sent" in out  # the retry waits for its backoff
    db = site.db()
    db.execute("UPDATE outbox SET next_attempt = ''")
    db.conn.commit()
    code, out = pbem(site, "mail", "send")
    assert code == 0 and "outbox: 1 sent" in out
    assert len(inbox(dovecot, "anna")) == 1
