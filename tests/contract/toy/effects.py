"""What each card does, registered under its id in a kit Registry (HC-3).

An effect changes the player's terms for this stage, a dict the reveal phase builds:
`strength` (his bid, to start with), `points` (what winning scores, 1 to start with)
and `refund` (whether his bid comes back). A real game has a module per family of
cards and a loader.py importing them all; three cards fit here.

`check(data)` runs when the game loads: a card in cards.yaml with no effect here, or an
effect whose id is not in the file, stops the game from loading.
"""

from __future__ import annotations

from pbem.kit import registry
from pbem.kit.registry import Registry

EFFECTS = Registry("card")


@EFFECTS.register("card.boost")
def boost(terms: dict) -> None:
    terms["strength"] += 2


@EFFECTS.register("card.double")
def double(terms: dict) -> None:
    terms["points"] = 2


@EFFECTS.register("card.refund")
def refund(terms: dict) -> None:
    terms["refund"] = True


def check(data) -> None:
    registry.check([(EFFECTS, data.cards)], "High Card")
