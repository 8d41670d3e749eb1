"""Major Arcana effects, batch 4 (issue 8): one small function per card, registered in
effects.ARCANA by the `@spell` decorator (magic.py checks timing, place, costs and
Counters before these run).

- The Hand of Evil: the Permanent: Earth card leaves play.
- The Iago Syndrome: a Daemon beaten in a Duel of Hearts turns on its own Triumvirate.
- Thievery!: steal as many Arcana cards as the caster has Stars from one opponent.
- Tome of the Templars: draw 3 Arcana cards.
- Wicked Pope: gain 2 Favours or lose 2 Disfavours.
- Wicked Whispers: a die per Heart; each 4-6 gives a Triumvirate 1 Disfavour.

A player aimed at by `ON <player>` is kept as `target["opponent"]`, not `"player"`:
magic.py reads `"player"` as a stack of Units (`ON <player> AT <Sectio>`), which also
makes the card be cast from Hell.
"""

from __future__ import annotations

from .. import events
from ..cards import enforce_hand_limit, gain_arcana
from ..favours import attribute, duel
from ..log import count
from ..orders.common import player_name
from .magic import DAEMON, RULE, Cast, Target, spell
from .spells import _incapacitate

EARTH_BOX = "earth"


def _opponent_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <player>`: another player (never the caster's own)."""
    who = player_name(text, ctx, RULE)
    return who, {"opponent": who}


OPPONENT = Target("<player>", _opponent_target)


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


# -- The Iago Syndrome ------------------------------------------------------------------------

def _iago_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name = c.data.daemons[t].name
    if t == c.daemon:
        return "a Daemon cannot cast The Iago Syndrome on itself"
    if c.st.daemons[t].owner == c.player:
        return f"{name} is {c.player}'s own Daemon"
    if c.st.daemons[t].incapacitated:
        return f"{name} is Incapacitated"
    return None


@spell("arcana.the-iago-syndrome", target=DAEMON, check=_iago_check)
def the_iago_syndrome(c: Cast) -> None:
    """003 l.2197. The caster and the target fight a Duel of Hearts (HG-3.4-05); if the
    caster wins, the target turns on the other Daemons of its own Triumvirate, lowest
    rank first: read as the highest Rank Number first (Rank Number 1 is the highest
    rank, HG-9.1-01). Each is challenged to a Duel of Skulls and the loser is
    Incapacitated (HG-9.0-02 if it has yet to act). Incapacitated Daemons are not
    challenged; once the target itself loses it is Incapacitated and challenges no more.
    "May challenge": the target's owner is not asked, it challenges every one (default).
    Its place does not change ("goes back among" them is read as the story, not a move).
    As printed, the affected Triumvirate (the target's) earns 1 Favour, once, whenever
    the caster wins the first duel; nothing happens if the caster loses it."""
    st, data, t = c.st, c.data, c.target["daemon"]
    winner = duel(st, data, c.dice, [c.daemon, t], "hearts",
                  f"HG-3.4-05 The Iago Syndrome: Duel of Hearts, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("iago", f"{c.who(t)} wins the Duel of Hearts: The Iago Syndrome has no "
                     "effect", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    owner = st.daemons[t].owner
    c.log.public("iago", f"{c.who()} wins the Duel of Hearts: {c.who(t)} turns on the other "
                 f"Daemons of {owner}'s Triumvirate, challenging each to a Duel of Skulls "
                 "(the default: it challenges them all, lowest rank first)", "HG-3.4-05",
                 card=c.card, daemon=t, winner=winner)
    others = [d for d in st.daemons.values()
              if d.owner == owner and d.id != t and not d.incapacitated]
    others.sort(key=lambda d: (-data.daemons[d.id].rank, d.id))
    for other in others:
        if st.daemons[t].incapacitated:
            break
        o = other.id
        won = duel(st, data, c.dice, [t, o], "skulls",
                   f"HG-3.4-05 The Iago Syndrome: Duel of Skulls, {c.who(t)} against {c.who(o)}")
        loser = o if won == t else t
        gone = _incapacitate(c, loser, None)
        state = "is Incapacitated" if st.daemons[loser].incapacitated else "stands"
        c.log.public("iago-duel", f"{c.who(won)} beats {c.who(loser)} in a Duel of Skulls; "
                     f"{data.daemons[loser].name} {state}{gone}", "HG-3.4-05", card=c.card,
                     winner=won, loser=loser)
    if not others:
        c.log.public("iago-duel", f"{owner} has no other Daemon able to answer the challenge",
                     "HG-6.1-04", card=c.card)
    st.players[owner].favours += 1
    c.log.public("iago-favour", f"{owner} earns 1 Favour from The Iago Syndrome (as "
                 "printed)", RULE, card=c.card, player=owner)


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


# -- Tome of the Templars ---------------------------------------------------------------------

@spell("arcana.tome-of-the-templars")
def tome_of_the_templars(c: Cast) -> None:
    """003 l.2253: "immediately draws 3 new Arcana cards", from the top of the deck, the
    hand limit applying afterwards (HG-6.3-03); an empty deck gives fewer (HG-3.3-02)."""
    c.log.public("templars", f"{c.who()} opens the Tome of the Templars", RULE, card=c.card)
    gain_arcana(c.st, c.player, 3, c.dice, c.data, c.log, c.actx.sheets.get(c.player),
                "Tome of the Templars", rule=RULE)


# -- Wicked Pope ------------------------------------------------------------------------------

@spell("arcana.wicked-pope")
def wicked_pope(c: Cast) -> None:
    """003 l.2301: gain 2 Favours or lose 2 Disfavours: the caster's choice, with no order
    to make it. Default: a Triumvirate with a Disfavour loses up to 2 of them (a
    Disfavour binds a Favour and threatens a Disfavour Roll, HG-14.1-01); one with none
    gains 2 Favours."""
    p = c.st.players[c.player]
    if p.disfavours:
        lost = min(2, p.disfavours)
        p.disfavours -= lost
        text = f"{c.player} loses {count(lost, 'Disfavour')}"
    else:
        p.favours += 2
        text = f"{c.player} gains 2 Favours"
    c.log.public("wicked-pope", f"{c.who()} helps elect a Wicked Pope: {text} (default: lose "
                 "Disfavours if it has any, else gain Favours)", "HG-14.1-01", card=c.card,
                 player=c.player)


# -- Wicked Whispers --------------------------------------------------------------------------

@spell("arcana.wicked-whispers", target=OPPONENT)
def wicked_whispers(c: Cast) -> None:
    """003 l.2309: a die per Heart of the caster; each 4, 5 or 6 lets the caster force
    "any Triumvirate" to take 1 Disfavour; with none, the caster takes 2. The printed
    cost "3 Actions" makes no sense in the rules and is ignored (data: no cost). The
    choice of Triumvirate is made in the order: every Disfavour goes to the player named
    by ON (the caster "may" force: it always does, the default)."""
    victim = c.target["opponent"]
    hearts = attribute(c.data, c.daemon, "hearts")
    rolls = [c.dice.roll(f"{RULE} Wicked Whispers: die {i + 1} of {hearts}", c.player)
             for i in range(hearts)]
    hits = sum(1 for r in rolls if r >= 4)
    shown = ", ".join(str(r) for r in rolls) or "no dice"
    if hits:
        c.st.players[victim].disfavours += hits
        text = f"{victim} takes {count(hits, 'Disfavour')}"
    else:
        c.st.players[c.player].disfavours += 2
        text = f"no 4-6: {c.player} takes 2 Disfavours"
    c.log.public("wicked-whispers", f"{c.who()} whispers against {victim}, rolling {shown}: "
                 f"{text}", RULE, card=c.card, rolls=rolls, victim=victim)
