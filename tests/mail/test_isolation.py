"""Nothing stops a site (issue 17): one mail, one game, one message fails alone.

The repros of the issue, each a test that failed on the code before it: a non-ASCII
GAME line, From, Message-ID or References, or a player's non-ASCII address, made every
later run crash on composing mail; an exception from any engine method (or a snapshot
that does not load) stopped every game; a stage that never ends hung the run; a folder
or a dangling link in inbox/ stopped all mail.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from pbem import admin, budget, checked, engine, faults, intake, orders, outbox, run
from pbem.errors import PbemError
from pbem.store import open_db
from pbem_games.hellgame import GAME as HELLGAME

from .sitekit import PLAYERS, START, Kit


def eml_files(kit) -> list[bytes]:
    return [p.read_bytes() for p in sorted((kit.site.root / "outbox").glob("*.eml"))]


def assert_valid_mail(data: bytes) -> None:
    assert data.isascii(), data[:300]
    head = data.split(b"\r\n\r\n", 1)[0]
    assert all(len(line) <= 998 for line in data.split(b"\r\n"))
    assert b"\n" not in head.replace(b"\r\n", b"")


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site", schedule={"hours": 1})


# -- 1. one mail must never stop all outgoing mail -------------------------------------

HOSTILE = {
    "non-ASCII GAME line": ("zoe@example.net", "x", {}, "GAME città\n"),
    "non-ASCII From": ("zoë@exämple.org", "x", {}, "GAME g1\n"),
    "non-ASCII domain": ("zoe@exämple.org", "x", {}, "GAME g1\n"),
    "non-ASCII Message-ID": ("zoe@example.net", "x", {"Message-ID": "<città@x>"}, "GAME g1\n"),
    "non-ASCII References": ("zoe@example.net", "x",
                             {"References": "<a@b> <città@x> " + "<r@x> " * 400}, "GAME g1\n"),
    "a Subject of 5,000 characters": ("zoe@example.net", "ä" * 5000, {}, "GAME g1\n"),
}


@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_one_hostile_mail_never_stops_outgoing_mail(kit, label):
    sender, subject, headers, body = HOSTILE[label]
    raw = kit.mail(sender, body, subject=subject, headers=headers)
    (kit.site.root / "inbox" / "a.eml").write_bytes(raw)
    (kit.site.root / "inbox" / "b.eml").write_bytes(
        kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")))
    first = run.run(kit.site, now=START + timedelta(minutes=5))
    again = run.run(kit.site, now=START + timedelta(minutes=10))
    assert first.failed == [] and again.failed == []
    rows = kit.outbox(kind="confirmation")
    assert [r["to_addr"] for r in rows] == ["anna@example.org"]
    assert rows[0]["status"] == "sent"
    for data in eml_files(kit):
        assert_valid_mail(data)


def test_a_player_with_a_non_ascii_address_fails_his_own_mail_only(kit):
    admin.create_game(kit.db, "g2", "hellgame", seed="1", settings={"hours": 1})
    for p, addr in (("x", "x@example.org"), ("y", "y@exämple.org"), ("z", "z@example.org")):
        admin.add_player(kit.db, "g2", p, addr)
    with pytest.raises(PbemError, match="SMTPUTF8"):  # refused when added ...
        admin.add_player(kit.db, "g2", "w", "zoë@example.org")
    # ... but one may be on record from before: it fails its own mail, nothing else
    kit.db["players"].update(("g2", "x"), {"email": "zoë@example.org"})
    admin.start_game(kit.db, "g2", now=START)
    result = run.run(kit.site, now=START + timedelta(hours=2))
    assert [p.split()[0] for p in result.processed] == ["g1", "g2"]
    rows = {r["to_addr"]: r for r in kit.outbox(kind="report", game="g2")}
    assert rows["zoë@example.org"]["status"] == "failed"
    assert "SMTPUTF8" in rows["zoë@example.org"]["last_error"]
    assert rows["y@exämple.org"]["status"] == rows["z@example.org"]["status"] == "sent"
    sent = [d for d in eml_files(kit) if b"To: y@xn--exmple-cua.org" in d]
    assert len(sent) == 1
    for data in eml_files(kit):
        assert_valid_mail(data)


# -- 2. one game's fault stops no other game -------------------------------------------

class Faulty:
    """The HellGame with one method that raises or stalls: a game's bug, injected."""

    id = "faulty"
    title = "Faulty"

    def __init__(self, method: str, how: str = "raise"):
        self.method, self.how = method, how

    def __getattr__(self, name):
        real = getattr(HELLGAME, name)
        if name != self.method:
            return real

        def broken(*args, **kwargs):
            if self.how == "stall":
                while True:
                    time.sleep(0.01)
            if self.how == "log":  # a rule that never ends, logging as it goes
                from pbem.eventlog import Log

                log = Log()
                while True:
                    log.public("round", "another round")
            raise RuntimeError(f"injected fault in {name}")

        return broken


