"""Card effects: artifacts (registered with effects.effect).

Wand of Might (digest §3.3 PROPOSAL, data/cards.yaml): while its holder is in Hell and
leads its army, leaderless hostile armies need 1 more to hit that army. Several Wands do
not add up. The combat engine asks `to_hit_modifier` for every die aimed at an army
(combat/rolls.py); "leaderless" is LH-IV.1.1-05: neither the Devil in Hell nor Fallen
Angels, and an army that loses its leader during combat counts as leaderless.
"""

from __future__ import annotations

from ..effects import effect
from ..state import LohState

WAND = "artifact.wand-of-might"


def _leaderless(st: LohState, name: str) -> bool:
    p = st.players[name]
    return p.status != "hell" and not any(
        st.cards[i] == "horde.fallen-angels" for i in p.hordes)


@effect(WAND)
def to_hit_modifier(st: LohState, attacker: str, target: str) -> int:
    """+1 to hit `target` when its Devil holds a Wand of Might, is in Hell (leading its
    army) and `attacker` is leaderless."""
    p = st.players[target]
    holds = any(st.cards[i] == WAND for i in p.artifacts)
    return int(holds and p.status == "hell" and _leaderless(st, attacker))
