"""Truces between fighting armies (PB-26): matched TRUCE lines of this combat round's
sheets (orders/truce.py).

Two armies at the same fight's place stop attacking each other from the fight round at
which both sheets have a TRUCE line naming the other (the last line per Devil counts)
and both lines' conditions hold: AFTER ROUND n (n fight rounds fought at the place), IF
LOST n (the writer's army lost n units there), IF DEVIL KO (the writer's Devil is
knocked out). The conditions only grow true within a fight, so a truce, once in force,
stays for the rest of the round's fight (a pursuit's fight counts the rounds on).
"Unless someone else forces fighting": Leviathan's forced attack is not stopped, and an
attacked army still strikes back (LH-IV.3.1-07); a third army's attacks are untouched.
A truce binds nothing after the round and is no promise (LH-II.3): the program enforces
it. It is announced publicly the first time it takes effect in a fight.
"""

from __future__ import annotations

from ..orders import orders_of

RULE = "PB-26"


def _line(rt, a: str, b: str) -> dict | None:
    lines = [o for o in orders_of(rt.sheets.get(a), "TRUCE") if o["with"] == b]
    return lines[-1] if lines else None


def _ready(rt, fight: dict, a: str, o: dict) -> bool:
    c = o["cond"]
    if c["kind"] == "after-round":
        return fight["rounds"] >= c["n"]
    if c["kind"] == "lost":
        return fight["lost"].get(a, 0) >= c["n"]
    if c["kind"] == "devil-ko":
        return rt.st.players[a].status == "ko"
    return True


def holds(rt, fight: dict, a: str, b: str) -> bool:
    """A truce between armies `a` and `b` holds at this point of the fight."""
    mine, theirs = _line(rt, a, b), _line(rt, b, a)
    if mine is None or theirs is None:
        return False
    if not (_ready(rt, fight, a, mine) and _ready(rt, fight, b, theirs)):
        return False
    pair = sorted((a, b), key=rt.order.index)
    key = f"{rt.st.round}:{fight['id']}:{pair[0]}:{pair[1]}"
    told = rt.st.combat.setdefault("truces", [])
    if key not in told:
        told.append(key)
        rt.log.public("truce", f"Truce: {rt.label(pair[0])} and {rt.label(pair[1])} stop "
                      f"attacking each other after {fight['rounds']} fight round"
                      f"{'' if fight['rounds'] == 1 else 's'}.", RULE, fight=fight["id"],
                      armies=pair)
    return True
