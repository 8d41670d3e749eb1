"""Lords of Hell as a pbem game (the contract in pbem/engine.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pbem.engine import OrderSheet, Resolution
from pbem.eventlog import Log
from pbem.kit.statecache import ReadOnlyStates

from . import (
    effects,
    loader,  # noqa: F401  every order type and card effect registered
    setup,
    turn,
)
from .data import load_data
from .form import order_form
from .orders import check_sheet
from .state import LohState
from .views import player_view, public_view

TEMPLATES = str(Path(__file__).parent / "templates")


class LordsOfHell:
    id = "lords-of-hell"
    title = "Lords of Hell"
    min_players = 4  # 4-6 implied by the proclaiming rules (LH-II.4-09, digest G12)
    max_players = 6
    variants = {
        "private_diplomacy": "deals and promises are shown to their parties only, not to "
                             "the table (LH-II.2.2-01 allows it by agreement)",
        "nap_no_objections": "a NAP also rules out objecting to its partner (002's reading, "
                             "LH-II.3.1-03)",
    }

    _checked_data = None

    def __init__(self) -> None:
        self._states = ReadOnlyStates(lambda d: LohState.from_dict(d, copy=False))

    @property
    def data(self):
        data = load_data()
        if self._checked_data is not data:  # the effects are checked once per data
            effects.check(data)
            self._checked_data = data
        return data

    def new_game(self, players: list[str], variants: dict, dice):
        log = Log()
        log.phase = "setup"
        st = setup.new_state(players, variants, dice, self.data, log)
        return st.to_dict(copy=False), turn.stage_name(st), log.events

    def _read_only(self, state: dict | LohState) -> LohState:
        """The state object for checking, viewing and the order form, built once per
        snapshot dict and shared with it (pbem.kit.statecache): none of them mutates it.
        A LohState (the tests) is used as it is."""
        return state if isinstance(state, LohState) else self._states.get(state)

    def check_orders(self, state: dict, player: str, text: str) -> OrderSheet:
        return check_sheet(self._read_only(state), self.data, player, text)

    def resolve(self, state: dict, sheets: dict[str, OrderSheet | None], dice) -> Resolution:
        """The stage resolved on a copy (turn.resolve copies), the new state handed back
        as a dict (sharing its lists with the resolved object, which is dropped)."""
        st = state if isinstance(state, LohState) else LohState.from_dict(state, copy=False)
        res = turn.resolve(st, sheets, dice, self.data)
        return dataclasses.replace(res, state=res.state.to_dict(copy=False))

    def moderate(self, state: dict, words: list[str], dice):
        """A moderator's decision on the open stage (`pbem game decide GAME ...`): on a
        possible broken promise, `penalty b1` or `dismiss b1` (breaches.py,
        LH-II.3-02). Returns (the new state, its events, a line for the moderator);
        ValueError for a decision it does not take."""
        from pbem.eventlog import Log

        from . import breaches

        st = LohState.from_dict(state.to_dict() if isinstance(state, LohState) else state)
        if st.phase == "over":
            raise ValueError("the game is over: there is nothing left to decide")
        log = Log()
        log.phase = "moderator"
        said = breaches.decide(st, list(words), self.data, dice, log)
        return st.to_dict(copy=False), log.events, said

    def scenario_state(self, given: dict) -> dict:
        """Scenario files (docs/scenarios.md): a state from a partial `given` block."""
        from .scenario import state_from_given

        return state_from_given(given, self.data)

    def run_phases(self, state: dict, sheets, dice, phases: list[str] | None):
        """Scenario hook: resolve the whole stage, or only the named steps."""
        from .scenario import run_phases

        return run_phases(state, sheets, dice, self.data, phases)

    def scenario_view(self, state: dict) -> dict:
        """What a scenario's `expect` paths read: card ids in place of instances."""
        from .scenario import scenario_view

        return scenario_view(state)

    def player_view(self, state: dict, player: str) -> dict:
        return player_view(self._read_only(state), player, self.data)

    def public_view(self, state: dict) -> dict:
        return public_view(self._read_only(state), self.data)

    def order_form(self, state: dict, player: str, previous: OrderSheet | None = None) -> str:
        return order_form(self._read_only(state), player, self.data, previous)

    def demo(self):
        """The demo `pbem demo` plays (pbem.engine.Demo)."""
        from .demo import DEMO

        return DEMO

    def templates(self) -> str:
        return TEMPLATES

    def order_help(self):
        """Every order and its example: HELP ORDERS (pbem/orderhelp.py)."""
        from pbem.orderhelp import OrderHelp

        from .orders import ORDER_TYPES

        return [OrderHelp(o.keyword, o.doc, o.example, o.rule,
                          when=", ".join(o.when)) for o in ORDER_TYPES.values()]

    def audit(self) -> dict:
        from .dataaudit import audit

        return audit(self.data)


GAME = LordsOfHell()
