"""The HellGame order language: one plain-text order per line, case-insensitive.

Each order type owns its grammar in a module of this package (godip style) and
registers itself with `@order(...)`. `check_sheet` turns a whole sheet into per-line
results; the very same parsers run at confirmation time and at resolution time
(DESIGN.md §2: one engine checks and resolves).

Lines: `#` starts a comment; blank lines are ignored; header lines (`GAME`, `PLAYER`,
`SECRET`, `TURN`) are read by the framework and skipped here; `END` (or `-- `, a
signature marker) ends the sheet. Phone-keyboard dashes and quotes are normalised.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import ACCEPTED, ILLEGAL, INVALID, LineResult, OrderSheet
from pbem.lines import checked_line, clean_line, parse_int, sheet_lines  # noqa: F401  parse_int: for the order modules

from ..data import HellData
from ..errors import OrderError
from ..state import HellState

HEADER_WORDS = ("game", "player", "secret", "turn", "stage")
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


def _find_type(line: str) -> tuple[OrderType | None, str]:
    words = line.split(" ")
    for n in (3, 2, 1):  # longest keyword first: "BUY OFF" before "BUY"
        if len(words) >= n:
            key = " ".join(words[:n]).upper()
            if key in ORDER_TYPES:
                return ORDER_TYPES[key], " ".join(words[n:])
    return None, line


def check_sheet(state: HellState, data: HellData, player: str, text: str) -> OrderSheet:
    """Check every line of an order sheet; never raises for bad input."""
    from .. import turn  # noqa: F401  every card's effect registered (they import us)

    ctx = Ctx(state, data, player)
    sheet = OrderSheet(player)
    seen: set[str] = set()
    for no, raw in sheet_lines(text):
        line = clean_line(raw)
        if not line or line.split(" ")[0].lower().rstrip(":") in HEADER_WORDS:
            continue
        if player not in state.players:
            # Parsers may look up the player's hand or Daemons; a name that is not
            # seated gets a per-line answer, never a KeyError.
            sheet.lines.append(LineResult(
                no, raw.strip(), ILLEGAL, rule="HG-3.1-01",
                message=f"{player!r} is not a player in this game",
                hint="send orders as one of the players: " + ", ".join(state.seats)))
            continue
        otype, rest = _find_type(line)
        if otype is None and actions.is_daemon_line(line):
            sheet.lines.append(_daemon_line(no, raw, line, ctx))
            continue
        if otype is None:
            sheet.lines.append(LineResult(no, raw.strip(), INVALID,
                                          message=f"{line!r} is not an order I know",
                                          hint=_suggest(line, ctx)))
            continue
        sheet.lines.append(checked_line(
            no, raw, otype, rest, ctx, ctx.stage, otype.stages, seen,
            "remove this line; see the order form for this stage's orders"))
    return sheet


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


def _suggest(line: str, ctx: Ctx) -> str:
    """A "did you mean" built from the keywords of this stage (whole keywords, so
    "BUY OF ALL" suggests BUY OFF, not BUY)."""
    import difflib

    keys = sorted(k for k, t in ORDER_TYPES.items() if ctx.stage in t.stages)
    words = line.upper().split(" ")
    best: list[tuple[float, str]] = []
    for key in keys:
        typed = " ".join(words[:len(key.split(" "))])
        best.append((difflib.SequenceMatcher(None, typed, key).ratio(), key))
    score, key = max(best, key=lambda x: (x[0], -len(x[1])))
    if score >= 0.6:
        return f"did you mean {key}? e.g. {ORDER_TYPES[key].example}"
    return "orders for this stage: " + ", ".join(keys)


def orders_of(sheet: OrderSheet | None, keyword: str) -> list[dict]:
    """The accepted orders of one type, in sheet order ([] for no sheet: defaults)."""
    if sheet is None:
        return []
    return [o for o in sheet.orders if o["type"] == keyword]


# The order modules register themselves on import; they need the names above first.
from . import actions, events, registry  # noqa: E402, F401
