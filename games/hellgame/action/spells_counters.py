"""Major Arcana that are Counters cast in the Action Phase: each cancels the card it
answers (HG-9.8.2-01; action/countering.py, combat/counters.py for combat).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- It Did Not Work...: the Counter that cancels the card it answers.
- Objection!: the Counter that cancels the card it answers and gives it back to the
  hand it came from.
- Double Cross: a Counter that cancels the card it answers or, on a COUNTER line
  ending REFLECT, turns its effect back on its caster (`reflected`; combat/counters.py
  in combat).
- So, Sue Me..: a Counter that cancels a Counter played against the user's own card.
"""

from __future__ import annotations

from .. import effects
from ..state import IN_HELL, ON_EARTH
from .magic import Cast, Spell, magic_forbidden, spell

COUNTER_RULE = "HG-9.8.2-01"
#: The key a COUNTER line's REFLECT puts in the Counter's target (orders/counters.py).
REFLECT = "reflect"


# -- It Did Not Work... -----------------------------------------------------------------------

@spell("arcana.it-did-not-work", cancels=True)
def it_did_not_work(c: Cast) -> None:
    """Cancels the card it answers, even a Counter (its text); that card's costs stay
    paid (HG-9.8.1-04: paid as it was played)."""
    a = c.answers
    c.log.public("countered", f"{a.name} of {c.who(a.daemon)} does not work", "HG-9.8.2-01",
                 card=a.card, by=c.card)


# -- Objection! -----------------------------------------------------------------------------

def take_back(st, player: str, card: str) -> bool:
    """Objection!: the card just played leaves the bottom of the Arcana deck (where play
    put it, HG-3.3-02) for its player's hand. False if it is no longer there."""
    deck = st.arcana_deck
    if card not in deck:
        return False
    del deck[len(deck) - 1 - deck[::-1].index(card)]  # the copy play just put there
    st.players[player].hand.append(card)
    return True


@spell("arcana.objection", cancels=True)
def objection(c: Cast) -> None:
    """Its text: the card it answers "has no effect, but its owner takes it back into
    hand and may use it at another time". Reading: the card leaves the bottom of the
    Arcana deck (where play put it, HG-3.3-02) for the hand of the player who played it;
    its costs stay paid (HG-9.8.1-04: paid as it was played; the text gives back only the
    card). Like It Did Not Work..., it answers any card, a Counter too. In combat:
    combat/counters.py."""
    a = c.answers
    if take_back(c.st, a.player, a.card):
        back = f"; {a.player} takes {a.name} back into hand"
    else:  # nothing in the engine takes it away meanwhile; say so if it ever does
        back = f"; {a.name} is no longer at the bottom of the deck, so nothing comes back"
    c.log.public("objection", f"Objection! {a.name} of {c.who(a.daemon)} has no effect{back}",
                 COUNTER_RULE, card=a.card, by=c.card, player=a.player)


# -- Double Cross ---------------------------------------------------------------------------


@spell("arcana.double-cross", cancels=True)
def double_cross(c: Cast) -> None:
    """003 l.1727: "cancel or reflect the effects of any Arcana card just played by
    another Daemon (in effect the user can steal a Counter card and apply it again)". A
    Counter (its flags), played by a standing COUNTER order. Cancelling is the default;
    a COUNTER line ending REFLECT asks for the reflection (`reflected`). Either way the
    answered card's costs stay paid (HG-9.8.1-04)."""
    a = c.answers
    if not c.target.get(REFLECT):
        c.log.public("countered", f"{a.name} of {c.who(a.daemon)} is cancelled by a Double "
                     "Cross (cancel, not reflect: the default)", COUNTER_RULE, card=a.card,
                     by=c.card)
        return
    turned, why = reflected(c)
    if turned is None:
        c.log.public("countered", f"{a.name} of {c.who(a.daemon)} is cancelled by a Double "
                     f"Cross; it is not reflected: {why}", COUNTER_RULE, card=a.card,
                     by=c.card)
        return
    on = f" on {turned.aimed_at()}" if turned.aimed_at() else ""
    c.log.public("reflected", f"Double Cross: {a.name} of {c.who(a.daemon)} is reflected; "
                 f"it works for {c.who()}{on}, its costs paid by {a.player} as it was played",
                 COUNTER_RULE, card=a.card, by=c.card, daemon=c.daemon,
                 target=turned.target_daemon() or turned.target_player())
    effects.ARCANA[a.card](turned)


def reflected(c: Cast) -> tuple[Cast | None, str]:
    """The card Double Cross `c` answers, turned back on its caster: (the play as the
    Double Cross's Daemon makes it, "") or (None, why it cannot be turned back).

    Reading of "reflect" (its text does not say how; "steal ... and apply it again"):
    the effect happens as if the Double Cross's Daemon had cast the card, aimed back at
    the one who played it: a card on a Daemon hits the caster's Daemon; on a player's
    Units somewhere, the caster's Units there (a Defection takes his best Lieutenant
    there); on a player, the caster; a card with no target works for the Double Cross's
    player ("steal"). Nothing more is paid, no Action is spent beyond the Counter's, and
    the turned play is not a new card, so nobody counters it. It is turned back only if
    it could be cast that way: the card's place (HG-9.8.1-02; the Double Cross's Daemon
    does not move to reach it), Magic Burnout, no Supporting Actions it would need
    (HG-9.8.3) and its own prerequisites; otherwise, and for a Counter (a Counter turned
    back on its player cancels his own play: it is simply cancelled) or a card aimed
    otherwise (several Daemons, a path, a Sectio), it is cancelled, saying why."""
    a = c.answers
    sp, card = effects.ARCANA.get(a.card), c.data.arcana[a.card]
    if a.answers is not None:
        return None, "a Counter turned back on its player only cancels his own play"
    if not isinstance(sp, Spell):
        return None, f"{a.name} is not cast as a spell"
    if sp.support is not None:
        return None, f"{a.name} needs Supporting Actions, which the reflection does not have"
    t = dict(a.target)
    if set(t) == {"daemon"}:
        t["daemon"] = a.daemon
    elif {"player", "place"} <= set(t) <= {"player", "place", "lieutenant"}:
        t["player"] = a.player
        if "lieutenant" in t:
            t["lieutenant"] = None
    elif set(t) == {"opponent"}:
        t["opponent"] = a.player
    elif t:
        what = a.aimed_at() or "a place or a path"
        return None, f"{a.name} is aimed at {what}, which cannot be turned back"
    mine = c.st.daemons[c.daemon].where
    there = c.st.daemons[t["daemon"]].where if "daemon" in t else None
    need = card.major.place or (IN_HELL if "player" in t else None)
    if need and (mine != need or there not in (None, need)):
        place = "On Earth" if need == ON_EARTH else "In Hell"
        return None, (f"{a.name} is cast {place}, where {c.who()} and its target would both "
                      "have to be [HG-9.8.1-02]")
    where = need or mine
    ban = magic_forbidden(c.st, where)
    if ban:
        return None, f"{c.data.hell_cards[ban].name} forbids Magic there [{ban}]"
    turned = Cast(c.actx, a.card, c.daemon, c.player, t, where)
    why = sp.check(turned) if sp.check else None
    if why:
        return None, why
    return turned, ""


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
