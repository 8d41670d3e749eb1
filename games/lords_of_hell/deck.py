"""The resource deck and the discard pile (LH-I.3.5, LH-I.3.6): drawing cards, discarding
them, and the reshuffle the moment the deck runs out.

- `draw_cards(st, name, n, data, dice, log, rule, why)`: a player draws n cards at once;
  hordes and artifacts are tabled as they are drawn (LH-I.3-02), rituals, specials and
  Oaths go to the hand; an artifact drawn in the combat phase by an imprisoned or KO
  Devil is discarded (LH-I.3.2-02); a homeless player who gained forces takes a home
  (LH-I.2-05). Used by the draw phase, the Other Powers of Hell trade and any card that
  draws (Furnace of Souls).
- `discard(st, instances, dice, log)`: put cards (Oaths too, LH-I.3.6-01) on the discard
  pile; if the deck is empty they become the new deck at once (LH-I.3.5-03).
- `refill(st, dice, log)`: the deck is empty and the discard pile is not: shuffle the
  pile as the new deck (LH-I.3.5-02). Every function here keeps that invariant; callers
  that append to `st.discard` directly may call it.

The deck's size and the discard pile's contents are secret (LH-I.3.5-01, LH-I.3.6-01): no
event says them.
"""

from __future__ import annotations

from . import homes
from .state import LohState, card_id, is_oath

ARTIFACT_LOST = ("prisoner", "ko", "heaven")  # LH-I.3.2-02: drawn in combat, discarded


def card_name(st: LohState, instance: str, data) -> str:
    """A card instance's name: "Fiends", "Oath of Belial"."""
    if is_oath(instance):
        return "Oath of " + data.devils["devil." + instance.split(".")[1]].name
    return data.cards[st.cards[instance]].name


def kind_of(st: LohState, instance: str, data) -> str:
    """horde | artifact | ritual | special | oath."""
    return "oath" if is_oath(instance) else data.cards[st.cards[instance]].kind


def refill(st: LohState, dice, log) -> bool:
    """Shuffle the discard pile as the new deck when the deck is empty (LH-I.3.5-02);
    True when it did."""
    if st.deck or not st.discard:
        return False
    st.deck = dice.shuffle(st.discard, "reshuffle the discard pile")
    st.discard = []
    log.public("deck-reshuffled", "The resource deck ran out: the discard pile is shuffled "
               "as the new resource deck.", "LH-I.3.5-02")
    return True


def discard(st: LohState, instances: list[str], dice, log) -> None:
    """Cards to the discard pile; with the deck empty they are the new deck at once
    (LH-I.3.5-03: "when new cards are discarded, they are shuffled as new resource
    deck")."""
    st.discard.extend(instances)
    refill(st, dice, log)


def draw_cards(st: LohState, name: str, n: int, data, dice, log, rule: str = "LH-III.1-06",
               why: str = "") -> list[str]:
    """`name` draws `n` cards from the top of the deck; returns the instances drawn.

    With the deck and the discard pile both empty the remaining draws are lost
    (LH-I.3.5-03)."""
    p = st.players[name]
    drawn: list[str] = []
    lost = 0
    for _ in range(n):
        refill(st, dice, log)
        if not st.deck:
            lost = n - len(drawn)
            break
        inst = st.deck.pop(0)
        drawn.append(inst)
        kind = kind_of(st, inst, data)
        if kind == "horde":
            p.hordes.append(inst)  # tabled at once (LH-I.3.1-01)
        elif kind == "artifact":
            if st.phase == "combat" and p.status in ARTIFACT_LOST:
                discard(st, [inst], dice, log)  # LH-I.3.2-02
                log.public("artifact-lost", f"{name} draws {card_name(st, inst, data)}, "
                           "which is discarded at once: an imprisoned or knocked-out Devil "
                           "cannot hold an artifact in the combat phase.", "LH-I.3.2-02",
                           player=name, card=st.cards[inst])
            else:
                p.artifacts.append(inst)  # tabled at once (LH-I.3.2-01)
        else:
            p.hand.append(inst)  # rituals, specials, Oaths (LH-I.3-02)
        refill(st, dice, log)  # the moment the deck runs out (LH-I.3.5-02)
    _report(st, name, drawn, n, data, log, rule, why)
    if lost:
        log.public("draws-lost", f"The resource deck and the discard pile are both empty: "
                   f"{name} gets no more cards ({lost} lost).", "LH-I.3.5-03", player=name,
                   lost=lost)
    homes.take_home(st, name, data, log)
    return drawn


def _report(st: LohState, name: str, drawn: list[str], n: int, data, log, rule: str,
            why: str) -> None:
    if not drawn:
        return
    why = f" ({why})" if why else ""
    tabled = [card_name(st, c, data) for c in drawn
              if kind_of(st, c, data) in ("horde", "artifact")]
    to_hand = [card_name(st, c, data) for c in drawn
               if kind_of(st, c, data) not in ("horde", "artifact")]
    names = ", ".join(card_name(st, c, data) for c in drawn)
    log.private(name, "drew", f"You draw {_cards(len(drawn))}{why}: {names}.", rule,
                cards=[card_id(st, c) for c in drawn])
    parts = []
    if tabled:
        parts.append("tables " + ", ".join(tabled))
    if to_hand:
        parts.append(f"takes {_cards(len(to_hand))} to hand")
    log.public("draws", f"{name} draws {_cards(len(drawn))}{why} and " + " and ".join(parts)
               + ".", rule, player=name, n=len(drawn), hand=len(to_hand),
               tabled=[card_id(st, c) for c in drawn if kind_of(st, c, data)
                       in ("horde", "artifact")])


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")
