"""Name matchers every order module shares: Sectio, places, players, Arcana cards.

One matcher per kind of name, so that a spelling accepted in one order is accepted in
all of them (`names.match`: exact, variants, unique prefix, "did you mean").
"""

from __future__ import annotations

import re

from pbem.engine import ILLEGAL, INVALID

from ..data import HellData
from ..errors import OrderError
from ..names import match, normalise
from ..state import ANTEHELL
from . import Ctx

#: Prefix of keep-priority entries naming a Minor Arcana kind rather than a card.
MINOR = "minor."

MINOR_NAMES = {
    "pass": "Pass", "double-pass": "Double Pass", "triple-pass": "Triple Pass",
    "quadruple-pass": "Quadruple Pass", "quinary-pass": "Quinary Pass",
    "senary-pass": "Senary Pass", "septenary-pass": "Septenary Pass",
    "octonary-pass": "Octonary Pass", "nonary-pass": "Nonary Pass",
    "walk-the-earth": "Walk the Earth", "recruit-lieutenant": "Recruit Lieutenant",
}


def card_or_kind_names(data: HellData) -> dict[str, list[str]]:
    """Candidates for `names.match`: every card by name, every Minor kind as `minor.<kind>`
    (made once per data, as the other name dicts: `_cached`)."""
    return _cached(data, "card-or-kind", _card_or_kind_names)


def _card_or_kind_names(data: HellData) -> dict[str, list[str]]:
    out = {cid: [c.name] for cid, c in sorted(data.arcana.items())}
    out.update({MINOR + k: [v] for k, v in MINOR_NAMES.items()})
    return out


_CACHE: dict[tuple[int, str], tuple[HellData, dict[str, list[str]]]] = {}


def _cached(data: HellData, kind: str, build) -> dict[str, list[str]]:
    """The name dict `build(data)`, made once per data object: keyed by identity (the
    loaded data is one cached object; the data is kept in the entry so that its id
    cannot be reused by another object), and passed to names.match as the same dict each
    time, so that its index is built once too."""
    hit = _CACHE.get((id(data), kind))
    if hit is not None and hit[0] is data:
        return hit[1]
    out = build(data)
    _CACHE[(id(data), kind)] = (data, out)
    return out


def _sectio_names(data: HellData) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for sid, s in sorted(data.sectio.items()):
        names = [s.name, *s.variants]
        out[sid] = names + [n.upper().replace(" AND ", " & ") for n in names
                            if " AND " in n.upper()]
    return out


def sectio_names(data: HellData) -> dict[str, list[str]]:
    """Sectio id -> [canonical name, spelling variants...] for names.match.

    names.normalise drops "&", so "LAND & SEA" reads "land sea": each name containing
    " AND " is also listed with "&" so that both spellings match."""
    return _cached(data, "sectio", _sectio_names)


def sectio_id(text: str, data: HellData, rule: str) -> str:
    """A Sectio named by the player (name, variant or unique prefix)."""
    return match(text, sectio_names(data), "Sectio", rule)


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
    names = _cached(data, "arcana", lambda d: {cid: [c.name]
                                               for cid, c in sorted(d.arcana.items())})
    return match(text, names, "Arcana card", rule)


def is_card_name(text: str, data: HellData) -> bool:
    """Whether `text` is an Arcana card's whole name (as names.match folds it)."""
    whole = _cached(data, "arcana_whole_names",
                    lambda d: frozenset(normalise(c.name) for c in d.arcana.values()))
    return normalise(text) in whole


def card_or_kind(text: str, data: HellData, rule: str) -> str:
    """An Arcana card id, or `minor.<kind>` for a Minor Arcana kind."""
    return match(text, card_or_kind_names(data), "Arcana card or Minor Arcana", rule)


def listed(rest: str, keyword: str, what: str, rule: str, example: str) -> list[str]:
    """The comma-separated entries after a keyword (XAPHAN CHOOSES, PRUFFLAS PICKS,
    CRUSADE JOIN ...); INVALID when there are none."""
    items = [x.strip() for x in re.split(r"[,;]", rest) if x.strip()]
    if not items:
        raise OrderError(INVALID, f"{keyword} needs one or more {what}", rule,
                         f"e.g. {example}")
    return items


def daemon_of(text: str, ctx: Ctx, rule: str) -> str:
    """One of the player's own Daemons in play, by name."""
    mine = {d: [ctx.data.daemons[d].name] for d in ctx.state.players[ctx.player].daemons
            if d in ctx.state.daemons}
    return match(text, mine, "Daemon of yours", rule)
