"""Hell cards in play (6.1-6.2): the Event, Permanent Events, the Phenomena, the Warning Sign.

The Hell Phase draws three cards (HG-6.0-01): the first card's Event is resolved
completely before the next two are drawn (HG-6.1-01); the second card's grey box is the
Phenomenon, and the third card's bottom line names where it strikes (HG-6.2-01/02).
A Permanent Event goes into its area box and the card there is discarded (HG-6.1.1-01);
every other card drawn goes to the bottom of the Hell deck (HG-3.3-02).

Effects are registered in effects.HELL_CARDS (by card id, `fn(st, sheets, dice, data,
log)`) and effects.PHENOMENA (by phenomenon id, `fn(..., card, sectio)`). A card without
one is reported as not implemented in play, never silently skipped. Lasting effects of
Permanent Events are hooks run in precedence order Heaven, Earth, Hell (HG-6.1.2-01):
`end_phase` (Wrath of Angels, The Bees) and `lieutenants_may_move` (Red Peril).

Conventions every effect keeps: Events never affect Incapacitated Daemons (HG-6.1-02:
`eventful_daemons`); a tie left by a card's criteria is broken by a die (HG-6.1-03); an
Event with nothing to act on does nothing (HG-6.1-04); Uriel and Lilith are immune to all
Phenomena but cave-ins and landslides (HG-6.2.1-01: `phenomenon_units`) and to every
Event that destroys Units (HG-6.2.1-02).
"""

from __future__ import annotations

from . import effects, hooks
from .action.abilities import can_be_incapacitated
from .favours import roll_against
from .hooks import hook
from .in_play import in_force, ownership_frozen, phenomenon_here  # noqa: F401  for the phases
from .log import Log, count
from .state import ANTEHELL, IN_HELL, LILITH, ON_EARTH, URIEL, HellState

AREAS = ("heaven", "earth", "hell")  # precedence order of Permanent Events (HG-6.1.2-01)

WRATH_OF_ANGELS = "hell.wrath-of-angels"
THE_BEES = "hell.the-bees"
RED_PERIL = "hell.red-peril"
TEMPERS = "hell.tempers"
URIEL_CARDS = ("hell.uriel-the-cleansing-light", "hell.uriel-the-pure")
#: Lilith's card -> the aspect it fixes for her first turn (the printed "Virgin, Mother,
#: Crone"; the Seer's Italian 'Megera' is the Crone)
LILITH_CARDS = {"hell.lilith-destroyer": "virgin", "hell.lilith-mother": "mother",
                "hell.lilith-seer": "crone"}
#: Phenomena Uriel and Lilith are not immune to (HG-6.2.1-01)
HARMS_THE_IMMORTALS = ("phenomenon.cave-in", "phenomenon.major-cave-in",
                       "phenomenon.landslide")


# -- the Hell Phase draw ----------------------------------------------------------------
def draw(st: HellState, data, log: Log, what: str) -> str | None:
    """The top Hell card, or None (reported) if the deck is empty."""
    if not st.hell_deck:
        log.public("hell-deck-empty", f"The Hell deck is empty: no card for the {what}.",
                   "HG-6.0-01")
        return None
    return st.hell_deck.pop(0)


@hook("hell-phase", order=20)
def event_and_phenomena(st: HellState, sheets, dice, data, log: Log) -> None:
    """HG-6.0-01: the Event card, then the two Phenomena cards (hell_phase.run fires
    "hell-phase")."""
    card = draw(st, data, log, "Event")
    if card is None:
        return
    resolve_event(st, sheets, dice, data, log, card)
    first = draw(st, data, log, "Phenomenon")
    second = draw(st, data, log, "Phenomenon's place") if first else None
    if first and second:
        resolve_phenomenon(st, sheets, dice, data, log, first, second)
    # HG-3.3-02: the cards drawn go to the bottom of the deck once the phase has used them
    # (a Permanent Event stays in its box).
    kept = data.hell_cards[card].event.permanent
    st.hell_deck.extend(c for c in (None if kept else card, first, second) if c)


