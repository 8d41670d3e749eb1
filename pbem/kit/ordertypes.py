"""The order-type registry both games use: one plain-text order per line, `KEYWORD rest`.

A game registers each order type's parser with `OrderTypes.order(keyword, when=...)`:
`parse(rest_of_line, ctx) -> (canonical_text, order_dict)`, raising the game's
OrderError (`pbem.lines.OrderError`) for what it cannot accept. `when` names the stages
(or phases) the type may be given in. `OrderTypes.check(...)` reads a sheet with
`pbem.lines.check_lines` (comments, headers, END, limits, "did you mean", unknown
keywords) and returns its LineResults; the same parsers run at confirmation and at the
deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import LineResult
from pbem.lines import check_lines

Parser = Callable[[str, object], tuple[str, dict]]


@dataclass(frozen=True)
class OrderType:
    keyword: str  # upper-case words, e.g. "BUY ARCANA"
    when: tuple[str, ...]  # the stages or phases it may be given in
    rule: str
    example: str
    doc: str
    parse: Parser
    repeatable: bool = True
    standing: bool = False  # kept in the state until changed (a game that has them)


class OrderTypes(dict):
    """Keyword -> OrderType, in registration order (the order help lists them in)."""

    def order(self, keyword: str, *, when: tuple[str, ...], rule: str, example: str,
              doc: str, repeatable: bool = True, standing: bool = False):
        """Register the decorated parser; a keyword registered twice is an error."""

        def wrap(fn: Parser) -> Parser:
            key = keyword.upper()
            if key in self:
                raise ValueError(f"order {key} registered twice")
            self[key] = OrderType(key, tuple(when), rule, example, doc, fn, repeatable,
                                  standing)
            return fn

        return wrap

    def for_stage(self, stage: str) -> list[OrderType]:
        return [t for t in self.values() if stage in t.when]

    def check(self, text: str, player: str, plays: bool, seats, rule: str, ctx,
              stage: str, hint: str, other=None) -> list[LineResult]:
        """Every line of a sheet checked (pbem.lines.check_lines): `plays` whether the
        player is in the game, `rule` the clause a stranger's sheet breaks, `hint` what
        to do with an order of another stage, `other(no, raw, line)` for lines that
        are not `KEYWORD rest` (or None)."""
        return check_lines(text, player, plays, seats, rule, self, ctx, stage,
                           lambda t: t.when, hint, other)
