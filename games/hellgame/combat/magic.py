"""Cast Magic in combat (11.2.1, IP-39/IP-40): Combat cards the joined Daemons brought.

A Combat card's effect is a `CombatSpell` registered in effects.ARCANA under the card's
id (like the Action spells of action/magic.py); an "Action or Combat" card is one
action `Spell` with a `fight` half. COMBAT CAST refuses a card without a combat effect
when the sheet arrives (orders/combat.py). Effects that outlast the casting are
`Lasting`s (lasting.py); Counters in combat are in counters.py (A-13).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import effects


@dataclass(frozen=True)
class CombatSpell:
    """`effect(combat, side, daemon, order)`: changes the running combat (its round
    bonus, its out-of-the-fight Daemons). `target(text, ctx)` reads the ON part.
    `check(combat, player, order)` says why the card may not be played now (its
    prerequisites, e.g. a Sectio held in a Circle), before anything is paid."""

    card: str
    effect: Callable
    target: Callable | None = None
    combat: bool = True
    check: Callable | None = None


def fight_effect(card: str) -> Callable:
    """`effect(fight, side, daemon, order)` of a card played in combat."""
    spec = effects.ARCANA[card]
    return spec.effect if isinstance(spec, CombatSpell) else spec.fight


def fight_target(card: str) -> Callable | None:
    """How the card's `ON ...` part is read in COMBAT CAST (None: taken as written)."""
    spec = effects.ARCANA.get(card)
    return spec.target if isinstance(spec, CombatSpell) else getattr(spec, "fight_target",
                                                                     None)


def fight_check(card: str) -> Callable | None:
    """`check(fight, player, order)` of a card played in combat (None: none)."""
    spec = effects.ARCANA.get(card)
    return spec.check if isinstance(spec, CombatSpell) else None


def combat_spell(card: str, target: Callable | None = None, check: Callable | None = None):
    def wrap(fn):
        effects.arcana(card)(CombatSpell(card, fn, target, check=check))
        return fn

    return wrap


def cast_magic(fight, rnd: int) -> None:
    """HG-11.2.1-01: the side with the Daemon with most Stars decides who casts first
    (COMBAT MAGIC FIRST; default: the other side, IP-39); sides then take turns, each
    playing its next ordered card for this round, until both pass."""
    queues = [fight.plays(i, rnd) for i in (0, 1)]
    if not any(queues):
        return
    stars = [fight.best(i, "stars") for i in (0, 1)]
    first = fight.rank([0, 1], lambda i: stars[i], "most Stars of Magic")[0]
    if not fight.magic_first(first):
        first = 1 - first
    turn, passes = first, 0
    while passes < 2:  # bounded: each turn pops a play from a queue, or passes
        while queues[turn] and not fight.can_cast(queues[turn][0]):
            queues[turn].pop(0)
        if not queues[turn]:
            passes += 1
        else:
            passes = 0
            fight.cast(turn, queues[turn].pop(0))
        turn = 1 - turn
