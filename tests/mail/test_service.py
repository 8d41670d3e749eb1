"""Commands by mail, sheets that never replace a good one by accident, chat (issue 18)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from pbem import admin, commands, intake, notices, outbox, service
from pbem.store import check_secret

from .sitekit import START, Kit

DOCS = Path(__file__).parents[2] / "docs"
AT = START + timedelta(minutes=30)


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site")


def take(kit, raw: bytes, minutes: int = 40):
    intake.store_raw(kit.db, raw, "t", intake.deadlines.stamp(AT))
    [h] = intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=minutes))
    return h


def good(kit, player: str = "anna") -> str:
    """An order the setup stage accepts from `player`: redraw one of his Daemons."""
    import json

    from pbem_games.hellgame import GAME

    state = json.loads(kit.db["stages"].get(("g1", 0))["state"])
    return f"REDRAW {GAME.player_view(state, player)['me']['daemons'][0]['name']}"


def last_reply(kit, to: str) -> dict:
    return [r for r in kit.outbox() if r["to_addr"] == to][-1]


def test_help_answers_with_the_text_of_docs_players(kit):
    assert commands.help_text() in (DOCS / "players.md").read_text()
    h = take(kit, kit.mail("zoe@example.net", "HELP"))
    assert h.status == "answered"
    assert commands.help_text() in last_reply(kit, "zoe@example.net")["body"]


def test_help_orders_sends_every_order_of_the_game_with_its_default(kit):
    """Issue 20: the form shows only what a player can order now; the whole list, with
    each default, is one mail away (pbem/orderhelp.py)."""
    from pbem_games.hellgame.defaults import DECISIONS
    from pbem_games.hellgame.orders import ORDER_TYPES

    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "HELP ORDERS")))
    assert h.status == "answered"
    body = last_reply(kit, "anna@example.org")["body"]
    flat = " ".join(body.split())
    for keyword, o in ORDER_TYPES.items():
        assert f"{keyword} ({o.when[0]}):" in flat and f"e.g. {o.example}" in flat
    for stage in DECISIONS.values():
        for _, ip, text in stage:
            assert f"{' '.join(text.split())} ({ip})" in flat.split("if left out: ", 1)[1]
    assert "<Daemon>: <Action> (turn):" in flat
    h = take(kit, kit.mail("zoe@example.net", "HELP ORDERS"))
    assert "HELP ORDERS needs the game: add a line GAME <name>" in \
        " ".join(last_reply(kit, "zoe@example.net")["body"].split())


def test_every_command_is_in_the_docs_with_an_example():
    players = (DOCS / "players.md").read_text()
    for spec in commands.COMMANDS.values():
        assert spec.example in players, spec.example


def test_a_mail_without_orders_never_replaces_a_sheet(kit):
    assert take(kit, kit.mail("anna@example.org", kit.sheet("anna", good(kit)))).status == \
        "stored"
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "STATUS", "Thanks!")))
    assert h.status == "answered"
    assert kit.db["submissions"].count == 1
    body = last_reply(kit, "anna@example.org")["body"]
    assert "STATUS: g1 is at setup" in body and "anna             has ordered" in body
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna")))  # just the header
    assert h.status == "answered" and kit.db["submissions"].count == 1
    assert "holds no order" in last_reply(kit, "anna@example.org")["body"]


def test_a_sheet_of_problems_replaces_a_good_one_only_when_confirmed(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", good(kit))))
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "FLY TO THE MOON")))
    assert h.status == "answered" and kit.db["submissions"].count == 1
    body = last_reply(kit, "anna@example.org")["body"]
    assert "CONFIRM REPLACE" in body and "FLY TO THE MOON" in body
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "FLY TO THE MOON",
                                                         "CONFIRM REPLACE")))
    assert h.status == "stored" and kit.db["submissions"].count == 2


@pytest.mark.parametrize("chat", ["Thanks!", "Ciao, è tutto", "Best regards,", "Anna"])
def test_greetings_and_sign_offs_are_said_not_problems(kit, chat):
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "Hi all", good(kit), chat)))
    assert h.status == "stored"
    sub = kit.db["submissions"].get(1)
    assert sub["problems"] == 0
    body = last_reply(kit, "anna@example.org")["body"]
    assert "not read as orders (greetings and sign-offs)" in body and chat.strip() in body


def test_orders_in_the_quoted_part_are_pointed_out(kit):
    text = (f"GAME g1\nPLAYER anna\nSECRET {kit.secrets['anna']}\n\n"
            "On Mon, anna wrote:\n> REDRAW\n> PLACE SUGAR HILL\n")
    take(kit, kit.mail("anna@example.org", text))
    assert "quoted part of your mail" in last_reply(kit, "anna@example.org")["body"]


def test_newsecret_mints_a_secret_as_the_mail_is_sent(kit):
    old = kit.secrets["anna"]
    h = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "NEWSECRET")))
    assert h.status == "answered"
    [row] = kit.outbox(kind="secret")
    assert notices.SECRET_SLOT in row["body"]  # never stored in clear
    assert check_secret(admin.get_player_row(kit.db, "g1", "anna"), old)
    outbox.flush(kit.site, kit.db, START + timedelta(hours=1))
    [sent] = (kit.site.root / "outbox").glob("*-secret-anna@example.org.eml")
    new = re.search(r"Your new secret for g1 \(anna\) is: (\S+)", sent.read_text()).group(1)
    seat = admin.get_player_row(kit.db, "g1", "anna")
    assert check_secret(seat, new) and not check_secret(seat, old)


def test_address_change_takes_effect_only_from_the_new_address(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "ADDRESS anna@new.example.org")))
    [ask] = kit.outbox(to_addr="anna@new.example.org")
    code = re.search(r"CONFIRM (\w+)", ask["body"]).group(1)
    h = take(kit, kit.mail("mallory@evil.example", f"CONFIRM {code}"))
    assert "not one I sent" in last_reply(kit, "mallory@evil.example")["body"]
    assert admin.get_player_row(kit.db, "g1", "anna")["email"] == "anna@example.org"
    h = take(kit, kit.mail("anna@new.example.org", f"CONFIRM {code}"))
    assert h.status == "answered"
    assert admin.get_player_row(kit.db, "g1", "anna")["email"] == "anna@new.example.org"
    assert "seat moved" in last_reply(kit, "anna@example.org")["subject"]


def test_vacation_within_limits_is_announced_and_plays_on_defaults(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "VACATION 2026-11-01 2026-12-31")))
    assert "at most 21 days" in last_reply(kit, "anna@example.org")["body"]
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "VACATION 2026-11-23 2026-11-30")))
    told = [r["to_addr"] for r in kit.outbox(kind="notice")]
    assert sorted(told) == ["boris@example.org", "chiara@example.org", "dmitri@example.org"]
    seats = {s.player: s for s in intake.deadlines.seats(kit.db, "g1", 0, AT)}
    assert seats["anna"].away == "on vacation" and seats["boris"].away == ""
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "BACK")))
    assert intake.deadlines.seats(kit.db, "g1", 0, AT)[0].away == ""


def test_resign_tells_the_others_and_the_moderator(kit):
    take(kit, kit.mail("boris@example.org", kit.sheet("boris", "RESIGN")))
    assert len(kit.outbox(kind="notice")) == 3 and len(kit.outbox(kind="moderator")) == 1
    assert intake.deadlines.seats(kit.db, "g1", 0, AT)[1].away == "resigned"


def test_seat_commands_need_the_secret(kit):
    take(kit, kit.mail("anna@example.org", "REPORT"))
    assert kit.db["mails"].get(1)["status"] == "refused"


@pytest.mark.parametrize("refuse", [False, True])
def test_the_moderators_answer_to_a_join_request_is_committed(kit, refuse):
    """`pbem player approve` ran service.approve and ended: its work, left uncommitted,
    was lost (found when pbem.batch refused to start inside that open transaction)."""
    import sqlite_utils

    admin.create_game(kit.db, "g2", "hellgame")
    kit.db["games"].update("g2", {"joining": "approve"})
    take(kit, kit.mail("zoe@example.net", "JOIN g2 AS zoe"))
    service.approve(kit.site, kit.db, "g2", 1, refuse, START)
    assert not kit.db.conn.in_transaction
    other = sqlite_utils.Database(kit.site.root / "pbem.db")  # what another run sees
    assert other["join_requests"].get(1)["status"] == ("refused" if refuse else "approved")
    assert other["outbox"].count_where("to_addr = 'zoe@example.net' AND kind = 'service'") == 1
    assert other["players"].count_where("game = 'g2' AND name = 'zoe'") == (not refuse)


def test_join_with_approval_and_list_hides_hidden_games(kit):
    admin.create_game(kit.db, "g2", "hellgame")
    admin.create_game(kit.db, "g3", "hellgame")
    kit.db["games"].update("g2", {"joining": "approve"})
    kit.db["games"].update("g3", {"visibility": "hidden"})
    take(kit, kit.mail("zoe@example.net", "LIST"))
    body = last_reply(kit, "zoe@example.net")["body"]
    assert "g2" in body and "g3" not in body and "JOIN to ask the moderator" in body
    take(kit, kit.mail("zoe@example.net", "JOIN g2 AS zoe"))
    [asked] = kit.outbox(kind="moderator")
    assert "pbem player approve g2 1" in asked["body"]
    service.approve(kit.site, kit.db, "g2", 1, False, START)
    assert admin.get_player_row(kit.db, "g2", "zoe")["email"] == "zoe@example.net"
    take(kit, kit.mail("zoe@example.net", "JOIN g3"))
    assert "no game called 'g3' open here" in last_reply(kit, "zoe@example.net")["body"]


def test_join_of_a_hellgame_daemon_is_an_order_not_a_command():
    found, rest = commands.split("JOIN Caim BRINGING Frenzy\nJOIN hell2 AS zoe\n", {"hell2"})
    assert [c.text for c in found] == ["JOIN hell2 AS zoe"]
    assert rest.startswith("JOIN Caim BRINGING Frenzy\n")


WORDS = ["HELP", "REPORT", "FORM", "STATUS", "TIMEZONE", "ADDRESS", "NEWSECRET", "VACATION",
         "BACK", "RESIGN", "LIST", "JOIN", "OBSERVE", "UNOBSERVE", "CONFIRM", "PRESS", "TO",
         "ALL", "GREY", "END", "g1", "anna", "boris", "2026-13-45", "x@y", "città", "#", ">",
         "REPLACE", "GAME", "AS", "Europe/Rome", "-1", "99999999999999999999", ""]


def test_commands_and_press_in_random_mails_never_raise(kit):
    import random

    rng = random.Random(18)
    for n in range(60):
        lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
                 for _ in range(rng.randint(1, 8))]
        text = "\n".join(lines)
        blocks, rest = service.press.split(text)
        found, rest2 = commands.split(rest, {"g1"})
        assert rest2.count("\n") == text.count("\n")
        body = kit.sheet("anna", *lines) if n % 2 else text
        intake.store_raw(kit.db, kit.mail("anna@example.org", body), "t",
                         intake.deadlines.stamp(AT))
    handled = intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=40))
    assert len(handled) == 60
    assert {h.status for h in handled} <= {"stored", "refused", "answered"}
