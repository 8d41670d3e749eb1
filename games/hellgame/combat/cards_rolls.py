"""Combat cards that change rolls and saves (issue 8), and the two that
change magic itself. See magic.py and lasting.py for the conventions; the cards that
change the dice and the Units (Rage, Unholy Rage, A Deliberate Mistake, Blood Money,
The Thin Dead Line) are in cards_dice.py.

Readings (docs: "More cards"):
- "combat rolls" (Frenzy, Heroism) are the attack rolls only (HG-11.2.2-04): in "The
  Battle for Sugar Hill" (000 §11) Mu's Frenzy adds +2 to its attacks and Mu's Legions
  still save on a 1 only. Frenzy gives +2 for the caster's side, not the card's "+3 to
  the user" (003 l.1823): the rulebook's example wins (arcana.yaml notes).
- "all die rolls" (Berserk Rage, Git'em, Hit Hard!, Madness) are the attack rolls and
  the saves (HG-11.2.3-04..06) of the caster's side; a save succeeds on a low roll, so
  the bonus counts in the Unit's favour (the number to roll under is higher, as for
  Rebellious Rage, hellcards/rage.py). Other dice (sides, flight, ties) are not combat
  rolls.
- "The caster's side" is the side the caster's Triumvirate fights on each round
  (allies included); "the opponent" is the other side.
- Fair Fight: no Arcana card at all may be played in this combat after it (its
  `may_cast` hook refuses every COMBAT CAST). A Counter is an Arcana card too, so none
  should answer a card after it: counters.py may ask `lasting.may_cast(f, play)` before
  offering one (not wired yet). Fair Fight itself may be countered as it is played.
- Sacred Music: "discard all Arcana cards played by all Daemons taking part in this
  combat" (003 l.2077): the cards played are already at the bottom of the deck
  (HG-3.3-02), so "the music makes magic useless" is read as: every effect of a card
  played earlier in this combat that is still running ends — lasting effects, this
  round's card bonus, Daemons put out of the fight by a card. What a card already did
  (Units moved or revived, Souls paid) stays done; cards brought and not yet played
  stay with their Daemons and may be played afterwards. First round only (its timing).
"""

from __future__ import annotations

from pbem.grammar import verb

from . import lasting
from .magic import combat_spell
from .parties import is_plural, label

CAST = "HG-11.2.1-01"
ATTACK = "HG-11.2.2-04"
SAVES = "HG-11.2.3-04"
CIRCLE = {"arcana.hit-the-soft-spots": "THE VIOLENT", "arcana.horrible-insult": "THE WRATHFUL",
          "arcana.a-deliberate-mistake": "TREACHERY", "arcana.blood-money": "THE GREEDY"}


# -- what the cards share ------------------------------------------------------------------

def caster_of(f, daemon: str) -> str:
    """The Triumvirate whose joined Daemon played the card."""
    return next(p for p, ds in sorted(f.daemons.items()) if daemon in ds)


def name(f, card: str) -> str:
    return f.data.arcana[card].name


def side_label(f, side: int) -> str:
    return " and ".join(label(p, f.data, f.st) for p in f.sides[side]) or "nobody"


def side_is_plural(f, side: int) -> bool:
    """Whether side_label names several ("boris and chiara", "the Freebooters"), for the
    verb and the pronoun after it (pbem.grammar)."""
    return len(f.sides[side]) > 1 or any(is_plural(p) for p in f.sides[side])


def side_its(f, side: int) -> str:
    return "their" if side_is_plural(f, side) else "its"


def mine(f, x) -> int:
    """The caster's side this round (the side it was cast on if the caster has left)."""
    found = lasting.side_of(f, x.player)
    return x.side if found is None else found


def circle_check(f, player: str, o: dict) -> str | None:
    """The card's prerequisite (003): the caster's Triumvirate controls a Sectio in the
    Circle named (data/arcana.yaml: prerequisites)."""
    circle = CIRCLE[o["card"]]
    held = [s for s in f.st.sectio_of(player) if f.data.sectio[s].circle_name == circle]
    if held:
        return None
    circle = circle.title().removeprefix("The ")
    return f"{player} controls no Sectio in the {circle} Circle, which {name(f, o['card'])} needs"


def first_round(f, player: str, o: dict) -> str | None:
    """A card marked "in the first round" / "before the first round" (003)."""
    if f.round <= 1:
        return None
    return f"{name(f, o['card'])} may be played in the first round of a combat only"


# -- bonuses to the caster's side ------------------------------------------------------------

def bonus(f, side: int, daemon: str, o: dict, amount: int, rounds: int | None,
          saves: bool) -> None:
    """+amount on the attack rolls (and, if `saves`, the saves) of the caster's side, for
    `rounds` rounds from this one (None: the rest of the combat)."""

    def attack(f, x, s, party, unit):
        return amount if s == mine(f, x) else 0

    def save(f, x, s, party, unit):
        return amount if s == mine(f, x) else 0

    hooks = {"attack": attack, **({"save": save} if saves else {})}
    lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=rounds, **hooks)
    its = side_its(f, side)
    what = f"all {its} die rolls, attacks and saves," if saves else f"{its} attack rolls"
    when = "this round" if rounds == 1 else "for the rest of the combat"
    f.log.public("combat-card-bonus", f"{name(f, o['card'])}: {side_label(f, side)} "
                 f"{verb(side_is_plural(f, side), 'get')} +{amount} on {what} {when}",
                 ATTACK if not saves else SAVES, card=o["card"], side=side, bonus=amount,
                 rounds=rounds, saves=saves)


