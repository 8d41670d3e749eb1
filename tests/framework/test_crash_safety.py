"""DESIGN.md §8: processing a stage is one transaction. A crash at any point of the
write leaves the previous state intact, and a rerun gives the same result."""

import sqlite3

import pytest

from pbem import admin, turns
from pbem.errors import PbemError
from pbem.site import init_site

TABLES = ("games", "stages", "events", "dice_rolls", "reports")


def _site(path):
    db = init_site(path).db()
    admin.create_game(db, "g", "hellgame", seed="crash")
    for p in ("a", "b", "c"):
        admin.add_player(db, "g", p, f"{p}@example.org")
    admin.start_game(db, "g")
    return db


def _snapshot(db):
    return {t: list(db[t].rows) for t in TABLES}


@pytest.mark.parametrize("table,action,column,nth", [
    ("events", sqlite3.SQLITE_INSERT, None, 1), ("dice_rolls", sqlite3.SQLITE_INSERT, None, 1),
    ("reports", sqlite3.SQLITE_INSERT, None, 1),
    # the 1st update of a stage's status claims it, the 2nd closes it
    ("stages", sqlite3.SQLITE_UPDATE, "status", 2), ("stages", sqlite3.SQLITE_INSERT, None, 1),
    ("games", sqlite3.SQLITE_UPDATE, "stage", 1)])
def test_a_crash_during_the_write_changes_nothing_and_a_rerun_matches(
        tmp_path, table, action, column, nth):
    """SQLite itself refuses the nth write of that kind to that table (an authorizer
    callback), whichever code path makes it, midway through the stage's transaction."""
    reference = turns.process(_site(tmp_path / "ref"), "g", None).reports
    db = _site(tmp_path / "crash")
    before = _snapshot(db)
    seen = []

    def deny(code, arg1, arg2, dbname, source):
        if code == action and arg1 == table:
            if arg2 == column:  # an UPDATE asks once for each column it sets
                seen.append(arg1)
            if len(seen) == nth:
                return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    db.conn.set_authorizer(deny)
    with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
        turns.process(db, "g", None)
    db.conn.set_authorizer(None)
    assert len(seen) == nth  # the write was reached and refused
    assert _snapshot(db) == before
    assert turns.process(db, "g", None).reports == reference


def test_a_stage_stored_meanwhile_by_another_process_is_not_stored_twice(tmp_path,
                                                                          monkeypatch):
    """Two runs that both loaded the open stage: the second one's write is refused."""
    db = _site(tmp_path / "s")
    stale = admin.current_stage(db, "g")  # what the slower process loaded
    turns.process(init_site(tmp_path / "s").db(), "g", None)  # the faster one, meanwhile
    monkeypatch.setattr(turns, "current_stage", lambda _db, _name: stale)
    with pytest.raises(PbemError, match="already processed"):
        turns.process(db, "g", None)
    assert db["reports"].count_where("stage = 0 and format = 'text'") == 4
    assert db["stages"].count == 2
