"""Major Arcana whose Incapacitation has its own recovery (issue 8): cards whose
Incapacitation ends in an End Phase of their own (end_phase.py reads `Daemon.recover_by`
and `HellState.marks`).

- Belladonna: win a Duel of Hearts to poison a Daemon; it draws an Arcana on recovery.
- Black Rainbow: the caster goes on a spiritual quest; its own End Phase roll.
- The Armenian Relic-Box: a Roll against Stars traps a Daemon on Earth; a 6 on its
  recovery roll hands its player the card.
- The Lovers: two Duels of Hearts bind a male and a female Daemon in Hell; they recover
  together only if both roll 5-6.
- Don't Eat That!: the caster is poisoned; this turn its Triumvirate buys off
  Disfavours at 1 Favour each.

Their End Phase parts are registered on end_phase.py's hook points (hooks.py): Black
Rainbow's die ("recovery-die") and what the roll gives (Black Rainbow, Belladonna, the
Relic-Box's 6: "recovery-rolled"), The Lovers' roll ("recovery-roll", "recovery-over"),
Don't Eat That!'s price ("buy-off-price").
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..cards import enforce_hand_limit, gain_arcana
from ..errors import OrderError
from ..favours import duel, roll_against
from ..hooks import hook
from ..log import count
from ..state import IN_HELL, ON_EARTH
from .abilities import daemon_sex
from .conditions import daemon_in_play
from .magic import DAEMON, RULE, Cast, Target, spell
from .spells_incapacitation import _incapacitate

BELLADONNA = "arcana.belladonna"
BLACK_RAINBOW = "arcana.black-rainbow"
RELIC_BOX = "arcana.the-armenian-relic-box"
LOVERS = "arcana.the-lovers"
DONT_EAT_THAT = "arcana.dont-eat-that"


def _place(where: str) -> str:
    return "on Earth" if where == ON_EARTH else "in Hell"


def _not_incapacitated(c: Cast, t: str) -> str | None:
    if c.st.daemons[t].incapacitated:
        return f"{c.data.daemons[t].name} is Incapacitated already"
    return None


# -- Belladonna -------------------------------------------------------------------------------

def _belladonna_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    if t == c.daemon:
        return "Belladonna poisons another Daemon, beaten in a Duel of Hearts"
    return _not_incapacitated(c, t)


@spell(BELLADONNA, target=DAEMON, check=_belladonna_check)
def belladonna(c: Cast) -> None:
    """A Duel of Hearts, caster against target (HG-3.4-05); the loser, if the target, is
    Incapacitated and recovers by the printed roll (HG-13.2-01); when it recovers its
    Triumvirate draws 1 Arcana (end_phase.recovery_rolls, recover_by "belladonna").
    "Any Daemon": in Hell or on Earth, the place rules of HG-9.8.1-02/03 apply. The
    Disfavour is the card's cost, taken as it is played even if the Duel is lost."""
    t = c.target["daemon"]
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "hearts",
                  f"Belladonna: Duel of Hearts, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("belladonna", f"{c.who(t)} wins the Duel of Hearts and spits out the "
                     "Belladonna", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    gone = _incapacitate(c, t, "belladonna")
    c.log.public("belladonna", f"{c.who()} wins the Duel of Hearts: {c.who(t)} is poisoned "
                 f"and Incapacitated{gone}; when it recovers, {c.st.daemons[t].owner} draws "
                 "1 Arcana card", "HG-3.4-05", card=c.card, daemon=t, winner=winner)


# -- Black Rainbow ---------------------------------------------------------------------------

@spell(BLACK_RAINBOW)
def black_rainbow(c: Cast) -> None:
    """The caster (on Earth, the card's place) is Incapacitated on a spiritual quest.
    Its End Phase roll replaces the printed recovery roll and is made each End Phase
    until it comes back (end_phase.recovery_rolls, recover_by "black-rainbow"): 1-2
    stays away, 3 comes back empty-handed, 4-6 comes back with 3 Favours and 3 Arcana
    for its Triumvirate. It stays on Earth while away."""
    gone = _incapacitate(c, c.daemon, "black-rainbow")
    c.log.public("black-rainbow", f"{c.who()} sets out on a spiritual quest and is "
                 f"Incapacitated{gone}: in the End Phase a die decides whether it comes back",
                 RULE, card=c.card, daemon=c.daemon)


