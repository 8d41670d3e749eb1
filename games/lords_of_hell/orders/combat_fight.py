"""Orders: the fight's standing orders (LH-IV.3; PB-20..25), given on any stage's sheet
and kept until changed; `<KEYWORD> OFF` restores the default.

    ATTACK Belial, Glasya          declare attacks on these armies when they are at your
    ATTACK ALL                     fight's place; ALL: every other army there;
    ATTACK ONLY IF ATTACKED        only strike back (the default; LH-IV.3.1-07 makes an
                                   attacked army attack its attackers anyway)
    RETREAT IF OUTPOWERED OR DEVIL KO TO HOME
                                   leave the fight at a fight round's retreat step when a
                                   condition holds (default: never). Conditions:
                                   POWER BELOW <n>, OUTPOWERED (the armies attacking you
                                   this fight round have more power together), AFTER ROUND
                                   <n> (n fight rounds fought), DEVIL KO, LOST <n> (units
                                   lost in this fight), ATTACKED (whenever attacked).
                                   TO HOME / TO ELSEWHERE: from an unspecified place, back
                                   to your home realm (the default) or to another place
    PURSUE Belial, ANY             follow a retreating army (default: never)
    REROLL IF HITS BELOW 2         re-roll all attack dice when fewer dice can hit;
    REROLL IF HITS BELOW EXPECTED  ... than the average for those dice and targets
    CASUALTIES Souls, Fiends, Devil    the order your units take hits; unnamed kinds
                                   follow the default (Souls, power-1 hordes, stronger
                                   hordes, the Devil); Juggernauts first and Leviathan
                                   last always (LH-IV.3.3-03, LH-IV.1.5-04)
    JUGGERNAUT TARGET Glasya       who takes a destroyed Juggernauts' extra hit (default:
                                   the strongest hostile army)
"""

from __future__ import annotations

import functools
import re

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match, parse_int

from . import ANY, Ctx, Parser, order
from .combat import devil_arg, devil_list, dname

JUGGERNAUTS = "horde.juggernauts"
LEVIATHAN = "horde.leviathan"


def _standing(keyword: str, **kw):
    """Register a fight standing order (for any stage) whose `<KEYWORD> OFF` restores the
    default before the parser sees the line."""

    def wrap(fn: Parser) -> Parser:
        @functools.wraps(fn)
        def parse(rest: str, ctx: Ctx) -> tuple[str, dict]:
            if rest.strip().upper() == "OFF":
                return f"{keyword} OFF", {"off": True}
            return fn(rest, ctx)

        return order(keyword, phases=ANY, standing=True, **kw)(parse)

    return wrap


def _devils(keyword: str, rest: str, ctx: Ctx, rule: str, needs: str,
            hint: str) -> tuple[str, list[str]]:
    """A list of Devils (refused when empty: `<KEYWORD> needs <needs>`) and its canonical
    text."""
    if not rest.strip():
        raise OrderError(INVALID, f"{keyword} needs {needs}", rule, hint)
    who = devil_list(rest, ctx, rule, hint)
    return f"{keyword} " + ", ".join(dname(ctx, w) for w in who), who


@_standing("ATTACK", rule="LH-IV.3.1-07", example="ATTACK Belial, Glasya",
           doc="Fights: the armies you attack when they are at your fight's place (a list, ALL, "
               "or ONLY IF ATTACKED, the default); the list's order ranks them for odd hits")
def parse_attack(rest: str, ctx: Ctx) -> tuple[str, dict]:
    text = " ".join(rest.upper().split())
    if text == "ALL":
        return "ATTACK ALL", {"mode": "all", "targets": []}
    if text == "ONLY IF ATTACKED":
        return "ATTACK ONLY IF ATTACKED", {"mode": "if-attacked", "targets": []}
    canonical, who = _devils("ATTACK", rest, ctx, "LH-IV.3.1-07",
                             "Devils, ALL or ONLY IF ATTACKED", "e.g. ATTACK Belial, Glasya")
    return canonical, {"mode": "list", "targets": who}


_COND = [
    (re.compile(r"^POWER BELOW (\S+)$"), "power-below"),
    (re.compile(r"^OUTPOWERED$"), "outpowered"),
    (re.compile(r"^AFTER ROUND (\S+)$"), "after-round"),
    (re.compile(r"^DEVIL KO$"), "devil-ko"),
    (re.compile(r"^LOST (\S+)$"), "lost"),
    (re.compile(r"^ATTACKED$"), "attacked"),
]
COND_TEXT = {"power-below": "POWER BELOW {n}", "outpowered": "OUTPOWERED",
             "after-round": "AFTER ROUND {n}", "devil-ko": "DEVIL KO", "lost": "LOST {n}",
             "attacked": "ATTACKED"}
_RETREAT_HINT = ("write RETREAT IF <condition> [OR <condition>] [TO HOME or TO ELSEWHERE]; "
                 "conditions: POWER BELOW <n>, OUTPOWERED, AFTER ROUND <n>, DEVIL KO, "
                 "LOST <n>, ATTACKED")


@_standing("RETREAT", rule="LH-IV.3.1-01", example="RETREAT IF OUTPOWERED TO HOME",
           doc="Fights: leave a fight at a fight round's retreat step when a condition holds "
               "(never from your own home realm, never with Leviathan); default: never")
