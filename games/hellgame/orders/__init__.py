"""The HellGame order language: one plain-text order per line, case-insensitive.

Each order type owns its grammar in a module of this package (godip style) and
registers itself with `@order(...)`. `check_sheet` turns a whole sheet into per-line
results; the very same parsers run at confirmation time and at resolution time
(DESIGN.md §2: one engine checks and resolves).

Lines: `#` starts a comment; blank lines are ignored; header lines (`GAME`, `PLAYER`,
`SECRET`, `TURN`) are read by the framework and skipped here; `END` (or `-- `, a
signature marker) ends the sheet. Phone-keyboard dashes and quotes are normalised. A
sheet is read up to pbem.lines' limits (MAX_ORDERS lines of at most MAX_LINE characters,
MAX_CHARS in all): a line past them is refused, saying which limit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import ACCEPTED, ILLEGAL, LineResult, OrderSheet
from pbem.lines import (  # noqa: F401  clean_line, parse_int, orders_of: for the order modules
    check_lines,
    clean_line,
    orders_of,
    parse_int,
)

from ..data import HellData
from ..errors import OrderError
from ..state import HellState

SETUP = "setup"
TURN = "turn"


@dataclass(frozen=True)
class Ctx:
    """What a parser may look at: read-only by convention (validation never mutates)."""

    state: HellState
    data: HellData
    player: str

    @property
    def stage(self) -> str:
        return SETUP if self.state.turn == 0 else TURN


Parser = Callable[[str, Ctx], tuple[str, dict]]


@dataclass(frozen=True)
class OrderType:
    keyword: str  # upper-case words, e.g. "BUY ARCANA"
    stages: tuple[str, ...]
    rule: str
    example: str
    doc: str
    parse: Parser
    repeatable: bool = True


ORDER_TYPES: dict[str, OrderType] = {}


def order(keyword: str, *, stages: tuple[str, ...], rule: str, example: str, doc: str,
          repeatable: bool = True):
    """Register a parser: `parse(rest_of_line, ctx) -> (canonical_text, order_dict)`.

    The parser raises OrderError for anything it cannot accept. `order_dict` must be
    JSON-compatible; `type` is filled in here.
    """

    def wrap(fn: Parser) -> Parser:
        key = keyword.upper()
        if key in ORDER_TYPES:
            raise ValueError(f"order {key} registered twice")
        ORDER_TYPES[key] = OrderType(key, stages, rule, example, doc, fn, repeatable)
        return fn

    return wrap


def check_sheet(state: HellState, data: HellData, player: str, text: str) -> OrderSheet:
    """Check every line of an order sheet; never raises for bad input."""
    from .. import turn  # noqa: F401  every card's effect registered (they import us)

    ctx = Ctx(state, data, player)

    def daemon_line(no: int, raw: str, line: str) -> LineResult | None:
        return _daemon_line(no, raw, line, ctx) if actions.is_daemon_line(line) else None

    return OrderSheet(player, check_lines(
        text, player, player in state.players, state.seats, "HG-3.1-01", ORDER_TYPES, ctx,
        ctx.stage, lambda t: t.stages,
        "remove this line; see the order form for this stage's orders", daemon_line))


def _daemon_line(no: int, raw: str, line: str, ctx: Ctx) -> LineResult:
    """`<Daemon>: <Action> [IF ...]` (orders/actions.py), an order of the turn stage."""
    if ctx.stage != TURN:
        return LineResult(no, raw.strip(), ILLEGAL, rule=actions.RULE,
                          message="Daemon Actions are orders for the turn stage, and this "
                                  "is the setup stage",
                          hint="remove this line; the turn's order form lists them")
    try:
        canonical, data_ = actions.parse_line(line, ctx)
    except OrderError as e:
        return LineResult(no, raw.strip(), e.status, message=e.message,
                          rule=e.rule or actions.RULE, hint=e.hint)
    return LineResult(no, raw.strip(), ACCEPTED, canonical=canonical, rule=actions.RULE,
                      order={"type": actions.KEYWORD, **data_})


# The order modules register themselves on import; they need the names above first.
from . import actions, events, registry  # noqa: E402, F401
