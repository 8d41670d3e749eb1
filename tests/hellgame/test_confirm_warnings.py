"""Issue 20: warnings on accepted lines (pbem.engine.LineResult.warning), shown in the
confirmation ("Warnings") and in the report's attention list (status "warning"); and
receipt ids unique per game, stage and sheet (OrderSheet.receipt, Checked.receipt)."""

from __future__ import annotations

import re

import pytest

from pbem import admin, orders
from pbem.confirm import confirmation_context, confirmation_text
from pbem.engine import ACCEPTED, ILLEGAL, LineResult, OrderSheet
from pbem.orders import Checked
from pbem.reports import Stage, model
from pbem.site import init_site
from pbem_games.hellgame import GAME

WALK = "Thamuz: WALK THE EARTH WITH The Iago Syndrome"


@pytest.fixture
def checked(make_state):
    """A turn-2 sheet of a's: a warned line (HG-9.6-01), a refused one (HG-9.0-02)."""
    st = make_state({"a": {"souls": 5, "daemons": ["daemon.thamuz", "daemon.baal"]}, "b": {},
                     "c": {}}, turn=2, daemons={"daemon.baal": {"incapacitated": True}})
    sheet = GAME.check_orders(st.to_dict(), "a", f"{WALK}\nBaal: ATONE\n")
    return Checked("g", "hellgame", "a", 2, "turn 2", sheet, {}, None)


def test_a_warned_line_is_accepted_and_listed_apart(checked):
    walk, atone = checked.sheet.lines
    assert (walk.status, atone.status) == (ACCEPTED, ILLEGAL)
    assert walk.warning.startswith("The Iago Syndrome is not in your hand now")
    assert checked.sheet.warnings == [walk] and checked.sheet.problems == [atone]
    assert checked.sheet.canonical() == [WALK]  # it is played at the deadline


def test_line_results_from_older_versions_still_read():
    old = {"line_no": 3, "text": "LEGIONS 2", "status": ACCEPTED, "canonical": "LEGIONS 2",
           "message": "", "rule": "HG-8.2-03", "hint": "", "order": {"type": "LEGIONS", "n": 2}}
    r = LineResult.from_dict(old)
    assert r.warning == "" and r.ok and r.to_dict() == {**old, "warning": ""}
    assert LineResult.from_dict({**old, "someday": 1}) == r  # a newer key is ignored
    sheet = OrderSheet.from_dict({"player": "a", "lines": [old], "defaults": []})
    assert sheet.warnings == [] and sheet.orders == [{"type": "LEGIONS", "n": 2}]
    warned = LineResult.from_dict({**old, "warning": "careful [HG-8.2-03]"})
    assert OrderSheet.from_dict({"player": "a", "lines": [warned.to_dict()],
                                 "defaults": []}).warnings == [warned]


def test_hg_9_6_01_the_confirmation_lists_the_warning(checked):
    text = confirmation_text(checked, stored=True)
    assert "Warnings (1): these lines are kept, but as things stand they will not\n" \
           "work as written:" in text
    section = text[text.index("Warnings (1)"):]
    assert f"  line   1: {WALK}\n      warning: The Iago Syndrome is not in your hand now:" \
        in section
    flat = " ".join(section.split())
    assert ("warning: The Iago Syndrome is not in your hand now: Thamuz walks with it only if "
            "you draw, buy or are given it before it acts [HG-9.6-01]; write WALK THE EARTH "
            "WITHOUT CARD: Thamuz walks without one (his ability)") in flat
    assert all(len(line) <= 72 for line in section.splitlines() if "warning" in line)
    # the refused line is under Problems, the warned one is understood
    assert "Problems (1); these lines are ignored:" in text
    assert f"line   1: {WALK}" in text[:text.index("Problems")]


def test_a_sheet_without_warnings_has_no_warnings_section(make_state):
    st = make_state({"a": {"daemons": ["daemon.thamuz"]}, "b": {}, "c": {}}, turn=2)
    sheet = GAME.check_orders(st.to_dict(), "a", "Thamuz: WALK THE EARTH WITHOUT CARD\n")
    text = confirmation_text(Checked("g", "hellgame", "a", 2, "turn 2", sheet, {}, None), True)
    assert "Warnings" not in text


def test_the_report_lists_a_warning_with_the_problems(checked):
    stage = Stage("g", "hellgame", "The HellGame", "turn 2", 2, "turn 3", False)
    m = model(stage, "a", {}, [], [], checked.sheet, "abc123abc123", None, "", None)
    assert [(p["line_no"], p["status"], p["message"]) for p in m["attention"]["problems"]] == [
        (1, "warning", checked.sheet.lines[0].warning),
        (2, ILLEGAL, checked.sheet.lines[1].message)]
    assert m["orders"]["lines"][0]["status"] == ACCEPTED  # the sheet itself is unchanged


# -- receipts ------------------------------------------------------------------------------------

def test_a_receipt_is_unique_per_game_stage_and_sheet():
    line = LineResult(1, "LEGIONS 2", ACCEPTED, canonical="LEGIONS 2",
                      order={"type": "LEGIONS", "n": 2})
    sheet = OrderSheet("anna", [line])
    ids = {sheet.receipt("g1", 2), sheet.receipt("g2", 2), sheet.receipt("g1", 3),
           OrderSheet("boris", [line]).receipt("g1", 2), OrderSheet("anna").receipt("g1", 2)}
    assert len(ids) == 5
    assert all(re.fullmatch(r"[0-9a-f]{12}", r) for r in ids)
    assert sheet.receipt("g1", 2) == OrderSheet("anna", [line]).receipt("g1", 2)  # stable


@pytest.fixture
def db(tmp_path):
    db = init_site(tmp_path).db()
    for game in ("g1", "g2"):
        admin.create_game(db, game, "hellgame", seed="s")
        for p in ("a", "b", "c"):
            admin.add_player(db, game, p, f"{p}-{game}@example.org")
        admin.start_game(db, game)
    return db


def test_the_same_orders_in_two_games_get_two_receipts(db):
    one, two = (orders.check(db, g, "a", "") for g in ("g1", "g2"))
    assert one.sheet.canonical() == two.sheet.canonical()
    assert one.receipt != two.receipt
    assert one.receipt == orders.check(db, "g1", "a", "# only a comment\n").receipt
    # the confirmation and the stored submission (read back for the report) agree
    assert confirmation_context(one, stored=True)["receipt"] == one.receipt
    sub = orders.store(db, one, "", "test")
    assert db["submissions"].get(sub)["receipt"] == one.receipt