def parse_retreat(rest: str, ctx: Ctx) -> tuple[str, dict]:
    text = " ".join(rest.upper().split())
    if not text.startswith("IF "):
        raise OrderError(INVALID, f"RETREAT {rest.strip()!r} is not understood",
                         "LH-IV.3.1-01", _RETREAT_HINT)
    text = text[3:]
    to = "home"
    m = re.search(r" TO (HOME|ELSEWHERE)$", text)
    if m:
        to, text = m[1].lower(), text[:m.start()]
    conds = []
    for part in text.split(" OR "):
        part = part.strip()
        for rx, kind in _COND:
            cm = rx.match(part)
            if cm:
                cond = {"kind": kind}
                if cm.groups():
                    cond["n"] = parse_int(cm[1], "the number", "LH-IV.3.1-01", 0, 99)
                conds.append(cond)
                break
        else:
            raise OrderError(INVALID, f"{part!r} is not a retreat condition I know",
                             "LH-IV.3.1-01", _RETREAT_HINT)
    shown = " OR ".join(COND_TEXT[c["kind"]].format(n=c.get("n")) for c in conds)
    return f"RETREAT IF {shown} TO {to.upper()}", {"conds": conds, "to": to}


@_standing("PURSUE", rule="LH-IV.3.1-02", example="PURSUE Belial",
           doc="Fights: follow these armies (or ANY) when they retreat from your fight; the "
               "first retreating one in your list; default: never")
def parse_pursue(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if rest.strip().upper() == "ANY":
        return "PURSUE ANY", {"any": True, "targets": []}
    canonical, who = _devils("PURSUE", rest, ctx, "LH-IV.3.1-02", "Devils or ANY",
                             "e.g. PURSUE Belial, or PURSUE ANY")
    return canonical, {"any": False, "targets": who}


@_standing("REROLL", rule="LH-IV.3.2-02", example="REROLL IF HITS BELOW EXPECTED",
           doc="Fights: re-roll all your attack dice once when fewer of them can hit than n, or "
               "than EXPECTED (the average for your dice and targets); the second roll stands; "
               "default: never")
def parse_reroll(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = re.match(r"^IF HITS BELOW (\S+)$", " ".join(rest.upper().split()))
    if not m:
        raise OrderError(INVALID, f"REROLL {rest.strip()!r} is not understood",
                         "LH-IV.3.2-02", "write REROLL IF HITS BELOW <n>, REROLL IF HITS "
                         "BELOW EXPECTED, or REROLL OFF")
    if m[1] == "EXPECTED":
        return "REROLL IF HITS BELOW EXPECTED", {"expected": True}
    n = parse_int(m[1], "the number of hits", "LH-IV.3.2-02", 1, 7)
    return f"REROLL IF HITS BELOW {n}", {"below": n}


def _unit_kinds(ctx: Ctx) -> dict[str, list[str]]:
    out = {"soul": ["Souls", "Soul"], "devil": ["Devil", dname(ctx, ctx.player)]}
    for cid, c in sorted(ctx.data.cards.items()):
        if c.kind == "horde":
            out[cid] = [c.name]
    return out


def kind_name(kind: str, data) -> str:
    return {"soul": "Souls", "devil": "Devil"}.get(kind) or data.cards[kind].name


@_standing("CASUALTIES", rule="LH-IV.3.3-02", example="CASUALTIES Souls, Fiends, Devil",
           doc="Fights: the order your units take hits (Souls, horde names, Devil); kinds not "
               "named follow the default Souls, power-1 hordes, stronger hordes, Devil; "
               "Juggernauts always first, Leviathan always last")
def parse_casualties(rest: str, ctx: Ctx) -> tuple[str, dict]:
    hint = "e.g. CASUALTIES Souls, Fiends, Metal Beasts, Devil"
    kinds: list[str] = []
    for part in rest.split(","):
        if not part.strip():
            raise OrderError(INVALID, "CASUALTIES needs unit kinds", "LH-IV.3.3-02", hint)
        k = match(part, _unit_kinds(ctx), "unit kind", "LH-IV.3.3-02")
        if k not in kinds:
            kinds.append(k)
    if JUGGERNAUTS in kinds and kinds[0] != JUGGERNAUTS:
        raise OrderError(ILLEGAL, "Juggernauts always take an army's first hits",
                         "LH-IV.3.3-03", "put Juggernauts first, or leave them out")
    if LEVIATHAN in kinds and kinds[-1] != LEVIATHAN:
        raise OrderError(ILLEGAL, "Leviathan takes a hit only after every other unit",
                         "LH-IV.1.5-04", "put Leviathan last, or leave it out")
    shown = ", ".join(kind_name(k, ctx.data) for k in kinds)
    return f"CASUALTIES {shown}", {"kinds": kinds}


@_standing("JUGGERNAUT TARGET", rule="LH-IV.3.3-03",
           example="JUGGERNAUT TARGET Glasya, Belial",
           doc="Fights: the hostile army that takes the extra hit of your destroyed Juggernauts "
               "(the first of the list that is hostile); default: the strongest hostile army")
def parse_juggernaut(rest: str, ctx: Ctx) -> tuple[str, dict]:
    canonical, who = _devils("JUGGERNAUT TARGET", rest, ctx, "LH-IV.3.3-03", "Devils",
                             "e.g. JUGGERNAUT TARGET Glasya")
    return canonical, {"targets": who}


__all__ = ["devil_arg", "kind_name"]