# -- The Armenian Relic-Box --------------------------------------------------------------------

def _relic_check(c: Cast) -> str | None:
    t = c.target["daemon"]
    if t == c.daemon:
        return "The Armenian Relic-Box traps another Daemon"
    if c.st.daemons[t].where != ON_EARTH:
        return f"{c.data.daemons[t].name} is in Hell: the Relic-Box traps a Daemon on Earth"
    return _not_incapacitated(c, t)


@spell(RELIC_BOX, target=DAEMON, check=_relic_check)
def armenian_relic_box(c: Cast) -> None:
    """The caster rolls against its Stars (HG-3.4-04); on a success the target, on
    Earth, is trapped and Incapacitated (recover_by "relic-box": the printed recovery
    roll, HG-13.2-01). If that roll is a 6 its player takes the card from the Arcana
    deck into his hand "for revenge" (end_phase.recovery_rolls; the player's choice,
    default: he keeps it). On a failure the card is spent for nothing."""
    t = c.target["daemon"]
    ok = roll_against(c.st, c.data, c.dice, c.daemon, "stars",
                      f"HG-3.4-04 The Armenian Relic-Box: {c.who()} rolls against Stars")
    if not ok:
        c.log.public("relic-box", f"{c.who()} fails the Roll against Stars: {c.who(t)} does "
                     "not go into the Relic-Box", "HG-3.4-04", card=c.card, daemon=t)
        return
    gone = _incapacitate(c, t, "relic-box")
    c.log.public("relic-box", f"{c.who()} succeeds in the Roll against Stars: {c.who(t)} is "
                 f"trapped in the Armenian Relic-Box and Incapacitated{gone}", "HG-3.4-04",
                 card=c.card, daemon=t)


# -- The Lovers ------------------------------------------------------------------------------

def _lovers_target(text: str, ctx) -> tuple[str, dict]:
    """`ON <Daemon> AND <Daemon>`: the two to bind, in either order."""
    words = text.split()
    upper = [w.upper() for w in words]
    if "AND" not in upper[1:-1]:
        raise OrderError(INVALID, "The Lovers binds two Daemons", RULE,
                         "write ON <Daemon> AND <Daemon>, e.g. ON Baal AND Lilith")
    cut = upper.index("AND", 1)
    a = daemon_in_play(" ".join(words[:cut]), ctx, RULE)
    b = daemon_in_play(" ".join(words[cut + 1:]), ctx, RULE)
    names = ctx.data.daemons
    return f"{names[a].name} AND {names[b].name}", {"daemon": a, "partner": b}


def _lovers_check(c: Cast) -> str | None:
    a, b = c.target["daemon"], c.target["partner"]
    if b not in c.st.daemons:
        return f"{c.data.daemons[b].name} is no longer in play"
    if a == b:
        return "The Lovers binds two different Daemons"
    if c.daemon in (a, b):
        return "The caster duels both lovers, so it cannot be one of them"
    for t in (a, b):
        if c.st.daemons[t].where != IN_HELL:
            return f"{c.data.daemons[t].name} is on Earth: The Lovers binds two Daemons in Hell"
        why = _not_incapacitated(c, t)
        if why:
            return why
    if not ({daemon_sex(c.st, c.data, a), daemon_sex(c.st, c.data, b)} == {"male", "female"}):
        return (f"{c.data.daemons[a].name} and {c.data.daemons[b].name} are not a male and a "
                "female Daemon")
    return None


