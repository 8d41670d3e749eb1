"""One stage of High Card: three phases run by the kit, on a log that watches holdings.

    reveal     in seat order, each player pays his bid and plays his card (HC-2, HC-3)
    showdown   the highest strength wins; a die decides a tie (HC-4); refunds
    end        the next stage, or the end of the game (HC-5)

Each phase is `run(st, sheets, dice, data, log)` and changes `st` in place; `resolve`
works on a copy, so the stored state it was given never changes. Chance comes only from
`dice`, and players are taken in seat order, so a stage replays byte for byte.
"""

from __future__ import annotations

import copy

from pbem.engine import OrderSheet, Resolution
from pbem.grammar import clause, count, verb
from pbem.kit import stages
from pbem.kit.stages import Phase
from pbem.lines import orders_of

from . import effects, holdings
from .orders import default_bid


def stage_name(st: dict) -> str:
    return "final" if st["over"] else f"stage {st['stage']}"


def reveal(st, sheets, dice, data, log) -> None:
    st["table"] = {}
    for p in st["seats"]:
        me, sheet = st["players"][p], sheets.get(p)
        bids, plays = orders_of(sheet, "BID"), orders_of(sheet, "PLAY")
        bid = bids[0]["n"] if bids else default_bid(me)
        terms = {"bid": bid, "strength": bid, "points": 1, "refund": False, "card": ""}
        me["tokens"] -= bid
        text = f"{p} bids {count(bid, 'token')}"
        if plays:  # checked against this very state: the card is in his hand
            card = plays[0]["card"]
            me["hand"].remove(card)
            terms["card"] = data.cards[card].name
            effects.EFFECTS[card](terms)
            text += f" and plays {terms['card']}"
        st["table"][p] = terms
        log.public("reveal", f"{text}: strength {terms['strength']}.", "HC-3")


def showdown(st, sheets, dice, data, log) -> None:
    table = st["table"]
    best = max(t["strength"] for t in table.values())
    tied = [p for p in st["seats"] if table[p]["strength"] == best]
    winner = tied[0]
    if len(tied) > 1:
        winner = dice.pick(tied, f"tie at strength {best}")
        log.public("tie", f"{' and '.join(tied)} tie at strength {best}; the die "
                          f"picks {winner}.", "HC-4")
    points = table[winner]["points"]
    st["players"][winner]["points"] += points
    log.public("win", f"{winner} wins stage {st['stage']} and scores "
                      f"{count(points, 'point')}.", "HC-4")
    for p in st["seats"]:
        if table[p]["refund"] and table[p]["bid"]:
            st["players"][p]["tokens"] += table[p]["bid"]
            log.public("refund", f"Refund: {p} gets {count(table[p]['bid'], 'token')} "
                                 "back.", "HC-3")


def end(st, sheets, dice, data, log) -> None:
    st["stage"] += 1
    st["over"] = st["stage"] > data.rules["stages"]
    if st["over"]:
        log.public("end", f"The game is over: {result(st)}.", "HC-5")


PHASES = (Phase("reveal", reveal), Phase("showdown", showdown), Phase("end", end))


def resolve(state: dict, sheets: dict[str, OrderSheet | None], dice, data) -> Resolution:
    st = copy.deepcopy(state)
    log = stages.watched_log(holdings.KINDS, lambda: holdings.values(st))
    stages.run_phases(PHASES, [p.name for p in PHASES], st, sheets, dice, data, log)
    return stages.resolution(st, log, stage_name(st), finished=st["over"],
                             result=clause(result(st)) if st["over"] else "")


def result(st: dict) -> str:
    """Most points wins; then most tokens left; still equal, they share the win (HC-5)."""
    def score(p):
        return st["players"][p]["points"], st["players"][p]["tokens"]

    top = max(score(p) for p in st["seats"])
    best = [p for p in st["seats"] if score(p) == top]
    return (f"{' and '.join(best)} {verb(len(best) > 1, 'win')} with "
            f"{count(top[0], 'point')} and {count(top[1], 'token')} left")
