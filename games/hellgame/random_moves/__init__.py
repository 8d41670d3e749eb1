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

from ..data import HellData
from ..log import Log
from ..orders.common import place_name
from ..state import URIEL, HellState
from . import hounds, lilith, uriel
from .common import MoveCtx, being
from .lilith import bring_lilith, remove_lilith
from .uriel import bring_uriel, remove_uriel

__all__ = ["run", "bring_uriel", "remove_uriel", "bring_lilith", "remove_lilith", "lose_minder",
           "MoveCtx"]


def run(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    from ..hellcards import movement  # Hell-card hooks (Orgasmatron, Vortex)

    ctx = MoveCtx(st, data, dice, log, sheets or {})
    _riot_ends(st, data, log)
    uriel_obeys(st, log)
    vortex = movement.random_moves_start(ctx)
    uriel.move(ctx)
    lilith.move(ctx)
    from ..action.spells_transport import pack  # Hellhounds!!! (arcana.hellhounds)

    hounds.rampage_all(ctx, vortex, pack(st))


RIOT = "arcana.riot"  # action/spells_random_moves.py
URIEL_MUST_OBEY = "arcana.uriel-must-obey"


def _riot_ends(st: HellState, data: HellData, log: Log) -> None:
    """Riot (arcana.riot) held its Legions for the rest of the Action Phase, now over."""
    mark = st.marks.pop(RIOT, None)
    if mark:
        where = ", ".join(place_name(s, data) for s in mark["sectio"])
        log.public("riot-ends", f"The Action Phase is over: the Riot in {where} ends",
                   "HG-9.8-01", card=RIOT)


def uriel_obeys(st: HellState, log: Log) -> None:
    """Uriel Must Obey (arcana.uriel-must-obey): at the start of the Random Moves Phase
    Uriel leaves play, and as he does the caster's Triumvirate gains 1 Favour."""
    mark = st.marks.pop(URIEL_MUST_OBEY, None)
    if not mark:
        return
    if being(st, URIEL) is None:
        log.public("uriel-must-obey", "Uriel Must Obey: Uriel is no longer in play, so "
                   "nothing happens and no Favour is gained", "HG-9.8-01",
                   card=URIEL_MUST_OBEY)
        return
    remove_uriel(st, log, "he obeys the Daemons' command (Uriel Must Obey)", "HG-9.8-01")
    st.players[mark["player"]].favours += 1
    log.public("uriel-must-obey", f"Uriel Must Obey: {mark['player']} gains 1 Favour as Uriel "
               "leaves play", "HG-9.8-01", card=URIEL_MUST_OBEY, player=mark["player"])


def lose_minder(st: HellState, sheets, dice, data: HellData, log: Log, hound_id: str) -> None:
    """HG-10.3-02 for the Action and Combat Phases: the hound `hound_id` has lost its
    Minder (call after the Minder is gone)."""
    hounds.lose_minder(MoveCtx(st, data, dice, log, sheets or {}), st.unit(hound_id))