@spell(LOVERS, target=Target("<Daemon> AND <Daemon>", _lovers_target), check=_lovers_check)
def the_lovers(c: Cast) -> None:
    """Two separate Duels of Hearts (HG-3.4-05), the caster against each lover in the
    order written; a lost Duel ends the card (no second Duel). Both won: both are
    Incapacitated (recover_by "lovers", the pair kept in `marks[arcana.the-lovers]`);
    in an End Phase each rolls a die and they recover together only if both roll 5 or
    6 (end_phase.recovery_rolls). The Favour is the card's cost, paid as it is played."""
    pair = [c.target["daemon"], c.target["partner"]]
    for t in pair:
        winner = duel(c.st, c.data, c.dice, [c.daemon, t], "hearts",
                      f"The Lovers: Duel of Hearts, {c.who()} against {c.who(t)}")
        if winner != c.daemon:
            c.log.public("lovers", f"{c.who(t)} wins the Duel of Hearts: The Lovers fails",
                         "HG-3.4-05", card=c.card, daemon=t, winner=winner)
            return
    gone = "".join(f"; {c.data.daemons[t].name}{g.removeprefix(' and')}"
                   for t in pair if (g := _incapacitate(c, t, "lovers")))
    pairs = list(c.st.marks.get(LOVERS) or [])
    c.st.marks[LOVERS] = sorted([*pairs, sorted(pair)])
    c.log.public("lovers", f"{c.who()} wins both Duels of Hearts: {c.who(pair[0])} and "
                 f"{c.who(pair[1])} are bound together and Incapacitated; they recover "
                 f"together only if both roll 5 or 6 in an End Phase{gone}", "HG-3.4-05",
                 card=c.card, daemons=pair)


# -- Don't Eat That! -------------------------------------------------------------------------

@spell(DONT_EAT_THAT)
def dont_eat_that(c: Cast) -> None:
    """The caster (in Hell, the card's place) is Incapacitated and recovers by the
    printed roll (HG-13.2-01). In this turn's End Phase (the next one) its Triumvirate
    buys off Disfavours at 1 Favour each instead of 2 (end_phase.buy_off; "as many as it
    likes": BUY OFF / KEEP FAVOURS orders cap it, else as many as possible, IP-49)."""
    gone = _incapacitate(c, c.daemon, None)
    players = sorted({*(c.st.marks.get(DONT_EAT_THAT) or []), c.player})
    c.st.marks[DONT_EAT_THAT] = players
    c.log.public("dont-eat-that", f"{c.who()} eats poisoned food and is Incapacitated{gone}; "
                 f"in this End Phase {c.player} may buy off Disfavours at 1 Favour each",
                 RULE, card=c.card, daemon=c.daemon)


# -- the End Phase (end_phase.py's hook points) -------------------------------------------------

@hook("buy-off-price", order=10)
def dont_eat_that_price(st) -> tuple[list[str], int, str, str] | None:
    """Don't Eat That! (`st.marks`, this turn's casters' players): 1 Favour a Disfavour
    instead of 2 in this End Phase's buy-off; the mark is cleared."""
    cheap = sorted(set(st.marks.pop(DONT_EAT_THAT, None) or []))
    if not cheap:
        return None
    return cheap, 1, "Don't Eat That!: 1 Favour each", DONT_EAT_THAT


#: Black Rainbow's End Phase die (its text): 1-2 stays away, 3 back empty-handed,
#: 4-6 back with 3 Favours and 3 Arcana.
BLACK_RAINBOW_GIFT = 3


@hook("recovery-die", order=10)
def black_rainbow_die(st, name: str, d, dice) -> tuple[int, bool, str, str] | None:
    """Black Rainbow's own End Phase die replaces the printed recovery roll."""
    if d.recover_by != "black-rainbow":
        return None
    roll = dice.roll(f"HG-13.2-01 Black Rainbow: {d.id} on its spiritual quest", name)
    extra = ""
    if roll == 3:
        extra = " empty-handed"
    elif roll >= 4:
        extra = (f" with {count(BLACK_RAINBOW_GIFT, 'Favour')} and "
                 f"{count(BLACK_RAINBOW_GIFT, 'Arcana card')} for {name}")
    return roll, roll >= 3, " on its spiritual quest (Black Rainbow)", extra


@hook("recovery-rolled", order=10)
def black_rainbow_gifts(st, name: str, d, by: str | None, roll: int, recovered: bool, dice,
                        data, log, sheets) -> None:
    """Back from the quest on a 4-6: 3 Favours and 3 Arcana for its Triumvirate."""
    if by == "black-rainbow" and recovered and roll >= 4:
        st.players[name].favours += BLACK_RAINBOW_GIFT
        gain_arcana(st, name, BLACK_RAINBOW_GIFT, dice, data, log, sheets.get(name),
                    "Black Rainbow", rule="HG-13.2-01")


