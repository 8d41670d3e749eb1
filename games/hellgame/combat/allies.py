"""Former allies after a joint win (16.6, IP-44): fight on, or stop.

When only Triumvirates of one side are left, the combat is won jointly (HG-16.6-01)
unless a winner has ordered, in seat order, the first line that applies:

    AFTER JOINT WIN FIGHT key, devourer IF MY LEGIONS >= THEIRS

It names former allies (the first one still there, in the order listed, that meets
the condition: its Legions in the Sectio are no more than yours). The combat then
goes on in the same Sectio, with the same joined Daemons and brought cards: the one
who ordered it and that ally become enemies (16.5: the orderer names its enemy;
any other former allies join a side as in HG-16.5-02). Once per combat. Default
(IP-44): stop, the allies share the win.
"""

from __future__ import annotations

from .fight import Fight
from .parties import legions

AFTER = "AFTER JOINT WIN"
RULE = "IP-44"


def fight_on(f: Fight, left: list[str]) -> bool:
    """True if a winner breaks the alliance; the sides are then assigned anew."""
    if f.rivals is not None:
        return False
    for p in left:
        for o in f.orders(p, AFTER):
            mine = legions(f.st, f.sectio, p)
            for q in o["enemies"]:
                if q in left and q != p and (not o["stronger"]
                                             or mine >= legions(f.st, f.sectio, q)):
                    return _break(f, p, q)
    return False


def _break(f: Fight, p: str, q: str) -> bool:
    from . import sides

    f.rivals = (p, q)
    f.fixed.clear()
    f.log.public("combat-fight-on", f"{p} and {q} won {f.here} together, but {p} fights "
                 f"on against {q} (by standing order)", RULE, sectio=f.sectio, player=p,
                 enemy=q)
    f.sides = sides.assign(f, 0)
    return True
