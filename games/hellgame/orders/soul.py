"""Soul Phase orders: gifts and trades (IP-08), unpaid Units (IP-09), deserters (IP-10).

    GIVE beast 3 SOULS                               a gift (HG-7.2.1b-02)
    GIVE beast SECTIO Liars                          gives a Sectio (never the last one)
    GIVE beast ARCANA Belladonna                     gives a card from hand
    GIVE beast 4 SOULS IF beast GIVES ARCANA Frenzy  a trade: both or neither
    GIVE beast 2 LEGIONS Liars                       Legions minding no Hellhound, there
    GIVE beast 1 LEGION WITH HOUND AnteHell          a Minder with its Hellhound
    GIVE beast LIEUTENANT Sulla                      a Lieutenant (his Legions stay)
    GIVE beast DAEMON Baal IF beast GIVES DAEMON Caim  a Daemon, with what is under it
    UNPAID AnteHell 2                                if short of Souls, these go unpaid first
    DESERTERS ACCEPT MAX 3 KEEP 5                    take up to 3 deserters, keep 5 Souls
    DESERTERS REFUSE                                 take none (1 Disfavour, HG-16.1-05)
    MACINA Frenzy PAY KEEP 5                         a Macina's maintenance (IP-11, 16.4)
    MACINA Frenzy STOP                               not paid: it stays, does nothing

What a player gives is checked against the state at the start of the turn (his own
Sectio, a card in his hand, his Units where he says they are, his Daemon) and again when
the gift is made (gifts.py). The other side of a trade is checked only for what everyone
may see (his Sectio, Units and Daemons): the other player's hand is secret, so a card he
is asked for only has to exist.

Units and Daemons (HG-7.2.1b-02 "giving any thing but Favours and Disfavours"): the
readings the rules leave open are gifts.py's (its docstring), listed in
docs/orders-hellgame.md. What this parser refuses for good: a Hellhound on its own (it
goes with its Minder Legion: `LEGION WITH HOUND`, or `HELLHOUND <place>` read as that),
anything of another player's, Freebooters and rampaging hounds (nobody's), and the last
non-Incapacitated Daemon or the last Daemon with nothing of the kind in return
(HG-7.2.1b-03). The 12-Legion cap (HG-8.2-02) is a warning here and a refusal in the
Soul Phase: Legions may be lost before it.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from .. import gifts
from ..cards import held_of, keep_list, keeps_new
from ..errors import OrderError
from ..log import count
from ..names import match
from ..state import LEGION, LIEUTENANT
from . import TURN, Ctx, Sheet, caution, order, parse_int, sheet_check
from .common import card_id, listed, place_id, place_name, player_name, sectio_id

GIFT_RULE = "HG-7.2.1b-02"
GIVE_EXAMPLE = "GIVE beast 3 SOULS IF beast GIVES SECTIO Liars"

_SOULS = re.compile(r"^(\d+)\s+SOULS?$", re.I)
_FAVOURS = re.compile(r"^(\d+\s+)?(DIS)?FAVOU?RS?$", re.I)
_LEGIONS = re.compile(r"^(?:([-+]?\d+)\s+)?LEGIONS?(\s+WITH\s+(?:HELL)?HOUNDS?)?(?:\s+(.*))?$",
                      re.I)
_HOUNDS = re.compile(r"^(?:([-+]?\d+)\s+)?(?:HELL)?HOUNDS?(?:\s+(.*))?$", re.I)
_NAMED = re.compile(r"^(LIEUTENANT|DAEMON)S?(?:\s+(.*))?$", re.I)
UNITS_EXAMPLE = "GIVE beast 2 LEGIONS Liars"


def _count(text: str | None) -> int:
    return 1 if text is None else parse_int(text, "the number of Legions", GIFT_RULE,
                                            lo=1, hi=12)


def _legions(n: str | None, hounds: bool, place: str | None, ctx: Ctx, owner: str) -> dict:
    """`[n] LEGION[S] [WITH HOUND] <place>`: n of the owner's Legions there, minding no
    Hellhound, or Minders with their hounds (gifts.py G-2)."""
    if not (place or "").strip():
        raise OrderError(INVALID, "say where the Legions are", GIFT_RULE,
                         "e.g. " + UNITS_EXAMPLE + " or GIVE beast 1 LEGION WITH HOUND "
                         "AnteHell")
    what = {"kind": "legions", "n": _count(n), "at": place_id(place, ctx.data, GIFT_RULE),
            "hounds": hounds}
    have = len(gifts.legions_for(ctx.state, owner, what))
    if have < what["n"]:
        who = "you have" if owner == ctx.player else f"{owner} has"
        which = "minding a Hellhound" if hounds else "minding no Hellhound"
        hint = ("a tamed Hellhound is given only with its Minder: write LEGION WITH HOUND"
                if not hounds and any(gifts.minds(ctx.state, u) for u in ctx.state.units_of(
                    owner, LEGION) if u.location == what["at"])
                else "name a place and a number of Legions that are there")
        raise OrderError(ILLEGAL, f"{who} {count(have, 'Legion')} {which} in "
                         f"{place_name(what['at'], ctx.data)}", GIFT_RULE, hint)
    return what


def _lieutenant(text: str, ctx: Ctx, owner: str) -> dict:
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    lid = match(text, names, "Lieutenant", GIFT_RULE)
    u = gifts.lieutenant_unit(ctx.state, lid)
    if u is None or u.owner != owner:
        who = "you" if owner == ctx.player else owner
        raise OrderError(ILLEGAL, f"Lieutenant {ctx.data.lieutenants[lid].name} does not "
                         f"serve {who}", GIFT_RULE, "name a Lieutenant on the map who does")
    return {"kind": "lieutenant", "id": lid}


def _daemon(text: str, ctx: Ctx, owner: str) -> dict:
    names = {did: [d.name] for did, d in sorted(ctx.data.daemons.items())}
    did = match(text, names, "Daemon", GIFT_RULE)
    d = ctx.state.daemons.get(did)
    if d is None or d.owner != owner:
        who = "yours" if owner == ctx.player else f"{owner}'s"
        raise OrderError(ILLEGAL, f"{ctx.data.daemons[did].name} is not {who}", GIFT_RULE,
                         "name a Daemon in play that is")
    return {"kind": "daemon", "id": did}


def parse_thing(text: str, ctx: Ctx, owner: str) -> dict:
    """`<n> SOULS` | `SECTIO <name>` | `ARCANA <name>` | `[n] LEGION[S] [WITH HOUND]
    <place>` | `[n] HELLHOUND[S] <place>` (read as Legions WITH HOUND) | `LIEUTENANT
    <name>` | `DAEMON <name>`, to be given by `owner`."""
    text = text.strip()
    if _FAVOURS.match(text):
        raise OrderError(ILLEGAL, f"{text!r}: Favours and Disfavours can never be given",
                         GIFT_RULE, "give Souls, a Sectio, an Arcana card, Units or a Daemon "
                         "instead")
    if m := _SOULS.match(text):
        return {"kind": "souls", "n": parse_int(m.group(1), "the number of Souls", GIFT_RULE,
                                                lo=1)}
    if m := _LEGIONS.match(text):
        return _legions(m.group(1), bool(m.group(2)), m.group(3), ctx, owner)
    if m := _HOUNDS.match(text):  # gifts.py G-2: a hound goes only with its Minder
        return _legions(m.group(1), True, m.group(2), ctx, owner)
    if m := _NAMED.match(text):
        if not (m.group(2) or "").strip():
            raise OrderError(INVALID, f"name the {m.group(1).title()}", GIFT_RULE,
                             "e.g. GIVE beast DAEMON Baal")
        if m.group(1).upper() == "LIEUTENANT":
            return _lieutenant(m.group(2), ctx, owner)
        return _daemon(m.group(2), ctx, owner)
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
                     "write <n> SOULS, SECTIO <name>, ARCANA <card>, <n> LEGIONS <place>, "
                     "LIEUTENANT <name> or DAEMON <name>, e.g. " + GIVE_EXAMPLE)


def format_thing(what: dict, ctx: Ctx) -> str:
    kind = what["kind"]
    if kind == "souls":
        return f"{what['n']} SOULS"
    if kind == "sectio":
        return f"SECTIO {ctx.data.sectio[what['id']].name}"
    if kind == "legions":
        return (f"{what['n']} LEGION{'S' if what['n'] > 1 else ''}"
                f"{' WITH HOUND' if what['hounds'] else ''} "
                f"{place_name(what['at'], ctx.data)}")
    if kind == "lieutenant":
        return f"LIEUTENANT {ctx.data.lieutenants[what['id']].name}"
    if kind == "daemon":
        return f"DAEMON {ctx.data.daemons[what['id']].name}"
    return f"ARCANA {ctx.data.arcana[what['id']].name}"


@order("GIVE", stages=(TURN,), rule=GIFT_RULE, example=GIVE_EXAMPLE,
       doc="Soul Phase gift of Souls, a Sectio, a card, Units or a Daemon; with IF ... GIVES, "
           "a trade")
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
    if what["kind"] == "daemon":
        back = [condition["what"]["id"]] if condition and \
            condition["what"]["kind"] == "daemon" else []
        why = gifts.daemon_floor(ctx.state, ctx.player, [what["id"]], back)
        if why:
            raise OrderError(ILLEGAL, f"you may not give away "
                             f"{ctx.data.daemons[what['id']].name}: {why.replace('him', 'you')}"
                             " (15.1 would follow)", gifts.LAST_RULE,
                             "keep a non-Incapacitated Daemon (a swap for another Daemon is "
                             "allowed)")
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
    warning naming the KEEP line that avoids it: he may still play cards first.

    And a gift or trade of Legions that would take the receiver over 12 Legions as things
    stand (HG-8.2-02, gifts.py G-4): refused in the Soul Phase unless he has lost some by
    then (the Hell Phase comes first), so a warning."""
    return _over_cap(o, ctx) or _hand_full(o, ctx, sheet)


