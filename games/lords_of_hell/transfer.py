"""The transfer phase (LH-III.2-01..07): no start-of-phase mechanics; its trading
window (trading.apply, run by turn.py first) has the full trading of the turn. Then, in
this order, Starter first:

1. `RITUAL` lines start rituals face-down next to the home realm (hand -> `rituals`,
   `rituals_up` False; LH-I.3.3-01). The sheet is the final set: anything the player
   would have taken back is simply not on it (PB-10).
2. `EARTH` lines are checked against the state after the special cards: an `UNLESS
   <Time of Virtue | World War>` line is dropped while that Earth condition is in force
   (LH-III.2-05, PB-11). What goes is decided now, and goes at the end of the phase.
3. The end of the phase: the Earth trips take effect (status "earth", hordes to `earth`;
   until now they counted as in Hell, LH-III.2-04); players with no forces left in Hell
   lose their home realm (LH-I.2-04), Starter first; their prisoners go free (LH-I.2-07)
   and a freed Devil without a home takes a realm at once (LH-I.2-05,
   homes.lose_home_if_no_forces), so he has one when the combat phase starts.
"""

from __future__ import annotations

from . import homes
from . import items as it
from .orders import orders_of
from .prisoners import no_earth
from .state import LohState, order_from_starter

EARTH_HORDES = ("horde.fiends", "horde.diabolic-fiends")


def resolve(st: LohState, sheets: dict, data, dice, log) -> None:
    order = order_from_starter(st)
    for name in order:
        start_rituals(st, name, orders_of(sheets.get(name), "RITUAL"), data, log)
    plans = {name: plan_earth(st, name, orders_of(sheets.get(name), "EARTH"), data, log)
             for name in order}
    for name in order:
        go_to_earth(st, name, plans[name], data, log)
    for name in order:
        homes.lose_home_if_no_forces(st, name, data, log)


def start_rituals(st: LohState, name: str, lines: list[dict], data, log) -> None:
    p = st.players[name]
    p.rituals_up = False
    started = []
    for o in lines:
        text = ", ".join(it.text(i, data) for i in o["items"])
        lack = it.shortfall(st, name, o["items"], data)
        if not p.home:
            lack = "you have no home realm to start rituals next to"
        if lack:
            log.private(name, "ritual-failed", f"Your RITUAL {text} is not started: {lack}.",
                        "LH-I.3.3-01")
            continue
        for item in o["items"]:
            for inst in it.held(st, name, item["card"], data)[:item["n"]]:
                p.hand.remove(inst)
                p.rituals.append(inst)
                started.append(inst)
    if started:
        names = ", ".join(data.cards[st.cards[c]].name for c in started)
        n = len(started)
        log.public("rituals-started", f"{name} starts {n} ritual{'s' if n > 1 else ''} "
                   f"face-down next to {data.realms[p.home].name}.", "LH-I.3.3-01",
                   player=name, n=n)
        log.private(name, "rituals-started-own", f"You start {names} face-down.",
                    "LH-I.3.3-01")


def plan_earth(st: LohState, name: str, lines: list[dict], data, log) -> dict:
    """{"devil": bool, "hordes": [instances]}: what goes to Earth at the phase's end."""
    p = st.players[name]
    plan: dict = {"devil": False, "hordes": []}
    for o in lines:
        if o["unless"] and st.earth_condition == o["unless"]:
            cond = data.cards[o["unless"]].name
            log.private(name, "earth-unless", f"{cond} is in force, so your EARTH order "
                        f"UNLESS {cond} sends nothing.", "LH-III.2-05")
            continue
        if o["devil"]:
            if p.status != "hell":
                log.private(name, "earth-refused", "Your Devil is not in Hell and cannot go "
                            "to Earth.", "LH-III.2-07")
            elif no_earth(st, name):
                log.private(name, "earth-refused", "Your Devil promised Heaven never to "
                            "return to Earth and stays.", "LH-III.4.1-04")
            else:
                plan["devil"] = True
        for card, n in o["hordes"].items():
            free = [c for c in it.held(st, name, card, data) if c not in plan["hordes"]]
            want = len(free) if n == "all" else n
            if want > len(free):
                log.private(name, "earth-short", f"You have {len(free)} more "
                            f"{data.cards[card].name} to send, not {want}: they all go.",
                            "LH-III.2-03")
            plan["hordes"] += free[:want]
    return plan


def go_to_earth(st: LohState, name: str, plan: dict, data, log) -> None:
    """The Earth trips take effect (LH-III.2-04)."""
    p = st.players[name]
    if not plan["devil"] and not plan["hordes"]:
        return
    gone = []
    if plan["devil"]:
        p.status = "earth"
        gone.append(data.devils[p.devil].name)
    for inst in plan["hordes"]:
        p.hordes.remove(inst)
        p.earth.append(inst)
        if inst in p.protected:
            p.protected.remove(inst)
    counts: dict[str, int] = {}
    for inst in plan["hordes"]:
        counts[st.cards[inst]] = counts.get(st.cards[inst], 0) + 1
    gone += [f"{n} {data.cards[c].name}" for c, n in counts.items()]
    log.public("to-earth", f"{name} sends " + ", ".join(gone) + " to Earth to gather "
               "Souls.", "LH-III.2-03", player=name, devil=plan["devil"],
               hordes=[st.cards[c] for c in plan["hordes"]])
