"""The Summoning Phase (chapter 8): Legions, Arcana, Lieutenants, Hellhounds, Bonus Pay.

Players summon in order of wealth, most Souls first (HG-8.1-01, HG-7.0-01: the engine
always uses it); a die orders players with equal Souls. Players who gave no
Summoning order do nothing here, so no die is rolled for their place.

Each player does everything before the next one starts, in the order of the
rulebook's "Example: Summoning Phase" (000 §8.3): Legions (`LEGION`, `LEGIONS`, in
sheet order), then Arcana purchases (`BUY ARCANA`) and then recruiting (`RECRUIT`, so
a recruit may use a card bought just before), then taming (`TAME`), then Bonus Pay
(`BONUS`, so it may go to a Lieutenant recruited just before). Whatever cannot be done
is reported with the reason and the rule; nothing is paid for it.

New Units never go where another player's Units, Freebooters, rampaging hounds, Uriel
or Lilith are (HG-8.1-02, HG-8.2-01): `HellState.unfriendly_at` must be empty.
"""

from __future__ import annotations

from . import hooks
from .cards import MINOR, entry_name, gain_arcana, held_of, matches
from .data import HellData
from .log import Log, count
from .orders import orders_of
from .orders.failures import IN_PART, NOT_DONE, order_failed
from .state import ANTEHELL, HELLHOUND, LEGION, LIEUTENANT, HellState

ORDERS = ("LEGION", "LEGIONS", "BUY ARCANA", "RECRUIT", "TAME", "BONUS")
RECRUIT_KIND = MINOR + "recruit-lieutenant"


def run(st: HellState, sheets, dice, data: HellData, log: Log,
        mad_scientist: frozenset[str] = frozenset()) -> None:
    """`mad_scientist`: players who take a card's cheap summoning (Mad Scientist's)
    whatever their sheets say (for tests); a player takes it with the card's order, and
    by default does not, which the log says ("summoning-cheap")."""
    sheets = sheets or {}
    for name in wealth_order(st, sheets, dice, log):
        summon(st, name, sheets[name], dice, data, log, cheap=name in mad_scientist)


def _summons(sheet) -> bool:
    return sheet is not None and any(o["type"] in ORDERS for o in sheet.orders)


def wealth_order(st: HellState, sheets, dice, log: Log) -> list[str]:
    """Players with Summoning orders, most Souls first, a die breaking ties (HG-8.1-01)."""
    active = [p for p in st.seats if _summons(sheets.get(p))]
    order: list[str] = []
    for amount in sorted({st.players[p].souls for p in active}, reverse=True):
        tied = [p for p in active if st.players[p].souls == amount]
        while tied:
            first = dice.pick(tied, "HG-8.1-01 tie in the order of wealth")
            tied.remove(first)
            order.append(first)
    if len(order) > 1:
        log.public("wealth-order", "Summoning in order of wealth: " + ", ".join(order) + ".",
                   "HG-8.1-01", order=order)
    return order


def summon(st: HellState, player: str, sheet, dice, data: HellData, log: Log,
           cheap: bool = False) -> None:
    """`cheap`: he takes a card's cheap summoning (used only while the card is in play,
    "summoning-cheap": Mad Scientist), as its order on his sheet may also say; the
    prices come from "legion-price" and "lieutenant-price", and "summoning-done" is
    told what he summoned (Mad Scientist's Disfavour)."""
    orders = sheet.orders
    cheap = bool(hooks.first("summoning-cheap", st, player, sheet, cheap, log, default=False))
    before = len(log.events)
    legions(st, player, [o for o in orders if o["type"] in ("LEGION", "LEGIONS")], data, log,
            cost=hooks.first("legion-price", st, cheap), sheet=sheet)
    # Cards this player is after are kept first when a purchase overfills the hand (IP-03).
    prefer = [o["until"] for o in orders if o["type"] == "BUY ARCANA" and o["until"]]
    prefer += [o["card"] or RECRUIT_KIND for o in orders if o["type"] == "RECRUIT"]
    for o in orders:
        if o["type"] == "BUY ARCANA":
            buy_arcana(st, player, o, sheet, dice, data, log, tuple(prefer))
    for o in orders:
        if o["type"] == "RECRUIT":
            recruit(st, player, o, dice, data, log, cheap=cheap, sheet=sheet, order=o)
    hooks.fire("summoning-done", st, player, cheap, log, log.events[before:])
    if any(o["type"] == "TAME" for o in orders):
        tame(st, player, dice, data, log, sheet)
    for o in orders:
        if o["type"] == "BONUS":
            bonus(st, player, o, data, log, sheet)


