"""Building a HellGame state from a scenario's `given` block (docs/scenarios.md)."""

from __future__ import annotations

from .data import HellData
from .state import Daemon, HellState, Player

FIELDS = set(HellState.__dataclass_fields__)


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
        st.players[name] = Player(name=name, **(kw or {}))
        for d in st.players[name].daemons:
            _known(d, data.daemons, "Daemon")
            st.daemons[d] = Daemon(d, name)
        for c in st.players[name].hand:
            _known(c, data.arcana, "Arcana card")
    for d, kw in (given.pop("daemons", None) or {}).items():
        if d not in st.daemons:
            raise ValueError(f"{d} is in no player's daemons list")
        for k, v in kw.items():
            setattr(st.daemons[d], k, v)
    for sid, owner in (given.pop("owners", None) or {}).items():
        _known(sid, data.sectio, "Sectio")
        if owner not in st.players:
            raise ValueError(f"owner {owner!r} of {sid} is not a player")
        st.owners[sid] = owner
    for u in given.pop("units", None) or []:
        extra = {k: v for k, v in u.items() if k not in ("kind", "owner", "location", "ref")}
        if u["location"] != "antehell":
            _known(u["location"], data.sectio, "Sectio")
        made = st.new_unit(u["kind"], u.get("owner"), u["location"], u.get("ref"))
        for k, v in extra.items():
            setattr(made, k, v)
    for k, v in given.items():
        setattr(st, k, v)
    return st


def _known(key: str, table: dict, what: str) -> None:
    if key not in table:
        raise ValueError(f"unknown {what} id {key!r}")
