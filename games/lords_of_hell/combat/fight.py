"""A fight at one place (LH-IV.3): fight rounds on the players' standing orders until
nobody attacks or one army is left (LH-IV.2.2-04).

Each fight round:
1. Attack declarations (LH-IV.3.1-07): ATTACK lists / ALL / ONLY IF ATTACKED (the
   default); an army with Leviathan attacks every other army (LH-IV.1.5-03), one fighting
   on over an objection its objectors (LH-IV.2.4-02, aftermath.py); a leaderless
   army may not declare an attack on Asmodeus's army (his card, digest §3.3), nor does
   Leviathan's forced attack reach him then; every attacked army attacks its attackers.
   Nobody attacks: the fight is over (before anyone retreats).
2. Retreat step (retreat.py): retreats, pursuits, splits; then the declarations again
   among the armies still here.
3. A Leviathan whose army defends its own home realm is knocked out before the first
   round fought (LH-IV.1.5-05).
4. Attack rolls (rolls.py) and automatic hits: Dis gives each army its defender attacks 1
   hit (realm card, digest §3.3).
5. Hit assignment (hits.py).

A fight also ends when no die of any attacker could hit (every target needs 7+, G23),
and after MAX_FIGHT_ROUNDS rounds (our cap; both said in the report).
"""

from __future__ import annotations

from pbem.grammar import verb

from .. import breaches
from ..state import LohState
from . import army, retreat, rolls, truce
from .army import LEVIATHAN
from .context import at_home, place
from .hits import CRITTERS, Battle

MAX_FIGHT_ROUNDS = 20
ASMODEUS = "devil.asmodeus"
DIS = "realm.dis"


def present(st: LohState, fight: dict) -> list[str]:
    """Armies at the place that still have units."""
    return [a for a in fight["armies"] if army.units(st, a)]


def declare(rt, fight: dict, own: dict | None = None) -> dict[str, list[str]]:
    """Who attacks whom this fight round, each list in the attacker's order. A matched
    TRUCE (truce.py, PB-26) takes two armies off each other's lists, but not off
    Leviathan's forced attack. `own`, when given, gets each army's own declarations (its
    ATTACK line's, truces applied; not Leviathan's forced attacks, not strikes back):
    breaches.py reads them (LH-II.3.1-07)."""
    st = rt.st
    here = rt.ranked(present(st, fight))
    decl: dict[str, list[str]] = {a: [] for a in here}
    for a in here:
        o = rt.standing(a, "ATTACK") or {}
        others = [b for b in here if b != a]
        listed = [t for t in o.get("targets", []) if t in others]
        if army.has_leviathan(st, a) and not at_home(st, fight, a):
            wanted = listed + [b for b in others if b not in listed]  # LH-IV.1.5-03
        elif o.get("mode") == "all":
            wanted = others
        else:
            wanted = listed
        # LH-IV.2.4-02: an army fighting on over an objection attacks the objectors
        wanted += [b for b in fight.get("fights_on", {}).get(a, [])
                   if b in others and b not in wanted]
        decl[a] = [t for t in wanted if not _shielded(st, a, t)]
        if not (army.has_leviathan(st, a) and not at_home(st, fight, a)):
            decl[a] = [t for t in decl[a] if not truce.holds(rt, fight, a, t)]  # PB-26
        if own is not None:
            own[a] = [t for t in (others if o.get("mode") == "all" else listed)
                      if not _shielded(st, a, t) and not truce.holds(rt, fight, a, t)]
    changed = True
    while changed:  # LH-IV.3.1-07: the attacked attack their attackers
        changed = False
        for a in here:
            for t in decl[a]:
                if a not in decl[t]:
                    decl[t].append(a)
                    changed = True
    return decl


def _shielded(st: LohState, attacker: str, target: str) -> bool:
    """Asmodeus: leaderless armies cannot declare an attack on his army (his card)."""
    return st.players[target].devil == ASMODEUS and not army.leads(st, attacker)