# -- the cards that change the prices ------------------------------------------------------

def lieutenant_price(st: HellState, cost: int, cheap: bool) -> tuple[int, str]:
    """A Recruit Lieutenant card's Soul cost after the cards that halve it
    ("lieutenant-price": World War, then Mad Scientist when `cheap`), each rounding down
    (HG-3.3-03); and what halved it, for the log."""
    why = hooks.collect("lieutenant-price", st, cheap)
    for _ in why:
        cost //= 2
    return cost, (", " + " and ".join(why)) if why else ""


# -- Legions (8.2) -----------------------------------------------------------------------

def legions(st: HellState, player: str, orders: list[dict], data: HellData, log: Log,
            cost: int | None = None, sheet=None) -> None:
    """Place Legions at 3 Souls each (HG-8.2-01), where `plan_legions` puts them, and
    say what could not be placed and why (to everyone, and to him as an order-failed
    event naming his line, issue 20)."""
    if not orders:
        return
    p = st.players[player]
    cost = data.tables["legion_cost_souls"] if cost is None else cost  # Mad Scientist: 2
    for o, (placed, why, rule) in zip(orders, plan_legions(st, player, orders, data, cost,
                                                           p.souls), strict=True):
        for target in placed:
            st.new_unit(LEGION, player, target)
            p.souls -= cost
        names = [data.sectio[t].name for t in placed]
        if placed:
            log.public("legions", f"{player} summons {count(len(placed), 'Legion')} for "
                       f"{count(cost * len(placed), 'Soul')}: {', '.join(names)}.", "HG-8.2-01",
                       player=player, count=len(placed))
        if why:
            log.public("legion-refused", f"{player}: {o['n'] - len(placed)} of "
                       f"{count(o['n'], 'Legion')} not summoned, because {why}.", rule,
                       player=player)
            order_failed(log, sheet, o, f"{o['n'] - len(placed)} of "
                         f"{count(o['n'], 'Legion')} not summoned, because {why}", rule,
                         player=player, outcome=IN_PART if placed else NOT_DONE)


def plan_legions(st: HellState, player: str, orders: list[dict], data: HellData, cost: int,
                 souls: int | None) -> list[tuple[list[str], str, str]]:
    """Where each LEGION / LEGIONS order puts its Legions, changing nothing: for each
    order (the Sectio of its Legions, why the rest cannot be placed or "", that rule).

    3 Souls each (HG-8.2-01; `souls` None: not counted, as when the sheet is checked,
    before the Soul Phase), at most 12 in play (HG-8.2-02, HG-2.3.1-01), by the spread
    rule (HG-8.2-03): no Sectio gets a second new Legion while an eligible Sectio of his
    has none. Sectio where new Units may not go are left out of the spread rule (A-08).
    `LEGIONS n` picks, each time, the eligible Sectio with the fewest new Legions, then
    the highest printed Souls, then by id. The phase places them (`legions`); the sheet
    check warns of what would not be placed (orders/summoning.py)."""
    cap = data.tables["legion_cap"]
    eligible = [s for s in st.sectio_of(player) if not st.unfriendly_at(s, player)]
    new = dict.fromkeys(eligible, 0)
    in_play = len(st.units_of(player, LEGION))

    def refusal(s: str) -> tuple[str, str]:
        """(why, rule) one more Legion cannot go to s now; ("", "") if it can."""
        name = data.sectio[s].name
        if st.owners.get(s) != player:
            return f"{name} is not {player}'s Sectio", "HG-8.2-01"
        if s not in new:
            return f"{name} holds Units that are not {player}'s", "HG-8.1-02"
        if in_play >= cap:
            return f"{player} already has {count(cap, 'Legion')} in play", "HG-8.2-02"
        if souls is not None and souls < cost:
            return f"{player} has {count(souls, 'Soul')} and a Legion costs {cost}", "HG-8.2-01"
        waiting = [data.sectio[t].name for t in eligible if new[t] == 0]
        if new[s] and waiting:
            return (f"spread rule: {', '.join(waiting)} must each get a new Legion before "
                    f"{name} gets a second", "HG-8.2-03")
        return "", ""

    plans = []
    for o in orders:
        placed: list[str] = []
        why, rule = "", ""
        for _ in range(o["n"]):
            if o["type"] == "LEGION":
                target = o["sectio"]
            else:
                ok = [s for s in eligible if not refusal(s)[0]]
                if not ok:
                    why, rule = (refusal(eligible[0]) if eligible else
                                 (f"{player} has no Sectio free of other Units", "HG-8.2-01"))
                    break
                target = min(ok, key=lambda s: (new[s], -data.sectio[s].souls, s))
            why, rule = refusal(target)
            if why:
                break
            placed.append(target)
            new[target] += 1
            in_play += 1
            souls = None if souls is None else souls - cost
        plans.append((placed, why, rule))
    return plans


