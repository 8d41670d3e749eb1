"""The HellGame order language: one plain-text order per line, case-insensitive.

Each order type owns its grammar in a module of this package (godip style) and
registers itself with `@order(...)`; the Daemon lines (`<Daemon>: <Action>`, actions.py)
register with `@daemon_lines(...)`. The game's loader.py imports every order module, so
this registry imports none of them. `check_sheet` turns a whole sheet into per-line
results; the very same parsers run at confirmation time and at resolution time
(DESIGN.md §2: one engine checks and resolves).

Lines: `#` starts a comment; blank lines are ignored; header lines (`GAME`, `PLAYER`,
`SECRET`, `TURN`) are read by the framework and skipped here; `END` (or `-- `, a
signature marker) ends the sheet. Phone-keyboard dashes and quotes are normalised. A
sheet is read up to pbem.lines' limits (MAX_ORDERS lines of at most MAX_LINE characters,
MAX_CHARS in all): a line past them is refused, saying which limit.

What can be known when the sheet is checked is checked then (issue 20, `known_now`): an
order type may register a sheet check (`@sheet_check`) that reads what the player sees
now (his hand, where Daemons and Units are, printed Daemon stats, the spread rule, where
a card is cast) through the same functions its phase uses at the deadline. A line that
cannot work this turn, whatever happens first, is refused; one that will not work as
things stand but still might (a card he may draw or buy first) is kept with a warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pbem.engine import ACCEPTED, ILLEGAL, LineResult, OrderSheet
from pbem.kit.ordertypes import OrderTypes
from pbem.lines import (  # noqa: F401  clean_line, parse_int, orders_of: for the order modules
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

#: Every order type, keyword -> pbem.kit.ordertypes.OrderType (`when`: its stages).
ORDER_TYPES = OrderTypes()


def order(keyword: str, *, stages: tuple[str, ...], rule: str, example: str, doc: str,
          repeatable: bool = True):
    """Register a parser: `parse(rest_of_line, ctx) -> (canonical_text, order_dict)`.

    The parser raises OrderError for anything it cannot accept. `order_dict` must be
    JSON-compatible; `type` is filled in here.
    """
    return ORDER_TYPES.order(keyword, when=stages, rule=rule, example=example, doc=doc,
                             repeatable=repeatable)


@dataclass(frozen=True)
class DaemonLines:
    """The one kind of line that is not `KEYWORD rest`: `<Daemon>: <Action> [IF ...]`."""

    keyword: str  # the order type of Daemon lines in a checked sheet
    rule: str
    is_line: Callable[[str], bool]
    parse: Parser


#: The grammar of Daemon lines, registered by orders/actions.py (at most one).
DAEMON_LINES: list[DaemonLines] = []


def daemon_lines(keyword: str, *, rule: str, is_line: Callable[[str], bool]):
    """Register the decorated `parse(line, ctx) -> (canonical_text, order_dict)` as the
    parser of the lines `is_line` recognises, before any keyword is looked for."""

    def wrap(fn: Parser) -> Parser:
        if DAEMON_LINES:
            raise ValueError("Daemon lines registered twice")
        DAEMON_LINES.append(DaemonLines(keyword.upper(), rule, is_line, fn))
        return fn

    return wrap


@dataclass
class Sheet:
    """What a sheet check may read besides its own order: the accepted orders of the
    whole sheet in sheet order (KEEP lines, earlier LEGION lines ...), and a memo for
    work done once a sheet."""

    orders: list[dict]
    memo: dict = field(default_factory=dict)

    def of(self, keyword: str) -> list[dict]:
        return [o for o in self.orders if o["type"] == keyword]


#: `check(order, ctx, sheet) -> warning or None` for an accepted order of one type: it
#: raises OrderError to refuse the line (it cannot work this turn, whatever happens
#: before its phase), or returns a warning (`caution`) when, as things stand, the line
#: will not work as written but still may.
SheetCheck = Callable[[dict, Ctx, Sheet], "str | None"]
SHEET_CHECKS: dict[str, SheetCheck] = {}


def sheet_check(keyword: str):
    """Register the decorated function as the sheet check of an order type."""

    def wrap(fn: SheetCheck) -> SheetCheck:
        key = keyword.upper()
        if key in SHEET_CHECKS:
            raise ValueError(f"sheet check for {key} registered twice")
        SHEET_CHECKS[key] = fn
        return fn

    return wrap


def caution(message: str, rule: str, hint: str = "") -> str:
    """A warning's text: what will go wrong as things stand, the rule, how to avoid it."""
    return f"{message} [{rule}]" + (f"; {hint}" if hint else "")


def check_sheet(state: HellState, data: HellData, player: str, text: str, *,
                known: bool = False) -> OrderSheet:
    """Check every line of an order sheet; never raises for bad input.

    `known`: also pass each accepted line through its sheet check (`known_now`). Those
    checks reason from the state at the start of the turn (nothing recovers before the
    End Phase, the Hell Phase draw is still to come ...), so they are asked only against
    the stage's snapshot: the game's check_orders, for the confirmation and again at the
    deadline, passes True; a test that checks a sheet against a state part-way through a
    turn leaves them out."""
    ctx = Ctx(state, data, player)

    def daemon_line(no: int, raw: str, line: str) -> LineResult | None:
        form = next((f for f in DAEMON_LINES if f.is_line(line)), None)
        return _daemon_line(no, raw, line, ctx, form) if form else None

    lines = ORDER_TYPES.check(
        text, player, player in state.players, state.seats, "HG-3.1-01", ctx, ctx.stage,
        "remove this line; see the order form for this stage's orders", daemon_line)
    return OrderSheet(player, known_now(lines, ctx) if known else lines)


def known_now(lines: list[LineResult], ctx: Ctx) -> list[LineResult]:
    """Each accepted line passed through its order type's sheet check (issue 20):
    refused, given a warning, or left as it is. Only for a turn stage."""
    if ctx.stage != TURN or ctx.player not in ctx.state.players:
        return lines
    sheet = Sheet([r.order for r in lines if r.ok and r.order is not None])
    out = []
    for r in lines:
        check = SHEET_CHECKS.get(r.order["type"]) if r.ok and r.order is not None else None
        if check is None:
            out.append(r)
            continue
        try:
            warning = check(r.order, ctx, sheet)
        except OrderError as e:
            out.append(LineResult(r.line_no, r.text, e.status, message=e.message,
                                  rule=e.rule or r.rule, hint=e.hint))
            continue
        out.append(replace(r, warning=warning) if warning else r)
    return out


def _daemon_line(no: int, raw: str, line: str, ctx: Ctx, form: DaemonLines) -> LineResult:
    """`<Daemon>: <Action> [IF ...]` (orders/actions.py), an order of the turn stage."""
    if ctx.stage != TURN:
        return LineResult(no, raw.strip(), ILLEGAL, rule=form.rule,
                          message="Daemon Actions are orders for the turn stage, and this "
                                  "is the setup stage",
                          hint="remove this line; the turn's order form lists them")
    try:
        canonical, data_ = form.parse(line, ctx)
    except OrderError as e:
        return LineResult(no, raw.strip(), e.status, message=e.message,
                          rule=e.rule or form.rule, hint=e.hint)
    return LineResult(no, raw.strip(), ACCEPTED, canonical=canonical, rule=form.rule,
                      order={"type": form.keyword, **data_})
