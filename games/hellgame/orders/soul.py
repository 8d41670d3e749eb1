"""Soul Phase orders: gifts and trades (IP-08), unpaid Units (IP-09), deserters (IP-10).

    GIVE beast 3 SOULS                               a gift (HG-7.2.1b-02)
    GIVE beast SECTIO Liars                          gives a Sectio (never the last one)
    GIVE beast ARCANA Belladonna                     gives a card from hand
    GIVE beast 4 SOULS IF beast GIVES ARCANA Frenzy  a trade: both or neither
    UNPAID AnteHell 2                                if short of Souls, these go unpaid first
    DESERTERS ACCEPT MAX 3 KEEP 5                    take up to 3 deserters, keep 5 Souls
    DESERTERS REFUSE                                 take none (1 Disfavour, HG-16.1-05)

What a player gives is checked against the state at the start of the turn (his own
Sectio, a card in his hand) and again when the gift is made (gifts.py). The other
side of a trade is checked only for what everyone may see: the other player's hand is
secret, so a card he is asked for only has to exist.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..cards import held_of, keep_list, keeps_new
from ..errors import OrderError
from ..state import LEGION, LIEUTENANT
from . import TURN, Ctx, Sheet, caution, order, parse_int, sheet_check
from .common import card_id, listed, place_id, place_name, player_name, sectio_id

GIFT_RULE = "HG-7.2.1b-02"
GIVE_EXAMPLE = "GIVE beast 3 SOULS IF beast GIVES SECTIO Liars"

_SOULS = re.compile(r"^(\d+)\s+SOULS?$", re.I)
_FAVOURS = re.compile(r"^(\d+\s+)?(DIS)?FAVOU?RS?$", re.I)
_UNITS = re.compile(r"^(\d+\s+)?(LEGIONS?|LIEUTENANTS?|HELLHOUNDS?|HOUNDS?|DAEMONS?)\b", re.I)


def parse_thing(text: str, ctx: Ctx, owner: str) -> dict:
    """`<n> SOULS` | `SECTIO <name>` | `ARCANA <name>`, to be given by `owner`."""
    text = text.strip()
    if _FAVOURS.match(text):
        raise OrderError(ILLEGAL, f"{text!r}: Favours and Disfavours can never be given",
                         GIFT_RULE, "give Souls, a Sectio or an Arcana card instead")
    if _UNITS.match(text):
        raise OrderError(ILLEGAL, f"{text!r}: giving Units or Daemons is not supported yet",
                         GIFT_RULE, "give Souls, a Sectio or an Arcana card")
    if m := _SOULS.match(text):
        return {"kind": "souls", "n": parse_int(m.group(1), "the number of Souls", GIFT_RULE,
                                                lo=1)}
    word, _, rest = text.partition(" ")
    state, data = ctx.state, ctx.data
    if word.upper() == "SECTIO":
        sid = sectio_id(rest, data, GIFT_RULE)
        if state.owners.get(sid) != owner:
            raise OrderError(ILLEGAL, f"{data.sectio[sid].name} is not {owner}'s Sectio",
                             GIFT_RULE, f"{owner}'s Sectio: " + (", ".join(
                                 data.sectio[s].name for s in state.sectio_of(owner)) or "none"))
        return {"kind": "sectio", "id": sid}
    if word.upper() == "ARCANA":
        cid = card_id(rest, data, GIFT_RULE)
        if owner == ctx.player and cid not in state.players[owner].hand:
            raise OrderError(ILLEGAL, f"you do not hold {data.arcana[cid].name}", GIFT_RULE,
                             "give a card from your hand")
        return {"kind": "arcana", "id": cid}
    raise OrderError(INVALID, f"{text!r} is not something to give", GIFT_RULE,
                     "write <n> SOULS, SECTIO <name> or ARCANA <card>, e.g. " + GIVE_EXAMPLE)


def format_thing(what: dict, ctx: Ctx) -> str:
    if what["kind"] == "souls":
        return f"{what['n']} SOULS"
    if what["kind"] == "sectio":
        return f"SECTIO {ctx.data.sectio[what['id']].name}"
    return f"ARCANA {ctx.data.arcana[what['id']].name}"


@order("GIVE", stages=(TURN,), rule=GIFT_RULE, example=GIVE_EXAMPLE,
       doc="Soul Phase gift of Souls, a Sectio or a card; with IF ... GIVES, a trade")
def parse_give(rest: str, ctx: Ctx) -> tuple[str, dict]:
    parts = re.split(r"\s+IF\s+", rest, maxsplit=1, flags=re.I)
    main, cond = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")
    who, _, thing = main.partition(" ")
    if not who or not thing:
        raise OrderError(INVALID, "GIVE needs a player and what to give", GIFT_RULE,
                         "e.g. " + GIVE_EXAMPLE)
    to = player_name(who, ctx, GIFT_RULE)
    what = parse_thing(thing, ctx, ctx.player)
    condition = None
    if cond:
        m = re.match(r"^(\S+)\s+GIVES\s+(.+)$", cond, re.I)
        if not m:
            raise OrderError(INVALID, f"{cond!r} is not a trade condition", GIFT_RULE,
                             f"write IF {to} GIVES <what>, e.g. " + GIVE_EXAMPLE)
        if player_name(m.group(1), ctx, GIFT_RULE) != to:
            raise OrderError(ILLEGAL, "a trade condition must name the player you give to",
                             GIFT_RULE, f"write IF {to} GIVES ...")
        condition = {"player": to, "what": parse_thing(m.group(2), ctx, to)}
    if what["kind"] == "sectio" and len(ctx.state.sectio_of(ctx.player)) == 1 and not (
            condition and condition["what"]["kind"] == "sectio"):
        raise OrderError(ILLEGAL, "you may not give away your last Sectio", "HG-7.2.1b-03",
                         "keep at least one Sectio (a swap for another Sectio is allowed)")
    text = f"GIVE {to} {format_thing(what, ctx)}"
    if condition:
        text += f" IF {to} GIVES {format_thing(condition['what'], ctx)}"
    return text, {"to": to, "what": what, "if": condition}


@sheet_check("GIVE")
def known_give(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A trade that brings him an Arcana card for something that is not one (`IF <player>
    GIVES ARCANA <card>`), when his hand is full now (cards.held_of): the card is thrown
    away at once by the hand limit, the newest first (HG-6.3-03, IP-03), unless it is a
    "6" card or a KEEP line names it (cards.keeps_new, as gifts.py enforces it). A
    warning naming the KEEP line that avoids it: he may still play cards first."""
    cond = o["if"]
    if cond is None or cond["what"]["kind"] != "arcana" or o["what"]["kind"] == "arcana":
        return None
    card = cond["what"]["id"]
    held, limit = held_of(ctx.state, ctx.data, ctx.player)
    hand = ctx.state.players[ctx.player].hand
    if held < limit or keeps_new(keep_list(sheet), card, hand, ctx.data):
        return None
    name = ctx.data.arcana[card].name
    return caution(f"your hand is full ({held} of {limit} Arcana cards): {name}, the card "
                   "you trade for, would be thrown away at once by the hand limit (the "
                   "newest card goes first) unless a KEEP line keeps it", "HG-6.3-03",
                   f"add the line KEEP {name}")


