"""The run's clock: the one place pbem reads the time (DESIGN.md §9, "one clock per run").

A run that is given a time — `pbem --now`, `pbem run --now`, the demo's simulated clock,
a test — pins it with `pinned(at)`; every time the run then uses comes from here: the
deadlines it checks, the stamps it stores, the delivery time of the mail it fetches (a
mail whose file or server date is later than the run's now counts as delivered at now).
Without a pinned time the clock is the wall clock, read live.

Nothing else in pbem reads the wall clock (`tests/framework/test_clock.py` keeps it so).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # how pbem stores and takes a time: always UTC

_pinned: ContextVar[datetime | None] = ContextVar("pbem_run_clock", default=None)


def now() -> datetime:
    """The run's time: the pinned one, else the wall clock (UTC, aware)."""
    at = _pinned.get()
    return at if at is not None else datetime.now(UTC)


def stamp(when: datetime | None = None) -> str:
    """`when` (default: the run's now) as pbem stores times: YYYY-MM-DDTHH:MM:SSZ."""
    return (when or now()).astimezone(UTC).strftime(FORMAT)


def parse(text: str) -> datetime:
    """A time given on the command line, in the stored form; ValueError otherwise."""
    return datetime.strptime(text.strip(), FORMAT).replace(tzinfo=UTC)


def is_pinned() -> bool:
    return _pinned.get() is not None


@contextmanager
def pinned(at: datetime | None) -> Iterator[datetime]:
    """Within the block the run's time is `at` (None: leave the clock as it is)."""
    if at is None:
        yield now()
        return
    if at.tzinfo is None:
        raise ValueError("the run's clock takes an aware time (UTC)")
    token = _pinned.set(at.astimezone(UTC))
    try:
        yield at
    finally:
        _pinned.reset(token)


@contextmanager
def unpinned() -> Iterator[None]:
    """Within the block the clock is the wall clock again, whatever was pinned outside."""
    token = _pinned.set(None)
    try:
        yield
    finally:
        _pinned.reset(token)