@combat_spell("arcana.frenzy")
def frenzy(f, side, daemon, o):
    """arcana.frenzy: +2 on the attack rolls of the caster's side for this round (000 §11
    example over 003's +3)."""
    bonus(f, side, daemon, o, 2, 1, saves=False)


@combat_spell("arcana.heroism")
def heroism(f, side, daemon, o):
    """arcana.heroism: +2 on the attack rolls of the caster's side, this round only."""
    bonus(f, side, daemon, o, 2, 1, saves=False)


@combat_spell("arcana.berserk-rage")
def berserk_rage(f, side, daemon, o):
    """arcana.berserk-rage: +4 on all die rolls (attacks and saves) for one round."""
    bonus(f, side, daemon, o, 4, 1, saves=True)


@combat_spell("arcana.gitem")
def gitem(f, side, daemon, o):
    """arcana.gitem: +1 on all die rolls (attacks and saves), rest of the combat."""
    bonus(f, side, daemon, o, 1, None, saves=True)


@combat_spell("arcana.hit-hard")
def hit_hard(f, side, daemon, o):
    """arcana.hit-hard: +1 on all dice the caster's side rolls (attacks and saves), rest
    of the combat. 003 labels it an Action card; data/arcana.yaml records it as Combat."""
    bonus(f, side, daemon, o, 1, None, saves=True)


@combat_spell("arcana.madness")
def madness(f, side, daemon, o):
    """arcana.madness: +1 on all die rolls (attacks and saves), rest of the combat."""
    bonus(f, side, daemon, o, 1, None, saves=True)


# -- no saving rolls for the opponent --------------------------------------------------------

def no_saves(f, side: int, daemon: str, o: dict, insult: int) -> None:
    """The opposing side makes no saving rolls for the rest of the combat: every Unit
    it has that is hit is destroyed (saves.py); `insult`: a bonus to its attack rolls."""

    def may_save(f, x, s, party, unit):
        return s != 1 - mine(f, x)

    def attack(f, x, s, party, unit):
        return insult if s == 1 - mine(f, x) else 0

    hooks = {"may_save": may_save, **({"attack": attack} if insult else {})}
    lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=None, **hooks)
    plus = (f"{verb(side_is_plural(f, 1 - side), 'get')} +{insult} on "
            f"{side_its(f, 1 - side)} attack rolls but ") if insult else ""
    f.log.public("combat-card-no-saves", f"{name(f, o['card'])}: {side_label(f, 1 - side)} "
                 f"{plus}may make no saving rolls for the rest of the combat", SAVES,
                 card=o["card"], side=1 - side, bonus=insult)


@combat_spell("arcana.hit-the-soft-spots", check=circle_check)
def hit_the_soft_spots(f, side, daemon, o):
    """arcana.hit-the-soft-spots: the opponent may make no saving rolls for the rest of
    the combat (needs a Sectio in the Violent Circle, 003 l.1882)."""
    no_saves(f, side, daemon, o, 0)


@combat_spell("arcana.horrible-insult", check=circle_check)
def horrible_insult(f, side, daemon, o):
    """arcana.horrible-insult: the enraged opponent gets +1 on its attack rolls ("all its
    combat rolls": it makes no saves) but may make no saving rolls for the rest of the
    combat (needs a Sectio in the Wrathful Circle, 003 l.1893)."""
    no_saves(f, side, daemon, o, 1)


# -- magic itself -----------------------------------------------------------------------------

@combat_spell("arcana.fair-fight")
def fair_fight(f, side, daemon, o):
    """arcana.fair-fight: no Arcana card may be used for the rest of this combat (its
    Disfavour is taken as it is played, Fight.cast)."""

    def may_cast(f, x, play):
        return f"Fair Fight forbids Arcana cards for the rest of the combat in {f.here}"

    lasting.add(f, o["card"], side, caster_of(f, daemon), daemon, rounds=None,
                may_cast=may_cast)
    f.log.public("combat-card-fair-fight", f"Fair Fight: no more Arcana cards may be played "
                 f"in the combat in {f.here}", CAST, card=o["card"])


@combat_spell("arcana.sacred-music", check=first_round)
def sacred_music(f, side, daemon, o):
    """arcana.sacred-music: the effects still running of every card played earlier in
    this combat end (lasting.end_all, this round's card bonus, Daemons a card put out of
    the fight). First round only (003 l.2077: "nel primo round")."""
    gone = lasting.end_all(f)
    names = [name(f, x.card) for x in gone]
    if any(f.bonus):
        names.append("this round's card bonus")
    out = sorted(f.out)
    names += [f"{f.data.daemons[d].name} kept out of the fight" for d in out]
    f.bonus = [0, 0]
    f.out.clear()
    ended = (f"these effects end: {', '.join(names)}" if names
             else "no card played here has an effect still running")
    f.log.public("combat-card-sacred-music", f"Sacred Music makes magic useless in {f.here}: "
                 f"{ended}", CAST, card=o["card"], ended=[x.card for x in gone], freed=out)
