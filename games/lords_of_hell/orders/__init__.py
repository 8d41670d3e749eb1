"""The Lords of Hell order language: one plain-text order per line, case-insensitive.

Each stage of a turn takes its own sheet: the transfer stage, each combat round's
stage, the gathering stage (DESIGN.md §5, digest §4.4 "minimum faithful"). Each order
type owns its grammar in a module of this package and registers with `@order(...)`,
naming the phases it may be given in; `check_sheet` turns a sheet into per-line results,
and the same parsers run at confirmation and at resolution time.

Lines: `#` starts a comment; blank lines are ignored; header lines (`GAME`, `PLAYER`,
`SECRET`, `TURN`) are read by the framework and skipped here; `END` (or `-- `, a
signature marker) ends the sheet.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import ILLEGAL, INVALID, LineResult, OrderSheet
from pbem.lines import checked_line, clean_line, sheet_lines

from ..datamodel import LohData

HEADER_WORDS = ("game", "player", "secret", "turn", "stage")
PHASES = ("transfer", "combat", "gathering")
ANY = PHASES  # an order for every stage (trading, standing orders)


@dataclass(frozen=True)
class Ctx:
    """What a parser may look at; parsers never change the state."""

    state: dict
    data: LohData
    player: str

    @property
    def phase(self) -> str:
        return self.state["phase"]

    @property
    def me(self) -> dict:
        return self.state["players"][self.player]


Parser = Callable[[str, Ctx], tuple[str, dict]]


@dataclass(frozen=True)
class OrderType:
    keyword: str  # upper-case words, e.g. "FORCED OPH"
    phases: tuple[str, ...]
    rule: str
    example: str
    doc: str
    parse: Parser
    repeatable: bool = True
    standing: bool = False  # kept in the state until changed (P["standing"])


ORDER_TYPES: dict[str, OrderType] = {}


def order(keyword: str, *, phases: tuple[str, ...], rule: str, example: str, doc: str,
          repeatable: bool = True, standing: bool = False):
    """Register a parser: `parse(rest_of_line, ctx) -> (canonical_text, order_dict)`.
    It raises OrderError for anything it cannot accept; `order_dict` is JSON-compatible
    and gets its `type` here."""

    def wrap(fn: Parser) -> Parser:
        key = keyword.upper()
        if key in ORDER_TYPES:
            raise ValueError(f"order {key} registered twice")
        ORDER_TYPES[key] = OrderType(key, phases, rule, example, doc, fn, repeatable, standing)
        return fn

    return wrap


def _find_type(line: str) -> tuple[OrderType | None, str]:
    words = line.split(" ")
    for n in (3, 2, 1):  # longest keyword first
        if len(words) >= n:
            key = " ".join(words[:n]).upper()
            if key in ORDER_TYPES:
                return ORDER_TYPES[key], " ".join(words[n:])
    return None, line


def check_sheet(state: dict, data: LohData, player: str, text: str) -> OrderSheet:
    """Check every line of an order sheet; never raises for bad input."""
    ctx = Ctx(state, data, player)
    sheet = OrderSheet(player)
    seen: set[str] = set()
    for no, raw in sheet_lines(text):
        line = clean_line(raw)
        if not line or line.split(" ")[0].lower().rstrip(":") in HEADER_WORDS:
            continue
        if player not in state["players"]:
            sheet.lines.append(LineResult(
                no, raw.strip(), ILLEGAL, rule="LH-I.1-01",
                message=f"{player!r} is not a player in this game",
                hint="send orders as one of the players: " + ", ".join(state["seats"])))
            continue
        otype, rest = _find_type(line)
        if otype is None:
            sheet.lines.append(LineResult(no, raw.strip(), INVALID,
                                          message=f"{line!r} is not an order I know",
                                          hint=_suggest(line, ctx)))
            continue
        sheet.lines.append(checked_line(
            no, raw, otype, rest, ctx, ctx.phase, otype.phases, seen,
            "remove this line; the order form lists this stage's orders"))
    return sheet


def _suggest(line: str, ctx: Ctx) -> str:
    keys = sorted(k for k, t in ORDER_TYPES.items() if ctx.phase in t.phases)
    if not keys:
        return "this stage takes no orders"
    words = line.upper().split(" ")
    best = [(difflib.SequenceMatcher(None, " ".join(words[:len(k.split(" "))]), k).ratio(), k)
            for k in keys]
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
from . import registry  # noqa: E402, F401