def resolve_event(st: HellState, sheets, dice, data, log: Log, card: str) -> None:
    """HG-6.1-01, HG-6.1.1-01: a Permanent card is placed before its effect runs (as
    Conspire does, HG-9.7.3-02); any other card is discarded by the caller."""
    hc = data.hell_cards[card]
    st.event = card
    area = hc.event.permanent
    if area:
        place_permanent(st, data, log, card, "HG-6.1.1-01")
        if hooks.first("permanent-placed", st, data, log, card):  # Spiritual Revival
            st.event = None  # discarded before it acts: not this turn's Event either
            return
    else:
        log.public("event", f"The Event is {hc.name}.", "HG-6.1-01", card=card)
    run_event_effect(st, sheets, dice, data, log, card, "HG-6.1-01")


def place_permanent(st: HellState, data, log: Log, card: str, rule: str) -> str | None:
    """Put a Permanent card in its box; the card it replaces is discarded and leaves play
    (HG-6.1.1-01). Returns the replaced card."""
    area = data.hell_cards[card].event.permanent
    old = st.permanent.get(area)
    st.permanent[area] = card
    text = f"The Event is {data.hell_cards[card].name}, a Permanent Event: it goes into " \
           f"the {area.capitalize()} box"
    if old:
        st.hell_deck.append(old)
        text += f", replacing {data.hell_cards[old].name}"
    log.public("permanent", text + ".", rule, card=card, area=area, replaced=old)
    if old:
        leaves_play(st, data, log, old)
    return old


def leaves_play(st: HellState, data, log: Log, card: str) -> None:
    """A replaced Uriel or Lilith card takes its figure with it (000 §10.1: "If the
    Permanent Hell Card that initially invoked him is replaced, Uriel is likewise removed";
    the Lilith cards: "When this card leaves play, Lilith disappears too")."""
    why = f"{data.hell_cards[card].name}, the card that called for her, is replaced"
    if card in URIEL_CARDS:
        from .random_moves.uriel import remove_uriel

        remove_uriel(st, log, why.replace("her", "him"))
    elif card in LILITH_CARDS:
        for u in [u for u in st.units if u.kind == LILITH]:
            st.units.remove(u)
            st.lilith_aspect, st.lilith_aspect_turn = None, 0
            log.public("lilith-removed", f"Lilith leaves play: {why}", "HG-6.1.1-01",
                       card=card)


def run_event_effect(st: HellState, sheets, dice, data, log: Log, card: str,
                     rule: str) -> None:
    """The Event's effect (`rule` is the clause it is resolved under): every Hell card
    has one, or the game does not load (effects.check)."""
    effects.effect_of(effects.HELL_CARDS, card)(st, sheets, dice, data, log)


def struck_sectio(data, first: str, second: str) -> tuple[str, list[str]]:
    """The Phenomenon's scope (first card) and the Sectio struck, from the second card's
    bottom line field of that scope (HG-6.2-01/02)."""
    scope, bottom = data.hell_cards[first].phenomenon.scope, data.hell_cards[second].bottom
    if scope == "sectio":
        return scope, [bottom.sectio]
    if scope == "quarter":
        return scope, list(data.quarter_members(bottom.quarter))
    return scope, list(data.circle_members(bottom.circle))


@hook("trigger-phenomenon", order=10)
def resolve_phenomenon(st: HellState, sheets, dice, data, log: Log, first: str,
                       second: str) -> None:
    ph = data.hell_cards[first].phenomenon
    scope, sectio = struck_sectio(data, first, second)
    bottom = data.hell_cards[second].bottom
    where = {"sectio": data.sectio[bottom.sectio].name, "quarter": f"Quarter {bottom.quarter}",
             "circle": f"Circle {bottom.circle}"}[scope]
    log.public("phenomenon", f"The Phenomenon is {ph.name} ({scope.capitalize()}, from "
               f"{data.hell_cards[first].name}); {data.hell_cards[second].name} names "
               f"{where}.", "HG-6.2-02", card=first, phenomenon=ph.id, scope=scope,
               sectio=sectio)
    # HG-6.2-03: the Warning Sign marks the struck area for the rest of the turn.
    st.warning_sign = {"card": first, "phenomenon": ph.id, "scope": scope, "sectio": sectio}
    effects.effect_of(effects.PHENOMENA, ph.id)(st, sheets, dice, data, log, first, sectio)


