"""Major Arcana that give lasting bonuses (issue 8): Souls and Favours in a later Soul
Phase, or +1 to a Daemon's Stars, Skulls or Hearts. See magic.py for the conventions.

Cards whose effect comes in a later Soul Phase keep their caster in `st.marks` (card id
-> a list of {"daemon", "player"[, "walk_card"]}); soul.py (`arcana_lots`,
`death_metal`, `silver_dawn`) applies and clears them:

- Backwoods Cult, Comet Cult: in the next Soul Phase the caster, still on Earth and not
  Incapacitated, doubles the Souls it collects and gives 2 / 1 extra Favours.
- Death Metal: 3 Souls (the minimum investment) buy 2 extra Soul Rolls in the next
  Soul Phase, if the caster is not Incapacitated then.
- The Order of the Silver Dawn: 1 extra Favour each Soul Phase while the caster stays
  on Earth, whatever the Hell cards say.

Cards kept under the caster's Daemon card (`Daemon.under`; favours.attribute adds the
+1, favours.release_under discards the card when the effect ends):

- Foci (+1 Star), The Sword of the Guardian (+1 Skull), Salome's Oil (+1 Heart).
"""

from __future__ import annotations

from ..favours import UNDER_BONUS
from .magic import RULE, Cast, spell

BACKWOODS, COMET = "arcana.backwoods-cult", "arcana.comet-cult"
DEATH_METAL, SILVER_DAWN = "arcana.death-metal", "arcana.the-order-of-the-silver-dawn"
#: Death Metal: Souls per investment and extra Soul Rolls each buys (003 l.1703)
DEATH_METAL_SOULS, DEATH_METAL_ROLLS = 3, 2
NOUN = {"hearts": "Heart", "skulls": "Skull", "stars": "Star"}


def _mark(c: Cast, **extra) -> None:
    entries = list(c.st.marks.get(c.card) or [])
    entries = [e for e in entries if e["daemon"] != c.daemon]
    entries.append({"daemon": c.daemon, "player": c.player, **extra})
    c.st.marks[c.card] = sorted(entries, key=lambda e: e["daemon"])


# -- the cults -----------------------------------------------------------------------------------

@spell(BACKWOODS)
def backwoods_cult(c: Cast) -> None:
    """"In the next Soul Phase the caster may double all its Souls and receive 2 extra
    Favours, provided it is on Earth and not Incapacitated" (003 l.1646). "All its
    Souls" is read as the Souls this Daemon collects on Earth (Hearts + Soul Roll,
    HG-7.2-04), as Comet Cult says: the player's Sectio income is not the Daemon's.
    "May": doubling never hurts, so the default is to double. The Favours are the
    card's gift, with no Disfavour Roll (as Christmas's)."""
    _mark(c)
    c.log.public("cult-founded", f"{c.who()} founds a Backwoods Cult: in the next Soul "
                 "Phase, still on Earth and not Incapacitated, it doubles its Souls and "
                 "gives 2 extra Favours.", RULE, card=c.card, daemon=c.daemon)


@spell(COMET)
def comet_cult(c: Cast) -> None:
    """"In the next Soul Phase, provided it is on Earth and not Incapacitated, the
    caster may double the Souls it collects and gain 1 extra Favour" (003 l.1698): the
    Souls it collects on Earth (HG-7.2-04); default: double."""
    _mark(c)
    c.log.public("cult-founded", f"{c.who()} founds a Comet Cult: in the next Soul Phase, "
                 "still on Earth and not Incapacitated, it doubles its Souls and gives 1 "
                 "extra Favour.", RULE, card=c.card, daemon=c.daemon)


@spell(DEATH_METAL)
def death_metal(c: Cast) -> None:
    """"For every 3 Souls used in the music business the caster may make two extra Soul
    Rolls in the next Soul Phase, provided it is not Incapacitated. The Souls used are
    lost" (003 l.1703). The investment is any multiple of 3; no order says how many, so
    the caster invests the minimum, the 3 Souls of the card's printed cost that
    magic.py has charged, for 2 extra Soul Rolls (HG-3.4-01)."""
    _mark(c, rolls=DEATH_METAL_ROLLS)
    c.log.public("death-metal", f"{c.who()} invests {DEATH_METAL_SOULS} Souls in Death "
                 f"Metal (the minimum, by default): {DEATH_METAL_ROLLS} extra Soul Rolls in "
                 "the next Soul Phase if it is not Incapacitated then.", RULE,
                 card=c.card, daemon=c.daemon)


@spell(SILVER_DAWN)
def the_order_of_the_silver_dawn(c: Cast) -> None:
    """"As long as the caster stays on Earth it gains 1 extra Favour in every Soul
    Phase, whatever the Hell cards say; the effect ends when it leaves Earth or is
    Incapacitated" (003 l.2213). The Walk the Earth card under the caster is kept with
    the mark: another one means it went back to Hell and came up again, so the effect
    has ended. The Favour is the card's gift, with no Disfavour Roll."""
    _mark(c, walk_card=c.st.daemons[c.daemon].walk_card)
    c.log.public("silver-dawn", f"{c.who()} is initiated into the Order of the Silver "
                 "Dawn: 1 extra Favour each Soul Phase while it stays on Earth.", RULE,
                 card=c.card, daemon=c.daemon)


# -- cards under the Daemon --------------------------------------------------------------------

def _under_check(c: Cast) -> str | None:
    """A Daemon card holds one Arcana under it (Daemon.under): a second is refused."""
    held = c.st.daemons[c.daemon].under
    if held:
        return (f"{c.data.daemons[c.daemon].name} already keeps "
                f"{c.data.arcana[held].name} under its card")
    return None


def _place_under(c: Cast) -> None:
    """"Place this card under the caster's Daemon card: that Daemon has 1 <attribute>
    more than printed, until it becomes Incapacitated." magic.play has put the card at
    the bottom of the Arcana deck: it comes back from there to lie under the Daemon."""
    st, name = c.st, UNDER_BONUS[c.card]
    deck = st.arcana_deck
    del deck[len(deck) - 1 - deck[::-1].index(c.card)]
    st.daemons[c.daemon].under = c.card
    c.log.public("under-daemon", f"{c.name} lies under {c.who()}'s card: 1 "
                 f"{NOUN[name]} more than printed until it is Incapacitated.", RULE,
                 card=c.card, daemon=c.daemon, attribute=name)


@spell("arcana.foci", check=_under_check)
def foci(c: Cast) -> None:
    """Foci (003 l.1807): +1 Star; cast On Earth (data)."""
    _place_under(c)


@spell("arcana.the-sword-of-the-guardian", check=_under_check)
def the_sword_of_the_guardian(c: Cast) -> None:
    """The Sword of the Guardian (003 l.2229): +1 Skull; cast In Hell (data)."""
    _place_under(c)


@spell("arcana.salomes-oil", check=_under_check)
def salomes_oil(c: Cast) -> None:
    """Salome's Oil (003 l.2079): +1 Heart; cast anywhere (no place printed)."""
    _place_under(c)
