"""Lords of Hell as a pbem game (the contract in pbem/engine.py)."""

from __future__ import annotations

from pathlib import Path

from pbem.engine import OrderSheet, Resolution
from pbem.eventlog import Log

from . import (
    effects,
    loader,  # noqa: F401  every order type and card effect registered
    setup,
    turn,
)
from .data import load_data
from .form import order_form
from .orders import check_sheet
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
        return st, turn.stage_name(st), log.events

    def check_orders(self, state: dict, player: str, text: str) -> OrderSheet:
        return check_sheet(state, self.data, player, text)

    def resolve(self, state: dict, sheets: dict[str, OrderSheet | None], dice) -> Resolution:
        return turn.resolve(state, sheets, dice, self.data)

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
        return player_view(state, player, self.data)

    def public_view(self, state: dict) -> dict:
        return public_view(state, self.data)

    def order_form(self, state: dict, player: str, previous: OrderSheet | None = None) -> str:
        return order_form(state, player, self.data, previous)

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