# -- Arcana (8.3.3) ----------------------------------------------------------------------

def buy_arcana(st: HellState, player: str, o: dict, sheet, dice, data: HellData, log: Log,
               prefer: tuple[str, ...]) -> None:
    """Buy cards one at a time at 5 Souls, the hand limit after each (HG-8.3.3-01, IP-16)."""
    p, price = st.players[player], data.tables["arcana_cost_souls"]
    bought, stop, secret, failed = 0, "", "", ""
    thrown: list[str] = []
    for _ in range(o["n"]):
        if o["until"] and any(matches(o["until"], c, data) for c in p.hand):
            secret = f"you hold {entry_name(o['until'], data)}"  # his hand is private
            break
        if p.souls - price < o["keep"]:
            stop = (f"a card costs {price} and he keeps at least {o['keep']} of "
                    f"{count(p.souls, 'Soul')}")
            if p.souls < price:  # short of Souls, not stopped by his KEEP
                failed = f"a card costs {price} and you had {count(p.souls, 'Soul')}"
            break
        if not st.arcana_deck:
            stop = failed = "the Arcana deck is empty"
            break
        p.souls -= price
        bought += 1
        gain_arcana(st, player, 1, dice, data, log, sheet, f"bought for {count(price, 'Soul')}",
                    rule="HG-8.3.3-01", prefer=prefer, thrown=thrown)
    text = f"{player} buys {count(bought, 'Arcana card')} for {count(bought * price, 'Soul')}"
    log.public("buy-arcana", text + (f"; stops because {stop}." if stop else "."),
               "HG-8.3.3-01", player=player, count=bought)
    if secret:
        log.private(player, "buy-arcana-stop", f"You stop buying because {secret}.",
                    "HG-8.3.3-01")
    # issue 20: what he paid for and did not get, to him
    if failed:
        order_failed(log, sheet, o, f"you bought {bought} of {o['n']}: {failed}",
                     "HG-8.3.3-01", player=player, outcome=IN_PART if bought else NOT_DONE)
    if thrown:
        names = ", ".join(data.arcana[c].name for c in thrown)
        held, limit = held_of(st, data, player)
        order_failed(log, sheet, o, f"the hand limit ({limit}) threw away at once what you "
                     f"bought: {names}; nothing kept it (a KEEP line naming it or its Minor "
                     "kind, or the card of UNTIL, is kept first)", "HG-6.3-03", player=player,
                     outcome=IN_PART)


# -- Lieutenants (8.3.1) -----------------------------------------------------------------

def lieutenant_places(st: HellState, player: str) -> list[str]:
    """Sectio where he has Legions and nobody else has Units (HG-8.3.1-03, HG-8.1-02),
    best first: his own Sectio before others, most of his Legions, then by id (IP-14)."""
    # AnteHell is the waste around Hell, not a Sectio (2.2.4): no Lieutenant is placed there.
    spots = {u.location for u in st.units_of(player, LEGION) if u.location != ANTEHELL}
    spots = [s for s in spots if not st.unfriendly_at(s, player)]
    legions_at = {s: sum(1 for u in st.units_of(player, LEGION) if u.location == s)
                  for s in spots}
    return sorted(spots, key=lambda s: (st.owners.get(s) != player, -legions_at[s], s))


