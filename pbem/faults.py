"""Every mail, game stage and outgoing message fails alone (issue 17, DESIGN.md §9).

`guard(db, unit, key)` runs one unit of work. Whatever it raises — a bug, a full disk,
an engine past its budget (pbem.budget) — is caught: the open transaction is rolled
back, the fault is recorded in the `faults` table (one row per unit, counting repeats),
and the caller goes on with the next unit. `pbem status` lists the faults still open;
the moderator is mailed once per distinct fault, by whoever calls `notify_new`.
A unit that later succeeds clears its fault.

Units: ("mail", "<id>"), ("game", "<name>"), ("message", "<outbox id>"), ("site", what).
"""

from __future__ import annotations

import errno
import sqlite3
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from . import batch, clock
from .budget import OverBudget
from .errors import PbemError
from .store import one

# a fault of the machine rather than of the mail or game: worth retrying as it is
PASSING_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EROFS, errno.EACCES,
                  errno.EPERM, errno.EAGAIN, errno.EBUSY, errno.EMFILE, errno.ENFILE}


@dataclass
class Fault:
    unit: str
    key: str
    message: str  # one line for the moderator
    passing: bool  # outside the unit itself (disk, permissions, locks): retry as it is
    detail: str = ""  # the traceback, for a bug
    new: bool = False  # first time this fault was seen (the moderator is told)


def describe(e: BaseException) -> tuple[str, bool]:
    """(what happened in one line, whether it is a passing fault of the machine)."""
    if isinstance(e, OverBudget):
        return f"stopped: {e.message}", False
    if isinstance(e, PbemError):
        return e.message, False
    if isinstance(e, sqlite3.OperationalError):
        text = str(e)
        if "full" in text:
            return "the disk is full (the database could not grow)", True
        if "readonly" in text or "read-only" in text:
            return "the database is read-only (check its file permissions)", True
        if "locked" in text or "busy" in text:
            return "the database was busy (another pbem held it too long)", True
        if "disk" in text or "I/O" in text:
            return f"the database could not be written ({text}: is the disk full?)", True
        return f"database error: {text}", False
    if isinstance(e, OSError) and e.errno in PASSING_ERRNOS:
        where = f" ({e.filename})" if e.filename else ""
        if e.errno in (errno.ENOSPC, errno.EDQUOT):
            return f"the disk is full{where}", True
        return f"{e.strerror or type(e).__name__}{where}", True
    if isinstance(e, MemoryError):
        return "out of memory", True
    return f"{type(e).__name__}: {e}", False


def disk_full(e: BaseException) -> bool:
    return describe(e)[0].startswith("the disk is full")


@contextmanager
def guard(db, unit: str, key: str, faults: list[Fault] | None = None,
          clears: bool = True) -> Iterator[list]:
    """Run one unit; on any failure roll back, record the fault, append it to `faults`
    and return normally. The yielded list holds the fault when there was one. Success
    clears the unit's fault, unless `clears` is False (a first step of the unit)."""
    caught: list[Fault] = []
    mark = batch.unit_start(db)  # inside a pbem.batch.Batch: this unit's savepoint
    try:
        yield caught
    except (Exception, OverBudget) as e:  # KeyboardInterrupt and SystemExit still stop
        message, passing = describe(e)
        # the traceback of a bug is kept for `pbem status --faults`, also when it was
        # wrapped in a PbemError (a game's resolution that failed)
        bug = not passing and (not isinstance(e, PbemError) or e.__cause__ is not None)
        detail = traceback.format_exc() if bug else ""
        fault = Fault(unit, key, message[:2000], passing, detail[-20_000:])
        batch.unit_undo(db, mark)  # the whole transaction, outside a batch
        try:
            fault.new = record(db, fault)
        except sqlite3.Error:  # the database itself is failing: say so, keep going
            fault.new = True
        caught.append(fault)
        if faults is not None:
            faults.append(fault)
    else:
        batch.unit_end(db, mark)
        if not caught and clears:
            clear(db, unit, key)


def record(db, fault: Fault) -> bool:
    """Store the fault; True when it is new (not the same message as the open one)."""
    now = clock.stamp()
    old = one(db, "SELECT * FROM faults WHERE unit = ? AND key = ?", [fault.unit, fault.key])
    with db.conn:
        if old is None or old["cleared"] or old["message"] != fault.message:
            db.conn.execute(
                "INSERT OR REPLACE INTO faults (unit, key, message, detail, first, last, "
                "count, notified, cleared) VALUES (?, ?, ?, ?, ?, ?, 1, '', '')",
                [fault.unit, fault.key, fault.message, fault.detail, now, now])
            return True
        db.conn.execute("UPDATE faults SET last = ?, count = count + 1 WHERE unit = ? "
                        "AND key = ?", [now, fault.unit, fault.key])
        return False


def clear(db, unit: str, key: str) -> None:
    """The unit worked: its fault, if any, is over."""
    if db.conn.execute("SELECT 1 FROM faults WHERE unit = ? AND key = ? AND cleared = ''",
                       [unit, key]).fetchone():
        with db.conn:
            db.conn.execute("UPDATE faults SET cleared = ? WHERE unit = ? AND key = ?",
                            [clock.stamp(), unit, key])


def open_faults(db, unit: str | None = None) -> list[dict]:
    where = "cleared = ''" + (" AND unit = ?" if unit else "")
    cur = db.conn.execute(f"SELECT * FROM faults WHERE {where} ORDER BY unit, key",
                          [unit] if unit else [])
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def keyed(key: str, message: str) -> str:
    """'h3: KeyError ...', or 'h3 setup: resolution failed ...' when the message starts
    with the key already (a game's says which stage)."""
    return message if message.startswith(f"{key} ") else f"{key}: {message}"


def title(f: dict, unit_name: str | None = None) -> str:
    """A recorded fault in one line: 'game h3 setup: resolution failed ...'."""
    return f"{unit_name or f['unit']} {keyed(f['key'], f['message'])}"


def unnotified(db) -> list[dict]:
    return [f for f in open_faults(db) if not f["notified"]]


def mark_notified(db, faults: list[dict]) -> None:
    with db.conn:
        db.conn.executemany("UPDATE faults SET notified = ? WHERE unit = ? AND key = ?",
                            [(clock.stamp(), f["unit"], f["key"]) for f in faults])
