"""Hit assignment (LH-IV.3.3): every hit destroys one horde or Soul or knocks the Devil
out, one at a time, side effects at once; hits beyond the army's units are lost.

Which unit takes a hit (`casualty`): Juggernauts first always (LH-IV.3.3-03), Leviathan
only when nothing else is left, the Devil included (LH-IV.1.5-04); otherwise the
player's standing CASUALTIES order, then the default: Souls, then hordes by the power
the army loses with them (power-1 hordes first; a Tormented Ones costs as many as the
army has), the Devil last (PB-25). Among equal cards the last tabled goes first.

Side effects: Juggernauts destroyed deal 1 extra hit to a hostile army (JUGGERNAUT TARGET,
default the strongest); Warriors of Darkness give a Soul (cards/hordes.py); an army that
had a Dark, a Night and a Shadow Critters when the fight started gains a Soul for every
horde it loses while one of its Critters survives (data, EXTERNAL card text). Armies take
their hits in Starter order (LH-IV.3.3-04); extra hits queue behind the ones waiting.
"""

from __future__ import annotations

from .. import deck
from ..cards import hordes as horde_cards
from ..state import LohState
from . import army
from .army import DEVIL, JUGGERNAUTS, LEVIATHAN, SOUL, TORMENTED

CRITTERS = horde_cards.CRITTERS


def _loss(st: LohState, name: str, cid: str, data) -> int:
    """Power the army loses with one horde of this kind."""
    if cid == TORMENTED:
        return army.kinds(st, name).count(TORMENTED)
    return army.horde_power(cid, data, 0)


def casualty(st: LohState, name: str, data, order: list[str]) -> tuple[str, str] | None:
    """(unit, kind) taking the next hit: a horde instance, SOUL or DEVIL; None: no unit."""
    p = st.players[name]
    units = [(i, st.cards[i]) for i in p.hordes][::-1]  # last tabled first
    if p.souls:
        units.append((SOUL, SOUL))
    if p.status == "hell":
        units.append((DEVIL, DEVIL))
    if not units:
        return None
    for u in units:
        if u[1] == JUGGERNAUTS:
            return u  # LH-IV.3.3-03
    others = [u for u in units if u[1] != LEVIATHAN]
    if not others:
        return units[0]  # LH-IV.1.5-04: Leviathan last
    for kind in order:
        for u in others:
            if u[1] == kind:
                return u

    def rank(u: tuple[str, str]) -> tuple[int, int]:
        if u[1] == SOUL:
            return (0, 0)
        if u[1] == DEVIL:
            return (2, 0)
        return (1, _loss(st, name, u[1], data))

    return min(others, key=rank)


class Battle:
    """One fight round's hits: `add` them, then `resolve`."""

    def __init__(self, rt, fight: dict, hostile: dict[str, list[str]]):
        self.rt, self.fight, self.hostile = rt, fight, hostile
        self.pending: dict[str, list[str]] = {}

    def add(self, target: str, source: str, n: int = 1) -> None:
        self.pending.setdefault(target, []).extend([source] * n)

    def resolve(self) -> None:
        while any(self.pending.values()):
            for name in self.rt.ranked(self.pending):
                while self.pending.get(name):
                    self._hit(name, self.pending[name].pop(0))

    def _hit(self, name: str, source: str) -> None:
        rt, st, data = self.rt, self.rt.st, self.rt.data
        p = st.players[name]
        order = (rt.standing(name, "CASUALTIES") or {}).get("kinds", [])
        u = casualty(st, name, data, order)
        if u is None:
            rt.log.public("hit-lost", f"A hit on {rt.label(name)} ({source}) is lost: the army "
                          "has no units left.", "LH-IV.3.3-02", player=name)
            return
        unit, kind = u
        self.fight["lost"][name] = self.fight["lost"].get(name, 0) + 1
        if unit == SOUL:
            p.souls -= 1
            what = "a Soul is destroyed"
        elif unit == DEVIL:
            p.status = "ko"
            self.fight["ko"].append(name)
            what = f"{army.devil_name(st, data, name)} is knocked out"
        else:
            p.hordes.remove(unit)
            deck.discard(st, [unit], rt.dice, rt.log)
            what = f"{data.cards[kind].name} destroyed"
        rule = {JUGGERNAUTS: "LH-IV.3.3-03", LEVIATHAN: "LH-IV.1.5-04"}.get(kind, "LH-IV.3.3-02")
        rt.log.public("hit", f"{rt.label(name)} takes a hit ({source}): {what}.", rule,
                      player=name, unit=kind)
        if unit not in (SOUL, DEVIL):
            horde_cards.on_destroyed_in_fight(self, name, kind)
            if name in self.fight["trio"] and any(c in CRITTERS for c in army.kinds(st, name)):
                self.gain_soul(name, "the Critters")
        if not army.units(st, name) and name not in self.fight["defeated"]:
            self.fight["defeated"].append(name)
            rt.log.public("army-defeated", f"{rt.label(name)}'s army is completely defeated.",
                          "LH-IV.2.5-01", player=name)

    def gain_soul(self, owner: str, what: str) -> None:
        self.rt.st.players[owner].souls += 1
        self.rt.log.public("soul-gained", f"{self.rt.label(owner)} gains 1 Soul ({what}).",
                           "LH-IV.3.3-02", player=owner)

    def extra_hit(self, owner: str, what: str) -> None:
        """1 extra hit on a hostile army of `owner` (LH-IV.1.3-01, LH-IV.3.3-03)."""
        rt, st = self.rt, self.rt.st
        hostile = [h for h in self.hostile.get(owner, []) if army.units(st, h)]
        if not hostile:
            rt.log.public("extra-hit-lost", f"The extra hit of {rt.label(owner)}'s {what} is "
                          "lost: no hostile army is left.", "LH-IV.3.3-03", player=owner)
            return
        wanted = (rt.standing(owner, "JUGGERNAUT TARGET") or {}).get("targets", [])
        target = next((t for t in wanted if t in hostile), None)
        if target is None:  # default: the strongest hostile army, Starter order on a tie
            ranked = rt.ranked(hostile)
            target = max(ranked, key=lambda h: (army.power(st, h, rt.data), -ranked.index(h)))
        self.add(target, f"the extra hit of {rt.label(owner)}'s {what}")
