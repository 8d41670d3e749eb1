"""Turn-level hooks: named points in a turn that rules and cards register into.

A rule that applies "at any point" (000 §15.2: "should a Triumvirate lose its last Sectio
at any point during the game") is a hook every path triggers, not a call each path must
remember. The code that makes the change fires the point; the rule registers on it:

    @hook("sectio-owner-changed", order=100)
    def rescue(st, dice, data, log, sectio, old_owner, new_owner, why): ...

Order: registrants run by (order, module.function), lowest first, so the order is fixed
and never depends on import order. A registrant that changes the board logs what it does.

Three ways to run a point, by what the phase needs back:

- `fire(point, *args)`: tell every registrant (each may change the state and log);
- `collect(point, *args)`: every registrant's answer that is not None, in order (the
  bonuses to add up, the reasons a move is refused);
- `first(point, *args, default=None)`: the first answer that is not None (who decides,
  which rule replaces the usual one).

A card's registrant asks itself whether its card is in force (`in_play.in_force`) and
returns None when it is not, so a phase names no card: it asks the point.

Loading: this registry never imports its registrants; the game's loader.py does, and a
test checks that it imports every module using `@hook`. `fire` imports the loader the
first time it runs, so a point never fires with a registrant missing, whichever module
of the game a caller (a test, a tool) imported first. Registering twice under one name,
or on an unknown point, is a load-time error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

#: Every named point and the arguments its registrants are called with.
POINTS = {
    # Fired by ownership.py once per change, after the whole step that made it (every
    # change of that step is on the board first). `old_owner`/`new_owner`: a player or
    # None (the Ruler of Hell, or Freebooters); `why`: the cause, for the log.
    "sectio-owner-changed": "(st, dice, data, log, sectio, old_owner, new_owner, why)",
    # -- Hell, Soul, Summoning and End Phases, cards and Favours --------------------------
    # -- The Action Phase ---------------------------------------------------------------
    # -- Combat -------------------------------------------------------------------------
    # -- Random Moves and movement ------------------------------------------------------
}

_HOOKS: dict[str, list[tuple[int, str, Callable]]] = {p: [] for p in POINTS}
_loaded = False


def hook(point: str, order: int):
    """Register the decorated function on `point`, run in `order` (lowest first)."""
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known: {sorted(POINTS)}")

    def wrap(fn: Callable) -> Callable:
        name = f"{fn.__module__}.{fn.__qualname__}"
        if any(n == name for _, n, _ in _HOOKS[point]):
            raise ValueError(f"{name} registered twice on {point!r}")
        _HOOKS[point].append((order, name, fn))
        _HOOKS[point].sort(key=lambda h: h[:2])
        return fn

    return wrap


def registrants(point: str) -> list[str]:
    """The names registered on `point`, in the order `fire` runs them."""
    _load()
    return [name for _, name, _ in _HOOKS[point]]


def fire(point: str, *args) -> None:
    """Run every registrant of `point` with `args`, in (order, name) order."""
    for fn in _registered(point):
        fn(*args)


def collect(point: str, *args) -> list:
    """Every registrant's answer that is not None, in (order, name) order."""
    answers = []
    for fn in _registered(point):
        answer = fn(*args)
        if answer is not None:
            answers.append(answer)
    return answers


def first(point: str, *args, default=None):
    """The first answer that is not None, in (order, name) order (later registrants are
    not asked); `default` when none answers."""
    for fn in _registered(point):
        answer = fn(*args)
        if answer is not None:
            return answer
    return default


def _registered(point: str) -> list[Callable]:
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known: {sorted(POINTS)}")
    _load()
    return [fn for _, _, fn in _HOOKS[point]]


def _load() -> None:
    global _loaded
    if not _loaded:
        importlib.import_module(f"{__package__}.loader")  # by name: no import cycle
        _loaded = True
