"""The retreat step of a fight round (LH-IV.3.1-01..06), on standing orders.

- RETREAT IF <conditions> [TO HOME|ELSEWHERE] (PB-21): never from the army's own home
  realm (the defender), never with Leviathan (LH-IV.1.5-02). From a realm the army goes
  to an unspecified place in Hell; from an unspecified place to its home realm (TO HOME,
  the default) or another unspecified place (LH-IV.3.1-01). Conditions are read on the
  situation at the step: POWER BELOW n, OUTPOWERED (the armies declaring an attack on it
  this fight round have more power together), AFTER ROUND n (n fight rounds fought here),
  DEVIL KO, LOST n (units lost here), ATTACKED.
- PURSUE <armies>|ANY (PB-22): the first retreating army of the list (ANY: Starter order).
  The defender of a home realm follows only when every other army has followed or
  retreated (LH-IV.3.1-03); an army with Leviathan must follow when it would be left alone
  (LH-IV.1.5-02), unless it defends its home. A pursuer and its quarry meet at the
  retreat's destination: a new fight (LH-IV.3.1-04), which counts the fight rounds on; a
  quarry that went home is the defender there (G17). Unpursued, the army has escaped.
- Knocked-out Devils and Leviathans stay at the place (LH-IV.3.1-06). Retreating and
  pursuing are moving (LH-IV.2.6-02).
"""

from __future__ import annotations

from .. import breaches
from . import army
from .context import at_home, new_fight, place


def step(rt, fight: dict, decl: dict[str, list[str]], queue: list[dict]) -> None:
    st = rt.st
    here = rt.ranked(a for a in fight["armies"] if army.units(st, a))
    attackers = {a: [b for b in here if a in decl.get(b, [])] for a in here}
    leaving = [a for a in here if _wants(rt, fight, a, attackers[a])]
    if not leaving:
        return
    moved = set(leaving)
    chasers: dict[str, list[str]] = {a: [] for a in leaving}

    def follow(b: str, forced: bool = False) -> None:
        t = _choice(rt, b, leaving) or (leaving[0] if forced else None)
        if t is not None:
            chasers[t].append(b)
            moved.add(b)

    defender = next((b for b in here if at_home(st, fight, b)), None)
    for b in here:
        if b not in moved and b != defender:
            follow(b)
    if defender is not None and defender not in moved \
            and all(x in moved for x in here if x != defender):  # LH-IV.3.1-03
        follow(defender)
    for b in here:  # LH-IV.1.5-02: Leviathan pursues the last army
        if b not in moved and b != defender and army.has_leviathan(st, b) \
                and all(x in moved for x in here if x != b):
            follow(b, forced=True)
    fight["armies"] = [x for x in fight["armies"] if x not in moved]
    for a in leaving:
        dest = _destination(rt, fight, a)
        rt.moved.add(a)
        where = rt.data.realms[dest].name if dest else "an unspecified place in Hell"
        rt.log.public("retreat", f"{rt.label(a)} retreats from {place(fight, rt.data)} to "
                      f"{where}.", "LH-IV.3.1-01", player=a, fight=fight["id"])
        if not chasers[a]:
            fight["escaped"].append(a)
            rt.log.public("escaped", f"Nobody pursues {rt.label(a)}: it has escaped and takes "
                          "no further part in this fight.", "LH-IV.3.1-04", player=a)
            continue
        for c in chasers[a]:
            rt.moved.add(c)
            forced = army.has_leviathan(st, c) and (rt.standing(c, "PURSUE") or {}) == {}
            if not forced:
                breaches.pursuit(rt, c, a)  # LH-II.3.1-07: no pursuit under a NAP
            rt.log.public("pursue", f"{rt.label(c)} pursues {rt.label(a)}"
                          + (" (Leviathan must pursue the last army)" if forced else "") + ".",
                          "LH-IV.1.5-02" if forced else "LH-IV.3.1-02", player=c, quarry=a)
        home = dest is not None and st.players[a].home == dest
        child = new_fight(st, dest, a if home else None, [a] + chasers[a], fight["rounds"])
        child["parent"], child["pursued"] = fight["id"], True  # no second move this step
        child["trio"] = [x for x in fight["trio"] if x in child["armies"]]
        if "fights_on" in fight:  # LH-IV.2.4-02: the fight goes on once a round
            child["fights_on"] = {}
        queue.append(child)


def _wants(rt, fight: dict, a: str, attackers: list[str]) -> bool:
    st = rt.st
    if at_home(st, fight, a) or army.has_leviathan(st, a):
        return False
    order = rt.standing(a, "RETREAT")
    if not order:
        return False
    mine = army.power(st, a, rt.data)
    for c in order["conds"]:
        kind, n = c["kind"], c.get("n", 0)
        if (kind == "power-below" and mine < n
                or kind == "outpowered"
                and sum(army.power(st, b, rt.data) for b in attackers) > mine
                or kind == "after-round" and fight["rounds"] >= n
                or kind == "devil-ko" and st.players[a].status == "ko"
                or kind == "lost" and fight["lost"].get(a, 0) >= n
                or kind == "attacked" and attackers):
            return True
    return False


def _choice(rt, b: str, leaving: list[str]) -> str | None:
    o = rt.standing(b, "PURSUE") or {}
    if o.get("any"):
        return leaving[0]
    return next((t for t in o.get("targets", []) if t in leaving), None)


def _destination(rt, fight: dict, a: str) -> str | None:
    """None: an unspecified place; else the army's home realm (LH-IV.3.1-01)."""
    if fight["where"] is not None:
        return None
    o = rt.standing(a, "RETREAT") or {}
    home = rt.st.players[a].home
    return home if o.get("to", "home") == "home" and home else None
