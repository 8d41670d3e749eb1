"""Major Arcana that move cards: draw, steal, or take a Permanent card out of play
(issue 8).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Tome of the Templars: draw 3 Arcana cards.
- Occult Studies: a die tests the caster's discipline: 1 Disfavour, or 2 to 4 cards.
- Thievery!: steal as many Arcana cards as the caster has Stars from one opponent.
- The Hand of Evil: the Permanent: Earth card leaves play.

A player aimed at by `ON <player>` is kept as `target["opponent"]`, not `"player"`:
magic.py reads `"player"` as a stack of Units (`ON <player> AT <Sectio>`), which also
makes the card be cast from Hell.
"""

from __future__ import annotations

from .. import events
from ..cards import enforce_hand_limit, gain_arcana
from ..favours import attribute
from ..log import count
from ..orders.common import player_name
from .magic import RULE, Cast, Target, spell

EARTH_BOX = "earth"


def _opponent_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <player>`: another player (never the caster's own)."""
    who = player_name(text, ctx, RULE)
    return who, {"opponent": who}


OPPONENT = Target("<player>", _opponent_target)


# -- Tome of the Templars ---------------------------------------------------------------------

@spell("arcana.tome-of-the-templars")
def tome_of_the_templars(c: Cast) -> None:
    """003 l.2253: "immediately draws 3 new Arcana cards", from the top of the deck, the
    hand limit applying afterwards (HG-6.3-03); an empty deck gives fewer (HG-3.3-02)."""
    c.log.public("templars", f"{c.who()} opens the Tome of the Templars", RULE, card=c.card)
    gain_arcana(c.st, c.player, 3, c.dice, c.data, c.log, c.actx.sheets.get(c.player),
                "Tome of the Templars", rule=RULE)


# -- Occult Studies ----------------------------------------------------------------------------

#: die -> Arcana cards drawn (its text); a 1 gives the caster's Triumvirate a Disfavour.
OCCULT_STUDIES = {1: 0, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}


@spell("arcana.occult-studies")
def occult_studies(c: Cast) -> None:
    """One die tests the caster's discipline: 1, its Triumvirate takes 1 Disfavour
    (HG-14.1-01: taken at once, as a card's Disfavour cost is); 2-3 draw 2 Arcana, 4-5
    draw 3, 6 draw 4, then the hand limit applies (HG-6.3-03, the keep-priority of IP-03).
    Which cards were drawn only the drawer sees (gain_arcana's private line)."""
    die = c.dice.roll(f"{RULE} Occult Studies: {c.who()} tests its discipline", c.player)
    n = OCCULT_STUDIES[die]
    if n == 0:
        c.st.players[c.player].disfavours += 1
        c.log.public("occult-studies", f"{c.who()} rolls {die} for Occult Studies and lacks "
                     f"discipline: {c.player} takes 1 Disfavour", "HG-14.1-01",
                     card=c.card, die=die, disfavours=1)
        return
    c.log.public("occult-studies", f"{c.who()} rolls {die} for Occult Studies: "
                 f"{c.player} draws {count(n, 'Arcana card')}", RULE, card=c.card, die=die,
                 draws=n)
    gain_arcana(c.st, c.player, n, c.dice, c.data, c.log, c.actx.sheets.get(c.player),
                "Occult Studies", rule=RULE)


# -- Thievery! --------------------------------------------------------------------------------

def _thievery_check(c: Cast) -> str | None:
    victim = c.target["opponent"]
    if not c.st.players[victim].hand:
        return f"{victim} has no Arcana card to steal"
    return None


@spell("arcana.thievery", target=OPPONENT, check=_thievery_check)
def thievery(c: Cast) -> None:
    """003 l.2245: steal from one opponent as many Arcana cards as the caster has Stars
    (printed Stars, HG-2.4.1); if that takes all of his cards, the caster's Triumvirate
    takes 1 Disfavour for greed (at once, as a cost's Disfavour, HG-9.8.1-04). The cards
    are taken blind, each picked by a die; who took what is private to the two players,
    the number is public. The hand limit then applies to the thief (HG-6.3-03)."""
    st, data, victim = c.st, c.data, c.target["opponent"]
    hand = st.players[victim].hand
    stars = attribute(data, c.daemon, "stars")
    taken = []
    for _ in range(min(stars, len(hand))):
        card = c.dice.pick(sorted(hand), f"{RULE} Thievery!: which card {c.player} steals "
                           f"from {victim}", c.player)
        hand.remove(card)
        st.players[c.player].hand.append(card)
        taken.append(card)
    text = f"{c.who()} steals {count(len(taken), 'Arcana card')} from {victim}"
    if not hand:
        st.players[c.player].disfavours += 1
        text += f", all he had: {c.player} takes 1 Disfavour for greed"
    c.log.public("thievery", text, RULE, card=c.card, victim=victim, count=len(taken),
                 greed=not hand)
    names = ", ".join(data.arcana[x].name for x in taken)
    c.log.private(c.player, "thievery-cards", f"You stole from {victim}: {names}.", RULE,
                  cards=taken)
    c.log.private(victim, "thievery-cards", f"{c.player} stole from you: {names}.", RULE,
                  cards=taken)
    enforce_hand_limit(st, c.player, data, c.log, c.actx.sheets.get(c.player))


# -- The Hand of Evil -------------------------------------------------------------------------

def _hand_of_evil_check(c: Cast) -> str | None:
    if c.st.permanent.get(EARTH_BOX) is None:
        return "no Permanent Event is in the Earth box: The Hand of Evil has nothing to remove"
    return None


@spell("arcana.the-hand-of-evil", check=_hand_of_evil_check)
def the_hand_of_evil(c: Cast) -> None:
    """003 l.2189: "may remove any Permanent Event card on Earth currently in play".
    Read as the card in the Permanent: Earth box (there is only ever one, HG-6.1.1-01);
    a Heaven or Hell Permanent is not "on Earth". The card goes to the bottom of the Hell
    deck as a replaced one does (HG-3.3-02), taking a figure it called with it
    (events.leaves_play), and if it was this turn's Event its lasting effect ends too.
    With the box empty the card cannot be cast (nothing is paid)."""
    st, data = c.st, c.data
    card = st.permanent[EARTH_BOX]
    st.permanent[EARTH_BOX] = None
    st.hell_deck.append(card)
    if st.event == card:
        st.event = None
    c.log.public("hand-of-evil", f"{c.who()} removes {data.hell_cards[card].name} from the "
                 "Earth box: the Permanent Event leaves play", "HG-6.1.1-01", card=c.card,
                 removed=card)
    events.leaves_play(st, data, c.log, card)
