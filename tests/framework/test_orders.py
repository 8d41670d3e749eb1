"""Order sheets at the framework level: headers, secrets, turn checks, receipts."""

import pytest

from pbem import admin, orders
from pbem.errors import PbemError
from pbem.site import init_site


@pytest.fixture
def db(tmp_path):
    db = init_site(tmp_path).db()
    admin.create_game(db, "g", "hellgame", seed="s")
    secrets = {p: admin.add_player(db, "g", p, f"{p}@example.org") for p in ("a", "b", "c")}
    admin.start_game(db, "g")
    db.secrets = secrets
    return db


def test_headers_are_read_case_insensitively_with_or_without_colon():
    assert orders.read_headers("game: g1\nPLAYER anna\n  Secret   xyz  \n") == {
        "game": "g1", "player": "anna", "secret": "xyz"}


def test_a_wrong_or_missing_secret_changes_nothing(db):
    with pytest.raises(PbemError, match="SECRET line is missing or wrong"):
        orders.check(db, "g", "a", "GAME g\nPLAYER a\nSECRET nope\n", need_secret=True)
    with pytest.raises(PbemError, match="SECRET line is missing or wrong"):
        orders.check(db, "g", "a", "GAME g\nPLAYER a\n", need_secret=True)
    ok = orders.check(db, "g", "a", f"GAME g\nSECRET {db.secrets['a']}\n", need_secret=True)
    assert ok.player == "a"
    assert db["submissions"].count == 0


def test_orders_for_another_turn_are_refused(db):
    with pytest.raises(PbemError, match="for TURN 3, but 'g' is now at setup"):
        orders.check(db, "g", "a", "TURN 3\n")
    assert orders.check(db, "g", "a", "TURN setup\n").stage_name == "setup"


def test_an_oversized_sheet_is_refused_whole(db):
    with pytest.raises(PbemError, match="the limit is 64000"):
        orders.check(db, "g", "a", "# x\n" * 20_000)


def test_receipt_depends_only_on_the_canonical_orders(db):
    name = _daemon(db, "a")
    one = orders.check(db, "g", "a", f"REDRAW   {name}\n# a comment\n")
    two = orders.check(db, "g", "a", f"redraw {name.lower()}\n")
    assert one.sheet.receipt() == two.sheet.receipt()
    three = orders.check(db, "g", "a", "")
    assert three.sheet.receipt() != one.sheet.receipt()


def test_changes_since_the_previous_sheet_are_listed(db):
    first = orders.check(db, "g", "a", f"REDRAW {_daemon(db, 'a')}\n")
    assert orders.changes(first.previous, first.sheet.canonical())["first"] is True
    orders.store(db, first, "x", "test")
    second = orders.check(db, "g", "a", "")
    diff = orders.changes(second.previous, second.sheet.canonical())
    assert diff == {"first": False, "added": [], "removed": first.sheet.canonical()}


def _daemon(db, player):
    import json

    from pbem_games.hellgame import GAME

    state = json.loads(admin.current_stage(db, "g")["state"])
    return GAME.data.daemons[state["players"][player]["daemons"][0]].name
