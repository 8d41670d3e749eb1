"""Daemons' abilities in combat (IP-45; ability text: data/daemons.yaml, HG-2.4.1-01).

Each is a `CombatAbility` registered in effects.ABILITIES under the ability's id
(`@combat_ability`, combat/ability_use.py, which also uses them at the right moment),
like the Action Phase abilities (action/abilities.py), so `pbem data audit` counts it. It
works only for a Daemon that joined this combat and is not out of the fight, once per
combat. When to use it is a standing order (orders/combat.py, IP-45):

    COMBAT ABILITY Baal ROUND 2       at the start of round 2 (Andras: ROUND 1 only)
    COMBAT ABILITY Moloch WHEN LOSING the first time the enemy side has more Units
    COMBAT ABILITY Andras NEVER

Default (IP-45): at the first legal moment: Andras before round 1, Baal and Moloch at
the start of round 1 (after sides, before Cast Magic). Side 0's Daemons go first, then
side 1's, each in seat order and joining order.

- Andras (before round 1): Roll against Skulls; on a success one enemy Legion is
  destroyed: of the enemy party with most Legions (side order breaks ties), a Legion
  minding no hound first, lowest unit number first (a reading: the text names no
  chooser). A Minder's hound then rampages (HG-11.2.3-08).
- Baal: +2 to the attack rolls of his Triumvirate's Units for that round ("his combat
  rolls"; a reading: saves are Rolls against Skulls, not combat rolls).
- Moloch: with a hound in the Hellhounds box (shuffled at setup, HG-5.1-05: the top one
  comes), Roll against Stars; on a success Roll against Hearts: passed, the hound joins
  his side, stacked on his free Legion there with the lowest number; failed, or no free
  Legion to mind it (HG-3.2-03), it rampages in the Sectio as a party of its own (16.7).
"""

from __future__ import annotations

from ..favours import roll_against
from ..state import HELLHOUND, LEGION
from .ability_use import combat_ability, side_of
from .fight import Fight, minds
from .parties import legions, units_of, whose

RULE = "IP-45"
ANDRAS, BAAL, MOLOCH = "ability.andras", "ability.baal", "ability.moloch"
BAAL_BONUS = 2


def _roll(f: Fight, daemon: str, attr: str, why: str) -> tuple[bool, int]:
    ok = roll_against(f.st, f.data, f.dice, daemon, attr, f"{why} in {f.here}")
    return ok, f.dice.log[-1].result


@combat_ability(ANDRAS, before=True)
def andras(f: Fight, party: str, daemon: str) -> None:
    from .rounds import lost_minders

    enemies = [p for p in f.sides[1 - side_of(f, party)] if legions(f.st, f.sectio, p)]
    if not enemies:
        return
    ok, die = _roll(f, daemon, "skulls", "Andras's internal strife")
    if not ok:
        f.log.public("combat-ability", f"Andras ({party}) sows strife in {f.here}: he rolls "
                     f"{die} against his Skulls and fails", RULE, player=party, daemon=daemon,
                     face=die, success=False)
        return
    enemy = max(enemies, key=lambda p: legions(f.st, f.sectio, p))
    victim = sorted((u for u in units_of(f.st, f.sectio, enemy) if u.kind == LEGION),
                    key=lambda u: (minds(f, u), u.number))[0]
    f.log.public("combat-ability", f"Andras ({party}) sows strife in {f.here}: he rolls "
                 f"{die} against his Skulls, and {whose(enemy, f.data, f.st)} Legion "
                 f"{victim.id} is destroyed by internal strife", RULE, player=party,
                 daemon=daemon, face=die, success=True, unit=victim.id)
    lost_minders(f, [victim])


@combat_ability(BAAL)
def baal(f: Fight, party: str, daemon: str) -> None:
    f.boost[party] = f.boost.get(party, 0) + BAAL_BONUS
    f.log.public("combat-ability", f"Baal ({party}) adds +{BAAL_BONUS} to all his combat "
                 f"rolls in {f.here} this round", RULE, player=party, daemon=daemon)


@combat_ability(MOLOCH)
def moloch(f: Fight, party: str, daemon: str) -> None:
    if not f.st.hellhound_box:
        f.log.public("combat-ability", f"Moloch ({party}) cannot summon a Hellhound in "
                     f"{f.here}: the Hellhounds box is empty", RULE, player=party,
                     daemon=daemon, success=False)
        return
    ok, die = _roll(f, daemon, "stars", "Moloch summons a Hellhound")
    if not ok:
        f.log.public("combat-ability", f"Moloch ({party}) rolls {die} against his Stars "
                     f"in {f.here}: no Hellhound comes", RULE, player=party, daemon=daemon,
                     face=die, success=False)
        return
    ref = f.st.hellhound_box.pop(0)
    tame, heart = _roll(f, daemon, "hearts", "Moloch's Hellhound")
    free = [u for u in units_of(f.st, f.sectio, party) if u.kind == LEGION and not minds(f, u)]
    name = f.data.hellhounds[ref].name if ref in f.data.hellhounds else ref
    if tame and free:
        h = f.st.new_unit(HELLHOUND, party, f.sectio, ref=ref)
        h.minder = free[0].id
        how = f"joins his side, minded by Legion {free[0].id}"
    else:
        h = f.st.new_unit(HELLHOUND, None, f.sectio, ref=ref)
        how = "goes on a Rampage" if not tame else \
            "goes on a Rampage: he has no free Legion there to mind it"
    f.log.public("combat-ability", f"Moloch ({party}) rolls {die} against his Stars in "
                 f"{f.here} and summons {name} ({h.id}); he rolls {heart} against his "
                 f"Hearts and it {how}", RULE, player=party, daemon=daemon, face=die,
                 success=True, unit=h.id, joined=h.minder is not None)
