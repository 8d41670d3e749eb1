"""`KEEP`: which Arcana cards to keep when a gain goes over the hand limit (HG-6.3-03, IP-03).

    KEEP Belladonna, Recruit Lieutenant, Walk the Earth

Each entry is a card name or a Minor Arcana kind (Pass, Double Pass, ..., Walk the
Earth, Recruit Lieutenant), separated by commas or semicolons; several KEEP lines
add up in sheet order. Entries need not be in hand: the list is also for the cards
he may draw this turn. Without a KEEP order, "6" cards are kept and the newest
other cards are thrown away. Also here: the name matchers the Soul and Summoning
orders share.
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..cards import card_or_kind_names, entry_name
from ..data import HellData
from ..errors import OrderError
from ..names import match, normalise
from ..state import ANTEHELL
from . import TURN, Ctx, order

RULE = "HG-6.3-03"


def sectio_id(text: str, data: HellData, rule: str) -> str:
    """A Sectio named by the player (name, variant or unique prefix)."""
    names = {sid: [s.name, *s.variants] for sid, s in sorted(data.sectio.items())}
    return match(text, names, "Sectio", rule)


def place_id(text: str, data: HellData, rule: str) -> str:
    """A Sectio, or AnteHell."""
    if normalise(text) in ("antehell", "ante hell"):
        return ANTEHELL
    return sectio_id(text, data, rule)


def place_name(place: str, data: HellData) -> str:
    return "AnteHell" if place == ANTEHELL else data.sectio[place].name


def player_name(text: str, ctx: Ctx, rule: str) -> str:
    """Another player, by name; never the player himself."""
    who = match(text, {p: [p] for p in ctx.state.seats}, "player", rule)
    if who == ctx.player:
        raise OrderError(ILLEGAL, f"{text.strip()!r} is you", rule, "name another player")
    return who


def card_id(text: str, data: HellData, rule: str) -> str:
    """An Arcana card by name."""
    names = {cid: [c.name] for cid, c in sorted(data.arcana.items())}
    return match(text, names, "Arcana card", rule)


def card_or_kind(text: str, data: HellData, rule: str) -> str:
    """An Arcana card id, or `minor.<kind>` for a Minor Arcana kind."""
    return match(text, card_or_kind_names(data), "Arcana card or Minor Arcana", rule)


def _comma_names(data: HellData) -> list[tuple[re.Pattern, str]]:
    """Card names with a comma in them ("Thanks, But No Thanks"), so a list can still
    be split on commas: each such name, however typed, is rewritten without one."""
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
       doc="Cards to keep first when over the hand limit of 5: card names or Minor kinds")
def parse_keep(rest: str, ctx: Ctx) -> tuple[str, dict]:
    items = split_list(rest, ctx.data)
    if not items:
        raise OrderError(INVALID, "KEEP needs at least one card name or Minor Arcana kind",
                         RULE, "e.g. KEEP Belladonna, Recruit Lieutenant")
    keep = [card_or_kind(x, ctx.data, RULE) for x in items]
    return "KEEP " + ", ".join(entry_name(k, ctx.data) for k in keep), {"keep": keep}
