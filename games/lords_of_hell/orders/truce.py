"""The TRUCE order (PB-26): two armies fighting at the same place stop attacking each
other, when both ask for it.

    TRUCE Belial                   from the first fight round on
    TRUCE Belial AFTER ROUND 2     once 2 fight rounds are fought at the place
    TRUCE Belial IF LOST 3         once your army has lost 3 units there
    TRUCE Belial IF DEVIL KO       once your Devil is knocked out there

Combat-round stages; one line per Devil (a later line for the same Devil replaces the
earlier). The truce holds in a fight of this combat round from the fight round at which
both armies' lines name each other and both conditions hold (combat/truce.py).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, parse_int

from . import Ctx, order
from .combat import devil_arg, dname

RULE = "PB-26"
_COND = re.compile(r"^(.*?)\s+(after\s+round\s+(\S+)|if\s+lost\s+(\S+)|if\s+devil\s+ko)$",
                   re.I)
HINT = "e.g. TRUCE Belial, TRUCE Belial AFTER ROUND 2, TRUCE Belial IF LOST 3, " \
    "TRUCE Belial IF DEVIL KO"


@order("TRUCE", phases=("combat",), rule=RULE, example="TRUCE Belial AFTER ROUND 1",
       doc="Fights: your army and this Devil's stop attacking each other in this combat "
           "round's fights, once both of you write it and both conditions hold (AFTER ROUND "
           "<n>, IF LOST <n>, IF DEVIL KO); Leviathan's forced attacks go on. Default: none")
def parse_truce(rest: str, ctx: Ctx) -> tuple[str, dict]:
    text = " ".join(rest.split())
    if not text:
        raise OrderError(INVALID, "TRUCE needs the Devil you make a truce with", RULE, HINT)
    cond: dict = {"kind": "now"}
    m = _COND.match(text)
    if m:
        text = m.group(1)
        if m.group(3) is not None:
            cond = {"kind": "after-round", "n": parse_int(m.group(3), "the fight round",
                                                          RULE, 1, 20)}
        elif m.group(4) is not None:
            cond = {"kind": "lost", "n": parse_int(m.group(4), "the units lost", RULE, 1, 99)}
        else:
            cond = {"kind": "devil-ko"}
    who = devil_arg(text, ctx, RULE)
    if who == ctx.player:
        raise OrderError(ILLEGAL, "a truce is with another Devil", RULE, HINT)
    tail = {"now": "", "after-round": f" AFTER ROUND {cond.get('n')}",
            "lost": f" IF LOST {cond.get('n')}", "devil-ko": " IF DEVIL KO"}[cond["kind"]]
    return f"TRUCE {dname(ctx, who)}{tail}", {"with": who, "cond": cond}
