"""The site lock and database backups (DESIGN.md §8).

One `pbem run` at a time per site: the lock is an flock on pbem.lock, which the
kernel releases when the process ends, however it ends (a killed run never leaves a
stale lock). Inside, each stage is still claimed in its own transaction, so even a
moderator's `pbem turn process` racing a run cannot store a stage twice.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from . import clock


@contextmanager
def site_lock(site, wait: float = 0.0):
    """Yield True when this process holds the site's lock, False if another does."""
    fd = os.open(site.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.2)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def backup(site, db, reason: str, now: datetime | None = None) -> Path:
    """A consistent copy of the database (SQLite's online backup), newest `keep` kept."""
    now = now or clock.now()
    folder = site.folder("backups")
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in reason)[:40]
    path = folder / f"pbem-{stamp}-{safe}.db"
    n = 1
    while path.exists():
        path = folder / f"pbem-{stamp}-{safe}-{n}.db"
        n += 1
    tmp = path.with_suffix(".part")
    dest = sqlite3.connect(tmp)
    try:
        db.conn.backup(dest)
    finally:
        dest.close()
    os.replace(tmp, path)
    keep = int(site.section("backups").get("keep", 20))
    old = sorted(folder.glob("pbem-*.db"), key=lambda p: p.stat().st_mtime)
    for stale in old[:-keep] if keep > 0 else []:
        stale.unlink(missing_ok=True)
    return path
