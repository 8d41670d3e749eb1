"""A game by email from the first mail to the last (issue 18, "Done when").

After the moderator's first commands (a site, a game open to joining by mail, three
players), everything happens by mail: a fourth player joins with JOIN and the game
starts; every player is welcomed with his secret; a stranger follows the game with
OBSERVE; boris goes on vacation; chiara moves to a new address (confirmed from it);
anna asks for her REPORT again, which leaves her orders as they were; the moderator
extends a deadline and everyone is told; the game ends and players and observer get
the final mail. The game is Lords of Hell with the demo's shipped sheets (an Overlord
in two turns), the secrets the demo's, so the orders fit.
"""

from __future__ import annotations

import email
import os
import re
from datetime import UTC, datetime, timedelta
from email.policy import default

import pytest

from pbem import demo, notices
from pbem.engine import get_game
from pbem.store import open_db

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PLAYERS = ("anna", "boris", "chiara", "dmitri")


def stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


class Mailer:
    def __init__(self, cli):
        self.cli, self.n = cli, 0
        self.address = {p: f"{p}@example.org" for p in PLAYERS}

    def send(self, sender: str, body: str, when: datetime) -> None:
        self.n += 1
        msg = email.message.EmailMessage(policy=default)
        msg["From"], msg["To"] = sender, "orders@example.org"
        msg["Subject"], msg["Message-ID"] = "mail", f"<e2e{self.n}@example.org>"
        msg.set_content(body)
        path = self.cli.site / "inbox" / f"{self.n:03d}.eml"
        path.write_bytes(bytes(msg))
        os.utime(path, (when.timestamp(), when.timestamp()))

    def run(self, when: datetime) -> str:
        code, out = self.cli("--now", stamp(when), "run")
        assert code == 0, out
        return out

    def db(self):
        return open_db(self.cli.site / "pbem.db")

    def mails(self, **where) -> list[dict]:
        rows = list(self.db()["outbox"].rows_where(order_by="id"))
        return [r for r in rows if all(r[k] == v for k, v in where.items())]


@pytest.fixture
def demo_secrets():
    token = notices.secret_source.set(lambda game, player: demo.demo_secret(player))
    yield
    notices.secret_source.reset(token)


def test_a_game_from_the_first_mail_to_the_last(cli, demo_secrets):
    m = Mailer(cli)
    for args in (("game", "new", "demo", "--game", "lords-of-hell", "--seed", demo.SEED),
                 ("game", "schedule", "demo", "--hours", "72", "--early-minutes", "off",
                  "--reminders", "24"),
                 ("game", "settings", "demo", "--joining", "open", "--autostart", "4")):
        assert cli(*args)[0] == 0
    for p in PLAYERS[:3]:
        assert cli("player", "add", "demo", p, m.address[p])[0] == 0

    # by mail alone from here on (but for one extension) ------------------------------
    m.send("dmitri@example.org", "JOIN demo AS dmitri\nThanks!", START)
    m.send("zoe@example.net", "LIST\nOBSERVE demo", START)
    m.run(START + timedelta(minutes=5))
    [joined] = m.mails(to_addr="dmitri@example.org", kind="answer")
    assert "you have the seat dmitri in demo" in joined["body"]
    welcomes = m.mails(kind="welcome")
    assert sorted(w["to_addr"] for w in welcomes) == sorted(m.address.values())
    assert all(w["status"] == "sent" for w in welcomes)
    sent = (cli.site / "outbox").glob("*-welcome-dmitri@example.org.eml")
    text = email.message_from_bytes(next(sent).read_bytes(), policy=default).get_body(
        ("plain",)).get_content()
    assert "Your secret is: demo-secret-dmitri" in text and "transfer" in text.lower()
    [listed] = m.mails(to_addr="zoe@example.net", kind="answer")
    assert "demo" in listed["body"] and "follow" in listed["body"]
    for p in PLAYERS:  # strangers never learn players' addresses
        assert f"{p}@" not in listed["body"]

    game = get_game("lords-of-hell")
    stages = 0
    while True:
        db = m.db()
        g = db["games"].get("demo")
        if g["status"] == "finished":
            break
        stage = db["stages"].get(("demo", g["stage"]))
        opened = datetime.fromisoformat(stage["opened_at"])
        extra = {p: "" for p in PLAYERS}
        if stages == 1:
            extra["boris"] = "VACATION 2026-01-20 2026-01-25\n"
            extra["chiara"] = "ADDRESS chiara@new.example.org\n"
        for n, p in enumerate(PLAYERS):
            text = demo.sheet(game.demo(), game, stage, p)
            if text is not None:
                m.send(m.address[p], extra[p] + text, opened + timedelta(hours=1, minutes=n))
        m.run(opened + timedelta(hours=2))
        if stages == 1:  # chiara confirms from her new address
            [ask] = m.mails(to_addr="chiara@new.example.org")
            code = re.search(r"CONFIRM (\w+)", ask["body"]).group(1)
            m.send("chiara@new.example.org", f"CONFIRM {code}", opened + timedelta(hours=3))
            m.run(opened + timedelta(hours=3, minutes=5))
            m.address["chiara"] = "chiara@new.example.org"
            assert m.db()["players"].get(("demo", "chiara"))["email"] == m.address["chiara"]
            # the moderator extends the deadline: everyone is told
            assert cli("--now", stamp(opened + timedelta(hours=4)), "game", "extend",
                       "demo", "1d")[0] == 0
            told = m.mails(kind="notice")
            assert {r["to_addr"] for r in told if "extended" in r["subject"]} == set(
                m.address.values())
            assert any("boris is on vacation" in r["subject"] for r in told)
        if stages == 2:  # anna asks for her report again: her orders stay as they were
            before = m.db()["submissions"].count_where("player = 'anna'")
            m.send(m.address["anna"], f"GAME demo\nPLAYER anna\nSECRET "
                   f"{demo.demo_secret('anna')}\nREPORT", opened + timedelta(hours=2, minutes=30))
            m.run(opened + timedelta(hours=2, minutes=40))
            assert m.db()["submissions"].count_where("player = 'anna'") == before
            again = [r for r in m.mails(kind="report", to_addr=m.address["anna"])
                     if "sent again" in r["subject"]]
            assert len(again) == 1
        deadline = datetime.fromisoformat(m.db()["stages"].get(("demo", g["stage"]))["deadline"])
        m.run(deadline)
        stages += 1
        assert stages < 20

    assert "Overlord" in m.db()["games"].get("demo")["result"]
    finals = [r for r in m.mails(kind="report") if "(game over)" in r["subject"]]
    assert sorted(r["to_addr"] for r in finals) == sorted(m.address.values())
    boards = [r for r in m.mails(to_addr="zoe@example.net", kind="board")]
    assert len(boards) == stages and "(game over)" in boards[-1]["subject"]
    assert all(r["status"] == "sent" for r in m.mails())
    # the chat line of the JOIN mail was said, not refused
    assert m.db()["mails"].count_where("status = 'refused'") == 0
