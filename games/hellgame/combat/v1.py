"""Version I's optional combat rules (v1 11.3.1, 11.3.5, 11.3.6), each a game variant.

- `v1_avoid_combat` (HG-V1-11.3.1-01/02): a combat is not fought when every
  Triumvirate there agrees (AVOID COMBAT, orders/v1.py; default: do not agree), no
  rampaging hound is there, and the Sectio holds no more Legions than its printed
  Souls. Freebooters never agree (they are hostile to everyone, 10.4), so they always
  fight. The Sectio is listed in `st.combat_avoided` and yields no Souls in the next
  Soul Phase, whoever owns it then (soul.py).
- `v1_quick_combat` (HG-V1-11.3.5-01): after Daemons join, a combat with only Legions
  (no Lieutenant, no Hellhound, no Daemon joined) and one or two Legions a side is
  settled by one die per Legion: the higher total wins, the other side is eliminated.
  A tie is rolled again, all dice (our reading: the rule wants one winner, as in 11.3.4),
  at most MAX_TIES times; then the combat is fought in rounds (issue 17).
  For hell.boredom each winning Triumvirate is credited with every Legion eliminated
  (the dice are totalled, so no single Unit kills); Lucifer's draw below kills nobody.
- `v1_three_rounds` (HG-V1-11.3.6-01, A-35): a combat not over after round 3 is settled
  by drawing one surviving Unit (all survivors of both sides go in, v1a; the variant
  value "one_per_side" puts in one Unit a side, v1b); its side wins, the other side is
  eliminated.
"""

from __future__ import annotations

from ..log import count
from ..orders import orders_of
from ..state import HELLHOUND, LEGION
from .fight import roll_bonus
from .parties import FIGHTERS, is_player, label, parties_at, party_of, units_of

AVOID, QUICK, LIMIT = "v1_avoid_combat", "v1_quick_combat", "v1_three_rounds"
AVOID_ORDER = "AVOID COMBAT"
#: Ties rolled again at most this often (quick combat here, Last Dog Barking in
#: combat/__init__.py); then the combat is fought in rounds instead (issue 17: no loop
#: in a combat may run forever, even with dice that always tie).
MAX_TIES = 100


def agrees(sheets: dict, player: str, sectio: str) -> bool:
    """The player's AVOID COMBAT lines cover `sectio` (default: no, HG-V1-11.3.1-01)."""
    return any(not o["sectio"] or sectio in o["sectio"]
               for o in orders_of((sheets or {}).get(player), AVOID_ORDER))


def avoids_combat(st, sheets, data, log, sectio: str) -> bool:
    """HG-V1-11.3.1-01/02: True (and the Sectio recorded) if the combat is avoided."""
    if not st.variants.get(AVOID) or sectio not in data.sectio:
        return False
    parties = parties_at(st, sectio)
    if not all(is_player(p) and agrees(sheets, p, sectio) for p in parties):
        return False  # a rampaging hound or Freebooters, or someone wants to fight
    here = data.sectio[sectio]
    legions = sum(1 for u in st.units_at(sectio) if u.kind == LEGION)
    if legions > here.souls:  # the printed value: Events never raise it (v1 11.3.1)
        log.public("combat-not-avoided", f"In {here.name} all agree to avoid combat, but "
                   f"{count(legions, 'Legion')} are more than its {here.souls} Souls: they "
                   "fight", "HG-V1-11.3.1-01", sectio=sectio)
        return False
    st.combat_avoided = sorted({*st.combat_avoided, sectio})
    log.public("combat-avoided", f"In {here.name} " + " and ".join(parties) + " agree to "
               f"avoid combat; {here.name} yields no Souls in the next Soul Phase",
               "HG-V1-11.3.1-02", sectio=sectio, parties=parties)
    return True


def _eliminate(f, side: int) -> int:
    """Every Unit of the side's parties is removed, hounds first (as lost_minders);
    returns how many Legions were removed."""
    lost = [u for p in f.sides[side] for u in units_of(f.st, f.sectio, p)]
    for u in sorted(lost, key=lambda u: (u.kind != HELLHOUND, u.number)):
        f.st.remove_unit(u.id)
    return sum(1 for u in lost if u.kind == LEGION)


