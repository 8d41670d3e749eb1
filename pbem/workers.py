"""Resolving due games in worker processes: `pbem run --jobs N` (issue 23).

Games are independent, so the engine's part of their stages (checking the sheets,
resolving, rendering the reports, drawing the map for the mail) can run side by side:
each worker opens the site's database itself and only reads it (SQLite's WAL lets
readers work while the run writes). The run's own process stays the one writer: it takes
the outcomes in the order of the games' names, as a run with `--jobs 1` resolves them,
and stores each stage in its own transaction as before. What a stage stores and mails
therefore does not depend on the number of workers, to the byte; a crash loses only
work not yet stored, which the next run does again, the same.

Each game is still its own unit of failure: whatever a worker raises for one game (a
bug, a stage past its budget) comes back as that game's outcome and is recorded for it
by the run (pbem.faults), with the worker's traceback; the other games go on. A worker
that dies takes down only the games it had not answered for: they fail this run with
that reason and are tried again by the next.

Starting a worker (a fresh interpreter importing pbem and the games, compiling the
report templates) costs about 0.5 s of CPU, as much as some eight stages of a 4-player
game. So by default (no --jobs) a worker is started for every GAMES_PER_WORKER due games,
up to one per core, and none for fewer than two: measured on 2 cores (issue 23, stop
34), 4, 8 and 16 due games took longer with two workers than in the run's own process,
and 1.5 to 2 times the CPU; 24 about as long; 32 and 48 a fifth less. With `--jobs N`
the moderator asks for N workers, and gets them from MIN_GAMES due games.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from multiprocessing import get_context

from . import clock, mapimage, turns
from .budget import OverBudget
from .errors import PbemError

MIN_GAMES = 4  # due games from which `--jobs N` uses workers (the module's docstring)
GAMES_PER_WORKER = 10  # due games each worker started by default has at least
AHEAD = 2  # stages each worker may resolve before the writer takes them
ORPHAN_CHECK = 1.0  # seconds: how often a worker checks that its run is still there


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class RemoteTraceback(Exception):
    """The traceback of an error raised in a worker, as the cause of that error."""

    def __str__(self) -> str:
        return self.args[0]


@dataclass
class Outcome:
    """A game's resolved stage (what turns.store takes), or why it could not be."""

    work: tuple | None = None
    maps: tuple[tuple[str, bytes], ...] = ()  # (SVG, its PNG) drawn for the mail
    error: BaseException | None = None
    detail: str = ""  # the worker's traceback of `error`

    def result(self) -> tuple:
        """The work; re-raises the worker's error (its traceback as the cause)."""
        if self.error is None:
            for svg, png in self.maps:
                mapimage.remember(svg, png)
            return self.work
        if self.detail:
            raise self.error from RemoteTraceback(self.detail)
        raise self.error


def plan(jobs: int | None, games: int) -> int:
    """How many worker processes resolve `games` due games: 0, all in this process.
    `jobs` None: the default, as many as pay for their start (the module's docstring)."""
    if jobs is None:
        processes = min(default_jobs(), games // GAMES_PER_WORKER)
        return processes if processes >= 2 else 0
    return 0 if jobs <= 1 or games < MIN_GAMES else min(jobs, games)


def resolved(games: list[str], resolve: Callable[[str], tuple], processes: int,
             root=None, now: datetime | None = None, limits: dict | None = None
             ) -> Iterator[tuple[str, Callable[[], tuple]]]:
    """(game, a call giving its stage's work or raising its error), in the order of
    `games`. With no `processes` (see `plan`) the call resolves the game then, in this
    process, with `resolve`; otherwise workers (reading the site at `root`) do it ahead."""
    if processes < 1:
        for name in games:
            yield name, (lambda name=name: resolve(name))
        return
    limits = limits or {}
    ctx = get_context("spawn")  # a clean interpreter: no inherited database handle
    with ProcessPoolExecutor(max_workers=processes, mp_context=ctx,
                             initializer=_start, initargs=(str(root), os.getpid())) as pool:
        def submit(name):
            return pool.submit(_resolve_one, name, now, limits.get("stage_seconds"),
                               limits.get("stage_events"))

        # Only AHEAD stages per worker wait in the run's memory at a time: submitting
        # them all at once would hold every resolved stage until the writer reaches it.
        waiting = deque((name, submit(name)) for name in games[:processes * AHEAD])
        later = iter(games[processes * AHEAD:])
        try:
            while waiting:
                name, future = waiting.popleft()
                following = next(later, None)
                if following is not None:
                    waiting.append((following, submit(following)))
                yield name, (lambda future=future: _unwrap(future))
        finally:
            for _, future in waiting:  # a run stopped early leaves nothing running
                future.cancel()


def _unwrap(future) -> tuple:
    try:
        outcome = future.result()
    except Exception as e:  # the worker died, or its answer could not be sent back
        raise RuntimeError(f"the worker process resolving it failed: "
                           f"{type(e).__name__}: {e}") from e
    return outcome.result()


# --- in a worker process ---------------------------------------------------------------

_db = None
_png = True  # the site mails the map as a PNG (mail.map_image)


def _start(root: str, parent: int) -> None:
    global _db, _png
    from .site import open_site
    site = open_site(root)
    _db, _png = site.db(), site.mail.get("map_image", "png") == "png"
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()


def _orphaned(parent: int) -> None:
    """A run killed (SIGKILL, a crash) leaves its workers waiting for work that never
    comes: each stops within a second of losing its parent."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(1)


def _resolve_one(name: str, now: datetime, seconds, events) -> Outcome:
    try:
        with clock.pinned(now):
            work = turns.resolve(_db, name, now, seconds, events)
            maps = _draw(work) if _png else ()
        outcome = Outcome(work, maps)
    except (Exception, OverBudget) as e:
        # a PbemError says all there is, unless it wraps a bug (pbem.faults.guard)
        bug = not isinstance(e, PbemError) or e.__cause__ is not None
        outcome = Outcome(error=e, detail=traceback.format_exc() if bug else "")
    try:
        pickle.dumps(outcome.error)
    except Exception:  # an error that cannot travel back: its text does
        outcome = Outcome(error=RuntimeError(f"{type(outcome.error).__name__}: "
                                             f"{outcome.error}"), detail=outcome.detail)
    return outcome


def _draw(work: tuple) -> tuple[tuple[str, bytes], ...]:
    """The map of the stage's reports as the mail shows it (pbem.mapimage), drawn here
    rather than by the run's one writer."""
    done = work[-1]
    for formats in done.reports.values():
        svg = mapimage.map_svg(formats.get("html", ""))
        if svg:
            try:
                return ((svg, mapimage.png(svg)),)
            except ValueError:  # not drawable: the mail keeps the SVG (mapimage.for_mail)
                return ()
    return ()
