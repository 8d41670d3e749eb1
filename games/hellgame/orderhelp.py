"""HELP ORDERS for the HellGame (pbem/orderhelp.py): every order type, with its example,
its rule and the default it gets when left out (defaults.DECISIONS)."""

from __future__ import annotations

from dataclasses import replace

from pbem.orderhelp import OrderHelp

from .defaults import DECISIONS
from .orders import ORDER_TYPES

#: the Action Phase lines, which are not one keyword (orders/actions.py)
DAEMON_LINES = OrderHelp(
    "<Daemon>: <Action>", "the Action Phase: one alternative a line, the first that "
    "applies is taken when the Daemon comes up; Actions: PASS FOR GOOD, PASS, WALK THE "
    "EARTH, LEAVE THE EARTH, ATONE, EVIL DEEDS, INFLUENCE, CONSPIRE, MARCH, CAST, "
    "SUPPORT, ABILITY, each with IF <condition> if wanted",
    "Baal: MARCH 2 LEGIONS SUGAR HILL > ADDICTION IF SOULS >= 3", "HG-9.2-01",
    "", "turn")


def order_help() -> list[OrderHelp]:
    defaults: dict[str, str] = {}
    for stage in DECISIONS.values():
        for keys, ip, text in stage:
            for k in keys:  # FLEE has two (IP-23, IP-24)
                said = f"{text} ({ip})"
                defaults[k] = f"{defaults[k]}; {said}" if k in defaults else said
    out = []
    for stage in ("setup", "turn"):
        for o in ORDER_TYPES.values():
            if stage in o.when:
                out.append(OrderHelp(o.keyword, o.doc, o.example, o.rule,
                                     defaults.get(o.keyword, ""), stage))
        if stage == "turn":
            out.append(replace(DAEMON_LINES, default=defaults.get("ACTION", "")))
    return out