def _over_cap(o: dict, ctx: Ctx) -> str | None:
    parts = [(ctx.player, o)]
    if o["if"] is not None:
        parts.append((o["to"], {"to": ctx.player, "what": o["if"]["what"]}))
    cap = ctx.data.tables["legion_cap"]
    for _, q in parts:
        if q["what"]["kind"] != "legions":
            continue
        to = q["to"]
        after = len(ctx.state.units_of(to, LEGION)) + gifts.legions_moved(parts, to)
        if after > cap:
            who = "you" if to == ctx.player else to
            return caution(f"{who} would have {after} Legions, over the cap of {cap}: the "
                           "Soul Phase refuses the gift unless some are lost first",
                           gifts.CAP_RULE, "give fewer Legions")
    return None


def _hand_full(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
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


MACINA = "MACINA"
MACINA_EXAMPLE = "MACINA Frenzy PAY KEEP 5"
_MACINA = re.compile(r"^(.+?)\s+(PAY(?:\s+KEEP\s+(\S+))?|STOP)$", re.I)


@order(MACINA, stages=(TURN,), rule="IP-11", example=MACINA_EXAMPLE,
       doc="Soul Phase: pay a Macina's maintenance (PAY, or PAY KEEP <souls>: only if "
           "that many Souls are left) or not (STOP: it stays and does nothing)")
def parse_macina(rest: str, ctx: Ctx) -> tuple[str, dict]:
    """`MACINA <card> PAY [KEEP <n>]` | `MACINA <card> STOP` (HG-16.4-02/03, IP-11)."""
    m = _MACINA.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"{rest.strip()!r} is not understood", "IP-11",
                         "write MACINA <card> PAY, MACINA <card> PAY KEEP <souls> or "
                         "MACINA <card> STOP, e.g. " + MACINA_EXAMPLE)
    cid = card_id(m.group(1), ctx.data, "HG-16.4-02")
    card = ctx.data.arcana[cid]
    if not card.flags.macina:
        raise OrderError(ILLEGAL, f"{card.name} is not a Macina: it has no maintenance",
                         "HG-16.4-01", "name a Macina card")
    if m.group(2).upper() == "STOP":
        return f"{MACINA} {card.name} STOP", {"card": cid, "pay": False, "keep": 0}
    keep = parse_int(m.group(3), "the Souls to keep", "IP-11", lo=0, hi=999) \
        if m.group(3) else 0
    return f"{MACINA} {card.name} PAY" + (f" KEEP {keep}" if keep else ""), \
        {"card": cid, "pay": True, "keep": keep}


@sheet_check(MACINA)
def known_macina(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A warning when the Macina is not in front of the player now: the line acts from
    the first Soul Phase it stands there (he may hold it, to play it this turn)."""
    m = ctx.state.macinas.get(o["card"])
    if m and m["owner"] == ctx.player:
        return None
    name = ctx.data.arcana[o["card"]].name
    return caution(f"{name} is not in front of you now: this line does nothing until it "
                   "is (a Macina played this turn is first maintained in the next Soul "
                   "Phase)", "HG-16.4-02", "keep it for when you have played it")
