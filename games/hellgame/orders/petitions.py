"""Petitions Phase orders (chapter 12).

    PETITION FALSIFIERS      spend a free Favour to take control of FALSIFIERS (HG-12.1-01)
    ALLOW PETITIONS anna     anna may petition where your Units stand with hers (IP-48)
    ALLOW PETITIONS anna IN Liars, Falsifiers     only in these Sectio

PETITION is repeatable: one line per Sectio. Whether it succeeds (a Legion there, no
unfriendly Units, a Favour not bound by a Disfavour) is decided in the Petitions Phase,
after the turn's moves and combats. Without PETITION orders no Favour is spent (IP-47).

Victor's Right (HG-12.2-01) needs no order: it is claimed in every Sectio where the
player won a combat this turn (IP-47 default). A PETITION for such a Sectio is the
fall-back: it spends a Favour only if the Disfavour Roll for Victor's Right fails.

ALLOW PETITIONS is the consent of A-28 (v1 12.3.3): your Units count as friendly to that
player's petitions (by Favour or Victor's Right) in the Sectio named, or everywhere.
Without it your Units block his petitions (HG-12.0-03).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from . import TURN, Ctx, order
from .common import player_name, sectio_id
from .setup import match_sectio

RULE = "HG-12.1-01"
ALLOW_RULE = "A-28"
ALLOW_HINT = "e.g. ALLOW PETITIONS anna, or ALLOW PETITIONS anna IN Liars"
_ALLOW = re.compile(r"^(?:BY\s+)?(?P<who>.+?)(?:\s+IN\s+(?P<where>.+))?$", re.I)


@order("PETITION", stages=(TURN,), rule=RULE, example="PETITION FALSIFIERS",
       doc="spend a Favour to take a Sectio where you have a Legion and no enemies "
           "(where you won a combat: only if Victor's Right fails)")
def parse_petition(rest: str, ctx: Ctx) -> tuple[str, dict]:
    sid = match_sectio(rest, ctx, RULE)
    name = ctx.data.sectio[sid].name
    if ctx.state.owners.get(sid) == ctx.player:
        raise OrderError(ILLEGAL, f"{name} is already yours", RULE,
                         "petition only for Sectio that are unowned or another player's")
    return f"PETITION {name}", {"sectio": sid}


@order("ALLOW PETITIONS", stages=(TURN,), rule=ALLOW_RULE,
       example="ALLOW PETITIONS anna IN Liars",
       doc="let this player petition in Sectio where your Units stand with his (all, or "
           "those named); without it your Units block his petitions")
def parse_allow(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _ALLOW.match(rest.strip())
    if not m or not rest.strip():
        raise OrderError(INVALID, f"ALLOW PETITIONS {rest.strip()!r} is not understood",
                         ALLOW_RULE, ALLOW_HINT)
    who = player_name(m["who"].strip(), ctx, ALLOW_RULE)  # never the player himself
    where: list[str] = []
    for part in (m["where"] or "").split(","):
        if part.strip():
            sid = sectio_id(part, ctx.data, ALLOW_RULE)
            if sid not in where:
                where.append(sid)
    text = f"ALLOW PETITIONS {who}"
    if where:
        text += " IN " + ", ".join(ctx.data.sectio[s].name for s in where)
    return text, {"player": who, "sectio": where}


def allows(orders: list[dict], petitioner: str, sectio: str) -> bool:
    """True if one of a player's ALLOW PETITIONS orders covers `petitioner` in `sectio`."""
    return any(o["player"] == petitioner and (not o["sectio"] or sectio in o["sectio"])
               for o in orders)
