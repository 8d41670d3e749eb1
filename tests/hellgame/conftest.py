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

import pbem_games.hellgame.loader  # noqa: F401  every order type, effect and hook registered
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.scenario import state_from_given
from pbem_games.hellgame.state import HellState


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
    given = {"players": ["a", "b", "c"] if players is None else players, "turn": turn,
             "owners": owners or {}, "daemons": daemons or {}, **fields,
             "units": [u if isinstance(u, dict) else dict(zip(UNIT_KEYS, u, strict=False))
                       for u in units or []]}
    # the same builder as scenario files' `given` blocks (one way to make a state)
    return state_from_given(given, load_data())


UNIT_KEYS = ("kind", "owner", "location", "ref")


@pytest.fixture
def make_state():
    """The `build_state` factory (see the module docstring)."""
    return build_state



@pytest.fixture(scope="module")
def data():
    """The loaded HellGame data (a module may define its own `data` fixture instead)."""
    return load_data()
