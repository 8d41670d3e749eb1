"""Standing orders for the Daemon abilities that need a choice (IP-33: without one they
are not used).

    PAYMON GRANTS DOUBLE PASS TO Baal IF Caim HAS NOT ACTED
    PAYMON GRANTS DOUBLE PASS TO Ukobach
    CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL

Paymon "each turn, may grant any Daemon except himself a Double Pass" (ability.paymon).
The lines are read when a Daemon comes up and one of its PASS lines is tried: the first
line naming it whose condition holds (evaluated for Paymon's owner: MY, I, SOULS ... are
his) grants it; see action/queue.py for how the PASS line uses the grant.

Caim "each turn, may re-roll one die rolled by her Triumvirate" (ability.caim): the first
die of her player's that fails in a roll of a kind listed here is re-rolled, once a turn
(action/reroll.py). Only the kinds in REROLL_KINDS have the hook so far; the others are
refused, saying so.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..action import conditions
from ..errors import OrderError
from ..names import normalise
from . import TURN, Ctx, order

PAYMON_GRANTS = "PAYMON GRANTS"
CAIM_REROLLS = "CAIM REROLLS"
PAYMON, CAIM = "daemon.paymon", "daemon.caim"
RULE = "IP-33"

#: Rolls with Caim's hook (action/reroll.py): word on the sheet -> kind.
REROLL_KINDS = {"atonement": "atonement", "evil deeds": "evil deeds",
                "antehell": "antehell", "leaving antehell": "antehell",
                "influence": "influence"}
ANY = "any"
#: Rolls of her Triumvirate Caim's re-roll does not reach yet, and why.
REROLL_NOT_YET = {
    "flight": "flight dice (the hook is not in the flight roll yet)",
}
_KIND_WORDS = "ATONEMENT, EVIL DEEDS, ANTEHELL, INFLUENCE or ANY"

_GRANT = re.compile(r"^DOUBLE\s+PASS\s+TO\s+(?P<who>.+?)(?:\s+(?P<if>IF)\b\s*(?P<cond>.*))?$",
                    re.I)
_REROLL = re.compile(r"^(?:FIRST\s+FAILED\b\s*)?(?P<kinds>.*)$", re.I)


def _owner_of(daemon: str, ctx: Ctx, keyword: str) -> None:
    """The standing order is for the player whose Daemon has the ability."""
    d = ctx.state.daemons.get(daemon)
    name = ctx.data.daemons[daemon].name
    if d is None:
        raise OrderError(ILLEGAL, f"{name} is not in play", RULE, f"remove the {keyword} line")
    if d.owner != ctx.player:
        raise OrderError(ILLEGAL, f"{name} is {d.owner}'s Daemon: only the player "
                         f"with {name} may use the ability", RULE, f"remove the {keyword} line")


@order(PAYMON_GRANTS, stages=(TURN,), rule=RULE,
       example="PAYMON GRANTS DOUBLE PASS TO Baal IF Caim HAS NOT ACTED",
       doc="Paymon's ability: once a turn, a Double Pass at no cost for the Daemon named "
           "when it comes up and one of its PASS lines is tried; first line that applies")
def parse_grant(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _GRANT.match(rest.strip())
    if not m:
        what = f"PAYMON GRANTS {rest.strip()!r} is not understood" if rest.strip() else \
            "PAYMON GRANTS needs DOUBLE PASS TO <Daemon>"
        raise OrderError(INVALID, what, RULE,
                         "write PAYMON GRANTS DOUBLE PASS TO <Daemon> [IF <condition>]")
    _owner_of(PAYMON, ctx, PAYMON_GRANTS)
    daemon = conditions.daemon_in_play(m["who"], ctx, RULE)
    if daemon == PAYMON:
        raise OrderError(ILLEGAL, "Paymon may grant a Double Pass to any Daemon except "
                         "himself [ability.paymon]", RULE, "name another Daemon")
    cond = conditions.parse(m["cond"], ctx) if m["if"] else None
    o = {"daemon": daemon, "if": cond}
    return grant_text(o, ctx), o


def grant_text(o: dict, ctx: Ctx) -> str:
    text = f"{PAYMON_GRANTS} DOUBLE PASS TO {ctx.data.daemons[o['daemon']].name}"
    if o["if"] is not None:
        text += " IF " + conditions.text(o["if"], ctx.state, ctx.data)
    return text


@order(CAIM_REROLLS, stages=(TURN,), rule=RULE, repeatable=False,
       example="CAIM REROLLS FIRST FAILED ATONEMENT, ANTEHELL",
       doc="Caim's ability: once a turn, re-roll the first die of yours that fails in a "
           "roll of these kinds (ATONEMENT, EVIL DEEDS, ANTEHELL, or ANY of them)")
def parse_reroll(rest: str, ctx: Ctx) -> tuple[str, dict]:
    m = _REROLL.match(rest.strip())
    _owner_of(CAIM, ctx, CAIM_REROLLS)
    kinds: list[str] = []
    for part in (p for p in re.split(r"\s*,\s*|\s+OR\s+|\s+AND\s+", m["kinds"], flags=re.I)
                 if p.strip()):
        word = normalise(part)
        if word in REROLL_NOT_YET:
            raise OrderError(ILLEGAL, f"Caim's re-roll of {REROLL_NOT_YET[word]} is not "
                             f"implemented yet", RULE, f"re-roll {_KIND_WORDS}")
        kind = ANY if word == ANY else REROLL_KINDS.get(word)
        if kind is None:
            raise OrderError(INVALID, f"{part.strip()!r} is not a kind of roll Caim re-rolls",
                             RULE, f"write {_KIND_WORDS}")
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        raise OrderError(INVALID, "CAIM REROLLS needs the kinds of roll", RULE,
                         f"write CAIM REROLLS FIRST FAILED <kind>, ...: {_KIND_WORDS}")
    if ANY in kinds:
        kinds = [ANY]
    return reroll_text(kinds), {"kinds": kinds}


def reroll_text(kinds: list[str]) -> str:
    return f"{CAIM_REROLLS} FIRST FAILED " + ", ".join(k.upper() for k in kinds)
