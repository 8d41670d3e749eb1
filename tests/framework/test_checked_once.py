"""Issue 23: a sheet checked once. A submission keeps the sheet it was checked into and
what it was checked against (pbem/checked.py); at the deadline it is used as it is when
the snapshot and the engine are the very same, and checked again otherwise."""

from __future__ import annotations

import json
import shutil

import pytest

from pbem import admin, checked, orders, turns
from pbem.demo import PLAYERS, demo_of, run_demo, sheet
from pbem.engine import OrderSheet, canonical_json, get_game, state_hash
from pbem.site import init_site, open_site


@pytest.mark.parametrize("game_type", ["hellgame", "lords-of-hell"])
def test_the_kept_sheet_is_the_one_checking_again_gives(tmp_path, game_type):
    """Every sheet of the demo, kept when it came in, equals (as data, to the order
    dicts) what the engine gives checking it again against its stage's snapshot."""
    run_demo(tmp_path / "demo", echo=lambda s: None, game_type=game_type)
    db = open_site(tmp_path / "demo").db()
    game = get_game(game_type)
    rows = list(db.query("SELECT s.*, t.state, t.state_hash FROM submissions s JOIN stages t "
                         "ON t.game = s.game AND t.number = s.stage"))
    assert len(rows) >= 8
    for row in rows:
        assert row["checked_with"] == checked.stamp(game, row["state_hash"]) != ""
        again = game.check_orders(json.loads(row["state"]), row["player"], row["raw"])
        assert checked.reused(row, row["checked_with"]) == again
        assert OrderSheet.from_dict(json.loads(row["sheet"])).to_dict() == again.to_dict()


def _site_with_sheets(root):
    """A HellGame at its setup stage, every player's sheet stored."""
    site = init_site(root)
    db = site.db()
    game = get_game("hellgame")
    admin.create_game(db, "g", "hellgame", seed="checked-once")
    for name, address in PLAYERS:
        admin.add_player(db, "g", name, address)
    admin.start_game(db, "g")
    _, demo = demo_of("hellgame")
    stage = admin.current_stage(db, "g")
    stored = 0
    for name, _ in PLAYERS:
        text = sheet(demo, game, stage, name, "g")
        if text is not None:
            orders.store(db, orders.check(db, "g", name, text), text, "test")
            stored += 1
    db.conn.close()
    return stored


def _process(root, monkeypatch):
    """The stage processed; (its reports, how many sheets the engine checked)."""
    game = get_game("hellgame")
    calls = []
    original = type(game).check_orders
    monkeypatch.setattr(type(game), "check_orders",
                        lambda self, *a: calls.append(a[1]) or original(self, *a))
    db = open_site(root).db()
    try:
        done = turns.process(db, "g", None)
    finally:
        monkeypatch.setattr(type(game), "check_orders", original)
        db.conn.close()
    return done.reports, calls


def test_at_the_deadline_a_sheet_is_not_checked_again_and_plays_the_same(tmp_path,
                                                                          monkeypatch):
    stored = _site_with_sheets(tmp_path / "a")
    assert stored >= 3
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    db = open_site(tmp_path / "b").db()
    db.execute("UPDATE submissions SET sheet = '', checked_with = ''")  # as stored before
    db.conn.commit()
    db.conn.close()
    kept, kept_calls = _process(tmp_path / "a", monkeypatch)
    again, again_calls = _process(tmp_path / "b", monkeypatch)
    assert kept_calls == [] and len(again_calls) == stored
    assert kept == again  # every report, to the byte


def test_a_snapshot_changed_since_or_another_engine_checks_the_sheet_again(tmp_path,
                                                                           monkeypatch):
    stored = _site_with_sheets(tmp_path / "a")
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    db = open_site(tmp_path / "a").db()
    # the moderator changed the stage's snapshot after the sheets came in
    state = json.loads(admin.current_stage(db, "g")["state"])
    state["players"]["anna"]["souls"] += 1
    db.execute("UPDATE stages SET state = ?, state_hash = ? WHERE game = 'g'",
               [canonical_json(state), state_hash(state)])
    db.conn.commit()
    db.conn.close()
    assert len(_process(tmp_path / "a", monkeypatch)[1]) == stored
    # pbem or the game was upgraded since
    monkeypatch.setattr(checked, "engine_digest", lambda game_class: "a later version")
    assert len(_process(tmp_path / "b", monkeypatch)[1]) == stored


def test_the_engine_digest_covers_the_game_package_and_pbem():
    game = get_game("hellgame")
    digest = checked.engine_digest(type(game))
    assert len(digest) == 24 and checked.stamp(game, "h") == f"h:{digest}"
    assert checked.stamp(game, "") == ""  # no snapshot hash: nothing to compare with
    assert checked.engine_digest(type(get_game("lords-of-hell"))) != digest

    class Unplaced:  # a class with no module file: never reused
        __module__ = "no_such_module"

    assert checked.engine_digest(Unplaced) == ""
    assert checked.reused({"checked_with": "", "sheet": "{}"}, "") is None


@pytest.mark.parametrize("damaged", ["{not json", "[]", '{"player": "anna"}',
                                     '{"player": "anna", "lines": [{"bad": 1}], "defaults": []}'])
def test_a_kept_sheet_that_does_not_read_is_checked_again(tmp_path, monkeypatch, damaged):
    """The kept sheet is only a shortcut: a damaged one never stops the game."""
    stored = _site_with_sheets(tmp_path / "a")
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    db = open_site(tmp_path / "a").db()
    db.execute("UPDATE submissions SET sheet = ?", [damaged])
    db.conn.commit()
    db.conn.close()
    reports, calls = _process(tmp_path / "a", monkeypatch)
    assert len(calls) == stored
    assert reports == _process(tmp_path / "b", monkeypatch)[0]
