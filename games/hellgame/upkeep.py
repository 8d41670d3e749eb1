"""Upkeep (HG-7.2-06) and Not Enough Souls: unpaid Units desert (HG-16.1-01..05).

Each own Legion and Lieutenant on the map (AnteHell included) costs 1 Soul; tamed
Hellhounds cost nothing. A player who is short pays for as many Units as he can and
the rest go unpaid (IP-09): first the places named by his `UNPAID` orders, in order,
then the default order: Legions minding no hound outside his own Sectio, then his
other Legions (non-Minders before Minders), then Lieutenants. Within each group the
newest Unit (highest id) goes first.

At the end of the Soul Phase (HG-16.1-01) each deserting group, in seats order of the
players who lost it, is offered to the other players, richest first, a die breaking ties
(HG-16.1-02, A-31). A taker pays 1 Soul per Unit (Lieutenants too, A-31) and may take
part of the group (`DESERTERS ACCEPT MAX n KEEP s`); the rest pass on. Without a
DESERTERS order he takes as many as his Souls and free Legion counters allow (IP-10).
What nobody takes disbands, Lieutenants to the Return box (HG-16.1-03). The deserting
player gets 1 Disfavour in all (HG-16.1-04, A-31); each player who refuses gets 1
Disfavour (HG-16.1-05, IP-10: `DESERTERS REFUSE`, or limits that let him take none). A
player who cannot take even one (fewer Souls than the price, or 12 Legions and only
Legions on offer) is passed over without a Disfavour: he cannot "refuse to spend" Souls
he does not have.
"""

from __future__ import annotations

from collections.abc import Iterator

from .data import HellData
from .log import Log, count
from .state import LEGION, LIEUTENANT, HellState, Unit


def paid_units(st: HellState, player: str) -> list[Unit]:
    """The Units that cost upkeep (HG-7.2-06): own Legions and Lieutenants."""
    return [u for u in st.units if u.owner == player and u.kind in (LEGION, LIEUTENANT)]


def _is_minder(st: HellState, u: Unit) -> bool:
    return any(h.minder == u.id for h in st.units)


def default_order(st: HellState, player: str, units: list[Unit]) -> list[Unit]:
    """IP-09's default: which Units go unpaid first."""
    own = set(st.sectio_of(player))

    def tier(u: Unit) -> tuple[int, int]:
        if u.kind == LIEUTENANT:
            return (3, -u.number)
        if _is_minder(st, u):
            return (2, -u.number)
        return (0 if u.location not in own else 1, -u.number)

    return sorted(units, key=tier)


def choose_unpaid(st: HellState, player: str, k: int, sheet) -> list[Unit]:
    """The `k` Units that go unpaid: UNPAID orders first (IP-09), then the default."""
    pool = default_order(st, player, paid_units(st, player))
    chosen: list[Unit] = []
    orders = [o for o in sheet.orders if o["type"] == "UNPAID"] if sheet else []
    for o in orders:
        here = [u for u in pool if u.location == o["where"] and u not in chosen]
        chosen += here[: min(len(here), o["n"] or len(here), k - len(chosen))]
    chosen += [u for u in pool if u not in chosen][: k - len(chosen)]
    return chosen


