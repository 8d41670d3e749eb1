"""Standing FLEE orders: what your Units do when another player marches in (9.5.1; IP-23).

    FLEE FROM Sugar Hill, Liars     flee whenever anyone marches into these Sectio
    FLEE ANYWHERE IF OUTNUMBERED    flee wherever more of his Units than yours stand there
    FLEE NEVER FROM Dogs of War     stand here whatever the later lines say
    FLEE NEVER                      stand everywhere (the default)
    FLEE FROM HOUNDS IF OUTMATCHED  when a rampaging Hellhound enters (Random Moves, IP-24):
                                    flee if its attacks outnumber your Legions there
    FLEE NEVER FROM HOUNDS          stand against hounds (the default)

Each time Units march into a Sectio holding your Units, your FLEE lines are read in
sheet order and the first that covers that Sectio (and whose IF OUTNUMBERED holds)
decides for all your Units there (A-22). With no line that applies they stand. A
solitary Lieutenant always flees (HG-16.2-02), whatever these lines say.
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..errors import OrderError
from . import TURN, Ctx, order
from .common import sectio_id

RULE = "HG-9.5.1-01"
HINT = "e.g. FLEE FROM Sugar Hill, or FLEE ANYWHERE IF OUTNUMBERED, or FLEE NEVER"
_FLEE = re.compile(r"^(?P<never>NEVER\b)?\s*(?:(?P<anywhere>ANYWHERE)|FROM\s+(?P<where>.+?))?"
                   r"\s*(?P<out>\bIF\s+OUTNUMBERED)?$", re.I)


_HOUNDS = re.compile(r"^(?P<never>NEVER\s+)?FROM\s+HOUNDS(?P<out>\s+IF\s+OUTMATCHED)?$", re.I)


@order("FLEE", stages=(TURN,), rule=RULE, example="FLEE ANYWHERE IF OUTNUMBERED",
       doc="When Units march into a Sectio where yours are: flee from these Sectio (or "
           "anywhere), or never; first line that applies decides")
def parse_flee(rest: str, ctx: Ctx) -> tuple[str, dict]:
    h = _HOUNDS.match(rest.strip())
    if h:  # IP-24: a rampaging Hellhound entering (HG-10.3), decided like a march
        if h["never"] and h["out"]:
            raise OrderError(INVALID, "FLEE NEVER FROM HOUNDS takes no IF OUTMATCHED", RULE,
                             "write FLEE NEVER FROM HOUNDS, or FLEE FROM HOUNDS IF OUTMATCHED")
        o = {"flee": not h["never"], "where": [], "outnumbered": bool(h["out"]),
             "hounds": True}
        return flee_text(o, ctx.data), o
    m = _FLEE.match(rest.strip())
    if not m or not rest.strip():
        raise OrderError(INVALID, f"FLEE {rest.strip()!r} is not understood", RULE, HINT)
    never = bool(m["never"])
    if never and m["out"]:
        raise OrderError(INVALID, "FLEE NEVER takes no IF OUTNUMBERED", RULE,
                         "write FLEE NEVER [FROM <sectio>], or FLEE ... IF OUTNUMBERED")
    if not never and not m["anywhere"] and not m["where"]:
        raise OrderError(INVALID, "FLEE needs FROM <sectio> or ANYWHERE", RULE, HINT)
    where = []
    for part in (m["where"] or "").split(","):
        if part.strip():
            sid = sectio_id(part, ctx.data, RULE)
            if sid not in where:
                where.append(sid)
    o = {"flee": not never, "where": where, "outnumbered": bool(m["out"])}
    return flee_text(o, ctx.data), o


def flee_text(o: dict, data) -> str:
    """The canonical line of a FLEE order (parse_flee(flee_text(o)) gives o back)."""
    words = ["FLEE"] + ([] if o["flee"] else ["NEVER"])
    if o.get("hounds"):
        return " ".join(words + ["FROM HOUNDS"] + (["IF OUTMATCHED"] if o["outnumbered"]
                                                   else []))
    if o["where"]:
        words.append("FROM " + ", ".join(data.sectio[s].name for s in o["where"]))
    elif o["flee"]:
        words.append("ANYWHERE")
    if o["outnumbered"]:
        words.append("IF OUTNUMBERED")
    return " ".join(words)