def recruit_card(hand: list[str], o: dict, data: HellData) -> str | None:
    """The card a RECRUIT order plays from `hand`: the one it names (WITH), else the
    cheapest Recruit Lieutenant card, the first held of equals; None: none fits
    (HG-8.3.1-01). The sheet check asks it too (orders/summoning.py)."""
    if o["card"]:
        return o["card"] if o["card"] in hand else None
    cards = [c for c in hand if matches(RECRUIT_KIND, c, data)]
    return min(cards, key=lambda c: (data.arcana[c].minor.cost or 0, hand.index(c)),
               default=None)


def recruit(st: HellState, player: str, o: dict, dice, data: HellData, log: Log,
            cheap: bool = False, sheet=None, order: dict | None = None) -> None:
    """Play a Recruit Lieutenant card and pay its cost (HG-8.3.1-01), roll for a box
    (HG-8.3.1-02, mapping from data, A-07) unless an ability picks it ("lieutenant-box":
    Prufflas); an empty box fails, card and Souls spent
    (HG-8.3.1-04, A-07); a box emptied is refilled from the Return box (HG-8.3.1-05).
    Without `WITH`, the cheapest Recruit Lieutenant card in hand is used. `sheet` and
    `order` (the order as on the sheet) name the line when it fails (issue 20)."""
    p = st.players[player]
    order = o if order is None else order
    card = recruit_card(p.hand, o, data)
    places = lieutenant_places(st, player)
    cost, halved = lieutenant_price(st, (data.arcana[card].minor.cost or 0) if card else 0,
                                    cheap)
    why = ("he holds no such Recruit Lieutenant card" if card is None else
           f"the card costs {count(cost, 'Soul')} and he has {p.souls}" if p.souls < cost else
           "he has no Legions in a Sectio free of other Units" if not places else "")
    if why:
        text = f"{player} does not recruit a Lieutenant: {why}."
        if card is None:  # says something about his hand, which is private
            log.private(player, "recruit-refused", text, "HG-8.3.1-01")
        else:
            log.public("recruit-refused", text, "HG-8.3.1-01", player=player)
        yours, rule = (("you held no such Recruit Lieutenant card", "HG-8.3.1-01")
                       if card is None else
                       (f"the card costs {count(cost, 'Soul')} and you had {p.souls}",
                        "HG-8.3.1-01") if p.souls < cost else
                       ("you had no Legions in a Sectio free of other Units", "HG-8.3.1-03"))
        order_failed(log, sheet, order, yours, rule, player=player)
        return
    place = o["at"] if o["at"] in places else places[0]
    if o["at"] and o["at"] != place:
        log.public("recruit-place", f"{player} cannot place a Lieutenant in "
                   f"{data.sectio[o['at']].name}; {data.sectio[place].name} instead (IP-14).",
                   "HG-8.3.1-03", player=player)
        order_failed(log, sheet, order, f"the Lieutenant cannot go to "
                     f"{data.sectio[o['at']].name} (you need a Legion there and no other "
                     f"Units); he goes to {data.sectio[place].name} instead", "HG-8.3.1-03",
                     player=player, outcome=IN_PART)
    p.souls -= cost
    p.hand.remove(card)
    st.discard(card)
    played = (f"{player} plays {data.arcana[card].name} (Recruit Lieutenant, "
              f"{count(cost, 'Soul')}{halved})")
    picked = hooks.first("lieutenant-box", st, player, sheet, dice, data, log)
    chosen = picked[0] if picked else None
    if chosen == 0:
        log.public("recruit-failed", f"{played}: every Lieutenants Available box is empty "
                   "and the recruitment fails.", "HG-8.3.1-04", player=player, roll=None)
        order_failed(log, sheet, order, "every Lieutenants Available box was empty: the "
                     "card was played and paid for, and no Lieutenant came", "HG-8.3.1-04",
                     player=player)
        return
    if chosen:
        die, box, how = None, chosen, "picks"
    else:
        die = dice.roll("HG-8.3.1-02 Lieutenants Available box", player)
        box, how = data.tables["lieutenant_box_die"][die], f"rolls {die}"
    pile = st.lieutenant_boxes[box - 1]
    if not pile:
        log.public("recruit-failed", f"{played}, {how}: box {box} is empty and the "
                   "recruitment fails.", "HG-8.3.1-04", player=player, roll=die)
        order_failed(log, sheet, order, f"box {box} was empty: the card was played and paid "
                     "for, and no Lieutenant came", "HG-8.3.1-04", player=player)
        return
    lieutenant = pile.pop(0)
    st.new_unit(LIEUTENANT, player, place, ref=lieutenant)
    how = f"{how}: " if die else f"{how} freely ({picked[2]}): "
    log.public("recruit", f"{played}, {how}{data.lieutenants[lieutenant].name} from "
               f"box {box} joins him in {data.sectio[place].name}.", "HG-8.3.1-02",
               player=player, roll=die, lieutenant=lieutenant,
               **({"ability": picked[1]} if chosen else {}))
    if not pile and st.lieutenant_return:
        pile.extend(st.lieutenant_return)
        st.lieutenant_return.clear()
        log.public("lieutenants-return", f"Box {box} is empty: the Lieutenants of the Return "
                   "box move into it.", "HG-8.3.1-05")


