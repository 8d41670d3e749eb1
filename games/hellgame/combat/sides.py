"""Assigning sides (16.5; IP-37): two opposing sides out of every party in a combat.

- Two parties: they oppose each other, the bigger (Legions, then Units) as side 0; on a
  tie the first in `parties_at` order (seat order, then Freebooters, then hounds). No die:
  16.5 chooses sides only when more than two Triumvirates fight, and which of two sides
  is "side 0" only orders the play (who joins and rolls first, fight.py): a die here
  would be one no rule asks for (issue 22).
- More Triumvirates (HG-16.5-01/02): the one with most Units names an enemy (FIGHT:
  the first listed present; default the other Triumvirate with most Units); then, by
  Units, each other Triumvirate joins a side (FIGHT: the side against the first listed
  on a side; default: against the side holding more Sectio in a single Circle, ties
  to side 0). Triumvirates and Freebooters keep their side for the whole combat.
- Freebooters (once per combat) and each rampaging hound (every round) roll a die:
  1-3 side 0, 4-6 side 1 (HG-16.5-03/04; as in "Assigning Sides"). Should that leave
  a side empty, the last party that rolled takes the empty side instead (a reading:
  16.7, hounds fight everyone).
"""

from __future__ import annotations

from pbem.grammar import verb

from . import lasting
from .parties import FREEBOOTERS, HOUND, is_player, is_plural, label, legions, parties_at, units_of

FIGHT = "FIGHT"


def circle_strength(fight, side: list[str]) -> int:
    """Most Sectio any Triumvirate of the side holds in a single Circle (IP-37 default)."""
    best = 0
    for p in side:
        if is_player(p):
            circles = [fight.data.sectio[s].circle for s in fight.st.sectio_of(p)]
            best = max([best] + [circles.count(c) for c in set(circles)])
    return best


def assign(fight, rnd: int) -> list[list[str]]:
    st, sectio, log = fight.st, fight.sectio, fight.log
    # a party a Combat card keeps out of the battle is on no side (The Bosworth Plot)
    parties = [p for p in parties_at(st, sectio) if lasting.fights(fight, p)]
    size = {p: (legions(st, sectio, p), len(units_of(st, sectio, p))) for p in parties}
    fixed = fight.fixed
    if len(parties) == 2:  # the bigger is side 0, once for the combat
        known = [p for p in parties if p in fixed]
        if known:
            other = next(p for p in parties if p != known[0])
            ranked = [known[0], other] if fixed[known[0]] == 0 else [other, known[0]]
        else:  # no die (16.5 rolls only with more than two Triumvirates): a stable sort
            ranked = sorted(parties, key=lambda p: size[p], reverse=True)
        fixed.clear()
        fixed.update({p: i for i, p in enumerate(ranked) if not p.startswith(HOUND)})
        return [[ranked[0]], [ranked[1]]]
    players = [p for p in parties if is_player(p)]
    if not fixed or any(p not in fixed for p in players):
        fixed.clear()
        ranked = fight.rank(players, lambda p: size[p][1], "most Units")
        if len(ranked) >= 2:
            namer = ranked[0]
            wanted = [e for o in fight.orders(namer, FIGHT) for e in o["enemies"] if e in ranked]
            enemy = wanted[0] if wanted else ranked[1]
            if fight.rivals:  # IP-44: former allies fighting on (allies.py)
                namer, enemy = fight.rivals
                wanted = [enemy]
            fixed.update({namer: 0, enemy: 1})
            log.public("combat-side", f"{namer} names {enemy} as its enemy", "HG-16.5-01",
                       sectio=sectio, by_order=bool(wanted))
            for p in ranked:
                if p in fixed:
                    continue
                sides = [[q for q, s in fixed.items() if s == i] for i in (0, 1)]
                listed = [e for o in fight.orders(p, FIGHT) for e in o["enemies"] if e in fixed]
                if listed:
                    fixed[p] = 1 - fixed[listed[0]]
                else:
                    fixed[p] = 0 if circle_strength(fight, sides[1]) > \
                        circle_strength(fight, sides[0]) else 1 if \
                        circle_strength(fight, sides[0]) > circle_strength(fight, sides[1]) else 0
                log.public("combat-side", f"{p} joins {' and '.join(sides[fixed[p]])}",
                           "HG-16.5-02", sectio=sectio, by_order=bool(listed))
        elif ranked:
            fixed[ranked[0]] = 0
    if not players:  # no Triumvirate: the first two parties oppose each other
        for p in parties:
            if len(fixed) < 2 and p not in fixed:
                fixed[p] = len(fixed)
    rollers = [p for p in parties if not is_player(p) and p not in fixed]
    # a party fixed in an earlier round and gone since (a hound killed) is on no side
    side_of = {p: s for p, s in fixed.items() if p in parties}
    last = None
    for p in rollers:
        face = fight.dice.roll(f"side of {label(p, fight.data, st)} in {sectio}")
        side_of[p] = 0 if face <= 3 else 1
        if p == FREEBOOTERS:
            fixed[p] = side_of[p]
        last = p
        mates = [label(q, fight.data, st) for q, s in side_of.items()
                 if s == side_of[p] and q != p]
        they = is_plural(p)  # the Freebooters roll, a rampaging hound rolls
        log.public("combat-side", f"{label(p, fight.data, st)} {verb(they, 'roll')} {face} "
                   f"and {verb(they, 'fight')} with "
                   f"{' and '.join(mates) or 'nobody yet'}",
                   "HG-16.5-04" if p != FREEBOOTERS else "HG-16.5-03",
                   sectio=sectio, face=face, round=rnd)
    sides = [[p for p in parties if side_of.get(p) == i] for i in (0, 1)]
    if last is not None and not all(sides):
        side_of[last] = 1 - side_of[last]
        sides = [[p for p in parties if side_of.get(p) == i] for i in (0, 1)]
        log.public("combat-side", f"{label(last, fight.data, st)} "
                   f"{verb(is_plural(last), 'fight')} the others: no one else is against "
                   f"{'them' if is_plural(last) else 'it'}", "HG-16.7-01", sectio=sectio)
    return sides
