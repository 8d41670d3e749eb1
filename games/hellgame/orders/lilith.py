"""Standing orders for courting Lilith (10.2.1; IP-35, IP-36), read in the Random
Moves Phase.

    COURT LILITH WITH Baal                          court her every turn with Baal
    COURT LILITH WITH Baal IF WITHIN 2 OF Liars     only if she is at most 2 steps from LIARS
    STEER LILITH IF MOTHER Spies > Traitors > STAY  her 4 steps, when she is the Mother
    STEER LILITH Falsifiers > Liars                 any aspect (the first line that fits wins)

COURT LILITH: your first line whose Daemon is in play and not Incapacitated, and whose
IF WITHIN holds (Lilith at most k Compass steps from one of the Sectio named), is
your one courting Daemon (A-16). It costs 1 free Favour; several courting Daemons
fight a Duel of Hearts and only the winner pays and rolls against Hearts. Default: do
not court (IP-35).

STEER LILITH: if you won her, the first line for her aspect (or with no IF) gives her
steps: each a neighbouring Sectio of where she then is (by name, or ANTEHELL or
PENTAGRAM, which remove her), or STAY. Steps left over, or from a step that is not
next to her, are rolled on the Compass as if she were not courted (IP-36).
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..errors import OrderError
from ..state import ANTEHELL
from . import TURN, Ctx, order
from .common import daemon_of, place_id, place_name

COURT_RULE = "HG-10.2.1-01"
STEER_RULE = "HG-10.2.1-02"
ASPECTS = ("virgin", "mother", "crone")
STAY = "stay"
PENTAGRAM = "pentagram"

_COURT = re.compile(r"^WITH\s+(?P<daemon>.+?)(?:\s+IF\s+WITHIN\s+(?P<k>\d+)\s+OF\s+"
                    r"(?P<where>.+))?$", re.I)
_STEER = re.compile(r"^(?:IF\s+(?P<aspect>VIRGIN|MOTHER|CRONE)\s+)?(?P<path>.+)$", re.I)


@order("COURT LILITH", stages=(TURN,), rule=COURT_RULE, example="COURT LILITH WITH Baal",
       doc="Court Lilith in the Random Moves Phase with this Daemon (1 Favour; a Duel of "
           "Hearts if others court too); IF WITHIN k OF <sectio>: only when she is that near")
def parse_court(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _COURT.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"COURT LILITH {rest.strip()!r} is not understood",
                         COURT_RULE, "e.g. COURT LILITH WITH Baal IF WITHIN 2 OF Liars")
    o = {"daemon": daemon_of(m["daemon"], ctx, COURT_RULE), "within": None, "near": []}
    if m["k"] is not None:
        o["within"] = int(m["k"])
        for part in m["where"].split(","):
            sid = place_id(part, ctx.data, COURT_RULE) if part.strip() else None
            if sid and sid != ANTEHELL and sid not in o["near"]:
                o["near"].append(sid)
        if not o["near"]:
            raise OrderError(INVALID, "IF WITHIN needs at least one Sectio", COURT_RULE,
                             "e.g. IF WITHIN 2 OF Liars, Sugar Hill")
    return court_text(o, ctx.data), o


def court_text(o: dict, data) -> str:
    """The canonical line (parse_court(court_text(o)) gives o back)."""
    text = f"COURT LILITH WITH {data.daemons[o['daemon']].name}"
    if o["within"] is not None:
        text += f" IF WITHIN {o['within']} OF " + ", ".join(data.sectio[s].name
                                                            for s in o["near"])
    return text


@order("STEER LILITH", stages=(TURN,), rule=STEER_RULE,
       example="STEER LILITH IF MOTHER Spies > Traitors > STAY",
       doc="If you court Lilith successfully: her steps (neighbouring Sectio, ANTEHELL, "
           "PENTAGRAM or STAY), for one aspect or any; the first line that fits is used")
def parse_steer(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _STEER.match(rest.strip())
    if not m or not rest.strip():
        raise OrderError(INVALID, "STEER LILITH needs her steps", STEER_RULE,
                         "e.g. STEER LILITH IF MOTHER Spies > Traitors > STAY")
    path = []
    for part in m["path"].split(">"):
        word = part.strip().lower()
        if word in (STAY, PENTAGRAM):
            path.append(word)
        else:
            path.append(place_id(part, ctx.data, STEER_RULE))
    steps = ctx.data.tables["lilith_steps"]
    if len(path) > steps:
        raise OrderError(INVALID, f"Lilith takes {steps} steps, and this line gives "
                         f"{len(path)}", STEER_RULE, f"give at most {steps} steps")
    o = {"aspect": (m["aspect"] or "").lower() or None, "path": path}
    return steer_text(o, ctx.data), o


def steer_text(o: dict, data) -> str:
    words = ["STEER LILITH"] + ([f"IF {o['aspect'].upper()}"] if o["aspect"] else [])
    names = [p.upper() if p in (STAY, PENTAGRAM) else place_name(p, data) for p in o["path"]]
    return " ".join(words) + " " + " > ".join(names)
