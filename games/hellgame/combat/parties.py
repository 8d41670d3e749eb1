"""Who fights whom in a Sectio: parties (11.0, 16.5) and the die that breaks ties.

A *party* is one Triumvirate (its player's name), the Freebooters there (FREEBOOTERS,
all of them one group, HG-16.5-03) or one rampaging Hellhound ("hound:<unit id>").
Uriel and Lilith are no party: they never fight. A Sectio needs a combat when it
holds two or more parties that are not allies after a joint win this phase (16.6).
"""

from __future__ import annotations

from pbem.grammar import possessive

from ..state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT, HellState, Unit

FREEBOOTERS = "freebooters"
HOUND = "hound:"
FIGHTERS = (LEGION, LIEUTENANT, HELLHOUND)


def party_of(st: HellState, u: Unit) -> str:
    if st.is_rampaging(u):
        return HOUND + u.id
    return u.owner if u.owner is not None else FREEBOOTERS


def parties_at(st: HellState, sectio: str) -> list[str]:
    """The parties in `sectio`: Triumvirates in seat order, then Freebooters, then
    rampaging hounds by unit number (the explicit order every loop here uses)."""
    found = {party_of(st, u) for u in st.units_at(sectio) if u.kind in FIGHTERS}
    return ([p for p in st.seats if p in found] + ([FREEBOOTERS] if FREEBOOTERS in found else [])
            + sorted((p for p in found if p.startswith(HOUND)), key=lambda p: int(p[7:])))


def units_of(st: HellState, sectio: str, party: str) -> list[Unit]:
    return sorted((u for u in st.units_at(sectio)
                   if u.kind in FIGHTERS and party_of(st, u) == party), key=lambda u: u.number)


def legions(st: HellState, sectio: str, party: str) -> int:
    return sum(1 for u in units_of(st, sectio, party) if u.kind == LEGION)


def is_player(party: str) -> bool:
    return party != FREEBOOTERS and not party.startswith(HOUND)


def hostile(st: HellState, sectio: str, allies: dict[str, list[str]]) -> bool:
    """HG-11.0-01, HG-11.0-04, HG-16.6-01: two or more parties, not in AnteHell, and not
    only the Triumvirates that won this Sectio together earlier this phase."""
    if sectio == ANTEHELL:
        return False
    ps = parties_at(st, sectio)
    if len(ps) < 2:
        return False
    return not all(p in allies.get(sectio, []) for p in ps)


def label(party: str, data, st: HellState) -> str:
    if party == FREEBOOTERS:
        return "the Freebooters"
    if party.startswith(HOUND):
        u = st.unit(party[len(HOUND):])
        name = data.hellhounds[u.ref].name if u.ref in data.hellhounds else u.id
        return f"the rampaging {name}"
    return party


def is_plural(party: str) -> bool:
    """The Freebooters are a group ("the Freebooters roll"); a Triumvirate's player and a
    rampaging Hellhound are one ("boris rolls"): for verbs and possessives (pbem.grammar)."""
    return party == FREEBOOTERS


def whose(party: str, data, st: HellState) -> str:
    """The party's label as a possessive: "boris's", "the Freebooters'"."""
    return possessive(label(party, data, st), is_plural(party))


def rank_by(items: list, key, dice, reason: str, roller=lambda item: None) -> list:
    """`items` sorted by `key` (highest first); a die breaks each tie, rolled only when
    there is one, and again among those still tied (11.0, 11.1, 11.2.1, 11.2.4).
    `roller(item)`: the player who rolls that item's die, if any (HG-15.3-01 counts it)."""

    def untie(tied: list) -> list:
        if len(tied) <= 1:
            return tied
        rolls = [dice.roll(f"{reason}: tie-break for {i}", roller(i)) for i in tied]
        if len(set(rolls)) == 1:
            return untie(tied)
        return [i for v in sorted(set(rolls), reverse=True)
                for i in untie([t for t, r in zip(tied, rolls, strict=True) if r == v])]

    return [i for value in sorted({key(i) for i in items}, reverse=True)
            for i in untie([i for i in items if key(i) == value])]
