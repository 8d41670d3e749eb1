"""Orders: a combat round's own lines (see docs/orders-lords-of-hell.md). The fight's
standing orders (ATTACK, RETREAT, PURSUE, REROLL, CASUALTIES, JUGGERNAUT TARGET) are in
combat_fight.py.

    TARGET Glasya                  intentions: the army heads for Glasya's army (PB-17)
    NO MOVE                        the army stays at its home realm (the default)
    OTHER MOVE TO Styx, Acheron    the army leaves home; unmet, it claims the first of
                                   these realms still free (PB-18, G16); without TO it
                                   claims nothing
    CAPTURE AGREE Baalzebub TO Belial   who captures a knocked-out Devil (PB-27); every
                                   army at the place must write the same line
    OCCUPY Dis                     combat transfers: take a realm emptied in your fight
                                   as your new home (PB-30)
    SWAP REALM Belial              swap home realms with an army of your fight; both write it
    OBJECT OCCUPY Belial, Glasya   object to these armies (or ALL) occupying or swapping a
                                   realm at your fight's place: they do not (LH-IV.2.4-02)
    FIGHT IF OBJECTED              your OCCUPY or SWAP REALM objected: your army attacks the
                                   objectors and the fight goes on over it (PB-30)
    SP TO Belial                   who gets the combat's support point (PB-31), matched
    COMBAT DEAL asmodeus GIVES Prisoner glasya TO belial   combat transfers of hordes,
                                   Souls, artifacts and prisoners (combat_deal.py)

Devils are named by their Devil's name or their player's name. The intention lines
(TARGET, NO MOVE, OTHER MOVE): the last one on the sheet counts.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match

from ..datamodel import HPOH
from . import Ctx, order

INTENT_RULE = "LH-IV.2.1-02"
ASMODEUS = "devil.asmodeus"


def devil_arg(text: str, ctx: Ctx, rule: str, what: str = "Devil") -> str:
    """A player named by his Devil's or his own name."""
    names = {n: [ctx.data.devils[p.devil].name, n] for n, p in ctx.state.players.items()}
    return match(text, names, what, rule)


def devil_list(text: str, ctx: Ctx, rule: str, hint: str) -> list[str]:
    out: list[str] = []
    for part in text.split(","):
        if not part.strip():
            raise OrderError(INVALID, "an empty name in the list", rule, hint)
        who = devil_arg(part, ctx, rule)
        if who == ctx.player:
            raise OrderError(ILLEGAL, f"{part.strip()!r} is your own Devil", rule,
                             "name other Devils only")
        if who not in out:
            out.append(who)
    return out


def dname(ctx: Ctx, name: str) -> str:
    return ctx.data.devils[ctx.state.players[name].devil].name


def realm_arg(text: str, ctx: Ctx, rule: str) -> str:
    names = {r: [ctx.data.realms[r].name] + (["HPoH"] if r == HPOH else [])
             for r in ctx.state.realms}
    return match(text, names, "realm in play", rule)


def _leaderless(ctx: Ctx) -> bool:
    """The player's army has no leader (LH-IV.1.1-05)."""
    me = ctx.me
    return me.status != "hell" and not any(
        ctx.state.cards[i] == "horde.fallen-angels" for i in me.hordes)


def _has_army(ctx: Ctx, name: str) -> bool:
    p = ctx.state.players[name]
    return bool(p.hordes or p.souls or p.status == "hell")


@order("TARGET", phases=("combat",), rule=INTENT_RULE, example="TARGET Glasya",
       repeatable=False,
       doc="Intentions: your army heads for this Devil's army this combat round; a target "
           "with no army, or one a leaderless army may not choose, counts as NO MOVE")
