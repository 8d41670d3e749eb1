"""Victory points once the Overlord is found (LH-III.4.4-02), into `st.vp`
({player: float}), and the game's result text. Values: `data.tables["vp"]`.

- the Overlord: 3.5;
- every other Devil: 2 per Oath of the Overlord it holds (Oaths are in the hand;
  LH-I.1.2-05);
- every Devil with more SP than the lowest total: 1;
- the Devil(s) with the most SP: 1 more, if at least 3 above the lowest total.
The most VP wins; a tie is a shared win.

First the deals that fall due when the Overlord is found are kept (LH-III.4.4-01, PB-38:
deals.fall_due), then the VP count the cards as held.
"""

from __future__ import annotations

from pbem.grammar import count

from . import deals
from .souls import devil_name
from .state import LohState, Player, is_oath, oath_owner, order_from_starter


def _oaths_of(p: Player, devil: str) -> int:
    return sum(1 for c in p.hand if is_oath(c) and oath_owner(c) == devil)


def _num(x: float) -> str:
    return f"{x:g}"


def score(st: LohState, data, log) -> None:
    deals.fall_due(st, data, log)  # LH-III.4.4-01: open deals are kept, then VP counted
    t = data.tables["vp"]
    over = st.overlord
    over_devil = st.players[over].devil
    sps = {n: st.players[n].sp for n in st.seats}
    low, high = min(sps.values()), max(sps.values())
    st.vp = {}
    for name in order_from_starter(st):
        p = st.players[name]
        parts: list[str] = []
        vp = 0.0
        if name == over:
            vp += t["overlord"]
            parts.append(f"{_num(t['overlord'])} as Overlord")
        else:
            oaths = _oaths_of(p, over_devil)
            if oaths:
                vp += oaths * t["overlord_oath"]
                parts.append(f"{_num(oaths * t['overlord_oath'])} for {count(oaths, 'Oath')} of "
                             f"{devil_name(st, data, over)}")
        if p.sp > low:
            vp += t["not_least_sp"]
            parts.append(f"{_num(t['not_least_sp'])} for more SP than the lowest")
        if p.sp == high and high >= low + t["most_sp_margin"]:
            vp += t["most_sp"]
            parts.append(f"{_num(t['most_sp'])} for the most SP")
        st.vp[name] = vp
        log.public("vp", f"{devil_name(st, data, name)} ({p.sp} SP) scores {_num(vp)} "
                   "VP" + (": " + ", ".join(parts) if parts else "") + ".", "LH-III.4.4-02",
                   player=name, vp=vp)
    win = winners(st)
    log.public("winner", result_text(st, data), "LH-III.4.4-02", winners=win)


def winners(st: LohState) -> list[str]:
    """The players with the most VP, in seat order (a tie is a shared win)."""
    best = max(st.vp.values())
    return [n for n in st.seats if st.vp[n] == best]


def result_text(st: LohState, data) -> str:
    over = devil_name(st, data, st.overlord)
    head = f"{over} ({st.overlord}) is the Overlord of Hell."
    if not st.vp:
        return head
    win = winners(st)
    vp = _num(st.vp[win[0]])
    names = [f"{devil_name(st, data, n)} ({n})" for n in win]
    if len(win) == 1:
        return f"{head} {names[0]} wins with {vp} VP."
    return f"{head} Shared win: {', '.join(names[:-1])} and {names[-1]}, {vp} VP each."