def pay_upkeep(st: HellState, sheets, data: HellData, log: Log) -> dict[str, list[str]]:
    """Step 4 of 7.2.1: pay upkeep; returns player -> ids of the unpaid Units."""
    each = data.tables["upkeep_souls"]
    unpaid: dict[str, list[str]] = {}
    for name in st.seats:
        p, units = st.players[name], paid_units(st, name)
        if not units:
            continue
        affordable = min(len(units), p.souls // each)
        p.souls -= affordable * each
        units_text = count(len(units), "Legion or Lieutenant", "Legions and Lieutenants")
        log.public("upkeep", f"{name} pays {count(affordable * each, 'Soul')} upkeep for "
                   f"{affordable} of {units_text}.", "HG-7.2-06", player=name, paid=affordable,
                   units=len(units))
        if affordable < len(units):
            sheet = sheets.get(name)
            out = choose_unpaid(st, name, len(units) - affordable, sheet)
            unpaid[name] = [u.id for u in out]
            how = "" if sheet and any(o["type"] == "UNPAID" for o in sheet.orders) else \
                " (default IP-09)"
            they = "It deserts" if len(out) == 1 else "They desert"
            log.public("unpaid", f"{name} cannot pay {count(len(out), 'Unit')}{how}: "
                       + ", ".join(_where(u, data) for u in out)
                       + f". {they} at the end of the Soul Phase.", "HG-16.1-01",
                       player=name, units=unpaid[name])
    return unpaid


def _where(u: Unit, data: HellData) -> str:
    what = f"Lieutenant {data.lieutenants[u.ref].name}" if u.kind == LIEUTENANT and u.ref \
        else "a Legion"
    place = data.sectio[u.location].name if u.location in data.sectio else "AnteHell"
    return f"{what} in {place}"


def richest_first(st: HellState, others: list[str], dice, reason: str) -> Iterator[str]:
    """Players by Souls held now, most first; a die orders tied players, rolled only
    when the offer reaches them (HG-16.1-02, A-31)."""
    souls = {p: st.players[p].souls for p in others}
    for amount in sorted(set(souls.values()), reverse=True):
        tied = [p for p in others if souls[p] == amount]
        while tied:
            first = dice.pick(tied, reason)
            tied.remove(first)
            yield first


def desert(st: HellState, sheets, dice, data: HellData, log: Log,
           unpaid: dict[str, list[str]]) -> None:
    for loser in st.seats:
        if not unpaid.get(loser):
            continue
        group = [st.unit(uid) for uid in unpaid[loser]]
        # Legions first so that a partial taker gets fighting Units before Lieutenants.
        group.sort(key=lambda u: (u.kind != LEGION, u.number))
        others = [p for p in st.seats if p != loser]
        # Only players who could take one are ranked, so no die is rolled for a tie
        # between players who cannot take any.
        for p in others:
            if not _able(st, p, group, data):
                _cannot(st, p, loser, data, log)
        able = [p for p in others if _able(st, p, group, data)]
        offers = richest_first(st, able, dice, f"HG-16.1-02 tie for {loser}'s deserters")
        while group and (taker := next(offers, None)) is not None:
            group = _offer(st, sheets.get(taker), taker, loser, group, data, log)
        for u in group:
            st.remove_unit(u.id)
        if group:
            they = "it disbands" if len(group) == 1 else "they disband"
            log.public("disband", f"Nobody takes {len(group)} of {loser}'s deserters: {they} "
                       "(Lieutenants to the Return box).", "HG-16.1-03",
                       player=loser, units=[u.id for u in group])
        st.players[loser].disfavours += 1
        log.public("disfavour", f"{loser} gets 1 Disfavour for losing unpaid Units.",
                   "HG-16.1-04", player=loser)


def _able(st: HellState, player: str, group: list[Unit], data: HellData) -> bool:
    """Could he take at least one of the group: Souls for one, a counter if needed."""
    room = data.tables["legion_cap"] - len(st.units_of(player, LEGION))
    return st.players[player].souls >= data.tables["deserter_cost_souls"] and (
        room > 0 or any(u.kind != LEGION for u in group))


def _cannot(st: HellState, player: str, loser: str, data: HellData, log: Log) -> None:
    room = data.tables["legion_cap"] - len(st.units_of(player, LEGION))
    log.public("deserters-cannot", f"{player} cannot take any of {loser}'s deserters "
               f"({count(st.players[player].souls, 'Soul')}, "
               f"{count(room, 'free Legion counter')}).",
               "HG-16.1-02", player=player)


def _offer(st: HellState, sheet, taker: str, loser: str, group: list[Unit],
           data: HellData, log: Log) -> list[Unit]:
    """Offer the group to one player (IP-10); returns the Units he leaves."""
    price = data.tables["deserter_cost_souls"]
    p = st.players[taker]
    room = data.tables["legion_cap"] - len(st.units_of(taker, LEGION))
    if not _able(st, taker, group, data):  # the group may have changed since ranking
        _cannot(st, taker, loser, data, log)
        return group
    order = next((o for o in sheet.orders if o["type"] == "DESERTERS"), None) if sheet else None
    order = order or {"accept": True, "max": None, "keep": 0}
    budget = 0 if not order["accept"] else (p.souls - order["keep"]) // price
    if order["max"] is not None:
        budget = min(budget, order["max"])
    taken = []
    for u in group:
        if len(taken) >= budget:
            break
        if u.kind == LEGION:
            if room <= 0:
                continue
            room -= 1
        taken.append(u)
    if not taken:
        p.disfavours += 1
        log.public("deserters-refused", f"{taker} refuses {loser}'s deserters and gets 1 "
                   "Disfavour.", "HG-16.1-05", player=taker)
        return group
    for u in taken:
        u.owner = taker
        for h in st.units:
            if h.minder == u.id:  # a tamed hound follows its Minder
                h.owner = taker
    p.souls -= price * len(taken)
    log.public("deserters-taken", f"{taker} pays {count(price * len(taken), 'Soul')} and takes "
               f"{len(taken)} of {loser}'s deserters: "
               + ", ".join(_where(u, data) for u in taken) + ".", "HG-16.1-02",
               player=taker, units=[u.id for u in taken])
    return [u for u in group if u not in taken]