def parse_target(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "TARGET needs a Devil", INTENT_RULE, "e.g. TARGET Glasya")
    who = devil_arg(rest, ctx, INTENT_RULE)
    if who == ctx.player:
        raise OrderError(ILLEGAL, "your own Devil is no target: staying home is NO MOVE",
                         INTENT_RULE, "write NO MOVE")
    if not _has_army(ctx, who):
        raise OrderError(ILLEGAL, f"{dname(ctx, who)} has no army to target", "LH-IV.2.1-03",
                         "target a Devil with hordes, Souls or the Devil in Hell")
    if _leaderless(ctx):
        me = ctx.me
        if ctx.state.players[who].devil == ASMODEUS:
            raise OrderError(ILLEGAL, "a leaderless army cannot choose Asmodeus as its target "
                             "(his ability)", "LH-IV.1.1-05", "write NO MOVE")
        if me.status != "prisoner" or me.captor != who:
            raise OrderError(ILLEGAL, "your army has no leader (your Devil is not in Hell and "
                             "it has no Fallen Angels): it may only stay home or go to the "
                             "Devil holding yours prisoner", "LH-IV.2.1-04", "write NO MOVE")
    return f"TARGET {dname(ctx, who)}", {"target": who}


@order("NO MOVE", phases=("combat",), rule=INTENT_RULE, example="NO MOVE", repeatable=False,
       doc="Intentions: your army stays at its home realm (the default); it may finish "
           "rituals at the end of the round")
