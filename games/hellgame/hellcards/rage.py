"""Rebellious Rage (hell.rebellious-rage) in combat: the raging neutral Units.

The Event (hellcards/movement.py) makes the Units in the Wrathful Circle owner-None and
lists their Sectio in `st.raging`. In combat the Freebooters party in a raging Sectio
gets +2 on all its combat rolls (`BONUS`, on the hook point "combat-roll-bonus"): +2 on
each attack die (combat/fight.py `attack`), on each quick-combat die (combat/v1.py
`quick_combat`), and on each save (combat/saves.py `save_need`). Readings:
- A save succeeds on a roll *under* a number, so "+2" there is read in their favour:
  the number to roll under is 2 higher (our reading; a literal +2 would hurt them).
- "They attack anyone entering their Sectio at once": Freebooters are hostile to all
  (10.4), so whoever is there in the Combat Phase fights them; no combat mid-move.
- "Until they lose their Sectio": the state keeps Sectio ids only, so a Sectio stays
  raging while owner-None fighting Units remain in it (`prune`); then it leaves
  `st.raging` and those Units are plain Freebooters. Checked at the start and end of
  the Combat Phase and after each combat there (the hook points "combat-phase-start",
  "combat-phase-end" and "combat-fought", fired by combat/__init__.py).
"""

from __future__ import annotations

from ..combat.parties import FIGHTERS, FREEBOOTERS
from ..hooks import hook
from ..orders.common import place_name

RAGE = "hell.rebellious-rage"
BONUS = 2


@hook("combat-roll-bonus", order=10)
def bonus(st, sectio: str, party: str) -> int | None:
    """The raging Units' +2 on all combat rolls: the Freebooters in a raging Sectio."""
    return BONUS if party == FREEBOOTERS and sectio in st.raging else None


def holds(st, sectio: str) -> bool:
    return any(u.owner is None and u.kind in FIGHTERS for u in st.units_at(sectio))


def prune(st, data, log, when: str) -> None:
    """Every raging Sectio its neutral Units have lost leaves `st.raging`."""
    for s in list(st.raging):
        if holds(st, s):
            continue
        st.raging = sorted(x for x in st.raging if x != s)
        log.public("rage-over", f"Rebellious Rage: the raging Units have lost "
                   f"{place_name(s, data)} ({when}); any neutral Units from them are plain "
                   "Freebooters from now on", "HG-6.1-01", sectio=s)


@hook("combat-phase-start", order=10)
def prune_before(st, sheets, dice, data, log) -> None:
    prune(st, data, log, "before the Combat Phase")


@hook("combat-fought", order=10)
def prune_after_combat(st, data, log, sectio: str, result: dict) -> None:
    if sectio in st.raging:
        prune(st, data, log, "in the combat there")


@hook("combat-phase-end", order=20)
def prune_at_end(st, dice, data, log, last) -> None:
    prune(st, data, log, "at the end of the Combat Phase")


@hook("combat-start", order=10)
def announce(f) -> None:
    """Said once per combat in a raging Sectio."""
    if f.sectio in f.st.raging and FREEBOOTERS in [p for s in f.sides for p in s]:
        f.log.public("rage-bonus", f"Rebellious Rage: the raging Units in {f.here} have "
                     f"+{BONUS} on all their combat rolls", "HG-6.1-01", sectio=f.sectio)
