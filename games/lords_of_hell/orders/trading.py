"""Orders: trading, given in every stage (every stage is a trading window); see
docs/orders-lords-of-hell.md. Deals (deal.py), forced trades, prisoners, discards, and
the standing orders HOME, TORTURE and BAALZEBUB GIVES. The trading code (trading.py,
deals.py, forced.py, prisoners.py) executes them in the order of digest §4.3.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match, normalise

from .. import items as it
from . import ANY, order
from . import deal as deal_grammar
from .tradeterms import choice_text, oath, parse_choices, parse_items, party

BAALZEBUB = "devil.baalzebub"
BELIAL = "devil.belial"
NO_OPOH = ("prisoner", "heaven", "ko")  # LH-I.1.1-05: no trade with the Other Powers


@order("DEAL", phases=ANY, rule="LH-II.2-01",
       example="DEAL anna GIVES 2 Souls, Fiends TO boris; boris GIVES Oath of Belial TO anna",
       doc="a deal among any number of parties; it is made only when every party's sheet "
           "has the same terms, all of it or nothing")
def parse_deal(rest: str, ctx) -> tuple[str, dict]:
    return deal_grammar.parse(rest, ctx)


@order("FORCED OPH", phases=ANY, rule="LH-I.1.2-06", repeatable=False,
       example="FORCED OPH Oath of Belial",
       doc="trade an Oath with the Other Powers of Hell: discard it and draw 3 cards at "
           "once; once per phase")
def parse_opoh(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.1.2-06"
    if ctx.me.status in NO_OPOH:
        raise OrderError(ILLEGAL, "a prisoner (or a knocked-out Devil) cannot trade with the "
                         "Other Powers of Hell", "LH-I.1.1-05", "remove this line")
    if ctx.me.used_oph:
        raise OrderError(ILLEGAL, "you traded with the Other Powers of Hell in this phase "
                         "already", rule, "once per phase: wait for the next phase")
    devil, inst = oath(rest, ctx, rule)
    return f"FORCED OPH Oath of {ctx.data.devils[devil].name}", {"devil": devil}


@order("FORCED", phases=("transfer", "gathering"), rule="LH-I.1.2-07",
       example="FORCED Oath of Belial FOR Wand of Might ELSE Prisoner carl ELSE ANY",
       doc="hand an Oath back to its owner, who must free one prisoner of your choice or "
           "give you one tabled horde or artifact of your choice (the first of your list "
           "that is there and not protected; ANY: his strongest horde, else an artifact, "
           "else a prisoner); Baalzebub chooses himself what he gives")
def parse_forced(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.1.2-07"
    m = re.match(r"^(.+?)(?:\s+for\s+(.+))?$", rest.strip(), re.I)
    if not rest.strip():
        raise OrderError(INVALID, "FORCED needs an Oath", rule,
                         "e.g. FORCED Oath of Belial FOR Fiends")
    devil, inst = oath(m.group(1), ctx, rule)
    target = next(n for n, p in ctx.state.players.items() if p.devil == devil)
    name = ctx.data.devils[devil].name
    if target == ctx.player:
        raise OrderError(ILLEGAL, f"the Oath of {name} is your own: a forced trade hands an "
                         "Oath back to another Devil", rule, "name another Devil's Oath")
    baal = devil == BAALZEBUB
    if m.group(2) is None and not baal:
        raise OrderError(INVALID, "say what you take: FOR <horde or artifact> | Prisoner "
                         "<name> | ANY, in order, separated by ELSE", rule,
                         f"e.g. FORCED Oath of {name} FOR Fiends ELSE ANY")
    choices = parse_choices(m.group(2), ctx, rule) if m.group(2) else []
    if baal:
        return (f"FORCED Oath of {name} (Baalzebub chooses what he gives)",
                {"devil": devil, "target": target, "choices": []})
    return (f"FORCED Oath of {name} FOR " + " ELSE ".join(choice_text(c, ctx.data)
                                                          for c in choices),
            {"devil": devil, "target": target, "choices": choices})


@order("FREE", phases=ANY, rule="LH-I.1.1-08", example="FREE carl",
       doc="free a Devil you hold prisoner")
def parse_free(rest: str, ctx) -> tuple[str, dict]:
    who = _my_prisoner(rest, ctx, "LH-I.1.1-08")
    return f"FREE {who}", {"prisoner": who}


@order("PERMIT", phases=ANY, rule="LH-I.1.1-05", example="PERMIT carl boris, dora",
       doc="let your prisoner trade with the Devils named (until he changes hands)")
def parse_permit(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.1.1-05"
    words = rest.split(None, 1)
    if len(words) < 2:
        raise OrderError(INVALID, "PERMIT needs the prisoner and the Devils he may trade "
                         "with", rule, "e.g. PERMIT carl boris")
    who = _my_prisoner(words[0], ctx, rule)
    names = re.sub(r"^(?:to\s+)?(?:trade\s+)?(?:with\s+)?", "", words[1], flags=re.I)
    allowed = []
    for x in (x for x in re.split(r",|\s+and\s+", names, flags=re.I) if x.strip()):
        p = party(x, ctx, rule)
        if p in (who, ctx.player):
            raise OrderError(INVALID, f"{p} needs no permit", rule, "name other Devils")
        if p not in allowed:
            allowed.append(p)
    if not allowed:
        raise OrderError(INVALID, "no Devil named", rule, "e.g. PERMIT carl boris")
    return f"PERMIT {who} " + ", ".join(allowed), {"prisoner": who, "with": allowed}


@order("SURRENDER TO", phases=ANY, rule="LH-I.1.1-12", example="SURRENDER TO Asmodeus",
       repeatable=False,
       doc="surrender to a Devil, who must ACCEPT SURRENDER you on his sheet; you become "
           "his prisoner")
def parse_surrender(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.1.1-12"
    if ctx.me.status != "hell":
        raise OrderError(ILLEGAL, "only a Devil in Hell can surrender", rule,
                         "remove this line")
    captor = party(rest, ctx, rule)
    if captor == ctx.player:
        raise OrderError(INVALID, "you cannot surrender to yourself", rule,
                         "name another Devil")
    if not ctx.state.players[captor].home:
        raise OrderError(ILLEGAL, f"{captor} has no home realm to hold a prisoner",
                         "LH-I.1.1-10", "surrender to a Devil with a home realm")
    return f"SURRENDER TO {captor}", {"captor": captor}


@order("ACCEPT SURRENDER", phases=ANY, rule="LH-I.1.1-12", example="ACCEPT SURRENDER glasya",
       doc="take a Devil who writes SURRENDER TO you as your prisoner")
def parse_accept(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.1.1-12"
    who = party(rest, ctx, rule)
    if who == ctx.player:
        raise OrderError(INVALID, "you cannot take yourself prisoner", rule,
                         "name the Devil who surrenders")
    if not ctx.me.home:
        raise OrderError(ILLEGAL, "you have no home realm to hold a prisoner",
                         "LH-I.1.1-10", "remove this line")
    return f"ACCEPT SURRENDER {who}", {"prisoner": who}


@order("HEAVEN DEAL", phases=("transfer",), rule="LH-III.4.1-04", example="HEAVEN DEAL",
       repeatable=False,
       doc="your Devil, held in Heaven, promises never to return to Earth and is released "
           "to Hell (the promise lasts to the end of the next turn)")
def parse_heaven(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-III.4.1-04"
    if rest.strip():
        raise OrderError(INVALID, f"HEAVEN DEAL takes nothing more, not {rest.strip()!r}",
                         rule, "write HEAVEN DEAL")
    if ctx.me.status != "heaven":
        raise OrderError(ILLEGAL, "your Devil is not held in Heaven", rule,
                         "remove this line")
    return "HEAVEN DEAL", {}


@order("DISCARD", phases=("transfer", "gathering"), rule="LH-III.4.6-01",
       example="DISCARD 2 Souls, Fiends, Silence",
       doc="discard resource cards from hand or table, and Souls (never Oaths)")
def parse_discard(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-III.4.6-01"
    its = parse_items(rest, ctx, rule)
    for item in its:
        if item["kind"] == "oath":
            raise OrderError(ILLEGAL, "Oath cards cannot be discarded", "LH-I.1.2-03",
                             "trade it, or use it in a forced trade")
        if item["kind"] == "realm":
            raise OrderError(ILLEGAL, "a home realm is never discarded", "LH-I.2-06",
                             "remove it from the list")
        if item["kind"] not in ("souls", "card"):
            raise OrderError(INVALID, f"{it.text(item, ctx.data)} cannot be discarded", rule,
                             "discard Souls and resource cards")
    lack = it.shortfall(ctx.state, ctx.player, its, ctx.data)
    if lack:
        raise OrderError(ILLEGAL, f"you cannot discard this: {lack}", rule,
                         "discard only what you hold now")
    return "DISCARD " + ", ".join(it.text(i, ctx.data) for i in its), {"items": its}


@order("HOME", phases=ANY, rule="LH-I.2-05", standing=True,
       example="HOME High Palace of Hell, Dis",
       doc="standing: the realms you take, in order, when you are homeless and gain forces "
           "in Hell; default the first free realm (HOME OFF)")
def parse_home(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-I.2-05"
    if normalise(rest) == "off":
        return "HOME OFF", {"off": True}
    names = {r: [ctx.data.realms[r].name] for r in ctx.state.realms}
    realms = []
    for x in (x for x in rest.split(",") if x.strip()):
        r = match(x, names, "realm in play", rule)
        if r not in realms:
            realms.append(r)
    if not realms:
        raise OrderError(INVALID, "HOME needs realms", rule, "e.g. HOME Dis, Styx")
    return "HOME " + ", ".join(ctx.data.realms[r].name for r in realms), {"realms": realms}


@order("TORTURE", phases=ANY, rule="LH-III.1-09", standing=True, example="TORTURE OFF",
       doc="standing, Belial only: whom he tortures at the end of the draw phase (one "
           "random Oath from each); default ALL, TORTURE OFF stops it, TORTURE <names> "
           "limits it")
def parse_torture(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-III.1-09"
    if ctx.me.devil != BELIAL:
        raise OrderError(ILLEGAL, "only Belial tortures", rule, "remove this line")
    word = normalise(rest)
    if word == "off":
        return "TORTURE OFF", {"torture": False}
    if word in ("all", "on", ""):
        return "TORTURE ALL", {"off": True}  # the default again
    only = []
    for x in (x for x in re.split(r",|\s+and\s+", rest, flags=re.I) if x.strip()):
        p = party(x, ctx, rule)
        if p not in only:
            only.append(p)
    return "TORTURE " + ", ".join(only), {"only": only}


@order("BAALZEBUB GIVES", phases=ANY, rule="LH-II.2.1-04", standing=True,
       example="BAALZEBUB GIVES Fiends ELSE Prisoner carl ELSE ANY",
       doc="standing, Baalzebub only: what he gives, in order, when a forced trade targets "
           "him; default his horde of least power (BAALZEBUB GIVES OFF)")
def parse_baal(rest: str, ctx) -> tuple[str, dict]:
    rule = "LH-II.2.1-04"
    if ctx.me.devil != BAALZEBUB:
        raise OrderError(ILLEGAL, "only Baalzebub chooses what he gives in a forced trade",
                         rule, "remove this line")
    if normalise(rest) == "off":
        return "BAALZEBUB GIVES OFF", {"off": True}
    choices = parse_choices(rest, ctx, rule)
    return ("BAALZEBUB GIVES " + " ELSE ".join(choice_text(c, ctx.data) for c in choices),
            {"choices": choices})


def _my_prisoner(text: str, ctx, rule: str) -> str:
    who = party(text, ctx, rule)
    p = ctx.state.players[who]
    if p.status != "prisoner" or p.captor != ctx.player:
        raise OrderError(ILLEGAL, f"{who} is not your prisoner", rule,
                         "name a Devil you hold prisoner")
    if ctx.me.status == "ko":
        raise OrderError(ILLEGAL, "a knocked-out Devil cannot free or permit", rule,
                         "wait until your Devil is back")
    return who
