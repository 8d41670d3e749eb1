"""Press (issue 19): players talk to each other through the game, by mail."""

from __future__ import annotations

import email
import json
import random
from datetime import timedelta
from email.policy import default

import pytest

from pbem import intake, outbox, press, turns
from pbem.store import open_db

from .sitekit import PLAYERS, START, Kit

AT = START + timedelta(minutes=30)


@pytest.fixture
def kit(tmp_path):
    k = Kit(tmp_path / "site")
    k.db["games"].update("g1", {"press": "grey"})
    return k


def take(kit, raw: bytes, minutes: int = 40):
    intake.store_raw(kit.db, raw, "t", intake.deadlines.stamp(AT))
    return intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=minutes))


def relayed(kit, to: str) -> list[dict]:
    return [r for r in kit.outbox(kind="press") if r["to_addr"] == to]


def sent_bytes(kit) -> dict[str, list[bytes]]:
    """Every mail pbem wrote, by recipient, as the bytes that leave (files transport)."""
    outbox.flush(kit.site, kit.db, START + timedelta(hours=1))
    out: dict[str, list[bytes]] = {}
    for path in sorted((kit.site.root / "outbox").glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=default)
        out.setdefault(str(msg["To"]), []).append(path.read_bytes())
    return out


def test_private_press_goes_to_boris_alone_and_a_broadcast_to_all_others(kit):
    text = kit.sheet("anna", "PRESS TO boris", "Shall we split Dis?", "END PRESS",
                     "PRESS TO ALL", "Peace in our time.")
    [h] = take(kit, kit.mail("anna@example.org", text))
    assert h.status == "answered"  # press only: no sheet stored
    assert kit.db["submissions"].count == 0
    assert [r["body"].split("\n", 3)[2] for r in relayed(kit, "boris@example.org")] == [
        "Shall we split Dis?", "Peace in our time."]
    assert [len(relayed(kit, f"{p}@example.org")) for p in PLAYERS] == [0, 2, 1, 1]
    assert "Dis" not in "".join(r["body"] for r in relayed(kit, "chiara@example.org"))
    answer = kit.outbox(kind="answer")[0]["body"]
    assert "PRESS TO boris: sent to boris." in answer
    assert "PRESS TO ALL: sent to boris, chiara, dmitri." in answer


def test_press_with_orders_does_both(kit):
    [h] = take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO chiara", "hi",
                                                           "END PRESS", "REDRAW")))
    assert h.status == "stored" and len(relayed(kit, "chiara@example.org")) == 1
    sub = kit.db["submissions"].get(1)
    assert "PRESS" not in sub["raw"] and "REDRAW" in sub["raw"]


def test_grey_press_hides_the_sender_from_the_recipient_not_from_the_moderator(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris GREY",
                                                     "Chiara plots against you.")))
    [row] = relayed(kit, "boris@example.org")
    assert "anna" not in row["subject"] + row["body"]
    mails = sent_bytes(kit)
    [to_boris] = [b for b in mails["boris@example.org"] if b"plots" in b]
    assert b"anna" not in to_boris
    assert "anna (grey) to boris" in press.listing(kit.db, "g1")


def test_a_reply_by_mail_goes_back_to_the_sender_only(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris, chiara GREY",
                                                     "Who is with me?")))
    [row] = relayed(kit, "boris@example.org")
    reply = kit.mail("boris@example.org", "Count me in.\n\nOn Mon, the game wrote:\n> Who",
                     headers={"In-Reply-To": row["message_id"]})
    [h] = take(kit, reply, 50)
    assert h.status == "answered"
    [back] = relayed(kit, "anna@example.org")
    assert "Count me in." in back["body"] and "from boris" in back["subject"]
    assert len(relayed(kit, "chiara@example.org")) == 1  # only anna's first
    assert "sent back to the sender." in kit.outbox(kind="answer")[-1]["body"]
    assert "anna" not in kit.outbox(kind="answer")[-1]["body"]  # grey stays grey
    forged = kit.mail("mallory@evil.example", "I am boris",
                      headers={"In-Reply-To": row["message_id"]})
    [h] = take(kit, forged, 55)
    assert h.status == "refused" and len(relayed(kit, "anna@example.org")) == 1


def test_press_rules_per_game(kit):
    kit.db["games"].update("g1", {"press": "public"})
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris", "psst")))
    assert "goes to everyone" in kit.outbox(kind="answer")[-1]["body"]
    kit.db["games"].update("g1", {"press": "private"})
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris GREY", "psst")),
         41)
    assert "grey press" in kit.outbox(kind="answer")[-1]["body"]
    kit.db["games"].update("g1", {"press": "none"})
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO ALL", "hello")), 42)
    assert "has no press" in kit.outbox(kind="answer")[-1]["body"]
    assert kit.outbox(kind="press") == []


def test_a_secret_line_is_never_relayed_and_limits_hold(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris",
                                                     "my secret:", "SECRET hunter2hunter2")))
    [row] = relayed(kit, "boris@example.org")
    assert "hunter2" not in row["body"] and "[secret]" not in row["body"]
    assert "A SECRET line in it was dropped" in kit.outbox(kind="answer")[0]["body"]
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris",
                                                     "x" * (press.MAX_CHARS + 1))), 41)
    assert "the limit is 8000" in kit.outbox(kind="answer")[-1]["body"]


