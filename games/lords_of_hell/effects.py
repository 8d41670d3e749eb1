"""Card effects registered by card id (the cards/ modules register on import; loader.py
imports them), and what is implemented (`pbem data audit lords-of-hell`). Loading the
game fails for a card with no effect or an effect with no card (`check`)."""

from __future__ import annotations

from pbem.kit import registry
from pbem.kit.registry import Registry

#: card id -> the handler (a special's play, a ritual's finish, an artifact's or
#: horde's hook); what a handler is depends on the kind (cards/ modules say).
EFFECTS = Registry("card")


def effect(card_id: str):
    return EFFECTS.register(card_id)


def coverage(data) -> dict[str, dict[str, int]]:
    """{kind: {"implemented": n, "total": m}} over the card kinds (once loader.py has
    imported every card module)."""
    out: dict[str, dict[str, int]] = {}
    for cid, card in data.cards.items():
        k = out.setdefault(card.kind, {"implemented": 0, "total": 0})
        k["total"] += 1
        k["implemented"] += cid in EFFECTS
    return out


def check(data) -> None:
    """Every card kind in the data has its effect, and every effect its card (asked once
    loader.py has imported every card module: the game does)."""
    registry.check([(EFFECTS, data.cards)], "Lords of Hell")
