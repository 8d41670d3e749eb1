"""Summoning Phase orders (chapter 8; IP-13 .. IP-17).

    LEGION Dogs of War 2          up to 2 Legions there, in sheet order with other wishes
    LEGIONS 3                     3 Legions placed by the spread rule, richest Sectio first
    BUY ARCANA 2 UNTIL Recruit Lieutenant KEEP 4
                                  buy up to 2 cards, one at a time; stop on holding one
    RECRUIT                       with the cheapest Recruit Lieutenant card in hand
    RECRUIT WITH Belladonna AT Liars
    TAME                          every free Legion of yours in AnteHell tries (8.3.2)
    BONUS Sulla 1                 1 Soul of Bonus Pay on Lieutenant Sulla

Checked now: names, numbers, that a LEGION Sectio is yours, that a RECRUIT card is a
Recruit Lieutenant card. Checked when the phase runs (and reported, never a crash):
Souls, the spread rule, the 12-Legion cap, cards in hand (you may buy one first),
whose Lieutenant a BONUS names (you may recruit him first).

Warned of now, as things stand (issue 20, the sheet checks at the end of this module,
through the phase's own functions): Legions the spread rule, the cap or another
player's Units would leave unplaced; cards bought into a full hand, thrown away at once
unless a KEEP line keeps them; a RECRUIT with no fitting card in hand, or with nowhere
to put the Lieutenant. Only warned: the Hell Phase before the Summoning Phase may still
change the hand, the Sectio and the Units.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..cards import MINOR, entry_name, held_of, keep_list, keeps_new, matches
from ..errors import OrderError
from ..log import count
from ..names import match
from ..state import LIEUTENANT
from . import TURN, Ctx, Sheet, caution, order, parse_int, sheet_check
from .common import card_id, card_or_kind, sectio_id


def _split_count(rest: str, what: str, rule: str, hi: int) -> tuple[str, int | None]:
    """`<name> [<n>]`: the name and the trailing number, if any."""
    words = rest.split()
    if len(words) > 1 and re.fullmatch(r"[-+]?\d+", words[-1]):  # "-1" is a bad number
        return " ".join(words[:-1]), parse_int(words[-1], what, rule, lo=1, hi=hi)
    return rest.strip(), None


@order("LEGION", stages=(TURN,), rule="HG-8.2-01", example="LEGION Dogs of War 2",
       doc="Summon Legions (3 Souls each) in one of your Sectio; wishes run in sheet order")
def parse_legion(rest: str, ctx: Ctx) -> tuple[str, dict]:
    name, n = _split_count(rest, "the number of Legions", "HG-8.2-01", 12)
    if not name:
        raise OrderError(INVALID, "LEGION needs a Sectio", "HG-8.2-01",
                         "e.g. LEGION Dogs of War 2")
    sid = sectio_id(name, ctx.data, "HG-8.2-01")
    if ctx.state.owners.get(sid) != ctx.player:
        mine = ", ".join(ctx.data.sectio[s].name for s in ctx.state.sectio_of(ctx.player))
        raise OrderError(ILLEGAL, f"{ctx.data.sectio[sid].name} is not your Sectio: Legions "
                         "are placed only in Sectio you control", "HG-8.2-01",
                         f"your Sectio: {mine or 'none'}")
    n = n or 1
    return f"LEGION {ctx.data.sectio[sid].name} {n}", {"sectio": sid, "n": n}


@order("LEGIONS", stages=(TURN,), rule="HG-8.2-03", example="LEGIONS 3",
       doc="Summon n Legions, placed by the spread rule, highest-Souls Sectio first")
def parse_legions(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "LEGIONS needs a number", "HG-8.2-03", "e.g. LEGIONS 3")
    n = parse_int(rest, "the number of Legions", "HG-8.2-03", lo=1, hi=12)
    return f"LEGIONS {n}", {"n": n}


_BUY = re.compile(r"^(\S+)(?:\s+UNTIL\s+(.+?))?(?:\s+KEEP\s+(\S+))?$", re.I)


@order("BUY ARCANA", stages=(TURN,), rule="HG-8.3.3-01",
       example="BUY ARCANA 2 UNTIL Recruit Lieutenant KEEP 4",
       doc="Buy Arcana cards at 5 Souls, one at a time, until holding a card or kind")
def parse_buy_arcana(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _BUY.match(rest.strip())
    if not m:
        raise OrderError(INVALID, "BUY ARCANA needs the number of cards", "HG-8.3.3-01",
                         "e.g. BUY ARCANA 2 UNTIL Recruit Lieutenant KEEP 4")
    n = parse_int(m.group(1), "the number of cards", "HG-8.3.3-01", lo=1, hi=109)
    until = card_or_kind(m.group(2), ctx.data, "HG-8.3.3-01") if m.group(2) else None
    keep = parse_int(m.group(3), "the Souls to keep", "HG-8.3.3-01", lo=0, hi=999) \
        if m.group(3) else 0
    text = f"BUY ARCANA {n}" + (f" UNTIL {entry_name(until, ctx.data)}" if until else "")
    return text + (f" KEEP {keep}" if keep else ""), {"n": n, "until": until, "keep": keep}


_RECRUIT = re.compile(r"^(?:WITH\s+(?P<card>.+?))?\s*(?:\bAT\s+(?P<at>.+))?$", re.I)


@order("RECRUIT", stages=(TURN,), rule="HG-8.3.1-01", example="RECRUIT WITH Belladonna AT Liars",
       doc="Recruit a Lieutenant with a Recruit Lieutenant card; he goes where your Legions are")
def parse_recruit(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _RECRUIT.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"{rest.strip()!r} is not understood", "HG-8.3.1-01",
                         "write RECRUIT [WITH <card>] [AT <sectio>]")
    card = card_id(m["card"], ctx.data, "HG-8.3.1-01") if m["card"] else None
    if card and ctx.data.arcana[card].minor.kind != "recruit-lieutenant":
        info = ctx.data.arcana[card]
        raise OrderError(ILLEGAL, f"{info.name}'s Minor Arcana is "
                         f"{entry_name('minor.' + str(info.minor.kind), ctx.data)}, "
                         "not Recruit Lieutenant", "HG-8.3.1-01",
                         "name a Recruit Lieutenant card, or leave WITH out")
    at = sectio_id(m["at"], ctx.data, "HG-8.3.1-03") if m["at"] else None
    text = "RECRUIT" + (f" WITH {ctx.data.arcana[card].name}" if card else "")
    text += f" AT {ctx.data.sectio[at].name}" if at else ""
    return text, {"card": card, "at": at}


@order("TAME", stages=(TURN,), rule="HG-8.3.2-01", example="TAME", repeatable=False,
       doc="Every Legion of yours in AnteHell that minds no Hellhound tries to tame one")
def parse_tame(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip():
        raise OrderError(INVALID, f"TAME takes nothing after it, not {rest.strip()!r}",
                         "HG-8.3.2-01", "write just TAME")
    return "TAME", {}


@order("BONUS", stages=(TURN,), rule="HG-8.3.4-01", example="BONUS Sulla 1",
       doc="Put Souls of Bonus Pay on one of your Lieutenants until the End Phase")
def parse_bonus(rest: str, ctx: Ctx) -> tuple[str, dict]:
    name, n = _split_count(rest, "the Souls of Bonus Pay", "HG-8.3.4-01", 999)
    if not name or n is None:
        raise OrderError(INVALID, "BONUS needs a Lieutenant and a number of Souls",
                         "HG-8.3.4-01", "e.g. BONUS Sulla 1")
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    lid = match(name, names, "Lieutenant", "HG-8.3.4-01")
    # A Lieutenant still in a box may be recruited first; one serving another player
    # cannot become his in this phase.
    other = [u.owner for u in ctx.state.units if u.kind == LIEUTENANT and u.ref == lid]
    if other and other[0] != ctx.player:
        raise OrderError(ILLEGAL, f"{ctx.data.lieutenants[lid].name} serves {other[0]}",
                         "HG-8.3.4-01", "name one of your own Lieutenants")
    return f"BONUS {ctx.data.lieutenants[lid].name} {n}", {"lieutenant": lid, "n": n}


# -- what can be known when the sheet comes (issue 20) ------------------------------------

@sheet_check("LEGION")
@sheet_check("LEGIONS")
def known_legions(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """The LEGION and LEGIONS lines as the phase would place them now (summoning.
    plan_legions, Souls not counted: the Soul Phase comes first): a warning for Legions
    the spread rule (HG-8.2-03), the 12-Legion cap (HG-8.2-02) or another player's Units
    (HG-8.1-02) would leave unplaced. Only a warning: the Hell Phase may still take a
    Sectio from him, or Units into or out of one."""
    from ..summoning import plan_legions

    plans = sheet.memo.get("legions")
    if plans is None:
        mine = [x for x in sheet.orders if x["type"] in ("LEGION", "LEGIONS")]
        plans = sheet.memo["legions"] = {id(x): plan for x, plan in zip(mine, plan_legions(
            ctx.state, ctx.player, mine, ctx.data, ctx.data.tables["legion_cost_souls"],
            None), strict=True)}
    placed, why, rule = plans[id(o)]
    if not why:
        return None
    left = o["n"] - len(placed)
    fix = {"HG-8.2-03": f"write LEGIONS {o['n']} to place them by the spread rule, or order a "
                        "Legion for each of your other Sectio first",
           "HG-8.2-02": "summon fewer Legions",
           "HG-8.1-02": "place them where no other player's Units stand"}.get(rule, "")
    return caution(f"as things stand, {left} of {count(o['n'], 'Legion')} would not be "
                   f"placed, because {why}", rule, fix)


@sheet_check("BUY ARCANA")
def known_buy(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A warning when the hand is full now (cards.held_of): each card bought is then
    thrown away at once by the hand limit, the newest first (HG-8.3.3-01, HG-6.3-03,
    IP-03), unless it is a "6" card, the card of UNTIL (kept first among the newest, so
    no warning with UNTIL) or named by a KEEP line (cards.keeps_new). Only a warning: he
    may play or give cards away first."""
    if o["until"]:
        return None
    held, limit = held_of(ctx.state, ctx.data, ctx.player)
    hand = ctx.state.players[ctx.player].hand
    if held < limit or keeps_new(keep_list(sheet), None, hand, ctx.data):
        return None
    return caution(f"your hand is full ({held} of {limit} Arcana cards): each card you buy "
                   "is thrown away at once by the hand limit, the newest first, unless it "
                   "is a 6 card or a KEEP line keeps it", "HG-6.3-03",
                   "add a KEEP line naming the cards or Minor kinds you want to keep, e.g. "
                   "KEEP Recruit Lieutenant, Walk the Earth; or buy UNTIL the card you want")


