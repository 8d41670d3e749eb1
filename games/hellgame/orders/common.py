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
    (made once per data, as the other name dicts: `per_data`)."""
    return per_data(data, "card-or-kind", _card_or_kind_names)


def _card_or_kind_names(data: HellData) -> dict[str, list[str]]:
    out = {cid: [c.name] for cid, c in sorted(data.arcana.items())}
    out.update({MINOR + k: [v] for k, v in MINOR_NAMES.items()})
    return out


_CACHE: dict[tuple[int, str], tuple[HellData, dict[str, list[str]]]] = {}


def per_data(data: HellData, kind: str, build):
    """What `build(data)` makes (a name dict, a list of patterns), made once per data
    object: keyed by identity (the loaded data is one cached object; the data is kept in
    the entry so that its id cannot be reused by another object). A name dict is passed
    to names.match as the same dict each time, so that its index is built once too."""
    hit = _CACHE.get((id(data), kind))
    if hit is not None and hit[0] is data:
        return hit[1]
    out = build(data)
    _CACHE[(id(data), kind)] = (data, out)
    return out


#: (kind, ids) -> the name dict of those ids: the dicts made from the state (the Daemons
#: in play, a player's Daemons, the seats), kept for the same ids so that names.match
#: finds each by identity rather than building and hashing a key of its content at each
#: line read (an order form reads some 40 lines a player; issue 23). The oldest goes first.
_BY_IDS: dict[tuple, tuple[HellData, dict[str, list[str]]]] = {}
_BY_IDS_KEPT = 256


def _names_of(data: HellData, kind: str, ids: tuple[str, ...], build) -> dict[str, list[str]]:
    """`build(data, ids)`, the same dict for the same data and ids (in that order)."""
    key = (id(data), kind, ids)
    hit = _BY_IDS.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    out = build(data, ids)
    if len(_BY_IDS) >= _BY_IDS_KEPT:
        _BY_IDS.pop(next(iter(_BY_IDS)))
    _BY_IDS[key] = (data, out)
    return out


def daemon_names(data: HellData, ids) -> dict[str, list[str]]:
    """Daemon id -> [its name], for the Daemons `ids` in that order (names.match)."""
    return _names_of(data, "daemons", tuple(ids),
                     lambda d, ids: {x: [d.daemons[x].name] for x in ids})


def in_play_names(ctx: Ctx) -> dict[str, list[str]]:
    """Every Daemon in play, by id order (daemon_names)."""
    return daemon_names(ctx.data, sorted(ctx.state.daemons))


def seat_names(ctx: Ctx) -> dict[str, list[str]]:
    """Every player by name, in seat order."""
    return _names_of(ctx.data, "seats", tuple(ctx.state.seats),
                     lambda _, ids: {p: [p] for p in ids})


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
    return per_data(data, "sectio", _sectio_names)


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
    who = match(text, seat_names(ctx), "player", rule)
    if who == ctx.player:
        raise OrderError(ILLEGAL, f"{text.strip()!r} is you", rule, "name another player")
    return who


def card_id(text: str, data: HellData, rule: str) -> str:
    """An Arcana card by name."""
    names = per_data(data, "arcana", lambda d: {cid: [c.name]
                                               for cid, c in sorted(d.arcana.items())})
    return match(text, names, "Arcana card", rule)


def is_card_name(text: str, data: HellData) -> bool:
    """Whether `text` is an Arcana card's whole name (as names.match folds it)."""
    whole = per_data(data, "arcana_whole_names",
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
    in_play = ctx.state.daemons
    mine = daemon_names(ctx.data, [d for d in ctx.state.players[ctx.player].daemons
                                   if d in in_play])
    return match(text, mine, "Daemon of yours", rule)