# -- Hellhounds (8.3.2) ------------------------------------------------------------------

def tame(st: HellState, player: str, dice, data: HellData, log: Log, sheet=None) -> None:
    """Each of his Legions in AnteHell that minds no hound and has not tamed one this
    visit tries once, in id order (HG-8.3.2-01, HG-8.3.2-03, IP-15): 1-4 a random hound
    from the box is stacked on it, 5 nothing, 6 the Legion is destroyed. An empty box
    means no taming and no roll (HG-8.3.2-02)."""
    minders = {h.minder for h in st.units if h.kind == HELLHOUND and h.minder}
    tamers = [u for u in st.units_of(player, LEGION)
              if u.location == ANTEHELL and u.id not in minders and not u.tamed_this_visit]
    if not tamers:
        log.public("tame-none", f"{player} has no Legion in AnteHell that may tame a "
                   "Hellhound.", "HG-8.3.2-03", player=player)
        for o in orders_of(sheet, "TAME"):
            order_failed(log, sheet, o, "you have no Legion in AnteHell that minds no "
                         "Hellhound and has not tamed one on this visit", "HG-8.3.2-03",
                         player=player)
    for u in sorted(tamers, key=lambda x: x.number):
        if not st.hellhound_box:
            log.public("tame-empty", "The Hellhounds box is empty: no Hellhound can be tamed.",
                       "HG-8.3.2-02")
            return
        die = dice.roll(f"HG-8.3.2-01 taming roll for Legion {u.id}", player)
        outcome = data.tables["taming_table"][die]
        if outcome == "tame":
            hound = dice.pick(st.hellhound_box, "HG-8.3.2-01 which Hellhound is tamed")
            st.hellhound_box.remove(hound)
            h = st.new_unit(HELLHOUND, player, ANTEHELL, ref=hound)
            h.minder, u.tamed_this_visit = u.id, True
            text = f"tames {data.hellhounds[hound].name}"
        elif outcome == "legion-destroyed":
            st.remove_unit(u.id)
            text = "is destroyed by forces unknown"
        else:
            text = "finds no Hellhound"
        log.public("tame", f"{player}: Legion {u.id} in AnteHell rolls {die} and {text}.",
                   "HG-8.3.2-01", player=player, roll=die, outcome=outcome)


# -- Bonus Pay (8.3.4) -------------------------------------------------------------------

def bonus(st: HellState, player: str, o: dict, data: HellData, log: Log, sheet=None) -> None:
    """Put Souls on one of his Lieutenants until the End Phase (HG-8.3.4-01)."""
    p, name = st.players[player], data.lieutenants[o["lieutenant"]].name
    unit = next((u for u in st.units_of(player, LIEUTENANT) if u.ref == o["lieutenant"]), None)
    why = (f"{name} is not his Lieutenant" if unit is None else
           f"he has {count(p.souls, 'Soul')}" if p.souls < o["n"] else "")
    if why:
        log.public("bonus-refused", f"{player} gives no Bonus Pay to {name}: {why}.",
                   "HG-8.3.4-01", player=player)
        order_failed(log, sheet, o, f"{name} is not your Lieutenant" if unit is None else
                     f"you had {count(p.souls, 'Soul')}", "HG-8.3.4-01", player=player)
        return
    p.souls -= o["n"]
    unit.bonus_pay += o["n"]
    log.public("bonus", f"{player} puts {count(o['n'], 'Soul')} of Bonus Pay on {name}.",
               "HG-8.3.4-01", player=player, lieutenant=o["lieutenant"], souls=o["n"])
