"""Trading windows (LH-II.2): every stage of a turn is one, and its trades are resolved
in the order of digest §4.3:

1. prisoners: FREE, SURRENDER TO / ACCEPT SURRENDER, PERMIT, HEAVEN DEAL (prisoners.py)
2. matched DEALs, with their promises (deals.py)
3. forced trades, Starter first, one per player per pass (forced.py)
4. special cards (cards/specials.py `play_step`)
5. discards (here)

While Silence is in force (`st.silence` truthy, set and cleared by the specials code)
nothing of 1-3 is done; each is reported to its writer as refused (LH-II.2.4-02).

State kept here (`st.trading`, cleared at every phase start by `new_phase`):
`prev_owner` {instance: name}: the previous owner of a horde or artifact taken by a
forced trade this phase, against whom its protection does not hold (LH-II.2.1-03).
`new_phase(st)` also clears each player's `used_oph` and `protected`; the draw phase
calls it, and the lead's turn code at the start of the combat and gathering phases.
"""

from __future__ import annotations

from . import deals, forced, homes, prisoners
from . import items as it
from .cards import specials
from .deck import discard as to_discard
from .deck import refill
from .orders import orders_of
from .state import ABSENT, LohState, order_from_starter

SILENCE = "Silence is in force"


def new_phase(st: LohState) -> None:
    """Per-phase trading flags cleared: the Other Powers of Hell once per phase
    (LH-I.1.2-06), protection for the phase (LH-II.2.1-02)."""
    for p in st.players.values():
        p.used_oph = False
        p.protected = []
    st.trading = {"prev_owner": {}}


def apply(st: LohState, sheets: dict, data, dice, log) -> None:
    if st.trading is ABSENT:
        st.trading = {"prev_owner": {}}
    prisoners.step(st, sheets, data, dice, log)
    deals.step(st, sheets, data, dice, log)
    forced.step(st, sheets, data, dice, log)
    specials.play_step(st, sheets, data, dice, log)
    discards(st, sheets, data, dice, log)
    refill(st, dice, log)


def discards(st: LohState, sheets: dict, data, dice, log) -> None:
    """DISCARD: resource cards from hand or table and Souls, in the transfer and
    gathering phases (LH-I.3.1-01, LH-III.4.6-01); never Oaths (LH-I.1.2-03). Each line
    all or nothing, re-checked against the state now."""
    for name in order_from_starter(st):
        for o in orders_of(sheets.get(name), "DISCARD"):
            discard_items(st, name, o["items"], data, dice, log)
    homes.settle(st, data, log)


def discard_items(st: LohState, name: str, items: list[dict], data, dice, log) -> bool:
    p = st.players[name]
    text = ", ".join(it.text(i, data) for i in items)
    lack = it.shortfall(st, name, items, data)
    if lack:
        log.private(name, "discard-failed", f"Your DISCARD {text} is not done: {lack}.",
                    "LH-III.4.6-01")
        return False
    gone = []
    for item in items:
        if item["kind"] == "souls":
            p.souls -= item["n"]  # Souls leave the game (LH-I.4.1-01)
            continue
        for inst in it.held(st, name, item["card"], data)[:item["n"]]:
            for key in ("hand", "hordes", "artifacts"):
                if inst in getattr(p, key):
                    getattr(p, key).remove(inst)
            if inst in p.protected:
                p.protected.remove(inst)
            gone.append(inst)
    to_discard(st, gone, dice, log)
    public = ", ".join(it.public_text(i, data) for i in items)
    log.public("discard", f"{name} discards {public}.", "LH-III.4.6-01", player=name)
    log.private(name, "discard-own", f"You discard {text}.", "LH-III.4.6-01")
    return True
