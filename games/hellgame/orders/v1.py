"""Orders of Version I's optional rules (game variants, off by default).

    AVOID COMBAT IN Thieves, Liars    agree to avoid combat in these Sectio
    AVOID COMBAT ANYWHERE             agree to avoid every combat you are in

AVOID COMBAT (HG-V1-11.3.1-01, variant `v1_avoid_combat`) is a standing order for the
Combat Phase: a combat is not fought when every Triumvirate there has agreed, no
rampaging hound is there and the Legions there are no more than the Sectio's printed
Souls (combat/v1.py). Without it you do not agree. In a game without the variant the
order is refused.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from . import TURN, Ctx, order
from .common import sectio_id

AVOID_RULE = "HG-V1-11.3.1-01"
AVOID_VARIANT = "v1_avoid_combat"
AVOID_HINT = "e.g. AVOID COMBAT IN Thieves, or AVOID COMBAT ANYWHERE"
_AVOID = re.compile(r"^(?:(?P<anywhere>ANYWHERE)|IN\s+(?P<where>.+))$", re.I)


@order("AVOID COMBAT", stages=(TURN,), rule=AVOID_RULE, example="AVOID COMBAT IN Thieves",
       doc="optional rule v1_avoid_combat only: agree to avoid combat in these Sectio "
           "(or ANYWHERE); fought unless all there agree (default: you do not agree)")
def parse_avoid(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _AVOID.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"AVOID COMBAT {rest.strip()!r} is not understood",
                         AVOID_RULE, AVOID_HINT)
    if not ctx.state.variants.get(AVOID_VARIANT):
        raise OrderError(ILLEGAL, "this game does not use the optional rule "
                         f"{AVOID_VARIANT}, so combat cannot be avoided", AVOID_RULE,
                         "remove this line")
    if m["anywhere"]:
        return "AVOID COMBAT ANYWHERE", {"sectio": []}
    where: list[str] = []
    for part in m["where"].split(","):
        if part.strip():
            sid = sectio_id(part, ctx.data, AVOID_RULE)
            if sid not in where:
                where.append(sid)
    if not where:
        raise OrderError(INVALID, "AVOID COMBAT IN names no Sectio", AVOID_RULE, AVOID_HINT)
    return "AVOID COMBAT IN " + ", ".join(ctx.data.sectio[s].name for s in where), \
        {"sectio": where}
