"""Major Arcana that give lasting bonuses (issue 8): Souls and Favours in a later Soul
Phase, or +1 to a Daemon's Stars, Skulls or Hearts. See magic.py for the conventions.

Cards whose effect comes in a later Soul Phase keep their caster in `st.marks` (card id
-> a list of {"daemon", "player"[, "walk_card"]}); their hooks below apply and clear them
in the Soul Phase (`cults` on "soul-lots", `death_metal_rolls` on "soul-other-income"):

- Backwoods Cult, Comet Cult: in the next Soul Phase the caster, still on Earth and not
  Incapacitated, doubles the Souls it collects and gives 2 / 1 extra Favours.
- Death Metal: every 3 Souls invested (CAST Death Metal PAYING <n>; default the
  minimum, 3) buy 2 extra Soul Rolls in the next Soul Phase, if the caster is not
  Incapacitated then.
- The Order of the Silver Dawn: 1 extra Favour each Soul Phase while the caster stays
  on Earth, whatever the Hell cards say.

Cards kept under the caster's Daemon card (`Daemon.under`; favours.attribute asks
"card-under-bonus" for the +1, `under_bonus` here; favours.release_under discards the
card when the effect ends):

- Foci (+1 Star), The Sword of the Guardian (+1 Skull), Salome's Oil (+1 Heart).
"""

from __future__ import annotations

from ..favours import soul_roll_souls
from ..hooks import hook
from ..log import count
from ..soul import daemon_label
from ..state import ON_EARTH
from .magic import RULE, Cast, spell

BACKWOODS, COMET = "arcana.backwoods-cult", "arcana.comet-cult"
DEATH_METAL, SILVER_DAWN = "arcana.death-metal", "arcana.the-order-of-the-silver-dawn"
#: Death Metal: Souls per investment and extra Soul Rolls each buys (003 l.1703)
DEATH_METAL_SOULS, DEATH_METAL_ROLLS = 3, 2
NOUN = {"hearts": "Heart", "skulls": "Skull", "stars": "Star"}
#: Backwoods Cult and Comet Cult: their extra Favours (003 l.1646, l.1698)
CULT_FAVOURS = {BACKWOODS: 2, COMET: 1}
#: The Arcana kept under a Daemon card (Daemon.under) and the attribute each raises by 1
#: "more than printed, until it becomes Incapacitated".
UNDER_BONUS = {"arcana.foci": "stars", "arcana.the-sword-of-the-guardian": "skulls",
               "arcana.salomes-oil": "hearts"}


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


def _invested(c: Cast) -> int:
    """The Souls the caster invests in Death Metal: its CAST line's PAYING (magic.py),
    or the minimum, the card's printed cost."""
    return c.target.get("paying") or DEATH_METAL_SOULS


def _can_invest(c: Cast) -> str | None:
    souls, has = _invested(c), c.st.players[c.player].souls
    if souls > has:
        return f"{c.name} PAYING {souls} needs {count(souls, 'Soul')} and {c.player} has {has}"
    return None


@spell(DEATH_METAL, check=_can_invest, invest=DEATH_METAL_SOULS)
def death_metal(c: Cast) -> None:
    """"For every 3 Souls used in the music business the caster may make two extra Soul
    Rolls in the next Soul Phase, provided it is not Incapacitated. The Souls used are
    lost" (003 l.1703). The investment is any multiple of 3, said by the CAST line
    (`CAST Death Metal PAYING 6`); without PAYING the minimum, the 3 Souls of the card's
    printed cost. magic.py has charged those 3 as the card was played; the rest of the
    investment is paid here, as the card works (a cancelled Death Metal costs only its
    printed 3), for 2 extra Soul Rolls per 3 Souls (HG-3.4-01)."""
    souls = _invested(c)
    c.st.players[c.player].souls -= souls - DEATH_METAL_SOULS
    rolls = souls // DEATH_METAL_SOULS * DEATH_METAL_ROLLS
    _mark(c, rolls=rolls)
    how = "by its order" if c.target.get("paying") else "the minimum, by default"
    c.log.public("death-metal", f"{c.who()} invests {souls} Souls in Death Metal ({how}): "
                 f"{rolls} extra Soul Rolls in the next Soul Phase if it is not "
                 "Incapacitated then.", RULE, card=c.card, daemon=c.daemon, souls=souls)


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


@hook("card-under-bonus", order=10)
def under_bonus(st, daemon, name: str) -> int | None:
    """+1 to the attribute the card under the Daemon raises (Foci, The Sword of the
    Guardian, Salome's Oil; favours.attribute asks only while it is not Incapacitated)."""
    return 1 if UNDER_BONUS.get(daemon.under) == name else None


