"""Rebellious Rage (hell.rebellious-rage) in combat: the raging neutral Units.

The Event (hellcards/movement.py) makes the Units in the Wrathful Circle owner-None and
lists their Sectio in `st.raging`. In combat the Freebooters party in a raging Sectio
gets +2 on all its combat rolls (`BONUS`): +2 on each attack die (fight.attack), on each
quick-combat die (v1.quick_combat), and on each save (saves.save_one). Readings:
- A save succeeds on a roll *under* a number, so "+2" there is read in their favour:
  the number to roll under is 2 higher (our reading; a literal +2 would hurt them).
- "They attack anyone entering their Sectio at once": Freebooters are hostile to all
  (10.4), so whoever is there in the Combat Phase fights them; no combat mid-move.
- "Until they lose their Sectio": the state keeps Sectio ids only, so a Sectio stays
  raging while owner-None fighting Units remain in it (`prune`); then it leaves
  `st.raging` and those Units are plain Freebooters. Checked at the start and end of
  the Combat Phase and after each combat there.
"""

from __future__ import annotations

from ..orders.common import place_name
from .parties import FIGHTERS, FREEBOOTERS

RAGE = "hell.rebellious-rage"
BONUS = 2


def bonus(st, sectio: str, party: str) -> int:
    """The raging Units' +2 on all combat rolls: the Freebooters in a raging Sectio."""
    return BONUS if party == FREEBOOTERS and sectio in st.raging else 0


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


def announce(f) -> None:
    """Said once per combat in a raging Sectio."""
    if f.sectio in f.st.raging and FREEBOOTERS in [p for s in f.sides for p in s]:
        f.log.public("rage-bonus", f"Rebellious Rage: the raging Units in {f.here} have "
                     f"+{BONUS} on all their combat rolls", "HG-6.1-01", sectio=f.sectio)
