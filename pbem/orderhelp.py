"""HELP ORDERS by mail: every order of a game, what it does, an example, and the default
it gets when left out — the reference a player with only a phone can ask for, now that
the order form lists only the orders he can give at the moment (issue 20).

A game provides `order_help() -> list[OrderHelp]` (optional in the Game protocol);
this module renders it as plain text of at most 72 columns.
"""

from __future__ import annotations

from dataclasses import dataclass

from .render import fill


@dataclass(frozen=True)
class OrderHelp:
    keyword: str
    doc: str
    example: str
    rule: str = ""
    default: str = ""  # what happens when no line gives it ("" = nothing is done)
    when: str = ""  # the stages or phases it is given in


def text(title: str, orders: list[OrderHelp]) -> str:
    out = fill(f"Every order of {title}, one a line on your sheet; the order form in "
               "your report shows those you can give now, with examples from your own "
               "pieces.", 72)
    for o in orders:
        out.append("")
        out += fill(f"{o.keyword}" + (f" ({o.when})" if o.when else "") + f": {o.doc}"
                    + (f" [{o.rule}]" if o.rule else ""), 72)
        out += fill(f"e.g. {o.example}", 72, "  ", "    ")
        if o.default:
            out += fill(f"if left out: {o.default}", 72, "  ", "    ")
    return "\n".join(out) + "\n"
