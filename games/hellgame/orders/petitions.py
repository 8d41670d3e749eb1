"""Petitions Phase orders (chapter 12).

    PETITION FALSIFIERS      spend a free Favour to take control of FALSIFIERS (HG-12.1-01)

Repeatable: one line per Sectio. Whether the petition succeeds (a Legion there, no
unfriendly Units, a Favour not bound by a Disfavour) is decided in the Petitions Phase,
after the turn's moves and combats. Without PETITION orders no Favour is spent (IP-47).
"""

from __future__ import annotations

from pbem.engine import ILLEGAL

from ..errors import OrderError
from . import TURN, Ctx, order
from .setup import match_sectio

RULE = "HG-12.1-01"


@order("PETITION", stages=(TURN,), rule=RULE, example="PETITION FALSIFIERS",
       doc="spend a Favour to take a Sectio where you have a Legion and no enemies")
def parse_petition(rest: str, ctx: Ctx) -> tuple[str, dict]:
    sid = match_sectio(rest, ctx, RULE)
    name = ctx.data.sectio[sid].name
    if ctx.state.owners.get(sid) == ctx.player:
        raise OrderError(ILLEGAL, f"{name} is already yours", RULE,
                         "petition only for Sectio that are unowned or another player's")
    return f"PETITION {name}", {"sectio": sid}
