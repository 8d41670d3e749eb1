"""Prisoner orders (LH-I.1.1; PB-14): step 1 of a trading window, in this order, players
in Starter order:

- `FREE <prisoner>`: the captor frees him, whenever trading is allowed and the captor is
  not knocked out (LH-I.1.1-08); a Devil freed during combat returns to action
  (LH-I.1.1-11).
- `SURRENDER TO <devil>` matched by that player's `ACCEPT SURRENDER <devil>`: a Devil in
  Hell becomes his prisoner under the normal rules (LH-I.1.1-12).
- `PERMIT <prisoner> <devils>`: the captor lets his prisoner trade with them
  (LH-I.1.1-05); permits end when the prisoner changes hands.
- `HEAVEN DEAL` (transfer phase): a Devil held in Heaven promises never to return to
  Earth and is released to Hell; the promise ("NO EARTH", binding to the end of the
  next turn) is recorded and the EARTH order refuses the Devil while it holds
  (LH-III.4.1-04).

While Silence is in force none of these is done (no trading, no promises: LH-II.2.4-02).
"""

from __future__ import annotations

from . import homes
from .homes import settle
from .orders import orders_of
from .state import LohState, order_from_starter

SILENCE_TEXT = "Silence is in force"


def step(st: LohState, sheets: dict, data, dice, log) -> None:

    order = order_from_starter(st)
    for name in order:
        for o in orders_of(sheets.get(name), "FREE"):
            free(st, name, o["prisoner"], log)
    for name in order:
        for o in orders_of(sheets.get(name), "SURRENDER TO"):
            surrender(st, name, o["captor"], sheets, log)
    for name in order:
        for o in orders_of(sheets.get(name), "ACCEPT SURRENDER"):
            if not any(s["captor"] == name for s in orders_of(sheets.get(o["prisoner"]),
                                                               "SURRENDER TO")):
                log.private(name, "surrender-unmatched", f"{o['prisoner']} did not write "
                            f"SURRENDER TO {name}: nothing happens.", "LH-I.1.1-12")
    for name in order:
        for o in orders_of(sheets.get(name), "PERMIT"):
            permit(st, name, o["prisoner"], o["with"], log)
    for name in order:
        for _ in orders_of(sheets.get(name), "HEAVEN DEAL"):
            heaven_deal(st, name, data, log)
    settle(st, data, log)


def _refuse(log, name: str, what: str, why: str, rule: str) -> None:
    log.private(name, "prisoner-refused", f"Your {what} is not done: {why}.", rule)


def free(st: LohState, captor: str, prisoner: str, log) -> bool:
    rule = "LH-I.1.1-08"
    p = st.players[prisoner]
    if st.silence:
        _refuse(log, captor, f"FREE {prisoner}", SILENCE_TEXT, "LH-II.2.4-02")
    elif p.status != "prisoner" or p.captor != captor:
        _refuse(log, captor, f"FREE {prisoner}", f"{prisoner} is not your prisoner now", rule)
    elif st.players[captor].status == "ko":
        _refuse(log, captor, f"FREE {prisoner}", "a knocked-out captor cannot free", rule)
    else:
        homes.free(st, prisoner, log, rule, why=f"{captor} lets him go")
        return True
    return False


def surrender(st: LohState, name: str, captor: str, sheets: dict, log) -> bool:
    rule = "LH-I.1.1-12"
    what = f"SURRENDER TO {captor}"
    accepted = any(o["prisoner"] == name for o in orders_of(sheets.get(captor),
                                                             "ACCEPT SURRENDER"))
    if not accepted:
        _refuse(log, name, what, f"no ACCEPT SURRENDER {name} from {captor}", rule)
    elif st.silence:
        _refuse(log, name, what, SILENCE_TEXT, "LH-II.2.4-02")
    elif st.players[name].status != "hell":
        _refuse(log, name, what, "only a Devil in Hell can surrender", rule)
    elif not st.players[captor].home:
        _refuse(log, name, what, f"{captor} has no home realm to hold a prisoner",
                "LH-I.1.1-10")
    elif not homes.can_trade(st, name, captor):
        _refuse(log, name, what, f"you cannot trade with {captor} now", "LH-I.1.1-05")
    else:
        log.public("surrender", f"{name} surrenders to {captor}.", rule, player=name,
                   captor=captor)
        homes.imprison(st, name, captor, log, rule)
        return True
    if not accepted:
        return False
    log.private(captor, "surrender-failed", f"{name}'s surrender to you is not made.", rule)
    return False


def permit(st: LohState, captor: str, prisoner: str, others: list[str], log) -> bool:
    rule = "LH-I.1.1-05"
    p = st.players[prisoner]
    what = f"PERMIT {prisoner}"
    if st.silence:
        _refuse(log, captor, what, SILENCE_TEXT, "LH-II.2.4-02")
        return False
    if p.status != "prisoner" or p.captor != captor:
        _refuse(log, captor, what, f"{prisoner} is not your prisoner now", rule)
        return False
    new = [n for n in others if n not in p.permits]
    p.permits += new
    log.public("permit", f"{captor} permits prisoner {prisoner} to trade with "
               + ", ".join(others) + ".", rule, player=captor, prisoner=prisoner,
               permits=list(p.permits))
    return True


def heaven_deal(st: LohState, name: str, data, log) -> bool:
    rule = "LH-III.4.1-04"
    if st.silence:
        _refuse(log, name, "HEAVEN DEAL", SILENCE_TEXT, "LH-II.2.4-02")
        return False
    if st.players[name].status != "heaven" or st.phase != "transfer":
        _refuse(log, name, "HEAVEN DEAL", "your Devil is not held in Heaven now", rule)
        return False
    until = st.turn + 1  # a promise lasts to the end of the next turn (LH-II.3-01)
    st.promises.append({
        "id": f"heaven.{name}.{st.turn}", "deal": None, "from": name, "to": [],
        "kind": "NO EARTH", "target": None, "target_devil": None,
        "text": f"{name} promised Heaven never to return to Earth, until the end of turn "
                f"{until}.", "turn": st.turn, "until": until, "public": True})
    devil = data.devils[st.players[name].devil].name
    log.public("heaven-deal", f"{devil} promises Heaven never to return to Earth and is "
               "released to Hell.", rule, player=name)
    homes.free(st, name, log, rule, why="released by Heaven")
    return True


def no_earth(st: LohState, name: str) -> bool:
    """A Heaven promise keeps the Devil from Earth while it binds (LH-III.4.1-04)."""
    return any(p["kind"] == "NO EARTH" and p["from"] == name and p["until"] >= st.turn
               for p in st.promises)
