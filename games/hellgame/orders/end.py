"""End Phase orders: how many Disfavours to buy off at 2 Favours each (HG-13.1-01, IP-49).

    BUY OFF 2          buy off at most 2 Disfavours
    BUY OFF ALL        as many as possible (also the default)
    BUY OFF NONE       keep every Favour
    KEEP FAVOURS 3     buy off only while at least 3 Favours remain

Both may be given; the smaller number wins. The Favours and Disfavours a player will
have in the End Phase are not known when he writes his orders, so these orders are
limits, capped at resolution by what he can pay.
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..errors import OrderError
from . import TURN, Ctx, order, parse_int

RULE = "HG-13.1-01"


@order("BUY OFF", stages=(TURN,), rule=RULE, example="BUY OFF ALL", repeatable=False,
       doc="End Phase: buy off Disfavours at 2 Favours each (n, ALL or NONE; default ALL)")
def parse_buy_off(rest: str, ctx: Ctx) -> tuple[str, dict]:
    word = rest.strip().upper()
    if word == "ALL":
        return "BUY OFF ALL", {"count": None}
    if word == "NONE":
        return "BUY OFF NONE", {"count": 0}
    if not word:
        raise OrderError(INVALID, "BUY OFF needs a number, ALL or NONE", RULE,
                         "e.g. BUY OFF 1, BUY OFF ALL or BUY OFF NONE")
    n = parse_int(word, "the number of Disfavours to buy off", RULE, lo=0, hi=99)
    return f"BUY OFF {n}", {"count": n}


@order("KEEP FAVOURS", stages=(TURN,), rule=RULE, example="KEEP FAVOURS 2", repeatable=False,
       doc="End Phase: buy off Disfavours only while at least n Favours remain")
def parse_keep_favours(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "KEEP FAVOURS needs the number of Favours to keep", RULE,
                         "e.g. KEEP FAVOURS 2")
    n = parse_int(rest, "the number of Favours to keep", RULE, lo=0, hi=999)
    return f"KEEP FAVOURS {n}", {"keep": n}
