"""Major Arcana that are Counters cast in the Action Phase: each cancels the card it
answers (HG-9.8.2-01; action/countering.py, combat/counters.py for combat).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- It Did Not Work...: the Counter that cancels the card it answers.
- Objection!: the Counter that cancels the card it answers and gives it back to the
  hand it came from.
- Double Cross: a Counter that cancels the card it answers (its "reflect" half is not
  offered: the default, cancel, always applies).
- So, Sue Me..: a Counter that cancels a Counter played against the user's own card.
"""

from __future__ import annotations

from .magic import Cast, spell

COUNTER_RULE = "HG-9.8.2-01"


# -- It Did Not Work... -----------------------------------------------------------------------

@spell("arcana.it-did-not-work", cancels=True)
def it_did_not_work(c: Cast) -> None:
    """Cancels the card it answers, even a Counter (its text); that card's costs stay
    paid (HG-9.8.1-04: paid as it was played)."""
    a = c.answers
    c.log.public("countered", f"{a.name} of {c.who(a.daemon)} does not work", "HG-9.8.2-01",
                 card=a.card, by=c.card)


# -- Objection! -----------------------------------------------------------------------------

@spell("arcana.objection", cancels=True)
def objection(c: Cast) -> None:
    """Its text: the card it answers "has no effect, but its owner takes it back into
    hand and may use it at another time". Reading: the card leaves the bottom of the
    Arcana deck (where play put it, HG-3.3-02) for the hand of the player who played it;
    its costs stay paid (HG-9.8.1-04: paid as it was played; the text gives back only the
    card). Like It Did Not Work..., it answers any card, a Counter too."""
    a = c.answers
    deck = c.st.arcana_deck
    if a.card in deck:
        del deck[len(deck) - 1 - deck[::-1].index(a.card)]  # the copy play just put there
        c.st.players[a.player].hand.append(a.card)
        back = f"; {a.player} takes {a.name} back into hand"
    else:  # nothing in the engine takes it away meanwhile; say so if it ever does
        back = f"; {a.name} is no longer at the bottom of the deck, so nothing comes back"
    c.log.public("objection", f"Objection! {a.name} of {c.who(a.daemon)} has no effect{back}",
                 COUNTER_RULE, card=a.card, by=c.card, player=a.player)


# -- Double Cross ---------------------------------------------------------------------------


@spell("arcana.double-cross", cancels=True)
def double_cross(c: Cast) -> None:
    """003 l.1727: "cancel or reflect the effects of any Arcana card just played by
    another Daemon". A Counter (its flags), played by a standing COUNTER order. Only the
    cancelling is implemented, as It Did Not Work...: "reflecting" would need a new
    target for the card, which no order gives; cancelling is the default and the log
    says so. The cancelled card's costs stay paid (HG-9.8.1-04)."""
    a = c.answers
    c.log.public("countered", f"{a.name} of {c.who(a.daemon)} is cancelled by a Double Cross "
                 "(cancel, not reflect: the default)", "HG-9.8.2-01", card=a.card, by=c.card)


# -- So, Sue Me.. -------------------------------------------------------------------------------

def _so_sue_me_check(c: Cast) -> str | None:
    """Its text: only "a Counter just played against an Arcana card that the user of
    this card played" (countering.py asks this before offering it)."""
    a = c.answers
    if a is None or a.answers is None:
        return "So, Sue Me.. answers only a Counter"
    if a.answers.player != c.player:
        return "So, Sue Me.. answers only a Counter played against its user's own card"
    return None


@spell("arcana.so-sue-me", check=_so_sue_me_check, cancels=True)
def so_sue_me(c: Cast) -> None:
    """Cancels the Counter it answers, so the user's card below it works (A-12(3))."""
    a = c.answers
    c.log.public("countered", f"So, Sue Me..: {a.name} of {c.who(a.daemon)} is cancelled, "
                 f"and {a.answers.name} of {c.who(a.answers.daemon)} stands",
                 "HG-9.8.2-01", card=a.card, by=c.card)
