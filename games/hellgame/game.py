"""The HellGame as a pbem game (the contract in pbem/engine.py)."""

from __future__ import annotations

from pathlib import Path

from pbem.engine import OrderSheet, Resolution
from pbem.kit.statecache import ReadOnlyStates

from . import (
    defaults,
    effects,
    loader,  # noqa: F401  every order type, effect and hook registered
    setup,
    standing,
    turn,
)
from .data import load_data
from .form import order_form
from .log import Log
from .orders import check_sheet
from .scenario import state_from_given
from .state import HellState
from .views import player_view, public_view, turn_marks

TEMPLATES = str(Path(__file__).parent / "templates")


class HellGame:
    id = "hellgame"
    title = "The HellGame"
    #: the state object for checking and viewing, built once per snapshot dict
    _states = ReadOnlyStates(lambda d: HellState.from_dict(d, copy=False))
    _checked_data = None
    min_players = 3  # HG-1.0-01
    max_players = 6
    variants = {
        "no_setup_hell_cards": "learning game: skip the setup Hell-card draw (HG-5.1-04)",
        "cursed_dice": "a player's six 1s in a row earn a Favour (HG-15.3-01)",
        "rigging_events": "Conspire may instead rig the next Event (HG-9.7.3.1-01)",
        "speedier_combat": "Combat Rolls hit on 5 instead of 6 (HG-11.3-01)",
        "last_dog_barking": "rampaging hounds alone in a Sectio roll their attacks; the "
                            "highest total survives (HG-16.7-03)",
        "v1_avoid_combat": "v1: combat avoided by agreement, no Souls next (HG-V1-11.3.1-01)",
        "v1_quick_combat": "v1: 1-2 Legions a side roll one die each (HG-V1-11.3.5-01)",
        "v1_three_rounds": "v1: after round 3 a drawn Unit decides (HG-V1-11.3.6-01, A-35)",
        "v1_isolation_full_value": "v1: all Sectio isolated: the best pays full (HG-V1-7.1-01)",
    }

    @property
    def data(self):
        data = load_data()
        if self._checked_data is not data:  # the registries are checked once per data
            effects.check(data)
            self._checked_data = data
        return data

    def new_game(self, players: list[str], variants: dict, dice):
        log = Log()
        log.phase = "setup"
        st = setup.new_state(players, variants, dice, self.data, log)
        return st.to_dict(), "setup", log.events

    def check_orders(self, state: dict, player: str, text: str) -> OrderSheet:
        st = self._read_only(state)
        sheet = check_sheet(st, self.data, player, text, known=True)  # issue 20
        sheet.defaults = defaults.left_to_defaults(st, sheet)
        sheet.notes = standing.confirmation_notes(st, sheet)  # issue 22
        return sheet

    def _read_only(self, state: dict) -> HellState:
        """The state object for checking and viewing, built once per snapshot dict
        (pbem.kit.statecache). Checking and viewing never mutate it
        (tests/hellgame/test_check_is_pure.py)."""
        return self._states.get(state)

    def resolve(self, state: dict, sheets: dict[str, OrderSheet | None], dice) -> Resolution:
        return turn.resolve(state, sheets, dice, self.data)

    def run_phases(self, state: dict, sheets, dice, phases: list[str] | None):
        """Scenario hook: resolve the whole stage, or only the named phases."""
        if not phases:
            res = self.resolve(state, sheets, dice)
            return res.state, res.events
        st = HellState.from_dict(state)
        log = Log()
        turn.run_phases(st, sheets, dice, self.data, list(phases), log)
        return st.to_dict(), log.events

    def scenario_state(self, given: dict) -> dict:
        return state_from_given(given, self.data).to_dict()

    def player_view(self, state: dict, player: str) -> dict:
        st = self._read_only(state)
        return player_view(st, self.data, player, self._public(st))

    def public_view(self, state: dict) -> dict:
        return dict(self._public(self._read_only(state)))

    _last_public: tuple = (None, None)

    def _public(self, st: HellState) -> dict:
        """The public view of a snapshot's state object, made once for the stage's
        reports (a view per player and the board's); the views returned share its parts,
        which no one changes (issue 23)."""
        if self._last_public[0] is not st:
            self._last_public = (st, public_view(st, self.data))
        return self._last_public[1]

    def turn_marks(self, before: dict, after: dict, events) -> dict:
        return turn_marks(before, after, events)

    def map_svg(self, board: dict, marks: dict | None = None, *, title: str = "") -> str:
        from .mapsvg import map_svg

        return map_svg(board, marks, title=title)

    def order_form(self, state: dict, player: str, previous: OrderSheet | None = None) -> str:
        return order_form(self._read_only(state), self.data, player, previous)

    def demo(self):
        """The demo `pbem demo` plays (pbem.engine.Demo)."""
        from .demo import DEMO

        return DEMO

    def templates(self) -> str:
        return TEMPLATES

    def order_help(self):
        """Every order, its example and its default: HELP ORDERS (pbem/orderhelp.py)."""
        from .orderhelp import order_help

        return order_help()

    def audit(self) -> dict:
        from .data import audit

        data = self.data
        report = audit(data)
        return {"provenance": report["provenance"], "assumed": report["assumed"],
                "implemented": effects.coverage(data), "counts": report.get("counts", {})}

    def where(self) -> list[dict]:
        """Where each card's and Daemon ability's effect is implemented (file:line):
        `pbem data audit hellgame --where`, docs/where-hellgame.md."""
        return effects.where(self.data)


GAME = HellGame()
