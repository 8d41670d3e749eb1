"""Gifts and trades in the Soul Phase (HG-7.2.1b-01..03, IP-08).

No borrowing or lending exists (HG-7.2.1b-01): a transfer is a gift, free or against
something in return, made only in the Soul Phase (HG-7.2.1b-02). Favours and
Disfavours can never be given; the order parser refuses them. The engine moves Souls,
Sectio and Arcana cards (`GIVE` orders, orders/soul.py).

A trade, `GIVE b X IF b GIVES Y`, happens only when b's sheet has the matching
`GIVE a Y` (unconditional, or conditional on X), and then both halves happen as one
step or neither does. Trades go first (givers in seats order, orders in sheet order),
then the plain gifts left over, in the same order. Every gift is checked again here
against the state of the moment and reported when it cannot be made.
"""

from __future__ import annotations

from .cards import enforce_hand_limit, hand_limit
from .data import HellData
from .in_play import freezer_name
from .log import Log, count
from .orders.failures import IN_PART, order_failed
from .ownership import Step
from .state import HellState

RULE = "HG-7.2.1b-02"


def describe(what: dict, data: HellData) -> str:
    if what["kind"] == "souls":
        return count(what["n"], "Soul")
    if what["kind"] == "sectio":
        return data.sectio[what["id"]].name
    return "an Arcana card"


def _gives(sheets, player: str) -> list[tuple[tuple[str, int], dict]]:
    """The player's GIVE orders in sheet order, each with a key (player, position)."""
    sheet = sheets.get(player)
    orders = [o for o in sheet.orders if o["type"] == "GIVE"] if sheet else []
    return [((player, i), o) for i, o in enumerate(orders)]


def run(st: HellState, sheets, data: HellData, log: Log, dice=None) -> None:
    """Gifts and trades, givers in seat order. `dice`: for hooks a change of Sectio owner
    fires (hooks.py); no gift may take a last Sectio (HG-7.2.1b-03), so the HG-15.2-01
    rescue, which may roll, never follows one."""
    done: set[tuple[str, int]] = set()  # orders already carried out or refused
    for giver in st.seats:
        for key, o in _gives(sheets, giver):
            if o["if"] is None or key in done:
                continue
            done.add(key)
            partner = _partner(sheets, giver, o, done)
            if partner is None:
                log.public("trade-unmatched", f"{giver}'s trade with {o['to']} does not happen: "
                           f"{o['to']} gave no order to give {describe(o['if']['what'], data)} "
                           "in return.", RULE, player=giver)
                order_failed(log, sheets.get(giver), o, f"{o['to']} gave no order to give "
                             f"{describe(o['if']['what'], data)} in return", RULE,
                             player=giver)
                continue
            done.add(partner[0])
            _transfer(st, sheets, dice, data, log, [(giver, o), (o["to"], partner[1])])
    for giver in st.seats:
        for key, o in _gives(sheets, giver):
            if key not in done:
                done.add(key)
                _transfer(st, sheets, dice, data, log, [(giver, o)])


def _partner(sheets, giver: str, o: dict, done: set) -> tuple[tuple[str, int], dict] | None:
    """The other side's order that completes the trade `o`, if any."""
    for key, q in _gives(sheets, o["to"]):
        if key in done or q["to"] != giver or q["what"] != o["if"]["what"]:
            continue
        if q["if"] is None or (q["if"]["player"] == giver and q["if"]["what"] == o["what"]):
            return key, q
    return None


def _problem(st: HellState, giver: str, o: dict, parts: list[tuple[str, dict]],
             data: HellData) -> str:
    """Why this half cannot be made now ("" if it can)."""
    what, p = o["what"], st.players[giver]
    if o["to"] not in st.players:
        return f"there is no player {o['to']}"
    if what["kind"] == "souls" and p.souls < what["n"]:
        return f"{giver} has only {count(p.souls, 'Soul')}"
    if what["kind"] == "arcana" and what["id"] not in p.hand:
        return f"{giver} no longer holds that card"
    if what["kind"] == "sectio":
        if st.owners.get(what["id"]) != giver:
            return f"{giver} does not control that Sectio"
        if not st.can_change_owner(what["id"]):
            return f"{freezer_name(data)}: no Sectio there may change ownership this turn " \
                   "(HG-6.2-01)"
        # HG-7.2.1b-03: never the last Sectio; a swap that leaves him one is fine.
        gained = sum(1 for g, q in parts if q["to"] == giver and q["what"]["kind"] == "sectio")
        given = sum(1 for g, q in parts if g == giver and q["what"]["kind"] == "sectio")
        if len(st.sectio_of(giver)) - given + gained < 1:
            return f"it is {giver}'s last Sectio, which may not be given away (HG-7.2.1b-03)"
    return ""


def _transfer(st: HellState, sheets, dice, data: HellData, log: Log,
              parts: list[tuple[str, dict]]) -> None:
    """Make every half of a gift or trade, or none of them (IP-08: one atomic step, and
    one `ownership.Step`: a swap of Sectio is never seen half made)."""
    problems = [why for g, o in parts if (why := _problem(st, g, o, parts, data))]
    text = " and ".join(f"{g} gives {o['to']} {describe(o['what'], data)}" for g, o in parts)
    if problems:
        log.public("gift-refused", f"Not done: {text}, because {'; '.join(problems)}.", RULE)
        for giver, o in parts:  # issue 20: each giver is told his line failed
            order_failed(log, sheets.get(giver), o, "; ".join(problems), RULE, player=giver)
        return
    with Step(st, dice, data, log) as step:
        for giver, o in parts:
            what, to = o["what"], o["to"]
            if what["kind"] == "souls":
                st.players[giver].souls -= what["n"]
                st.players[to].souls += what["n"]
            elif what["kind"] == "sectio":
                step.set(what["id"], to, f"a gift ({RULE})")  # _problem: never frozen here
            else:
                st.players[giver].hand.remove(what["id"])
                st.players[to].hand.append(what["id"])
                for who in (giver, to):
                    log.private(who, "gift-card", f"{giver} gives {to} "
                                f"{data.arcana[what['id']].name}.", RULE, card=what["id"])
        log.public("gift", f"{text}.", RULE)
    for to in sorted({o["to"] for _, o in parts if o["what"]["kind"] == "arcana"},
                     key=st.seats.index):
        thrown = enforce_hand_limit(st, to, data, log, sheets.get(to))
        # issue 20: a card he traded for, thrown away at once, fails his half of the trade
        mine = next((o for g, o in parts if g == to), None)
        got = [o["what"]["id"] for g, o in parts if o["to"] == to
               and o["what"]["kind"] == "arcana" and o["what"]["id"] in thrown]
        if mine is not None and got:
            names = ", ".join(data.arcana[c].name for c in got)
            order_failed(log, sheets.get(to), mine, f"the trade was made, but the hand limit "
                         f"({hand_limit(st, data, to)}) threw {names} away at once: nothing "
                         f"kept it (a KEEP line naming it is kept first)", "HG-6.3-03",
                         player=to, outcome=IN_PART)
