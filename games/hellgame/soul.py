"""The Soul Phase (chapter 7): Favours, income, THE WISE MEN, gifts, upkeep, deserters.

The steps, in this order (HG-7.2-07 for the Souls; players in seats order in each step):

1. Favours for Daemons Walking the Earth (HG-7.1-01; A-01 puts this first).
2. Income: Sectio (HG-7.2-01), less 2 for each isolated one (HG-7.2-02), nothing from
   an occupied one (HG-7.2-03); then Hearts + a Soul Roll per Daemon on Earth
   (HG-7.2-04); then other sources (HG-7.2-05: no Daemon ability, Event or card that
   changes income is implemented yet, so there is nothing to apply).
3. THE WISE MEN's Arcana cards (HG-7.2.2-01..03): the book describes them after the
   Soul Math, as the last income.
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

from . import gifts, upkeep
from .cards import gain_arcana
from .data import HellData
from .favours import disfavour_roll, soul_roll
from .log import Log, count
from .state import LEGION, ON_EARTH, HellState


def run(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    sheets = sheets or {}
    for name in st.seats:
        receive_favours(st, name, dice, data, log)
    for name in st.seats:
        collect_souls(st, name, dice, data, log)
    st.combat_avoided = []  # HG-V1-11.3.1-02: "the next Soul Phase" has now come
    wise_men(st, sheets, dice, data, log)
    gifts.run(st, sheets, data, log)
    unpaid = upkeep.pay_upkeep(st, sheets, data, log)
    if any(c.flags.macina for c in data.arcana.values()):
        log.not_implemented("Macina maintenance", "HG-16.4-02")
    upkeep.desert(st, sheets, dice, data, log, unpaid)


def earth_daemons(st: HellState, player: str) -> list:
    """Non-Incapacitated Daemons Walking the Earth, in the order the player got them."""
    return [d for d in st.active_daemons(player) if d.where == ON_EARTH]


def receive_favours(st: HellState, player: str, dice, data: HellData, log: Log) -> None:
    """1 Favour per active Daemon on Earth, each needing a Disfavour Roll when the
    player has Disfavours (HG-7.1-01, HG-14.1-02; no die at 0 Disfavours)."""
    for d in earth_daemons(st, player):
        name = data.daemons[d.id].name
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


def sectio_income(st: HellState, data: HellData, player: str) -> list[tuple[str, int, str]]:
    """[(sectio, Souls, why)] for each owned Sectio except THE WISE MEN, sorted by id.

    Printed value, less the isolation penalty, at least 0 (A-05); 0 when occupied, or
    (optional HG-V1-11.3.1-02) when a combat was avoided there last Combat Phase."""
    penalty = data.tables["isolation_penalty"]
    out = []
    full = full_value_sectio(st, data, player)
    for s in st.sectio_of(player):
        info = data.sectio[s]
        if info.wise_men:
            continue  # yields Arcana cards, never Souls, and never the penalty
        if occupied(st, s, player):
            out.append((s, 0, "occupied"))
        elif s in st.combat_avoided:
            out.append((s, 0, "combat avoided"))
        elif s == full:
            out.append((s, info.souls, f"{info.souls} isolated, full value (HG-V1-7.1-01)"))
        elif isolated(st, data, s, player):
            out.append((s, max(0, info.souls - penalty), f"{info.souls}-{penalty} isolated"))
        else:
            out.append((s, info.souls, str(info.souls)))
    return out


def collect_souls(st: HellState, player: str, dice, data: HellData, log: Log) -> None:
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
        die = soul_roll(st, player, dice, f"HG-7.2-04 Soul Roll for {info.name} on Earth")
        p.souls += info.hearts
        log.public("earth-income", f"{info.name} on Earth sends {info.hearts} (Hearts) + "
                   f"{die} (Soul Roll) = {count(info.hearts + die, 'Soul')} to {player}.",
                   "HG-7.2-04", player=player, daemon=d.id, souls=info.hearts + die)


def wise_men(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """THE WISE MEN's owner rolls one die for Arcana cards (HG-7.2.2-01). No Hell card
    changes the roll (HG-7.2.2-02: only a "No Souls" card would, and Hell card effects
    come with a later issue). If other Triumvirates' Units are there and none of the
    owner's, the first card goes to the occupier (HG-7.2.2-03); with several occupiers,
    to the one with the most Units there, a die breaking a tie."""
    sid = next(s for s in sorted(data.sectio) if data.sectio[s].wise_men)
    owner = st.owners.get(sid)
    if owner is None:
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