def test_the_report_lists_press_sent_and_received_in_every_format(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris",
                                                     "<b>Dis</b> is mine")))
    take(kit, kit.mail("chiara@example.org", kit.sheet("chiara", "PRESS TO boris GREY",
                                                       "beware")), 41)
    done = turns.process(kit.db, "g1", now=START + timedelta(hours=80))
    boris = done.reports["boris"]
    assert "From anna to boris" in boris["text"] and "<b>Dis</b> is mine" in boris["text"]
    assert "&lt;b&gt;Dis&lt;/b&gt; is mine" in boris["html"]  # escaped
    entries = json.loads(boris["json"])["press"]
    assert [(e["sent"], e["from"]) for e in entries] == [
        (False, "anna"), (False, "someone (grey press: the sender is hidden)")]
    assert "chiara" not in json.dumps(entries)
    anna = json.loads(done.reports["anna"]["json"])["press"]
    assert [(e["sent"], e["to"]) for e in anna] == [(True, ["boris"])]
    assert json.loads(done.reports["dmitri"]["json"])["press"] == []


def test_a_deal_quoted_in_press_arrives_unchanged():
    line = "DEAL anna GIVES boris 2 SOULS AND boris GIVES anna Styx"
    [block], rest = press.split(f"PRESS TO boris\n{line}\nEND PRESS\n")
    assert block.body == line and rest.strip() == ""


# -- anonymity by construction, byte for byte, over random worlds ---------------------------

def leaks(kit, world: list[tuple[str, list[str], bool]]) -> list[str]:
    """What a player could learn that he must not: another player's address in any mail
    he gets, or the sender of grey press in the mail relaying it or in his report."""
    found = []
    mails = sent_bytes(kit)
    done = turns.process(kit.db, "g1", now=START + timedelta(hours=80))
    for p in PLAYERS:
        for data in mails.get(f"{p}@example.org", []):
            for q in PLAYERS:
                if q != p and f"{q}@".encode() in data:
                    found.append(f"{p} sees {q}'s address")
        for sender, to, grey in world:
            if grey and p in to:
                marker = f"grey-{sender}-{'-'.join(to)}".encode()
                for data in mails.get(f"{p}@example.org", []):
                    if marker in data and sender.encode() in data.replace(marker, b""):
                        found.append(f"{p} learns {sender} sent grey press")
                for e in json.loads(done.reports[p]["json"])["press"]:
                    if e["text"] == marker.decode() and sender in e["from"]:
                        found.append(f"{p}'s report names {sender}")
    return found


def random_world(kit, seed: int) -> list[tuple[str, list[str], bool]]:
    rng = random.Random(seed)
    world = []
    for n in range(12):
        sender = rng.choice(PLAYERS)
        others = [p for p in PLAYERS if p != sender]
        to = sorted(rng.sample(others, rng.randint(1, 3)))
        grey = rng.random() < 0.5
        world.append((sender, to, grey))
        body = f"grey-{sender}-{'-'.join(to)}" if grey else f"plain {n}"
        take(kit, kit.mail(f"{sender}@example.org",
                           kit.sheet(sender, f"PRESS TO {', '.join(to)}"
                                     + (" GREY" if grey else ""), body)), 40 + n)
    return world


@pytest.mark.parametrize("seed", range(3))
def test_no_mail_or_report_reveals_an_address_or_a_grey_sender(tmp_path, seed):
    kit = Kit(tmp_path / "site")
    kit.db["games"].update("g1", {"press": "grey"})
    world = random_world(kit, seed)
    assert any(grey for _, _, grey in world)
    assert leaks(kit, world) == []


def test_the_anonymity_check_fails_without_the_protection(tmp_path, monkeypatch):
    monkeypatch.setattr(press, "sender_label", lambda row: row["sender"])  # no protection
    kit = Kit(tmp_path / "site")
    kit.db["games"].update("g1", {"press": "grey"})
    world = random_world(kit, 0)
    found = leaks(kit, world)
    assert found and all("grey" in f or "report names" in f for f in found)


def test_the_moderator_reads_all_press(cli):
    code, out = cli("game", "new", "g9", "--game", "hellgame")
    code, out = cli("game", "press", "g9")
    assert code == 0 and out == "no press in g9 yet\n"


def test_press_survives_in_the_database_after_a_reopen(kit):
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO ALL", "hello")))
    db = open_db(kit.site.root / "pbem.db")
    assert db["press"].count == 1 and db["press_tokens"].count == 3


def test_a_rollback_replays_the_press_in_the_reports_without_sending_it_again(kit):
    from pbem.rollback import rollback

    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "PRESS TO boris", "hello")))
    first = turns.process(kit.db, "g1", now=START + timedelta(hours=80))
    relayed_before = len(kit.outbox(kind="press"))
    rollback(kit.db, "g1", 0)
    again = turns.process(kit.db, "g1", now=START + timedelta(hours=80))
    assert again.reports["boris"] == first.reports["boris"]
    assert "hello" in again.reports["boris"]["text"]
    assert len(kit.outbox(kind="press")) == relayed_before == 1


def test_press_in_the_html_report_fits_a_phone_screen(kit, tmp_path):
    """390 px wide: a long press line wraps within its box instead of running out of it.
    (The page as a whole is still wider than a phone: issue 20.)"""
    from browser import check_html, require_browser

    require_browser()
    take(kit, kit.mail("anna@example.org", kit.sheet(
        "anna", "PRESS TO boris", "Shall we split Dis? " * 12 + "x" * 120)))
    done = turns.process(kit.db, "g1", now=START + timedelta(hours=80))
    html = done.reports["boris"]["html"].replace(
        "</body>", "<script>document.body.setAttribute('data-overflow', "
                   "[...document.querySelectorAll('#press, #press *')].filter(e => "
                   "e.scrollWidth > e.clientWidth + 1).length)</script></body>")
    page = tmp_path / "boris.html"
    page.write_text(html, encoding="utf-8")
    rendered = check_html(page, tmp_path / "boris.png", width=390, height=2000, timeout=60)
    import re

    assert re.findall(r"<body[^>]*>", rendered.dom) == ['<body data-overflow="0">']
    assert 'id="press"' in rendered.dom
