"""Daemon lines: `<Daemon>: <Action> [IF <condition>]` (9.2; IP-18, IP-19).

Each line is one alternative for that Daemon, in sheet order. When the Daemon comes up
on the Rank Track the first alternative whose condition holds and that can be carried
out is taken; a PASS alternative is asked again each time the Daemon comes back. With
no alternative left the default applies: Pass for Good the first time, an empty March
after a Pass (IP-18, A-10).

    Baal: PASS BEHIND Caim IF Caim HAS NOT ACTED
    Baal: WALK THE EARTH IF Caim IS ON EARTH
    Baal: ATONE
    BORROWED Caim: PASS FOR GOOD     (for another player's Daemon while you control it)
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..action import conditions
from ..action.kinds import KINDS, find
from ..action.simple import daemon_of
from ..errors import OrderError
from . import Ctx
from .abilities import parse_condition

RULE = "HG-9.2-01"
KEYWORD = "ACTION"  # the order type of Daemon lines in a checked sheet
LINE = re.compile(r"^([^:]{1,60}):\s*(.*)$")


def is_daemon_line(line: str) -> bool:
    return LINE.match(line) is not None


def parse_line(line: str, ctx: Ctx) -> tuple[str, dict]:
    m = LINE.match(line)
    who = m.group(1).split()
    borrowed = bool(who) and who[0].upper() == "BORROWED"
    if borrowed:
        # IP-34: orders for another player's Daemon, used only while this player controls
        # it (A Small Favour); with no such line it Passes for Good
        daemon = conditions.daemon_in_play(" ".join(who[1:]), ctx, RULE)
        if ctx.state.daemons[daemon].owner == ctx.player:
            raise OrderError(INVALID, f"{ctx.data.daemons[daemon].name} is your own Daemon",
                             RULE, "write its lines without BORROWED")
    else:
        daemon = _own_daemon(m.group(1), ctx)
    words = m.group(2).split()
    kind, n = find(words)
    if kind is None:
        known = ", ".join(sorted(KINDS))
        raise OrderError(INVALID, f"{m.group(2).strip()!r} is not an Action", RULE,
                         f"Actions: {known}")
    rest = words[n:]
    cond = None
    cond_text = ""
    upper = [w.upper() for w in rest]
    if "IF" in upper:
        cut = upper.index("IF")
        cond = parse_condition(" ".join(rest[cut + 1:]), ctx)
        cond_text = " IF " + conditions.text(cond, ctx.state, ctx.data)
        rest = rest[:cut]
    canonical, data = kind.parse(" ".join(rest), ctx, **(
        {"daemon": daemon} if kind.wants_daemon else {}))
    name = ("BORROWED " if borrowed else "") + ctx.data.daemons[daemon].name
    out = {"daemon": daemon, "kind": kind.keyword, "action": data, "if": cond}
    if borrowed:
        out["borrowed"] = True
    return f"{name}: {canonical}{cond_text}", out


def _own_daemon(text: str, ctx: Ctx) -> str:
    """One of the player's Daemons; another player's gets a pointer to BORROWED."""
    try:
        return daemon_of(text, ctx, RULE)
    except OrderError:
        try:
            other = conditions.daemon_in_play(text, ctx, RULE)
        except OrderError:
            raise
        owner = ctx.state.daemons[other].owner
        if owner == ctx.player:
            raise
        raise OrderError(ILLEGAL, f"{ctx.data.daemons[other].name} is {owner}'s Daemon", RULE,
                         f"to give it orders for when you control it (A Small Favour), write "
                         f"BORROWED {ctx.data.daemons[other].name}: ...") from None
