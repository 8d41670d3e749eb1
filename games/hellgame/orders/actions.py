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
from ..action.kinds import EARTH, KINDS, find, place_refusal
from ..action.magic import walks
from ..action.simple import daemon_of
from ..errors import OrderError
from . import Ctx, Sheet, caution, daemon_lines, sheet_check
from .abilities import parse_condition

RULE = "HG-9.2-01"
KEYWORD = "ACTION"  # the order type of Daemon lines in a checked sheet
LINE = re.compile(r"^([^:]{1,60}):\s*(.*)$")


def is_daemon_line(line: str) -> bool:
    return LINE.match(line) is not None


@daemon_lines(KEYWORD, rule=RULE, is_line=is_daemon_line)
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


@sheet_check(KEYWORD)
def known_action(o: dict, ctx: Ctx, sheet: Sheet) -> str | None:
    """What can be known of a Daemon line when the sheet comes (issue 20):

    - an Incapacitated Daemon takes no Action (HG-9.0-02) and recovers only in the End
      Phase (HG-13.2): its lines are refused;
    - an Action for a Daemon on Earth (kinds.place_refusal, as the phase asks it) of a
      Daemon in Hell: refused when no line of the sheet walks it to Earth (only its own
      Walk the Earth Action takes it there, HG-9.6-01); with one, a warning (it would
      need a further Action, and acts on Earth from its next phase, HG-9.6-02);
    - WALK THE EARTH for a Daemon on Earth already: a warning (it may be back in Hell
      when it acts);
    - then the kind's own check (ActionKind.known: cards in hand, printed stats)."""
    d, st, data = o["daemon"], ctx.state, ctx.data
    name = data.daemons[d].name
    if st.daemons[d].incapacitated:
        raise OrderError(ILLEGAL, f"{name} is Incapacitated and takes no Action this turn "
                         "(it may recover only in the End Phase)", "HG-9.0-02",
                         "remove its lines; it acts again once it recovers")
    kind = KINDS[o["kind"]]
    why = place_refusal(kind, st.daemons[d].where)
    if why and kind.place == EARTH:
        if not walks(sheet, d):
            raise OrderError(ILLEGAL, f"{name} is in Hell, and {why}: it cannot reach Earth "
                             "this turn without a Walk the Earth Action, and this sheet "
                             "gives it none", "HG-9.7-01",
                             f"give this Action to a Daemon on Earth, or walk {name} to "
                             "Earth this turn")
        return caution(f"{name} is in Hell, and {why}: it walks the Earth first by another "
                       "line, and would need a further Action after that (A Damn Good "
                       "Day); a Daemon acts on Earth from its next Action Phase",
                       "HG-9.6-02", "give this Action to it next turn")
    if why:
        return caution(f"{name} is Walking the Earth already, so as things stand this line "
                       "will fail", "HG-9.6-01", "walk only a Daemon in Hell")
    return kind.known(o["action"], ctx, d, sheet) if kind.known else None
