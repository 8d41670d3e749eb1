"""Placing hits and saving hit Units (11.2.3; IP-41, A-24, A-25, A-43).

A side's hits are first split over all its Units, each Unit once before any twice, in
party order by Units (largest first) (A-25); each party then places its share on its
own Units by its HITS order, default (IP-41): hounds first if its Daemon's Skulls are
under 4, then plain Legions, then Minders, then Lieutenants, each kind by unit number.
A single hit on a side never goes to a Lieutenant unless he is all there is (A-43).
Each hit needs its own save; the first failure destroys the Unit (A-24).
"""

from __future__ import annotations

from .. import hooks
from ..action import reroll
from ..favours import attribute
from ..log import count
from ..orders.keywords import COMBAT_SAVES
from ..state import HELLHOUND, LEGION, LIEUTENANT, Unit
from . import lasting
from .fight import HITS, Fight, minds, roll_bonus
from .parties import FREEBOOTERS, is_player, units_of, whose


def kind_of(f: Fight, u: Unit) -> str:
    if u.kind == HELLHOUND:
        return "HOUNDS"
    if u.kind == LIEUTENANT:
        return "LIEUTENANTS"
    return "MINDERS" if minds(f, u) else "LEGIONS"


def priority(f: Fight, party: str) -> list[str]:
    for o in f.orders(party, HITS):
        return o["kinds"]
    if f.skulls(party) < 4:
        return ["HOUNDS", "LEGIONS", "MINDERS", "LIEUTENANTS"]
    return ["LEGIONS", "HOUNDS", "MINDERS", "LIEUTENANTS"]


def spread(n: int, units: list) -> list[tuple]:
    """Once before twice (HG-11.2.3-03): (unit, hits) for the first units that take any."""
    return [(u, n // len(units) + (1 if k < n % len(units) else 0))
            for k, u in enumerate(units) if n // len(units) + (1 if k < n % len(units) else 0)]


def place(f: Fight, side: int, hits: int) -> list[tuple[str, Unit, int]]:
    """(party, unit, hits) in the order the saves are rolled."""
    parties = sorted(f.sides[side], key=lambda p: -len(units_of(f.st, f.sectio, p)))
    everyone = [(p, u) for p in parties for u in units_of(f.st, f.sectio, p)]
    if not everyone or not hits:
        return []
    share = {p: 0 for p in parties}
    for (p, _), n in spread(hits, everyone):
        share[p] += n
    out = []
    for p in parties:
        if not share[p]:
            continue
        order = priority(f, p)
        units = sorted(units_of(f.st, f.sectio, p),
                       key=lambda u: (order.index(kind_of(f, u)), u.number))
        if hits == 1 and any(u.kind != LIEUTENANT for u in units):  # HG-11.2.3-02
            units = [u for u in units if u.kind != LIEUTENANT]
        out += [(p, u, n) for u, n in spread(share[p], units)]
    return out


def save_one(f: Fight, party: str, u: Unit) -> tuple[bool, int]:
    """(saved?, die) for one hit on `u` (HG-11.2.3-04..06; FREEBOOTER SAVES). A failed
    save of a Triumvirate's goes through the re-roll step (action/reroll.py, hook point
    roll-failed, kind COMBAT SAVES: a Daemon ability's re-roll, IP-33), then, if it still
    fails, may be re-rolled by a card (hook point combat-save-failed: Re-roll, REROLL
    WITH; action/reroll_cards.py)."""
    die, need = _save_roll(f, party, u)
    if die > need and is_player(party):
        die = reroll.dice(f, party, COMBAT_SAVES, [die],
                          lambda fs: [0] if fs[0] > need else [],
                          lambda fs, i: f"the save of {u.kind} {u.id} ({fs[i]})")[0]
    if die > need and is_player(party):
        die = hooks.first("combat-save-failed", f, party,
                          f"the save of {u.kind} {u.id} ({die})", die) or die
    return die <= need, die


def _save_roll(f: Fight, party: str, u: Unit) -> tuple[int, int]:
    """(die, highest die that saves) for one hit on `u`."""
    need, roller = save_need(f, party, u)
    return f.dice.roll(f"save of {u.id} in {f.here}", roller), need


def save_need(f: Fight, party: str, u: Unit) -> tuple[int, str | None]:
    """(highest die that saves a hit on `u`, the player who rolls it); no die is rolled,
    so endless.py may ask whether a Unit can fail a save at all."""
    owner = party if is_player(party) else None
    card = lasting.save(f, party, u)  # a Combat card's, in its favour
    extra = roll_bonus(f.st, f.sectio, party) + card  # raging Units: +2 in their favour
    if u.kind in (HELLHOUND, LIEUTENANT):
        need = f.data.tables["hellhound_save" if u.kind == HELLHOUND else "lieutenant_save"]
        return need + extra, owner
    best = f.fighting(party)
    if best:
        d = max(best, key=lambda x: attribute(f.data, x, "skulls", f.st))
        # roll against Skulls, the card's bonus in the Unit's favour (HG-3.4-04)
        return (attribute(f.data, d, "skulls", f.st) + card,
                f.st.daemons[d].owner if d in f.st.daemons else None)
    bonus = 0
    if party == FREEBOOTERS:  # Freebooter saves use their Lieutenant's bonus (10.4 box)
        bonus = max((f.data.lieutenants[x.ref].bonus for x in units_of(f.st, f.sectio, party)
                     if x.kind == LIEUTENANT and x.ref in f.data.lieutenants), default=0)
    # HG-10.4-03 (000 §10.4): "a Lieutenant with +3 will save his Units with a roll of 3
    # or less": the bonus is the number to roll under, not a modifier to the 1
    return max(bonus, f.data.tables["no_daemon_save"]) + extra, owner


def saves(f: Fight, side: int, hits: int) -> list[Unit]:
    """Roll every save of one side; returns the Units destroyed (HG-11.2.3-07).
    Each placed hit is matched, in order, with the party that scored it (`f.hitters`);
    a Legion that fails the save of a Triumvirate's hit counts as that Triumvirate's
    kill (`f.kills`, for hell.boredom)."""
    lost = []
    scorers, k = f.hitters[1 - side], 0
    for p, u, n in lasting.placed(f, side, place(f, side, hits)):
        faces, ok = [], True
        may_save = lasting.may_save(f, side, p, u)  # a card may forbid its saving rolls
        while may_save and ok and len(faces) < n:
            ok, die = save_one(f, p, u)
            faces.append(die)
        ok = ok and may_save
        if not ok:
            j = k + max(len(faces) - 1, 0)  # the hit whose save failed (the first, unsaved)
            killer = scorers[j] if j < len(scorers) else None
            if u.kind == LEGION and killer is not None and is_player(killer):
                f.kills[killer] = f.kills.get(killer, 0) + 1
            lost.append(u)
        k += n
        hit = f"{whose(p, f.data, f.st)} {u.kind} {u.id} takes {count(n, 'hit')}"
        if not may_save:
            f.log.public("combat-save", f"{hit} and may make no saving roll: destroyed",
                         "HG-11.2.3-07", party=p, unit=u.id, faces=[], saved=False)
            continue
        rule = "HG-11.2.3-06" if u.kind != LEGION else \
            "HG-11.2.3-05" if f.skulls(p) else "HG-11.2.3-04"
        f.log.public("combat-save", f"{hit}, rolls {', '.join(map(str, faces))}: "
                     f"{'saved' if ok else 'destroyed'}", rule, party=p, unit=u.id,
                     faces=faces, saved=ok)
    return lost
