"""A budget on every engine call: no game can make a run hang (issue 17).

`spending(seconds, events)` bounds a block of engine work: past `seconds` of wall time
(a timer, in the main thread) or past `events` events logged (pbem.eventlog counts them)
it raises `OverBudget`. That is a BaseException, so a game's own `except Exception`
cannot swallow it; the caller (pbem.faults) catches it, stores nothing of the stage and
tells the moderator. Engine calls are pure, so stopping one anywhere loses nothing.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

STAGE_SECONDS = 300.0  # a 6-player turn takes well under a second
STAGE_EVENTS = 200_000  # a long turn logs a few thousand
MAIL_SECONDS = 30.0  # checking one sheet takes milliseconds


class OverBudget(BaseException):  # noqa: N818 - it is not an error of the input
    """An engine call ran past its budget; `message` says which and how far."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class _Spend:
    events: int
    limit: int
    what: str


_current: ContextVar[_Spend | None] = ContextVar("pbem_budget", default=None)


def charge_event() -> None:
    """One more event logged (called by pbem.eventlog for every event)."""
    spend = _current.get()
    if spend is None:
        return
    spend.events += 1
    if spend.events > spend.limit:
        raise OverBudget(f"{spend.what} logged more than {spend.limit:,} events "
                         "(a rule that never ends?)")


@contextmanager
def spending(what: str, seconds: float | None, events: int | None = None) -> Iterator[None]:
    """Bound the block: at most `seconds` (None: no limit) and `events` events."""
    token = _current.set(_Spend(0, events, what) if events else None)
    timer = seconds and threading.current_thread() is threading.main_thread()
    if timer:
        def expired(signum, frame):
            raise OverBudget(f"{what} ran for more than {seconds:g} s")

        previous = signal.signal(signal.SIGALRM, expired)
        old_left, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if old_left:  # an outer budget goes on with what it had left
                signal.setitimer(signal.ITIMER_REAL, old_left)
        _current.reset(token)
