"""Running one stage of a game: its phases in order, its log watched, its Resolution.

- `Phase(name, run)`: `run(st, sheets, dice, data, log)` changes the state in place.
- `run_phases(phases, names, ...)`: the named phases in the game's fixed order, each
  under its own name in the log (`log.phase`), with `after(st, data, log)` after each
  (a rule that applies between any two phases) and a stop as soon as `stop(st)` holds
  (the game is won); an unknown name is a ValueError listing the phases.
- `watched_log(kinds, values)`: a Log whose every event is followed by what each player
  holds (the game's holdings.py), so `resolution` carries each gain and loss with its
  cause (`pbem.ledger`; the first screen of a report).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pbem.engine import Resolution
from pbem.eventlog import Log


@dataclass(frozen=True)
class Phase:
    name: str
    run: Callable  # run(st, sheets, dice, data, log)


def run_phases(phases: Sequence[Phase], names: Iterable[str], st, sheets, dice, data,
               log: Log, after: Callable | None = None,
               stop: Callable | None = None) -> None:
    """Run the phases whose names are in `names`, in the order of `phases`."""
    names = list(names)
    known = [p.name for p in phases]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown phase(s) {unknown}; phases: {', '.join(known)}")
    for phase in phases:
        if phase.name not in names:
            continue
        log.phase = phase.name
        phase.run(st, sheets, dice, data, log)
        if after is not None:
            after(st, data, log)
        if stop is not None and stop(st):
            return


def watched_log(kinds, values: Callable[[], dict]) -> Log:
    """A new Log that snapshots `values()` around every event (pbem.ledger)."""
    log = Log()
    log.watch(kinds, values)
    return log


def resolution(state: dict, log: Log, stage_name: str, finished: bool = False,
               result: str = "") -> Resolution:
    """The stage's Resolution: the new state, the log's events and its changes."""
    return Resolution(state, log.events, stage_name, finished=finished, result=result,
                      changes=log.changes())