def parse_no_move(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip():
        raise OrderError(INVALID, f"NO MOVE takes nothing after it, not {rest.strip()!r}",
                         INTENT_RULE, "write NO MOVE")
    return "NO MOVE", {}


@order("OTHER MOVE", phases=("combat",), rule="LH-IV.2.2-02",
       example="OTHER MOVE TO Styx, High Palace of Hell", repeatable=False,
       doc="Intentions: your army leaves home; if no army meets it, it claims the first "
           "listed realm that is free as its new home (armies choosing the same realm meet "
           "there); without TO it claims nothing")
def parse_other_move(rest: str, ctx: Ctx) -> tuple[str, dict]:
    text = rest.strip()
    if _leaderless(ctx):
        raise OrderError(ILLEGAL, "your army has no leader (your Devil is not in Hell and it "
                         "has no Fallen Angels): it may only stay home or go to the Devil "
                         "holding yours prisoner", "LH-IV.2.1-04", "write NO MOVE")
    if not text:
        return "OTHER MOVE", {"realms": []}
    m = re.match(r"^TO(?:\s+(?P<list>.*))?$", text, re.I)
    if not m:
        raise OrderError(INVALID, f"OTHER MOVE {text!r} is not understood", "LH-IV.2.2-02",
                         "write OTHER MOVE, or OTHER MOVE TO <realm>[, <realm>...]")
    realms: list[str] = []
    for part in (m["list"] or "").split(","):
        if not part.strip():
            raise OrderError(INVALID, "OTHER MOVE TO needs realm names", "LH-IV.2.2-02",
                             "e.g. OTHER MOVE TO Styx, Acheron")
        rid = realm_arg(part, ctx, "LH-IV.2.2-02")
        if rid not in realms:
            realms.append(rid)
    names = ", ".join(ctx.data.realms[r].name for r in realms)
    return f"OTHER MOVE TO {names}", {"realms": realms}


@order("CAPTURE AGREE", phases=("combat",), rule="LH-IV.2.3-02",
       example="CAPTURE AGREE Baalzebub TO Belial",
       doc="Who captures a knocked-out Devil (or a prisoner of an emptied realm) at your "
           "fight's place: done only when every army there writes the same line; TO NOBODY "
           "frees him; default: the dominant army")
def parse_capture(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = re.match(r"^(?P<who>.+?)\s+TO\s+(?P<to>.+)$", rest.strip(), re.I)
    if not m:
        raise OrderError(INVALID, f"CAPTURE AGREE {rest.strip()!r} is not understood",
                         "LH-IV.2.3-02", "write CAPTURE AGREE <knocked-out Devil> TO <Devil>")
    prisoner = devil_arg(m["who"], ctx, "LH-IV.2.3-02")
    if m["to"].strip().upper() == "NOBODY":
        return f"CAPTURE AGREE {dname(ctx, prisoner)} TO NOBODY", {"prisoner": prisoner,
                                                                     "to": None}
    to = devil_arg(m["to"], ctx, "LH-IV.2.3-02")
    if to == prisoner:
        raise OrderError(ILLEGAL, "a Devil cannot be his own captor", "LH-IV.2.3-02",
                         "name the army that takes him, or NOBODY")
    return (f"CAPTURE AGREE {dname(ctx, prisoner)} TO {dname(ctx, to)}",
            {"prisoner": prisoner, "to": to})


@order("OCCUPY", phases=("combat",), rule="LH-IV.2.4-02", example="OCCUPY Dis",
       doc="Combat transfers: your army takes a realm emptied in its own fight this round as "
           "its new home; your old home goes to the centre uncontrolled")
def parse_occupy(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "OCCUPY needs a realm", "LH-IV.2.4-02", "e.g. OCCUPY Dis")
    rid = realm_arg(rest, ctx, "LH-IV.2.4-02")
    return f"OCCUPY {ctx.data.realms[rid].name}", {"realm": rid}


@order("SWAP REALM", phases=("combat",), rule="LH-IV.2.4-02", example="SWAP REALM Belial",
       doc="Combat transfers: swap home realms with an army that ends the fight with yours; "
           "done only when that player writes SWAP REALM naming you")
def parse_swap(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "SWAP REALM needs a Devil", "LH-IV.2.4-02",
                         "e.g. SWAP REALM Belial")
    who = devil_list(rest, ctx, "LH-IV.2.4-02", "e.g. SWAP REALM Belial")
    if len(who) != 1:
        raise OrderError(INVALID, "SWAP REALM names one Devil", "LH-IV.2.4-02",
                         "e.g. SWAP REALM Belial")
    return f"SWAP REALM {dname(ctx, who[0])}", {"with": who[0]}


OBJECTION_RULE = "LH-IV.2.4-02"


@order("OBJECT OCCUPY", phases=("combat",), rule=OBJECTION_RULE,
       example="OBJECT OCCUPY Belial, Glasya",
       doc="Combat transfers: object to these armies (or ALL) occupying a realm or swapping "
           "realms at your fight's place this round: an objected OCCUPY or SWAP REALM is not "
           "done; default: no objection")
def parse_object_occupy(rest: str, ctx: Ctx) -> tuple[str, dict]:
    hint = "e.g. OBJECT OCCUPY Belial, Glasya, or OBJECT OCCUPY ALL"
    if " ".join(rest.upper().split()) == "ALL":
        return "OBJECT OCCUPY ALL", {"all": True, "against": []}
    if not rest.strip():
        raise OrderError(INVALID, "OBJECT OCCUPY needs the Devils you object to, or ALL",
                         OBJECTION_RULE, hint)
    who = devil_list(rest, ctx, OBJECTION_RULE, hint)
    return ("OBJECT OCCUPY " + ", ".join(dname(ctx, w) for w in who),
            {"all": False, "against": who})


@order("FIGHT IF OBJECTED", phases=("combat",), rule=OBJECTION_RULE,
       example="FIGHT IF OBJECTED", repeatable=False,
       doc="Combat transfers: if an army objects to your OCCUPY or SWAP REALM, your army "
           "attacks the objectors and the fight goes on over it, then the transfers are "
           "tried again; default: the objected move is given up")
def parse_fight_if_objected(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip():
        raise OrderError(INVALID, f"FIGHT IF OBJECTED takes nothing after it, not "
                         f"{rest.strip()!r}", OBJECTION_RULE, "write FIGHT IF OBJECTED")
    return "FIGHT IF OBJECTED", {}


@order("SP TO", phases=("combat",), rule="LH-IV.2.5-01", example="SP TO Belial",
       doc="Who gets the combat's support point at your fight's place: done only when every "
           "army there writes the same line; default: the dominant army")
def parse_sp_to(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "SP TO needs a Devil", "LH-IV.2.5-01", "e.g. SP TO Belial")
    who = devil_arg(rest, ctx, "LH-IV.2.5-01")
    return f"SP TO {dname(ctx, who)}", {"to": who}
