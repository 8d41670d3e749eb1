"""Shared fixtures for HellGame tests: build a game state directly, no dice needed.

Use the `make_state` fixture (a factory) in any test:

    def test_hg_12_1_01_petition_by_favour(make_state):
        st = make_state(
            players={"void": {"favours": 1, "daemons": ["daemon.baal"]}, "beast": {}},
            owners={"sectio.liars": "beast"},
            units=[("legion", "void", "sectio.liars")],
            daemons={"daemon.baal": {"where": "earth"}},
        )
"""

from __future__ import annotations

import pytest

from pbem_games.hellgame.state import Daemon, HellState, Player


def build_state(players: dict[str, dict] | list[str] | None = None, *, turn: int = 1,
                owners: dict[str, str] | None = None,
                units: list[tuple | dict] | None = None,
                daemons: dict[str, dict] | None = None,
                **fields) -> HellState:
    """A HellState for a test.

    - `players`: name -> Player fields (souls, favours, disfavours, hand, daemons, ...),
      seated in the order given; a plain list of names gives default players
      (0 Souls, 0 Favours). Default: players "a", "b", "c".
    - `daemons`: daemon id -> Daemon fields (where, incapacitated) overriding the
      defaults; every Daemon named in a player's `daemons` list is put in play,
      owned by that player, in Hell and active.
    - `owners`: sectio id -> player.
    - `units`: in order, each `(kind, owner, location)` or `(kind, owner, location, ref)`
      or a dict of Unit fields (kind, owner, location, ref, minder, bonus_pay,
      tamed_this_visit); ids are assigned u1, u2, ... in that order.
    - anything else (arcana_deck, daemon_deck, lieutenant_boxes, variants, ...) is set
      on the state as given.
    """
    if players is None:
        players = ["a", "b", "c"]
    if isinstance(players, list):
        players = {name: {} for name in players}
    st = HellState(seats=list(players), turn=turn)
    for name, kw in players.items():
        p = Player(name=name, **kw)
        st.players[name] = p
        for d in p.daemons:
            st.daemons[d] = Daemon(d, name)
    for d, kw in (daemons or {}).items():
        if d not in st.daemons:
            raise ValueError(f"{d} is not in any player's daemons list")
        for k, v in kw.items():
            setattr(st.daemons[d], k, v)
    st.owners = dict(owners or {})
    for u in units or []:
        if isinstance(u, dict):
            extra = {k: v for k, v in u.items() if k not in ("kind", "owner", "location", "ref")}
            made = st.new_unit(u["kind"], u.get("owner"), u["location"], u.get("ref"))
            for k, v in extra.items():
                setattr(made, k, v)
        else:
            st.new_unit(*u)
    for k, v in fields.items():
        if not hasattr(st, k):
            raise ValueError(f"HellState has no field {k!r}")
        setattr(st, k, v)
    return st


@pytest.fixture
def make_state():
    """The `build_state` factory (see the module docstring)."""
    return build_state

