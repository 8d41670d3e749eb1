"""Card effects registered by card id (the cards/ modules register on import; loader.py
imports them), and what is implemented (`pbem data audit lords-of-hell`). Loading the
game fails for a card with no effect or an effect with no card (`check`)."""

from __future__ import annotations

#: card id -> the handler (a special's play, a ritual's finish, an artifact's or
#: horde's hook); what a handler is depends on the kind (cards/ modules say).
EFFECTS: dict[str, object] = {}


def effect(card_id: str):
    def wrap(fn):
        if card_id in EFFECTS:
            raise ValueError(f"effect {card_id} registered twice")
        EFFECTS[card_id] = fn
        return fn

    return wrap


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
    missing = sorted(set(data.cards) - set(EFFECTS))
    extra = sorted(set(EFFECTS) - set(data.cards))
    if missing or extra:
        raise ValueError("Lords of Hell card effects do not match the data: "
                         + (f"no effect for {', '.join(missing)}" if missing else "")
                         + ("; " if missing and extra else "")
                         + (f"no card for {', '.join(extra)}" if extra else ""))
