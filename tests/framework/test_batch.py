"""pbem.batch: units committed together, each still failing alone (issue 23)."""

from __future__ import annotations

import pytest
import sqlite_utils

from pbem import faults
from pbem.batch import Batch
from pbem.store import open_db


@pytest.fixture
def db(tmp_path):
    db = open_db(tmp_path / "pbem.db")
    db.conn.execute("CREATE TABLE t (n INTEGER)")
    return db


def count(path) -> int:
    """Rows as another connection sees them: what is committed."""
    return sqlite_utils.Database(path)["t"].count


def unit(db, n: int, fail: bool = False) -> list:
    with faults.guard(db, "mail", str(n)) as fault:
        db.conn.execute("INSERT INTO t (n) VALUES (?)", [n])
        if fail:
            raise RuntimeError("boom")
    return fault


def test_units_are_committed_size_at_a_time_and_acted_on_after_the_commit(db, tmp_path):
    path, acted = tmp_path / "pbem.db", []
    with Batch(db, 2) as batch:
        for n in range(5):
            batch.begin()
            unit(db, n)
            batch.later(lambda n=n: acted.append((n, count(path))))
            batch.done()
            if n == 2:
                assert count(path) == 2 and acted == [(0, 2), (1, 2)]
    assert count(path) == 5
    assert acted == [(0, 2), (1, 2), (2, 4), (3, 4), (4, 5)]


def test_a_failing_unit_is_rolled_back_alone_and_recorded(db, tmp_path):
    with Batch(db, 10) as batch:
        for n in range(3):
            batch.begin()
            fault = unit(db, n, fail=n == 1)
            assert bool(fault) == (n == 1)
            batch.done()
    assert [r["n"] for r in db["t"].rows] == [0, 2]
    assert db["faults"].count_where("unit = 'mail' AND key = '1' AND cleared = ''") == 1


def test_a_unit_that_committed_part_way_then_failed_leaves_no_half_unit(db):
    """faults.record commits (`with db.conn`); the unit's savepoint is then gone: its
    failure rolls back what is left of the transaction, without an error of its own,
    and drops what waited for a commit (a rollback of the whole transaction could have
    lost the units it was for: a mail is never marked as taken unless stored)."""
    acted = []
    with Batch(db, 10) as batch:
        batch.begin()
        unit(db, 0)
        batch.later(lambda: acted.append(0))
        batch.done()
        batch.begin()
        with faults.guard(db, "mail", "1"):
            db.conn.execute("INSERT INTO t (n) VALUES (1)")
            db.conn.commit()  # as a commit inside the unit would
            db.conn.execute("INSERT INTO t (n) VALUES (99)")
            raise RuntimeError("boom")
        batch.done()
        batch.begin()
        unit(db, 2)
        batch.later(lambda: acted.append(2))
        batch.done()
    assert [r["n"] for r in db["t"].rows] == [0, 1, 2]
    assert acted == [2]  # 0 was committed too, but is left for the next run to see


def test_a_batch_stopped_part_way_keeps_nothing_and_does_nothing_later(db, tmp_path):
    acted = []
    with pytest.raises(KeyboardInterrupt), Batch(db, 10) as batch:
        batch.begin()
        unit(db, 0)
        batch.later(lambda: acted.append(0))
        batch.done()
        batch.begin()
        db.conn.execute("INSERT INTO t (n) VALUES (1)")
        raise KeyboardInterrupt  # not a unit's fault: nothing takes it
    assert count(tmp_path / "pbem.db") == 0 and acted == []
    assert not db.conn.in_transaction and db.pbem_batch is None


def test_a_batch_starts_outside_any_transaction(db):
    db.conn.execute("BEGIN")
    with pytest.raises(RuntimeError, match="outside any transaction"), Batch(db):
        pass
    db.conn.rollback()
    with Batch(db), pytest.raises(RuntimeError, match="or batch"), Batch(db):
        pass


def test_outside_a_batch_a_guard_rolls_back_the_whole_transaction_as_before(db):
    db.conn.execute("BEGIN")
    db.conn.execute("INSERT INTO t (n) VALUES (0)")
    unit(db, 1, fail=True)
    assert db["t"].count == 0
