"""Standing orders: rules for decisions that the rules take mid-phase (a fight round's
retreat, a casualty order, a soul-gathering re-roll ...), given on any stage's sheet and
kept in the player's state until changed (P.standing, keyed by keyword). Each order
module registers its own with `@order(..., standing=True)`; here they are kept.
`<KEYWORD> OFF` lines (`standing_off`) drop one."""

from __future__ import annotations

from pbem.eventlog import CARRIED_KIND

from ..state import LohState
from . import ORDER_TYPES


def keep(st: LohState, sheets: dict) -> None:
    """Store every standing order of the sheets (the last line of a keyword wins; an
    order whose data has "off": True removes the keyword)."""
    for name, sheet in sheets.items():
        if sheet is None or name not in st.players:
            continue
        mine = st.players[name].standing
        for line in sheet.lines:
            o = line.order
            t = ORDER_TYPES.get(o["type"]) if line.ok and o else None
            if t is None or not t.standing:
                continue
            if o.get("off"):
                mine.pop(o["type"], None)
            else:
                mine[o["type"]] = {**o, "canonical": line.canonical}


CARRIED = CARRIED_KIND  # pbem.eventlog: the framework shows it first


def announce_carried(st: LohState, sheets: dict, log) -> None:
    """Each player who sent nothing for this stage but holds standing orders is told that
    they decide for him (they stay in the state until he changes them)."""
    for name in st.seats:
        if sheets.get(name) is not None or name not in st.players:
            continue
        kept = [o["canonical"] for _, o in sorted(st.players[name].standing.items())
                if o.get("canonical")]
        if kept:
            log.private(name, CARRIED, f"You sent no orders: your standing orders were "
                        f"used: {'; '.join(kept)}. Every other decision took its "
                        "default.", used=kept)


def standing(st: LohState, name: str, keyword: str) -> dict | None:
    """The player's standing order of this keyword, or None (the default applies)."""
    return st.players[name].standing.get(keyword)
