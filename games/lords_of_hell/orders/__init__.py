"""The Lords of Hell order language: one plain-text order per line, case-insensitive.

Each stage of a turn takes its own sheet: the transfer stage, each combat round's
stage, the gathering stage (DESIGN.md §5, digest §4.4 "minimum faithful"). Each order
type owns its grammar in a module of this package and registers with `@order(...)`,
naming the phases it may be given in (the game's loader.py imports every order module,
so this registry imports none of them); `check_sheet` turns a sheet into per-line results,
and the same parsers run at confirmation and at resolution time.

Lines: `#` starts a comment; blank lines are ignored; header lines (`GAME`, `PLAYER`,
`SECRET`, `TURN`) are read by the framework and skipped here; `END` (or `-- `, a
signature marker) ends the sheet. A sheet is read up to pbem.lines' limits (MAX_ORDERS
lines of at most MAX_LINE characters, MAX_CHARS in all): a line past them is refused,
saying which limit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import OrderSheet
from pbem.kit.ordertypes import OrderTypes
from pbem.lines import orders_of  # noqa: F401  orders_of: for the phase modules

from ..datamodel import LohData
from ..state import LohState

PHASES = ("transfer", "combat", "gathering")
ANY = PHASES  # an order for every stage (trading, standing orders)


@dataclass(frozen=True)
class Ctx:
    """What a parser may look at; parsers never change the state."""

    state: LohState
    data: LohData
    player: str

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def me(self) -> dict:
        return self.state.players[self.player]


Parser = Callable[[str, Ctx], tuple[str, dict]]

#: Every order type, keyword -> pbem.kit.ordertypes.OrderType (`when`: its phases;
#: `standing`: kept in the state until changed, P.standing).
ORDER_TYPES = OrderTypes()


def order(keyword: str, *, phases: tuple[str, ...], rule: str, example: str, doc: str,
          repeatable: bool = True, standing: bool = False):
    """Register a parser: `parse(rest_of_line, ctx) -> (canonical_text, order_dict)`.
    It raises OrderError for anything it cannot accept; `order_dict` is JSON-compatible
    and gets its `type` here."""
    return ORDER_TYPES.order(keyword, when=phases, rule=rule, example=example, doc=doc,
                             repeatable=repeatable, standing=standing)


def check_sheet(state: LohState, data: LohData, player: str, text: str) -> OrderSheet:
    """Check every line of an order sheet; never raises for bad input."""
    ctx = Ctx(state, data, player)
    return OrderSheet(player, ORDER_TYPES.check(
        text, player, player in state.players, state.seats, "LH-I.1-01", ctx,
        ctx.phase, "remove this line; the order form lists this stage's orders"))
