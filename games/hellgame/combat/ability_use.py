"""When a joined Daemon uses its combat ability (IP-45): the registry and the dispatcher.

A Daemon ability used in combat is a `CombatAbility` registered in effects.ABILITIES
under the ability's id (`@combat_ability`, like the Action Phase abilities), so `pbem
data audit` counts it; the abilities themselves are card-layer code (combat/abilities.py:
Andras, Baal, Moloch). The round loop (rounds.py) calls `use`, which asks the registry
for each joined Daemon's ability: it names none.

It works only for a Daemon that joined this combat and is not out of the fight, once per
combat. When to use it is a standing order (orders/combat.py, IP-45):

    COMBAT ABILITY Baal ROUND 2       at the start of round 2 (Andras: ROUND 1 only)
    COMBAT ABILITY Moloch WHEN LOSING the first time the enemy side has more Units
    COMBAT ABILITY Andras NEVER

Default (IP-45): at the first legal moment: an ability marked `before` before round 1,
the others at the start of round 1 (after sides, before Cast Magic). Side 0's Daemons go
first, then side 1's, each in seat order and joining order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import effects
from .fight import Fight
from .parties import is_player, parties_at, units_of

ABILITY = "COMBAT ABILITY"


@dataclass(frozen=True)
class CombatAbility:
    """`effect(fight, party, daemon)`; `before` marks one used before round 1."""

    ability: str
    effect: Callable
    before: bool = False
    combat: bool = True


def combat_ability(ability: str, before: bool = False):
    def wrap(fn):
        effects.ability(ability)(CombatAbility(ability, fn, before))
        return fn

    return wrap


def side_of(f: Fight, party: str) -> int:
    return 0 if party in f.sides[0] else 1


def losing(f: Fight, party: str) -> bool:
    """WHEN LOSING: the enemy side has more Units than the party's side."""
    i = side_of(f, party)
    n = [sum(len(units_of(f.st, f.sectio, p)) for p in f.sides[k]) for k in (0, 1)]
    return n[1 - i] > n[i]


def wanted(f: Fight, party: str, daemon: str, rnd: int) -> bool:
    for o in f.orders(party, ABILITY):
        if o["daemon"] == daemon:
            if o["when"] == "never":
                return False
            if o["when"] == "losing":
                return losing(f, party)
            return o["round"] == max(rnd, 1)
    return True  # IP-45 default: the first legal moment


def use(f: Fight, rnd: int) -> None:
    """rnd 0: before the first round; otherwise the start of round `rnd`. Should a new
    party appear (a rampaging hound), sides are assigned again (16.5, 16.7)."""
    if rnd:
        f.boost = {}
    before = parties_at(f.st, f.sectio)
    for p in [q for s in f.sides for q in s if is_player(q)]:
        for d in list(f.daemons.get(p, [])):
            spec = effects.ABILITIES.get(f.data.daemons[d].ability.id)
            if not getattr(spec, "combat", False) or f.is_out(d) or d in f.used \
                    or spec.before != (rnd == 0) or not wanted(f, p, d, rnd):
                continue
            f.used.add(d)
            spec.effect(f, p, d)
    if parties_at(f.st, f.sectio) != before:
        from . import sides

        f.sides = sides.assign(f, rnd)
