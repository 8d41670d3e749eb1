"""The Soul Phase (chapter 7): Favours, income, THE WISE MEN, gifts, upkeep, deserters.

The steps, in this order (HG-7.2-07 for the Souls; players in seats order in each step):

0. The Hell cards' Soul Phase rolls and choices for each active Daemon on Earth
   (`earth_lots`), in precedence order Heaven, Earth (HG-6.1.2-01): Crusade's joining
   (Heaven; default: nobody joins, IP-12) or Forgiveness's Roll against Stars (Heaven),
   then Christmas's die (this turn's Event), then the Earth box: New Age's die, Blinded
   by Science (Souls / 4, a Roll against Hearts for the Favour) or World War (Souls / 2,
   no Favour). Favours, Disfavours and Arcana a card gives instead are given here, at
   once; the rest is a `Lot` that steps 1 and 2 obey. A Daemon whose Souls and Favour a
   card has already replaced is not rolled for by a later card.
1. Favours for Daemons Walking the Earth (HG-7.1-01; A-01 puts this first), as the
   Lots allow (`receive_favours`).
2. Income: Sectio (HG-7.2-01), less 2 for each isolated one (HG-7.2-02), nothing from
   an occupied one (HG-7.2-03); the Hell cards' Sectio hooks are in `sectio_income`:
   no Souls from the Greedy Circle (I Want It All), the Limbo (Vortex) or the Heretics
   (Thou Art Not Real) this turn, and the Phenomena Need for Change / End of Season
   change the printed value of each Sectio they strike before the isolation penalty.
   Then Hearts + a Soul Roll per Daemon on Earth (HG-7.2-04; Holy War doubles the roll
   in favours.soul_roll_souls), divided as its Lot says (rounded down, HG-3.3-03).
   Then other sources (HG-7.2-05): Zagam's ability (`zagam`), then I Want It All's
   price for each Greedy Sectio (`i_want_it_all`).
3. THE WISE MEN's Arcana cards (HG-7.2.2-01..03): the book describes them after the
   Soul Math, as the last income. Vortex stops them (its "or cards", HG-7.2.2-02).
4. Gifts and trades (HG-7.2.1b, `gifts.py`). The book says only "during the Soul
   Phase"; we run them after income and before upkeep, because (a) a Sectio's income
   belongs to whoever owned it when the Souls were gathered, so a gifted Sectio pays
   its old owner this turn and nobody twice; (b) a player may hand over Souls he has
   just collected; (c) a gift can save an ally's Legions from deserting, which happen
   only "at the end of the Soul Phase" (HG-16.1-01).
5. Upkeep (HG-7.2-06) and, at the very end, deserters (HG-16.1-*, `upkeep.py`).

Macina maintenance (HG-16.4-02/03) needs a Macina in play; no card of the base deck is
a Macina (flags.macina is false for all 109), so there is nothing to maintain. If
the data ever holds one, the report says maintenance is not implemented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import effects, events, gifts, upkeep
from .cards import gain_arcana
from .data import HellData
from .favours import attribute, disfavour_roll, roll_against, soul_roll_souls
from .log import Log, count
from .orders import orders_of
from .ownership import Step
from .state import LEGION, ON_EARTH, HellState

# Hell cards and Phenomena whose lasting effects act in the Soul Phase (hellcards/income.py
# registers their arrival; these hooks apply them).
CRUSADE, FORGIVENESS, CHRISTMAS = "hell.crusade", "hell.forgiveness", "hell.christmas"
NEW_AGE, BLINDED, WORLD_WAR = "hell.new-age", "hell.blinded-by-science", "hell.world-war"
I_WANT_IT_ALL, VORTEX, NOT_REAL = "hell.i-want-it-all", "hell.vortex", \
    "hell.thou-art-not-real"
NEED_FOR_CHANGE, END_OF_SEASON = "phenomenon.need-for-change", "phenomenon.end-of-season"
ZAGAM = "ability.zagam"
#: Circles whose Sectio a card stops from producing Souls this turn (circle numbers of
#: data/sectio.yaml: 1 LIMBO, 4 THE GREEDY, 6 HERETICS)
NO_SOULS_CIRCLE = {I_WANT_IT_ALL: 4, VORTEX: 1, NOT_REAL: 6}
CRUSADE_ARCANA, NEW_AGE_ARCANA = 3, 2
ZAGAM_SOULS = 6


def run(st: HellState, sheets, dice, data: HellData, log: Log,
        crusaders: tuple[str, ...] = ()) -> None:
    """`crusaders`: Daemon ids that join the Crusade besides those the players' CRUSADE
    JOIN orders name (IP-12's default: none joins)."""
    sheets = sheets or {}
    crusaders = tuple(crusaders) + tuple(
        d for name in st.seats for o in orders_of((sheets or {}).get(name), "CRUSADE JOIN")
        for d in o["daemons"])
    lots = earth_lots(st, sheets, dice, data, log, crusaders)
    arcana_lots(st, data, log, lots)
    for name in st.seats:
        receive_favours(st, name, dice, data, log, lots)
    for name in st.seats:
        collect_souls(st, name, dice, data, log, lots)
    death_metal(st, dice, data, log)
    st.combat_avoided = []  # HG-V1-11.3.1-02: "the next Soul Phase" has now come
    zagam(st, sheets, dice, data, log)
    i_want_it_all(st, data, log, dice)
    wise_men(st, sheets, dice, data, log)
    gifts.run(st, sheets, data, log, dice)
    unpaid = upkeep.pay_upkeep(st, sheets, data, log)
    if any(c.flags.macina for c in data.arcana.values()):
        log.not_implemented("Macina maintenance", "HG-16.4-02")
    upkeep.desert(st, sheets, dice, data, log, unpaid)


def earth_daemons(st: HellState, player: str) -> list:
    """Non-Incapacitated Daemons Walking the Earth, in the order the player got them."""
    return [d for d in st.active_daemons(player) if d.where == ON_EARTH]


# -- step 0: the Hell cards' rolls for Daemons on Earth -----------------------------------
@dataclass
class Lot:
    """What one Daemon on Earth collects this Soul Phase, as the Hell cards left it."""

    souls: bool = True  # Hearts + Soul Roll
    favour: bool = True  # the Favour for Walking the Earth (HG-7.1-01)
    divisor: int = 1  # the Souls gathered are divided by this, rounded down (HG-3.3-03)
    hearts_for_favour: bool = False  # Blinded by Science: a Roll against Hearts first
    why: str = ""  # the card that changed it, for the report
    multiplier: int = 1  # Backwoods Cult, Comet Cult: the Souls collected are doubled
    cult: str = ""  # the cult's name, for the report

    @property
    def replaced(self) -> bool:
        return not self.souls and not self.favour


def earth_lots(st: HellState, sheets, dice, data: HellData, log: Log,
               crusaders: tuple[str, ...] = ()) -> dict[str, Lot]:
    """Step 0: daemon id -> Lot for every active Daemon on Earth (Events never touch an
    Incapacitated one, HG-6.1-02), cards in precedence order Heaven, Earth
    (HG-6.1.2-01), this turn's Event (Christmas) between them."""
    lots = {d.id: Lot() for name in st.seats for d in earth_daemons(st, name)}
    heaven, earth = st.permanent.get("heaven"), st.permanent.get("earth")
    if heaven == CRUSADE:
        _crusade(st, sheets, dice, data, log, lots, crusaders)
    elif heaven == FORGIVENESS:
        _forgiveness(st, dice, data, log, lots)
    if heaven != FORGIVENESS:
        st.forgiveness_failed = []  # its memory leaves play with the card
    if st.event == CHRISTMAS:
        _christmas(st, dice, data, log, lots)
    if earth == NEW_AGE:
        _new_age(st, sheets, dice, data, log, lots)
    elif earth == BLINDED:
        for lot in _still_collecting(st, data, log, lots, BLINDED).values():
            lot.divisor, lot.hearts_for_favour, lot.why = 4, True, "Blinded by Science"
    elif earth == WORLD_WAR:
        for lot in _still_collecting(st, data, log, lots, WORLD_WAR).values():
            lot.divisor, lot.favour, lot.why = 2, False, "World War"
    return lots


def _label(st: HellState, data: HellData, daemon: str) -> str:
    return f"{data.daemons[daemon].name} ({st.daemons[daemon].owner})"


def _still_collecting(st: HellState, data: HellData, log: Log, lots: dict[str, Lot],
                      card: str) -> dict[str, Lot]:
    """The Lots a card still acts on: not those a higher card already replaced (said)."""
    name = data.hell_cards[card].name
    if not lots:
        log.public("event-no-effect", f"No active Daemon Walks the Earth: {name} has "
                   "nothing to act on in this Soul Phase.", "HG-6.1-04", card=card)
    for d, lot in lots.items():
        if lot.replaced:
            log.public("card-passed-over", f"{name} does not act on {_label(st, data, d)}: "
                       f"{lot.why} has already replaced its Souls and Favour.",
                       "HG-6.1.2-01", card=card, daemon=d)
    return {d: lot for d, lot in lots.items() if not lot.replaced}


def _disfavours(st: HellState, daemon: str, n: int) -> None:
    st.players[st.daemons[daemon].owner].disfavours += n


def _crusade(st, sheets, dice, data, log, lots, crusaders) -> None:
    """Crusade: a Daemon on Earth "may choose to join"; one that does draws 3 Arcana
    instead of its Souls and Favour. IP-12 default: none joins."""
    for d, lot in _still_collecting(st, data, log, lots, CRUSADE).items():
        if d not in crusaders:
            log.public("crusade-stays-out", f"{_label(st, data, d)} does not join the "
                       "Crusade (default IP-12: do not use).", "HG-6.1.1-01", daemon=d)
            continue
        owner = st.daemons[d].owner
        lot.souls, lot.favour, lot.why = False, False, "the Crusade"
        log.public("crusade-joins", f"{_label(st, data, d)} joins the Crusade and draws "
                   f"{count(CRUSADE_ARCANA, 'Arcana card')} instead of Souls and Favour.",
                   "HG-6.1.1-01", daemon=d, player=owner)
        gain_arcana(st, owner, CRUSADE_ARCANA, dice, data, log, sheets.get(owner),
                    "the Crusade", rule="HG-6.1.1-01")


def _forgiveness(st, dice, data, log, lots) -> None:
    """Forgiveness: each Daemon on Earth Rolls against Stars; on a failure no Souls, no
    Favour and 1 Disfavour. "A Daemon that fails again in the following turn is
    destroyed; otherwise it is safe until the next turn": st.forgiveness_failed keeps
    the Daemons that failed in the last Soul Phase, and only those that fail in this one
    stay in it. A destroyed Daemon goes to the bottom of the Daemon deck (HG-3.3-02);
    Trinity keeps a Daemon on Earth alive (random_moves.common.destroy_daemon)."""
    from .random_moves.common import destroy_daemon

    before, failed = set(st.forgiveness_failed), []
    for d, lot in _still_collecting(st, data, log, lots, FORGIVENESS).items():
        if roll_against(st, data, dice, d, "stars",
                        f"HG-6.1.1-01 Forgiveness: {data.daemons[d].name} rolls against Stars"):
            log.public("forgiveness-passed", f"{_label(st, data, d)} passes the Roll against "
                       "Stars of Forgiveness and collects as usual.", "HG-6.1.1-01", daemon=d)
            continue
        lot.souls, lot.favour, lot.why = False, False, "Forgiveness"
        _disfavours(st, d, 1)
        label, owner = _label(st, data, d), st.daemons[d].owner
        log.public("forgiveness-failed", f"{label} fails the Roll against Stars of "
                   "Forgiveness: no Souls, no Favour, and 1 Disfavour instead.",
                   "HG-6.1.1-01", daemon=d, player=owner)
        if d not in before:
            failed.append(d)
        elif destroy_daemon(st, d):  # the card under it goes with it (HG-3.3-02)
            del lots[d]
            log.public("forgiveness-destroyed", f"{label} failed Forgiveness last turn too "
                       "and is destroyed.", "HG-6.1.1-01", daemon=d, player=owner)
        else:
            failed.append(d)
            log.public("forgiveness-spared", f"{label} failed Forgiveness last turn too, "
                       "but Trinity: nothing can destroy a Daemon on Earth.", "HG-6.1.1-01",
                       daemon=d, player=owner)
    st.forgiveness_failed = sorted(failed)


def _christmas(st, dice, data, log, lots) -> None:
    """Christmas: one die per Daemon on Earth. 1-2: 2 Favours (given by the card, no
    Disfavour Roll) and no Souls; 3: as usual; 4-5: 2 Disfavours, Souls (and, as the
    card takes nothing else away, the Favour) as usual; 6: Souls as usual, no Favour."""
    for d, lot in _still_collecting(st, data, log, lots, CHRISTMAS).items():
        owner = st.daemons[d].owner
        die = dice.roll(f"HG-6.1-01 Christmas: {data.daemons[d].name}", owner)
        if die <= 2:
            lot.souls, lot.favour, lot.why = False, False, "Christmas"
            st.players[owner].favours += 2
            what = "gains 2 Favours but no Souls"
        elif die == 3:
            what = "collects Souls and Favour as usual"
        elif die <= 5:
            _disfavours(st, d, 2)
            what = "takes 2 Disfavours but collects as usual"
        else:
            lot.favour, lot.why = False, "Christmas"
            what = "collects Souls as usual but no Favour"
        log.public("christmas", f"Christmas: {_label(st, data, d)} rolls {die} and {what}.",
                   "HG-6.1-01", daemon=d, player=owner, roll=die)


def _new_age(st, sheets, dice, data, log, lots) -> None:
    """New Age: one die per Daemon on Earth. 1-2: as usual; 3-4: half the Souls (the
    Favour as usual); 5: 2 Arcana cards instead of Souls and Favour; 6: 1 Disfavour and
    nothing else. The card's table says "5-6" for the Arcana and "6" for the Disfavour
    (003 l.1412): the line for 6 alone is the more specific, so it wins for a 6."""
    for d, lot in _still_collecting(st, data, log, lots, NEW_AGE).items():
        owner = st.daemons[d].owner
        die = dice.roll(f"HG-6.1.1-01 New Age: {data.daemons[d].name}", owner)
        if die <= 2:
            what = "collects Souls and Favour as usual"
        elif die <= 4:
            lot.divisor, lot.why = 2, "New Age"
            what = "collects half the Souls"
        else:
            lot.souls, lot.favour, lot.why = False, False, "New Age"
            what = "draws 2 Arcana cards instead of Souls and Favour" if die == 5 else \
                "takes 1 Disfavour and nothing else"
        log.public("new-age", f"New Age: {_label(st, data, d)} rolls {die} and {what}.",
                   "HG-6.1.1-01", daemon=d, player=owner, roll=die)
        if die == 5:
            gain_arcana(st, owner, NEW_AGE_ARCANA, dice, data, log, sheets.get(owner),
                        "New Age", rule="HG-6.1.1-01")
        elif die == 6:
            _disfavours(st, d, 1)


# -- step 0b: Major Arcana cast earlier (action/spells_bonuses.py) -------------------------------
#: Backwoods Cult and Comet Cult: their extra Favours (003 l.1646, l.1698)
CULT_FAVOURS = {"arcana.backwoods-cult": 2, "arcana.comet-cult": 1}
DEATH_METAL, SILVER_DAWN = "arcana.death-metal", "arcana.the-order-of-the-silver-dawn"
ARCANA_RULE = "HG-9.8-01"


def _caster(st: HellState, entry: dict) -> str | None:
    """The marked caster's id while it is still in play with the same owner."""
    d = st.daemons.get(entry["daemon"])
    return d.id if d is not None and d.owner == entry["player"] else None


def arcana_lots(st: HellState, data: HellData, log: Log, lots: dict[str, Lot]) -> None:
    """The cults cast in the last Action Phase act now, once, on a caster still on Earth
    and not Incapacitated (their prerequisite; `lots` holds exactly those): its Souls
    are doubled (after any Hell card's division) and the card's extra Favours are given
    at once, with no Disfavour Roll, whatever the Hell cards did to its Lot. Then The
    Order of the Silver Dawn: 1 Favour per initiate still on Earth (the same Walk the
    Earth card under it), not Incapacitated, "whatever the Hell cards say"; otherwise
    its effect ends."""
    for card, extra in CULT_FAVOURS.items():
        name = data.arcana[card].name
        for entry in st.marks.pop(card, None) or []:
            d = _caster(st, entry)
            if d is None or d not in lots:
                who = data.daemons[entry["daemon"]].name
                log.public("cult-fails", f"{name}: {who} is not on Earth and active "
                           f"for {entry['player']} in this Soul Phase; the cult gives "
                           "nothing.", ARCANA_RULE, card=card, daemon=entry["daemon"])
                continue
            lots[d].multiplier, lots[d].cult = 2, name
            st.players[entry["player"]].favours += extra
            log.public("cult", f"{name}: {_label(st, data, d)} doubles the Souls it "
                       f"collects and gives {entry['player']} {count(extra, 'extra Favour')}"
                       ".", ARCANA_RULE, card=card, daemon=d, player=entry["player"],
                       favours=extra)
    kept = []
    for entry in st.marks.pop(SILVER_DAWN, None) or []:
        d = _caster(st, entry)
        me = st.daemons.get(d) if d else None
        if me is None or me.where != ON_EARTH or me.incapacitated or \
                me.walk_card != entry.get("walk_card"):
            who = data.daemons[entry["daemon"]].name
            log.public("silver-dawn-ends", f"The Order of the Silver Dawn: {who} has left "
                       "the Earth or is Incapacitated; its effect ends.", ARCANA_RULE,
                       card=SILVER_DAWN, daemon=entry["daemon"])
            continue
        kept.append(entry)
        st.players[entry["player"]].favours += 1
        log.public("silver-dawn-favour", f"The Order of the Silver Dawn: {_label(st, data, d)}"
                   f" on Earth gives {entry['player']} 1 extra Favour.", ARCANA_RULE,
                   card=SILVER_DAWN, daemon=d, player=entry["player"], favours=1)
    if kept:
        st.marks[SILVER_DAWN] = kept


def death_metal(st: HellState, dice, data: HellData, log: Log) -> None:
    """Death Metal cast in the last Action Phase: the caster, not Incapacitated (in Hell
    or on Earth: the card asks nothing else), makes its extra Soul Rolls (HG-3.4-01;
    Holy War doubles them) as another source of Souls (HG-7.2-05)."""
    for entry in st.marks.pop(DEATH_METAL, None) or []:
        d, player = _caster(st, entry), entry["player"]
        if d is None or st.daemons[d].incapacitated:
            log.public("death-metal-fails", f"Death Metal: {data.daemons[entry['daemon']].name}"
                       f" is not active for {player} in this Soul Phase; its extra Soul "
                       "Rolls are lost.", ARCANA_RULE, card=DEATH_METAL,
                       daemon=entry["daemon"])
            continue
        got = [soul_roll_souls(st, player, dice, f"HG-3.4-01 Death Metal: extra Soul Roll "
                               f"{i + 1} for {data.daemons[d].name}")
               for i in range(entry.get("rolls", 2))]
        souls = sum(n for _, n in got)
        st.players[player].souls += souls
        log.public("death-metal-souls", f"Death Metal: {_label(st, data, d)} makes "
                   f"{len(got)} extra Soul Rolls ({', '.join(str(n) for _, n in got)}): "
                   f"{count(souls, 'Soul')} to {player}.", ARCANA_RULE, card=DEATH_METAL,
                   daemon=d, player=player, souls=souls)


# -- step 1: Favours ------------------------------------------------------------------------
def receive_favours(st: HellState, player: str, dice, data: HellData, log: Log,
                    lots: dict[str, Lot] | None = None) -> None:
    """1 Favour per active Daemon on Earth, each needing a Disfavour Roll when the
    player has Disfavours (HG-7.1-01, HG-14.1-02; no die at 0 Disfavours). A Lot may
    take the Favour away, or ask a Roll against Hearts first (Blinded by Science)."""
    for d in earth_daemons(st, player):
        name = data.daemons[d.id].name
        lot = (lots or {}).get(d.id) or Lot()
        if not lot.favour:
            if not lot.replaced:  # a replaced Lot was reported in step 0
                log.public("favour-none", f"{name} Walks the Earth, but {lot.why} grants "
                           f"{player} no Favour for it.", "HG-6.1.1-01", player=player,
                           daemon=d.id)
            continue
        if lot.hearts_for_favour and not roll_against(
                st, data, dice, d.id, "hearts",
                f"HG-6.1.1-01 {lot.why}: {name} rolls against Hearts for the Favour"):
            log.public("favour-lost", f"{name} fails the Roll against Hearts of "
                       f"{lot.why} and earns {player} no Favour.", "HG-6.1.1-01",
                       player=player, daemon=d.id)
            continue
        if disfavour_roll(st, player, dice, f"HG-7.1-01 Disfavour Roll for {name}'s Favour"):
            st.players[player].favours += 1
            log.public("favour", f"{name} Walks the Earth and earns {player} 1 Favour.",
                       "HG-7.1-01", player=player, daemon=d.id)
        else:
            log.public("favour-lost", f"{name} Walks the Earth, but {player} fails the "
                       "Disfavour Roll and earns no Favour.", "HG-14.1-02", player=player,
                       daemon=d.id)


def occupied(st: HellState, sectio: str, player: str) -> bool:
    """Another Triumvirate's Legions or a rampaging hound stop a Sectio's income
    (HG-7.2-03), even if the owner has Units there too (A-06). A lone enemy Lieutenant
    does not. Freebooter Legions (no owner) count as enemy Legions: the Soul Math box
    says "enemy Units", and Freebooters are hostile to everyone (10.4)."""
    return any(u.owner != player and (u.kind == LEGION or st.is_rampaging(u))
               for u in st.units_at(sectio))


def isolated(st: HellState, data: HellData, sectio: str, player: str) -> bool:
    """No other Sectio of the player shares a border with it (HG-7.2-02). THE WISE MEN
    counts as an owned Sectio here (A-05)."""
    return not any(st.owners.get(n) == player for n in data.neighbours_of(sectio))


def full_value_sectio(st: HellState, data: HellData, player: str) -> str | None:
    """Optional v1 7.1 note 2 (HG-V1-7.1-01): when all of a player's Sectio are isolated,
    one still yields full value. Ours: the one with the highest printed Souls among those
    that yield any (not occupied, no combat avoided there), the lowest id on a tie."""
    if not st.variants.get("v1_isolation_full_value"):
        return None
    mine = [s for s in st.sectio_of(player) if not data.sectio[s].wise_men]
    if not mine or not all(isolated(st, data, s, player) for s in mine):
        return None
    paying = [s for s in mine if not occupied(st, s, player) and s not in st.combat_avoided]
    return max(paying, key=lambda s: data.sectio[s].souls, default=None)


def no_souls_card(st: HellState, data: HellData, sectio: str) -> str | None:
    """The Event that stops `sectio` producing Souls this turn, if any: I Want It All
    (the Greedy Circle), Vortex (the Limbo, THE WISE MEN's cards too) or Thou Art Not
    Real (the Heretics: its "no income this turn" read as that Circle's only)."""
    circle = data.sectio[sectio].circle
    return next((card for card, n in NO_SOULS_CIRCLE.items()
                 if n == circle and events.in_force(st, card)), None)


def phenomenon_change(st: HellState, data: HellData, sectio: str) -> int:
    """Need for Change (-1 or -2) or End of Season (+1 or +2) on this Sectio this turn:
    the number is the one printed in the grey box of the card the Phenomenon came from."""
    for ph, sign in ((NEED_FOR_CHANGE, -1), (END_OF_SEASON, 1)):
        if events.phenomenon_here(st, ph, sectio):
            return sign * phenomenon_number(data, st.warning_sign["card"])
    return 0


def phenomenon_number(data: HellData, card: str) -> int:
    """The variant number in a card's Phenomenon text ("1 Soul less", "4 new Arcana")."""
    found = re.search(r"\d+", data.hell_cards[card].phenomenon.text)
    if found is None:
        raise ValueError(f"{card}: no number in its Phenomenon text")
    return int(found.group())


def sectio_income(st: HellState, data: HellData, player: str) -> list[tuple[str, int, str]]:
    """[(sectio, Souls, why)] for each owned Sectio except THE WISE MEN, sorted by id.

    Printed value, changed by this turn's Need for Change / End of Season, less the
    isolation penalty, at least 0 (A-05); 0 when occupied, when an Event stops the
    Sectio's Souls this turn, or (optional HG-V1-11.3.1-02) when a combat was avoided
    there last Combat Phase."""
    penalty = data.tables["isolation_penalty"]
    out = []
    full = full_value_sectio(st, data, player)
    for s in st.sectio_of(player):
        info = data.sectio[s]
        if info.wise_men:
            continue  # yields Arcana cards, never Souls, and never the penalty
        stop = no_souls_card(st, data, s)
        change = phenomenon_change(st, data, s)
        value = info.souls + change
        printed = f"{info.souls}{change:+d}" if change else str(info.souls)
        if occupied(st, s, player):
            out.append((s, 0, "occupied"))
        elif s in st.combat_avoided:
            out.append((s, 0, "combat avoided"))
        elif stop:
            out.append((s, 0, f"no Souls: {data.hell_cards[stop].name}"))
        elif s == full:
            out.append((s, max(0, value), f"{printed} isolated, full value (HG-V1-7.1-01)"))
        elif isolated(st, data, s, player):
            out.append((s, max(0, value - penalty), f"{printed}-{penalty} isolated"))
        else:
            out.append((s, max(0, value), printed))
    return out


def collect_souls(st: HellState, player: str, dice, data: HellData, log: Log,
                  lots: dict[str, Lot] | None = None) -> None:
    """Steps 1-3 of 7.2.1 for one player (HG-7.2-01..05)."""
    p = st.players[player]
    rows = sectio_income(st, data, player)
    total = sum(n for _, n, _ in rows)
    p.souls += total
    if rows:
        detail = ", ".join(f"{data.sectio[s].name} {why}" for s, _, why in rows)
        log.public("sectio-income", f"{player} gathers {count(total, 'Soul')} from Sectio "
                   f"({detail}).", "HG-7.2-01", player=player, souls=total)
    for d in earth_daemons(st, player):
        info = data.daemons[d.id]
        lot = (lots or {}).get(d.id) or Lot()
        if not lot.souls:
            if not lot.replaced:
                log.public("earth-income-none", f"{info.name} on Earth sends {player} no "
                           f"Souls ({lot.why}).", "HG-6.1.1-01", player=player, daemon=d.id)
            continue
        die, rolled = soul_roll_souls(st, player, dice,
                                      f"HG-7.2-04 Soul Roll for {info.name} on Earth")
        hearts = attribute(data, d.id, "hearts", st)
        gathered = hearts + rolled
        souls = gathered // lot.divisor * lot.multiplier
        p.souls += souls
        roll_text = f"{die} (Soul Roll)" if rolled == die else \
            f"{rolled} (Soul Roll {die}, doubled by Holy War)"
        text = f"{info.name} on Earth sends {hearts} (Hearts) + {roll_text}"
        if lot.divisor > 1:
            text += f", divided by {lot.divisor} ({lot.why})"
        if lot.multiplier > 1:
            text += f", doubled ({lot.cult})"
        log.public("earth-income", f"{text} = {count(souls, 'Soul')} to {player}.",
                   "HG-7.2-04", player=player, daemon=d.id, souls=souls)


@effects.ability(ZAGAM)
def zagam(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """Zagam "each Soul Phase, may Roll against Stars to gain six Souls; a roll of 6
    gives him a Disfavour at once" (HG-2.4.1-01; off while Incapacitated, HG-3.3-04;
    wherever he is). Used when his player's sheet says ZAGAM TESTS STARS; IP-12's
    default is not to use it."""
    for name in st.seats:
        for d in st.active_daemons(name):
            if data.daemons[d.id].ability.id != ZAGAM:
                continue
            p = st.players[name]
            if not orders_of((sheets or {}).get(name), "ZAGAM TESTS STARS"):
                log.public("ability-unused", f"Zagam ({name}) does not Roll against Stars "
                           "for Souls (no ZAGAM TESTS STARS order; default IP-12: do not "
                           "use).", "HG-2.4.1-01", player=name, daemon=d.id, ability=ZAGAM)
                continue
            die = dice.roll("HG-2.4.1-01 Zagam rolls against Stars for six Souls", name)
            won = die <= attribute(data, d.id, "stars", st)
            if won:
                p.souls += ZAGAM_SOULS
            if die == 6:
                p.disfavours += 1
            text = f"Zagam ({name}) uses his ability and rolls {die} " \
                   "against Stars: " + (f"{name} gains {ZAGAM_SOULS} Souls" if won else
                                        "no Souls")
            log.public("ability-souls", text + (", and a 6 gives 1 Disfavour." if die == 6
                                                else "."), "HG-2.4.1-01", player=name,
                       daemon=d.id, ability=ZAGAM, roll=die, souls=ZAGAM_SOULS if won else 0)


def i_want_it_all(st: HellState, data: HellData, log: Log, dice=None) -> None:
    """I Want It All, this turn: each owner of a Sectio in the Greedy Circle pays its
    printed value in Souls, or loses it (it returns to the Ruler of Hell). He pays when
    he can (the card says "must"); Sectio by id. The Boss Is Touchy keeps an unpaid
    Sectio with its owner (events.ownership_frozen). The Circle is settled at once; a
    player left without a Sectio is then rescued (HG-15.2-01; `dice` breaks its ties)."""
    if not events.in_force(st, I_WANT_IT_ALL):
        return
    greedy = NO_SOULS_CIRCLE[I_WANT_IT_ALL]
    owned = [(s, st.owners[s]) for s in sorted(st.owners) if data.sectio[s].circle == greedy]
    if not owned:
        log.public("event-no-effect", "I Want It All: nobody owns a Sectio of the Greedy "
                   "Circle.", "HG-6.1-04")
    with Step(st, dice, data, log) as step:
        for s, owner in owned:
            p, name, price = st.players[owner], data.sectio[s].name, data.sectio[s].souls
            if p.souls >= price:
                p.souls -= price
                log.public("greedy-paid", f"I Want It All: {owner} pays "
                           f"{count(price, 'Soul')} to keep {name}.", "HG-6.1-01",
                           player=owner, sectio=s, souls=price)
            elif events.ownership_frozen(st, s):
                log.public("greedy-frozen", f"I Want It All: {owner} cannot pay "
                           f"{count(price, 'Soul')} for {name}, but The Boss Is Touchy: it "
                           "cannot change ownership this turn.", "HG-6.2-01", player=owner,
                           sectio=s)
            else:
                step.set(s, None, "I Want It All (HG-6.1-01)")
                log.public("greedy-lost", f"I Want It All: {owner} cannot pay "
                           f"{count(price, 'Soul')} for {name} and loses it.", "HG-6.1-01",
                           player=owner, sectio=s)


def wise_men(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """THE WISE MEN's owner rolls one die for Arcana cards (HG-7.2.2-01). No Hell card
    changes the roll (HG-7.2.2-02) but a "No Souls" one: Vortex ("no Souls (or cards)"
    from the Limbo) stops it this turn. If other Triumvirates' Units are there and none of the
    owner's, the first card goes to the occupier (HG-7.2.2-03); with several occupiers,
    to the one with the most Units there, a die breaking a tie."""
    sid = next(s for s in sorted(data.sectio) if data.sectio[s].wise_men)
    owner = st.owners.get(sid)
    if owner is None:
        return
    stop = no_souls_card(st, data, sid)
    if stop:
        log.public("wise-men-none", f"{data.hell_cards[stop].name}: {data.sectio[sid].name} "
                   f"yields {owner} no cards this turn.", "HG-7.2.2-02", player=owner,
                   card=stop)
        return
    name = data.sectio[sid].name
    die = dice.roll(f"HG-7.2.2-01 {name} roll", owner)
    n = data.tables["wise_men_table"][die]
    log.public("wise-men", f"{owner} rolls {die} for {name}: {count(n, 'Arcana card')}.",
               "HG-7.2.2-01", player=owner, roll=die, cards=n)
    here = st.units_at(sid)
    counts = {p: sum(1 for u in here if u.owner == p) for p in st.seats if p != owner}
    occupiers = [p for p in st.seats if counts.get(p)]
    if n and occupiers and not any(u.owner == owner for u in here):
        most = max(counts[p] for p in occupiers)
        first = dice.pick([p for p in occupiers if counts[p] == most],
                          f"HG-7.2.2-03 tie for the first card of {name}")
        log.public("wise-men-occupier", f"{first} occupies {name} and takes its first card.",
                   "HG-7.2.2-03", player=first)
        gain_arcana(st, first, 1, dice, data, log, sheets.get(first), name,
                    rule="HG-7.2.2-03")
        n -= 1
    if n:
        gain_arcana(st, owner, n, dice, data, log, sheets.get(owner), name, rule="HG-7.2.2-01")