@pytest.fixture
def two_games(kit, monkeypatch):
    """g1, the HellGame, and g0, a game of type 'faulty' set up by `make(method)`."""

    def make(method: str, how: str = "raise"):
        monkeypatch.setitem(engine._REGISTRY, "faulty", Faulty("none"))
        admin.create_game(kit.db, "g0", "faulty", seed="1", settings={"hours": 1})
        for p in ("x", "y", "z"):
            admin.add_player(kit.db, "g0", p, f"{p}@example.org")
        admin.start_game(kit.db, "g0", now=START)
        text = "GAME g0\nPLAYER x\n"  # a sheet stored, to be checked again at the deadline
        orders.store(kit.db, orders.check(kit.db, "g0", "x", text), text, source="test")
        monkeypatch.setitem(engine._REGISTRY, "faulty", Faulty(method, how))
        # as after an upgrade of the engine: the stored sheet is checked again at the
        # deadline (pbem.checked), by the faulty engine
        monkeypatch.setattr(checked, "engine_digest", lambda game_class: "a later version")
        return kit

    return make


METHODS = ["check_orders", "resolve", "player_view", "public_view", "order_form", "turn_marks",
           "map_svg", "templates"]


@pytest.mark.parametrize("method", METHODS)
def test_a_fault_in_any_engine_method_stops_only_its_game(two_games, method):
    kit = two_games(method)
    result = run.run(kit.site, now=START + timedelta(hours=2))
    assert [p.split()[0] for p in result.processed] == ["g1"]
    assert len(result.failed) == 1 and f"injected fault in {method}" in result.failed[0]
    assert admin.get_game_row(kit.db, "g0")["stage"] == 0
    assert admin.get_game_row(kit.db, "g0")["last_error"].endswith(f"in {method}")
    assert kit.db["reports"].count_where("game = 'g0'") == 0
    assert len(kit.outbox(kind="report", game="g1")) == len(PLAYERS)
    again = run.run(kit.site, now=START + timedelta(hours=3))
    assert len(again.failed) == 1
    moderator = kit.outbox(kind="moderator")
    assert len(moderator) == 1 and "g0 could not be processed" in moderator[0]["subject"]
    assert "Traceback" not in moderator[0]["body"]
    [fault] = [f for f in faults.open_faults(kit.db, "game")]
    assert fault["key"] == "g0" and fault["count"] == 2 and "Traceback" in fault["detail"]


def test_a_snapshot_that_does_not_load_stops_only_its_game(two_games):
    kit = two_games("none")
    kit.db["stages"].update(("g0", 0), {"state": "{not json"})
    result = run.run(kit.site, now=START + timedelta(hours=2))
    assert [p.split()[0] for p in result.processed] == ["g1"]
    assert "JSONDecodeError" in result.failed[0]