@hook("recovery-rolled", order=20)
def belladonna_recovers(st, name: str, d, by: str | None, roll: int, recovered: bool, dice,
                        data, log, sheets) -> None:
    """A Daemon Belladonna poisoned recovers: its Triumvirate draws 1 Arcana."""
    if by == "belladonna" and recovered:
        gain_arcana(st, name, 1, dice, data, log, sheets.get(name),
                    f"Belladonna: {data.daemons[d.id].name} recovers", rule="HG-13.2-01")


@hook("recovery-rolled", order=30)
def relic_box_six(st, name: str, d, by: str | None, roll: int, recovered: bool, dice, data,
                  log, sheets) -> None:
    """A 6 on the recovery roll of a Daemon the Relic-Box trapped (recovered or not)."""
    if by == "relic-box" and roll == 6:
        _keep_relic_box(st, name, data.daemons[d.id].name, data, log, sheets)


def _keep_relic_box(st, name: str, dn: str, data, log, sheets) -> None:
    """A 6 on the trapped Daemon's recovery roll: its player may keep the card (its
    text); the default is that he does. The played card lies in the Arcana deck
    (HG-3.3-02); the last copy from the bottom is taken."""
    deck = st.arcana_deck
    if RELIC_BOX not in deck:
        log.public("relic-box-gone", f"{dn} ({name}) rolled a 6, but The Armenian Relic-Box "
                   "is no longer in the Arcana deck to keep.", "HG-13.2-01", card=RELIC_BOX)
        return
    del deck[len(deck) - 1 - deck[::-1].index(RELIC_BOX)]
    st.players[name].hand.append(RELIC_BOX)
    log.public("relic-box-kept", f"{dn} ({name}) rolled a 6 in the Relic-Box: {name} keeps "
               "The Armenian Relic-Box for revenge (default: the card is kept).", "HG-13.2-01",
               player=name, card=RELIC_BOX)
    enforce_hand_limit(st, name, data, log, sheets.get(name))


@hook("recovery-roll", order=10)
def lovers_roll(st, name: str, d, dice, data, log, sheets, done: set[str]) -> bool | None:
    """The Lovers (recover_by "lovers"): both roll; both 5 or 6 and they recover together
    (the card's text); a lover whose partner is gone or no longer bound rolls alone."""
    if d.recover_by != "lovers":
        return None
    partner = next((x for p in st.marks.get(LOVERS) or [] if d.id in p for x in p
                    if x != d.id), None)
    pd = st.daemons.get(partner) if partner else None
    pair = [d] if pd is None or not pd.incapacitated or pd.recover_by != "lovers" else [d, pd]
    rolls = [dice.roll(f"HG-13.2-01 The Lovers: recovery of {x.id}", x.owner) for x in pair]
    done.update(x.id for x in pair)
    names = " and ".join(f"{data.daemons[x.id].name} ({x.owner}) rolls {r}"
                         for x, r in zip(pair, rolls, strict=True))
    ids = [x.id for x in pair]
    if all(r >= 5 for r in rolls):
        for x in pair:
            x.incapacitated, x.recover_by = False, None
        who = "they recover together" if len(pair) == 2 else "it recovers"
        log.public("recover", f"{names}: {who} (The Lovers).", "HG-13.2-01", daemons=ids,
                   rolls=rolls)
    else:
        who = "both stay" if len(pair) == 2 else "it stays"
        log.public("still-incapacitated", f"{names}: {who} Incapacitated until the next End "
                   "Phase (The Lovers: both must roll 5 or 6).", "HG-13.2-01", daemons=ids,
                   rolls=rolls)
    return True


@hook("recovery-over", order=10)
def lovers_pairs(st) -> None:
    """The pairs still bound once every Daemon has rolled; the mark goes with the last."""
    pairs = [p for p in st.marks.get(LOVERS) or []
             if all(x in st.daemons and st.daemons[x].recover_by == "lovers" for x in p)]
    if pairs:
        st.marks[LOVERS] = pairs
    else:
        st.marks.pop(LOVERS, None)
