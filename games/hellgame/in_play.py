"""Cards in force (HG-6.1.1-01, HG-6.2-03, HG-16.4-02): the questions every phase asks
of the state, such as "does this card act now", "is this Macina working" and "is this
Sectio's ownership frozen".

Pure queries on the state, with no import of the game's modules: state.py asks
`ownership_frozen` before any Sectio changes owner, and events.py (which resolves the
cards and imports the Action package) re-exports them for the phases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import HellState


def in_force(st: HellState, card: str) -> bool:
    """A card's Event acts now: it is this turn's Event, or a Permanent Event in its box
    (HG-6.1.1-01). Effects that last "this turn" or "while in play" ask this."""
    return st.event == card or card in st.permanent.values()


def phenomenon_here(st: HellState, phenomenon: str, sectio: str | None = None) -> bool:
    """This turn's Phenomenon is `phenomenon` (and strikes `sectio`, when given): the
    Warning Sign marks it until the End Phase (HG-6.2-03)."""
    w = st.warning_sign
    return bool(w and w.get("phenomenon") == phenomenon
                and (sectio is None or sectio in (w.get("sectio") or [])))


def macina_working(st: HellState, card: str) -> bool:
    """A Macina works (HG-16.4-02): it stands on the table and its maintenance was paid
    in the last Soul Phase. One played since, or left unpaid, stays in play and does
    nothing (HG-16.4-03). A Macina card's effects ask this first, as a Hell card's ask
    `in_force`."""
    m = st.macinas.get(card)
    return bool(m and m.get("paid"))


def macina_owner(st: HellState, card: str) -> str | None:
    """The player a Macina stands in front of (HG-16.4-01), or None if it is not in play."""
    m = st.macinas.get(card)
    return m["owner"] if m else None


#: The Phenomenon that freezes ownership in the area it strikes (The Boss Is Touchy).
FREEZER = "phenomenon.the-boss-is-touchy"


def ownership_frozen(st: HellState, sectio: str) -> bool:
    """The Boss Is Touchy: this turn no Sectio in the struck area may change ownership
    (hell-cards.md, Phenomenon 2). Every change of owner asks this first."""
    return phenomenon_here(st, FREEZER, sectio)


def freezer_name(data) -> str:
    """The name of the Phenomenon that freezes ownership, for the phases' messages."""
    return next(c.phenomenon.name for c in data.hell_cards.values()
                if c.phenomenon.id == FREEZER)
