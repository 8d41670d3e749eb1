"""DESIGN.md §8: processing a stage is one transaction. A crash at any point of the
write leaves the previous state intact, and a rerun gives the same result."""

import pytest
from sqlite_utils.db import Table

from pbem import admin, turns
from pbem.errors import PbemError
from pbem.site import init_site

TABLES = ("games", "stages", "events", "dice_rolls", "reports")


class Crash(Exception):
    pass


def _site(path):
    db = init_site(path).db()
    admin.create_game(db, "g", "hellgame", seed="crash")
    for p in ("a", "b", "c"):
        admin.add_player(db, "g", p, f"{p}@example.org")
    admin.start_game(db, "g")
    return db


def _snapshot(db):
    return {t: list(db[t].rows) for t in TABLES}


@pytest.mark.parametrize("table,method", [("events", "insert_all"),
                                          ("dice_rolls", "insert_all"),
                                          ("reports", "insert_all"),
                                          ("stages", "update"), ("stages", "insert"),
                                          ("games", "update")])
def test_a_crash_during_the_write_changes_nothing_and_a_rerun_matches(
        tmp_path, monkeypatch, table, method):
    reference = turns.process(_site(tmp_path / "ref"), "g", None).reports
    db = _site(tmp_path / "crash")
    before = _snapshot(db)
    real = getattr(Table, method)

    def crash_on(self, *args, **kwargs):
        if self.name == table:
            raise Crash(f"{table}.{method}")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Table, method, crash_on)
    with pytest.raises(Crash):
        turns.process(db, "g", None)
    monkeypatch.undo()
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