@sheet_check("RECRUIT")
def known_recruit(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A warning when, as things stand, the line would fail in the phase
    (summoning.recruit asks the same functions): no card in hand fits it
    (`recruit_card`; he may still draw or buy one, so no warning when a BUY ARCANA line
    buys UNTIL such a card), or there is no Sectio for the Lieutenant
    (`lieutenant_places`; LEGION lines of the sheet may make one)."""
    from ..summoning import RECRUIT_KIND, lieutenant_places, recruit_card

    st, data = ctx.state, ctx.data
    want = o["card"] or RECRUIT_KIND
    buys = any(b["until"] and (b["until"] == want or (
        not o["card"] and not b["until"].startswith(MINOR)
        and matches(RECRUIT_KIND, b["until"], data))) for b in sheet.of("BUY ARCANA"))
    if recruit_card(st.players[ctx.player].hand, o, data) is None and not buys:
        what = data.arcana[o["card"]].name + " is" if o["card"] else \
            "no Recruit Lieutenant card is"
        return caution(f"{what} in your hand now: you recruit only if you draw, buy or "
                       "are given one before the Summoning Phase", "HG-8.3.1-01",
                       f"buy one first: BUY ARCANA 1 UNTIL {entry_name(want, data)}")
    if not lieutenant_places(st, ctx.player) and not sheet.of("LEGION") \
            and not sheet.of("LEGIONS"):
        return caution("you have no Legion in a Sectio free of other Units, where a new "
                       "Lieutenant goes", "HG-8.3.1-03", "summon a Legion first (LEGION)")
    return None