# -- shared helpers ---------------------------------------------------------------------
def eventful_daemons(st: HellState, where: str | None = None) -> list:
    """Daemons an Event may touch: never Incapacitated ones (HG-6.1-02); seat order, then
    each player's Daemons in the order received."""
    return [d for name in st.seats for d in st.daemons_of(name)
            if not d.incapacitated and (where is None or d.where == where)]


def phenomenon_units(st: HellState, sectio: str, phenomenon: str) -> list:
    """Units in `sectio` a Phenomenon acts on: Uriel and Lilith only for cave-ins and
    landslides (HG-6.2.1-01). By unit number."""
    immune = () if phenomenon in HARMS_THE_IMMORTALS else (URIEL, LILITH)
    return sorted((u for u in st.units_at(sectio) if u.kind not in immune),
                  key=lambda u: u.number)


def recall_to_hell(st: HellState, data, log: Log, d, why: str, rule: str,
                   forced_pass: bool) -> None:
    """The Daemon leaves the Earth (its Walk card is discarded, HG-9.6-03)."""
    if d.walk_card:
        st.discard(d.walk_card)
    d.where, d.walk_card = IN_HELL, None
    text = f"{data.daemons[d.id].name} ({d.owner}) is recalled to Hell by {why}"
    if forced_pass:  # the Action core takes it and clears the flag (as for Uriel)
        d.pass_for_good = True
        text += " and must Pass for Good this turn"
    log.public("recalled", text + ".", rule, daemon=d.id)


def lieutenants_may_move(st: HellState) -> bool:
    """Red Peril: while in play no Lieutenant may move (fighting and fleeing are not
    moves)."""
    return st.permanent.get("hell") != RED_PERIL


@hook("lieutenants-held", order=10)
def _red_peril_holds(st: HellState) -> str | None:
    """Red Peril in play: no March moves a Lieutenant (action/march.py asks)."""
    return None if lieutenants_may_move(st) else RED_PERIL


@hook("permanent-leaves-play", order=10)
def _figure_leaves(st: HellState, data, log: Log, card: str) -> None:
    """A replaced Permanent card takes its figure (a Conspire replaced it)."""
    leaves_play(st, data, log, card)


# -- Event effects --------------------------------------------------------------------
@effects.hell_card(WRATH_OF_ANGELS)
def wrath_of_angels(st: HellState, sheets, dice, data, log: Log) -> None:
    """All Daemons on Earth are recalled and Pass for Good this turn (6.1 example)."""
    recalled = eventful_daemons(st, ON_EARTH)
    if not recalled:  # HG-6.1-04
        log.public("event-no-effect", "No active Daemon is Walking the Earth: Wrath of "
                   "Angels recalls nobody.", "HG-6.1-04")
    for d in recalled:
        recall_to_hell(st, data, log, d, "the Wrath of Angels", "HG-6.1-01", True)


@effects.hell_card(TEMPERS)
def tempers(st: HellState, sheets, dice, data, log: Log) -> None:
    for name in st.seats:
        st.players[name].disfavours += 1
    log.public("tempers", "Tempers: every Triumvirate takes 1 Disfavour.", "HG-6.1-01",
               players=list(st.seats))
    log.public("tempers-lasting", "While Tempers is in play, anyone who plays a Counter "
               "takes 1 Disfavour.", "HG-6.1.1-01")  # its lasting part: counter_costs


@hook("counter-played", order=10)
def counter_costs(counter) -> None:
    """Tempers, while in play: whoever plays a Counter Arcana in the Action Phase takes 1
    Disfavour (action/countering.py fires the point). Its garbled last sentence ("they
    may be used in any combat where each side has two Legions or fewer") speaks of
    combats, not of the Action Phase: here every Counter costs the Disfavour."""
    if not in_force(counter.st, TEMPERS):
        return
    counter.st.players[counter.player].disfavours += 1
    counter.log.public("tempers-counter", f"Tempers: {counter.player} played a Counter and "
                       "takes 1 Disfavour.", "HG-6.1.1-01", player=counter.player,
                       card=counter.card)


