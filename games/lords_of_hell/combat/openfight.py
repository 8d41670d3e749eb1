"""The open fight between tied Overlord candidates (LH-III.4.3-03; digest G13), called by
the gathering (`open_fight(st, candidates, data, dice, log) -> winner or None`).

- The candidates' Devils and fiends on Earth are recalled to Hell first (they stay
  recalled, and may proclaim afterwards); a homeless one takes a realm (LH-I.2-05).
- An imprisoned candidate (by a Devil or in Heaven) cannot take part, nor his army (G13);
  a candidate with no units is out at once.
- No home realms: no defense points, no realm powers (no Dis). Every army attacks every
  other with full power; no retreats (G13). Fight rounds as in combat otherwise: dice,
  re-rolls, casualties, Juggernauts, Warriors of Darkness, Critters, Leviathan's 4 dice,
  Wand of Might (fight.fight_round, with the players' standing orders, PB-35). Losses are
  permanent (G13).
- The last army with units wins. All wiped out in the same fight round: a draw, no winner
  (None). Knocked-out Devils return to play afterwards ("Devils return home").
- Our cap: after MAX_OPEN_ROUNDS fight rounds the dominant army (LH-IV.1.1-06) wins, with
  none dominant nobody does (said in the report).
"""

from __future__ import annotations

from .. import homes
from ..state import LohState
from . import army
from .context import Rt
from .fight import fight_round
from .hits import CRITTERS

MAX_OPEN_ROUNDS = 100
RULE = "LH-III.4.3-03"


def open_fight(st: LohState, candidates: list[str], data, dice, log) -> str | None:
    rt = Rt(st, data, dice, log, {})
    names = rt.ranked(candidates)
    log.public("open-fight", "Open fight for the Overlord's title between "
               + ", ".join(rt.label(n) for n in names) + ".", RULE, candidates=names)
    for n in names:
        _recall(rt, n)
    fighters = []
    for n in names:
        p = st.players[n]
        if p.status in ("prisoner", "heaven"):
            log.public("open-fight-out", f"{rt.label(n)} is imprisoned and cannot take part in "
                       "the open fight.", RULE, player=n)
        elif not army.units(st, n):
            log.public("open-fight-out", f"{rt.label(n)} has no army and loses the open fight "
                       "at once.", RULE, player=n)
        else:
            fighters.append(n)
    fight = {"id": 0, "where": None, "defender": None, "armies": list(fighters),
             "all": list(fighters), "ko": [], "leviathan": [], "rounds": 0, "defeated": [],
             "lost": {}, "dealt": {}, "claim": False, "escaped": [],
             "trio": [a for a in fighters if all(c in army.kinds(st, a) for c in CRITTERS)]}
    while True:
        here = [a for a in fight["armies"] if army.units(st, a)]
        if len(here) < 2:
            break
        if fight["rounds"] >= MAX_OPEN_ROUNDS:
            winner = army.dominant(st, here, data, None)
            log.public("open-fight-capped", f"The open fight stops after {MAX_OPEN_ROUNDS} "
                       "fight rounds (our limit): " + (f"{rt.label(winner)}, the dominant "
                       "army, wins." if winner else "no army is dominant, nobody wins."),
                       RULE)
            _return_ko(rt, fight)
            return winner
        fight_round(rt, fight, {a: [b for b in here if b != a] for a in here})
    here = [a for a in fight["armies"] if army.units(st, a)]
    _return_ko(rt, fight)
    if not here:
        if fighters:
            log.public("open-fight-draw", "Every army in the open fight is wiped out at the "
                       "same time: nobody wins, the Devils return home.", RULE)
        return None
    log.public("open-fight-won", f"{rt.label(here[0])} is the last army with surviving troops "
               "and wins the open fight.", RULE, player=here[0])
    return here[0]


def _recall(rt, name: str) -> None:
    st = rt.st
    p = st.players[name]
    back = []
    if p.status == "earth":
        p.status = "hell"
        back.append(army.devil_name(st, rt.data, name))
    if p.earth:
        back += [rt.data.cards[st.cards[i]].name for i in p.earth]
        p.hordes.extend(p.earth)
        p.earth = []
    if back:
        rt.log.public("recalled", f"{rt.label(name)}'s forces on Earth are recalled to Hell "
                      "for the open fight: " + ", ".join(back) + ".", RULE, player=name)
        homes.take_home(st, name, rt.data, rt.log)


def _return_ko(rt, fight: dict) -> None:
    for n in fight["ko"]:
        if rt.st.players[n].status == "ko":
            homes.free(rt.st, n, rt.log, RULE, why="the open fight is over, "
                       f"{army.devil_name(rt.st, rt.data, n)} returns home")
