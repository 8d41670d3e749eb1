"""The draw phase (LH-III.1, no trading): it runs when a turn's transfer stage opens.

In order: the per-phase flags are cleared (`trading.new_phase`) and promises past their
last turn are dropped (LH-II.3-01); from turn 2 the Starter marker moves (LH-III.1-01);
every player draws, Starter first (LH-III.1-02..06), hordes and artifacts tabled at once
(LH-III.1-07); everything on Earth returns to Hell, Devils too (LH-III.1-08, digest
G27), and the homeless with forces take a home; then Belial's torture (LH-III.1-09,
digest §3.3 PROPOSAL; standing order `TORTURE`, PB-02).
"""

from __future__ import annotations

from . import homes, trading
from .datamodel import HPOH
from .datatables import draw_count
from .deck import draw_cards, refill
from .orders.standing import standing
from .state import LohState, is_oath, order_from_starter, player_of_devil, total_cards

MAMMON = "devil.mammon"
BELIAL = "devil.belial"
WINDS = "realm.winds-of-chaos"


def run(st: LohState, data, dice, log) -> None:
    trading.new_phase(st)
    expire_promises(st, log)
    if st.turn >= 2:
        move_starter(st, log)
    for name in order_from_starter(st):  # LH-III.1-06
        n, why = cards_to_draw(st, name, data)
        draw_cards(st, name, n, data, dice, log, "LH-III.1-04", why)
    return_from_earth(st, data, log)
    torture(st, data, dice, log)
    refill(st, dice, log)


def expire_promises(st: LohState, log) -> None:
    """A promise lasts to the end of its `until` turn (LH-II.3-01, LH-II.3.1-08)."""
    keep = []
    for pr in st.promises:
        if pr["until"] < st.turn:
            log.some(sorted({pr["from"], *pr["to"]}), "promise-expired",
                     f"The promise ended with turn {pr['until']}: {pr['text']}",
                     "LH-II.3-01", promise=pr["id"])
        else:
            keep.append(pr)
    st.promises = keep


def move_starter(st: LohState, log) -> str:
    """The player with the fewest SP; tied: the first of them clockwise after the
    previous Starter, who keeps it only when no other tied player comes first
    (LH-III.1-01, the digest's reading)."""
    seats = st.seats
    prev = seats.index(st.starter)
    order = seats[prev + 1:] + seats[:prev + 1]
    low = min(st.players[n].sp for n in seats)
    new = next(n for n in order if st.players[n].sp == low)
    st.starter = new
    log.public("starter", f"{new} has the fewest support points ({low}) and takes the "
               "Starter marker." if new != seats[prev] else
               f"{new} keeps the Starter marker (fewest support points, {low}).",
               "LH-III.1-01", player=new)
    return new


def cards_to_draw(st: LohState, name: str, data) -> tuple[int, str]:
    """The table's number on the player's total cards, then the modifiers: Mammon, the
    High Palace of Hell's and Winds of Chaos's controllers (LH-III.1-04/05, §3.3)."""
    p = st.players[name]
    total = total_cards(st, name)
    n = draw_count(data, total)
    why = [f"{total} cards held"]
    if p.devil == MAMMON:
        n += data.tables["mammon_draw_bonus"]
        why.append(f"Mammon +{data.tables['mammon_draw_bonus']}")
    if p.home == HPOH:
        n += data.tables["hpoh_draw_bonus"]
        why.append(f"High Palace of Hell +{data.tables['hpoh_draw_bonus']}")
    if p.home == WINDS:
        n += data.tables["winds_draw_bonus"]
        why.append(f"Winds of Chaos +{data.tables['winds_draw_bonus']}")
    return n, ", ".join(why)


def return_from_earth(st: LohState, data, log) -> None:
    """Everything on Earth returns to Hell, Devils included (LH-III.1-08, G27); a
    homeless player whose forces come back takes a home, Starter first (LH-I.2-05)."""
    for name in order_from_starter(st):
        p = st.players[name]
        back = []
        if p.status == "earth":
            p.status = "hell"
            back.append(data.devils[p.devil].name)
        if p.earth:
            back += [data.cards[st.cards[c]].name for c in p.earth]
            p.hordes += p.earth
            p.earth = []
        if back:
            log.public("earth-return", f"{name}'s " + ", ".join(back)
                       + " return from Earth to Hell.", "LH-III.1-08", player=name)
    st.earth_condition = None  # G28: an Earth condition ends with its turn
    homes.homes_for_all(st, data, log)


def torture(st: LohState, data, dice, log) -> None:
    """Belial takes one random Oath from the hand of each Devil he holds prisoner
    (LH-I.1.2-02, LH-III.1-09; digest §3.3 PROPOSAL). Standing order `TORTURE OFF`
    stops it, `TORTURE <names>` limits it (PB-02)."""
    belial = player_of_devil(st, BELIAL)
    if belial is None:
        return
    order = standing(st, belial, "TORTURE") or {}
    if order.get("torture") is False:
        return
    only = order.get("only")
    for prisoner in homes.prisoners_of(st, belial):
        if only is not None and prisoner not in only:
            continue
        oaths = [c for c in st.players[prisoner].hand if is_oath(c)]
        if not oaths:
            log.public("torture-nothing", f"Belial tortures {prisoner}, who holds no Oath "
                       "card.", "LH-III.1-09", player=belial, prisoner=prisoner)
            continue
        taken = dice.pick(sorted(oaths), f"Belial's torture of {prisoner}", belial)
        st.players[prisoner].hand.remove(taken)
        st.players[belial].hand.append(taken)
        owner = data.devils["devil." + taken.split(".")[1]].name
        log.public("torture", f"Belial tortures {prisoner} and takes one Oath card from "
                   f"{prisoner}'s hand.", "LH-III.1-09", player=belial, prisoner=prisoner)
        log.some([belial, prisoner], "torture-oath", f"The Oath Belial took from {prisoner} "
                 f"is an Oath of {owner}.", "LH-I.1.2-02", player=belial, prisoner=prisoner,
                 oath=taken)
