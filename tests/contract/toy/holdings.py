"""What each player holds, for the first screen of his report (pbem.ledger).

The stage's log takes this snapshot around every event (kit.stages.watched_log), so each
token paid, point scored and card played reaches the report with the event that caused
it, and no phase writes that summary by hand.
"""

from __future__ import annotations

from pbem.ledger import Holding, Snapshot

from .data import load_data


def _card(card: str) -> str:
    return load_data().cards[card].name


#: the kinds, in the order of `values`: two counts and a collection of card ids
KINDS = (
    Holding("tokens", 1, ("token", "bid"), one="token"),
    Holding("points", 1, ("point", "score"), one="point"),
    Holding("hand", 1, ("card", "play"), ("card {}", "card {}"), name=_card),
)


def values(st: dict) -> Snapshot:
    return {p: (me["tokens"], me["points"], tuple(me["hand"]))
            for p, me in st["players"].items()}
