"""The kinds of Action a Daemon may take (HG-9.2-01), each with its grammar and its
effect: a registry, as for orders (STYLE.md: each order type owns its grammar).

Every kind is listed in action/catalog.py, but ABILITY (each Daemon's own ability
taken as an Action), registered by action/abilities.py. A kind's `parse(text, ctx)` reads what
follows its keyword on a Daemon's line and returns (canonical text, JSON-compatible
dict) or raises OrderError. Its
`run(actx, action)` carries the Action out and returns None, or returns a
player-facing reason when it cannot be carried out at all; it then must not have
changed anything, and the Daemon's next alternative is tried.

`place` says where the Daemon must be: "hell" (a Daemon Walking the Earth first returns
to Hell, HG-9.6-03), "earth" (a Daemon in Hell cannot take it), or None (either).

A kind may also have `known(action, ctx, daemon)`, its sheet check (issue 20,
orders/actions.py): raise OrderError for a line that cannot work this turn, or return a
warning (orders.caution) for one that will not work as things stand, from what the
player sees when he sends the sheet, through the same functions `run` uses.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

HELL = "hell"
EARTH = "earth"


@dataclass(frozen=True)
class ActionKind:
    keyword: str
    rule: str
    example: str
    doc: str
    parse: Callable
    run: Callable | None  # None only for PASS, which the queue plays (QUEUED)
    place: str | None = None
    wants_daemon: bool = False  # parse(text, ctx, daemon=...) checks the Daemon's stats
    known: Callable | None = None  # the sheet check (issue 20), see the module docstring


KINDS: dict[str, ActionKind] = {}
#: The Action the queue plays itself (action/__init__.py `_up`, queue.py): the one kind
#: registered without `run`.
QUEUED = "PASS"


def register(keyword: str, *, parse: Callable, run: Callable | None, rule: str, example: str,
             doc: str, place: str | None = None, known: Callable | None = None) -> None:
    key = keyword.upper()
    if key in KINDS:
        raise ValueError(f"Action {key} registered twice")
    if run is None and key != QUEUED:  # every Action is carried out: refused at import
        raise ValueError(f"Action {key} registered without run: only {QUEUED} has none")
    wants = "daemon" in inspect.signature(parse).parameters
    KINDS[key] = ActionKind(key, rule, example, doc, parse, run, place, wants, known)


def place_refusal(kind: ActionKind, where: str) -> str | None:
    """Why a Daemon `where` it is cannot take an Action of this kind, or None (an Action
    affecting Hell taken on Earth first brings the Daemon back, HG-9.6-03: no refusal)."""
    if kind.place == EARTH and where != EARTH:
        return f"{kind.keyword} is an Action for a Daemon Walking the Earth [HG-9.7-01]"
    if kind.keyword == "WALK THE EARTH" and where == EARTH:
        return "the Daemon is Walking the Earth already"
    return None


def find(words: list[str]) -> tuple[ActionKind | None, int]:
    """The kind named by the first words (longest keyword first), and how many words."""
    for n in (4, 3, 2, 1):
        if len(words) >= n:
            key = " ".join(words[:n]).upper()
            if key in KINDS:
                return KINDS[key], n
    return None, 0
