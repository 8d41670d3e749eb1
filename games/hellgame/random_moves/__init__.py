"""The Random Moves Phase (chapter 10): the independent Units act after the Action Phase.

`run` moves them in the rule's order (HG-10.0-02): Uriel (uriel.py), Lilith
(lilith.py), then rampaging Hellhounds, most attacks first (hounds.py). Freebooters
never move (HG-10.4-01): they flee only from Uriel (uriel.cleanse), never grant
passage (march.py, HG-10.4-04), take their Sectio in the Petitions Phase (HG-10.4-02)
and save with their Lieutenant's bonus in Combat (HG-10.4-03), so nothing of theirs
happens here.

For the other phases and the Hell cards: `bring_uriel`, `remove_uriel` (his Permanent
card replaced, HG-10.1-10), `bring_lilith`, `remove_lilith` (her card leaves play) and
`lose_minder` (a hound's move when it loses its Minder, HG-10.3-02).
"""

from __future__ import annotations

from .. import hooks
from ..data import HellData
from ..log import Log
from ..state import HellState
from . import hounds, lilith, uriel
from .common import MoveCtx, Pack
from .lilith import bring_lilith, remove_lilith
from .uriel import bring_uriel, remove_uriel

__all__ = ["run", "bring_uriel", "remove_uriel", "bring_lilith", "remove_lilith", "lose_minder",
           "MoveCtx", "Pack"]


def run(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """What cards end or do as the phase starts (hook point random-moves-start: the Riot
    is over, Uriel Must Obey, Orgasmatron's pull, Vortex's hounds), then Uriel, Lilith and
    the rampaging hounds, with the packs the cards add (hounds-start: Hellhounds!!!)."""
    ctx = MoveCtx(st, data, dice, log, sheets or {})
    hooks.fire("random-moves-start", ctx)
    uriel.move(ctx)
    lilith.move(ctx)
    hooks.fire("hounds-start", ctx)
    hounds.rampage_all(ctx, ctx.packs)


def lose_minder(st: HellState, sheets, dice, data: HellData, log: Log, hound_id: str) -> None:
    """HG-10.3-02 for the Action and Combat Phases: the hound `hound_id` has lost its
    Minder (call after the Minder is gone)."""
    hounds.lose_minder(MoveCtx(st, data, dice, log, sheets or {}), st.unit(hound_id))
