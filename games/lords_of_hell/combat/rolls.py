"""Attack rolls (LH-IV.3.2): the to-hit number, one army's roll with its re-roll, and
sharing the dice among several targets (G15).

- To hit: 4+, plus the target's defense points (LH-IV.3.2-03). Only the defender at its
  own home realm has DP (LH-IV.1.2-01, LH-I.2-02): the realm's DP, 1 lower when the
  attacking army has Metal Beasts (once: several do not add up; data, EXTERNAL text), never
  below 0; Baalzebub's home realm never below 1 (his card, digest §3.3). Wand of Might adds
  1 against a leaderless attacker (cards/artifacts.py). No automatic 6 (G23): a target
  needing 7+ cannot be hit.
- Re-roll (LH-IV.3.2-02): standing REROLL IF HITS BELOW n (or EXPECTED: fewer than the
  mean for these dice and targets): all dice once, the second roll stands. EXPECTED
  reproduces every re-roll decision of 004's examples.
- Several targets (LH-IV.3.2-04, G15): every die that can hit some target is a hit. Dice
  that can hit only one target go to it; the others, lowest first, each to the eligible
  target with the fewest hits this round, then the fewest hits from this attacker so far
  in this fight ("hits are assigned evenly"; this reproduces the Sample Combat, where
  Baalzebub's single hit goes to Belial, then to Glasya), then the attacker's order.
"""

from __future__ import annotations

from ..cards import artifacts
from ..state import LohState
from . import army
from .context import at_home

METAL_BEASTS = "horde.metal-beasts"
BAALZEBUB = "devil.baalzebub"


def defense(st: LohState, fight: dict, attacker: str, target: str, data) -> int:
    """The target's DP against this attacker (0 unless it defends its home realm)."""
    if not at_home(st, fight, target):
        return 0
    dp = data.realms[fight["where"]].dp
    if METAL_BEASTS in army.kinds(st, attacker):
        dp -= 1
    dp = max(dp, 0)
    if st.players[target].devil == BAALZEBUB:
        dp = max(dp, 1)
    return dp


def to_hit(st: LohState, fight: dict, attacker: str, target: str, data) -> int:
    return (data.tables.get("to_hit", 4) + defense(st, fight, attacker, target, data)
            + artifacts.to_hit_modifier(st, attacker, target))


def split(dice: list[int], targets: list[str], need: dict[str, int],
          before: dict[str, int]) -> dict[str, int]:
    """Hits per target from one roll (G15). `targets` in the attacker's order; `before`:
    hits this attacker dealt each target earlier in the fight."""
    hits = {t: 0 for t in targets}
    usable = sorted(d for d in dice if any(d >= need[t] for t in targets))
    rest = []
    for d in usable:
        eligible = [t for t in targets if d >= need[t]]
        if len(eligible) == 1:
            hits[eligible[0]] += 1
        else:
            rest.append((d, eligible))
    for _d, eligible in rest:
        t = min(eligible, key=lambda x: (hits[x], before.get(x, 0), targets.index(x)))
        hits[t] += 1
    return hits


def attack(rt, fight: dict, attacker: str, targets: list[str]) -> dict[str, int]:
    """Roll the attacker's dice against its targets (re-roll by its standing order) and
    report; returns hits per target."""
    st, data = rt.st, rt.data
    n = army.dice_count(st, attacker, data)
    need = {t: to_hit(st, fight, attacker, t, data) for t in targets}
    who = rt.label(attacker)
    first = [rt.dice.roll(f"attack roll of {who}", attacker) for _ in range(n)]
    usable = sum(1 for d in first if any(d >= need[t] for t in targets))
    text = f"{who} rolls {n} {'die' if n == 1 else 'dice'}: {_faces(first)}"
    final = first
    if _reroll(rt.standing(attacker, "REROLL"), usable, n, min(need.values())):
        final = [rt.dice.roll(f"attack re-roll of {who}", attacker) for _ in range(n)]
        text += f"; {usable} could hit, so the army re-rolls: {_faces(final)}"
    before = fight["dealt"].get(attacker, {})
    hits = split(final, targets, need, before)
    dealt = fight["dealt"].setdefault(attacker, {})
    for t, h in hits.items():
        dealt[t] = dealt.get(t, 0) + h
    shares = ", ".join(f"{h} on {rt.label(t)} ({need[t]}+)" if need[t] <= 6
                       else f"none on {rt.label(t)} (needs {need[t]}+, out of reach)"
                       for t, h in hits.items())
    total = sum(hits.values())
    rt.log.public("attack-roll", f"{text} — {total} {'hit' if total == 1 else 'hits'}: "
                  f"{shares}.", "LH-IV.3.2-01", player=attacker, dice=first,
                  rerolled=final if final is not first else None, hits=hits)
    return hits


def _reroll(order: dict | None, usable: int, n: int, best: int) -> bool:
    """REROLL IF HITS BELOW n / EXPECTED (the mean of dice that can hit: each die hits
    its easiest target on best+ with chance (7 - best) / 6)."""
    if not order:
        return False
    if order.get("expected"):
        return usable * 6 < n * max(0, 7 - best)
    return usable < order["below"]


def can_hit(rt, fight: dict, decl: dict[str, list[str]]) -> bool:
    """Some die of some attacker could hit its target (a 6 is the best face, G23)."""
    return any(to_hit(rt.st, fight, a, t, rt.data) <= 6 for a, ts in decl.items() for t in ts)


def _faces(dice: list[int]) -> str:
    return ", ".join(str(d) for d in dice)
