"""Building a HellGame state from a scenario's `given` block (docs/scenarios.md).

Every place a piece can be is reachable from `given` (and read back by `expect` paths
into the state, games/hellgame/state.py):

    on the map, in AnteHell, in the Uriel box   `units` (location a Sectio id,
                                                "antehell", or "uriel-box" for Uriel)
    a stack in AnteHell                         `units` at "antehell"; a tamed hound's
                                                `minder` is its Legion's unit id
    the Lieutenants Available boxes             `lieutenant_boxes` (3 piles, top first)
    the Lieutenant Return box                   `lieutenant_return`
    the Hellhound box                           `hellhound_box`
    Daemons Incapacitated                       `daemons: {id: {incapacitated: true}}`
    a card under a Daemon                       `daemons: {id: {under: arcana id}}`, the
                                                Walk the Earth card `walk_card`
    Play Right Away cards on a Daemon           `afflictions: {card: {daemon: id}}`
    hands, decks                                `players.<p>.hand`, `arcana_deck`,
                                                `hell_deck`, `daemon_deck`, `sectio_deck`

Ids are checked against the game's data, and a field the state does not have is an
error (a misspelt `incapacitatd:` would otherwise be silently ignored).
"""

from __future__ import annotations

from .data import HellData
from .state import ANTEHELL, URIEL, URIEL_BOX, Daemon, HellState, Player, Unit

FIELDS = set(HellState.__dataclass_fields__)
UNIT_FIELDS = set(Unit.__dataclass_fields__) - {"id"}
DAEMON_FIELDS = set(Daemon.__dataclass_fields__) - {"id", "owner"}
UNIT_KINDS = ("legion", "lieutenant", "hellhound", URIEL, "lilith")


def state_from_given(given: dict, data: HellData) -> HellState:
    given = dict(given)
    unknown = sorted(set(given) - FIELDS - {"players"})
    if unknown:
        raise ValueError(f"unknown keys in given: {unknown}; allowed: {sorted(FIELDS)}")
    players = given.pop("players", None) or {}
    if isinstance(players, list):
        players = {p: {} for p in players}
    st = HellState(seats=list(players), turn=given.pop("turn", 1))
    for name, kw in players.items():
        bad = sorted(set(kw or {}) - set(Player.__dataclass_fields__) - {"name"})
        if bad:
            raise ValueError(f"unknown player fields {bad} for {name}")
        st.players[name] = Player(name=name, **(kw or {}))
        for d in st.players[name].daemons:
            _known(d, data.daemons, "Daemon")
            st.daemons[d] = Daemon(d, name)
        for c in st.players[name].hand:
            _known(c, data.arcana, "Arcana card")
    for d, kw in (given.pop("daemons", None) or {}).items():
        if d not in st.daemons:
            raise ValueError(f"{d} is in no player's daemons list")
        bad = sorted(set(kw or {}) - DAEMON_FIELDS)
        if bad:
            raise ValueError(f"unknown Daemon fields {bad} for {d}; allowed: "
                             f"{sorted(DAEMON_FIELDS)}")
        for k, v in (kw or {}).items():
            if k in ("under", "walk_card") and v is not None:
                _known(v, data.arcana, f"Arcana card ({d} {k})")
            setattr(st.daemons[d], k, v)
    for sid, owner in (given.pop("owners", None) or {}).items():
        _known(sid, data.sectio, "Sectio")
        if owner not in st.players:
            raise ValueError(f"owner {owner!r} of {sid} is not a player")
        st.owners[sid] = owner
    for u in given.pop("units", None) or []:
        _add_unit(st, u, data)
    ids = {u.id for u in st.units}
    for u in st.units:
        if u.minder is not None and u.minder not in ids:
            raise ValueError(f"{u.id}'s minder {u.minder!r} is no unit (units are "
                             f"u1, u2, ... in the order given)")
    _check_boxes(given, data)
    for k, v in given.items():
        setattr(st, k, v)
    return st


def _add_unit(st: HellState, u: dict, data: HellData) -> None:
    bad = sorted(set(u) - UNIT_FIELDS)
    if bad:
        raise ValueError(f"unknown unit fields {bad} in {u}; allowed: {sorted(UNIT_FIELDS)}")
    for key in ("kind", "location"):
        if key not in u:
            raise ValueError(f"a unit needs {key!r}: {u}")
    kind, where = u["kind"], u["location"]
    if kind not in UNIT_KINDS:
        raise ValueError(f"unknown unit kind {kind!r}; kinds: {', '.join(UNIT_KINDS)}")
    if where == URIEL_BOX:
        if kind != URIEL:
            raise ValueError(f"only Uriel waits in the {URIEL_BOX} (HG-10.1-01): {u}")
    elif where != ANTEHELL:
        _known(where, data.sectio, "Sectio")
    ref = u.get("ref")
    if ref is not None:
        table = {"lieutenant": data.lieutenants, "hellhound": data.hellhounds}.get(kind)
        if table is None:
            raise ValueError(f"a {kind} has no ref: {u}")
        _known(ref, table, kind.capitalize())
    made = st.new_unit(kind, u.get("owner"), where, ref)
    for k, v in u.items():
        if k not in ("kind", "owner", "location", "ref"):
            setattr(made, k, v)


def _check_boxes(given: dict, data: HellData) -> None:
    boxes = given.get("lieutenant_boxes")
    if boxes is not None:
        if not (isinstance(boxes, list) and len(boxes) == 3
                and all(isinstance(b, list) for b in boxes)):
            raise ValueError("lieutenant_boxes: 3 piles (lists), top first, e.g. "
                             "[[lieutenant.verin], [], []]")
        for pile in boxes:
            for lt in pile:
                _known(lt, data.lieutenants, "Lieutenant")
    for lt in given.get("lieutenant_return") or []:
        _known(lt, data.lieutenants, "Lieutenant")
    for h in given.get("hellhound_box") or []:
        _known(h, data.hellhounds, "Hellhound")


def _known(key: str, table, what: str) -> None:
    if key not in table:
        raise ValueError(f"unknown {what} id {key!r}")