@effects.hell_card(RED_PERIL)
def red_peril(st: HellState, sheets, dice, data, log: Log) -> None:
    log.public("red-peril", "While Red Peril is in play no Lieutenant may move; "
               "Lieutenants still fight and flee.", "HG-6.1.1-01")


@effects.hell_card(THE_BEES)
def the_bees(st: HellState, sheets, dice, data, log: Log) -> None:
    log.public("the-bees", "While The Bees are in play, each Daemon on Earth is stung and "
               "Incapacitated on a roll of 1 in every End Phase.", "HG-6.1.1-01")


def _uriel(st: HellState, sheets, dice, data, log: Log) -> None:
    """HG-10.1-01..03: Uriel arrives and cleanses the Earth (random_moves/uriel.py)."""
    from .random_moves.uriel import bring_uriel

    bring_uriel(st, data, dice, log)


def _lilith(card: str):
    def effect(st: HellState, sheets, dice, data, log: Log) -> None:
        """A-14: the printed place (AnteHell) and aspect win over 10.2's Hell-card draw."""
        from .random_moves.lilith import bring_lilith

        bring_lilith(st, data, log, sectio=ANTEHELL, aspect=LILITH_CARDS[card])

    return effect


for _card in URIEL_CARDS:
    effects.hell_card(_card)(_uriel)
for _card in LILITH_CARDS:
    effects.hell_card(_card)(_lilith(_card))


# -- Phenomenon effects ---------------------------------------------------------------
@effects.phenomenon("phenomenon.cave-in")
def cave_in(st: HellState, sheets, dice, data, log: Log, card: str, sectio: list[str]) -> None:
    """Everything in the Sectio is destroyed, Uriel and Lilith too (HG-6.2.1-01)."""
    for s in sectio:
        gone = phenomenon_units(st, s, "phenomenon.cave-in")
        for u in gone:
            st.remove_unit(u.id)
        log.public("cave-in", f"Cave-in in {data.sectio[s].name}: "
                   f"{count(len(gone), 'Unit')} destroyed.", "HG-6.2-01", sectio=s,
                   units=[u.id for u in gone])


# -- lasting effects in the End Phase ---------------------------------------------------
@hook("end-phase-lasting", order=20)
def _end_phase(st: HellState, sheets, dice, data, log: Log) -> None:
    end_phase(st, dice, data, log)  # after recovery: one stung stays down a turn at least


def end_phase(st: HellState, dice, data, log: Log) -> None:
    """Lasting Permanent effects due in the End Phase, Heaven before Earth (HG-6.1.2-01)."""
    if st.permanent.get("heaven") == WRATH_OF_ANGELS:
        for d in eventful_daemons(st, ON_EARTH):
            name = data.daemons[d.id].name
            if roll_against(st, data, dice, d.id, "skulls",
                            f"Wrath of Angels: {name} rolls against Skulls"):
                log.public("wrath-passed", f"{name} ({d.owner}) defies the Wrath of Angels "
                           "and stays on Earth.", "HG-6.1.1-01", daemon=d.id)
            else:
                recall_to_hell(st, data, log, d, "the Wrath of Angels", "HG-6.1.1-01", False)
    if st.permanent.get("earth") == THE_BEES:
        for d in eventful_daemons(st, ON_EARTH):
            name = data.daemons[d.id].name
            if dice.roll(f"The Bees: {name}", d.owner) == 1:
                if not can_be_incapacitated(st, data, d.id):
                    log.public("stung-immune", f"{name} ({d.owner}) is stung by The Bees, "
                               "but nothing can Incapacitate Agares on Earth.",
                               "HG-6.1.1-01", daemon=d.id)
                    continue
                d.incapacitated = True
                log.public("stung", f"{name} ({d.owner}) is stung by The Bees and "
                           "Incapacitated.", "HG-6.1.1-01", daemon=d.id)