# -- in the next Soul Phase (soul.py's hook points) ----------------------------------------------

def _caster(st, entry: dict) -> str | None:
    """The marked caster's id while it is still in play with the same owner."""
    d = st.daemons.get(entry["daemon"])
    return d.id if d is not None and d.owner == entry["player"] else None


@hook("soul-lots", order=100)
def cults(st, sheets, dice, data, log, lots, crusaders) -> None:
    """The cults cast in the last Action Phase act now, once, on a caster still on Earth
    and not Incapacitated (their prerequisite; `lots` holds exactly those): its Souls
    are doubled (after any Hell card's division) and the card's extra Favours are given
    at once, with no Disfavour Roll, whatever the Hell cards did to its Lot."""
    for card, extra in CULT_FAVOURS.items():
        name = data.arcana[card].name
        for entry in st.marks.pop(card, None) or []:
            d = _caster(st, entry)
            if d is None or d not in lots:
                who = data.daemons[entry["daemon"]].name
                log.public("cult-fails", f"{name}: {who} is not on Earth and active "
                           f"for {entry['player']} in this Soul Phase; the cult gives "
                           "nothing.", RULE, card=card, daemon=entry["daemon"])
                continue
            lots[d].multiplier, lots[d].cult = 2, name
            st.players[entry["player"]].favours += extra
            log.public("cult", f"{name}: {daemon_label(st, data, d)} doubles the Souls it "
                       f"collects and gives {entry['player']} {count(extra, 'extra Favour')}"
                       ".", RULE, card=card, daemon=d, player=entry["player"],
                       favours=extra)


@hook("soul-lots", order=110)
def silver_dawn(st, sheets, dice, data, log, lots, crusaders) -> None:
    """The Order of the Silver Dawn: 1 Favour per initiate still on Earth (the same Walk
    the Earth card under it), not Incapacitated, "whatever the Hell cards say";
    otherwise its effect ends."""
    kept = []
    for entry in st.marks.pop(SILVER_DAWN, None) or []:
        d = _caster(st, entry)
        me = st.daemons.get(d) if d else None
        if me is None or me.where != ON_EARTH or me.incapacitated or \
                me.walk_card != entry.get("walk_card"):
            who = data.daemons[entry["daemon"]].name
            log.public("silver-dawn-ends", f"The Order of the Silver Dawn: {who} has left "
                       "the Earth or is Incapacitated; its effect ends.", RULE,
                       card=SILVER_DAWN, daemon=entry["daemon"])
            continue
        kept.append(entry)
        st.players[entry["player"]].favours += 1
        log.public("silver-dawn-favour", f"The Order of the Silver Dawn: "
                   f"{daemon_label(st, data, d)} on Earth gives {entry['player']} 1 extra "
                   "Favour.", RULE, card=SILVER_DAWN, daemon=d, player=entry["player"],
                   favours=1)
    if kept:
        st.marks[SILVER_DAWN] = kept


@hook("soul-other-income", order=10)
def death_metal_rolls(st, sheets, dice, data, log) -> None:
    """Death Metal cast in the last Action Phase: the caster, not Incapacitated (in Hell
    or on Earth: the card asks nothing else), makes its extra Soul Rolls (HG-3.4-01;
    Holy War doubles them) as another source of Souls (HG-7.2-05)."""
    for entry in st.marks.pop(DEATH_METAL, None) or []:
        d, player = _caster(st, entry), entry["player"]
        if d is None or st.daemons[d].incapacitated:
            log.public("death-metal-fails", f"Death Metal: {data.daemons[entry['daemon']].name}"
                       f" is not active for {player} in this Soul Phase; its extra Soul "
                       "Rolls are lost.", RULE, card=DEATH_METAL,
                       daemon=entry["daemon"])
            continue
        got = [soul_roll_souls(st, player, dice, f"HG-3.4-01 Death Metal: extra Soul Roll "
                               f"{i + 1} for {data.daemons[d].name}")
               for i in range(entry.get("rolls", 2))]
        souls = sum(n for _, n in got)
        st.players[player].souls += souls
        log.public("death-metal-souls", f"Death Metal: {daemon_label(st, data, d)} makes "
                   f"{len(got)} extra Soul Rolls ({', '.join(str(n) for _, n in got)}): "
                   f"{count(souls, 'Soul')} to {player}.", RULE, card=DEATH_METAL,
                   daemon=d, player=player, souls=souls)