@pytest.mark.parametrize("how", ["stall", "log"])
def test_a_stage_past_its_budget_is_stopped_and_nothing_of_it_is_stored(two_games, how):
    kit = two_games("resolve", how)
    cfg = kit.site.root / "pbem.yaml"
    cfg.write_text(cfg.read_text() + "limits:\n  stage_seconds: 1\n  stage_events: 5000\n")
    from pbem.site import open_site

    kit.site = open_site(kit.site.root)
    dealt = kit.db["events"].count_where("game = 'g0'")  # the deal, stored at the start
    started = time.monotonic()
    result = run.run(kit.site, now=START + timedelta(hours=2))
    assert time.monotonic() - started < 60  # stopped, not hung (the bound is 1 s)
    assert [p.split()[0] for p in result.processed] == ["g1"]
    said = "ran for more than 1 s" if how == "stall" else "logged more than 5,000 events"
    assert len(result.failed) == 1 and said in result.failed[0]
    assert admin.get_game_row(kit.db, "g0")["stage"] == 0
    assert kit.db["events"].count_where("game = 'g0'") == dealt


def test_the_budget_is_a_base_exception_a_game_cannot_swallow():
    with pytest.raises(budget.OverBudget), budget.spending("test", None, events=3):
        from pbem.eventlog import Log

        log = Log()
        for _ in range(10):
            try:
                log.public("x", "y")
            except Exception:  # what a careless game might write
                pass


# -- the inbox: files that are not mail ------------------------------------------------

def test_a_folder_or_a_dangling_link_in_the_inbox_stops_no_mail(kit):
    inbox = kit.site.root / "inbox"
    (inbox / "folder.eml").mkdir()
    (inbox / "dangling.eml").symlink_to(inbox / "nowhere")
    (inbox / "b.eml").write_bytes(kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")))
    result = run.run(kit.site, now=START + timedelta(minutes=5))
    assert result.fetched == 1 and result.failed == []
    assert [r["to_addr"] for r in kit.outbox(kind="confirmation")] == ["anna@example.org"]
    keys = sorted(f["key"] for f in faults.open_faults(kit.db, "site"))
    assert keys == ["inbox/dangling.eml", "inbox/folder.eml"]
    run.run(kit.site, now=START + timedelta(minutes=10))
    [told] = kit.outbox(kind="moderator")  # once, for both
    assert "inbox/folder.eml is not a mail file" in told["body"]


def test_a_message_that_cannot_be_composed_fails_alone(kit, monkeypatch):
    for n in range(3):
        outbox.queue(kit.db, to=f"p{n}@example.org", subject="s", body="b", kind="notice",
                     now="2026-11-23T09:00:00Z")
    real = outbox.compose

    def compose(row, *a, **k):
        if row["to_addr"] == "p1@example.org":
            raise KeyError("a bug")
        return real(row, *a, **k)

    monkeypatch.setattr(outbox, "compose", compose)
    sent = outbox.flush(kit.site, kit.db, START)
    assert (sent.sent, sent.failed) == (2, 1)
    db = open_db(kit.site.root / "pbem.db")
    assert db["outbox"].get(2)["status"] == "failed"
    assert "KeyError" in db["outbox"].get(2)["last_error"]


def test_mail_intake_on_a_budget(kit, monkeypatch):
    def stall(*a, **k):
        while True:
            time.sleep(0.01)

    monkeypatch.setattr(intake, "handle", stall)
    monkeypatch.setattr(budget, "MAIL_SECONDS", 0.5)
    intake.store_raw(kit.db, kit.mail("anna@example.org", "x"), "t", "2026-11-23T09:30:00Z")
    [h] = intake.handle_pending(kit.site, kit.db, START + timedelta(hours=1))
    assert h.status == "retry" and "ran for more than 0.5 s" in h.reason


def test_a_name_ending_in_a_newline_is_not_a_name(kit):
    with pytest.raises(PbemError, match="is not allowed"):
        admin.create_game(kit.db, "g9\n", "hellgame")
