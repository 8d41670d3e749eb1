"""Telling a player that a line of his, accepted when he sent it, failed at the deadline
(issue 20): an event of kind "order-failed", private to him, that names the line and
says why, with its rule. The report shows these first.

A phase finds the line from the order it was given: the orders of a checked sheet are
the very dicts of its accepted lines (OrderSheet.orders), so the line number and the
canonical text are found by identity, never guessed.
"""

from __future__ import annotations

from pbem.engine import LineResult, OrderSheet

FAILED = "order-failed"
NOT_DONE = "was not carried out"
IN_PART = "was carried out only in part"


def line_of(sheet: OrderSheet | None, order: dict) -> LineResult | None:
    """The accepted line whose order is `order` (the same dict), or whose Daemon line's
    Action is (`order["action"]`, what an Action kind's `run` is given); None if none."""
    if sheet is None:
        return None
    return next((r for r in sheet.lines if r.order is not None and (
        r.order is order or r.order.get("action") is order)), None)


def order_failed(log, sheet: OrderSheet | None, order: dict, why: str, rule: str, *,
                 player: str | None = None, outcome: str = NOT_DONE,
                 label: str = "") -> None:
    """Log that `order` (from `sheet`, the sheet of `player`) failed: "Line 4, LEGION
    Thieves 2, was carried out only in part: <why>." `label` names the order when its
    line is not found (an order built by a test or a default)."""
    player = player or (sheet.player if sheet is not None else None)
    if player is None:
        return
    r = line_of(sheet, order)
    if r is not None:
        what = f"Line {r.line_no}, {r.canonical},"
    else:
        what = f"Your order {label or order.get('type', '')}"
    why = why.rstrip(".")
    log.private(player, FAILED, f"{what} {outcome}: {why}.", rule,
                line=r.line_no if r is not None else None,
                order=r.canonical if r is not None else label, type=order.get("type"))
