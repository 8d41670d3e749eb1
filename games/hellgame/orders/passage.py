"""Standing GRANT PASSAGE orders: the right to pass (9.5; IP-20).

    GRANT PASSAGE TO anna                       anna's Units may march through every
                                                Sectio where your Legions stand
    GRANT PASSAGE TO anna, boris THROUGH Liars, Sugar Hill
                                                only through these Sectio
    GRANT PASSAGE TO ALL                        everyone, everywhere

A marching player's Units must stop on entering a Sectio with another Triumvirate's
Legions (HG-9.5-13) unless every player with Legions there has granted him passage
(HG-9.5-14). By email the grant is a standing order, so it is always given before the
Units enter and cannot be withdrawn once they have (HG-9.5-14). Without a grant:
refused. Freebooters never grant passage (HG-10.4-04).
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..errors import OrderError
from . import TURN, Ctx, order
from .common import player_name, sectio_id

RULE = "HG-9.5-14"
HINT = "e.g. GRANT PASSAGE TO anna, or GRANT PASSAGE TO anna THROUGH Sugar Hill"
_GRANT = re.compile(r"^TO\s+(?P<who>.+?)(?:\s+THROUGH\s+(?P<where>.+))?$", re.I)


@order("GRANT PASSAGE", stages=(TURN,), rule=RULE,
       example="GRANT PASSAGE TO anna THROUGH Sugar Hill",
       doc="Let these players' Units march through Sectio where your Legions stand (all "
           "your Sectio, or those named); without it they must stop")
def parse_grant(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _GRANT.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"GRANT PASSAGE {rest.strip()!r} is not understood", RULE,
                         HINT)
    names = [w.strip() for w in m["who"].split(",") if w.strip()]
    everyone = [w.upper() for w in names] == ["ALL"]
    players: list[str] = []
    if not everyone:
        for name in names:
            who = player_name(name, ctx, RULE)
            if who not in players:
                players.append(who)
    if not everyone and not players:
        raise OrderError(INVALID, "GRANT PASSAGE TO needs a player", RULE, HINT)
    through: list[str] = []
    for part in (m["where"] or "").split(","):
        if part.strip():
            sid = sectio_id(part, ctx.data, RULE)
            if sid not in through:
                through.append(sid)
    o = {"all": everyone, "players": players, "through": through}
    return grant_text(o, ctx.data), o


def grant_text(o: dict, data) -> str:
    """The canonical line of a GRANT PASSAGE order."""
    text = "GRANT PASSAGE TO " + ("ALL" if o["all"] else ", ".join(o["players"]))
    if o["through"]:
        text += " THROUGH " + ", ".join(data.sectio[s].name for s in o["through"])
    return text


def grants(orders: list[dict], mover: str, sectio: str) -> bool:
    """True if one of a player's GRANT PASSAGE orders lets `mover` pass `sectio`."""
    return any((o["all"] or mover in o["players"]) and (not o["through"] or sectio in o["through"])
               for o in orders)