def _won(f, side: int, rounds: int, rule: str, how: str) -> dict:
    winners = [p for p in f.sides[side] if is_player(p)]
    f.log.public("combat-won", f"The combat in {f.here} is over {how}: "
                 + (" and ".join(winners) + " won" if winners else "no Triumvirate won"),
                 rule, sectio=f.sectio, winners=winners, rounds=rounds)
    return {"winners": winners, "rounds": rounds, "kills": dict(f.kills)}


def quick_combat(f) -> dict | None:
    """HG-V1-11.3.5-01: the result of a quick small combat, or None if it does not apply."""
    if not f.st.variants.get(QUICK) or f.daemons:
        return None
    units = [u for u in f.st.units_at(f.sectio) if u.kind in FIGHTERS]
    per_side = [sum(len(units_of(f.st, f.sectio, p)) for p in s) for s in f.sides]
    if any(u.kind != LEGION for u in units) or not all(1 <= n <= 2 for n in per_side):
        return None
    for _ in range(MAX_TIES):
        totals = [0, 0]
        for i in (0, 1):
            for p in f.sides[i]:
                for u in units_of(f.st, f.sectio, p):
                    totals[i] += f.dice.roll(f"quick combat roll of {u.id} in {f.here}",
                                             p if is_player(p) else None) \
                        + roll_bonus(f.st, f.sectio, p)  # e.g. Rebellious Rage's +2
        names = [" and ".join(label(p, f.data, f.st) for p in s) for s in f.sides]
        f.log.public("combat-quick", f"Quick combat in {f.here}: {names[0]} roll {totals[0]}, "
                     f"{names[1]} roll {totals[1]}" + (": a tie, roll again"
                                                      if totals[0] == totals[1] else ""),
                     "HG-V1-11.3.5-01", sectio=f.sectio, totals=totals)
        if totals[0] != totals[1]:
            break
    else:
        f.log.public("combat-quick-tied", f"Quick combat in {f.here}: {MAX_TIES} ties in a "
                     "row; the combat is fought in rounds instead", "HG-V1-11.3.5-01",
                     sectio=f.sectio, ties=MAX_TIES)
        return None
    win = 0 if totals[0] > totals[1] else 1
    killed = _eliminate(f, 1 - win)
    for p in f.sides[win]:  # hell.boredom: each winner is credited with every kill
        if is_player(p) and killed:
            f.kills[p] = f.kills.get(p, 0) + killed
    return _won(f, win, 1, "HG-V1-11.3.5-01", "by the quick combat rule")


def round_limit(f, rnd: int) -> dict | None:
    """HG-V1-11.3.6-01, A-35: after round 3 of an undecided combat, draw the winner."""
    mode = f.st.variants.get(LIMIT)
    if not mode or rnd != 3:
        return None
    pool = [(i, u) for i in (0, 1) for p in f.sides[i] for u in units_of(f.st, f.sectio, p)]
    if mode == "one_per_side":  # v1b's reading, offered as a sub-option
        pool = [next(x for x in pool if x[0] == i) for i in (0, 1)
                if any(x[0] == i for x in pool)]
    if len({i for i, _ in pool}) < 2:
        return None
    win, unit = f.dice.pick(pool, f"three-round limit in {f.here}: draw a Unit")
    owner = label(party_of(f.st, unit), f.data, f.st)
    f.log.public("combat-draw", f"After 3 rounds the combat in {f.here} is undecided: "
                 f"Lucifer draws {unit.id} ({owner}) from {count(len(pool), 'Unit')}",
                 "HG-V1-11.3.6-01", sectio=f.sectio, unit=unit.id, pool=len(pool))
    _eliminate(f, 1 - win)
    return _won(f, win, rnd, "HG-V1-11.3.6-01", "by Lucifer's draw")
