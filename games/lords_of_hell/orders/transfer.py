"""Orders: the transfer phase (see docs/orders-lords-of-hell.md): starting rituals
face-down (`RITUAL`, LH-I.3.3-01, PB-10) and sending the Devil, Fiends and Diabolic Fiends
to Earth (`EARTH`, LH-III.2-03/07, PB-11). Both take effect at the end of the phase, after
the trades and special cards of the stage (transfer.py).
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match, normalise

from .. import items as it
from . import order
from .tradeterms import card_names, parse_items

EARTH_HORDES = ("horde.fiends", "horde.diabolic-fiends")  # LH-III.2-07
CONDITIONS = ("special.time-of-virtue", "special.world-war")  # LH-III.2-05


@order("RITUAL", phases=("transfer",), rule="LH-I.3.3-01",
       example="RITUAL Infernal Plague, Furnace of Souls",
       doc="start rituals from your hand face-down next to your home realm; they are "
           "cast in the combat phase")
def parse_ritual(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.3.3-01"
    its = parse_items(rest, ctx, rule)
    for item in its:
        if item["kind"] != "card" or ctx.data.cards[item["card"]].kind != "ritual":
            raise OrderError(ILLEGAL, f"{it.text(item, ctx.data)} is not a ritual", rule,
                             "name ritual cards in your hand")
    if not ctx.me.home:
        raise OrderError(ILLEGAL, "rituals are started next to the home realm, and you have "
                         "none", rule, "take a home realm first (forces in Hell)")
    lack = it.shortfall(ctx.state, ctx.player, its, ctx.data)
    if lack:
        raise OrderError(ILLEGAL, f"you cannot start this: {lack}", rule,
                         "name rituals in your hand")
    return "RITUAL " + ", ".join(it.text(i, ctx.data) for i in its), {"items": its}


@order("EARTH", phases=("transfer",), rule="LH-III.2-03",
       example="EARTH DEVIL, ALL FIENDS UNLESS Time of Virtue",
       doc="at the end of the transfer phase send your Devil (if in Hell) and Fiends or "
           "Diabolic Fiends to Earth to gather Souls; UNLESS: not if that Earth condition "
           "is in force after the special cards. Default: stay")
def parse_earth(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-III.2-03"
    unless = None
    m = re.match(r"^(.*?)\s+unless\s+(.+)$", rest.strip(), re.I)
    if m:
        rest = m.group(1)
        names = {c: [ctx.data.cards[c].name] for c in CONDITIONS}
        unless = match(m.group(2), names, "Earth condition", "LH-III.2-05")
    units: dict = {"devil": False, "hordes": {}}
    parts = [p for p in re.split(r",|\s+and\s+", rest, flags=re.I) if p.strip()]
    if not parts:
        raise OrderError(INVALID, "EARTH needs what goes", rule,
                         "e.g. EARTH DEVIL, 2 Fiends")
    devil_name = normalise(ctx.data.devils[ctx.me.devil].name)
    for part in parts:
        word = normalise(part)
        if word in ("devil", "me", "myself", devil_name):
            units["devil"] = True
        elif word == "all":
            units["devil"] = ctx.me.status == "hell"
            for h in EARTH_HORDES:
                units["hordes"][h] = "all"
        else:
            _hordes(part, ctx, units)
    if units["devil"]:
        _devil_may_go(ctx)
    for h, n in units["hordes"].items():
        have = len(it.held(ctx.state, ctx.player, h, ctx.data))
        if n != "all" and n > have:
            raise OrderError(ILLEGAL, f"you have {have} {ctx.data.cards[h].name} in Hell, not "
                             f"{n}", rule, "send what you have")
    if not units["devil"] and not units["hordes"]:
        raise OrderError(INVALID, "nothing to send", rule, "e.g. EARTH DEVIL, 2 Fiends")
    return "EARTH " + _units_text(units, ctx.data) + (
        f" UNLESS {ctx.data.cards[unless].name}" if unless else ""), \
        {"devil": units["devil"], "hordes": units["hordes"], "unless": unless}


def _hordes(part: str, ctx, units: dict) -> None:
    rule = "LH-III.2-07"
    m = re.match(r"^all\s+(.+)$", part.strip(), re.I)
    if m:
        card, n = match(m.group(1), card_names(ctx.data), "card", rule), "all"
    else:
        item = parse_items(part, ctx, rule)[0]
        if item["kind"] != "card":
            raise OrderError(ILLEGAL, f"{it.text(item, ctx.data)} cannot go to Earth", rule,
                             "only your Devil, Fiends and Diabolic Fiends go to Earth")
        card, n = item["card"], item["n"]
    if card not in EARTH_HORDES:
        raise OrderError(ILLEGAL, f"{ctx.data.cards[card].name} cannot go to Earth", rule,
                         "only your Devil, Fiends and Diabolic Fiends go to Earth")
    old = units["hordes"].get(card, 0)
    units["hordes"][card] = "all" if "all" in (old, n) else old + n


def _devil_may_go(ctx) -> None:
    from ..prisoners import no_earth

    if ctx.me.status != "hell":
        raise OrderError(ILLEGAL, "only a Devil in Hell goes to Earth (yours is "
                         f"{'a prisoner' if ctx.me.status == 'prisoner' else 'not in Hell'})",
                         "LH-III.2-07", "send only your Fiends")
    if no_earth(ctx.state, ctx.player):
        raise OrderError(ILLEGAL, "you promised Heaven never to return to Earth",
                         "LH-III.4.1-04", "send only your Fiends")


def _units_text(units: dict, data) -> str:
    out = ["DEVIL"] if units["devil"] else []
    for h in EARTH_HORDES:
        n = units["hordes"].get(h)
        if n == "all":
            out.append(f"ALL {data.cards[h].name}")
        elif n:
            out.append(f"{n} {data.cards[h].name}")
    return ", ".join(out)
