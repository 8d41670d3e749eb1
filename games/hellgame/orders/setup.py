"""Setup-stage orders (5.1 steps 5 and 8).

    REDRAW Baal                     discard Baal and draw another Daemon for 1 Favour
    PLACE SUGAR HILL, ADDICTION     where the first Legion goes, best first

Defaults (IP-01, IP-02): keep the Daemons; the Legion goes to the own Sectio with the
highest Souls value that is not isolated.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..log import count
from ..names import match
from . import SETUP, Ctx, order
from .common import sectio_id

REDRAW_RULE = "HG-5.1-09"
PLACE_RULE = "HG-5.1-12"


def match_sectio(text: str, ctx: Ctx, rule: str) -> str:
    return sectio_id(text, ctx.data, rule)


@order("REDRAW", stages=(SETUP,), rule=REDRAW_RULE, example="REDRAW Baal", repeatable=False,
       doc="discard one of your Daemons and draw another, once, for 1 Favour (default: keep)")
def parse_redraw(rest: str, ctx: Ctx) -> tuple[str, dict]:
    daemons = {d: [x.name] for d, x in ctx.data.daemons.items()}
    daemon = match(rest, daemons, "Daemon", REDRAW_RULE)
    p = ctx.state.players[ctx.player]
    name = ctx.data.daemons[daemon].name
    if daemon not in p.daemons:
        yours = ", ".join(ctx.data.daemons[d].name for d in p.daemons)
        raise OrderError(ILLEGAL, f"{name} is not one of your Daemons", REDRAW_RULE,
                         f"name one of yours: {yours}")
    if p.redraw_used:
        raise OrderError(ILLEGAL, "you have already used your one redraw", REDRAW_RULE,
                         "remove this line")
    cost = ctx.data.tables["daemon_redraw_cost_favours"]
    if p.free_favours < cost:
        raise OrderError(ILLEGAL, f"redrawing {name} costs {count(cost, 'Favour')} and you "
                         "have none to spend",
                         REDRAW_RULE, "remove this line to keep your Daemons")
    return f"REDRAW {name}", {"daemon": daemon}


@order("PLACE", stages=(SETUP,), rule=PLACE_RULE, example="PLACE SUGAR HILL, ADDICTION",
       repeatable=False,
       doc="your first Legion's Sectio, best first (default: best non-isolated Sectio)")
def parse_place(rest: str, ctx: Ctx) -> tuple[str, dict]:
    parts = [x.strip() for x in rest.split(",")]
    if not any(parts):
        raise OrderError(INVALID, "PLACE needs at least one Sectio", PLACE_RULE,
                         "e.g. PLACE SUGAR HILL, ADDICTION")
    if not all(parts):
        raise OrderError(INVALID, "an empty name between commas", PLACE_RULE,
                         "separate Sectio names with single commas")
    chosen: list[str] = []
    for text in parts:
        sid = match_sectio(text, ctx, PLACE_RULE)
        if ctx.state.owners.get(sid) != ctx.player:
            own = ", ".join(ctx.data.sectio[s].name for s in ctx.state.sectio_of(ctx.player))
            raise OrderError(ILLEGAL, f"{ctx.data.sectio[sid].name} is not one of your Sectio",
                             PLACE_RULE, f"your Sectio: {own}")
        if sid not in chosen:  # a repeat adds nothing to a ranked list
            chosen.append(sid)
    names = ", ".join(ctx.data.sectio[s].name for s in chosen)
    return f"PLACE {names}", {"sectio": chosen}
