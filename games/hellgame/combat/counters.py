"""Counters in combat (A-13: only cards a joined Daemon brought; HG-9.8.2-01).

`answered(fight, side, daemon, order)` is asked after a card is played in combat and
before it takes effect: True when a Counter cancelled it.
"""

from __future__ import annotations

from .. import effects


def answered(f, i: int, daemon: str, order: dict) -> bool:
    answers = [c for q in f.sides[1 - i] for x in f.daemons.get(q, [])
               for c in f.brought.get(x, []) if f.data.arcana[c].flags.counter
               or getattr(effects.ARCANA.get(c), "cancels", False)]
    if answers:
        f.log.not_implemented("Counters in combat (A-13)", "HG-9.8.2-01")
    return False
