"""Standing orders for what another Combat card asks of you (chapter 11; issue 22).

    COMBAT PAY NEVER                                  refuse every per-hit payment (IP-42)
    COMBAT PAY Blood Money WHILE SOULS >= 6           pay only while you hold 6 Souls or more
    COMBAT PAY The Thin Dead Line WHILE SOULS >= 1 FOR LIEUTENANTS, MINDERS
    REINFORCEMENTS ALLOW boris                        boris's Reinforcements may bring in
                                                      one of your Lieutenants
    REINFORCEMENTS ALLOW ANYONE ONLY Sulla            ... only Sulla, for any player

COMBAT PAY is the payer's decision of IP-42 ("pay per hit or not, as hits occur";
rules-checklist §3), for the two cards that charge per hit: Blood Money (2 Souls for
each hit a Legion of yours scores against its caster's side, or the Legion disbands)
and The Thin Dead Line (1 Soul to cancel a hit on one of your Units, yours as its
caster). The first COMBAT PAY line that names the card, or names none, decides; a hit
is paid only while you hold at least the Souls the line says (and the price), and,
with FOR, only for those kinds of Unit: for Blood Money the kind of the Legion that
scored (LEGIONS or MINDERS), for The Thin Dead Line the kind of the Unit hit. Without a
line you pay while you can (the IP-42 default). The cards' effects are in
combat/cards_dice.py.

REINFORCEMENTS ALLOW is the permission Reinforcements' text asks of "another
Triumvirate" (003 l.2072: "a Lieutenant, his own or of a Triumvirate that permits it"):
given by the Lieutenant's owner, for the players named (or ANYONE) and, with ONLY, for
those Lieutenants; it holds whenever the card is played this turn. Without it no
Lieutenant of yours is brought in by another player's card (the default: no
permission, as IP-48 for consent to an ally's petition). The card is in
combat/cards_units.py.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..errors import OrderError
from ..names import match
from . import TURN, Ctx, Sheet, caution, order, sheet_check
from .common import card_id, player_name

PAY = "COMBAT PAY"
PAY_RULE = "IP-42"
ALLOW = "REINFORCEMENTS ALLOW"
ALLOW_RULE = "HG-11.2.1-01"
#: The cards that charge per hit (IP-42) -> the kinds of Unit a FOR part may name.
PER_HIT = {"arcana.blood-money": ("LEGIONS", "MINDERS"),
           "arcana.the-thin-dead-line": ("LEGIONS", "HOUNDS", "MINDERS", "LIEUTENANTS")}
PAY_HINT = ("e.g. COMBAT PAY NEVER, COMBAT PAY Blood Money WHILE SOULS >= 6, or COMBAT PAY "
            "The Thin Dead Line WHILE SOULS >= 1 FOR LIEUTENANTS")
_PAY = re.compile(r"^(?:(?P<card>.+?)\s+)?(?:(?P<never>NEVER)|WHILE\s+SOULS\s*>=\s*"
                  r"(?P<n>\d+)(?:\s+FOR\s+(?P<kinds>.+))?)$", re.I)


@order(PAY, stages=(TURN,), rule=PAY_RULE, example="COMBAT PAY Blood Money WHILE SOULS >= 6",
       doc="When a card makes you pay per hit (Blood Money, The Thin Dead Line): NEVER pay, "
           "or pay only WHILE SOULS >= n (FOR these kinds of Unit); the first line naming "
           "the card, or none, decides; default: pay while you can")
def parse_pay(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _PAY.match(rest.strip())
    if not m:
        raise OrderError(INVALID, f"COMBAT PAY {rest.strip()!r} is not understood", PAY_RULE,
                         PAY_HINT)
    card = None
    if m["card"]:
        card = card_id(m["card"], ctx.data, PAY_RULE)
        if card not in PER_HIT:
            names = " and ".join(ctx.data.arcana[c].name for c in PER_HIT)
            raise OrderError(ILLEGAL, f"{ctx.data.arcana[card].name} asks no payment per "
                             "hit", PAY_RULE, f"the cards that do: {names}")
    allowed = PER_HIT.get(card) or tuple(dict.fromkeys(k for ks in PER_HIT.values()
                                                       for k in ks))
    kinds = [k.strip().upper() for k in (m["kinds"] or "").split(",") if k.strip()]
    bad = [k for k in kinds if k not in allowed]
    if bad:
        raise OrderError(INVALID, f"COMBAT PAY ... FOR {', '.join(bad)}: not a kind of Unit "
                         + (f"{ctx.data.arcana[card].name} charges for" if card else "here"),
                         PAY_RULE, "name " + ", ".join(allowed))
    n = None if m["never"] else int(m["n"])
    text = "COMBAT PAY" + (f" {ctx.data.arcana[card].name}" if card else "") + (
        " NEVER" if n is None else f" WHILE SOULS >= {n}") + (
        " FOR " + ", ".join(kinds) if kinds else "")
    return text, {"card": card, "never": n is None, "souls": n or 0, "kinds": kinds}


def pay_line(orders: list[dict], card: str) -> dict | None:
    """The COMBAT PAY order that decides for `card`: the first naming it or none."""
    return next((o for o in orders if o["card"] in (None, card)), None)


def pays(o: dict | None, souls: int, price: int, kind: str) -> bool:
    """IP-42: does a player holding `souls` pay `price` for one hit of a `kind` Unit
    under his COMBAT PAY order `o` (None: the default, pay while he can)?"""
    if souls < price:
        return False
    if o is None:
        return True
    return not o["never"] and souls >= o["souls"] and (not o["kinds"] or kind in o["kinds"])


_ALLOW = re.compile(r"^(?P<who>.+?)(?:\s+ONLY\s+(?P<lts>.+))?$", re.I)
ALLOW_HINT = "e.g. REINFORCEMENTS ALLOW boris, or REINFORCEMENTS ALLOW ANYONE ONLY Sulla"


@order(ALLOW, stages=(TURN,), rule=ALLOW_RULE, example="REINFORCEMENTS ALLOW key ONLY Sulla",
       doc="Your permission for Reinforcements: these players (or ANYONE) may bring one of "
           "your Lieutenants (ONLY these) with his Legions into their combat; default: no "
           "permission")
def parse_allow(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _ALLOW.match(rest.strip())
    if not m or not rest.strip():
        raise OrderError(INVALID, f"REINFORCEMENTS ALLOW {rest.strip()!r} is not understood",
                         ALLOW_RULE, ALLOW_HINT)
    parts = [p.strip() for p in m["who"].split(",") if p.strip()]
    anyone = [p.upper() for p in parts] == ["ANYONE"]
    who = [] if anyone else list(dict.fromkeys(player_name(p, ctx, ALLOW_RULE) for p in parts))
    names = {k: [v.name] for k, v in sorted(ctx.data.lieutenants.items())}
    lts = list(dict.fromkeys(match(p, names, "Lieutenant", ALLOW_RULE)
                             for p in (m["lts"] or "").split(",") if p.strip()))
    text = f"{ALLOW} " + ("ANYONE" if anyone else ", ".join(who)) + (
        " ONLY " + ", ".join(ctx.data.lieutenants[x].name for x in lts) if lts else "")
    return text, {"players": who, "lieutenants": lts}


@sheet_check(ALLOW)
def known_allow(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """A Lieutenant named after ONLY that is not the player's now: a warning (he may
    recruit him, or win him by Influence, before the Combat Phase)."""
    mine = {u.ref for u in ctx.state.units_of(ctx.player)}
    other = [ctx.data.lieutenants[x].name for x in o["lieutenants"] if x not in mine]
    if not other:
        return None
    return caution(f"{', '.join(other)} {'is' if len(other) == 1 else 'are'} not your "
                   "Lieutenant now: the permission counts only for a Lieutenant of yours",
                   ALLOW_RULE, "name your own Lieutenants after ONLY")


def allows(orders: list[dict], caster: str, lieutenant_ref: str) -> bool:
    """Does one of a player's REINFORCEMENTS ALLOW orders let `caster` bring in his
    Lieutenant `lieutenant_ref`?"""
    return any((not o["players"] or caster in o["players"])
               and (not o["lieutenants"] or lieutenant_ref in o["lieutenants"])
               for o in orders)