@order("UNPAID", stages=(TURN,), rule="HG-16.1-01", example="UNPAID AnteHell 2",
       doc="If short of Souls for upkeep, the Units in this place go unpaid first")
def parse_unpaid(rest: str, ctx: Ctx) -> tuple[str, dict]:
    words = rest.split()
    if not words:
        raise OrderError(INVALID, "UNPAID needs a Sectio or AnteHell", "HG-16.1-01",
                         "e.g. UNPAID AnteHell 2")
    n = None
    if len(words) > 1 and re.fullmatch(r"[-+]?\d+", words[-1]):  # "-1" is a bad number
        n = parse_int(words.pop(), "the number of Units", "HG-16.1-01", lo=1, hi=24)
    where = place_id(" ".join(words), ctx.data, "HG-16.1-01")
    if not any(u.owner == ctx.player and u.kind in (LEGION, LIEUTENANT)
               for u in ctx.state.units_at(where)):
        raise OrderError(ILLEGAL, f"you have no Legion or Lieutenant in "
                         f"{place_name(where, ctx.data)}", "HG-16.1-01",
                         "name a place where you have Units")
    name = place_name(where, ctx.data)
    return f"UNPAID {name}" + (f" {n}" if n else ""), {"where": where, "n": n}


@order("DESERTERS", stages=(TURN,), rule="HG-16.1-02", example="DESERTERS ACCEPT MAX 3 KEEP 5",
       repeatable=False,
       doc="Take deserters offered to you (1 Soul each) or refuse them (1 Disfavour)")
def parse_deserters(rest: str, ctx: Ctx) -> tuple[str, dict]:
    words = rest.upper().split()
    if words == ["REFUSE"]:
        return "DESERTERS REFUSE", {"accept": False, "max": None, "keep": 0}
    if not words or words[0] != "ACCEPT" or len(words) % 2 == 0:
        raise OrderError(INVALID, f"{rest.strip()!r} is not understood", "HG-16.1-02",
                         "write DESERTERS ACCEPT [MAX <n>] [KEEP <souls>] or DESERTERS REFUSE")
    limits = {"MAX": None, "KEEP": 0}
    for key, value in zip(words[1::2], words[2::2], strict=True):
        if key not in limits:
            raise OrderError(INVALID, f"{key!r} is not MAX or KEEP", "HG-16.1-02",
                             "e.g. DESERTERS ACCEPT MAX 3 KEEP 5")
        limits[key] = parse_int(value, f"the {key} number", "HG-16.1-02", lo=0, hi=999)
    text = "DESERTERS ACCEPT" + (f" MAX {limits['MAX']}" if limits["MAX"] is not None else "")
    text += f" KEEP {limits['KEEP']}" if limits["KEEP"] else ""
    return text, {"accept": True, "max": limits["MAX"], "keep": limits["KEEP"]}


CRUSADE_JOIN = "CRUSADE JOIN"


@order(CRUSADE_JOIN, stages=(TURN,), rule="IP-12",
       example="CRUSADE JOIN Baal",
       doc="While Crusade is in play: these Daemons of yours, if on Earth in the Soul "
           "Phase, join it and draw 3 Arcana instead of Souls and Favour")
def parse_crusade(rest: str, ctx: Ctx) -> tuple[str, dict]:
    from ..action.simple import daemon_of

    names = listed(rest, CRUSADE_JOIN, "of your Daemons", "IP-12", "CRUSADE JOIN Baal")
    ids = list(dict.fromkeys(daemon_of(n, ctx, "IP-12") for n in names))
    return CRUSADE_JOIN + " " + ", ".join(ctx.data.daemons[d].name for d in ids), \
        {"daemons": ids}
