"""Card effects: hordes (registered with effects.effect). Each horde kind registers a
`HordeRule` naming its clause and what it does beyond "power as printed, killed by one
hit" (LH-I.3.1-01); the combat engine (combat/) calls the hooks:

- `destroyed(battle, owner)`: a side effect when one is destroyed by a hit in a fight
  (Juggernauts' extra hit, Warriors of Darkness' Soul); `battle` is combat/hits.Battle.
- Rules read by the engine itself, named here for the audit: Tormented Ones' variable
  power (combat/army.py), Leviathan (army.py, fight.py, hits.py, capture.py), Fallen
  Angels leading (army.py), Diabolic Fiends casting (army.casters), Metal Beasts
  (combat/rolls.py), the Critters trio (combat/hits.py), Fiends on Earth (transfer,
  gathering).

`on_destroyed(st, owner, card_id, data, log, rule)`: the side effect of a horde destroyed
outside a fight (rituals, cards/targets.py): Warriors of Darkness give their Soul.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..effects import effect
from ..state import LohState

CRITTERS = ("horde.dark-critters", "horde.night-critters", "horde.shadow-critters")
WARRIORS = "horde.warriors-of-darkness"


@dataclass(frozen=True)
class HordeRule:
    card: str
    clause: str
    summary: str
    destroyed: Callable | None = None  # (battle, owner) -> None


def _juggernauts(battle, owner: str) -> None:
    """LH-IV.3.3-03: destroyed in combat, 1 extra hit at once on a hostile army."""
    battle.extra_hit(owner, "Juggernauts")


def _warriors(battle, owner: str) -> None:
    """Warriors of Darkness (EXTERNAL card text): destroyed, the owner gains 1 Soul."""
    battle.gain_soul(owner, "Warriors of Darkness")


RULES = [
    *(HordeRule(c, "LH-IV.3.3-02", "Critters: a Dark, a Night and a Shadow Critters in an "
                "army when a fight starts give a Soul for each of its hordes destroyed while "
                "a Critters survives (combat/hits.py)") for c in CRITTERS),
    HordeRule("horde.diabolic-fiends", "LH-I.3.3-03", "casts a ritual in Hell (army.casters); "
              "may go to Earth"),
    HordeRule("horde.fallen-angels", "LH-IV.1.1-05", "power 2; leads an army whose Devil is "
              "not in Hell (army.leader)"),
    HordeRule("horde.fiends", "LH-III.2-07", "may go to Earth and gather Souls"),
    HordeRule("horde.juggernauts", "LH-IV.3.3-03", "takes its army's first hits; destroyed, "
              "deals 1 extra hit to a hostile army", _juggernauts),
    HordeRule("horde.leviathan", "LH-IV.1.5-01", "power 9, exactly 4 attack dice, attacks "
              "every army, never retreats, pursues the last army, hit last, knocked out at "
              "its own home realm"),
    HordeRule("horde.metal-beasts", "LH-IV.3.2-03", "the defender's realm DP is 1 lower "
              "against an attack by its army (once, not cumulative; combat/rolls.py)"),
    HordeRule("horde.tormented-ones", "LH-IV.1.1-03", "the n-th Tormented Ones of an army has "
              "power n (army.power)"),
    HordeRule(WARRIORS, "LH-IV.3.3-02", "destroyed, its owner gains 1 Soul", _warriors),
]
BY_CARD = {r.card: r for r in RULES}
for _rule in RULES:
    effect(_rule.card)(_rule)


def on_destroyed_in_fight(battle, owner: str, card_id: str) -> None:
    """Run the card's side effect of being destroyed by a hit in a fight (LH-IV.3.3-02: at
    once)."""
    rule = BY_CARD.get(card_id)
    if rule is not None and rule.destroyed is not None:
        rule.destroyed(battle, owner)


def on_destroyed(st: LohState, owner: str, card_id: str, data, log, rule: str) -> None:
    """A horde destroyed outside a fight (a ritual; cards/targets.py calls this after
    discarding it): Warriors of Darkness still give their owner a Soul (card text: "when
    destroyed"); Juggernauts' extra hit is for combat only ("when destroyed in combat")."""
    if card_id == WARRIORS:
        st.players[owner].souls += 1
        log.public("soul-gained", f"{owner} gains 1 Soul from the destroyed Warriors of "
                   "Darkness.", rule, player=owner)