def run(rt, fight: dict, queue: list[dict]) -> None:
    """Fight it out; pursuits append new fights to `queue`."""
    st, log, data = rt.st, rt.log, rt.data
    if len(present(st, fight)) < 2:
        return
    start = fight["rounds"]
    if fight.get("parent") is None and "fights_on" not in fight:  # a split-off fight, or
        # one going on over an objection, keeps the trio of the fight's start
        fight["trio"] = [a for a in fight["armies"]
                         if all(c in army.kinds(st, a) for c in CRITTERS)]
    while True:
        here = present(st, fight)
        decl = declare(rt, fight)
        if len(here) < 2 or not any(decl.values()):
            break
        if fight["rounds"] >= MAX_FIGHT_ROUNDS:
            log.public("fight-capped", f"The fight at {place(fight, data)} stops after "
                       f"{MAX_FIGHT_ROUNDS} fight rounds (our limit, so that no fight is "
                       "endless).", "LH-IV.2.2-04", fight=fight["id"])
            break
        if not fight.pop("pursued", False):  # a pursuit's fight goes on to the rolls
            retreat.step(rt, fight, decl, queue)
        decl = declare(rt, fight)
        if len(present(st, fight)) < 2 or not any(decl.values()):
            break
        if not rolls.can_hit(rt, fight, decl) and not _dis_hits(st, fight, decl):
            log.public("fight-no-hits", f"At {place(fight, data)} no army can hit another "
                       "(every target needs 7 or more, and a 6 does not always hit): the "
                       "fight ends.", "LH-IV.3.2-03", fight=fight["id"])
            break
        _leviathan_at_home(rt, fight)
        own: dict[str, list[str]] = {}
        decl = declare(rt, fight, own)
        if not any(decl.values()):
            break
        breaches.attacks(rt, fight, own, at_home)  # NAP, NAH (LH-II.3.1-02/03/07)
        fight_round(rt, fight, decl)
    for a in fight["armies"]:
        if not army.units(st, a) and a not in fight["defeated"]:
            fight["defeated"].append(a)
    if fight["rounds"] == start and fight.get("fights_on") and len(present(st, fight)) > 1:
        log.public("no-fight", f"At {place(fight, data)} nobody attacks: the fight does not "
                   "go on.", "LH-IV.2.4-02", fight=fight["id"])
    elif not fight["rounds"] and fight.get("parent") is None and len(present(st, fight)) > 1:
        log.public("no-fight", f"At {place(fight, data)} nobody attacks: there is no fight.",
                   "LH-IV.2.2-04", fight=fight["id"])
    elif fight["rounds"]:
        left = present(st, fight)
        rt.log.public("fight-over", f"The fight at {place(fight, data)} is over after "
                      f"{fight['rounds']} fight round{'' if fight['rounds'] == 1 else 's'}: "
                      + (", ".join(rt.label(a) for a in left) + " still stand"
                         + ("s" if len(left) == 1 else "") if left else "no army stands")
                      + ".", "LH-IV.2.2-04", fight=fight["id"], left=left)


def fight_round(rt, fight: dict, decl: dict[str, list[str]]) -> None:
    """Rolls and hits of one fight round (LH-IV.3.2, LH-IV.3.3)."""
    st, data = rt.st, rt.data
    fight["rounds"] += 1
    attacks = ", ".join(f"{rt.label(a)} attacks " + ", ".join(rt.label(t) for t in ts)
                        for a, ts in decl.items() if ts)
    rt.log.public("fight-round", f"Fight round {fight['rounds']} at {place(fight, data)}: "
                  f"{attacks}.", "LH-IV.3.1-07", fight=fight["id"],
                  attacks={a: ts for a, ts in decl.items() if ts})
    breaches.fought(st, decl)  # ATTACK promises kept (LH-II.3.1-04)
    battle = Battle(rt, fight, decl)
    dis = _dis_hits(st, fight, decl)
    for a in rt.ranked(decl):  # every army rolls at the same time (LH-IV.3.2-01)
        if decl[a]:
            for t, h in rolls.attack(rt, fight, a, decl[a]).items():
                battle.add(t, f"from {rt.label(a)}'s attack", h)
    for t in dis:
        battle.add(t, "the automatic hit of Dis")
    if dis:
        several = len(dis) > 1  # "Asmodeus (anna) takes 1 automatic hit."
        rt.log.public("dis-hits", "Dis: " + ", ".join(rt.label(t) for t in dis) + " "
                      + verb(several, "take") + " 1 automatic hit" + (" each" if several else "")
                      + ".", "LH-IV.3.3-01", fight=fight["id"], targets=dis)
    battle.resolve()


def _dis_hits(st: LohState, fight: dict, decl: dict[str, list[str]]) -> list[str]:
    """Dis (realm card, digest §3.3): while its owner defends it with forces there, every
    army the defender attacks takes 1 automatic hit each fight round (LH-IV.3.3-01)."""
    d = fight["defender"]
    if fight["where"] != DIS or d is None or not at_home(st, fight, d) or not army.units(st, d):
        return []
    return list(decl.get(d, []))


def _leviathan_at_home(rt, fight: dict) -> None:
    """LH-IV.1.5-05: Leviathan never fights at its own home realm: knocked out like a
    Devil before the first fight round there; it waits for capture (capture.py)."""
    st = rt.st
    d = fight["defender"]
    if d is None or not at_home(st, fight, d):
        return
    p = st.players[d]
    for inst in [i for i in p.hordes if st.cards[i] == LEVIATHAN]:
        p.hordes.remove(inst)
        fight["leviathan"].append([inst, d])
        rt.log.public("leviathan-ko", f"{rt.label(d)}'s Leviathan never fights at its own "
                      f"home realm: it is knocked out at {place(fight, rt.data)}.",
                      "LH-IV.1.5-05", player=d)
