"""Several units of work in one transaction, each still its own unit of failure.

Storing a mail and answering one are units of failure (pbem.faults.guard): one that
fails is rolled back alone and the rest goes on. Committing each on its own cost about
a fifth of storing a mail (issue 23), so `Batch` commits `size` units at a time. Inside
a batch, `faults.guard` takes a savepoint at the start of its unit (`unit_start`) and a
failure rolls back to it (`unit_undo`), leaving the units before it in the transaction.

What a unit does outside the database waits for the commit that stores it
(`Batch.later`): a mail is marked as taken in its mailbox only once it is stored. A run
that is killed, or stopped by an exception that no guard takes (a full disk, Ctrl-C),
loses the units of the open batch: nothing of them was committed, their mails are
still new, and the next run does them again, as it would a single unit cut short.

Code inside a unit may commit (`faults.record` does, `with db.conn`): that commits the
units before it early, which is safe, and its savepoint is then gone, so a later failure
of the unit rolls back the rest of the transaction instead. Whenever a batch's
transaction is rolled back whole, what waits for its commit is dropped: a unit it held
may be lost, and a mail must never be marked as taken unless it is stored (one that was
stored is then a duplicate for the next fetch, and marked then).
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable

_NAMES = itertools.count()


class Batch:
    def __init__(self, db, size: int = 50):
        self.db, self.size = db, max(1, size)
        self.units = 0  # units done since the last commit
        self._later: list[Callable[[], None]] = []

    def __enter__(self) -> Batch:
        if getattr(self.db, "pbem_batch", None) is not None or self.db.conn.in_transaction:
            # its commits would commit the caller's work, unfinished
            raise RuntimeError("a batch starts outside any transaction or batch")
        self.db.pbem_batch = self
        return self

    def begin(self) -> None:
        """Open the batch's transaction if none is open (before each unit)."""
        if not self.db.conn.in_transaction:
            self.db.conn.execute("BEGIN")

    def later(self, action: Callable[[], None]) -> None:
        """Run `action` once what the units did so far is committed."""
        self._later.append(action)

    def done(self) -> None:
        """One more unit done: commit when `size` of them wait."""
        self.units += 1
        if self.units >= self.size:
            self.commit()

    def forget(self) -> None:
        """Drop what waits for the commit (the transaction is being rolled back)."""
        self.units = 0
        self._later = []

    def commit(self) -> None:
        if self.db.conn.in_transaction:
            self.db.conn.commit()
        self.units = 0
        later, self._later = self._later, []
        for action in later:
            action()

    def __exit__(self, kind, error, tb) -> None:
        self.db.pbem_batch = None
        if kind is None:
            self.commit()
            return
        # stopped part-way through a unit: nothing of the open batch is kept (above)
        self.forget()
        if self.db.conn.in_transaction:
            try:
                self.db.conn.rollback()
            except sqlite3.Error:
                pass


def unit_start(db) -> str | None:
    """A savepoint for the unit that starts now, when a batch is open; else None."""
    if getattr(db, "pbem_batch", None) is None or not db.conn.in_transaction:
        return None
    name = f"pbem_unit_{next(_NAMES)}"
    db.conn.execute(f"SAVEPOINT {name}")
    return name


def unit_end(db, mark: str | None) -> None:
    """The unit succeeded: its savepoint is let go (its work stays in the batch)."""
    if mark and db.conn.in_transaction:
        try:
            db.conn.execute(f"RELEASE {mark}")
        except sqlite3.Error:  # committed meanwhile (above): nothing to let go
            pass


def unit_undo(db, mark: str | None) -> None:
    """The unit failed: roll back to its savepoint; without one (no batch, or committed
    meanwhile) roll back the whole transaction, as outside a batch."""
    if not db.conn.in_transaction:
        return
    if mark:
        try:
            db.conn.execute(f"ROLLBACK TO {mark}")
            db.conn.execute(f"RELEASE {mark}")
            return
        except sqlite3.Error:
            pass
    batch = getattr(db, "pbem_batch", None)
    if batch is not None:  # the units it held may be lost: nothing may act on them
        batch.forget()
    try:
        db.conn.rollback()
    except sqlite3.Error:
        pass
