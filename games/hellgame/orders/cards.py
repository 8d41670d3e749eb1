"""`KEEP`: which Arcana cards to keep when a gain goes over the hand limit (HG-6.3-03, IP-03).

    KEEP Belladonna, Recruit Lieutenant, Walk the Earth

Each entry is a card name or a Minor Arcana kind (Pass, Double Pass, ..., Walk the
Earth, Recruit Lieutenant), separated by commas or semicolons; several KEEP lines
add up in sheet order. Entries need not be in hand: the list is also for the cards
he may draw this turn. Without a KEEP order, "6" cards are kept and the newest
other cards are thrown away.
"""

from __future__ import annotations

import re

from pbem.engine import INVALID

from ..cards import entry_name
from ..data import HellData
from ..errors import OrderError
from ..names import normalise
from . import TURN, Ctx, order
from .common import card_or_kind, per_data

RULE = "HG-6.3-03"


def _comma_names(data: HellData) -> list[tuple[re.Pattern, str]]:
    """Card names with a comma in them ("Thanks, But No Thanks"), so a list can still
    be split on commas: each such name, however typed, is rewritten without one (made
    once per data)."""
    return per_data(data, "comma-names", _make_comma_names)


def _make_comma_names(data: HellData) -> list[tuple[re.Pattern, str]]:
    out = []
    for c in sorted(data.arcana.values(), key=lambda c: c.id):
        if "," in c.name:
            words = normalise(c.name).split()
            out.append((re.compile(r"\b" + r"\W*".join(words) + r"\b\.*", re.I), " ".join(words)))
    return out


def split_list(text: str, data: HellData) -> list[str]:
    for pattern, plain in _comma_names(data):
        text = pattern.sub(plain, text)
    return [x.strip() for x in re.split(r"[,;]", text) if x.strip()]


@order("KEEP", stages=(TURN,), rule=RULE, example="KEEP Belladonna, Recruit Lieutenant",
       doc="Cards to keep first when over the hand limit (5; 6 with Asmodeus): card names "
           "or Minor kinds")
def parse_keep(rest: str, ctx: Ctx) -> tuple[str, dict]:
    items = split_list(rest, ctx.data)
    if not items:
        raise OrderError(INVALID, "KEEP needs at least one card name or Minor Arcana kind",
                         RULE, "e.g. KEEP Belladonna, Recruit Lieutenant")
    keep = [card_or_kind(x, ctx.data, RULE) for x in items]
    return "KEEP " + ", ".join(entry_name(k, ctx.data) for k in keep), {"keep": keep}
