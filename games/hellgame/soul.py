"""The Soul Phase (chapter 7): Favours, income, THE WISE MEN, gifts, upkeep, deserters.

The steps, in this order (HG-7.2-07 for the Souls; players in seats order in each step):

0. The Hell cards' Soul Phase rolls and choices for each active Daemon on Earth
   (`earth_lots`, the hook point "soul-lots"), in precedence order Heaven, Earth
   (HG-6.1.2-01): Crusade's joining (Heaven; default: nobody joins, IP-12) or
   Forgiveness's Roll against Stars (Heaven), then Christmas's die (this turn's Event),
   then the Earth box: New Age's die, Blinded by Science (Souls / 4, a Roll against
   Hearts for the Favour) or World War (Souls / 2, no Favour) (hellcards/income.py);
   then the cults and The Order of the Silver Dawn cast earlier
   (action/spells_bonuses.py). Favours, Disfavours and Arcana a card gives instead are
   given here, at once; the rest is a `Lot` that steps 1 and 2 obey. A Daemon whose
   Souls and Favour a card has already replaced is not rolled for by a later card.
1. Favours for Daemons Walking the Earth (HG-7.1-01; A-01 puts this first), as the
   Lots allow (`receive_favours`).
2. Income: Sectio (HG-7.2-01), less 2 for each isolated one (HG-7.2-02), nothing from
   an occupied one (HG-7.2-03); the Hell cards' Sectio hooks are asked in
   `sectio_income`: "sectio-no-souls" (no Souls from the Greedy Circle, I Want It All;
   the Limbo, Vortex; the Heretics, Thou Art Not Real, this turn) and
   "sectio-souls-change" (the Phenomena Need for Change / End of Season change the
   printed value of each Sectio they strike before the isolation penalty).
   Then Hearts + a Soul Roll per Daemon on Earth (HG-7.2-04; Holy War doubles the roll
   in favours.soul_roll_souls), divided as its Lot says (rounded down, HG-3.3-03).
   Then other sources (HG-7.2-05, "soul-other-income"): Death Metal's extra Soul Rolls,
   Zagam's ability (abilities.py), then I Want It All's price for each Greedy Sectio.
3. THE WISE MEN's Arcana cards (HG-7.2.2-01..03): the book describes them after the
   Soul Math, as the last income. Vortex stops them (its "or cards", HG-7.2.2-02).
4. Gifts and trades (HG-7.2.1b, `gifts.py`). The book says only "during the Soul
   Phase"; we run them after income and before upkeep, because (a) a Sectio's income
   belongs to whoever owned it when the Souls were gathered, so a gifted Sectio pays
   its old owner this turn and nobody twice; (b) a player may hand over Souls he has
   just collected; (c) a gift can save an ally's Legions from deserting, which happen
   only "at the end of the Soul Phase" (HG-16.1-01).
5. Upkeep (HG-7.2-06), then Macina maintenance (HG-16.4-02/03, IP-11, `macina.py`:
   no card of the base deck is a Macina, a moderator may mark one), and at the very end
   deserters (HG-16.1-*, `upkeep.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import gifts, hooks, macina, upkeep
from .cards import gain_arcana
from .data import HellData
from .favours import attribute, disfavour_roll, roll_against, soul_roll_changes, soul_roll_souls
from .log import Log, count
from .state import LEGION, ON_EARTH, HellState


def run(st: HellState, sheets, dice, data: HellData, log: Log,
        crusaders: tuple[str, ...] = ()) -> None:
    """`crusaders`: Daemon ids that join the Crusade besides those the players' CRUSADE
    JOIN orders name (IP-12's default: none joins)."""
    sheets = sheets or {}
    lots = earth_lots(st, sheets, dice, data, log, crusaders)
    for name in st.seats:
        receive_favours(st, name, dice, data, log, lots)
    for name in st.seats:
        collect_souls(st, name, dice, data, log, lots)
    st.combat_avoided = []  # HG-V1-11.3.1-02: "the next Soul Phase" has now come
    hooks.fire("soul-other-income", st, sheets, dice, data, log)  # HG-7.2-05
    wise_men(st, sheets, dice, data, log)
    gifts.run(st, sheets, data, log, dice)
    unpaid = upkeep.pay_upkeep(st, sheets, data, log)
    macina.maintain(st, sheets, data, log)
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
    Incapacitated one, HG-6.1-02), as the cards registered on "soul-lots" leave them, in
    precedence order Heaven, Earth (HG-6.1.2-01), this turn's Event between them, then
    the Arcana cast in the last Action Phase. `crusaders`: see `run`."""
    lots = {d.id: Lot() for name in st.seats for d in earth_daemons(st, name)}
    hooks.fire("soul-lots", st, sheets or {}, dice, data, log, lots, tuple(crusaders))
    return lots


def daemon_label(st: HellState, data: HellData, daemon: str) -> str:
    """"Name (owner)", for the report."""
    return f"{data.daemons[daemon].name} ({st.daemons[daemon].owner})"


def still_collecting(st: HellState, data: HellData, log: Log, lots: dict[str, Lot],
                     card: str) -> dict[str, Lot]:
    """The Lots a Hell card still acts on: not those a higher card already replaced
    (said)."""
    name = data.hell_cards[card].name
    if not lots:
        log.public("event-no-effect", f"No active Daemon Walks the Earth: {name} has "
                   "nothing to act on in this Soul Phase.", "HG-6.1-04", card=card)
    for d, lot in lots.items():
        if lot.replaced:
            log.public("card-passed-over", f"{name} does not act on "
                       f"{daemon_label(st, data, d)}: {lot.why} has already replaced its "
                       "Souls and Favour.",
                       "HG-6.1.2-01", card=card, daemon=d)
    return {d: lot for d, lot in lots.items() if not lot.replaced}


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
    """The card that stops `sectio` producing Souls this turn, if any ("sectio-no-souls":
    I Want It All, the Greedy Circle; Vortex, the Limbo, THE WISE MEN's cards too; Thou
    Art Not Real, the Heretics: its "no income this turn" read as that Circle's only)."""
    return hooks.first("sectio-no-souls", st, data, sectio)


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
        change = hooks.first("sectio-souls-change", st, data, s, default=0)
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
            f"{rolled} (Soul Roll {die}, {' and '.join(soul_roll_changes(st))})"
        text = f"{info.name} on Earth sends {hearts} (Hearts) + {roll_text}"
        if lot.divisor > 1:
            text += f", divided by {lot.divisor} ({lot.why})"
        if lot.multiplier > 1:
            text += f", doubled ({lot.cult})"
        log.public("earth-income", f"{text} = {count(souls, 'Soul')} to {player}.",
                   "HG-7.2-04", player=player, daemon=d.id, souls=souls)


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
