"""Major Arcana effects, batch 3 (issue 8): see spells.py for the conventions.

- Objection!: the Counter that cancels the card it answers and gives it back to the
  hand it came from.
- Occult Studies: a die tests the caster's discipline: 1 Disfavour, or 2 to 4 cards.
- Released: end another Daemon's Incapacitation.
- Sisyphus's Rock: Incapacitate a Daemon in Hell the caster beats in a Duel of Skulls.
"""

from __future__ import annotations

from ..cards import gain_arcana
from ..favours import attribute, duel
from ..log import count
from ..state import ON_EARTH
from .magic import DAEMON, RULE, Cast, spell
from .spells import _incapacitate

COUNTER_RULE = "HG-9.8.2-01"


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


# -- Released ----------------------------------------------------------------------------------

def _released_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name, td = c.data.daemons[t].name, c.st.daemons[t]
    if t == c.daemon:
        return "Released frees another Daemon, not the caster"
    if not td.incapacitated:
        return f"{name} is not Incapacitated"
    if td.where != c.where:
        return (f"{name} is {_place(td.where)} and {c.data.daemons[c.daemon].name} "
                f"{_place(c.where)}: Released needs both in Hell or both on Earth")
    return None


def _place(where: str) -> str:
    return "on Earth" if where == ON_EARTH else "in Hell"


@spell("arcana.released", target=DAEMON, check=_released_check)
def released(c: Cast) -> None:
    """The target's Incapacitation ends at once, whatever caused it (a Jones' Device
    roll it was waiting for too). Reading: it takes no Action this phase, for the Rank
    Track holds only the Daemons not Incapacitated when the phase began or when it was
    Incapacitated (HG-9.0-02); it acts again from the next turn. A caster on Earth aiming
    at a Daemon in Hell descends to cast (HG-9.8.1-03), so both are then in Hell."""
    t = c.target["daemon"]
    d = c.st.daemons[t]
    d.incapacitated, d.recover_by = False, None
    c.log.public("released", f"{c.who(t)} is Released: its Incapacitation ends; it takes "
                 "no Action this phase [HG-9.0-02]", RULE, daemon=t, card=c.card)


# -- Sisyphus's Rock -----------------------------------------------------------------------------

def _sisyphus_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    name, td = c.data.daemons[t].name, c.st.daemons[t]
    if t == c.daemon:
        return "Sisyphus's Rock is aimed at another Daemon"
    if td.incapacitated:
        return f"{name} is Incapacitated already"
    if not attribute(c.data, c.daemon, "skulls") and not attribute(c.data, t, "skulls"):
        return "neither Daemon has a Skull to duel with"  # duel() could not break the tie
    return None


@spell("arcana.sisyphuss-rock", target=DAEMON, check=_sisyphus_check)
def sisyphuss_rock(c: Cast) -> None:
    """A Duel of Skulls (HG-3.4-05), caster first; if the caster wins, the target, in
    Hell like the caster (the card's place, HG-9.8.1-02), is Incapacitated and, if still
    waiting, takes no Action this phase (HG-9.0-02). It recovers as any Incapacitated
    Daemon does (the card names no other way)."""
    t = c.target["daemon"]
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "skulls",
                  f"HG-3.4-05 Sisyphus's Rock: Duel of Skulls, {c.who()} against {c.who(t)}")
    if winner == c.daemon:
        gone = _incapacitate(c, t, None)
        text = f"{c.who()} wins the Duel of Skulls: {c.who(t)} is crushed under Sisyphus's " \
               f"Rock and Incapacitated{gone}"
    else:
        text = f"{c.who(t)} wins the Duel of Skulls and shrugs off Sisyphus's Rock"
    c.log.public("sisyphuss-rock", text, "HG-3.4-05", card=c.card, daemon=t, winner=winner)
